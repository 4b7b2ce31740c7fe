#!/usr/bin/env bash
# The whole suite, as CI runs it: lint, then every test (slow, browser, training, postgres included).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python
$PY -m ruff check .
$PY -m pytest -q "$@"
