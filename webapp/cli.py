"""``tiletally``: the command line. Each area registers its subcommands from its own module
(``cli_score``, ``cli_table``, ``cli_serve``), so this file only dispatches.

Its messages are in the language of ``--lang`` (anywhere on the line), else of the environment
(LANGUAGE, LC_ALL, LC_MESSAGES, LANG), else English: webapp.languages."""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import sys

from webapp.languages import _, add_language_option, requested_language, split_lang, use_language

SUBCOMMAND_MODULES = ("webapp.cli_score", "webapp.cli_table", "webapp.cli_serve")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tiletally", description=_("Score mahjong hands and keep a table's running totals."))
    add_language_option(parser)
    commands = parser.add_subparsers(dest="command", required=True)
    for name in SUBCOMMAND_MODULES:
        if importlib.util.find_spec(name) is not None:
            importlib.import_module(name).register(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    lang, rest = split_lang(sys.argv[1:] if argv is None else argv)
    use_language(requested_language(lang))
    args = build_parser().parse_args(([] if lang is None else ["--lang", lang]) + rest)
    return int(args.handler(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
