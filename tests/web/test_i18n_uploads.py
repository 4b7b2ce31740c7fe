"""Why a photo is refused, and why a win cannot be recorded, in the reader's language: every
upload refusal has a code and params beside its unchanged English text (the JSON API answers
them), each code's message is translated in every catalog, and no refusal in the upload modules
is written as a bare English sentence (the catalog tests only see marked messages: this is what
keeps an unmarked one from slipping in)."""

from __future__ import annotations

import ast
import html
import io
import json
import re
from pathlib import Path

import pytest
from babel.support import Translations
from i18n_catalogs import ROOT, TRANSLATED, TRANSLATIONS, catalog, compile_catalogs
from PIL import Image
from tests_web_helpers import WIN

from webapp.app import create_app
from webapp.engine_messages import MESSAGES, TEMPLATES, render
from webapp.refusals import refusal_fields
from webapp.security import UploadError, check_image
from webapp.storage import EXPORT_FORMAT, StorageError
from webapp.storage.transfer import plan_import
from webapp.storage.values import IMPORT_MESSAGES, ImportRefused
from webapp.upload_messages import MESSAGES as UPLOAD_MESSAGES
from webapp.upload_messages import THE_FILE
from webapp.views.archive import ArchiveError, read_upload

RECORD = {code: template for code, template in MESSAGES.items() if code.startswith("record.")}
# The modules an upload passes through: its refusals must be coded.
UPLOAD_MODULES = ("webapp/security.py", "webapp/photo_check.py", "webapp/photo_gate.py",
                  "webapp/views/importing.py", "webapp/views/api.py")
# ... and in them, the functions that answer an upload (their JSON "error" must be coded too).
PHOTO_FUNCTIONS = ("photo", "upload", "frame")


@pytest.fixture(scope="module", autouse=True)
def _catalogs() -> None:
    compile_catalogs()


def tr(language: str) -> Translations:
    return Translations.load(str(TRANSLATIONS), [language], "messages")


def jpeg(size: int, *, progressive: bool = False) -> bytes:
    out = io.BytesIO()
    Image.new("L", (size, size), 90).save(out, format="JPEG", progressive=progressive)
    return out.getvalue()


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_upload_and_record_message_is_translated(language: str) -> None:
    strings = {message.id: message.string for message in catalog(language, "messages") if message.id}
    english = [*UPLOAD_MESSAGES.values(), *RECORD.values()]
    assert [msgid for msgid in english if not strings.get(msgid)] == []
    assert [msgid for msgid in english if strings[msgid] == msgid] == [], f"{language}: left in English"
    assert set(UPLOAD_MESSAGES) <= set(TEMPLATES)        # pages and scripts render them


def _bare_english(node: ast.AST) -> bool:
    return isinstance(node, ast.JoinedStr) or (isinstance(node, ast.Constant) and isinstance(node.value, str))


@pytest.mark.parametrize("module", UPLOAD_MODULES)
def test_upload_refusals_are_coded_not_bare_english(module: str) -> None:
    tree = ast.parse((ROOT / module).read_text())
    bare = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("UploadError", "Busy") \
                and node.args and _bare_english(node.args[0]):
            bare.append(ast.get_source_segment((ROOT / module).read_text(), node))
        if isinstance(node, ast.FunctionDef) and any(word in node.name for word in PHOTO_FUNCTIONS):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Dict):
                    for key, value in zip(inner.keys, inner.values, strict=True):
                        if isinstance(key, ast.Constant) and key.value == "error" and _bare_english(value):
                            bare.append(f"{node.name}: error {ast.unparse(value)}")
    assert bare == [], f"{Path(module).name}: give these a code in webapp/upload_messages.py: {bare}"


def test_a_large_progressive_jpeg_is_refused_with_its_code_and_in_polish(tmp_path: Path) -> None:
    with pytest.raises(UploadError) as refused:
        check_image(jpeg(2600, progressive=True), max_bytes=10**8, max_pixels=10**8,
                    max_full_decode_pixels=6_000_000)
    error = refused.value
    assert str(error) == ("the photo is a progressive JPEG of 6.8 megapixels; progressive JPEGs are limited "
                          "to 6 megapixels (send the camera's photo)")           # as before
    assert (error.code, error.params, error.status) == \
        ("upload.progressive_jpeg", {"megapixels": "6.8", "limit": "6"}, 413)
    assert render(error.code, error.params, str(error), tr("pl").gettext) == (
        "zdjęcie jest progresywnym JPEG-iem o 6.8 megapikselach; progresywne pliki JPEG mogą mieć "
        "najwyżej 6 megapikseli (wyślij zdjęcie prosto z aparatu)")
    app = create_app({"DATA_DIR": str(tmp_path), "READER": False})     # the shipped limits
    client = app.test_client()
    token = client.post("/api/tables", json={"name": "T", "players": ["A", "B", "C", "D"],
                                             "rules": "mcr"}).json["edit_token"]
    answer = client.post(f"/api/tables/{token}/photos",
                         data={"photo": (io.BytesIO(jpeg(2600, progressive=True)), "p.jpg")})
    assert answer.status_code == 413
    assert answer.json["code"] == "upload.progressive_jpeg" and answer.json["error"] == str(error)
    assert answer.json["params"] == error.params


def test_the_header_checks_refusals_have_codes() -> None:
    cases = {b"": "upload.empty", b"not a photo at all": "upload.not_an_image",
             jpeg(64): "upload.too_many_bytes"}
    for data, code in cases.items():
        with pytest.raises(UploadError) as refused:
            check_image(data, max_bytes=100 if code == "upload.too_many_bytes" else 10**8, max_pixels=10**8)
        assert refused.value.code == code
        assert render(code, refused.value.params, "", tr("ja").gettext) not in ("", str(refused.value))
    with pytest.raises(UploadError) as small:
        check_image(jpeg(8), max_bytes=10**8, max_pixels=10**8)
    assert render(small.value.code, small.value.params, "", tr("zh_Hans").gettext) == "照片只有 8 x 8 像素"


def test_a_damaged_photo_is_refused_with_its_code(make_table, client) -> None:
    token = make_table()["edit_token"]
    whole = jpeg(400)
    answer = client.post(f"/api/tables/{token}/photos",
                         data={"photo": (io.BytesIO(whole[: len(whole) // 2]), "cut.jpg")})
    assert answer.status_code == 422 and answer.json["code"] == "upload.damaged"
    assert answer.json["error"].startswith("the photo is damaged or was cut short in transfer (")
    assert render("upload.damaged", answer.json["params"], "", tr("pl").gettext).startswith(
        "zdjęcie jest uszkodzone albo zostało ucięte podczas przesyłania (")


def test_a_hand_that_is_no_win_is_refused_with_the_engines_reason_inside(client, make_table) -> None:
    token = make_table()["edit_token"]
    body = dict(WIN, hand="123m456p789s11z225z", win_tile="5z", version=0)
    answer = client.post(f"/api/tables/{token}/hands", json=body)
    assert answer.status_code == 422
    assert answer.json["error"].endswith("; record it through the dispute page as a false win")   # as before
    assert answer.json["code"] == "record.false_win_instead"
    params = answer.json["params"]
    assert params["reason_code"] == "score.not_a_win" and answer.json["error"].startswith(params["reason"])
    polish = render(answer.json["code"], params, answer.json["error"], tr("pl").gettext)
    assert polish.endswith("; zapisz ją na stronie sporu jako fałszywą wygraną")
    assert polish.startswith(render("score.not_a_win", {}, "", tr("pl").gettext))
    # without a reason of its own, the refusal's own words
    bare = {"reason": "this hand is not a scoring win", "reason_code": "record.not_a_scoring_win",
            "reason_params": {}}
    assert render("record.false_win_instead", bare, "", tr("ja").gettext) == \
        "この手は点数のつく和了ではありません。異議のページから誤和了として記録してください"


# -- an import file's refusals ----------------------------------------------------------------------

def _import_page(client, data: bytes, language: str):  # type: ignore[no-untyped-def]
    headers = {"Accept-Language": language}
    csrf = re.search(r'name="csrf_token" value="([^"]+)"',
                     client.get("/", headers=headers).get_data(as_text=True)).group(1)
    return client.post("/import", data={"csrf_token": csrf, "file": (io.BytesIO(data), "t.zip")},
                       content_type="multipart/form-data", headers=headers)


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_import_refusal_is_translated(language: str) -> None:
    strings = {message.id: message.string for message in catalog(language, "messages") if message.id}
    english = [*IMPORT_MESSAGES.values(), THE_FILE]
    left = [msgid for msgid in english if strings.get(msgid, msgid) == msgid]
    assert left == [], f"{language}: left in English"
    assert set(IMPORT_MESSAGES) <= set(TEMPLATES)


def test_an_import_files_refusals_carry_codes() -> None:
    with pytest.raises(ArchiveError) as damaged:
        read_upload(b"PK\x03\x04 cut short", max_bytes=10**6)
    assert damaged.value.code == "import.damaged_zip" and "damaged" in str(damaged.value)
    with pytest.raises(ArchiveError) as not_json:
        read_upload(b"[1, 2]", max_bytes=10**6)
    assert not_json.value.to_dict() == {"error": "the file is not a TileTally export: it holds no table",
                                        "code": "import.no_table", "params": {"what": "the file"}}
    assert render("import.no_table", {"what": "the file"}, "", tr("pl").gettext) \
        == "plik nie jest eksportem TileTally: nie zawiera stołu"


def test_a_damaged_zip_is_refused_in_japanese(client) -> None:
    response = _import_page(client, b"PK\x03\x04 cut short", "ja")
    page = html.unescape(response.get_data(as_text=True))
    assert response.status_code == 400 and "zip ファイルが壊れています：" in page
    assert "the zip file is damaged" not in page
    english = html.unescape(_import_page(client, b"PK\x03\x04 cut short", "en").get_data(as_text=True))
    assert "the zip file is damaged: " in english


def test_the_stores_refusal_of_an_import_is_said_in_polish(client) -> None:
    export = json.dumps({"format": EXPORT_FORMAT, "format_version": 99}).encode()
    page = html.unescape(_import_page(client, export, "pl").get_data(as_text=True))
    assert "nie można zaimportować eksportu: nieobsługiwana wersja eksportu 99" in page
    with pytest.raises(ImportRefused) as refused:
        plan_import(json.loads(export))
    assert isinstance(refused.value, StorageError)
    assert refusal_fields(refused.value) == {"error": "unsupported export version 99",
                                             "code": "import.version", "params": {"version": "99"}}
