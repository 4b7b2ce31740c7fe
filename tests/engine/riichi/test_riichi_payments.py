"""Payment tables of the two Japanese presets, worked by hand."""

from __future__ import annotations

import pytest

from engine.core.result import Score
from engine.families import get_preset
from engine.families.riichi.payments import (
    PRESETS,
    draw_payments,
    false_win_payments,
    riichi_basic_points,
    riichi_hand_value,
    riichi_win_payments,
    win_payments,
)

RIICHI = PRESETS["riichi"]
# The Japanese sheet's 600 pool is an agreed option (off by default: "there is no settlement between
# players").
CLASSICAL = {**PRESETS["japanese-classical"], "draw_payments": True}


def test_presets_are_registered():
    family, options = get_preset("riichi")
    assert options["honba_value"] == 300 and family.presets is PRESETS
    assert get_preset("japanese-classical")[1]["limit"] == 500


@pytest.mark.parametrize(("han", "fu", "basic", "limit"), [
    (1, 30, 240, None),       # 30 x 2^3
    (3, 30, 960, None),       # 30 x 2^5
    (4, 30, 1920, None),      # just under mangan without kiriage
    (3, 70, 2000, "mangan"),  # 70 x 32 = 2240 -> capped
    (5, 30, 2000, "mangan"),
    (7, 30, 3000, "haneman"),
    (10, 40, 4000, "baiman"),
    (12, 40, 6000, "sanbaiman"),
    (13, 40, 8000, "yakuman"),  # counted yakuman
])
def test_basic_points(han, fu, basic, limit):
    assert riichi_basic_points(han, fu, options=RIICHI) == (basic, limit)


def test_kiriage_and_counted_yakuman_options():
    assert riichi_basic_points(4, 30, options={**RIICHI, "kiriage": True}) == (2000, "mangan")
    assert riichi_basic_points(3, 60, options={**RIICHI, "kiriage": True}) == (2000, "mangan")
    assert riichi_basic_points(14, 30, options={**RIICHI, "counted_yakuman": False}) == (6000, "sanbaiman")
    assert riichi_basic_points(0, 0, yakuman=2, options=RIICHI) == (16000, "double yakuman")


def test_hand_values():
    # 1 han 30 fu non-dealer ron: 240 x 4 = 960 -> 1000; dealer 240 x 6 = 1440 -> 1500
    assert riichi_hand_value(240, dealer_win=False, tsumo=False) == 1000
    assert riichi_hand_value(240, dealer_win=True, tsumo=False) == 1500
    # non-dealer tsumo 240: dealer pays 480 -> 500, others 240 -> 300: 500 + 300 + 300
    assert riichi_hand_value(240, dealer_win=False, tsumo=True) == 1100
    # mangan dealer tsumo: 4000 all = 12000
    assert riichi_hand_value(2000, dealer_win=True, tsumo=True) == 12000


def test_riichi_ron_with_counters():
    # mangan non-dealer ron, 2 counters: 8000 + 2 x 300 from the discarder
    assert riichi_win_payments(2000, winner=1, discarder=3, dealer=0, honba=2) == [0, 8600, 0, -8600]


def test_riichi_tsumo_with_counters():
    # 2 han 30 fu non-dealer tsumo (basic 480): dealer 960 -> 1000, others 480 -> 500; +100 each
    assert riichi_win_payments(480, winner=2, discarder=None, dealer=0, honba=1) == [-1100, -600, 2300, -600]
    # dealer tsumo: 960 -> 1000 from everyone
    assert riichi_win_payments(480, winner=0, discarder=None, dealer=0) == [3000, -1000, -1000, -1000]


def test_win_payments_reads_the_score():
    score = Score(valid=True, meets_minimum=True, total=8000, han=5, fu=30, limit="mangan")
    assert win_payments(score, winner=0, discarder=1, dealer=0, options=RIICHI) == [12000, -12000, 0, 0]


def test_classical_payments():
    score = Score(valid=True, meets_minimum=True, total=320)
    # ron: the discarder pays 3V = 960
    assert win_payments(score, winner=1, discarder=2, dealer=0, options=CLASSICAL) == [0, 960, -960, 0]
    # tsumo by East with 2 counters: each pays 320 + 2 x 100 = 520
    assert win_payments(score, winner=0, discarder=None, dealer=0, options=CLASSICAL,
                        honba=2) == [1560, -520, -520, -520]
    # ron by East with 1 counter: 3 x 320 + 300 = 1260
    assert win_payments(score, winner=0, discarder=3, dealer=0, options=CLASSICAL,
                        honba=1) == [1260, 0, 0, -1260]
    # a non-dealer's win collects no counters in the Japanese sheet
    assert win_payments(score, winner=2, discarder=None, dealer=0, options=CLASSICAL,
                        honba=3) == [-320, -320, 960, -320]
    # East pays double when switched on: non-dealer ron = 2V + V + V = 4V
    doubled = {**CLASSICAL, "east_pays_double": True}
    assert win_payments(score, winner=1, discarder=2, dealer=0, options=doubled) == [0, 1280, -1280, 0]


def test_false_wins():
    # reverse mangan tsumo from a non-dealer: 4000 to the dealer, 2000 to the others
    assert false_win_payments(2, 0, RIICHI) == [4000, 2000, -8000, 2000]
    assert false_win_payments(0, 0, RIICHI) == [-12000, 4000, 4000, 4000]
    assert false_win_payments(1, 0, CLASSICAL) == [500, -1500, 500, 500]


@pytest.mark.parametrize(("tenpai", "riichi", "classical"), [
    ([False] * 4, [0, 0, 0, 0], [0, 0, 0, 0]),
    ([True] * 4, [0, 0, 0, 0], [0, 0, 0, 0]),
    # one waiting: 3 x 1000 / 3 x 200
    ([True, False, False, False], [3000, -1000, -1000, -1000], [600, -200, -200, -200]),
    # two waiting: each non-waiting pays 1500 (750 to each) / 300 (150 to each)
    ([False, True, False, True], [-1500, 1500, -1500, 1500], [-300, 300, -300, 300]),
    # three waiting: the one not waiting pays 1000 / 200 to each
    ([True, True, False, True], [1000, 1000, -3000, 1000], [200, 200, -600, 200]),
])
def test_draw_pools(tenpai, riichi, classical):
    assert draw_payments(tenpai, RIICHI) == riichi
    assert draw_payments(tenpai, CLASSICAL) == classical
    assert draw_payments(tenpai, {**CLASSICAL, "draw_payments": False}) == [0, 0, 0, 0]
