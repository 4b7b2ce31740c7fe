"""``tiletally``: the command line. Each area registers its subcommands from its own module
(``cli_score``, ``cli_table``, ``cli_serve``), so this file only dispatches."""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import sys

SUBCOMMAND_MODULES = ("webapp.cli_score", "webapp.cli_table", "webapp.cli_serve")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tiletally", description="Score mahjong hands and keep a table's running totals.")
    commands = parser.add_subparsers(dest="command", required=True)
    for name in SUBCOMMAND_MODULES:
        if importlib.util.find_spec(name) is not None:
            importlib.import_module(name).register(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return int(args.handler(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
