"""What a second real game found wrong in the web app, each through the Flask test client."""

from __future__ import annotations

import pytest
from tests_web_helpers import record

# Hands that are no win at all (13 + 1 tiles, and Taiwanese 16 + 1): a dispute on one records a
# false win.
NOT_A_WIN = {"hand": "1359m2468p13579s1z", "win_tile": "1z", "win_by": "tsumo", "winner": 2,
             "claim": "Mahjong"}
NOT_A_WIN_17 = dict(NOT_A_WIN, hand="1359m2468p13579s1234z")


# -- 1. a hand that is not a win has a details page ----------------------------------------------

@pytest.mark.parametrize("rules", ["riichi", "taiwanese"])
def test_every_kind_of_hand_that_is_not_a_win_has_a_details_page(client, make_table, rules) -> None:
    token = make_table(rules)["edit_token"]
    record(client, token, "draws", {"abortive": False, "waiting": [0]})
    if rules == "riichi":
        record(client, token, "draws", {"abortive": True, "reason": "four_riichi", "riichi": [0, 1, 2, 3]})
    record(client, token, "disputes", NOT_A_WIN_17 if rules == "taiwanese" else NOT_A_WIN)
    record(client, token, "penalties", {"offender": 3, "points": 0, "reason": "slow play"})
    record(client, token, "penalties", {"offender": 1, "points": 300, "reason": "wrong call"})
    history = client.get(f"/api/tables/{token}").json["history"]
    kinds = {entry["kind"] for entry in history}
    assert {"draw", "false_win", "warning", "penalty"} <= kinds
    for entry in history:
        page = client.get(f"/t/{token}/hands/{entry['index']}")
        assert page.status_code == 200, (entry["kind"], page.data[-600:])
        assert b"Breakdown" not in page.data          # nothing was scored, so no breakdown
        assert b'id="pay-total"' in page.data
