"""What a second real game found wrong in the web app, each through the Flask test client."""

from __future__ import annotations

import csv
import io
import re

import pytest
from tests_web_helpers import WIN, record

from engine.families import presets

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


# -- 4. the penalty form: the preset's amount, and a refusal keeps what was typed ----------------

def _csrf(page: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)


def _field(page: str, name: str) -> str:
    return re.search(rf'<input id="{name}" name="{name}"[^>]*value="([^"]*)"', page).group(1)


@pytest.mark.parametrize("rules", sorted(presets()))
def test_the_penalty_form_as_it_comes_records_a_penalty(client, make_table, rules) -> None:
    token = make_table(rules)["edit_token"]
    page = client.get(f"/t/{token}/penalty").get_data(as_text=True)
    points = int(_field(page, "points"))
    start = client.get(f"/api/tables/{token}").json["totals"]
    form = {"csrf_token": _csrf(page), "version": "0", "offender": "0", "points": str(points), "to": "",
            "reason": ""}
    assert client.post(f"/t/{token}/penalty", data=form).status_code == 303
    totals = client.get(f"/api/tables/{token}").json["totals"]
    assert totals[0] == start[0] - points and points > 0


def test_penalty_amounts_fit_the_table(client, make_table) -> None:
    """30 is a fair penalty at an MCR table (a minimum hand is 8 fan); on a 25,000-point Riichi
    table the form starts at 3000, a thousand from the offender to each other player."""
    amounts = {}
    for rules in ("mcr", "riichi"):
        token = make_table(rules)["edit_token"]
        amounts[rules] = int(_field(client.get(f"/t/{token}/penalty").get_data(as_text=True), "points"))
    assert amounts == {"mcr": 30, "riichi": 3000}


def test_a_refused_penalty_keeps_what_was_typed(client, make_table) -> None:
    token = make_table("riichi")["edit_token"]
    page = client.get(f"/t/{token}/penalty").get_data(as_text=True)
    form = {"csrf_token": _csrf(page), "version": "0", "offender": "3", "points": "1000", "to": "",
            "reason": "slow play"}
    refused = client.post(f"/t/{token}/penalty", data=form)
    assert refused.status_code == 400
    again = refused.get_data(as_text=True)
    assert "evenly" in again
    assert _field(again, "points") == "1000" and _field(again, "reason") == "slow play"
    assert re.search(r'<option value="3" selected>', again)
    paid_to = client.post(f"/t/{token}/penalty", data=dict(form, points="-5", to="1"))
    paid_to_page = paid_to.get_data(as_text=True)
    assert re.search(r'<select id="to" name="to">.*?<option value="1" selected>', paid_to_page, re.S)


# -- 5. a typo in a classical loser's hand is named ----------------------------------------------

def test_a_typo_in_a_losers_hand_is_named_with_its_player(client, make_table) -> None:
    from webapp.engine_messages import render
    token = make_table("classical")["edit_token"]
    body = {"hand": "123m456p789s11z222z", "win_tile": "2z", "win_by": "ron", "winner": 0, "discarder": 1,
            "others": {"1": {"hand": "1q3m", "melds": []}}}
    preview = client.post(f"/api/tables/{token}/score", json=body).json
    assert preview["ok"] is False
    failed = preview["score"]
    assert failed["code"] == "notation.unexpected_character"
    with client.application.test_request_context("/"):
        text = render(failed["code"], failed["params"], preview["error"])
    assert text == ("Bob: Unexpected character “q” at position 1: tiles are digits followed by m, p, s, "
                    "z or f.")


# -- 6. the amend preview numbers hands as the history does --------------------------------------

HANEMAN = {"hand": "234m234m55m666z777z", "win_tile": "5m", "win_by": "ron"}


def test_the_amend_preview_numbers_hands_as_the_history_does(client, make_table) -> None:
    token = make_table("riichi")["edit_token"]
    record(client, token, "hands", dict(HANEMAN, winner=0, discarder=1))      # the dealer stays
    record(client, token, "penalties", {"offender": 3, "points": 3000})       # within hand 2
    record(client, token, "hands", dict(HANEMAN, winner=1, discarder=2))
    table = client.get(f"/api/tables/{token}").json
    history = {entry["index"]: entry["number"] for entry in table["history"]}
    # Cai wins the first hand instead: the deal passes, and Bob's win is now a dealer's.
    amended = dict(HANEMAN, winner=2, discarder=1, amend=0)
    preview = client.post(f"/api/tables/{token}/score", json=amended).json
    later = preview["later"]
    assert [change["index"] for change in later] == [1, 2]      # the penalty moves to E2 too
    assert [change["hand_number"] for change in later] == [history[1], history[2]] == [2, 3]


# -- 8. a preview of more tiles than any hand holds answers 200 ----------------------------------

def test_a_27_tile_preview_is_a_result_not_a_bad_request(client, make_table) -> None:
    from webapp.engine_messages import render
    token = make_table()["edit_token"]
    body = {"hand": "123456789m123456789p123456789s", "win_tile": "9s", "win_by": "tsumo", "winner": 0}
    response = client.post(f"/api/tables/{token}/score", json=body)
    assert response.status_code == 200, response.json
    assert response.json["ok"] is False
    failed = response.json["score"]
    assert failed["code"] == "request.too_many_tiles"
    assert failed["params"] == {"field": "hand", "count": 27, "limit": 22}
    with client.application.test_request_context("/"):
        text = render(failed["code"], failed["params"], "")
    assert text == "Hand: 27 tiles, more than any hand holds (22)."
    # Recording such a hand is still refused outright.
    assert client.post(f"/api/tables/{token}/hands", json=dict(body, version=0)).status_code == 400


# -- 10. CSV cells a spreadsheet would run as formulas -------------------------------------------

FORMULA_NAMES = ['=HYPERLINK("http://x","y")', "+Ann", "-Bob", "@Cai"]


@pytest.mark.parametrize("path", ["/t/{token}/export.csv", "/api/tables/{token}/export.csv"])
def test_csv_cells_that_start_like_formulas_are_escaped(client, make_table, path) -> None:
    token = make_table("mcr", tuple(FORMULA_NAMES))["edit_token"]
    record(client, token, "hands", WIN)
    text = client.get(path.format(token=token)).get_data(as_text=True).lstrip("\ufeff")
    delimiter = ";" if text.splitlines()[0].count(";") > text.splitlines()[0].count(",") else ","
    rows = list(csv.reader(io.StringIO(text), delimiter=delimiter))
    cells = [cell for row in rows for cell in row]
    for cell in cells:
        if not re.fullmatch(r"-?\d+", cell):
            assert cell[:1] not in ("=", "+", "-", "@"), cell
    assert "'=HYPERLINK(\"http://x\",\"y\") change" in rows[0] and "'-Bob total" in rows[0]
    assert any(cell.startswith("'=HYPERLINK") for cell in rows[1])   # the summary names the winner
    assert "-19" in rows[1]                                          # numbers stay numbers


# -- 11. every option's choices say different things ---------------------------------------------

@pytest.mark.parametrize("language", ["en", "pl", "zh_Hans", "zh_Hant", "ja"])
def test_no_option_offers_the_same_words_twice(client, language) -> None:
    page = client.get(f"/?lang={language}").get_data(as_text=True)
    selects = re.findall(r'<select id="(opt\.[^"]+)"[^>]*>(.*?)</select>', page, re.S)
    assert len(selects) >= 10
    for field, body in selects:
        words = re.findall(r"<option [^>]*>([^<]*)</option>", body)
        assert len(words) == len(set(words)), (field, words)
    riichi = dict(selects)["opt.riichi.dealer_keeps_on_draw"]
    assert re.search(r'value="tenpai" selected', riichi)          # the preset's own value stays
