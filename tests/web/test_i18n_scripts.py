"""The page scripts show no English of their own: every sentence or label a script puts on the
page goes through t() (webapp/static/i18n.js), so the catalogs can translate it. The translation
tests then check each extracted message is translated in every language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "webapp" / "static"
STRING = re.compile(r'"((?:[^"\\\n]|\\.)*)"|\'((?:[^\'\\\n]|\\.)*)\'')
COMMENT = re.compile(r"/\*.*?\*/|(?<![:\"'\\])//[^\n]*", re.S)
# Words a reader reads: a capitalised word (a label, the start of a sentence).
WORDS = re.compile(r"^[A-Z][a-z]+\b")


def _untranslated(source: str) -> list[str]:
    code = COMMENT.sub(lambda match: re.sub(r"[^\n]", " ", match.group(0)), source)
    found = []
    for match in STRING.finditer(code):
        text = next(group for group in match.groups() if group is not None)
        before, after = code[:match.start()].rstrip(), code[match.end():].lstrip()
        if not WORDS.match(text) or after[:1] in ("]", ":") or before.endswith("["):
            continue        # an object key or a header name, not something shown
        if re.search(r"\bt\($", before) or re.search(r"\bpt\(\s*\"[^\"]*\",$", before):
            continue
        found.append(f"line {code[:match.start()].count(chr(10)) + 1}: {text!r}")
    return found


@pytest.mark.parametrize("script", sorted(path.name for path in STATIC.glob("*.js")))
def test_scripts_put_no_untranslated_words_on_the_page(script: str) -> None:
    assert not _untranslated((STATIC / script).read_text(encoding="utf-8"))


def test_the_check_finds_english_outside_t() -> None:
    found = _untranslated('el("b", {}, "Suggestion " + n); x = t("Fine"); h["Accept"] = 1; // "Note"')
    assert found == ["line 1: 'Suggestion '"]
