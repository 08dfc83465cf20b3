# `make run` starts the app, `make test` runs every check. Both set up
# .venv on first use (and again whenever pyproject.toml changes).
VENV  := .venv
BIN   := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run lan test lint bench screenshots system-deps catalog clean webclient

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $(STAMP)

# The lean web client (subset fonts, compressed copies), made once per version
# in the user's cache folder (SCOREKEEPER_WEB_CACHE to choose another);
# `serve` makes it on first start too.
webclient: $(STAMP)
	$(BIN)/python -c "from scorekeeper.ui.webclient import prepare; print(prepare().folder)"

run: $(STAMP)
	$(BIN)/scorekeeper serve

lan: $(STAMP)
	$(BIN)/scorekeeper serve --lan

system-deps:
	bash .ci/system-deps

lint: $(STAMP)
	$(BIN)/ruff check scorekeeper tests bench
	$(BIN)/ruff format --check scorekeeper tests bench
	$(BIN)/mypy

test: $(STAMP) system-deps lint
	$(BIN)/pytest -q

bench: $(STAMP) system-deps
	$(BIN)/python bench/scoring.py
	$(BIN)/python bench/storage.py
	$(BIN)/python bench/ui.py
	$(BIN)/python bench/review.py

screenshots: $(STAMP) system-deps
	$(BIN)/python bench/screenshots.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis

# Refresh the message catalogs after changing user-visible text.
catalog: $(STAMP)
	$(BIN)/pybabel extract --no-location --sort-output -k _ -k ngettext:1,2 -k N_ -k NN_:1,2 -k later \
		-o scorekeeper/locale/scorekeeper.pot scorekeeper
	$(BIN)/pybabel update --no-fuzzy-matching -i scorekeeper/locale/scorekeeper.pot \
		-d scorekeeper/locale -D scorekeeper
	$(BIN)/pybabel compile -d scorekeeper/locale -D scorekeeper
