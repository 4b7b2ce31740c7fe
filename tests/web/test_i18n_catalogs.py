"""Every message the templates, views and page scripts use is translated in every shipped
language: extracted from the sources as they are now (so a new message fails here until each
catalog has it), with the same placeholders as the English. And the templates have no visible
English left outside a translated message."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from i18n_catalogs import DOMAINS, ROOT, catalog, extract

from webapp.i18n import LANGUAGES

PLACEHOLDER = re.compile(r"\{\w*\}|%\(\w+\)[sd]|%[sd]")


@pytest.fixture(scope="module")
def extracted(tmp_path_factory: pytest.TempPathFactory) -> dict[str, set[str]]:
    folder = tmp_path_factory.mktemp("pot")
    return {domain: {message.id for message in extract(domain, folder) if message.id}
            for domain in DOMAINS}


def test_the_sources_have_messages(extracted) -> None:
    assert len(extracted["messages"]) > 100
    assert len(extracted["js"]) > 50


@pytest.mark.parametrize("language", list(LANGUAGES))
@pytest.mark.parametrize("domain", list(DOMAINS))
def test_every_message_is_translated(extracted, domain: str, language: str) -> None:
    messages = {message.id: message for message in catalog(language, domain) if message.id}
    missing = sorted(extracted[domain] - set(messages))
    assert not missing, \
        f"{language}/{domain}.po lacks {len(missing)}: {missing[:10]} (make translations-extract)"
    untranslated = sorted((msgid for msgid in extracted[domain]
                           if not all(forms(messages[msgid].string)) or messages[msgid].fuzzy), key=str)
    assert not untranslated, f"{language}/{domain}.po: {len(untranslated)} untranslated: {untranslated[:10]}"


@pytest.mark.parametrize("language", list(LANGUAGES))
@pytest.mark.parametrize("domain", list(DOMAINS))
def test_translations_keep_the_placeholders(domain: str, language: str) -> None:
    wrong = []
    for message in catalog(language, domain):
        if message.id and message.string:
            # each plural form keeps the plural msgid's placeholders (English's singular may differ)
            english = sorted(PLACEHOLDER.findall(forms(message.id)[-1]))
            for string in forms(message.string):
                if english != sorted(PLACEHOLDER.findall(string)):
                    wrong.append((message.id, string))
    assert not wrong, wrong[:5]


def forms(text: str | tuple[str, ...]) -> tuple[str, ...]:
    """A message's text, or its plural forms (a message with a plural has a tuple)."""
    return (text,) if isinstance(text, str) else tuple(text)


# -- nothing left in English in the templates ----------------------------------------------------

# A block that fills an attribute (the body's class) is not text a person reads.
ATTRIBUTE_BLOCK = re.compile(r"{% block body_class %}.*?{% endblock %}", re.S)
JINJA = re.compile(r"{#.*?#}|{%.*?%}|{{.*?}}", re.S)
TAG = re.compile(r"<script.*?</script>|<style.*?</style>|<[^>]+>", re.S)
# Words that are the same in every language: the product's name, tile and meld notation, file
# formats.
ALLOWED = re.compile(r"TileTally|\b[0-9]+[mpszf]\b|\bpon:555p\b|\bCSV\b|\bJSON\b")


def visible_text(template: str) -> str:
    text = JINJA.sub(" ", ATTRIBUTE_BLOCK.sub(" ", template))
    text = TAG.sub(" ", text)
    return ALLOWED.sub(" ", text)


def test_templates_have_no_untranslated_text() -> None:
    leftovers = {}
    for path in sorted((ROOT / "webapp" / "templates").glob("*.html")):
        words = re.findall(r"[A-Za-z]{2,}", visible_text(path.read_text()))
        if words:
            leftovers[path.name] = words[:8]
    assert not leftovers, leftovers


def test_template_attributes_people_read_are_translated() -> None:
    untranslated = []
    for path in sorted((ROOT / "webapp" / "templates").glob("*.html")):
        for attribute, value in re.findall(r'\b(placeholder|aria-label|title|alt)="([^"{]*[A-Za-z][^"{]*)"',
                                           path.read_text()):
            untranslated.append((Path(path).name, attribute, value))
    assert not untranslated, untranslated
