"""Every page in every language: no English catalogue text where the language has its own words.

Each page of a table of every family (a win with its breakdown, a draw, a penalty, the forms, the
scoreboard, the final standings, an error page), and a club's pages (its season's standings, a
player's page, head to head, the read-only link), is read in each language; a piece of text
(between tags, or a title, label, placeholder or alt attribute) that is an English message the
language's catalogue translates differently, or an item name the names tables give in that
language, fails the test.
"""

from __future__ import annotations

import html
import re
from functools import lru_cache

import pytest
from i18n_catalogs import TRANSLATED, catalog, compile_catalogs
from tests_web_helpers import record
from werkzeug.exceptions import HTTPException

from engine.families import families, family_named
from webapp.views.present import family_of

WINS = {
    "mcr": {"hand": "123m456p789s11z", "melds": ["pon:222z"], "win_tile": "1z", "win_by": "ron", "winner": 0,
            "discarder": 1},
    "riichi": {"hand": "234m234m55m666z777z", "win_tile": "5m", "win_by": "ron", "winner": 1, "discarder": 0},
    "taiwanese": {"hand": "123m456m789m11z234p567p", "win_tile": "7p", "win_by": "tsumo", "winner": 1},
    "classical": {"hand": "123m456m789m11z234p", "win_tile": "4p", "win_by": "tsumo", "winner": 1},
    "hongkong": {"hand": "123m456m789m11z234p", "win_tile": "4p", "win_by": "tsumo", "winner": 1},
}
PLACEHOLDER = re.compile(r"%\([a-z_]+\)[sd]|%[sd]")
# Codes a page must never show as words: meld kinds, and a preset's code opening a line.
RAW_CODES = re.compile(r"(chi|pon|kan|ankan|kakan)|(mcr|mcr-ema|riichi|japanese-classical|classical|hongkong"
                       r"|taiwanese)( ·.*)?")


@pytest.fixture(scope="module", autouse=True)
def _compiled() -> None:
    compile_catalogs()


@lru_cache(maxsize=len(TRANSLATED))
def untranslated(language: str) -> tuple[frozenset[str], re.Pattern[str] | None]:
    """The English texts that must not appear on a page in ``language``: messages (literal, and
    those with placeholders as one pattern) and item names."""
    literal: set[str] = set()
    patterns: list[str] = []
    for message in catalog(language, "messages"):
        english = message.id if isinstance(message.id, str) else message.id[0]
        translated = message.string if isinstance(message.string, str) else (message.string or [""])[0]
        if not english or not translated or translated == english or not re.search(r"[A-Za-z]{3}", english):
            continue
        if PLACEHOLDER.search(english):
            parts = PLACEHOLDER.split(english)
            if sum(len(part.strip()) for part in parts) >= 8:   # enough fixed words to recognise it
                patterns.append(".+?".join(re.escape(part) for part in parts))
        else:
            literal.add(english)
    for table in (family.native_names for family in families()):
        for english, names in table.items():
            shown = names.get("en", english)
            if names.get(language) and names[language] != shown:
                literal.add(shown)
    # The web server's own English words for an error.
    literal.update(str(error.description) for error in HTTPException.__subclasses__()
                   if isinstance(getattr(error, "description", None), str))
    return frozenset(literal), (re.compile("|".join(f"(?:{p})" for p in patterns)) if patterns else None)


def texts(page: str) -> list[str]:
    page = re.sub(r"<script\b.*?</script>|<style\b.*?</style>", " ", page, flags=re.S)
    out = [html.unescape(value) for value in
           re.findall(r'\b(?:title|aria-label|placeholder|alt)="([^"]*)"', page)]
    out += [html.unescape(piece) for piece in re.split(r"<[^>]+>", page)]
    return [" ".join(piece.split()) for piece in out if piece.strip()]


def english_left(page: str, language: str, item_names: set[str]) -> list[str]:
    literal, pattern = untranslated(language)
    return [text for text in texts(page)
            if text in literal or text in item_names or RAW_CODES.fullmatch(text)
            or (pattern is not None and pattern.fullmatch(text))]


def same_in(language: str, family: str, english: str) -> bool:
    """The names tables say the item is called the same in ``language`` (Riichi, Dora in Polish)."""
    names = family_named(family).native_names.get(english, {})
    return names.get(language) == names.get("en", english)


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[str, list[str]]:  # type: ignore[no-untyped-def]
    from webapp.app import create_app
    app = create_app({"DATA_DIR": str(tmp_path_factory.mktemp("every-page")), "READER": False,
                      "CSRF_DISABLED": True, "RATE_LIMITS_ENABLED": False})
    client = app.test_client()
    paths = ["/", "/t/not-a-table-link", "/api-less/not-a-page"]
    items: set[tuple[str, str]] = set()          # (family, English name) of every scored item
    for rules, win in WINS.items():
        created = client.post("/api/tables", json={"name": f"{rules} evening", "rules": rules,
                                                   "players": ["Ann", "Bob", "Cai", "Dee"]}).json
        token = created["edit_token"]
        record(client, token, "hands", win)
        record(client, token, "draws", {"abortive": False, "waiting": [0]})
        record(client, token, "penalties", {"offender": 3, "points": 0, "reason": "slow play"})
        client.get(f"/t/{token}")           # the home page lists the tables this browser opened
        scored = client.get(f"/api/tables/{token}/export.json").json["events"][0]["event"]["score"]
        items.update((scored["family"] if "family" in scored else family_of(rules).name, item["name"])
                     for item in scored["items"])
        paths += [f"/t/{token}/undo", f"/t/{token}", f"/t/{token}/hands/0", f"/t/{token}/hands/1",
                  f"/t/{token}/hands/2",
                  f"/t/{token}/hands/0/amend", f"/t/{token}/declare", f"/t/{token}/dispute",
                  f"/t/{token}/draw", f"/t/{token}/penalty", f"/b/{created['view_token']}"]
        # A game the players ended after one win: the final standings, on both pages.
        ended = client.post("/api/tables", json={"name": f"{rules} ended", "rules": rules,
                                                 "players": ["Ann", "Bob", "Cai", "Dee"]}).json
        record(client, ended["edit_token"], "hands", win)
        record(client, ended["edit_token"], "end", {})
        paths += [f"/t/{ended['edit_token']}", f"/b/{ended['view_token']}"]
    paths += club_pages(client)
    return {"client": client, "paths": paths, "items": items}  # type: ignore[dict-item]


def club_pages(client) -> list[str]:  # type: ignore[no-untyped-def]
    """A club with four players, a season by table points and one ended table: its page, the
    season's standings, a player's page, head to head, and the read-only link's page."""
    made = client.post("/clubs", data={"name": "Thursday club"})
    token = made.headers["Location"].rsplit("/c/", 1)[1]
    for name in ("Ann", "Bob", "Cai", "Dee"):
        client.post(f"/c/{token}/players", data={"name": name})
    page = client.get(f"/c/{token}").get_data(as_text=True)
    ids = [int(number) for number in re.findall(r'/players/(\d+)"', page)]
    client.post(f"/c/{token}/seasons",
                data={"name": "Spring 2027", "family": "mcr", "rule.mcr": "table_points"})
    page = client.get(f"/c/{token}").get_data(as_text=True)
    season = re.findall(r"/seasons/(\d+)", page)[0]
    view = re.findall(r"/cv/([A-Za-z0-9_-]+)", page)[0]
    table = client.post(f"/c/{token}/tables", data={"name": "Table", "rules": "mcr",
                                                     **{f"seat{i}": str(ids[i]) for i in range(4)}})
    table_token = table.headers["Location"].rsplit("/t/", 1)[1]
    record(client, table_token, "hands", WINS["mcr"])
    record(client, table_token, "end", {})
    club = [f"/c/{token}", f"/c/{token}/seasons/{season}", f"/c/{token}/players/{ids[0]}",
            f"/c/{token}/versus?a={ids[0]}&b={ids[1]}", f"/cv/{view}", f"/cv/{view}/seasons/{season}"]
    assert [client.get(path).status_code for path in club] == [200] * len(club)
    return club


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_page_shows_english_where_the_language_has_words(pages, language: str) -> None:
    client = pages["client"]
    item_names = {english for family, english in pages["items"] if not same_in(language, family, english)}
    assert len(item_names) > 10
    found = {}
    for path in pages["paths"]:
        response = client.get(f"{path}{'&' if '?' in path else '?'}lang={language}")
        left = english_left(response.get_data(as_text=True), language, item_names)
        if left:
            found[path] = left
    assert found == {}
