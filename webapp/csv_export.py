"""The table's CSV download as a person opens it: column names in the reader's language, and the
separator their spreadsheet expects (a semicolon where the decimal mark is a comma, as in
Polish), and each hand's kind and summary in their words (as the table page titles it). The rows
are the storage's own export (one rule for what a row holds); the API's ``export.csv`` stays the
locale-free English original.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

from babel.numbers import get_decimal_symbol
from flask_babel import get_locale, gettext

from webapp.storage.transfer import spreadsheet_text

# Excel opens a UTF-8 file as UTF-8 (Chinese and Japanese names intact) only with this mark.
BOM = "\ufeff"


def _headers(players: list[str]) -> list[str]:
    return ([gettext("event"), gettext("hand"), gettext("label"), gettext("kind"), gettext("summary")]
            + [spreadsheet_text(gettext("%(name)s change", name=name)) for name in players]
            + [spreadsheet_text(gettext("%(name)s total", name=name)) for name in players])


def localized_csv(english_csv: str, players: list[str], words: Sequence[tuple[str, str]] = ()) -> str:
    """The storage's CSV with translated column names and the locale's separator; ``words`` are
    each record's kind and summary in the reader's language, in the rows' order (the last row,
    the totals, has none)."""
    rows = list(csv.reader(io.StringIO(english_csv)))
    for row, (kind, summary) in zip(rows[1:], words, strict=False):
        row[3], row[4] = kind, spreadsheet_text(summary)
    if len(rows) > 1 and rows[-1][3] == "total":
        rows[-1][3] = gettext("total")
    locale = get_locale()
    delimiter = ";" if locale is not None and get_decimal_symbol(locale) == "," else ","
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\r\n")
    if rows:
        writer.writerow(_headers(players))
        writer.writerows(rows[1:])
    return BOM + out.getvalue()
