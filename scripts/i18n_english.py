"""Fill the English catalogs: English is the source language, so each msgstr is its msgid.

``make translations-extract`` runs this after ``pybabel update``, so the English catalogs list
every message like the others and the completeness test treats every language alike.
Usage: python scripts/i18n_english.py webapp/translations
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po


def fill(path: Path) -> int:
    """Set msgstr = msgid for every untranslated message of one catalog; return how many."""
    with path.open("rb") as handle:
        catalog = read_po(handle)
    filled = 0
    for message in catalog:
        if not message.id:
            continue
        if message.pluralizable:
            if not any(message.string):
                message.string = tuple(message.id)
                filled += 1
        elif not message.string:
            message.string = message.id
            filled += 1
        message.flags.discard("fuzzy")
    with path.open("wb") as handle:
        write_po(handle, catalog, width=100, omit_header=False)
    return filled


def main(argv: list[str]) -> int:
    root = Path(argv[1] if len(argv) > 1 else "webapp/translations")
    for path in sorted((root / "en" / "LC_MESSAGES").glob("*.po")):
        print(f"{path}: {fill(path)} filled")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
