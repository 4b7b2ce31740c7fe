"""Every refusal of the table carries a stable code and its params beside the English text, and
the code's template, filled in with the params, is that text exactly (so a reader in another
language gets the same refusal from the translated template)."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from engine.core.coded import CodedError, coded_cause, fill
from engine.core.hand import HandError
from engine.core.tiles import NotationError
from engine.families import RulesError
from engine.table.events import TableError
from engine.table.messages import MESSAGES
from engine.table.state import Table

PLAYERS = ("Ann", "Bob", "Cid", "Dee")
ENGINE = Path(__file__).resolve().parents[3] / "engine"
REFUSED = "table.refused"    # a TableError said in other words, without a template of its own


def codes_in_source() -> set[str]:
    """Every table code the engine's source names, outside the templates themselves."""
    codes: set[str] = set()
    for path in ENGINE.rglob("*.py"):
        if path != ENGINE / "table" / "messages.py":
            codes.update(re.findall(r'"(table\.[a-z_]+)"', path.read_text()))
    return codes - {REFUSED}


def test_every_code_raised_has_a_template_and_every_template_is_raised() -> None:
    used = codes_in_source()
    assert {"table.game_over", "table.dead_hand", "table.no_riichi_option_off"} <= used
    assert used - set(MESSAGES) == set()
    assert set(MESSAGES) - used == set(), "a template no refusal uses"


@pytest.mark.parametrize("code", sorted(MESSAGES))
def test_templates_are_format_strings_with_named_placeholders(code: str) -> None:
    parsed = string.Formatter().parse(MESSAGES[code])
    names = [field for _text, field, _spec, _conv in parsed if field is not None]
    assert all(re.fullmatch(r"[a-z_]+", name) for name in names), names
    params = {name: f"<{name}>" for name in names}
    assert fill(MESSAGES[code], params).count("<") == len(names)


def refusal(event: dict, rules: str = "riichi", log: tuple = ()) -> TableError:
    table = Table(rules, PLAYERS, log=log)
    with pytest.raises(TableError) as caught:
        table.record(event)
    return caught.value


@pytest.mark.parametrize(("rules", "event", "code", "params"), [
    ("riichi", {"type": "undo"}, "table.nothing_to_undo", {}),
    ("riichi", {"type": "shout"}, "table.unknown_event_type", {"type": "'shout'"}),
    ("riichi", {"type": "win", "winner": 9}, "table.not_a_player", {"key": "winner", "value": "9"}),
    ("riichi", {"type": "draw", "abortive": True, "reason": "rain"}, "table.abortive_reason", None),
    ("mcr", {"type": "draw", "abortive": True, "reason": "four_kongs"}, "table.no_abortive_draws",
     {"rules": "mcr"}),
    ("mcr", {"type": "draw", "riichi": [1]}, "table.no_riichi", {"rules": "mcr"}),
    ("riichi", {"type": "penalty", "offender": 0, "deltas": [-3, 1, 1, 1], "offence": "nope"},
     "table.unknown_offence", {"offence": "'nope'", "rules": "riichi", "offences": "none"}),
    ("riichi", {"type": "win", "winner": 1, "score": {"total": -5, "details": {"declared": True}}},
     "table.value_negative", {"player": "Bob", "total": -5}),
    ("riichi", {"type": "discard", "player": 0, "tile": "5p"}, "table.no_play_events", {"rules": "riichi"}),
])
def test_refusals_carry_their_code_and_params(rules, event, code, params) -> None:
    error = refusal(event, rules)
    assert error.code == code
    if params is not None:
        assert error.params == params
    assert str(error) == fill(MESSAGES[code], error.params)
    assert error.to_dict() == {"error": str(error), "code": code, "params": error.params}


def test_a_bad_token_in_a_draws_evidence_keeps_the_notation_code_and_its_field() -> None:
    error = refusal({"type": "draw", "abortive": True, "reason": "nine_terminals", "player": 0,
                     "tiles": "19m5x"})
    assert error.code == "notation.unexpected_character"
    assert error.params == {"char": "x", "position": 4, "field": "tiles"}
    assert str(error).startswith("tiles: unexpected character 'x' at position 4")


def test_a_second_false_win_names_the_player_whose_hand_is_dead() -> None:
    table = Table("mcr", PLAYERS)        # MCR: the offender plays on with a dead hand
    table.record({"type": "false_win", "offender": 2})
    error = refusal({"type": "false_win", "offender": 2}, "mcr", tuple(table.log))
    assert (error.code, error.params) == ("table.already_dead", {"player": "Cid"})
    assert str(error) == "Cid's hand is already dead in this hand"


def test_the_engines_other_errors_are_coded_too() -> None:
    for kind in (HandError, NotationError, RulesError, TableError):
        assert issubclass(kind, CodedError) and issubclass(kind, ValueError)
    inner = NotationError("bad", code="notation.not_text", params={"type": "int"})
    try:
        try:
            raise inner
        except ValueError as error:
            raise TableError.wrap(error) from error
    except TableError as wrapped:
        assert (wrapped.code, wrapped.params, str(wrapped)) == ("notation.not_text", {"type": "int"}, "bad")
        assert coded_cause(RuntimeError("outer")) is None
        outer = RuntimeError("outer")
        outer.__cause__ = wrapped
        assert coded_cause(outer) is wrapped
    assert TableError("said in other words").code == "table.refused"
