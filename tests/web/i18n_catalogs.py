"""Helpers for the translation tests: extract the messages the sources use now, read a language's
catalog, and compile the catalogs as ``make translations`` does (so a test run never depends on
someone having run make first)."""

from __future__ import annotations

from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS = ROOT / "webapp" / "translations"
# the shipped languages besides English, whose catalogs must translate every message
TRANSLATED = ("pl", "zh_Hans", "zh_Hant", "ja")
DOMAINS = {"messages": ("babel.cfg", ["-k", "_l", "-k", "lazy_gettext", "-k", "NP_:1,2"]),
           "js": ("babel-js.cfg", ["-k", "t", "-k", "pt:1c,2"]),
           "vision": ("babel-vision.cfg", ["-k", "NP_:1,2"])}
# Where each domain's catalogs are: the vision command line has its own.
FOLDERS = {"messages": TRANSLATIONS, "js": TRANSLATIONS, "vision": ROOT / "vision" / "translations"}


def _pybabel(*args: str) -> None:
    CommandLineInterface().run(["pybabel", "-q", *args])


def extract(domain: str, folder: Path) -> Catalog:
    """The messages the sources use now, as ``make translations-extract`` extracts them."""
    config, keywords = DOMAINS[domain]
    out = folder / f"{domain}.pot"
    _pybabel("extract", "-F", str(ROOT / config), *keywords, "--no-location", "-o", str(out), str(ROOT))
    with out.open("rb") as handle:
        return read_po(handle)


def catalog(language: str, domain: str) -> Catalog:
    with (FOLDERS[domain] / language / "LC_MESSAGES" / f"{domain}.po").open("rb") as handle:
        return read_po(handle, locale=language)


def compile_catalogs() -> None:
    """Compile every .po to .mo beside it (what ``make translations`` does)."""
    for domain in DOMAINS:
        _pybabel("compile", "-d", str(FOLDERS[domain]), "-D", domain)
