"""What the table is told matches what happened: a failed nil's tricks under
each rule, an edited hand's own totals, counted words in every language, and
one order for a pair of names on every surface."""

import re
from dataclasses import replace

import pytest

from scorekeeper import i18n
from scorekeeper.core.model import Adjustment, Game, Variant
from scorekeeper.core.rules import FailedNilTricks, RuleSet
from scorekeeper.core.scoring import score_game
from scorekeeper.storage.store import GameStore
from scorekeeper.ui.state import AppState
from scorekeeper.ui.text import describe_hand, named_side, side_label, side_players, versus
from tests.factories import game, hand
from tests.test_i18n import displayed
from tests.test_ui_state import play, start, tap

LANGUAGES = ["en", "th", "sq", "he"]


def plain(text: str) -> str:
    return re.sub("[\u2066-\u2069]", "", text)


def summary(rules: RuleSet, language: str = "en") -> list[str]:
    played = game(hand([4, 3, "nil", 4], [5, 3, 1, 4]), rules=rules)
    with i18n.language(language):
        return [plain(line) for line in describe_hand(played, score_game(played), 0)]


def test_a_failed_nils_trick_scores_a_bag_where_bags_score():
    assert "Charlie: nil failed (1 trick, +1 as a bag)" in summary(RuleSet())


def test_where_bags_score_nothing_a_failed_nils_trick_is_counted_with_no_plus():
    lines = summary(RuleSet(overtrick_points=0))
    assert "Charlie: nil failed (1 trick, counted as a bag)" in lines, lines
    assert not any("+1 as" in line for line in lines), lines


def test_where_a_failed_nils_tricks_count_for_nothing_they_are_not_bags():
    lines = summary(RuleSet(failed_nil_tricks=FailedNilTricks.IGNORED))
    assert "Charlie: nil failed (1 trick, not a bag)" in lines, lines


@pytest.mark.parametrize("language", ["th", "sq", "he"])
def test_each_failed_nil_wording_is_translated(language):
    english = summary(RuleSet(overtrick_points=0))
    other = summary(RuleSet(overtrick_points=0), language)
    assert "+1" not in " ".join(other)
    assert set(english).isdisjoint(other)
    assert summary(RuleSet(failed_nil_tricks=FailedNilTricks.IGNORED), language) != other


@pytest.fixture
def store(tmp_path):
    with GameStore(tmp_path) as s:
        yield s


def test_the_summary_of_an_edited_early_hand_tells_that_hands_totals(store):
    state = start(AppState(store))
    play(state, [3, 3, 3, 3], [4, 3, 3, 3])  # hand 1: 61 and 60
    play(state, [3, 3, 3, 3], [3, 4, 3, 3])
    play(state, [3, 3, 3, 3], [3, 3, 4, 3])
    state.edit_hand(0)
    state.to_tricks()
    tap(state, 0, 3)
    tap(state, 1, 4)  # side 1 takes the trick instead: 60 and 61 after hand 1
    state.save_hand()
    lines = [plain(line) for line in state.summary]
    assert lines[0] == "Hand 1, changed"
    assert "Alex + Charlie: +60 this hand, 60 in all" in lines, lines
    assert "Beth + David: +61 this hand, 61 in all" in lines, lines
    assert not any(line.startswith("Deals next") for line in lines), "the next new hand's"
    play(state, [3, 3, 3, 3], [4, 3, 3, 3])
    assert plain(state.summary[-1]).startswith("Deals next"), "the newest hand says it"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_count_in_a_partnership_line_has_its_own_plural(language):
    from scorekeeper.ui.screens.stats import partnership_line

    with i18n.language(language):
        one = plain(partnership_line(("Ana", "Cy"), 1, 1, 1, "100%"))
        many = plain(partnership_line(("Ana", "Cy"), 3, 2, 2, "100%"))
        other_wins = plain(partnership_line(("Ana", "Cy"), 1, 2, 2, "100%"))
    if language == "en":
        assert one == "Ana + Cy: 1 game, 1 win of 1 (100%)"
        assert many == "Ana + Cy: 3 games, 2 wins of 2 (100%)"
    # the wins' words follow the wins, not the games
    assert other_wins != one.replace("1 (100%)", "2 (100%)") or language == "th"
    assert one.startswith("Ana + Cy: ") and many.startswith("Ana + Cy: ")


HEBREW_PAIR = ("\u05de\u05d9\u05db\u05dc", "Ben", "\u05d3\u05e0\u05d4", "Ada")  # Michal + Dana


def surfaces(played: Game) -> dict[str, str]:
    """Every text that names side 0 by its players."""
    from scorekeeper.ui.screens.sheet import adjustment_line
    from scorekeeper.ui.screens.stats import partnership_line

    score = score_game(played)
    return {
        "title": versus([side_label(played, s) for s in range(2)]),
        "card": side_label(played, 0),
        "history": named_side("", played.side_names(0)),
        "cell": adjustment_line(played, played.hands[0].adjustments[0]),
        "summary": describe_hand(played, score, 0)[-3],
        "stats": partnership_line(played.side_names(0), 1, 1, 1, "100%"),
    }


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("paragraph_rtl", [False, True])
def test_a_pair_of_names_shows_in_one_order_on_every_surface(language, paragraph_rtl):
    """Thai screen, Hebrew partners: the first name is on the left wherever the
    pair is shown, whatever direction the surrounding paragraph takes; on a
    Hebrew screen, on the right."""
    played = Game(
        Variant.PARTNERSHIP,
        HEBREW_PAIR,
        0,
        RuleSet(),
        (replace(hand([3, 3, 3, 3], [4, 3, 3, 3]), adjustments=(Adjustment(0, -30, ""),)),),
    )
    first, second = (name[::-1] for name in (HEBREW_PAIR[0], HEBREW_PAIR[2]))  # as drawn
    with i18n.language(language):
        rtl = i18n.is_rtl()
        shown = {where: displayed(text, paragraph_rtl) for where, text in surfaces(played).items()}
    for where, text in shown.items():
        left, right = (second, first) if rtl else (first, second)
        assert f"{left} + {right}" in text, (where, text)
    assert side_players(replace(played, team_names=("Us", "")), 0) == side_label(played, 0)
