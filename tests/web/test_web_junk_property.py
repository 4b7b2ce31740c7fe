"""No input ever produces a 500: every route, found in the app's URL map and in openapi.yaml, is
fed generated junk (Hypothesis): path parts, JSON bodies, form fields, query strings, uploads.

The junk leans towards what has broken before: the request's own field names with numbers in
other scripts ('²', '٣'), thousands of digits, deep nesting, wrong types and lone surrogates.
A real table (with a hand and a photo) stands behind the tokens, so a request gets past the
token check into the view. Any answer of 500 or more fails, with the request that caused it."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests_web_helpers import WIN, png_bytes

from webapp.app import create_app

OPENAPI = Path(__file__).resolve().parents[2] / "webapp" / "openapi.yaml"
FIELDS = ["version", "winner", "discarder", "offender", "points", "to", "player", "waiting", "riichi",
          "kongs", "hand", "melds", "win_tile", "win_by", "flowers", "flags", "dora_indicators",
          "ura_indicators", "claim", "abortive", "reason", "type", "tile", "photo_id", "corrections",
          "others", "also_claimed", "amend", "players", "rules", "options", "name", "tiles", "offence",
          "read", "kind", "link", "limit", "before", "live", "index", "was", "now", "seq", "event"]
NUMBERISH = st.sampled_from(["²", "٣", "1" * 5000, "9" * 4300, "-1", "+3", " 2", "0x10", "1e3", "3.0",
                             "", "0", "3", "4", "200", "201", "2147483648", "NaN"])
TEXT = st.one_of(NUMBERISH, st.text(max_size=40), st.sampled_from(["123m456p789s11z222z", "2z", "ron",
                                                                     "tsumo", "mcr", "riichi", "pon:555p"]))
# a lone surrogate only in JSON, as an escape: a URL or a form cannot carry one
SCALAR = st.one_of(st.none(), st.booleans(), st.integers(), st.integers(-5, 5),
                   st.floats(allow_nan=False), TEXT, st.just("\ud800"))
JSON_VALUE = st.recursive(SCALAR, lambda inner: st.one_of(
    st.lists(inner, max_size=5), st.dictionaries(st.one_of(st.sampled_from(FIELDS), TEXT), inner,
                                                 max_size=6)), max_leaves=20)
# The fields that hold numbers: half of the junk goes into one of them.
NUMBER_FIELDS = ["version", "winner", "discarder", "offender", "points", "to", "player", "waiting",
                 "riichi", "kongs", "amend", "index", "limit", "before"]
JUNK_KEYS = st.one_of(st.sampled_from(NUMBER_FIELDS), st.sampled_from(FIELDS))
JUNK_FIELDS = st.dictionaries(JUNK_KEYS, st.one_of(NUMBERISH, NUMBERISH, JSON_VALUE), min_size=1,
                              max_size=3)
# One request every route can take (each reads its own fields and leaves the rest), for junk to
# be put into: most junk then reaches the field it breaks instead of a missing field's refusal.
GOOD_BODY = {**WIN, "claim": "24", "offender": 0, "points": 30, "to": 1, "abortive": True,
             "reason": "four_winds", "player": 0, "waiting": [0], "riichi": [], "kongs": [0],
             "type": "ready", "players": ["A", "B", "C", "D"], "rules": "mcr", "tiles": []}
GOOD_FORM = {"offender": "0", "points": "30", "to": "1", "kind": "abortive", "player": "0",
             "reason": "four_winds", "waiting": "0", "link": "x", "rules": "mcr", "player0": "A",
             "player1": "B", "player2": "C", "player3": "D", "opt.mcr.minimum": "8"}
FORM_FIELDS = st.dictionaries(st.one_of(JUNK_KEYS, st.just("opt.mcr.minimum")), st.one_of(NUMBERISH, TEXT),
                              max_size=3)
QUERY = st.dictionaries(st.sampled_from(["limit", "before", "lang", "x"]), TEXT, max_size=3)
RAW = st.one_of(st.binary(max_size=200), st.just(b"[" * 100_000), st.just(b"{\"a\":" * 5000),
                st.just(b"PK\x03\x04junk"), st.just(png_bytes(32, 32)[:60]))


class Table:
    """The app and a table with one recorded hand and one photo, made once for every example."""

    def __init__(self, folder: Path) -> None:
        self.app = create_app({"DATA_DIR": str(folder), "READER": False, "CSRF_DISABLED": True,
                               "RATE_LIMITS_ENABLED": False})
        self.client = self.app.test_client()
        made = self.client.post("/api/tables", json={"players": ["Ann", "Bob", "Cai", "Dee"]}).json
        self.edit, self.view = made["edit_token"], made["view_token"]
        photo = self.client.post(f"/api/tables/{self.edit}/photos",
                                 data={"photo": (io.BytesIO(png_bytes(64, 64)), "p.png")},
                                 content_type="multipart/form-data").json
        self.photo = photo["photo_id"]
        self.client.post(f"/api/tables/{self.edit}/hands", json=dict(WIN, version=0, photo_id=self.photo))
        self.routes = self._routes()

    def _routes(self) -> list[tuple[str, str]]:
        """(method, path template with {name} parts) of every route the app has or documents."""
        found = set()
        for rule in self.app.url_map.iter_rules():
            if rule.endpoint == "static":
                continue
            template = re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule)
            found.update((method, template) for method in rule.methods - {"HEAD", "OPTIONS"})
        documented = yaml.safe_load(OPENAPI.read_text())["paths"]
        found.update((method.upper(), path) for path, item in documented.items() for method in item
                     if method in ("get", "post", "put", "delete"))
        return sorted(found)

    def part(self, name: str, junk: str | None) -> str:
        """A path part: usually the real one (so the view runs), sometimes junk."""
        real = {"token": self.edit, "view_token": self.view, "photo_id": self.photo, "event_id": "0",
                "which": "edit", "fmt": "json", "code": "1m"}.get(name, "x")
        return real if junk is None else junk


TABLE: dict[str, Table] = {}


def _table(tmp_path_factory: Any) -> Table:
    if "table" not in TABLE:
        TABLE["table"] = Table(tmp_path_factory.mktemp("junk"))
    return TABLE["table"]


@settings(max_examples=800, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                 HealthCheck.data_too_large])
@given(data=st.data())
def test_no_route_answers_500_to_junk(tmp_path_factory, data) -> None:  # type: ignore[no-untyped-def]
    table = _table(tmp_path_factory)
    method, template = data.draw(st.sampled_from(table.routes), label="route")
    junk_parts = st.one_of(st.none(), st.none(), NUMBERISH.filter(lambda t: "/" not in t and t), st.text(
        st.characters(blacklist_characters="/?#%", blacklist_categories=("Cs",)), min_size=1, max_size=30))
    parts = {name: table.part(name, data.draw(junk_parts, label=name))
             for name in re.findall(r"{(\w+)}", template)}
    path = template.format(**parts)
    query = data.draw(QUERY, label="query")
    usual = "json" if template.startswith("/api/") else "form"
    kind = data.draw(st.sampled_from([usual, usual, usual, "json", "form", "multipart", "raw", "none"]),
                     label="body kind")
    request: dict[str, Any] = {"query_string": query}
    version = table.client.get(f"/api/tables/{table.edit}?limit=1").json["version"]
    if kind == "json":
        body = data.draw(st.one_of(
            st.builds(lambda junk: {**GOOD_BODY, "version": version, **junk}, JUNK_FIELDS),
            st.builds(lambda junk: {**GOOD_BODY, "version": version, **junk}, JUNK_FIELDS),
            JSON_VALUE), label="json")
        request["data"] = json.dumps(body)
        request["content_type"] = "application/json"
    elif kind == "form":
        request["data"] = data.draw(st.builds(lambda junk: {**GOOD_FORM, "version": str(version), **junk},
                                              FORM_FIELDS), label="form")
    elif kind == "multipart":
        upload = data.draw(RAW, label="upload")
        request["data"] = {**data.draw(FORM_FIELDS, label="form"),
                           data.draw(st.sampled_from(["photo", "file"])): (io.BytesIO(upload), "f.bin")}
        request["content_type"] = "multipart/form-data"
    elif kind == "raw":
        request["data"] = data.draw(RAW, label="raw")
        request["content_type"] = data.draw(st.sampled_from(["application/json", "text/plain",
                                                             "application/x-www-form-urlencoded"]))
    answer = table.client.open(path, method=method, **request)
    assert answer.status_code < 500, f"{method} {path} {kind}: {answer.get_data(as_text=True)[:300]}"
