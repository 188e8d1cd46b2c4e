# hexmate: two entry points from a fresh clone. `make demo` runs the host on an emulated table;
# `make test` runs every check CI runs. Each installs what it needs into .venv (and Debian's chromium).
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: demo test lint typecheck pytest chromium hall-deps espeak axe bench clean screenshots

$(STAMP): pyproject.toml setup.py
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/hexmate demo

# Browser tests drive Debian's chromium through Playwright (never a downloaded browser build).
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "installing Debian's chromium for the browser tests"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq chromium; }

# The hall's tests run Debian's Mosquitto and a throwaway PostgreSQL cluster (initdb/pg_ctl).
hall-deps:
	@command -v mosquitto >/dev/null 2>&1 || [ -x /usr/sbin/mosquitto ] || { \
	  echo "installing Debian's mosquitto for the hall tests"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq mosquitto; }
	@command -v initdb >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { \
	  echo "installing Debian's postgresql for the hall tests"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq postgresql; }

# Speech tests run Debian's espeak-ng for real (a WAV written and its size checked).
espeak:
	@command -v espeak-ng >/dev/null 2>&1 || { \
	  echo "installing Debian's espeak-ng for the speech tests"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq espeak-ng; }

# axe-core from npm, pinned by tests/e2e/axe/package-lock.json, injected into the pages by the browser tests.
AXE := tests/e2e/axe/node_modules/axe-core/axe.min.js
$(AXE): tests/e2e/axe/package.json tests/e2e/axe/package-lock.json
	cd tests/e2e/axe && npm ci --no-audit --no-fund --silent
	touch $(AXE)
axe: $(AXE)

lint: $(STAMP)
	$(BIN)/ruff check .

# mypy cannot follow setuptools' editable import hook, so it reads the packages through a symlinked tree.
typecheck: $(STAMP)
	@mkdir -p .typecheck/hexmate
	@ln -sfn ../../host .typecheck/hexmate/host
	@ln -sfn ../../rules .typecheck/hexmate/rules
	@ln -sfn ../../firmware .typecheck/hexmate/firmware
	@ln -sfn ../../hardware .typecheck/hexmate/hardware
	cd .typecheck && MYPYPATH=. ../$(BIN)/mypy --strict --config-file ../pyproject.toml -p hexmate.host -p hexmate.rules -p hexmate.hardware

pytest: $(STAMP) chromium hall-deps espeak axe
	$(BIN)/pytest -q

test: lint typecheck pytest

# The docs' pictures of the pages (docs/screenshots/*.png), taken by the players' browser tests in chromium.
screenshots: $(STAMP) chromium axe
	HEXMATE_SCREENSHOTS=docs/screenshots $(BIN)/pytest -q tests/e2e/test_players.py

bench: $(STAMP)
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) .typecheck .mypy_cache .ruff_cache .pytest_cache tests/e2e/axe/node_modules
