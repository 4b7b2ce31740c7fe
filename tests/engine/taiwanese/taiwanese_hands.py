"""Worked Taiwanese 16-tile hands: each is a published table's definition or example, with its source.

``total`` and ``items`` are the tai the cited table gives the hand, summed by hand from its
values. Seat South (not the dealer) and round East unless a hand says otherwise, so the dealer's
tai (莊家, 連莊拉莊) appear only where the hand is the dealer's; ``charged_to_dealer`` is what
the dealer pays on when the winner is another player.
"""

ATAWMJ = "http://atawmj.org.tw/memu015.htm"
WAWA = "https://long5688.1768hy.com/article/f6a79c0dc8ddcd4bb2dd9c6d3c1459aa"
BLOG774 = "http://10655051.blogspot.com/2019/03/1-1.html"
CHH = "https://chh.cx/archives/12"
PIX = "https://yeh20210912.pixnet.net/blog/post/51367789"
NH48 = "https://nh48jid.com (台灣十六張麻將:台數表一覽)"

CHOWS = "123m456p789s234s678m55p"          # five chows and a pair, no honours
SOUTH = dict(seat_wind="S")

HANDS = [
    # -- single waits, the examples of the WAWA table's 獨聽 row ------------------------------------
    dict(id="edge-wait-3m", source=f"{WAWA} 獨聽: 一萬、二萬聽三萬; 門清 1",
         request=dict(hand="123m456p789p234s678s99s", win_tile="3m", **SOUTH),
         total=2, items={"Concealed", "Single Wait"}),
    dict(id="edge-wait-7p-self-drawn", source=f"{WAWA} 獨聽: 八筒、九筒聽七筒; {ATAWMJ} 門清自摸 3",
         request=dict(hand="123m456m789p234s678s55s", win_tile="7p", win_by="tsumo", **SOUTH),
         total=4, items={"Concealed Self-drawn", "Single Wait"}),
    dict(id="closed-wait-3s", source=f"{WAWA} 獨聽: 二索、四索聽三索 (an open hand)",
         request=dict(hand="456m789p234s678s55p", melds=["chi:123m"], win_tile="3s", **SOUTH),
         total=1, items={"Single Wait"}),
    dict(id="pair-wait-green", source=f"{WAWA} 獨聽: 發財聽發財; 門清 1",
         request=dict(hand="123m456m789p234s678s66z", win_tile="6z", **SOUTH),
         total=2, items={"Concealed", "Single Wait"}),
    # -- 平胡, 全求, 屁胡 -------------------------------------------------------------------------------
    dict(id="ping-hu-open", source=f"{ATAWMJ} 平胡 2: five chows, no honours or flowers, discard, two-sided",
         request=dict(hand="456m789p234s678s55p", melds=["chi:123m"], win_tile="8s", **SOUTH),
         total=2, items={"All Chows"}),
    dict(id="ping-hu-concealed", source=f"{ATAWMJ} 平胡 2 + 門清 1",
         request=dict(hand="123m456m789p234s678s55p", win_tile="8s", **SOUTH),
         total=3, items={"All Chows", "Concealed"}),
    dict(id="no-tai-with-a-flower", source=f"{CHH} 平胡 needs no flowers; a 0-tai hand wins the base",
         request=dict(hand="456m789p234s678s55p", melds=["chi:123m"], win_tile="8s", flowers="1f", **SOUTH),
         total=0, items={"No Tai"}, payments={"winner": 100, "discarder": -100, "discarder_if_dealer": -120}),
    dict(id="open-self-drawn", source=f"{ATAWMJ} 自摸 1 (平胡 needs a discard)",
         request=dict(hand="456m789p234s678s55p", melds=["chi:123m"], win_tile="8s", win_by="tsumo", **SOUTH),
         total=1, items={"Self-drawn"}),
    dict(id="all-melded", source=f"{ATAWMJ} 全求 2, 獨聽 not added",
         request=dict(hand="55p", melds=["chi:123m", "chi:456m", "chi:789p", "pon:222s", "chi:678s"],
                      win_tile="5p", **SOUTH),
         total=2, items={"All Melded"}),
    # -- concealed pungs ---------------------------------------------------------------------------
    dict(id="three-concealed-pungs", source=f"{ATAWMJ} 三暗刻 2 + 門清 1",
         request=dict(hand="111m333p555s789s234m99p", win_tile="4m", **SOUTH),
         total=3, items={"Three Concealed Pungs", "Concealed"}),
    dict(id="pung-completed-by-discard",
         source=f"{ATAWMJ} a pung completed by the winning discard is not concealed",
         request=dict(hand="111m333p555s789s234m99p", win_tile="5s", **SOUTH),
         total=1, items={"Concealed"}),
    dict(id="four-concealed-pungs", source=f"{NH48} 四暗刻 5; {ATAWMJ} 門清自摸 3",
         request=dict(hand="111m333p555s777s234m99p", win_tile="4m", win_by="tsumo", **SOUTH),
         total=8, items={"Four Concealed Pungs", "Concealed Self-drawn"}),
    dict(id="five-concealed-pungs", source=f"{NH48} 五暗刻 8; {CHH} 碰碰胡 4; 門清自摸 3 (waits 1p 2p 4p)",
         request=dict(hand="111m333p555s777s999m22p", win_tile="2p", win_by="tsumo", **SOUTH),
         total=15, items={"Five Concealed Pungs", "All Pungs", "Concealed Self-drawn"}),
    dict(id="all-pungs-open", source=f"{CHH} 碰碰胡 4; {WAWA} 單吊 1",
         request=dict(hand="999m22p", melds=["pon:111m", "pon:333p", "pon:555s", "pon:777s"],
                      win_tile="2p", **SOUTH),
         total=5, items={"All Pungs", "Single Wait"}),
    # -- suits ---------------------------------------------------------------------------------------
    dict(id="half-flush", source=f"{CHH} 混一色 4; {ATAWMJ} 三元牌 1",
         request=dict(hand="123m456m789m234m99m", melds=["pon:555z"], win_tile="4m", **SOUTH),
         total=5, items={"Half Flush", "Dragon Pung"}),
    dict(id="full-flush", source=f"{CHH} 清一色 8; {ATAWMJ} 平胡 2, 門清 1",
         request=dict(hand="123s456s789s234s678s88s", win_tile="8s", **SOUTH),
         total=11, items={"Full Flush", "All Chows", "Concealed"}),
    # -- dragons and winds ---------------------------------------------------------------------------
    dict(id="small-dragons", source=f"{CHH} 小三元 4 replaces 三元牌; 單吊 1",
         request=dict(hand="123m456p789s77z", melds=["pon:555z", "pon:666z"], win_tile="7z", **SOUTH),
         total=5, items={"Small Three Dragons", "Single Wait"}),
    dict(id="big-dragons", source=f"{CHH} 大三元 8 replaces 三元牌; 單吊 1",
         request=dict(hand="123m456p99s", melds=["pon:555z", "pon:666z", "pon:777z"], win_tile="9s", **SOUTH),
         total=9, items={"Big Three Dragons", "Single Wait"}),
    dict(id="small-winds", source=f"{CHH} 小四喜 8; 單吊 1",
         request=dict(hand="123m456p44z", melds=["pon:111z", "pon:222z", "pon:333z"], win_tile="4z", **SOUTH),
         total=9, items={"Small Four Winds", "Single Wait"}),
    dict(id="big-winds", source=f"{CHH} 大四喜 16; 單吊 1",
         request=dict(hand="123m55p", melds=["pon:111z", "pon:222z", "pon:333z", "pon:444z"],
                      win_tile="5p", **SOUTH),
         total=17, items={"Big Four Winds", "Single Wait"}),
    dict(id="seat-and-round-wind", source=f"{ATAWMJ} 門風 1, 圈風 1 (seat South in the South round)",
         request=dict(hand="123m456m789p234s55p", melds=["pon:222z"], win_tile="4s", seat_wind="S",
                      round_wind="S"),
         total=2, items={"Seat Wind", "Round Wind"}),
    # -- flowers ---------------------------------------------------------------------------------
    dict(id="seat-flowers", source=f"{WAWA} 正花: 南 = 夏、蘭 (2 and 6), 1 each",
         request=dict(hand="456m789p234s678s55p", melds=["chi:123m"], win_tile="3s", flowers="2f6f", **SOUTH),
         total=3, items={"Seat Flower", "Single Wait"}),
    dict(id="flower-set", source=f"{ATAWMJ} 花槓 2, the seat flower inside still scores",
         request=dict(hand="456m789p234s678s55p", melds=["chi:123m"], win_tile="3s", flowers="1234f",
                      **SOUTH),
         total=4, items={"Flower Set", "Seat Flower", "Single Wait"}),
    dict(id="eight-flowers", source=f"{CHH} 八仙過海 8, other tai ignored, paid like a self-draw",
         request=dict(hand="456m789p234s678s55p", melds=["chi:123m"], win_tile="3s", flowers="12345678f",
                      **SOUTH),
         total=8, items={"Eight Flowers"}, payments={"E": -280, "S": 800, "W": -260, "N": -260}),
    # -- how the hand was won -------------------------------------------------------------------------
    dict(id="robbing-the-kong", source=f"{ATAWMJ} 搶槓 1 with 平胡 2 and 門清 1",
         request=dict(hand=CHOWS, win_tile="4s", flags=["robbing_kong"], **SOUTH),
         total=4, items={"Robbing the Kong", "All Chows", "Concealed"}),
    dict(id="out-on-a-replacement", source=f"{ATAWMJ} 槓上開花 1 + 自摸 1",
         request=dict(hand="123m456m789s234s11s", melds=["kan:5555p"], win_tile="4s", win_by="tsumo",
                      flags=["kong_replacement"], **SOUTH),
         total=2, items={"Out on a Replacement", "Self-drawn"}),
    dict(id="last-wall-tile", source=f"{WAWA} 海底撈月 1 + 門清自摸 3",
         request=dict(hand=CHOWS, win_tile="4s", win_by="tsumo", flags=["last_tile"], **SOUTH),
         total=4, items={"Last Tile of the Wall", "Concealed Self-drawn"}),
    dict(id="last-discard", source=f"{WAWA} 河底撈魚 1 + 平胡 2 + 門清 1",
         request=dict(hand=CHOWS, win_tile="4s", flags=["last_tile"], **SOUTH),
         total=4, items={"Last Discard", "All Chows", "Concealed"}),
    dict(id="concealed-kong-keeps-concealed", source=f"{ATAWMJ} 門清 allows a concealed kong; 單吊 1",
         request=dict(hand="123m456m789s234s66z", melds=["ankan:5555p"], win_tile="6z", **SOUTH),
         total=2, items={"Concealed", "Single Wait"}),
    dict(id="concealed-kong-breaks-concealed", source=f"{WAWA} 門清: 沒有槓 (option)",
         request=dict(hand="123m456m789s234s66z", melds=["ankan:5555p"], win_tile="6z",
                      options={"concealed_kong_keeps_concealed": False}, **SOUTH),
         total=1, items={"Single Wait"}),
    # -- the dealer and his streak ----------------------------------------------------------------------
    dict(id="dealer-wins", source=f"{BLOG774} 莊家 1; {WAWA} 單吊 1",
         request=dict(hand="456m789p234s678s55p", melds=["chi:123m"], win_tile="3s", seat_wind="E"),
         total=2, items={"Single Wait", "Dealer"}),
    dict(id="dealer-streak-two", source=f"{WAWA} 連莊拉莊 2N+1: 連二拉二五台",
         request=dict(hand="456m789p234s678s55p", melds=["chi:123m"], win_tile="3s", seat_wind="E", honba=2),
         total=6, items={"Single Wait", "Dealer", "Dealer Streak"}),
    dict(id="dealer-pays-streak", source=f"{PIX} 莊家放銃加1台, 每連莊一次再加2台",
         request=dict(hand="456m789p234s678s55p", melds=["chi:123m"], win_tile="3s", honba=3, **SOUTH),
         total=1, items={"Single Wait"}, charged_to_dealer=8),
    dict(id="heavenly-hand", source=f"{NH48} 天胡 24; {BLOG774} 莊家 1",
         request=dict(hand=CHOWS, win_tile="4s", win_by="tsumo", seat_wind="E", flags=["heaven"]),
         total=25, items={"Heavenly Hand", "Dealer"}),
    dict(id="earthly-hand", source=f"{NH48} 地胡 16",
         request=dict(hand=CHOWS, win_tile="4s", win_by="tsumo", flags=["earth"], **SOUTH),
         total=16, items={"Earthly Hand"}),
]
