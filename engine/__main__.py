"""``python -m engine score``: JSON lines in, one JSON result line out per input line.

A malformed line answers ``{"ok": false, "error": ...}`` and the batch goes on: a 10,000-line
batch must not die on line 17.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from engine.families import score_json


def score_stream(source: TextIO, sink: TextIO) -> int:
    """Score every line of ``source``; return how many lines were not ok."""
    failures = 0
    for line in source:
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as error:
            result = {"ok": False, "error": f"not JSON: {error}"}
        else:
            try:
                result = score_json(data)
            except Exception as error:  # noqa: BLE001 - the contract is "never a traceback"
                result = {"ok": False, "error": f"internal error: {type(error).__name__}: {error}"}
        failures += not result.get("ok")
        sink.write(json.dumps(result, ensure_ascii=False) + "\n")
    sink.flush()
    return failures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("score", help="score JSON-lines hands from stdin to stdout")
    args = parser.parse_args(argv)
    if args.command == "score":
        score_stream(sys.stdin, sys.stdout)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
