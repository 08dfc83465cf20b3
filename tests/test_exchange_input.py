"""Files given to the app are limited in depth and size before they are
parsed, on every path: the app's import (the same code runs in the offline
build), `scorekeeper import` and `scorekeeper score`."""

import json
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.core import exchange
from scorekeeper.core.exchange import MAX_JSON_DEPTH, TooDeepError, load_json
from scorekeeper.storage.store import GameStore
from scorekeeper.ui.state import AppState

# The file that stopped the offline build: 40 KB, nested 20,000 deep.
DEEP = b"[" * 20_000 + b"]" * 20_000
DEEP_OBJECT = b'{"a":' * 8_000 + b"1" + b"}" * 8_000
UNCLOSED = b'{"format": "spades-score/1", "players": ' + b"[" * 20_000


def _never_parsed(monkeypatch):
    def parse(*args, **kwargs):
        raise AssertionError("handed to the JSON parser")

    monkeypatch.setattr(exchange.json, "loads", parse)


@pytest.mark.parametrize("raw", [DEEP, DEEP_OBJECT, UNCLOSED], ids=["list", "object", "unclosed"])
def test_deep_json_is_refused_before_the_parser_sees_it(monkeypatch, raw):
    _never_parsed(monkeypatch)
    with pytest.raises(TooDeepError) as refused:
        load_json(raw)
    assert f"more than {MAX_JSON_DEPTH} deep" in str(refused.value)


def _nested(depth: int) -> bytes:
    return b"[" * depth + b"]" * depth


def test_the_limit_is_exact_and_brackets_in_strings_do_not_count():
    assert load_json(_nested(MAX_JSON_DEPTH)) is not None
    with pytest.raises(TooDeepError):
        load_json(_nested(MAX_JSON_DEPTH + 1))
    inside = json.dumps(["[" * 500, '\\"[[[' * 100, "{" * 50 + "\\"]).encode()
    assert load_json(inside) == json.loads(inside)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(alphabet='[]{}"\\ab'),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=40,
)


def _depth(value) -> int:
    if isinstance(value, list):
        return 1 + max((_depth(v) for v in value), default=0)
    if isinstance(value, dict):
        return 1 + max((_depth(v) for v in value.values()), default=0)
    return 0


@given(value=json_values, wrap=st.integers(min_value=0, max_value=40))
def test_any_json_within_the_limit_reads_as_the_parser_reads_it(value, wrap):
    for _ in range(wrap):
        value = [value]
    raw = json.dumps(value).encode()
    if _depth(value) <= MAX_JSON_DEPTH:
        assert load_json(raw) == value
    else:
        with pytest.raises(TooDeepError):
            load_json(raw)


def test_the_app_import_says_why_and_stores_nothing(tmp_path, monkeypatch):
    with GameStore(tmp_path) as store:
        state = AppState(store)
        _never_parsed(monkeypatch)
        state.import_file("deep.json", DEEP)
        assert state.message.startswith("deep.json is not a file of games: it nests")
        assert store.history().total == 0


def run(data, *args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", "--data", str(data), *args],
        input=stdin,
        capture_output=True,
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize("command", ["import", "score"])
def test_the_command_line_refuses_a_deep_file_with_one_clear_line(tmp_path, command):
    source = tmp_path / "deep.json"
    source.write_bytes(DEEP)
    result = run(tmp_path / "data", command, str(source))
    assert result.returncode == 2 and result.stdout == b""
    (line,) = result.stderr.decode().splitlines()
    assert (
        "deep.json" in line
        and f"is not a file of games: it nests lists or objects more than {MAX_JSON_DEPTH} deep"
        in line
    )
    result = run(tmp_path / "data", command, "-", stdin=DEEP)
    assert result.returncode == 2 and b"more than 32 deep" in result.stderr


BAD_HAND = {
    "format": "spades-score/1",
    "players": ["Alex", "Beth", "Charlie", "David"],
    "hands": [{"bids": [3, 3, 3, 3], "tricks": [4, 4, 3, 3]}],
}


def test_the_app_says_nothing_was_imported_once(tmp_path):
    with GameStore(tmp_path) as store:
        state = AppState(store)
        state.import_file("import-bad.json", json.dumps([BAD_HAND]).encode())
        assert state.message.startswith(
            "Nothing was imported from import-bad.json: game 1: hand 1:"
        )
        assert state.message.lower().count("nothing was imported") == 1


def test_a_refused_import_of_20000_records_is_one_short_message(tmp_path):
    raw = json.dumps([BAD_HAND] * 20_000).encode()
    with GameStore(tmp_path / "app") as store:
        state = AppState(store)
        state.import_file("many.json", raw)
        assert "game 10: hand 1:" in state.message and "game 11:" not in state.message
        assert state.message.endswith("and 19,990 more problems")
        assert len(state.message) < 2_000
    source = tmp_path / "many.json"
    source.write_bytes(raw)
    result = run(tmp_path / "data", "import", str(source))
    assert result.returncode == 2
    (line,) = result.stderr.decode().splitlines()
    assert line.startswith(f"error: {source}: nothing was imported: game 1: hand 1:")
    assert line.endswith("and 19,990 more problems") and len(line) < 2_000


def test_the_command_line_names_an_unreadable_file_once(tmp_path):
    source = tmp_path / "broken.json"
    source.write_text("{not json")
    result = run(tmp_path / "data", "import", str(source))
    (line,) = result.stderr.decode().splitlines()
    assert (
        line.startswith(f"error: '{source}' is not valid JSON") and line.count("broken.json") == 1
    )
