"""One test per yaku and yakuman: a hand that has it and one that just misses it.

Hands are in the engine's notation; unless a case says otherwise the seat is South, the round
South (so East, West and North pungs are not yakuhai), and the win is on a discard.
"""

from __future__ import annotations

import pytest

from engine.core.hand import make_hand
from engine.families import resolve_options
from engine.families.riichi.family import score_hand
from engine.families.riichi.yaku import ALL_YAKU

BASE = {"seat_wind": "S", "round_wind": "S", "win_by": "ron"}


def yaku_of(hand: str, win: str, *, melds=(), options=None, **context) -> set[str]:
    """The yaku ids our Riichi scorer gives the hand (empty when it is not a valid win)."""
    _, resolved = resolve_options("riichi", options or {})
    declared = make_hand(hand, melds=list(melds), win_tile=win, **{**BASE, **context})
    score = score_hand(declared, resolved, {})
    return set(score.details["yaku"]) if score.valid else set()


# (yaku id, has it: (hand, win, extras), just misses: (hand, win, extras), why it misses)
CASES = [
    ("menzen_tsumo", ("234m567p345s678s22p", "8s", {"win_by": "tsumo"}),
     ("234m567p345s678s22p", "8s", {}), "won on a discard"),
    ("riichi", ("234m567p345s678s99p", "8s", {"flags": ["riichi"]}),
     ("234m567p345s678s99p", "8s", {}), "no riichi declared"),
    ("double_riichi", ("234m567p345s678s99p", "8s", {"flags": ["double_riichi"]}),
     ("234m567p345s678s99p", "8s", {"flags": ["riichi"]}), "a plain riichi"),
    ("ippatsu", ("234m567p345s678s99p", "8s", {"flags": ["riichi", "ippatsu"]}),
     ("234m567p345s678s99p", "8s", {"flags": ["riichi"]}), "not within the go-round"),
    ("rinshan", ("234m567p345s99p", "5s", {"melds": ["kan:1111m"], "win_by": "tsumo",
                                          "flags": ["rinshan"]}),
     ("234m567p345s99p", "5s", {"melds": ["kan:1111m"], "win_by": "tsumo"}), "an ordinary draw"),
    ("chankan", ("234m567p345s678s99p", "8s", {"flags": ["chankan"]}),
     ("234m567p345s678s99p", "8s", {}), "an ordinary discard"),
    ("haitei", ("234m567p345s678s99p", "8s", {"win_by": "tsumo", "flags": ["haitei"]}),
     ("234m567p345s678s99p", "8s", {"win_by": "tsumo"}), "not the last tile"),
    ("houtei", ("234m567p345s678s99p", "8s", {"flags": ["houtei"]}),
     ("234m567p345s678s99p", "8s", {}), "not the last discard"),
    ("renhou", ("234m567p345s678s99p", "8s", {"flags": ["renhou"]}),
     ("234m567p345s678s99p", "8s", {}), "not before the first draw"),
    ("renhou_yakuman", ("234m567p345s678s99p", "8s", {"flags": ["renhou"],
                                                      "options": {"renhou_as_yakuman": True}}),
     ("234m567p345s678s99p", "8s", {"flags": ["renhou"]}), "renhou scored as 5 han"),
    ("tenhou", ("234m567p345s678s99p", "8s", {"seat_wind": "E", "win_by": "tsumo",
                                             "flags": ["tenhou"]}),
     ("234m567p345s678s99p", "8s", {"seat_wind": "E", "win_by": "tsumo"}), "not the first draw"),
    ("chiihou", ("234m567p345s678s99p", "8s", {"win_by": "tsumo", "flags": ["chiihou"]}),
     ("234m567p345s678s99p", "8s", {"win_by": "tsumo"}), "not the first draw"),
    ("tanyao", ("234m567p345s678s22p", "8s", {}),
     ("234m567p345s678s99p", "8s", {}), "a pair of 9p"),
    ("pinfu", ("234m567p345s678s99p", "8s", {}),
     ("234m567p345s678s99p", "7s", {}), "7s fills the middle of 678s (closed wait)"),
    ("iipeikou", ("223344m567p678s55p", "4m", {}),
     ("234m345m567p678s55p", "4m", {}), "234m and 345m differ"),
    ("ryanpeikou", ("223344m667788p55s", "4m", {}),
     ("223344m678p678s55s", "4m", {}), "only one pair of identical chows"),
    ("chiitoitsu", ("1133m5577p99s1122z", "2z", {}),
     ("1111m3355p77s1122z", "2z", {}), "four 1m are not two pairs"),
    ("sanshoku", ("123m123p123s456m99p", "3s", {}),
     ("123m123p234s456m99p", "3m", {}), "234s is not 123"),
    ("ittsu", ("123456789m234p55s", "9m", {}),
     ("123456678m234p55s", "8m", {}), "678m, not 789m"),
    ("chanta", ("123m789p789s99m111z", "3m", {}),
     ("234m789p789s99m111z", "4m", {}), "234m has no terminal"),
    ("junchan", ("123m789p789s99m111s", "3m", {}),
     ("123m789p789s99m111z", "3m", {}), "an honour pung makes it chanta"),
    ("toitoi", ("888s999p33z", "3z", {"melds": ["pon:222m", "pon:555p"]}),
     ("678s999p33z", "3z", {"melds": ["pon:222m", "pon:555p"]}), "678s is a chow"),
    ("sanankou", ("222m555p888s345s99p", "9p", {}),
     ("222m555p888s345s99p", "8s", {}), "the pung completed on a discard is open"),
    ("sankantsu", ("345s99p", "9p", {"melds": ["kan:2222m", "ankan:5555p", "kan:8888s"]}),
     ("345s99p", "9p", {"melds": ["kan:2222m", "ankan:5555p", "pon:888s"]}), "two kongs"),
    ("sanshoku_doukou", ("222m222p222s345s99p", "9p", {}),
     ("222m222p333s345s99p", "9p", {}), "333s is not 222"),
    ("shousangen", ("555z666z77z123m456p", "4p", {}),
     ("555z666z11z123m456p", "4p", {}), "the pair is not a dragon"),
    ("honroutou", ("111s999s11z", "1z", {"melds": ["pon:111m", "pon:999p"]}),
     ("111s789s11z", "1z", {"melds": ["pon:111m", "pon:999p"]}), "789s has simples"),
    ("honitsu", ("123m345m678m999m11z", "1z", {}),
     ("123m345m678m999p11z", "1z", {}), "two suits"),
    ("chinitsu", ("234m456m678m888m22m", "2m", {}),
     ("234m456m678m888m22z", "2z", {}), "honours: honitsu"),
    ("haku", ("555z123m456p789s99p", "9p", {}),
     ("55z123m456p789s999p", "9p", {}), "a pair of 5z, not a pung"),
    ("hatsu", ("666z123m456p789s99p", "9p", {}),
     ("66z123m456p789s999p", "9p", {}), "a pair of 6z"),
    ("chun", ("777z123m456p789s99p", "9p", {}),
     ("77z123m456p789s999p", "9p", {}), "a pair of 7z"),
    ("daisangen", ("555z666z777z123m99p", "9p", {}),
     ("555z666z77z123m456p", "4p", {}), "a dragon pair: shousangen"),
    ("shousuushii", ("111z222z333z44z123m", "3m", {}),
     ("111z222z333z55z123m", "3m", {}), "the pair is not a wind"),
    ("daisuushii", ("111z222z333z444z99m", "9m", {}),
     ("111z222z333z44z999m", "9m", {}), "a wind pair: shousuushii"),
    ("ryuuiisou", ("223344s666s888s66z", "6z", {}),
     ("223344s666s888s55z", "5z", {}), "5z is not green"),
    ("tsuuiisou", ("111z222z555z666z77z", "7z", {}),
     ("111m222z555z666z77z", "7z", {}), "1m is not an honour"),
    ("chinroutou", ("111m999m111p999p11s", "1s", {}),
     ("111m999m111p999p11z", "1z", {}), "an honour pair: honroutou"),
    ("suukantsu", ("99p", "9p", {"melds": ["kan:2222m", "kan:5555p", "kan:8888s", "ankan:1111z"]}),
     ("111z99p", "9p", {"melds": ["kan:2222m", "kan:5555p", "kan:8888s"]}), "three kongs"),
    ("kokushi", ("119m19p19s1234567z", "2z", {}),
     ("129m19p19s1234567z", "2z", {}), "2m is not an orphan"),
    ("kokushi_13_wait", ("119m19p19s1234567z", "1m", {}),
     ("119m19p19s1234567z", "2z", {}), "won on a single wait"),
    ("chuuren", ("11123455678999m", "2m", {}),
     ("11223345678999m", "2m", {}), "two 1m"),
    ("chuuren_9_wait", ("11123455678999m", "5m", {}),
     ("11123455678999m", "2m", {}), "2m was a single wait"),
    ("suuankou", ("222m555p888s111z99m", "2m", {"win_by": "tsumo"}),
     ("222m555p888s111z99m", "2m", {}), "the pung completed on a discard is open"),
    ("suuankou_tanki", ("222m555p888s111z99m", "9m", {}),
     ("222m555p888s111z99m", "2m", {"win_by": "tsumo"}), "2m completed a pung, not the pair"),
]
for _place, _seat_round in (("seat", ("{w}", "S")), ("round", ("S", "{w}"))):
    for _wind, _code in (("east", "1"), ("south", "2"), ("west", "3"), ("north", "4")):
        _other = "W" if _wind != "west" else "N"
        _seat = _seat_round[0].format(w=_wind[0].upper()) if _place == "seat" else _other
        _round = _seat_round[1].format(w=_wind[0].upper()) if _place == "round" else _other
        CASES.append((f"{_place}_wind_{_wind}",
                      (f"{_code * 3}z123m456p789s99p", "9p", {"seat_wind": _seat, "round_wind": _round}),
                      (f"{_code * 3}z123m456p789s99p", "9p",
                       {"seat_wind": _other if _place == "seat" else _seat,
                        "round_wind": _other if _place == "round" else _round}),
                      f"{_wind} is not the {_place} wind"))


@pytest.mark.parametrize(("yaku", "hit", "miss", "why"), CASES, ids=[case[0] for case in CASES])
def test_yaku_hit_and_miss(yaku, hit, miss, why):
    hand, win, extras = hit
    assert yaku in yaku_of(hand, win, **extras)
    hand, win, extras = miss
    assert yaku not in yaku_of(hand, win, **extras), why


def test_every_unit_has_a_case():
    assert {unit.id for unit in ALL_YAKU} == {case[0] for case in CASES}


def test_open_tanyao_is_an_option():
    melds = ["chi:234m"]
    assert "tanyao" in yaku_of("567p345s678s22p", "8s", melds=melds)
    assert yaku_of("567p345s678s22p", "8s", melds=melds, options={"open_tanyao": False}) == set()


def test_closed_only_yaku_drop_when_open():
    # the same ittsu is 2 han closed and 1 han open
    _, options = resolve_options("riichi", {})
    closed = score_hand(make_hand("123456789m234p55s", win_tile="9m", **BASE), options, {})
    opened = score_hand(make_hand("456789m234p55s", melds=["chi:123m"], win_tile="9m", **BASE),
                        options, {})
    assert [(i.name, i.value) for i in closed.items if i.name == "Ittsu"] == [("Ittsu", 2)]
    assert [(i.name, i.value) for i in opened.items if i.name == "Ittsu"] == [("Ittsu", 1)]
