"""Side names get the checks player names get, at every door (set-up, import,
the command line), and no name may carry invisible tag characters."""

import json
import subprocess
import sys

import pytest

from scorekeeper.core.exchange import ImportRefusedError, parse_import
from scorekeeper.core.game import new_game
from scorekeeper.core.model import Variant
from scorekeeper.core.record import game_from_record
from scorekeeper.core.validation import name_problem, team_name_problems
from scorekeeper.errors import InvalidGameError, ScorekeeperError
from scorekeeper.storage.store import GameStore
from scorekeeper.ui.state import AppState

PLAYERS = ["Alex", "Beth", "Charlie", "David"]
# A closing isolate then a right-to-left override: the rest of the line
# (the scores) reads backwards, "61 to 60" as "06 ot 16".
SPOOF = "Us\u2069\u202e"
TAGGED = "Ann\U000e0041\U000e0042"  # "Ann" followed by two invisible tag letters
RECORD = {
    "format": "spades-score/1",
    "players": PLAYERS,
    "rules": {"target": 100},
    "hands": [{"bids": [4, 3, "nil", 4], "tricks": [4, 3, 2, 4]}],
}


@pytest.mark.parametrize(
    "bad", [SPOOF, "\u2067Them", "a\u200fb", "x\u202ay", "\u061cq", "Us\U000e0001", TAGGED]
)
def test_a_side_name_with_a_bidi_control_or_tag_character_is_refused(bad):
    (problem,) = team_name_problems(Variant.PARTNERSHIP, [bad, "Them"])
    assert problem.field == "team_names.0"
    assert f"U+{ord(next(c for c in bad if not c.isalnum())):04X}" in problem.message


@pytest.mark.parametrize("fine", ["Us", "אנחנו", "พวกเรา", "Ne", "👩‍👩‍👧 team", ""])
def test_side_names_in_any_script_are_welcome(fine):
    assert team_name_problems(Variant.PARTNERSHIP, [fine, "Them"]) == []


def test_tag_characters_are_refused_in_player_names_too():
    assert name_problem(TAGGED) is not None
    with pytest.raises(InvalidGameError) as refused:
        new_game(Variant.PARTNERSHIP, [TAGGED, "Beth", "Charlie", "David"])
    assert "U+E0041" in str(refused.value)


def test_the_set_up_form_refuses_a_spoofing_side_name(tmp_path):
    with GameStore(tmp_path) as store:
        state = AppState(store)
        state.new_game()
        for seat, name in enumerate(PLAYERS):
            state.set_name(seat, name)
        state.set_team_name(1, SPOOF)
        state.start_game()
        assert "team_names.1" in state.errors and "U+2069" in state.errors["team_names.1"]
        assert store.history().total == 0


def test_an_imported_record_with_a_spoofing_side_name_is_refused():
    record = {**RECORD, "team_names": ["Them", SPOOF]}
    with pytest.raises(ScorekeeperError):
        game_from_record(record)
    with pytest.raises(ImportRefusedError) as refused:
        parse_import([record])
    assert "U+2069" in str(refused.value)


@pytest.mark.parametrize("command", ["import", "score"])
def test_the_command_line_refuses_a_spoofing_side_name(tmp_path, command):
    path = tmp_path / "game.json"
    path.write_text(json.dumps({**RECORD, "team_names": [SPOOF, "Them"]}))
    result = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "--data", str(tmp_path / "d"), command, str(path)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2 and result.stdout == ""
    assert "U+2069" in result.stderr
