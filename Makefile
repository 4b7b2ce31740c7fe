# TileTally: set up, run, test. Every target creates .venv when missing, so a fresh clone works.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
TRAIN_STAMP := $(VENV)/.train-installed

.PHONY: run test test-fast bench lint screenshots system-deps train-deps clean translations \
	translations-extract

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

# Catalogs: the .po files are committed; the .mo files are compiled from them here (never committed).
PYBABEL := $(PY) -m babel.messages.frontend
LANGS := en pl zh_Hans zh_Hant ja

translations: $(STAMP)
	$(PYBABEL) -q compile -d webapp/translations -D messages
	$(PYBABEL) -q compile -d webapp/translations -D js
	$(PYBABEL) -q compile -d vision/translations -D vision

# After changing a message in a view, template or script: extract, merge into every catalog, then
# translate the new entries (tests/web/test_i18n_catalogs.py fails until every language has them).
translations-extract: $(STAMP)
	$(PYBABEL) -q extract -F babel.cfg -k _l -k lazy_gettext -k NP_:1,2 --no-location --sort-output --project TileTally \
		-o webapp/translations/messages.pot .
	$(PYBABEL) -q extract -F babel-js.cfg -k t -k pt:1c,2 --no-location --sort-output --project TileTally -o webapp/translations/js.pot .
	$(PYBABEL) -q update -i webapp/translations/messages.pot -d webapp/translations -D messages \
		--no-fuzzy-matching
	$(PYBABEL) -q update -i webapp/translations/js.pot -d webapp/translations -D js --no-fuzzy-matching
	$(PYBABEL) -q extract -F babel-vision.cfg -k NP_:1,2 --no-location --sort-output --project TileTally \
		-o vision/translations/vision.pot .
	$(PYBABEL) -q update -i vision/translations/vision.pot -d vision/translations -D vision \
		--no-fuzzy-matching
	$(PY) scripts/i18n_english.py webapp/translations
	$(PY) scripts/i18n_english.py vision/translations

run: $(STAMP) translations
	$(PY) -m webapp serve --host 127.0.0.1 --port 8000

test: $(TRAIN_STAMP) system-deps translations
	bash scripts/run-tests.sh

test-fast: $(STAMP) translations
	$(PY) -m pytest -q -m "not slow and not browser and not training and not postgres"

bench: $(STAMP)
	$(PY) benchmarks/run_all.py

screenshots: $(STAMP) system-deps translations
	TILETALLY_SCREENSHOTS=docs/screenshots $(PY) -m pytest -q -m browser tests/browser

lint: $(STAMP)
	$(PY) -m ruff check .

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
