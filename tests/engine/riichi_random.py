"""Seeded random Riichi wins, and the adapter that scores them with the ``mahjong`` library.

Used by the differential test (tests/engine/riichi/test_riichi_differential.py), scripts/diff_riichi.py and
benchmarks/bench_japanese.py. Hands are built complete by construction (four sets and a pair,
seven pairs or thirteen orphans), with a bias towards the shapes that carry rare yaku: one suit,
honours, terminals, pungs, kongs. The library is the oracle; nothing here copies its logic.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core.tiles import KIND_CODES

WIND_LETTERS = "ESWN"
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)

# Our yaku ids -> the library's yaku names (the library is only the oracle).
LIBRARY_NAMES: dict[str, str] = {
    "menzen_tsumo": "Menzen Tsumo", "riichi": "Riichi", "double_riichi": "Double Riichi",
    "ippatsu": "Ippatsu", "rinshan": "Rinshan Kaihou", "chankan": "Chankan",
    "haitei": "Haitei Raoyue", "houtei": "Houtei Raoyui", "renhou": "Renhou",
    "renhou_yakuman": "Renhou (yakuman)", "tenhou": "Tenhou", "chiihou": "Chiihou",
    "tanyao": "Tanyao", "honitsu": "Honitsu", "chinitsu": "Chinitsu", "honroutou": "Honroutou",
    "haku": "Yakuhai (haku)", "hatsu": "Yakuhai (hatsu)", "chun": "Yakuhai (chun)",
    "shousangen": "Shou Sangen", "sankantsu": "San Kantsu", "kokushi": "Kokushi Musou",
    "kokushi_13_wait": "Kokushi Musou Juusanmen Matchi", "chuuren": "Chuuren Poutou",
    "chuuren_9_wait": "Daburu Chuuren Poutou", "daisangen": "Daisangen",
    "shousuushii": "Shousuushii", "daisuushii": "Dai Suushii", "ryuuiisou": "Ryuuiisou",
    "tsuuiisou": "Tsuu Iisou", "chinroutou": "Chinroutou", "suukantsu": "Suu Kantsu",
    "pinfu": "Pinfu", "chiitoitsu": "Chiitoitsu", "iipeikou": "Iipeiko",
    "ryanpeikou": "Ryanpeikou", "sanshoku": "Sanshoku Doujun", "ittsu": "Ittsu",
    "chanta": "Chantai", "junchan": "Junchan", "toitoi": "Toitoi", "sanankou": "San Ankou",
    "sanshoku_doukou": "Sanshoku Doukou", "suuankou": "Suu Ankou",
    "suuankou_tanki": "Suu Ankou Tanki",
}
for _index, _wind in enumerate(("east", "south", "west", "north")):
    LIBRARY_NAMES[f"seat_wind_{_wind}"] = f"Yakuhai (seat wind {_wind})"
    LIBRARY_NAMES[f"round_wind_{_wind}"] = f"Yakuhai (round wind {_wind})"
DORA_NAMES = {"Dora": "Dora", "Aka Dora": "Aka Dora", "Ura Dora": "Ura Dora"}


def _palette(rng: random.Random) -> list[int]:
    """The kinds a hand may use: usually all, sometimes one suit (+ honours), or outside tiles."""
    roll = rng.random()
    if roll < 0.55:
        return list(range(34))
    if roll < 0.70:
        suit = rng.randrange(3) * 9
        return list(range(suit, suit + 9)) + (list(range(27, 34)) if rng.random() < 0.5 else [])
    if roll < 0.80:
        return [k for k in range(27) if k % 9 in (0, 1, 2, 6, 7, 8)] + list(range(27, 34))
    if roll < 0.88:
        return list(range(27, 34)) + rng.sample(range(27), 6)
    if roll < 0.93:
        return [k for k in range(27) if k % 9 not in (0, 8)]
    if roll < 0.97:
        return [19, 20, 21, 23, 25, 32, 18, 22, 24]
    return [0, 8, 9, 17, 18, 26] + rng.sample(range(27, 34), rng.choice((0, 1)))


def _template(rng: random.Random) -> list[tuple[str, int]]:
    """A few sets laid down first, so straights, triple chows and triple pungs turn up."""
    roll = rng.random()
    if roll < 0.08:
        suit = rng.randrange(3) * 9
        return [("chow", suit), ("chow", suit + 3), ("chow", suit + 6)]
    if roll < 0.16:
        rank = rng.randrange(7)
        return [("chow", rank), ("chow", 9 + rank), ("chow", 18 + rank)]
    if roll < 0.20:
        rank = rng.randrange(9)
        return [("pung", rank), ("pung", 9 + rank), ("pung", 18 + rank)]
    if roll < 0.23:
        return [("pung", kind) for kind in rng.sample(range(27, 31), 3)]
    return []


def _regular(rng: random.Random, counts: list[int]) -> tuple[list[tuple[str, int]], int] | None:
    palette = _palette(rng)
    pung_bias = rng.choice((0.05, 0.15, 0.3, 0.6, 0.9))
    sets: list[tuple[str, int]] = []
    for shape, kind in _template(rng):
        size = 3 if shape == "pung" else 1
        for offset in ((0,) if shape == "pung" else (0, 1, 2)):
            counts[kind + offset] += size
        sets.append((shape, kind))
    for _ in range(200):
        if len(sets) == 4:
            break
        kind = rng.choice(palette)
        if kind < 27 and kind % 9 <= 6 and rng.random() > pung_bias:
            if all(counts[kind + i] < 4 for i in range(3)):
                for i in range(3):
                    counts[kind + i] += 1
                sets.append(("chow", kind))
        elif counts[kind] <= 1:
            kong = rng.random() < 0.12 and counts[kind] == 0
            counts[kind] += 4 if kong else 3
            sets.append(("kong" if kong else "pung", kind))
    if len(sets) < 4:
        return None
    for _ in range(50):
        pair = rng.choice(palette)
        if counts[pair] <= 2:
            counts[pair] += 2
            return sets, pair
    return None


def random_request(rng: random.Random) -> dict[str, Any]:
    """One random complete Riichi win in the ``engine score`` request format."""
    while True:
        request = _try_request(rng)
        if request is not None:
            return request


def _codes(kinds: list[int], red: set[int]) -> str:
    out = []
    for kind in sorted(kinds):
        code = KIND_CODES[kind]
        if kind in red and kind % 9 == 4 and kind < 27:
            code = "0" + code[1]
            red.discard(kind)
        out.append(code)
    return "".join(out)


def _try_request(rng: random.Random) -> dict[str, Any] | None:
    counts = [0] * 34
    roll = rng.random()
    melds: list[tuple[str, list[int]]] = []
    concealed: list[int] = []
    if roll < 0.12:                              # seven pairs
        palette = _palette(rng)
        if len(set(palette)) < 7:
            return None
        for kind in rng.sample(sorted(set(palette)), 7):
            concealed += [kind, kind]
    elif roll < 0.15:                            # thirteen orphans
        concealed = list(ORPHANS) + [rng.choice(ORPHANS)]
    elif roll < 0.17:                            # nine gates
        suit = rng.randrange(3) * 9
        concealed = [suit] * 3 + list(range(suit + 1, suit + 8)) + [suit + 8] * 3
        concealed.append(suit + rng.randrange(9))
    else:
        built = _regular(rng, counts)
        if built is None:
            return None
        sets, pair = built
        call_rate = rng.choice((0.0, 0.0, 0.25, 0.5))
        concealed += [pair, pair]
        for shape, kind in sets:
            if shape == "chow":
                tiles = [kind, kind + 1, kind + 2]
                if rng.random() < call_rate:
                    melds.append(("chi", tiles))
                else:
                    concealed += tiles
            elif shape == "pung":
                if rng.random() < call_rate:
                    melds.append(("pon", [kind] * 3))
                else:
                    concealed += [kind] * 3
            else:
                melds.append((rng.choice(("kan", "ankan", "ankan", "kakan")), [kind] * 4))
    all_kinds = concealed + [k for _, tiles in melds for k in tiles]
    if any(all_kinds.count(kind) > 4 for kind in set(all_kinds)):
        return None
    is_open = any(kind != "ankan" for kind, _ in melds)
    win_kind = rng.choice(concealed)
    tsumo = rng.random() < 0.5
    seat = rng.randrange(4)
    dealer = seat == 0
    flags: set[str] = set()
    kongs = any(kind in ("kan", "ankan", "kakan") for kind, _ in melds)
    if not is_open and rng.random() < 0.4:
        flags.add("double_riichi" if rng.random() < 0.1 else "riichi")
        if rng.random() < 0.2:
            flags.add("ippatsu")
    if tsumo and kongs and rng.random() < 0.3:
        flags.add("rinshan")
    elif tsumo and rng.random() < 0.05:
        flags.add("haitei")
    if not tsumo and rng.random() < 0.05:
        flags.add("chankan" if rng.random() < 0.5 else "houtei")
    if not melds and rng.random() < 0.02:
        if tsumo:
            flags.add("tenhou" if dealer else "chiihou")
        elif not dealer:
            flags.add("renhou")
    # A set has one red five per suit, so four fives always include it.
    red = {kind for kind in (4, 13, 22)
           if all_kinds.count(kind) == 4 or (kind in all_kinds and rng.random() < 0.5)}
    dora = [rng.randrange(34) for _ in range(rng.choice((0, 1, 1, 1, 2, 3)))]
    ura = [rng.randrange(34) for _ in range(len(dora))] if flags & {"riichi", "double_riichi"} else []
    meld_texts = [f"{kind}:{_codes(tiles, red)}" for kind, tiles in melds]
    return {
        "rules": "riichi",
        "hand": _codes(concealed, red),
        "melds": meld_texts,
        "win_tile": KIND_CODES[win_kind],
        "win_by": "tsumo" if tsumo else "ron",
        "seat_wind": WIND_LETTERS[seat],
        "round_wind": rng.choice("EESSWN"),
        "flags": sorted(flags),
        "dora_indicators": "".join(KIND_CODES[k] for k in dora),
        "ura_indicators": "".join(KIND_CODES[k] for k in ura),
        "honba": rng.choice((0, 0, 0, 1, 2, 5)),
    }


def random_requests(seed: int, count: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    return [random_request(rng) for _ in range(count)]


# -- the oracle ---------------------------------------------------------------------------------

def library_inputs(request: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    """The library's call for a request: 136-tile ids, melds, win tile and HandConfig."""
    from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
    from mahjong.meld import Meld as LibMeld

    from engine.core.hand import hand_from_dict

    hand = hand_from_dict(request)
    used = [0] * 34
    ids: list[int] = []

    def take(tile) -> int:  # noqa: ANN001
        kind = tile.kind
        if tile.red:
            return kind * 4
        used[kind] += 1
        if kind in (4, 13, 22) and used[kind] == 1:
            used[kind] += 1        # copy 0 of a five is the red one
        if used[kind] > 4:
            raise ValueError(f"four plain fives of {KIND_CODES[kind]}: one of them must be red")
        return kind * 4 + used[kind] - 1

    for tile in hand.concealed:
        ids.append(take(tile))
    lib_melds = []
    types = {"chi": LibMeld.CHI, "pon": LibMeld.PON, "kan": LibMeld.KAN, "ankan": LibMeld.KAN,
             "kakan": LibMeld.SHOUMINKAN}
    for meld in hand.melds:
        meld_ids = [take(tile) for tile in meld.tiles]
        ids += meld_ids
        lib_melds.append(LibMeld(types[meld.kind], meld_ids, opened=meld.kind != "ankan"))
    win_id = next(i for i, tile in zip(ids, hand.concealed, strict=False) if tile.kind == hand.win_tile.kind)
    rules = OptionalRules(
        has_open_tanyao=options["open_tanyao"], has_aka_dora=options["red_fives"],
        has_double_yakuman=options["double_yakuman"],
        kazoe_limit=HandConstants.KAZOE_LIMITED if options["counted_yakuman"]
        else HandConstants.KAZOE_SANBAIMAN,
        kiriage=options["kiriage"], fu_for_open_pinfu=options["open_pinfu_fu"],
        fu_for_pinfu_tsumo=options["pinfu_tsumo_fu"],
        renhou_as_yakuman=options["renhou_as_yakuman"])
    flags = hand.flags
    config = HandConfig(
        is_tsumo=hand.is_tsumo, is_riichi="riichi" in flags, is_ippatsu="ippatsu" in flags,
        is_rinshan="rinshan" in flags, is_chankan="chankan" in flags, is_haitei="haitei" in flags,
        is_houtei="houtei" in flags, is_daburu_riichi="double_riichi" in flags,
        is_tenhou="tenhou" in flags, is_renhou="renhou" in flags, is_chiihou="chiihou" in flags,
        player_wind=hand.seat_wind, round_wind=hand.round_wind,
        tsumi_number=hand.honba, options=rules)
    return {
        "tiles": ids, "win_tile": win_id, "melds": lib_melds or None,
        "dora_indicators": [t.kind * 4 + 3 for t in hand.dora_indicators] or None,
        "ura_dora_indicators": [t.kind * 4 + 3 for t in hand.ura_indicators] or None,
        "config": config,
    }


def library_score(inputs: dict[str, Any]):  # noqa: ANN201 - the library's HandResponse
    from mahjong.hand_calculating.hand import HandCalculator
    return HandCalculator.estimate_hand_value(**inputs)


def library_summary(response, honba: int) -> dict[str, Any]:  # noqa: ANN001
    """han, fu, yaku (name, han) multiset, total before counters, and per-payer amounts."""
    if response.error:
        return {"error": response.error}
    cost = response.cost
    yaku = sorted((y.name, y.han_open if response.is_open_hand and y.han_open else y.han_closed)
                  for y in response.yaku)
    total = cost["total"] - cost["main_bonus"] - 2 * cost["additional_bonus"] - cost["kyoutaku_bonus"]
    return {"han": response.han, "fu": response.fu, "yaku": yaku, "total": total,
            "main": cost["main"] + cost["main_bonus"],
            "additional": cost["additional"] + cost["additional_bonus"]}


def our_summary(score, request: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:  # noqa: ANN001
    """The same summary from our Score (payments through win_payments with the counters)."""
    from engine.families.riichi.family import win_payments

    if not score.valid:
        return {"error": score.reason}
    names = {unit_id: name for unit_id, name in LIBRARY_NAMES.items()}
    yaku = []
    ids = score.details["yaku"]
    for unit_id, item in zip(ids, score.items, strict=False):
        yaku.append((names[unit_id], item.value))
    for item in score.items[len(ids):]:
        yaku.append((DORA_NAMES[item.name], item.value))
    winner = WIND_LETTERS.index(request["seat_wind"])
    tsumo = request["win_by"] == "tsumo"
    discarder = None if tsumo else (winner + 1) % 4
    deltas = win_payments(score, winner=winner, discarder=discarder, dealer=0, options=options,
                          honba=request.get("honba", 0))
    if tsumo:
        main = -deltas[0] if winner != 0 else -deltas[1]
        additional = -deltas[(winner + 1) % 4] if winner != 0 else -deltas[1]
        if winner != 0 and (winner + 1) % 4 == 0:
            additional = -deltas[(winner + 2) % 4]
    else:
        main, additional = -deltas[discarder], 0
    return {"han": score.han, "fu": score.fu, "yaku": sorted(yaku), "total": score.total,
            "main": main, "additional": additional}
