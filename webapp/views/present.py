"""What the pages and the API show of a table: one JSON-able view built from the replayed state.

Pages and the API use the same view, so the scoreboard's JSON and the table page never disagree.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.families import get_preset
from engine.families.protocol import Family
from engine.table.fold import effective_events
from webapp.storage.clubs import ClubRef
from webapp.storage.loaded import HISTORY_PAGE, Page
from webapp.views import backend
from webapp.views.backend import Loaded
from webapp.views.final_standings import final_standings
from webapp.views.units import describe_options, has_riichi, item_unit

WIND_NAMES = {"E": "East", "S": "South", "W": "West", "N": "North"}

# What a page needs to title a hand in the reader's language (webapp/labels.hand_title).
TITLE_FACTS = ("winners", "discarder", "total", "waiting", "reason", "offender")


def family_of(rules: str) -> Family:
    """The family of a table's preset: it says what the pages show (flags, units, texts)."""
    return get_preset(rules)[0]


def table_club(loaded: Loaded) -> ClubRef | None:
    """The club a table belongs to (None for a table outside clubs), named by its read-only link."""
    club_id = loaded.ref.club_id
    return None if club_id is None else backend().storage.club_of_table(club_id)


def table_view(loaded: Loaded, *, with_secrets: bool = False, limit: int = HISTORY_PAGE,
               before: int | None = None) -> dict[str, Any]:
    """The table as pages and the API see it; ``with_secrets`` adds the read-only link's token.

    The history is one page of hands (the newest ``limit``, or those before position ``before``)
    and the chart follows the same hands, so a read costs the same at 10 or 10,000 hands;
    ``older`` and ``newer`` are the ``before`` values of the neighbouring pages (None at an end).
    """
    state = loaded.head
    page = loaded.page(limit, before)
    family = family_of(state.rules)
    winds = state.seat_winds
    players = []
    short_names = loaded.short_names
    for player, name in enumerate(state.players):
        letter = "ESWN"[winds[player]]
        # The seat card's name: a club player's short name where the club gave one.
        card_name = (short_names[player] if player < len(short_names) else "") or name
        players.append({"player": player, "seat": player, "name": name, "card_name": card_name,
                        "wind": letter,
                        "wind_name": WIND_NAMES[letter], "is_dealer": player == state.dealer,
                        "total": state.totals[player], "dead": player in state.dead})
    # Players keep their places in the order they were entered (the winds move, the players do not).
    history = [history_entry(record, page.start + offset + 1, page.events.get(record.event_id),
                             state.rules, state.options)
               for offset, record in enumerate(page.records)]
    view: dict[str, Any] = {
        "name": loaded.ref.name, "rules": state.rules, "family": family.name,
        "options": dict(state.options), "version": loaded.version, "players": players,
        "player_names": list(state.players), "round_wind": state.round_wind,
        "round_wind_name": WIND_NAMES[state.round_wind], "hand_number": state.hand_number,
        "label": state.label, "dealer": state.dealer, "counters": state.honba,
        "riichi_sticks": state.sticks, "pot": state.stick_points, "finished": state.finished,
        "end_reason": state.end_reason, "standings": final_standings(state),
        "fixed_hands": state.flow.fixed_hands,
        "uses_counters": bool(state.flow.counter_on_dealer_win or state.flow.counter_on_draw),
        "uses_sticks": has_riichi(state), "totals": list(state.totals),
        "history": history, "hand_count": page.count, "history_start": page.start,
        "older": page.start if page.start > 0 else None,
        "newer": min(page.count, page.end + limit) if page.end < page.count else None,
        "chart": chart_of(state, page), "option_words": describe_options(family, state.options),
    }
    if with_secrets:
        view["view_token"] = loaded.ref.view_token
    return view


def history_entry(record: Any, number: int, event: dict[str, Any] | None, rules: str,
                  options: dict[str, Any]) -> dict[str, Any]:
    """One settled hand as the history shows it (``number`` counts from 1 at the first hand)."""
    return {
        "index": record.event_id, "number": number, "kind": record.kind,
        "title": record.summary + _extras(record), "round_label": record.label,
        "hand_number": record.hand_number,
        "deltas": list(record.deltas), "totals": list(record.totals),
        "photo_id": event.get("photo") if event else None,
        "lines": payment_lines(record) if record.kind == "win" else None,
        "winner": record.details.get("winner"),
        "facts": {**title_facts(record), "items": _detail_items(event, rules, options)},
        "detail": _detail(event, rules, options),
        "amendable": record.kind in ("win", "false_win") and bool(event and event.get("hand")),
    }


def entry_for(loaded: Loaded, event_id: int) -> dict[str, Any] | None:
    """The history entry of one hand by its event id, or None (reads the whole history: the hand
    page is on the way to an amendment, which replays the log anyway)."""
    for number, record in enumerate(loaded.state.records, start=1):
        if record.event_id == event_id:
            return history_entry(record, number, _event(loaded, event_id), loaded.head.rules,
                                 dict(loaded.head.options))
    return None


def payment_lines(record: Any) -> dict[str, list[int]]:
    """A win's payments by player in three lines that add up to its deltas: the hand's value,
    the counters' (honba) bonus, and the riichi sticks (declared this hand and taken from the
    table)."""
    details = record.details
    paid = list(details.get("payments") or record.deltas)
    counters = list(details.get("counter_payments") or [0, 0, 0, 0])
    value = [p - c for p, c in zip(paid, counters, strict=True)]
    sticks = [d - p for d, p in zip(record.deltas, paid, strict=True)]
    return {"value": value, "counters": counters, "sticks": sticks}


def title_facts(record: Any) -> dict[str, Any]:
    """What a hand's title is written from in the reader's language (webapp/labels.hand_title)."""
    return {**{key: record.details[key] for key in TITLE_FACTS if key in record.details},
            **_extra_facts(record)}


def _extra_facts(record: Any) -> dict[str, int]:
    """A win's counters (honba) bonus to the winner and the riichi sticks' points it took, where
    not zero: the facts the pages title them from in the reader's language."""
    if record.kind != "win":
        return {}
    winner = record.details.get("winner")
    counters = record.details.get("counter_payments") or [0, 0, 0, 0]
    facts = {}
    if winner is not None and counters[winner]:
        facts["counter_points"] = counters[winner]
    if record.details.get("sticks_taken"):
        facts["stick_points"] = record.details["sticks_taken"]
    return facts


def _extras(record: Any) -> str:
    """The API's English words after a win's title for its counters and sticks."""
    facts = _extra_facts(record)
    parts = []
    if "counter_points" in facts:
        parts.append(f"{facts['counter_points']:+d} counters")
    if "stick_points" in facts:
        parts.append(f"{facts['stick_points']:+d} riichi sticks")
    return f" ({', '.join(parts)})" if parts else ""


def _event(loaded: Loaded, event_id: int) -> dict[str, Any] | None:
    """The event that produced a record, amendments applied (the latest replacement wins)."""
    log = loaded.log
    if not 0 <= event_id < len(log):
        return None
    return dict(_current_events(loaded).get(event_id, log[event_id]))


def _current_events(loaded: Loaded) -> dict[int, Mapping[str, Any]]:
    """The events that count, amendments (and the later wins they scored again) and undos applied,
    by event id (cached per read)."""
    cached = getattr(loaded, "_current_events", None)
    if cached is None:
        cached = dict(effective_events(loaded.log))
        loaded._current_events = cached  # type: ignore[attr-defined]
    return cached


def event_for(loaded: Loaded, event_id: int) -> dict[str, Any] | None:
    return _event(loaded, event_id)


def _detail_items(event: dict[str, Any] | None, rules: str, options: dict[str, Any]) -> list[list[Any]]:
    """[name, points, unit] of each item of a win, for its one-line detail (the pages write it in
    the reader's language from these); the unit is each line's own (points or doubles)."""
    if not event or event.get("type") != "win":
        return []
    score = event.get("score") or ((event.get("claims") or [{}])[0].get("score")) or {}
    return [[item["name"], item["value"] * item.get("count", 1), item_unit(rules, options, item)]
            for item in score.get("items") or []]


def _detail(event: dict[str, Any] | None, rules: str, options: dict[str, Any]) -> str:
    items = _detail_items(event, rules, options)
    text = ", ".join(f"{name} {points}{(' ' + unit) if unit else ''}" for name, points, unit in items[:6])
    if len(items) > 6:
        text += f", and {len(items) - 6} more"
    return text


def chart_of(state: Any, page: Page) -> dict[str, Any]:
    """Totals after each hand of the page per player, from the totals before its first hand (the
    preset's starting points at the first hand of the table)."""
    start_label = page.previous.label if page.previous is not None else "start"
    labels = [start_label] + [f"{record.label}" for record in page.records]
    series = []
    for player, name in enumerate(state.players):
        before = page.previous.totals[player] if page.previous is not None else state.flow.start_points
        series.append({"name": name, "data": [before] + [record.totals[player] for record in page.records]})
    return {"labels": labels, "series": series}


def preset_catalogue() -> list[dict[str, Any]]:
    """Every preset with its options (name, default, kind, label) for the new-table form and API."""
    from engine.families import presets  # noqa: PLC0415 - reads the registry at request time

    out = []
    for name, (family, _) in sorted(presets().items()):
        options = []
        for option in family.options(name):
            item = option.to_dict()
            spec = option.spec
            if spec.choices:         # a choice in its family's words
                item["choices"] = [(value, spec.words_for(value)) for value in spec.choices]
                item["kind"] = "choice"
            item.update({"range": spec.describe(), "min": spec.minimum, "max": spec.maximum,
                         "about": spec.about})
            options.append(item)
        label = f"{family.preset_title(name)} · {name}"
        out.append({"name": name, "family": family.name, "label": label, "options": options})
    return out
