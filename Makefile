# `make run` starts the app, `make test` runs every check, `make check` the
# quick ones (no browser). All set up .venv on first use (and again whenever
# pyproject.toml changes).
VENV  := .venv
BIN   := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run lan pwa pwa-serve test lint bench screenshots system-deps catalog clean webclient mutate
.PHONY: check dist

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $(STAMP)

# The lean web client (subset fonts, compressed copies), made once per version
# in the user's cache folder (SCOREKEEPER_WEB_CACHE to choose another);
# `serve` makes it on first start too.
webclient: $(STAMP)
	@$(BIN)/python -c "from scorekeeper.ui.webclient import prepare; print('Web client:', prepare(progress=print).folder)"

run: $(STAMP) webclient
	$(BIN)/scorekeeper serve

lan: $(STAMP) webclient
	$(BIN)/scorekeeper serve --lan

# The offline app: a static site in build/pwa that runs in the phone's browser.
pwa: $(STAMP)
	$(BIN)/scorekeeper publish build/pwa

pwa-serve: pwa
	$(BIN)/scorekeeper serve-site build/pwa --port 8560

system-deps:
	bash .ci/system-deps

# Biome checks the web files (JS, CSS, JSON, HTML; biome.json), the exact
# version package-lock.json pins, installed by npm (Node.js 20 or later).
NODE_STAMP := node_modules/.installed
$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $(NODE_STAMP)

lint: $(STAMP) $(NODE_STAMP)
	$(BIN)/ruff check scorekeeper tests bench
	$(BIN)/ruff format --check scorekeeper tests bench
	$(BIN)/mypy
	$(BIN)/actionlint -no-color -oneline
	node_modules/.bin/biome ci --error-on-warnings

# Every test: the browser ones (marked e2e) in Chromium too.
test: $(STAMP) system-deps lint webclient
	$(BIN)/pytest -q -rfER --durations=15

# Lint and every test that needs no browser (`pytest -m "not e2e"`): about 17 minutes on a busy 2-core machine (5 min 29 s of CPU time).
# No Chromium needed. Measured with `time make check`, .venv already set up.
check: $(STAMP) lint webclient
	$(BIN)/pytest -q -m "not e2e"

# The sdist and the wheel in dist/, as the release workflow makes them (the
# wheel carries the prepared web client: hatch_build.py).
dist: $(STAMP)
	$(BIN)/python -m build -o dist .

bench: $(STAMP) system-deps
	$(BIN)/python bench/scoring.py
	$(BIN)/python bench/storage.py
	$(BIN)/python bench/save.py
	$(BIN)/python bench/ui.py
	$(BIN)/python bench/load.py
	$(BIN)/python bench/floor.py
	$(BIN)/python bench/review.py
	$(BIN)/python bench/watch.py
	$(BIN)/python bench/storm.py
	$(BIN)/python bench/refusals.py
	$(BIN)/python bench/pwa.py

screenshots: $(STAMP) system-deps
	$(BIN)/python bench/screenshots.py
	$(BIN)/python bench/screenshots_watch.py
	$(BIN)/python bench/screenshots_fixes.py
	$(BIN)/python bench/screenshots_table.py
	$(BIN)/python bench/screenshots_blind.py
	$(BIN)/python bench/screenshots_variants.py
	$(BIN)/python bench/screenshots_dealer.py
	$(BIN)/python bench/screenshots_languages.py
	$(BIN)/python bench/screenshots_textsize.py
	$(BIN)/python bench/pwa_screenshots.py
	SCOREKEEPER_SCREENSHOTS=1 $(BIN)/pytest -q tests/test_pwa.py::test_the_boot_screen_shows_progress_before_home \
		tests/test_e2e_boot.py::test_the_boot_screen_speaks_the_devices_language \
		tests/test_e2e_install.py

# Mutation testing of the pure core, the file primitives, the app state's parts
# and the web gate (CONTRIBUTING.md, "Mutation testing"): from scratch, the
# tests of its 6,125 mutants take 55 min of processor time, shared by 2 workers
# (bench/mutation.py prints it); results are kept in mutants/, so a second run
# only retries what changed. Fails when a module is below 95%, or a mutant
# survives that tests/mutation/equivalent.txt does not list with its change.
mutate: $(STAMP)
	$(BIN)/python -m pip install -q -e '.[test,mutate]'
	$(BIN)/mutmut run --max-children 2
	$(BIN)/python bench/mutation.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis mutants dist

# Refresh the message catalogs after changing user-visible text.
catalog: $(STAMP)
	$(BIN)/pybabel extract --no-location --sort-output -k _ -k ngettext:1,2 -k N_ -k NN_:1,2 -k Later \
		-o scorekeeper/locale/scorekeeper.pot scorekeeper
	$(BIN)/pybabel update --no-fuzzy-matching -i scorekeeper/locale/scorekeeper.pot \
		-d scorekeeper/locale -D scorekeeper
	$(BIN)/pybabel compile -d scorekeeper/locale -D scorekeeper
