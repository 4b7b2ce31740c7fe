"""A readable breakdown of any Score: the table a player reads at the table or in a terminal.

Works for every family (fan points, han, doubles or points are all "value" here); the CLI prints it,
and anything that wants plain text (logs, a dispute note) can reuse it. The words are English
unless the caller passes a ``words`` object that writes them in another language (the command line
passes its gettext, item titles and translated reasons).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field

from engine.core.result import Excluded, Item, Score


def _same(text: str) -> str:
    return text


@dataclass(frozen=True)
class Words:
    """How a breakdown writes its words: ``text`` the table's own ("Item", "Total", ...), and each
    item's name and reason and each excluded fan's reason. English, as the engine writes them,
    by default."""

    text: Callable[[str], str] = _same
    name: Callable[[Item | Excluded], str] = field(default=lambda item: item.name)
    why: Callable[[Item], str] = field(default=lambda item: item.why)
    because: Callable[[Excluded], str] = field(default=lambda excluded: excluded.because)
    reason: Callable[[Score], str | None] = field(default=lambda score: score.reason)


ENGLISH = Words()


def _width(text: str) -> int:
    """Columns a terminal gives the text: CJK names (Hong Kong, Taiwanese) take two per character."""
    return sum(2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in text)


def _pad(text: str, width: int) -> str:
    return text + " " * max(0, width - _width(text))


def format_score(score: Score, *, title: str | None = None, width: int = 100, words: Words = ENGLISH) -> str:
    """A fixed-width text table: one line per item with its reason, then totals and payments."""
    text = words.text
    lines: list[str] = []
    if title:
        lines.append(title)
    if not score.valid:
        lines.append(text("Not a win: {reason}").format(
            reason=words.reason(score) or text("the tiles do not make a winning hand")))
        return "\n".join(lines)
    names = [words.name(item) for item in score.items]
    name_width = max([_width(name) for name in names] + [_width(text("Item"))])
    value_width = max(5, _width(text("Value")))
    sub_width = max(5, _width(text("Sub")))
    header = (f"{_pad(text('Item'), name_width)}  {_pad_left(text('Value'), value_width)}  {'x':>2}  "
              f"{_pad_left(text('Sub'), sub_width)}  {text('Why')}")
    lines.append(header)
    lines.append("-" * min(width, max(_width(header), 40)))
    for item, name in zip(score.items, names, strict=True):
        subtotal = item.value * item.count
        row = (f"{_pad(name, name_width)}  {item.value:>{value_width}}  {item.count:>2}  "
               f"{subtotal:>{sub_width}}  {words.why(item)}")
        lines.append(_clip(row, width))
    lines.append("-" * min(width, max(_width(header), 40)))
    total = text("Total: {total}").format(total=score.total)
    extras = [f"{text(label)} {value}" for label, value in (("han", score.han), ("fu", score.fu),
                                                            ("limit", score.limit)) if value is not None]
    if extras:
        total += "  (" + ", ".join(extras) + ")"
    lines.append(total)
    if not score.meets_minimum:
        lines.append(text("Below the minimum: {reason}").format(
            reason=words.reason(score) or text("this hand may not win")))
    if score.payments:
        lines.append(text("Payments: {payments}").format(
            payments=", ".join(_payment(role, amount, text) for role, amount in score.payments.items())))
    if score.excluded:
        lines.append(text("Not counted:"))
        for excluded in score.excluded:
            line = f"  {words.name(excluded)} ({excluded.value}): {words.because(excluded)}"
            lines.append(_clip(line, width))
    return "\n".join(lines)


def _pad_left(text: str, width: int) -> str:
    return " " * max(0, width - _width(text)) + text


def _payment(role: str, amount: int, text: Callable[[str], str]) -> str:
    if role == "others":
        return text("others {amount} each").format(amount=f"{amount:+d}")
    return f"{text(role)} {amount:+d}"


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[:width - 3] + "..."
