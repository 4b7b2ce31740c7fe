"""The family registry: a preset name -> its family and option defaults.

Each family is a package (``engine.families.mcr``, ``.riichi``, ``.babcock``, ``.hongkong``,
``.taiwanese``) whose ``family`` module builds one ``Family`` (see ``engine.families.protocol``)
named ``FAMILY``: everything the table, the command lines and the pages know of it. A new family
is a new package and its name in ``FAMILY_PACKAGES``; nothing else changes. This module merges a
request's option overrides into the preset, rejecting unknown names and values: a typo must not
change a score.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Mapping
from typing import Any

from engine.core.coded import CodedError
from engine.core.hand import DeclaredHand, HandError, hand_from_dict
from engine.core.result import Score
from engine.families.option_specs import OptionValueError, check_options
from engine.families.protocol import Family
from engine.names import add_native_names

# The family packages, in the order their presets are offered (the first preset is the default).
FAMILY_PACKAGES = ["engine.families.mcr", "engine.families.riichi", "engine.families.babcock",
                   "engine.families.hongkong", "engine.families.taiwanese"]


class RulesError(CodedError):
    """An unknown preset or option, or an option value of the wrong type; ``code`` and ``params``
    say the same for the web layer's translated message."""

    def __init__(self, message: str, *, code: str = "rules.invalid",
                 params: dict[str, Any] | None = None) -> None:
        super().__init__(message, code=code, params=params)


def families() -> list[Family]:
    """Every registered family. A package that is not there yet is simply not offered; one that
    fails to import raises."""
    return [importlib.import_module(f"{name}.family").FAMILY for name in FAMILY_PACKAGES
            if importlib.util.find_spec(name) is not None]


def default_preset() -> str:
    """The preset a request or a form without one plays: the first of the first family."""
    return next(iter(families()[0].presets))


def presets() -> dict[str, tuple[Family, dict[str, Any]]]:
    """Every preset name with its family and option defaults."""
    table: dict[str, tuple[Family, dict[str, Any]]] = {}
    for family in families():
        for name, defaults in family.presets.items():
            table[name] = (family, dict(defaults))
    return table


_PRESETS_CACHE: dict[str, tuple[Family, dict[str, Any]]] | None = None


def get_preset(name: str) -> tuple[Family, dict[str, Any]]:
    global _PRESETS_CACHE  # a read-only cache of static data, filled once on first use
    if _PRESETS_CACHE is None:
        _PRESETS_CACHE = presets()
    if name not in _PRESETS_CACHE:
        raise RulesError(f"unknown rules {name!r}; presets: {', '.join(sorted(_PRESETS_CACHE))}",
                         code="rules.unknown_preset", params={"rules": str(name)})
    family, defaults = _PRESETS_CACHE[name]
    return family, dict(defaults)


def family_named(name: str) -> Family:
    """The family registered under ``name`` (``Family.name``, as a table's view stores it)."""
    for family in families():
        if family.name == name:
            return family
    raise RulesError(f"unknown rule family {name!r}", code="rules.unknown_preset", params={"rules": name})


def family_of(preset: str) -> Family:
    """The family a preset belongs to; RulesError for an unknown preset."""
    return get_preset(preset)[0]


def resolve_options(name: str, overrides: Mapping[str, Any] | None) -> tuple[Family, dict[str, Any]]:
    """The preset's options with overrides applied; unknown names, wrong types, values outside an
    option's choices or range (``engine.families.option_specs``) are errors that name the option."""
    family, options = get_preset(name)
    if overrides is None:
        overrides = {}
    if not isinstance(overrides, Mapping):     # [], 0, false and "" are no more options than [1]
        raise RulesError("options must be a JSON object", code="rules.options_not_object")
    for key, value in overrides.items():
        if key not in options:
            raise RulesError(
                f"unknown option {key!r} for rules {name!r}; options: {', '.join(sorted(options))}",
                code="rules.unknown_option", params={"option": str(key), "rules": name})
        default = options[key]
        if default is not None and not _same_type(default, value):
            raise RulesError(
                f"option {key!r} must be {type(default).__name__}, got {value!r}",
                code="rules.option_type", params={"option": key, "value": repr(value)})
        spec = family.option_specs.get(key)
        if spec is not None and spec.choices and value not in spec.choices:
            choices = ", ".join(str(choice) for choice in spec.choices)
            raise RulesError(f"option {key!r} must be one of {choices}, got {value!r}",
                             code="rules.option_choice",
                             params={"option": key, "choices": choices, "value": repr(value)})
        options[key] = value
    try:
        check_options(family.option_specs, options)
    except OptionValueError as error:
        raise RulesError(str(error)) from error
    return family, options


def _same_type(default: Any, value: Any) -> bool:
    if isinstance(default, bool):
        return isinstance(value, bool)
    if isinstance(default, int):
        return isinstance(value, int) and not isinstance(value, bool)
    if isinstance(default, float):
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return isinstance(value, type(default))


def score_request(data: Mapping[str, Any]) -> Score:
    """Score one request object of the ``engine score`` contract; raises HandError/RulesError."""
    if not isinstance(data, Mapping):
        raise HandError("each input must be a JSON object", code="request.not_an_object")
    rules = data.get("rules") or default_preset()
    family, options = resolve_options(rules, data.get("options"))
    hand = hand_from_dict(data, sets=family.hand_sets)
    check_flags(hand, family, rules)
    return family.score(hand, options, data)


def check_flags(hand: DeclaredHand, family: Family, rules: str) -> None:
    """Refuse a flag the preset's family does not read: another family's word for a situation
    (Riichi's "tenhou" at a Taiwanese table) would otherwise be dropped with its score."""
    vocabulary = family.flag_vocabulary()
    unknown = sorted(hand.flags - vocabulary)
    if unknown:
        raise HandError(f"flag {unknown[0]!r} is not one {rules} reads; its flags: "
                        f"{', '.join(sorted(vocabulary))}",
                        code="hand.unknown_flag", params={"flag": unknown[0]})


def score_json(data: Any) -> dict[str, Any]:
    """Like score_request, but never raises for bad input: errors become {"ok": false}.
    Each item carries its ``native_name`` beside the English one, and its reason's code and
    params beside the English text (``why_code``, ``why_params``; ``because_code`` and
    ``because_params`` for an excluded fan)."""
    try:
        score = score_request(data)    # first: it refuses what is not a request object
        return score_dict(score, family_of(data.get("rules") or default_preset()))
    except (HandError, RulesError, ValueError) as error:
        return error_json(error)


def score_dict(score: Score, family: Family) -> dict[str, Any]:
    """A score as ``score_json`` gives it: its own dict (each reason's code and params beside the
    English) with each item's ``native_name``."""
    return add_native_names(score.to_dict(), family)


def error_json(error: ValueError) -> dict[str, Any]:
    """``{"ok": false}`` with the English message, and the code and params a translation needs
    (errors without a code of their own get "invalid")."""
    return {"ok": False, "error": str(error), "code": getattr(error, "code", "invalid"),
            "params": dict(getattr(error, "params", {}))}
