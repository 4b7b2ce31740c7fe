"""PyMahjongGB (import name ``MahjongGB``) as an oracle for the MCR engine.

``oracle_fans`` scores an ``engine score`` input object with PyMahjongGB's MahjongFanCalculator;
``compare`` puts our result next to it and lists the differences that remain once PyMahjongGB's
known departures from our presets are accounted for, each BY NAME:

* "Concealed Kong and Melded Kong" (5 points) is a fan of the CMCR/helper lineage; our presets
  score one melded plus one concealed kong as Two Melded Kongs (4) + Concealed Kong (2), the EMA
  reading (option ``melded_concealed_kongs`` = 6).
* Knitted Straight with an Edge/Closed/Single Wait: PyMahjongGB adds the wait fan; our presets follow
  the 2006 clarification and do not (option ``knitted_straight_waits`` = false).
* Two Concealed Kongs is 6 points in PyMahjongGB (CMCR 1998); our presets use the Green Book 2006
  value, 8 (option ``two_concealed_kongs``).
* Blessing fans (Heavenly/Earthly Hand ...) are compiled out of PyMahjongGB and are not MCR fans;
  if one ever turned up it would be reported as a difference.
* PyMahjongGB returns flowers as a fan, "Flower Tiles", as we do; it has no 8-point minimum, so its
  total is compared with ours whether or not the hand meets the minimum, and our ``meets_minimum``
  is checked against its total without flowers.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.core.hand import hand_from_dict
from engine.core.tiles import KIND_CODES

_SUIT = {"m": "W", "p": "B", "s": "T"}
_HONOR = ("F1", "F2", "F3", "F4", "J3", "J2", "J1")  # E S W N White Green Red
_WIND = {"E": 0, "S": 1, "W": 2, "N": 3}
# PyMahjongGB's English names that differ from ours only in spelling.
ALIASES = {"Robbing The Kong": "Robbing the Kong", "Two Dragons Pungs": "Two Dragon Pungs",
           "All Five": "All Fives"}
WAIT_FANS = ("Edge Wait", "Closed Wait", "Single Wait")
PYMAHJONGGB_MELDED_CONCEALED = "Concealed Kong and Melded Kong"


def gb_tile(kind: int) -> str:
    if kind >= 27:
        return _HONOR[kind - 27]
    code = KIND_CODES[kind]
    return _SUIT[code[1]] + code[0]


def oracle_arguments(data: dict[str, Any]) -> tuple:
    """The MahjongFanCalculator arguments for one input object (verbose output)."""
    hand = hand_from_dict(data)
    packs = []
    for index, meld in enumerate(hand.melds):
        offer = 1 + index % 3
        if meld.kind == "chi":
            packs.append(("CHI", gb_tile(meld.first + 1), offer))
        elif meld.kind == "pon":
            packs.append(("PENG", gb_tile(meld.first), offer))
        else:
            packs.append(("GANG", gb_tile(meld.first), 0 if meld.kind == "ankan" else offer))
    standing = [tile.kind for tile in hand.concealed]
    standing.remove(hand.win_tile.kind)
    flags = hand.flags
    return (tuple(packs), tuple(gb_tile(kind) for kind in standing), gb_tile(hand.win_tile.kind),
            len(hand.flowers), hand.is_tsumo, "last_of_kind" in flags,
            "kong_replacement" in flags or "robbing_kong" in flags, "last_tile" in flags,
            _WIND[data.get("seat_wind") or "E"], _WIND[data.get("round_wind") or "E"], True)


def oracle_fans(data: dict[str, Any]) -> Counter:
    """PyMahjongGB's fans for one input object, as a Counter of (name, points) -> count."""
    from MahjongGB import MahjongFanCalculator

    fans: Counter = Counter()
    for points, count, _chinese, english in MahjongFanCalculator(*oracle_arguments(data)):
        fans[(ALIASES.get(english, english), points)] += count
    return fans


def our_fans(result: dict[str, Any]) -> Counter:
    fans: Counter = Counter()
    for item in result["items"]:
        fans[(item["name"], item["value"])] += item["count"]
    return fans


def expected_from_oracle(theirs: Counter, ours: Counter) -> Counter:
    """PyMahjongGB's fans translated through its known departures (see the module docstring)."""
    expected = Counter(theirs)
    key = (PYMAHJONGGB_MELDED_CONCEALED, 5)
    if expected[key]:
        del expected[key]
        expected[("Two Melded Kongs", 4)] += 1
        expected[("Concealed Kong", 2)] += 1
    if expected[("Two Concealed Kongs", 6)]:
        expected[("Two Concealed Kongs", 8)] += expected.pop(("Two Concealed Kongs", 6))
    if expected[("Knitted Straight", 12)] and not expected[("Lesser Honors and Knitted Tiles", 12)]:
        for name in WAIT_FANS:
            expected.pop((name, 1), None)
    return +expected


def compare(data: dict[str, Any], result: dict[str, Any]) -> str | None:
    """None when our result agrees with PyMahjongGB's (after the named departures), else a diff."""
    theirs = oracle_fans(data)
    ours = our_fans(result)
    expected = expected_from_oracle(theirs, ours)
    problems = []
    if expected != ours:
        missing = expected - ours
        extra = ours - expected
        problems.append(f"PyMahjongGB only: {dict(missing)}; ours only: {dict(extra)}")
    their_total = sum(points * count for (_, points), count in expected.items())
    if their_total != result["total"]:
        problems.append(f"total {result['total']} vs PyMahjongGB {their_total}")
    flowers = expected.get(("Flower Tiles", 1), 0)
    if result["meets_minimum"] != (their_total - flowers >= 8):
        problems.append(f"meets_minimum {result['meets_minimum']} with {their_total - flowers} points")
    return "; ".join(problems) or None
