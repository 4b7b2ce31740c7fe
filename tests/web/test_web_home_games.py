"""The Hong Kong and Taiwanese presets through the web API: units, flags, the dealer streak."""

from __future__ import annotations

import json
import re

from engine.families.taiwanese.family import PRESETS, payment

TW = PRESETS["taiwanese"]
# Ann (East, the dealer) wins on Bob's discard: 123m 456p 789s 234s 678m 55p, waiting on 1s/4s.
TW_WIN = {"hand": "123m456p789s234s678m55p", "win_tile": "4s", "win_by": "ron", "winner": 0, "discarder": 1}


def test_both_presets_are_offered_with_their_options(client) -> None:
    presets = {p["name"]: p for p in client.get("/api/presets").json["presets"]}
    assert {"hongkong", "taiwanese"} <= set(presets)
    hk = {o["name"]: o for o in presets["hongkong"]["options"]}
    tw = {o["name"]: o for o in presets["taiwanese"]["options"]}
    assert hk["min_faan"]["value"] == 3 and hk["payout"]["value"] == "half-spicy"
    assert tw["base"]["value"] == 100 and tw["per_tai"]["value"] == 20


def test_taiwanese_table_scores_in_tai_with_the_dealer_streak(client, make_table) -> None:
    token = make_table("taiwanese")["edit_token"]
    first = client.post(f"/api/tables/{token}/hands", json=dict(TW_WIN, version=0))
    assert first.status_code == 201
    # 平胡 2 + 門清 1 + 莊家 1 = 4 tai: Bob pays 100 + 20 x 4.
    assert first.json["deltas"] == [payment(4, TW), -payment(4, TW), 0, 0]
    state = client.get(f"/api/tables/{token}").json
    assert state["counters"] == 1 and state["dealer"] == 0
    preview = client.post(f"/api/tables/{token}/score", json=dict(TW_WIN, discarder=2)).json
    assert preview["unit"] == "tai" and preview["score"]["total"] == 3 + 1 + 2
    names = [item["name"] for item in preview["score"]["items"]]
    assert any(name.startswith("Dealer Streak") for name in names)
    assert preview["payments"] == [payment(6, TW), 0, -payment(6, TW), 0]


def test_taiwanese_declare_page_offers_its_flags(client, make_table) -> None:
    token = make_table("taiwanese")["edit_token"]
    html = client.get(f"/t/{token}/declare").get_data(as_text=True)
    data = json.loads(re.search(r'<script[^>]*id="declare-data"[^>]*>(.*?)</script>', html, re.S).group(1))
    flags = {flag["name"] for flag in data["flags"]}
    assert {"kong_replacement", "robbing_kong", "last_tile", "heaven", "earth"} == flags
    assert data["uses_counters"] is True and data["uses_riichi"] is False


def test_hong_kong_minimum_is_shown_and_enforced(client, make_table) -> None:
    token = make_table("hongkong")["edit_token"]
    # Common Hand 1 + Fully Concealed 1 = 2 faan (No Flowers does not count towards the minimum).
    body = {"hand": "123m234p678s789s55m", "win_tile": "5m", "win_by": "ron", "winner": 1, "discarder": 0}
    preview = client.post(f"/api/tables/{token}/score", json=body).json
    assert preview["unit"] == "faan" and "minimum 3 faan" in preview["minimum_text"]
    assert preview["score"]["meets_minimum"] is False
    refused = client.post(f"/api/tables/{token}/hands", json=dict(body, version=0))
    assert refused.status_code == 422
