"""The command lines speak the reader's language: ``--lang`` anywhere on the line, else the
environment as gettext reads it (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), else English. Their
messages come from the same catalogs as the pages (every one translated: test_i18n_catalogs)."""

from __future__ import annotations

import pytest
from i18n_catalogs import compile_catalogs

from vision.__main__ import main as vision_main
from vision.languages import environment_language, requested_language, split_lang
from webapp.cli import main


@pytest.fixture(scope="module", autouse=True)
def _compiled() -> None:
    compile_catalogs()


@pytest.fixture
def run(tiletally_cli):  # type: ignore[no-untyped-def]
    return tiletally_cli


def test_the_language_comes_from_the_option_then_the_environment() -> None:
    assert split_lang(["table", "show", "--lang", "ja", "--json"]) == ("ja", ["table", "show", "--json"])
    assert split_lang(["--lang=zh-TW", "score"]) == ("zh-TW", ["score"])
    assert requested_language("zh-TW", {"LANG": "pl_PL.UTF-8"}) == "zh_Hant"
    assert requested_language(None, {"LANG": "pl_PL.UTF-8"}) == "pl"
    assert environment_language({"LANGUAGE": "xx:ja", "LANG": "pl_PL.UTF-8"}) == "ja"
    assert environment_language({"LC_ALL": "zh_CN.UTF-8", "LANG": "ja_JP.UTF-8"}) == "zh_Hans"
    assert environment_language({"LC_MESSAGES": "C", "LANG": "ja_JP.UTF-8"}) == "en"   # C decides
    assert environment_language({}) == "en"


def test_a_polish_error_from_the_score_command(run) -> None:
    code, _, err = run("--lang", "pl", "score", "123m456p")
    assert code == 2
    assert err.startswith("błąd: Liczba kamieni w ręce: 6;"), err


def test_a_japanese_error_from_the_environment(run, monkeypatch) -> None:
    monkeypatch.delenv("LANGUAGE")
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    assert run("table", "new", "--rules", "riichi", "--players", "Ann,Bob,Cai,Dee")[0] == 0
    code, _, err = run("table", "win", "Zed", "--total", "1000")
    assert code == 2 and err == "エラー：この卓にプレイヤー 'Zed' はいません（Ann, Bob, Cai, Dee）\n"
    code, _, err = run("table", "new", "--rules", "riichi", "--players", "A,B,C,D", "--option", "colour=3")
    assert code == 2 and "オプション" in err and "colour" in err and "Unknown" not in err


def test_table_output_and_titles_in_chinese(run) -> None:
    code, out, _ = run("table", "new", "--rules", "mcr", "--players", "Ann,Bob,Cai,Dee", "--lang", "zh_Hans")
    assert code == 0 and "编辑令牌" in out and "只读令牌" in out and "下一局：第 1 局" in out
    code, out, _ = run("table", "win", "Bob", "--from", "Ann", "--total", "24", "--lang", "zh-Hans")
    assert code == 0 and "Bob 和 Ann 打出的牌，24" in out, out
    assert "Bob 和 Ann 打出的牌，24" in run("--lang", "zh_Hans", "table", "show")[1]
    english = run("table", "show")[1]
    assert "Bob wins on Ann's discard, 24" in english and "下一局" not in english


def test_an_unknown_language_is_refused(run) -> None:
    with pytest.raises(SystemExit) as stopped:
        run("--lang", "klingon", "table", "list")
    assert stopped.value.code == 2


def test_the_vision_command_line_speaks_japanese(tmp_path, capsys) -> None:
    assert vision_main(["read", str(tmp_path / "missing.jpg"), "--lang", "ja"]) == 1
    assert capsys.readouterr().err.startswith(f"エラー：{tmp_path / 'missing.jpg'} を読み込めません：")
    assert vision_main(["read", str(tmp_path / "missing.jpg")]) == 1
    assert "cannot read" in capsys.readouterr().err


class _Reading:
    """A reading with one doubt, as the reader would give it for a photo it doubts."""

    def to_json(self) -> dict:
        return {"tiles": [{}] * 14, "hand": {"hand": "123m"}, "suggestions": [],
                "ambiguities": [{"kind": "low_confidence", "code": "low_confidence",
                                 "params": {"index": 4, "tile": "5p", "confidence": 0.41},
                                 "message": "tile 4 read as 5p with confidence 0.41"}],
                "timing_ms": {"decode": 1.0}}


def test_the_vision_command_line_says_the_readers_doubts_in_polish(tmp_path, capsys, monkeypatch) -> None:
    import vision.__main__ as vision_cli

    photo = tmp_path / "hand.jpg"
    photo.write_bytes(b"photo")
    monkeypatch.setattr(vision_cli, "probe_image", lambda data: None)
    reader = type("Reader", (), {"read_bytes": lambda self, data: _Reading()})()
    monkeypatch.setattr(vision_cli, "_reader", lambda args: reader)
    assert vision_main(["read", str(photo), "--lang", "pl"]) == 0
    assert "  ? kamień 4 odczytany jako 5p z pewnością 0,41" in capsys.readouterr().out.splitlines()
    monkeypatch.setenv("LANGUAGE", "pl")
    assert vision_main(["read", str(photo)]) == 0
    assert "  ? kamień 4 odczytany jako 5p z pewnością 0,41" in capsys.readouterr().out.splitlines()
    monkeypatch.delenv("LANGUAGE")
    assert vision_main(["read", str(photo), "--lang", "en"]) == 0
    assert "  ? tile 4 read as 5p with confidence 0.41" in capsys.readouterr().out.splitlines()


def test_the_score_breakdown_in_chinese_and_japanese(run) -> None:
    hand = ["score", "123m456p789s11222z", "--rules", "mcr", "--win-tile", "2z", "--tsumo"]
    code, out, _ = run(*hand, "--lang", "zh_Hans")
    assert code == 0
    assert "花龙" in out and "没有吃碰明杠，自摸" in out and "合计：13" in out
    assert "已含于不求人（不重复原则）" in out
    assert "Mixed Straight" not in out and "no melds" not in out
    code, out, _ = run("score", "123m456p789s11222z", "--rules", "riichi", "--win-tile", "2z", "--tsumo",
                       "--lang", "ja")
    assert code == 0 and "門前清自摸和" in out and "門前でツモ" in out and "合計：" in out
    assert "self-drawn with a closed hand" not in out
    english = run(*hand)[1]
    assert "Total: 13" in english and "no melds, self-drawn" in english and "合计" not in english


def test_the_help_is_translated(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["--lang", "ja", "table", "--help"])
    out = capsys.readouterr().out
    assert "卓を作る" in out and "流局を記録する" in out and "start a table" not in out
    with pytest.raises(SystemExit):
        vision_main(["read", "--help", "--lang", "pl"])
    assert "wypisz odczyt jako JSON" in capsys.readouterr().out


def test_a_table_refusal_on_the_command_line_in_polish_and_in_english(run) -> None:
    assert run("table", "new", "--rules", "mcr", "--players", "Ann,Bob,Cai,Dee")[0] == 0
    code, _, err = run("table", "discard", "Ann", "5p", "--lang", "pl")
    assert code == 2
    assert err == ("błąd: mcr nie zapisuje zrzutek, dobrań z Muru ani zgłoszeń gotowości (nie ma zasady "
                   "świętej zrzutki)\n"), err
    code, _, err = run("table", "discard", "Ann", "5p", "--lang", "en")
    assert code == 2 and "mcr keeps no discards, wall draws or ready declarations" in err


def test_an_import_refusal_on_the_command_line_in_polish(run, tmp_path) -> None:
    # the refusal inside "not imported: ..." comes from its code, not the English text
    damaged = tmp_path / "table.zip"
    damaged.write_bytes(b"PK\x03\x04 not really a zip")
    code, _, english = run("table", "import", str(damaged))
    assert code == 2 and "not imported:" in english
    code, _, polish = run("--lang", "pl", "table", "import", str(damaged))
    assert code == 2 and polish.startswith("błąd: ")
    assert "plik zip jest uszkodzony" in polish and "damaged" not in polish, polish
