"""Side names get the checks player names get, at every door (set-up, import,
the command line), and no name may carry invisible tag characters."""

import json
import subprocess
import sys

import pytest

from scorekeeper.core.exchange import ImportRefusedError, parse_import
from scorekeeper.core.game import new_game
from scorekeeper.core.model import Variant
from scorekeeper.core.names import Shown, name_problem, team_name_problems
from scorekeeper.core.record import game_from_record
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


# -- names with nothing visible, format characters, names that look alike ------------

# A Persian word: a zero-width non-joiner keeps its two parts unjoined.
PERSIAN = "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"
WIDE_ED = "\uff25\uff24"  # "ED" in full-width letters
NOTHING_VISIBLE = ["\u3164", "\u115f", "\uffa0", "\u2800", "\u3164\u3164", "\u200b", "\ufeff"]


@pytest.mark.parametrize("blank", NOTHING_VISIBLE)
def test_a_name_with_nothing_visible_is_refused_and_spelled_out(blank):
    problem = name_problem(blank)
    assert problem is not None and "no visible letter or digit" in problem
    assert f"\\u{ord(blank[0]):04x}" in problem  # the quoted name shows what it holds
    with pytest.raises(InvalidGameError):
        new_game(Variant.PARTNERSHIP, [blank, "Beth", "Charlie", "David"])


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("E\u200bd", 0x200B),
        ("E\u200dd", 0x200D),  # a joiner between Latin letters joins nothing
        ("E\ufeffd", 0xFEFF),
        ("Ann\u00ad", 0x00AD),
        ("Ann\u3164", 0x3164),
        ("Ann\u2800", 0x2800),
        ("\u200cAnn", 0x200C),
    ],
)
def test_a_format_character_or_blank_inside_a_name_is_refused(name, code):
    problem = name_problem(name)
    assert problem is not None and f"U+{code:04X}" in problem
    assert f"\\u{code:04x}" in problem or f"\\x{code:02x}" in problem


@pytest.mark.parametrize(
    "fine",
    [PERSIAN, "क्\u200dष", "👩\u200d👩\u200d👧", "👨\u200d❤\ufe0f\u200d👨", "Ann", "נועה", "สมชาย"],
)
def test_joiners_where_a_script_uses_them_are_welcome(fine):
    assert name_problem(fine) is None


def test_a_persian_name_with_its_non_joiner_passes_at_every_door(tmp_path):
    game = new_game(Variant.PARTNERSHIP, [PERSIAN, "Beth", "Charlie", "David"])
    assert game.players[0] == PERSIAN
    record = {**RECORD, "players": [PERSIAN, "Beth", "Charlie", "David"]}
    assert game_from_record(record).players[0] == PERSIAN
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    assert run_cli(tmp_path, "score", path).returncode == 0


@pytest.mark.parametrize(
    ("first", "second"),
    [("Ed", WIDE_ED), ("Ed", "ed"), ("\uff25d", "ed"), (PERSIAN, PERSIAN.replace("\u200c", ""))],
)
def test_two_names_that_look_the_same_are_refused_naming_both(first, second):
    with pytest.raises(InvalidGameError) as refused:
        new_game(Variant.PARTNERSHIP, [first, "Beth", second, "David"])
    (problem,) = refused.value.problems
    assert problem.field == "players.2"
    assert f"{second!r} looks the same as {first!r}, player 1" in problem.message


def test_ed_and_ed_with_a_zero_width_space_are_not_two_players():
    with pytest.raises(InvalidGameError) as refused:
        new_game(Variant.PARTNERSHIP, ["Ed", "Beth", "E\u200bd", "David"])
    (problem,) = refused.value.problems
    assert problem.field == "players.2" and "'E\\u200bd'" in problem.message


def test_two_side_names_that_look_the_same_are_refused():
    (problem,) = team_name_problems(Variant.PARTNERSHIP, ["Us", "\uff35\uff33"])
    assert problem.field == "team_names.1" and "'Us'" in problem.message
    (problem,) = team_name_problems(Variant.PARTNERSHIP, ["\u3164", "Them"])
    assert problem.field == "team_names.0"


def test_the_set_up_form_refuses_a_name_with_nothing_visible(tmp_path):
    with GameStore(tmp_path) as store:
        state = AppState(store)
        state.new_game()
        for seat, name in enumerate(["\u3164", "Ed", "Charlie", "E\u200bd"]):
            state.set_name(seat, name)
        state.set_team_name(0, "\u2800")
        state.start_game()
        assert "no visible" in state.errors["players.0"]
        assert "U+200B" in state.errors["players.3"]
        assert "team_names.0" in state.errors
        assert store.history().total == 0


def test_an_import_with_look_alike_players_is_refused():
    record = {**RECORD, "players": ["Ed", "Beth", "E\u200bd", "David"]}
    with pytest.raises(ImportRefusedError) as refused:
        parse_import([record])
    assert "U+200B" in str(refused.value)
    record = {**RECORD, "players": ["Ed", "Beth", WIDE_ED, "David"]}
    with pytest.raises(ImportRefusedError) as refused:
        parse_import([record])
    assert "'Ed'" in str(refused.value)


@pytest.mark.parametrize("command", ["import", "score"])
@pytest.mark.parametrize("name", ["\u3164", "E\u200bd", "\u2800"])
def test_the_command_line_refuses_a_name_with_nothing_to_see(tmp_path, command, name):
    path = tmp_path / "game.json"
    path.write_text(json.dumps({**RECORD, "players": [name, "Ed", "Charlie", "David"]}))
    result = run_cli(tmp_path, command, path)
    assert result.returncode == 2 and result.stdout == ""
    assert "\\u" in result.stderr


def run_cli(tmp_path, command, path):
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", "--data", str(tmp_path / "d"), command, str(path)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize(
    "name",
    [
        "\u200cبب",  # a non-joiner before the first letter joins nothing
        "بب\u200c",  # nor after the last
        "a\u200cب",  # nor between a Latin letter and an Arabic one
        "ب\u200ca",
    ],
)
def test_a_joiner_at_an_end_or_between_scripts_is_refused(name):
    problem = name_problem(name)
    assert problem is not None and "U+200C" in problem


@pytest.mark.parametrize("fine", ["❤\ufe0f\u200d🔥", "👨🏽\u200d🚀", "Al❤\ufe0f\u200d🔥"])
def test_a_joiner_after_an_emojis_selector_or_skin_tone_is_welcome(fine):
    assert name_problem(fine) is None


@pytest.mark.parametrize(
    ("value", "quoted"),
    [
        ("ก\u0e31\u200b", "'ก\u0e31\\u200b'"),  # a Thai mark shows on its letter: kept
        ("A\U000e0041", "'A\\U000e0041'"),  # an invisible tag past the 16-bit range
        ("A\uffff", "'A\\uffff'"),  # the last 16-bit code point
        ("x" * 78, "'" + "x" * 78 + "'"),  # 80 with its quotes: whole
        ("x" * 79, "'" + "x" * 78 + "…"),  # 81: cut to 80
    ],
)
def test_a_quoted_name_spells_out_what_cannot_be_seen_and_stays_short(value, quoted):
    assert repr(Shown(value)) == quoted


def test_a_name_too_long_is_quoted_with_the_limit():
    long = "x" * 31
    (problem,) = team_name_problems(Variant.PARTNERSHIP, [long, "Them"])
    assert problem.field == "team_names.0"
    assert problem.message == f"name {long!r} is too long: at most 30 characters"


@pytest.mark.parametrize("invisible", ["\u200b", "\u3164", "\u00ad", "\u2060"])
def test_an_invisible_character_is_named_by_its_code_point(invisible):
    """A zero-width space, a Hangul filler, a soft hyphen, a word joiner: each
    is named by its code point, so the keeper can find it."""
    code = f"{ord(invisible):04X}"
    assert name_problem(f"Ana{invisible}") == (
        f"name {Shown('Ana' + invisible)!r} contains an invisible character (U+{code}); "
        "type the name again"
    )


@pytest.mark.parametrize("mark", ["\u034f", "\ufe00", "\ufe0f", "\u180b"])
def test_a_name_with_an_invisible_mark_looks_the_same_as_without(mark):
    """A grapheme joiner or a variation selector is a mark a name may carry, but
    draws nothing: each end of the default-ignorable ranges counts."""
    assert name_problem(f"Ana{mark}") is None
    (problem,) = new_game_problems(["Ana", f"Ana{mark}", "Cy", "Di"])
    assert problem[0] == "players.1" and "looks the same as 'Ana'" in problem[1]


def test_names_alike_once_case_is_folded_are_one_name():
    """Folding case turns "ß" into "ss": Weiß and WEISS are the same name."""
    (problem,) = new_game_problems(["Weiß", "WEISS", "Cy", "Di"])
    assert problem == (
        "players.1",
        "'WEISS' looks the same as 'Weiß', player 1: give each player a different name",
    )
    (problem,) = team_name_problems(Variant.PARTNERSHIP, ["Straße", "STRASSE"])
    assert problem.message == (
        "side name 'STRASSE' looks the same as 'Straße': give each side a different name"
    )


def test_every_side_name_is_checked_after_one_that_is_not_text():
    found = team_name_problems(Variant.PARTNERSHIP, [5, "\u200b"])
    assert [(p.field, p.message) for p in found] == [
        ("team_names.0", "side name 5 must be a text"),
        ("team_names.1", "name '\\u200b' has no visible letter or digit"),
    ]


def new_game_problems(names: list[str]) -> list[tuple[str, str]]:
    with pytest.raises(InvalidGameError) as error:
        new_game(Variant.PARTNERSHIP, names)
    return [(p.field, p.message) for p in error.value.problems]
