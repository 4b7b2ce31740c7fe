"""Requests -> engine calls -> table events. Shared by the JSON API and the HTML form views.

A declared win arrives as the engine's input fields plus who won and who discarded; the table
fills in what it knows (seat and round wind, counters, sticks, the preset and its options), the
engine scores it, and the table previews the payments, so the breakdown the player confirms is
exactly what will be recorded.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from engine.core.coded import CodedError
from engine.families import score_json
from engine.table.dispute import Claim, settle
from engine.table.events import TableError, penalty_event
from engine.table.state import TableState, hand_context
from engine.table.win_request import others_from_score, win_request
from webapp.engine_messages import minimum_fields
from webapp.refusals import refusal_fields
from webapp.views.amend_preview import amend_effects
from webapp.views.backend import Loaded
from webapp.views.present import family_of, payment_lines
from webapp.views.request_numbers import EVENT, PLAYER, TILE_INDEX, points_range
from webapp.views.units import declared_flags, has_riichi, item_units, total_unit, unit


class BadRequest(ValueError):
    """Input the API refuses with 400; the message names the field."""


class TooManyTiles(BadRequest, CodedError):
    """A tile field holding more tiles than any hand: refused when recorded, but a score preview's
    result (a photo read as 27 tiles is still being corrected on the page)."""


def _player(body: Mapping[str, Any], key: str, *, optional: bool = False) -> int | None:
    value = body.get(key)
    if value in (None, "") and optional:
        return None
    return PLAYER.parse(value, key)


def _players(body: Mapping[str, Any], key: str) -> list[int]:
    values = body.get(key) or []
    if not isinstance(values, list):
        raise BadRequest(f"{key} must be a list of player numbers")
    return [_player({key: value}, key) for value in values]  # type: ignore[misc]


# The most tiles each field can hold in any rules: a 16-tile hand with five kongs has 22, 8
# flowers and seasons, 5 dora and 5 ura indicators (four kan plus the first); five melds.
MAX_TILES = {"hand": 22, "win_tile": 1, "flowers": 8, "dora_indicators": 5, "ura_indicators": 5}
MAX_MELDS = 5


def _text(body: Mapping[str, Any], key: str) -> str:
    value = body.get(key) or ""
    if not isinstance(value, str):
        raise BadRequest(f"{key} must be text in tile notation, got {type(value).__name__}")
    limit = MAX_TILES.get(key, 22)
    # Checked on the raw text before any parsing, so a huge string costs nothing.
    if len(value) > 4 * limit + 8:
        raise BadRequest(f"{key} has more than {limit} tile{'s' if limit > 1 else ''}, "
                         "more than the game allows")
    count = sum(char.isdigit() for char in value)
    if count > limit:
        raise TooManyTiles(f"{key} has {count} tiles, more than any hand holds ({limit})",
                           code="request.too_many_tiles",
                           params={"field": key, "count": count, "limit": limit})
    return value


class Unsupported(ValueError):
    """A control the table's preset does not have (riichi at a table without riichi): 422."""


def amend_target(loaded: Loaded, body: Mapping[str, Any]) -> int | None:
    """The hand an amendment replaces (``amend`` in a preview body), checked against the log."""
    target = body.get("amend") if isinstance(body, Mapping) else None
    if target in (None, ""):
        return None
    return EVENT.parse(target, "amend")


def context_state(loaded: Loaded, target: int | None) -> TableState:
    """The table as it was when the hand was played: now for a new hand, and for an amendment the
    state just before the amended hand (its own winds, dealer, counters and sticks)."""
    if target is None:
        return loaded.head
    try:
        return loaded.table.state_before(target)
    except TableError as error:
        raise BadRequest(str(error)) from error


def check_riichi(state: TableState, riichi: list[int], flags: list[str]) -> None:
    """Riichi declarations and flags only where the preset has riichi."""
    if has_riichi(state):
        return
    family = family_of(state.rules)
    if riichi:
        # The preset plays riichi sticks, but this table's options switched them off.
        off = family.flow(state.rules, {}).riichi_stick > 0
        why = " (switched off by its options)" if off else " at this table"
        raise Unsupported(f"{state.rules} has no riichi declarations{why}")
    bad = [flag for flag in flags if flag in declared_flags(family)]
    if bad:
        raise Unsupported(f"{state.rules} has no riichi at this table: flag {bad[0]!r} is not offered")


def engine_request(loaded: Loaded, body: Mapping[str, Any],
                   state: TableState | None = None) -> tuple[dict[str, Any], int, int | None]:
    """The engine input for a declared win, with the context of the hand filled in (``state``:
    the table when the hand was played, by default now)."""
    if not isinstance(body, Mapping):
        raise BadRequest("send a JSON object")
    state = state or loaded.head
    winner = _player(body, "winner")
    win_by = body.get("win_by") or "ron"
    if win_by not in ("ron", "tsumo"):
        raise BadRequest(f"win_by must be 'ron' (on a discard) or 'tsumo' (self-draw), got {win_by!r}")
    discarder = None if win_by == "tsumo" else _player(body, "discarder")
    if discarder == winner:
        raise BadRequest("the winner cannot also be the discarder")
    melds = body.get("melds") or []
    flags = body.get("flags") or []
    if not isinstance(melds, list) or not all(isinstance(m, str) for m in melds):
        raise BadRequest("melds must be a list like [\"pon:555p\"]")
    if len(melds) > MAX_MELDS or any(len(meld) > 24 for meld in melds):
        raise BadRequest(f"melds holds at most {MAX_MELDS} melds of at most four tiles each")
    if isinstance(flags, list) and len(flags) > 40:
        raise BadRequest("flags holds more names than there are situational flags")
    if not isinstance(flags, list) or not all(isinstance(f, str) for f in flags):
        raise BadRequest("flags must be a list of names")
    riichi = _players(body, "riichi")
    check_riichi(state, riichi, list(flags))
    request = win_request(
        state, winner, overrides=loaded.overrides, hand=_text(body, "hand"), win_by=win_by,
        melds=melds, win_tile=_text(body, "win_tile"), flowers=_text(body, "flowers"), flags=flags,
        dora_indicators=_text(body, "dora_indicators"), ura_indicators=_text(body, "ura_indicators"),
        declared_ready=winner in riichi, losers=_losers(state, body, winner))
    return request, winner, discarder


def _losers(state: TableState, body: Mapping[str, Any], winner: int) -> list[dict[str, Any]]:
    """Classical: the losers' laid-down hands, each at its seat wind."""
    others = body.get("others") or {}
    if not others:
        return []
    if not isinstance(others, Mapping):
        raise BadRequest("others must map a player number to {hand, melds}")
    winds = state.seat_winds
    out = []
    for key, value in others.items():
        player = _player({"player": key}, "player")
        if player == winner:
            raise BadRequest("others lists the losers' hands; the winner's hand is the main one")
        if not isinstance(value, Mapping):
            raise BadRequest(f"others[{key}] must be an object with hand and melds")
        melds = value.get("melds") or []
        if not isinstance(melds, list) or len(melds) > MAX_MELDS \
                or not all(isinstance(m, str) and len(m) <= 24 for m in melds):
            raise BadRequest(f"others[{key}].melds must be a list of at most {MAX_MELDS} melds")
        out.append({"hand": _text(value, "hand"), "melds": melds,
                    "seat_wind": "ESWN"[winds[player]]})  # type: ignore[index]
    return out


def score_win(loaded: Loaded, body: Mapping[str, Any], target: int | None = None) -> dict[str, Any]:
    """Score a declared win and preview its payments (nothing is recorded). With ``target`` (an
    amendment of that hand) the hand is scored in its own context and previewed in its place."""
    if target is None:
        target = amend_target(loaded, body)
    state = context_state(loaded, target)
    request, winner, discarder = engine_request(loaded, body, state)
    family = family_of(state.rules)
    score = score_json(request)
    out: dict[str, Any] = {"ok": bool(score.get("ok")), "score": score, "payments": None,
                           "unit": unit(state.rules, state.options), "total_unit": total_unit(state.rules),
                           "winner": winner, "discarder": discarder,
                           "context": _context_words(state, winner)}
    if not score.get("ok"):
        out["error"] = score.get("error", "the hand could not be read")
        _name_the_loser(score, state)
        return out
    out["item_units"] = item_units(state.rules, state.options, score)
    out.update(minimum_fields(family.minimum_text(state.options, score)))
    event = win_event(state, body, request, score, winner, discarder)
    claims = other_claims(loaded, body, winner, discarder, state)
    if claims:
        out["claims"] = [{"winner": claim["winner"], "score": claim["score"]} for claim in claims]
        bad = next((c for c in claims if not c["score"].get("ok")), None)
        if bad is not None:
            name = state.players[bad["winner"]]
            out.update(ok=False, error=f"{name}'s claim: {bad['score'].get('error')}")
            return out
        main = {key: event[key] for key in ("winner", "score", "hand", "others") if key in event}
        event = {key: value for key, value in event.items() if key not in ("winner", "score", "others")}
        event["claims"] = [main] + claims
    if score.get("valid") and score.get("meets_minimum"):
        try:
            if target is None:
                record = loaded.preview(event).records[-1]
            else:           # the amended hand in its place, and what it does to the later hands
                effects = amend_effects(loaded, target, event)
                if "refused" in effects:
                    out["amend_refused"] = effects["refused"]
                    out["event"] = event
                    return out
                record = effects["record"]
                out["later"] = effects["later"]
                out["later_count"] = effects["later_count"]
            out["payments"] = list(record.deltas)
            out["payment_lines"] = payment_lines(record)
            if claims:
                out["claims_note"] = record.summary
        except TableError as error:
            out["payment_error"] = str(error)
            fields = refusal_fields(error)
            if "code" in fields:
                out["payment_error_code"], out["payment_error_params"] = fields["code"], fields["params"]
    out["event"] = event
    return out


def _name_the_loser(score: dict[str, Any], state: TableState) -> None:
    """A loser's hand that cannot be read names its player as the field it was found in (the
    engine knows the loser by seat wind only)."""
    params = score.get("params") or {}
    if params.get("field") != "loser" or params.get("seat_wind") not in tuple("ESWN"):
        return
    player = state.seat_winds.index("ESWN".index(params["seat_wind"]))
    score["params"] = {**params, "field": state.players[player]}


def _context_words(state: TableState, winner: int) -> str:
    """The winner's seat wind, the round wind and the counters the hand is scored with."""
    context = hand_context(state, winner)
    names = {"E": "East", "S": "South", "W": "West", "N": "North"}
    words = f"Seat wind {names[context['seat_wind']]}, round wind {names[context['round_wind']]}"
    if state.flow.counter_on_dealer_win or state.flow.counter_on_draw:
        words += f", counters {state.honba}"
    if has_riichi(state):
        words += f", riichi sticks on the table {state.sticks}"
    return words


def other_claims(loaded: Loaded, body: Mapping[str, Any], winner: int,
                 discarder: int | None, state: TableState | None = None) -> list[dict[str, Any]]:
    """Other players who declared a win on the same discard, each scored by the engine; the
    table's preset decides who is paid (head bump, double ron, three claims = abortive draw)."""
    also = body.get("also_claimed") or []
    if not also:
        return []
    if discarder is None:
        raise BadRequest("only a win on a discard can be claimed by several players")
    if not isinstance(also, list) or len(also) > 2:
        raise BadRequest("also_claimed must be a list of at most two other claims")
    claims = []
    seen = {winner, discarder}
    for item in also:
        if not isinstance(item, Mapping):
            raise BadRequest("each entry of also_claimed must be an object with winner and hand")
        data = dict(item, win_by="ron", discarder=discarder, riichi=body.get("riichi") or [])
        request, other, _ = engine_request(loaded, data, state)
        if other in seen:
            raise BadRequest(f"player {other} cannot claim this discard twice or as its discarder")
        seen.add(other)
        score = score_json(request)
        claim: dict[str, Any] = {"winner": other, "score": score,
                                 "hand": {k: v for k, v in request.items() if k != "options"}}
        claims.append(claim)
    return claims


def win_event(state: TableState, body: Mapping[str, Any], request: Mapping[str, Any],
              score: Mapping[str, Any], winner: int, discarder: int | None) -> dict[str, Any]:
    event: dict[str, Any] = {"type": "win", "winner": winner, "discarder": discarder,
                             "score": dict(score), "riichi": _players(body, "riichi"),
                             "hand": {k: v for k, v in request.items() if k != "options"}}
    others = others_from_score(state, score)
    if others:
        event["others"] = others
    photo_id = body.get("photo_id")
    if photo_id not in (None, ""):
        if not isinstance(photo_id, str) or not re.fullmatch(r"[0-9a-f]{24}", photo_id):
            raise BadRequest(f"photo_id {photo_id!r} is not a photo id from this table's upload")
        event["photo"] = photo_id      # storage keeps it as the hand record's photo reference
    return event


def corrections_of(body: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The editor's changes to the reading: {index, was, now} (index None: a tile added by hand)."""
    corrections = body.get("corrections") or []
    if not isinstance(corrections, list) or len(corrections) > 60:
        raise BadRequest("corrections must be a list of {index, was, now}")
    out = []
    for item in corrections:
        if not isinstance(item, Mapping):
            raise BadRequest("each correction must be an object {index, was, now}")
        index = item.get("index")
        if index is not None:
            index = TILE_INDEX.parse(index, "correction index")
        was, now = item.get("was"), item.get("now")
        if was == "back" and now is not None:
            continue    # a face-down kong tile takes its kong's face: nothing was misread
        out.append({"index": index, "was": was, "now": now})
    return out


# -- disputes ------------------------------------------------------------------------------------

def parse_claim(text: str, winner: int, discarder: int | None) -> Claim:
    """'24' -> a total; 'All Pungs, Dora x2' -> items; '' or 'Mahjong' -> just a declared win."""
    text = (text or "").strip()
    if len(text) > 400:
        raise BadRequest("the claim is longer than 400 characters")
    if not text or text.casefold() in ("mahjong", "mah-jongg", "mah jongg", "hu", "ron", "tsumo"):
        return Claim(player=winner, discarder=discarder)
    if re.fullmatch(r"[0-9]{1,6}", text):
        return Claim(player=winner, discarder=discarder, total=int(text))
    items: list[tuple[str, int]] = []
    total = None
    for part in re.split(r"[,;\n]+", text):
        part = part.strip()
        if not part:
            continue
        if re.fullmatch(r"(total\s*)?=?\s*[0-9]{1,6}", part, flags=re.IGNORECASE):
            total = int(re.sub(r"[^0-9]", "", part))
            continue
        match = re.fullmatch(r"(.+?)\s*[x×]\s*([0-9]{1,2})", part)
        items.append((match.group(1), int(match.group(2))) if match else (part, 1))
    return Claim(player=winner, discarder=discarder, items=tuple(items), total=total)


def dispute(loaded: Loaded, body: Mapping[str, Any]) -> dict[str, Any]:
    """The declared claim beside the verified score, the differences, and the event to record."""
    request, winner, discarder = engine_request(loaded, body)
    score = score_json(request)
    state = loaded.head
    family = family_of(state.rules)
    out: dict[str, Any] = {"ok": bool(score.get("ok")), "score": score,
                           "unit": unit(state.rules, state.options), "total_unit": total_unit(state.rules),
                           "context": _context_words(state, winner)}
    if not score.get("ok"):
        out["error"] = score.get("error", "the hand could not be read")
        return out
    out["item_units"] = item_units(state.rules, state.options, score)
    claim = parse_claim(str(body.get("claim") or ""), winner, discarder)
    event_base = win_event(state, body, request, score, winner, discarder)
    try:
        verdict = settle(loaded.head, claim, score, hand=event_base["hand"],
                         riichi=event_base["riichi"], others=event_base.get("others"))
    except TableError as error:
        raise BadRequest(str(error)) from error
    event = dict(verdict.event)
    if "photo" in event_base:
        event["photo"] = event_base["photo"]
    declared = (f"{claim.total}" if claim.total is not None else "") + \
        (" (" + ", ".join(f"{name} x{count}" if count > 1 else name for name, count in claim.items) + ")"
         if claim.items else "")
    out.update(minimum_fields(family.minimum_text(loaded.head.options, score)))
    out["payments"] = list(verdict.deltas) if verdict.upheld else None
    out["dispute"] = {
        "upheld": verdict.upheld,
        "declared_text": declared.strip() or "Mahjong",
        "verified_text": (f"{score.get('total')} {total_unit(state.rules)}".strip() if score.get("valid")
                          else "not a winning hand"),
        "differences": [f"{d.name}: {d.why}" for d in verdict.differences] or ["no differences"],
        "details": [d.to_dict() for d in verdict.differences],
        "penalty": None if verdict.upheld else list(verdict.deltas),
    }
    out["event"] = event
    return out


# -- draws and penalties -------------------------------------------------------------------------

def draw_event(body: Mapping[str, Any]) -> dict[str, Any]:
    """A draw; an abortive one names one of the preset's kinds as its reason and may give the
    tiles that make it (the table checks them): player + tiles, discards, kongs."""
    abortive = body.get("abortive", False)
    if isinstance(abortive, str):
        abortive = abortive in ("1", "true", "abortive")
    if not isinstance(abortive, bool):
        raise BadRequest("abortive must be true or false")
    reason = body.get("reason") or ""
    if not isinstance(reason, str) or len(reason) > 200:
        raise BadRequest("reason must be text of at most 200 characters")
    event: dict[str, Any] = {"type": "draw", "abortive": abortive, "waiting": _players(body, "waiting"),
                             "riichi": _players(body, "riichi"), "reason": reason}
    if not abortive:
        return event
    player = _player(body, "player", optional=True)
    if player is not None:
        event["player"] = player
    for key in ("tiles", "discards"):
        text = _text(body, key).strip()
        if len(text) > 60:
            raise BadRequest(f"{key} is longer than any starting hand")
        if text:
            event[key] = text
    kongs = body.get("kongs") or []
    if not isinstance(kongs, list) or len(kongs) > 4:
        raise BadRequest("kongs must list who made each kong, at most four")
    if kongs:
        event["kongs"] = [_player({"kongs": value}, "kongs") for value in kongs]
    return event


def play_event(body: Mapping[str, Any]) -> dict[str, Any]:
    """The classical sheet's in-hand events: a discard that matters, a draw from the wall, a ready hand."""
    kind = body.get("type")
    if kind not in ("discard", "wall_draw", "ready"):
        raise BadRequest(f"type must be discard, wall_draw or ready, got {kind!r}")
    event: dict[str, Any] = {"type": kind, "player": _player(body, "player")}
    if kind == "discard":
        tile = _text(body, "tile").strip()
        if not tile or len(tile) > 4:
            raise BadRequest("tile must be one tile in notation, e.g. '5p'")
        event["tile"] = tile
    return event


def penalty_from(body: Mapping[str, Any], rules: str) -> dict[str, Any]:
    """A penalty at a table of ``rules``: its points within the preset's range (``points_range``)."""
    offender = _player(body, "offender")
    to = _player(body, "to", optional=True)
    points = points_range(rules).parse(body.get("points"), "points")
    reason = body.get("reason") or ""
    if not isinstance(reason, str):
        raise BadRequest("reason must be text")
    offence = body.get("offence") or None
    if offence is not None and not isinstance(offence, str):
        raise BadRequest("offence must be the name of a rule, e.g. 'revealed_hand'")
    try:
        return penalty_event(offender, points, to, reason[:200], offence=offence)  # type: ignore[arg-type]
    except TableError as error:
        raise BadRequest(str(error)) from error


def preview_deltas(loaded: Loaded, event: Mapping[str, Any]) -> list[int]:
    after = loaded.preview(event)
    return list(after.records[-1].deltas)
