"""The preset registry: a preset name -> its family module and option defaults.

Each family is a package here (``mcr``, ``riichi``, ``babcock``) whose ``family`` module declares
``PRESETS`` (name -> option defaults, as data) and ``score_hand(hand, options, request)``. This
module merges a request's option overrides into the preset, rejecting unknown names: a typo must
not change a score.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Mapping
from types import ModuleType
from typing import Any

from engine.core.hand import HandError, hand_from_dict
from engine.core.result import Score

# The family packages, in the order the presets are offered; a new family is a package here and a name
# in this list.
FAMILY_PACKAGES = ("mcr", "riichi", "babcock")


class RulesError(ValueError):
    """An unknown preset or option, or an option value of the wrong type."""


def _families() -> list[ModuleType]:
    # A family whose module is not present yet is simply not offered; one that fails to import raises.
    names = [f"{__name__}.{package}" for package in FAMILY_PACKAGES]
    return [importlib.import_module(f"{name}.family") for name in names
            if importlib.util.find_spec(name) is not None]


def family_name(module: ModuleType) -> str:
    """A family module's name: the name of its package (``mcr``, ``riichi``, ``babcock``)."""
    return module.__name__.rsplit(".", 2)[-2]


def presets() -> dict[str, tuple[ModuleType, dict[str, Any]]]:
    """Every preset name with its family module and option defaults."""
    table: dict[str, tuple[ModuleType, dict[str, Any]]] = {}
    for module in _families():
        for name, defaults in module.PRESETS.items():
            table[name] = (module, dict(defaults))
    return table


_PRESETS_CACHE: dict[str, tuple[ModuleType, dict[str, Any]]] | None = None


def get_preset(name: str) -> tuple[ModuleType, dict[str, Any]]:
    global _PRESETS_CACHE  # a read-only cache of static data, filled once on first use
    if _PRESETS_CACHE is None:
        _PRESETS_CACHE = presets()
    if name not in _PRESETS_CACHE:
        raise RulesError(f"unknown rules {name!r}; presets: {', '.join(sorted(_PRESETS_CACHE))}")
    module, defaults = _PRESETS_CACHE[name]
    return module, dict(defaults)


def resolve_options(name: str, overrides: Mapping[str, Any] | None) -> tuple[ModuleType, dict[str, Any]]:
    """The preset's options with overrides applied; unknown names and wrong types are errors."""
    module, options = get_preset(name)
    for key, value in (overrides or {}).items():
        if key not in options:
            raise RulesError(
                f"unknown option {key!r} for rules {name!r}; options: {', '.join(sorted(options))}")
        default = options[key]
        if default is not None and not _same_type(default, value):
            raise RulesError(
                f"option {key!r} must be {type(default).__name__}, got {value!r}")
        options[key] = value
    return module, options


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
        raise HandError("each input must be a JSON object")
    rules = data.get("rules") or "mcr"
    overrides = data.get("options") or {}
    if not isinstance(overrides, Mapping):
        raise RulesError("options must be a JSON object")
    module, options = resolve_options(rules, overrides)
    hand = hand_from_dict(data)
    return module.score_hand(hand, options, data)


def score_json(data: Any) -> dict[str, Any]:
    """Like score_request, but never raises for bad input: errors become {"ok": false}."""
    try:
        return score_request(data).to_dict()
    except (HandError, RulesError, ValueError) as error:
        return {"ok": False, "error": str(error)}
