"""A readable breakdown of any Score: the table a player reads at the table or in a terminal.

Works for every family (fan points, han, doubles or points are all "value" here); the CLI prints it,
and anything that wants plain text (logs, a dispute note) can reuse it.
"""

from __future__ import annotations

import unicodedata

from engine.core.result import Score


def _width(text: str) -> int:
    """Columns a terminal gives the text: CJK names (Hong Kong, Taiwanese) take two per character."""
    return sum(2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in text)


def _pad(text: str, width: int) -> str:
    return text + " " * max(0, width - _width(text))


def format_score(score: Score, *, title: str | None = None, width: int = 100) -> str:
    """A fixed-width text table: one line per item with its reason, then totals and payments."""
    lines: list[str] = []
    if title:
        lines.append(title)
    if not score.valid:
        lines.append(f"Not a win: {score.reason or 'the tiles do not make a winning hand'}")
        return "\n".join(lines)
    name_width = max([_width(item.name) for item in score.items] + [4])
    header = f"{'Item':<{name_width}}  {'Value':>5}  {'x':>2}  {'Sub':>5}  Why"
    lines.append(header)
    lines.append("-" * min(width, max(len(header), 40)))
    for item in score.items:
        subtotal = item.value * item.count
        row = f"{_pad(item.name, name_width)}  {item.value:>5}  {item.count:>2}  {subtotal:>5}  {item.why}"
        lines.append(_clip(row, width))
    lines.append("-" * min(width, max(len(header), 40)))
    total = f"Total: {score.total}"
    extras = [f"{label} {value}" for label, value in (("han", score.han), ("fu", score.fu),
                                                      ("limit", score.limit)) if value is not None]
    if extras:
        total += "  (" + ", ".join(extras) + ")"
    lines.append(total)
    if not score.meets_minimum:
        lines.append(f"Below the minimum: {score.reason or 'this hand may not win'}")
    if score.payments:
        lines.append("Payments: " + ", ".join(_payment(role, amount)
                                              for role, amount in score.payments.items()))
    if score.excluded:
        lines.append("Not counted:")
        for excluded in score.excluded:
            lines.append(_clip(f"  {excluded.name} ({excluded.value}): {excluded.because}", width))
    return "\n".join(lines)


def _payment(role: str, amount: int) -> str:
    each = " each" if role == "others" else ""
    return f"{role} {amount:+d}{each}"


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[:width - 3] + "..."
