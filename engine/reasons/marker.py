"""``N_``: marks an English message for the catalogs' extraction (``make translations-extract``)
where it is written; whoever shows it translates it then. Pure: it returns its argument."""

from __future__ import annotations


def N_(message: str) -> str:
    """The message itself; pybabel extracts every ``N_("...")``."""
    return message
