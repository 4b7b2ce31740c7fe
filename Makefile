# TileTally: set up, run, test. Every target creates .venv when missing, so a fresh clone works.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
TRAIN_STAMP := $(VENV)/.train-installed

.PHONY: run test test-fast bench lint screenshots system-deps train-deps clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	touch $(STAMP)

$(TRAIN_STAMP): $(STAMP)
	$(PY) -m pip install -q -e '.[test,train]'
	touch $(TRAIN_STAMP)

train-deps: $(TRAIN_STAMP)

system-deps:
	bash scripts/system-deps.sh

run: $(STAMP)
	$(PY) -m webapp serve --host 127.0.0.1 --port 8000

test: $(TRAIN_STAMP) system-deps
	bash scripts/run-tests.sh

test-fast: $(STAMP)
	$(PY) -m pytest -q -m "not slow and not browser and not training and not postgres"

bench: $(STAMP)
	$(PY) benchmarks/run_all.py

screenshots: $(STAMP) system-deps
	TILETALLY_SCREENSHOTS=docs/screenshots $(PY) -m pytest -q -m browser tests/browser

lint: $(STAMP)
	$(PY) -m ruff check .

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
