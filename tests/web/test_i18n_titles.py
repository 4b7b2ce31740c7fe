"""History titles in the reader's language, the counters and riichi sticks a win took included
(the API's title stays English)."""

from __future__ import annotations

import csv
import io

from tests_web_helpers import record

# A Riichi haneman (6 han): Ann wins on Bob's discard after a draw left one counter and a stick.
HANEMAN = {"hand": "234m234m55m666z777z", "win_tile": "5m", "win_by": "ron", "winner": 0, "discarder": 1}


def test_counters_and_sticks_in_the_title_follow_the_language(client, make_table) -> None:
    table = make_table("riichi")
    token = table["edit_token"]
    record(client, token, "draws", {"waiting": [0], "riichi": [2]})
    record(client, token, "hands", HANEMAN)
    entry = client.get(f"/api/tables/{token}", headers={"Accept-Language": "ja"}).json["history"][-1]
    assert entry["title"].endswith("(+300 counters, +1000 riichi sticks)")
    assert entry["facts"]["counter_points"] == 300 and entry["facts"]["stick_points"] == 1000
    expected = {"en": "(+300 counters, +1,000 riichi sticks)", "ja": "(+300 本場、+1,000 供託)",
                "zh_Hans": "+300 本场", "pl": "(+300 za liczniki, +1\xa0000 z pałeczek riichi)"}
    for language, text in expected.items():
        html = client.get(f"/t/{token}?lang={language}").get_data(as_text=True)
        assert text in html, (language, [line for line in html.splitlines() if "300" in line][:3])
    assert "riichi sticks)" not in client.get(f"/t/{token}?lang=ja").get_data(as_text=True)


def test_the_csv_download_has_kinds_and_titles_in_the_readers_words(client, make_table) -> None:
    token = make_table("mcr")["edit_token"]
    version = client.get(f"/api/tables/{token}").json["version"]
    win = {"hand": "123m456p789s11z222z", "win_tile": "2z", "win_by": "ron", "winner": 0, "discarder": 1}
    assert client.post(f"/api/tables/{token}/hands", json=dict(win, version=version)).status_code == 201
    polish = client.get(f"/t/{token}/export.csv?lang=pl").get_data(as_text=True)[1:].splitlines()
    assert polish[1].split(";")[3:5] == ["wygrana", "Ann wygrywa na zrzutce Bob, 11"]
    assert polish[-1].split(";")[3] == "suma"
    japanese = client.get(f"/t/{token}/export.csv?lang=ja").get_data(as_text=True)
    assert "win" not in japanese.splitlines()[1] and "total" not in japanese.splitlines()[-1]
    english = client.get(f"/api/tables/{token}/export.csv").get_data(as_text=True)
    english_api = list(csv.reader(io.StringIO(english)))
    assert english_api[1][3:5] == ["win", "Ann wins on Bob's discard, 11"]


def test_the_rules_and_their_options_follow_the_language(client, make_table) -> None:
    token = make_table("riichi", multiple_ron="head_bump", kiriage=True)["edit_token"]
    html = client.get(f"/t/{token}?lang=ja").get_data(as_text=True)
    rules = html.split('class="options-list"')[1].split("</dl>")[0]
    assert "<dd>頭ハネ：順番が次の人</dd>" in rules and "<dd>はい</dd>" in rules
    assert "head bump" not in rules and "Kiriage" not in rules and ">yes<" not in rules
    home = client.get("/?lang=pl").get_data(as_text=True)
    assert ">wygrywa każdy zgłaszający (podwójne ron)</option>" in home


def test_abortive_draws_and_offences_are_named_in_the_readers_words(client, make_table) -> None:
    token = make_table("riichi")["edit_token"]
    record(client, token, "draws", {"abortive": True, "reason": "four_riichi", "riichi": [0, 1, 2, 3]})
    assert "途中流局 (四家立直)" in client.get(f"/t/{token}?lang=ja").get_data(as_text=True)
    english = client.get(f"/t/{token}?lang=en").get_data(as_text=True)
    assert "abortive draw (four riichi declarations)" in english
    assert "九種九牌" in client.get(f"/t/{token}/draw?lang=ja").get_data(as_text=True)
    mcr = make_table("mcr")["edit_token"]
    assert "和了の確認前に手牌を見せた" in client.get(f"/t/{mcr}/penalty?lang=ja").get_data(as_text=True)
