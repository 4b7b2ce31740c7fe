"""One hand per MCR fan that scores it, and one close hand that just misses it (all 81).

Each pair differs in one tile, one meld, or one circumstance, so the test pins down the fan's
definition rather than the hand as a whole. Every hand here also agrees with PyMahjongGB
(checked at the end), so the table itself is checked against an independent implementation.
"""

import pytest

from engine.core.hand import make_hand
from engine.families.mcr.family import PRESETS, score_hand
from engine.families.mcr.fans import FANS


def H(hand, win, *melds, tsumo=False, seat="E", round="E", flags=(), flowers=""):  # noqa: A002
    return {"rules": "mcr", "hand": hand, "win_tile": win, "melds": list(melds),
            "win_by": "tsumo" if tsumo else "ron", "seat_wind": seat, "round_wind": round,
            "flags": list(flags), "flowers": flowers}


BASE = H("123m456p789s11222z", "2z")  # Mixed Straight etc.; the base for situational fans
CASES = {
    "Big Four Winds": (H("55m111222333444z", "5m"), H("123m11122233344z", "3m")),
    "Big Three Dragons": (H("123m55s555666777z", "3m"), H("123m555s55566677z", "3m")),
    "All Green": (H("22334466888s666z", "8s"), H("22334466888s777z", "8s")),
    "Nine Gates": (H("11123455678999m", "5m"), H("11123455678999m", "1m")),
    "Four Kongs": (H("55m", "5m", "kan:1111m", "kan:2222p", "ankan:3333s", "kan:4444z"),
                   H("55m", "5m", "kan:1111m", "kan:2222p", "ankan:3333s", "pon:444z")),
    "Seven Shifted Pairs": (H("11223344556677m", "7m"), H("11223344556688m", "8m")),
    "Thirteen Orphans": (H("19m19p19s12345677z", "7z"), H("1199m1199p1199s11z", "1z")),
    "All Terminals": (H("111999m111999p11s", "1s"), H("111999m111999p11z", "1z")),
    "Little Four Winds": (H("123m11122233344z", "3m"), H("123m11122233355z", "3m")),
    "Little Three Dragons": (H("123m555s55566677z", "3m"), H("123m555s11555666z", "3m")),
    "All Honors": (H("11122233355566z", "6z"), H("11m111222333555z", "1m")),
    "Four Concealed Pungs": (H("111m222p333s44455z", "5z", tsumo=True),
                             H("111m222p333s44455z", "4z")),
    "Pure Terminal Chows": (H("11223377889955m", "5m"), H("112233778899m55p", "5p")),
    "Quadruple Chow": (H("111122223333m55p", "5p"), H("111222233334m55p", "5p")),
    "Four Pure Shifted Pungs": (H("111222333444m55p", "5p"), H("111222333555m55p", "5p")),
    "Four Pure Shifted Chows": (H("122333444556m99p", "9p"), H("122333445567m99p", "9p")),
    "Three Kongs": (H("123m55p", "5p", "kan:1111s", "kan:5555s", "ankan:3333z"),
                    H("123m55p", "5p", "kan:1111s", "kan:5555s", "pon:333z")),
    "All Terminals and Honors": (H("111999m111p11222z", "2z"), H("123999m111p11222z", "2z")),
    "Seven Pairs": (H("1155m2299p3377s11z", "1z"), H("112233m555p77799s", "9s")),
    "Greater Honors and Knitted Tiles": (H("14m25p369s1234567z", "7z"), H("147m25p369s123456z", "6z")),
    "All Even Pungs": (H("222888m444p22666s", "2s"), H("222888m444p22555s", "2s")),
    "Full Flush": (H("12222345556789m", "9m"), H("122223456789m55p", "5p")),
    "Pure Triple Chow": (H("123m456p99s", "9s", "chi:123m", "chi:123m"),
                         H("123m456p99s", "9s", "chi:123m", "chi:234m")),
    "Pure Shifted Pungs": (H("333m456p99s", "9s", "pon:111m", "pon:222m"),
                           H("444m456p99s", "9s", "pon:111m", "pon:222m")),
    "Upper Tiles": (H("788889m78999p789s", "7s"), H("788889m66789p789s", "7s")),
    "Middle Tiles": (H("44445556m456p456s", "6m"), H("44445556m456p345s", "6m")),
    "Lower Tiles": (H("123333m12223p123s", "1s"), H("123333m12223p234s", "2s")),
    "Pure Straight": (H("123456789m123p99s", "9s"), H("123456678m123p99s", "9s")),
    "Three-Suited Terminal Chows": (H("123789m123789p55s", "5s"), H("12355789m123789p", "5m")),
    "Pure Shifted Chows": (H("122333445m456p99s", "9s"), H("122334456m456p99s", "9s")),
    "All Fives": (H("345m555567p45556s", "3m"), H("345m555678p45556s", "3m")),
    "Triple Pung": (H("122223m222p22299s", "1m"), H("122223m222p33399s", "1m")),
    "Three Concealed Pungs": (H("111456m222p33399s", "4m", tsumo=True), H("111456m222p33399s", "3s")),
    "Lesser Honors and Knitted Tiles": (H("147m25p369s123456z", "6z"), H("14m25p369s1234567z", "7z")),
    "Knitted Straight": (H("147m258p369s11155z", "5z"), H("123m456p789s11155z", "5z")),
    "Upper Four": (H("666789m678p78999s", "7s"), H("666789m567p78999s", "7s")),
    "Lower Four": (H("123444m234p11123s", "1s"), H("123444m345p11123s", "1s")),
    "Big Three Winds": (H("123m55p111222333z", "5p"), H("123m55p111222555z", "5p")),
    "Mixed Straight": (H("123m456p234789s55z", "5z"), H("123m234456789s55z", "5z")),
    "Reversible Tiles": (H("123345888p456s55z", "5z"), H("123345888p567s55z", "5z")),
    "Mixed Triple Chow": (H("234m23455p234s111z", "1z"), H("234m23455p345s111z", "1z")),
    "Mixed Shifted Pungs": (H("222567m333p444s11z", "1z"), H("222567m333p555s11z", "1z")),
    "Chicken Hand": (H("234p11z", "4p", "chi:123m", "pon:777p", "chi:567s"),
                     H("234p11z", "4p", "chi:123m", "pon:777p", "chi:567s", tsumo=True)),
    "Last Tile Draw": (H("123m456p789s11222z", "2z", tsumo=True, flags=["last_tile"]),
                       H("123m456p789s11222z", "2z", flags=["last_tile"])),
    "Last Tile Claim": (H("123m456p789s11222z", "2z", flags=["last_tile"]), BASE),
    "Out with Replacement Tile": (H("123m123p456s99s", "9s", "kan:7777p", tsumo=True,
                                    flags=["kong_replacement"]),
                                  H("123m123p456s99s", "9s", "kan:7777p", flags=["kong_replacement"])),
    "Robbing the Kong": (H("123m456p345789s11z", "3s", flags=["robbing_kong"]),
                         H("123m456p345789s11z", "3s", tsumo=True, flags=["robbing_kong"])),
    "Two Concealed Kongs": (H("123456s99s", "9s", "ankan:1111m", "ankan:2222p"),
                            H("123456s99s", "9s", "kan:1111m", "ankan:2222p")),
    "All Pungs": (H("333s44455z", "5z", "pon:111m", "pon:222p"),
                  H("345s44455z", "5z", "pon:111m", "pon:222p")),
    "Half Flush": (H("123456777m11222z", "2z"), H("123456777m11p222z", "2z")),
    "Mixed Shifted Chows": (H("12355m234p345s777z", "7z"), H("12355m234p456s777z", "7z")),
    "All Types": (H("123m456p789s11555z", "5z"), H("123m456p789s11222z", "2z")),
    "Melded Hand": (H("22s", "2s", "chi:123m", "pon:555p", "chi:789s", "pon:777z"),
                    H("22s", "2s", "chi:123m", "pon:555p", "chi:789s", "pon:777z", tsumo=True)),
    "Two Dragon Pungs": (H("123m456p99s555666z", "9s"), H("123m456p99s111555z", "9s")),
    "Outside Hand": (H("123m123789p11199s", "9s"), H("123m234789p11199s", "9s")),
    "Fully Concealed Hand": (H("123m456p789s11222z", "2z", tsumo=True), BASE),
    "Two Melded Kongs": (H("123456s99s", "9s", "kan:1111m", "kan:2222p"),
                         H("123456s99s", "9s", "kan:1111m", "pon:222p")),
    "Last Tile": (H("123m456p345789s11z", "3s", flags=["last_of_kind"]),
                  H("123m456p345789s11z", "1z", flags=["last_of_kind"])),
    "Dragon Pung": (H("123m456p78999s555z", "5z"), H("123m456p78999s444z", "4z")),
    "Prevalent Wind": (H("123m456p78999s222z", "2z", round="S"), H("123m456p78999s222z", "2z", round="W")),
    "Seat Wind": (H("123m456p78999s222z", "2z", seat="S"), H("123m456p78999s222z", "2z", seat="N")),
    "Concealed Hand": (BASE, H("456p789s11222z", "2z", "chi:123m")),
    "All Chows": (H("12355m456p234789s", "5m"), H("123m456p234789s55z", "5z")),
    "Tile Hog": (H("123333m456p789s11z", "1z"), H("456m456p789s11z", "1z", "ankan:3333m")),
    "Double Pung": (H("222m222p456789s11z", "1z"), H("222m333p456789s11z", "1z")),
    "Two Concealed Pungs": (H("111m222p456789s11z", "4s", tsumo=True),
                            H("111m456789s11z", "4s", "pon:222p", tsumo=True)),
    "Concealed Kong": (H("123m456789s11z", "1z", "ankan:2222p"), H("123m456789s11z", "1z", "kan:2222p")),
    "All Simples": (H("234555m456p22678s", "2s"), H("234555m456p11678s", "1s")),
    "Pure Double Chow": (H("112233m456p789s11z", "1z"), H("122334m456p789s11z", "1z")),
    "Mixed Double Chow": (H("123m123p456789s11z", "1z"), H("123m234p456789s11z", "1z")),
    "Short Straight": (H("123456m789p789s11z", "1z"), H("123567m789p789s11z", "1z")),
    "Two Terminal Chows": (H("123789m456p456s11z", "1z"), H("123678m456p456s11z", "1z")),
    "Pung of Terminals or Honors": (H("123m999p456789s11z", "1z"), H("123m888p456789s11z", "1z")),
    "Melded Kong": (H("123m456789s11z", "1z", "kan:2222p"), H("123m456789s11z", "1z", "pon:222p")),
    "One Voided Suit": (H("123456m123789p11z", "1z"), H("123456m123p789s11z", "1z")),
    "No Honors": (H("12355m444p123789s", "5m"), H("123m444p123789s55z", "5z")),
    "Edge Wait": (H("12355m456p123789s", "3m"), H("12355m456p123789s", "1m")),
    "Closed Wait": (H("12355m456p123789s", "2m"), H("12355m456p123789s", "1m")),
    "Single Wait": (H("12355m456p123789s", "5m"), H("12344m456p123789s", "4m")),
    "Self-Drawn": (H("456p789s11222z", "4p", "chi:123m", tsumo=True), H("456p789s11222z", "4p", "chi:123m")),
    "Flower Tiles": (H("123m456p789s11222z", "2z", flowers="12f"), BASE),
}


def names(data):
    hand = make_hand(data["hand"], melds=data["melds"], win_tile=data["win_tile"],
                     win_by=data["win_by"], seat_wind=data["seat_wind"],
                     round_wind=data["round_wind"], flags=data["flags"], flowers=data["flowers"])
    score = score_hand(hand, dict(PRESETS["mcr"]), data)
    assert score.valid, (data, score.reason)
    return {item.name for item in score.items}


def test_every_fan_has_a_case():
    assert set(CASES) == {fan.name for fan in FANS.values()}


@pytest.mark.parametrize("fan", sorted(CASES, key=lambda name: next(
    f.id for f in FANS.values() if f.name == name)))
def test_fan_scored_and_just_missed(fan):
    has, misses = CASES[fan]
    assert fan in names(has)
    assert fan not in names(misses)


@pytest.mark.parametrize("fan", sorted(CASES))
def test_cases_agree_with_pymahjonggb(fan):
    pytest.importorskip("MahjongGB")
    from mcr_oracle import compare

    from engine.families import score_json
    for data in CASES[fan]:
        assert compare(data, score_json(data)) is None, data
