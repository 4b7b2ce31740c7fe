"""Whole numbers from requests: every JSON field, form field, query argument and path part that
holds one goes through one parser, so characters that ``str.isdigit`` accepts and ``int``
refuses ('²'), other scripts' digits ('٣', Arabic-Indic three) and 5,000-digit strings are a 400
that names the field, never a 500 or a number nobody typed."""

from __future__ import annotations

import io

import pytest
from tests_web_helpers import WIN, record

from engine.families import get_preset
from webapp.app import create_app

SUPERSCRIPT_TWO, ARABIC_THREE, HUGE = "²", "٣", "1" * 5000
JUNK = (SUPERSCRIPT_TWO, ARABIC_THREE, HUGE, "+1", " 1", "1.0", "0x1")


@pytest.fixture()
def form_client(tmp_path):  # type: ignore[no-untyped-def]
    app = create_app({"DATA_DIR": str(tmp_path / "data"), "READER": False, "CSRF_DISABLED": True,
                      "RATE_LIMITS_ENABLED": False})
    return app.test_client()


def _table(client) -> dict:  # type: ignore[no-untyped-def]
    response = client.post("/api/tables", json={"players": ["Ann", "Bob", "Cai", "Dee"], "rules": "mcr"})
    assert response.status_code == 201
    return response.json


def _refused(response, field: str) -> None:  # type: ignore[no-untyped-def]
    assert response.status_code == 400, response.get_data(as_text=True)[:300]
    assert field in response.get_data(as_text=True)


# (path after /api/tables/E/, body, field the junk goes in)
API_FIELDS = [
    ("penalties", {"offender": 0, "points": 30}, "offender"),
    ("penalties", {"offender": 0, "points": 30, "to": 1}, "to"),
    ("penalties", {"offender": 0, "points": 30}, "points"),
    ("score", dict(WIN), "winner"),
    ("score", dict(WIN), "discarder"),
    ("hands", dict(WIN), "winner"),
    ("hands", dict(WIN), "discarder"),
    ("disputes", dict(WIN, claim="24"), "winner"),
    ("disputes/preview", dict(WIN, claim="24"), "discarder"),
    ("draws", {"abortive": False}, "version"),
    ("draws/preview", {"abortive": True, "reason": "four_winds", "player": 0}, "player"),
    ("play", {"type": "ready", "player": 0}, "player"),
    ("undo", {}, "version"),
]


@pytest.mark.parametrize("junk", JUNK)
@pytest.mark.parametrize(("path", "body", "field"), API_FIELDS)
def test_junk_in_a_number_field_of_the_api_is_400_naming_it(client, make_table, path, body, field,
                                                           junk) -> None:
    token = make_table()["edit_token"]
    sent = dict(body, version=0)
    sent[field] = junk
    _refused(client.post(f"/api/tables/{token}/{path}", json=sent), field)
    assert client.get(f"/api/tables/{token}").json["version"] == 0      # nothing was recorded


@pytest.mark.parametrize("junk", JUNK)
@pytest.mark.parametrize("field", ["waiting", "riichi", "kongs"])
def test_junk_in_a_list_of_players_is_400(client, make_table, field, junk) -> None:
    token = make_table("riichi")["edit_token"]
    body = {"abortive": field == "kongs", "reason": "four_kongs" if field == "kongs" else "",
            field: [0, junk], "version": 0}
    _refused(client.post(f"/api/tables/{token}/draws", json=body), field)


def test_an_arabic_indic_three_is_not_player_three(client, make_table) -> None:
    token = make_table()["edit_token"]
    _refused(client.post(f"/api/tables/{token}/penalties",
                         json={"offender": ARABIC_THREE, "points": 30, "version": 0}), "offender")
    # ASCII text digits stay accepted, as the forms send them
    taken = client.post(f"/api/tables/{token}/penalties",
                        json={"offender": "3", "points": "30", "version": 0})
    assert taken.status_code == 201 and taken.json["deltas"] == [10, 10, 10, -30]


def test_a_penalty_beyond_the_range_of_a_score_is_400(client, make_table) -> None:
    token = make_table()["edit_token"]
    for points in ("9" * 4300, 10**15, "1000002"):
        _refused(client.post(f"/api/tables/{token}/penalties",
                             json={"offender": 0, "points": points, "version": 0}), "points")


def test_put_hands_refuses_junk_players_and_other_digits_in_its_path(client, make_table) -> None:
    token = make_table()["edit_token"]
    record(client, token, "hands", WIN)
    _refused(client.put(f"/api/tables/{token}/hands/0", json=dict(WIN, winner=SUPERSCRIPT_TWO, version=1)),
             "winner")
    for path in (ARABIC_THREE, HUGE):
        assert client.put(f"/api/tables/{token}/hands/{path}", json=dict(WIN, version=1)).status_code == 404


@pytest.mark.parametrize("junk", [SUPERSCRIPT_TWO, ARABIC_THREE, "9" * 5000, "-1", "0x10"])
@pytest.mark.parametrize("argument", ["limit", "before"])
def test_junk_paging_arguments_are_400_on_every_read(client, make_table, argument, junk) -> None:
    table = make_table()
    for path in (f"/api/tables/{table['edit_token']}", f"/api/board/{table['view_token']}",
                 f"/t/{table['edit_token']}"):
        _refused(client.get(f"{path}?{argument}={junk}"), argument)


@pytest.mark.parametrize("junk", [SUPERSCRIPT_TWO, ARABIC_THREE, HUGE])
def test_the_forms_refuse_junk_numbers_with_400(form_client, junk) -> None:
    token = _table(form_client)["edit_token"]
    page = f"/t/{token}"
    assert form_client.post(f"{page}/undo", data={"version": junk}).status_code == 400
    assert form_client.post(f"{page}/penalty", data={"version": "0", "offender": junk,
                                                     "points": "30"}).status_code == 400
    assert form_client.post(f"{page}/penalty", data={"version": "0", "offender": "0",
                                                     "points": junk}).status_code == 400
    assert form_client.post(f"{page}/penalty", data={"version": junk, "offender": "0",
                                                     "points": "30"}).status_code == 400
    assert form_client.post(f"{page}/draw", data={"version": junk, "kind": "exhaustive"}).status_code == 400
    assert form_client.post(f"{page}/draw", data={"version": "0", "kind": "exhaustive",
                                                  "waiting": junk}).status_code == 400
    assert form_client.get(f"/api/tables/{token}").json["version"] == 0


def test_a_new_table_form_refuses_other_digits_in_an_option(form_client) -> None:
    form = {"rules": "mcr", "player0": "A", "player1": "B", "player2": "C", "player3": "D"}
    for key, value in get_preset("mcr")[1].items():     # the form as the page fills it in
        if value is not False:
            form[f"opt.mcr.{key}"] = "on" if value is True else str(value)
    assert form_client.post("/tables", data=form).status_code == 302
    form["opt.mcr.minimum"] = ARABIC_THREE
    response = form_client.post("/tables", data=form)
    assert response.status_code == 400 and "minimum" in response.get_data(as_text=True)


def test_the_amend_page_of_an_undone_hand_says_so(client, make_table) -> None:
    token = make_table()["edit_token"]
    record(client, token, "hands", WIN)
    record(client, token, "undo", {})
    response = client.get(f"/t/{token}/hands/0/amend")
    assert response.status_code in (404, 409)
    assert "undone" in response.get_data(as_text=True)


def test_a_hundred_thousand_nested_brackets_are_400_on_every_kind_of_route(form_client) -> None:
    token = _table(form_client)["edit_token"]
    deep = b"[" * 100_000
    assert form_client.post(f"/api/tables/{token}/score", data=deep,
                            content_type="application/json").status_code == 400
    assert form_client.post(f"/t/{token}/penalty", data=deep,
                            content_type="application/json").status_code == 400
    imported = form_client.post("/import", data={"file": (io.BytesIO(deep), "deep.json")},
                                content_type="multipart/form-data")
    assert imported.status_code == 400 and "nested" in imported.get_data(as_text=True)
