"""Golden games: each file states a rule, a record, and the figures worked out
by hand. The expectation is a subset of the report: only the keys it names."""

import json
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.core.record import game_from_record
from scorekeeper.core.report import score_report
from scorekeeper.core.scoring import score_game

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.json"))


def assert_subset(expected: Any, actual: Any, path: str = "") -> None:
    if isinstance(expected, dict):
        assert isinstance(actual, dict), path
        for key, value in expected.items():
            assert key in actual, f"{path}.{key} missing"
            assert_subset(value, actual[key], f"{path}.{key}")
    elif isinstance(expected, list):
        assert isinstance(actual, list) and len(actual) == len(expected), path
        for i, (e, a) in enumerate(zip(expected, actual, strict=True)):
            assert_subset(e, a, f"{path}[{i}]")
    else:
        assert actual == expected, f"{path}: expected {expected!r}, got {actual!r}"


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden(path: Path) -> None:
    case = json.loads(path.read_text(encoding="utf-8"))
    assert case["rule"], "every golden file says which rule it checks"
    game = game_from_record(case["record"])
    assert_subset(case["expect"], score_report(game, score_game(game)))


def test_subset_check_catches_a_wrong_figure() -> None:
    with pytest.raises(AssertionError):
        assert_subset({"a": [{"b": 1}]}, {"a": [{"b": 2}]})
