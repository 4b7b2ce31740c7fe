"""The table's CSV download as a person opens it: column names in the reader's language, and the
separator their spreadsheet expects (a semicolon where the decimal mark is a comma, as in
Polish). The rows are the storage's own export (one rule for what a row holds); the API's
``export.csv`` stays the locale-free English original.
"""

from __future__ import annotations

import csv
import io

from babel.numbers import get_decimal_symbol
from flask_babel import get_locale, gettext

# Excel opens a UTF-8 file as UTF-8 (Chinese and Japanese names intact) only with this mark.
BOM = "\ufeff"


def _headers(players: list[str]) -> list[str]:
    return ([gettext("event"), gettext("hand"), gettext("label"), gettext("kind"), gettext("summary")]
            + [gettext("%(name)s change", name=name) for name in players]
            + [gettext("%(name)s total", name=name) for name in players])


def localized_csv(english_csv: str, players: list[str]) -> str:
    """The storage's CSV with translated column names and the locale's separator."""
    rows = list(csv.reader(io.StringIO(english_csv)))
    locale = get_locale()
    delimiter = ";" if locale is not None and get_decimal_symbol(locale) == "," else ","
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\r\n")
    if rows:
        writer.writerow(_headers(players))
        writer.writerows(rows[1:])
    return BOM + out.getvalue()
