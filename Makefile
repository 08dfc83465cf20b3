# `make run` starts the app, `make test` runs every check. Both set up
# .venv on first use (and again whenever pyproject.toml changes).
VENV  := .venv
BIN   := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run lan pwa pwa-serve test lint bench screenshots system-deps catalog clean webclient mutate

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $(STAMP)

# The lean web client (subset fonts, compressed copies), made once per version
# in the user's cache folder (SCOREKEEPER_WEB_CACHE to choose another);
# `serve` makes it on first start too.
webclient: $(STAMP)
	@echo "Preparing the web client (built once; a minute or two the first time)"
	@$(BIN)/python -c "from scorekeeper.ui.webclient import prepare; print(prepare().folder)"

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

lint: $(STAMP)
	$(BIN)/ruff check scorekeeper tests bench
	$(BIN)/ruff format --check scorekeeper tests bench
	$(BIN)/mypy
	$(BIN)/actionlint -no-color -oneline

test: $(STAMP) system-deps lint webclient
	$(BIN)/pytest -q

bench: $(STAMP) system-deps
	$(BIN)/python bench/scoring.py
	$(BIN)/python bench/storage.py
	$(BIN)/python bench/ui.py
	$(BIN)/python bench/load.py
	$(BIN)/python bench/floor.py
	$(BIN)/python bench/review.py
	$(BIN)/python bench/watch.py
	$(BIN)/python bench/storm.py
	$(BIN)/python bench/pwa.py

screenshots: $(STAMP) system-deps
	$(BIN)/python bench/screenshots.py
	$(BIN)/python bench/screenshots_watch.py
	$(BIN)/python bench/screenshots_fixes.py
	$(BIN)/python bench/screenshots_table.py
	$(BIN)/python bench/screenshots_languages.py
	$(BIN)/python bench/pwa_screenshots.py
	SCOREKEEPER_SCREENSHOTS=1 $(BIN)/pytest -q tests/test_pwa.py::test_the_boot_screen_shows_progress_before_home \
		tests/test_e2e_boot.py::test_the_boot_screen_speaks_the_devices_language

# Mutation testing of the pure core and the file primitives (README, "Mutation
# testing"): about half an hour on 2 cores; results are kept in mutants/, so a
# second run only retries what changed. Fails when a module is below 95% or a
# mutant survives that is not listed in tests/mutation/equivalent.txt.
mutate: $(STAMP)
	$(BIN)/python -m pip install -q -e '.[test,mutate]'
	$(BIN)/mutmut run --max-children 2
	$(BIN)/python bench/mutation.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis mutants

# Refresh the message catalogs after changing user-visible text.
catalog: $(STAMP)
	$(BIN)/pybabel extract --no-location --sort-output -k _ -k ngettext:1,2 -k N_ -k NN_:1,2 -k Later \
		-o scorekeeper/locale/scorekeeper.pot scorekeeper
	$(BIN)/pybabel update --no-fuzzy-matching -i scorekeeper/locale/scorekeeper.pot \
		-d scorekeeper/locale -D scorekeeper
	$(BIN)/pybabel compile -d scorekeeper/locale -D scorekeeper
