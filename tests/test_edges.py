"""The edges a mutation run found unguarded (README, "Mutation testing"): each
test here fails when one small fault is put into the core: a boundary moved by
one, a condition dropped, a check made case-sensitive."""

from dataclasses import replace

import pytest

from scorekeeper import i18n
from scorekeeper.core.draft import CarriedOver, HandDraft, Step, carry_over
from scorekeeper.core.game import add_hand, new_game, rematch, remove_hand, replace_hand
from scorekeeper.core.model import BLIND_NIL, NIL, Adjustment, Bid, Game, Hand, Variant
from scorekeeper.core.names import MAX_NAME_LENGTH, name_problem, team_name_problems
from scorekeeper.core.rules import Bidding, FailedNilTricks, RuleSet, rules_from_dict
from scorekeeper.core.scoring import (
    EventKind,
    ScoredGame,
    Status,
    _events,
    decide,
    score_game,
    score_side,
    scored,
)
from scorekeeper.core.validation import (
    adjustment_problems,
    hand_problems,
    reason_problem,
    setup_problems,
    variant_rule_problems,
)
from scorekeeper.errors import (
    GameOverError,
    InvalidGameError,
    InvalidHandError,
    InvalidRulesError,
    Problem,
)
from tests.factories import EVEN, game

# -- scoring ----------------------------------------------------------------------------


def test_a_side_of_two_nil_bidders_has_no_contract_for_tricks_to_count_toward():
    rules = RuleSet(failed_nil_tricks=FailedNilTricks.COUNT_FOR_PARTNER)
    hand = Hand((NIL, Bid(4), NIL, Bid(5)), (2, 6, 0, 5))
    side = score_side(rules, (0, 2), hand, 0, 0, 0)
    assert (side.contract, side.tricks_toward, side.made) == (0, 0, None)
    assert (side.nil_bags, side.bags) == (2, 2), "the failed nil's tricks are bags"


def test_with_a_contract_a_failed_nils_tricks_count_for_the_partner():
    rules = RuleSet(failed_nil_tricks=FailedNilTricks.COUNT_FOR_PARTNER)
    hand = Hand((NIL, Bid(4), Bid(3), Bid(5)), (2, 6, 1, 4))
    side = score_side(rules, (0, 2), hand, 0, 0, 0)
    assert (side.contract, side.tricks_toward, side.made, side.nil_bags) == (3, 3, True, 0)


def test_a_contract_of_one_takes_a_failed_nils_trick_for_the_partner():
    rules = RuleSet(failed_nil_tricks=FailedNilTricks.COUNT_FOR_PARTNER)
    hand = Hand((NIL, Bid(4), Bid(1), Bid(5)), (1, 7, 0, 5))
    side = score_side(rules, (0, 2), hand, 0, 0, 0)
    assert (side.contract, side.tricks_toward, side.made, side.nil_bags) == (1, 1, True, 0)


def test_a_big_bid_can_be_a_single_trick():
    rules = RuleSet(big_bid_min=1, big_bid_points=50)
    hand = Hand((Bid(1), Bid(4), NIL, Bid(5)), (1, 7, 0, 5))
    side = score_side(rules, (0, 2), hand, 0, 0, 0)
    assert (side.big_bid, side.contract_points) == (True, 50)


def test_each_nil_is_told_by_its_own_kind_and_outcome():
    hand = Hand((NIL, Bid(4), BLIND_NIL, Bid(5)), (0, 7, 1, 5))
    side = score_side(RuleSet(), (0, 2), hand, 0, 0, 0)
    kinds = [e.kind for e in _events([side]) if e.seat is not None]
    assert kinds == [EventKind.NIL_MADE, EventKind.BLIND_NIL_FAILED]


def test_no_hand_played_is_never_the_hand_limit():
    assert decide([0, 0], RuleSet(max_hands=1)) == (None, False, False)


def test_scoring_keeps_nothing_between_calls():
    """Scoring is a pure function: an operation returns the score with the game,
    and the same game scored again gives an equal, freshly made score."""
    played = game(replace(EVEN, dealer=0))  # a new hand records its dealer
    first = score_game(played)
    assert score_game(played) == first and score_game(played) is not first
    assert scored(played) == ScoredGame(played, first)
    assert add_hand(game(), EVEN) == ScoredGame(played, first)
    assert scored(played).totals == first.sides and scored(played).winner is None


def test_rules_that_do_not_fit_the_variant_are_refused_when_the_game_is_scored():
    with pytest.raises(InvalidGameError, match="big_bid_min 14"):
        score_game(game(rules=RuleSet(big_bid_min=14)))


def test_a_game_with_no_hand_is_in_progress_untied_with_no_winner():
    fresh = score_game(game())
    assert (fresh.status, fresh.winner, fresh.tied) == (Status.IN_PROGRESS, None, False)
    assert fresh.tied is False


def test_a_hand_after_the_win_is_refused_naming_the_winning_hand():
    with pytest.raises(GameOverError) as refused:
        score_game(game(EVEN, EVEN, rules=RuleSet(target=61)))
    assert refused.value.hand_number == 2
    assert [(p.field, p.message) for p in refused.value.problems] == [
        ("hand", "the game was won at hand 1; nothing can be recorded after it")
    ]


def test_a_side_exactly_at_the_target_wins_the_game_by_reaching_it():
    final = score_game(game(EVEN, rules=RuleSet(target=61)))
    assert (final.status, final.winner) == (Status.FINISHED, 0)
    assert final.hands[-1].events[-1].kind is EventKind.GAME_WON
    assert (final.next_dealer, final.next_first_bidder) == (None, None), "no next hand"
    assert [side.seats for side in final.sides] == [(0, 2), (1, 3)]


def test_the_mercy_score_ends_the_game_at_the_score_itself_and_the_highest_wins():
    rules = RuleSet(target=500, mercy=-200)
    assert decide([-199, 50], rules) == (None, False, False), "at -199, above the mercy score"
    assert decide([-200, 50], rules) == (1, False, True), "at the mercy score: over"
    assert decide([-200, 50, 60], rules) == (2, False, True), "the single highest wins"
    assert decide([-200, 60, 60], rules) == (None, True, True), "a shared highest plays on"
    assert decide([-300, -250], rules) == (1, False, True)


def test_the_target_is_reached_at_the_target_itself():
    rules = RuleSet(target=300)
    assert decide([300, 299], rules) == (0, False, False)
    assert decide([299, 298], rules) == (None, False, False)
    assert decide([310, 310], rules) == (None, True, False)


def test_a_single_bag_penalty_is_an_event():
    rules = RuleSet()
    hand = Hand((Bid(3), Bid(3), Bid(3), Bid(3)), (4, 3, 3, 3))
    side = score_side(rules, (0, 2), hand, 0, 100, rules.bag_limit - 1)
    assert (side.penalties, side.carried_bags) == (1, 0)
    assert side.penalty_points == -rules.bag_penalty
    penalties = [e for e in _events([side]) if e.kind is EventKind.BAG_PENALTY]
    assert [(e.side, e.count) for e in penalties] == [(0, 1)]


# -- rules -------------------------------------------------------------------------------


@pytest.mark.parametrize("value", [None, True, False, 1.5, "3"])
def test_a_whole_number_rule_refuses_null_booleans_and_others(value):
    with pytest.raises(InvalidRulesError, match="min_side_bid must be a whole number"):
        rules_from_dict({"min_side_bid": value})


def test_a_rule_that_may_be_off_takes_null_and_its_bounds():
    assert rules_from_dict({"mercy": None}).mercy is None
    assert rules_from_dict({"min_side_bid": 0}).min_side_bid == 0
    assert rules_from_dict({"min_side_bid": 13}).min_side_bid == 13
    for beyond in (-1, 14):
        with pytest.raises(InvalidRulesError, match="from 0 to 13"):
            rules_from_dict({"min_side_bid": beyond})


def four(rules: RuleSet) -> Game:
    return Game(Variant.PARTNERSHIP, ("Ann", "Bob", "Cat", "Dan"), 0, rules)


def test_blind_nil_is_allowed_from_exactly_the_deficit_on():
    rules = RuleSet(blind_nil_min_deficit=100)
    hand = Hand((BLIND_NIL, Bid(4), Bid(4), Bid(4)), (0, 5, 4, 4))
    assert hand_problems(four(rules), hand, [0, 100]) == []
    problems = hand_problems(four(rules), hand, [0, 99])
    assert [p.field for p in problems] == ["bid.0"]
    assert "trails by 100 or more (now 99)" in problems[0].message


def test_a_side_may_bid_exactly_the_minimum():
    rules = RuleSet(min_side_bid=4)
    at = Hand((Bid(2), Bid(3), Bid(2), Bid(3)), (3, 3, 4, 3))
    assert hand_problems(four(rules), at, [0, 0]) == []
    under = Hand((Bid(2), Bid(3), Bid(1), Bid(3)), (3, 3, 4, 3))
    assert [p.field for p in hand_problems(four(rules), under, [0, 0])] == ["side.0"]
    with_nil = Hand((NIL, Bid(3), Bid(1), Bid(3)), (0, 3, 7, 3))
    assert hand_problems(four(rules), with_nil, [0, 0]) == [], "a nil side is exempt"


# -- names --------------------------------------------------------------------------------


def test_a_name_of_exactly_the_limit_is_taken_one_more_is_refused():
    longest = "A" * MAX_NAME_LENGTH
    assert setup_problems(Variant.PARTNERSHIP, [longest, "Bob", "Cat", "Dan"], 0) == []
    problems = setup_problems(Variant.PARTNERSHIP, [longest + "B", "Bob", "Cat", "Dan"], 0)
    assert [p.field for p in problems] == ["players.0"]


def test_the_same_name_in_another_case_is_the_same_player():
    problems = setup_problems(Variant.PARTNERSHIP, ["Ann", "Bob", "ANN", "Dan"], 0)
    assert [p.field for p in problems] == ["players.2"]
    assert "'ANN' looks the same as 'Ann', player 1" in problems[0].message


@pytest.mark.parametrize("char", ["\u0378", "\U000e0001", "\u202e", "\ue000", "\x07"])
def test_unassigned_private_and_control_code_points_are_refused(char):
    problems = setup_problems(Variant.PARTNERSHIP, [f"An{char}n", "Bob", "Cat", "Dan"], 0)
    assert [p.field for p in problems] == ["players.0"]
    assert "invisible control character" in problems[0].message


# -- game and entries ----------------------------------------------------------------------


def test_there_is_no_hand_at_the_count_of_hands():
    two = game(EVEN, EVEN)
    for index in (2, -1):
        with pytest.raises(InvalidHandError, match="there is no hand"):
            replace_hand(two, index, EVEN)
        with pytest.raises(InvalidHandError, match="there is no hand"):
            remove_hand(two, index)
    assert len(remove_hand(two, 1).game.hands) == 1


def test_rest_never_gives_below_zero():
    draft = HandDraft.empty(4, 0, 1)
    draft = draft.with_tricks(0, 10).with_tricks(1, 5)
    assert draft.left_for(2) == -2
    assert draft.rest_to(2).tricks == (10, 5, 0, 0)
    assert draft.with_tricks(1, 2).rest_to(2).tricks == (10, 2, 1, 0)


def test_an_edit_whose_index_no_longer_matches_is_dropped():
    two = game(EVEN, EVEN)
    edit = HandDraft.of_hand(two.hands[0], 0, 5)
    assert carry_over(edit, two, 5).draft == edit
    moved = HandDraft(
        edit.bids, edit.tricks, Step.BIDS, editing=0, index=1, base=5, original=edit.original
    )
    found = carry_over(moved, two, 5)
    assert found.draft is None and "no longer fits" in (found.notice or "")


def test_an_entry_is_not_kept_on_a_finished_game():
    two = game(EVEN, EVEN)
    entry = HandDraft.empty(4, 2, 5)
    assert carry_over(entry, two, 5).draft == entry
    found = carry_over(entry, two, 5, finished=True)
    assert found.draft is None and "The game is over" in (found.notice or "")


# -- the words of each refusal (a form shows them as they are) ------------------------------


def refused(data) -> list[tuple[str, str]]:
    with pytest.raises(InvalidRulesError) as error:
        rules_from_dict(data)
    return [(p.field, p.message) for p in error.value.problems]


def test_rules_that_are_not_an_object_say_what_came():
    assert refused([1]) == [("rules", "rules must be an object of name: value, got [1]")]


def test_an_unknown_rule_lists_the_known_ones():
    known = "target, bag_limit, bag_penalty, nil_bonus, blind_nil_bonus, failed_nil_tricks"
    [(field, message)] = refused({"colour": 1})
    assert field == "rules.colour"
    assert message.startswith(f"unknown house rule 'colour'; known rules: {known}, mercy")
    assert message.endswith(
        "overtrick_points, max_hands, bidding, big_bid_double, blind_bids, blind_bid_min, "
        "blind_bid_deficit"
    )


def test_each_kind_of_rule_says_what_it_takes():
    assert refused(
        {
            "failed_nil_tricks": "keep",
            "bidding": "wild",
            "allow_nil": 1,
            "mercy": 5,
            "target": 0,
        }
    ) == [
        (
            "rules.failed_nil_tricks",
            "failed_nil_tricks must be one of bags, count_for_partner, ignored, got 'keep'",
        ),
        ("rules.bidding", "bidding must be one of standard, suicide, got 'wild'"),
        ("rules.allow_nil", "allow_nil must be true or false, got 1"),
        ("rules.mercy", "mercy must be a whole number from -100000 to -1 or null (off), got 5"),
        ("rules.target", "target must be a whole number from 1 to 100000, got 0"),
    ]


def test_the_rules_added_later_are_written_only_when_one_is_used():
    later = {"big_bid_min", "big_bid_points", "overtrick_points", "max_hands", "bidding"}
    assert later.isdisjoint(RuleSet().to_dict())
    assert later <= set(RuleSet().to_dict(everything=True))
    assert later <= set(RuleSet(max_hands=10).to_dict())


def test_a_hand_that_is_not_there_is_named_with_the_count():
    two = game(EVEN, EVEN)
    with pytest.raises(InvalidHandError) as error:
        remove_hand(two, 2)
    assert error.value.problems == (Problem("hand", "there is no hand 3: this game has 2"),)


def test_a_new_game_keeps_checks_and_passes_on_its_side_names():
    players = ["Ann", "Bob", "Cat", "Dan"]
    plain = new_game(Variant.PARTNERSHIP, players)
    assert plain.first_dealer == 0 and plain.team_names == ()
    named = new_game(Variant.PARTNERSHIP, players, team_names=(" Us ", "Them"))
    assert named.team_names == ("Us", "Them")
    assert rematch(named).team_names == ("Us", "Them")
    with pytest.raises(InvalidGameError) as error:
        new_game(Variant.PARTNERSHIP, players, team_names=("Us",))
    assert [p.field for p in error.value.problems] == ["team_names"]


# -- the hand being entered ---------------------------------------------------------------


def test_an_empty_entry_is_the_first_hand_of_its_size():
    entry = HandDraft.empty(3, total=17)
    assert (entry.index, entry.total, entry.bids, entry.tricks) == (0, 17, (None,) * 3, (0,) * 3)
    assert entry.to_hand().bids == (Bid(-1),) * 3, "a missing bid is an invalid one"


def test_an_edit_keeps_the_hands_adjustments_and_contracts_count_the_bids_in():
    hand = Hand(EVEN.bids, EVEN.tricks, (Adjustment(1, -50, "renege"),))
    assert HandDraft.of_hand(hand, 0).adjustments == hand.adjustments
    entry = HandDraft.empty(4).with_bid(0, Bid(3)).with_bid(2, Bid(4))
    assert entry.contract((0, 2)) == 7 and entry.contract((1, 3)) == 0


def test_an_entry_takes_the_games_tricks_per_hand():
    three = Game(Variant.CUTTHROAT, ("Ann", "Bob", "Cat"), 0, RuleSet())
    found = carry_over(HandDraft.empty(3, 0, 5), three, 5)
    assert found.draft is not None and found.draft.total == 17 and found.notice is None


def test_an_entry_stored_by_an_older_app_is_the_next_hand_at_this_revision():
    two = game(EVEN, EVEN)
    found = carry_over(HandDraft.empty(4, index=9, base=None), two, 5)
    assert found == CarriedOver(HandDraft.empty(4, index=2, base=5))
    edit = HandDraft.of_hand(two.hands[0], 0, base=None)
    assert carry_over(edit, two, 5) == CarriedOver(
        None,
        "An unfinished edit of hand 1 was discarded: it could not be checked against the game.",
    )


def test_an_entry_of_the_wrong_size_is_dropped():
    two = game(EVEN, EVEN)
    entry = HandDraft.empty(4, 2, 5)
    short = HandDraft(entry.bids, entry.tricks[:3], index=2, base=5)
    assert carry_over(short, two, 5).draft is None


def test_an_entry_on_a_finished_game_says_which_hand_was_dropped():
    found = carry_over(HandDraft.empty(4, 2, 5), game(EVEN, EVEN), 5, finished=True)
    assert found.notice == "The game is over: your entry for hand 3 was discarded."


# -- the words of each setup and hand problem ---------------------------------------------

SEATS = ["Ann", "Bob", "Cat", "Dan"]
CONTROL = "contains an invisible control character (U+202E)"


DEALER = "first dealer must be a seat from 0 to 3, got"


@pytest.mark.parametrize(
    ("players", "dealer", "problems"),
    [
        (SEATS[:3], 0, [("players", "a partnership game needs 4 players, got 3")]),
        ([*SEATS[:3], ""], 0, [("players.3", "player 4 needs a name")]),
        ([*SEATS[:3], " "], 0, [("players.3", "player 4 needs a name")]),
        (
            ["Ann", "Bob", "An\u202en", "Dan"],
            0,
            [("players.2", f"name 'An\\u202en' {CONTROL}; type the name again")],
        ),
        (SEATS, 4, [("first_dealer", f"{DEALER} 4")]),
        (SEATS, True, [("first_dealer", f"{DEALER} True")]),
        (SEATS, "0", [("first_dealer", f"{DEALER} '0'")]),
    ],
)
def test_each_setup_problem_in_its_words(players, dealer, problems):
    found = setup_problems(Variant.PARTNERSHIP, players, dealer)
    assert [(p.field, p.message) for p in found] == problems


def test_suicide_bidding_needs_partners():
    found = setup_problems(Variant.SOLO, SEATS, 0, RuleSet(bidding=Bidding.SUICIDE))
    assert [(p.field, p.message) for p in found] == [
        (
            "rules.bidding",
            "suicide bidding needs partners, so a solo game cannot use it; choose standard bidding",
        )
    ]


@pytest.mark.parametrize(
    ("names", "problems"),
    [
        ("Us", [("team_names", "side names must be a list of 2 texts, got 'Us'")]),
        (["Us", 5], [("team_names.1", "side name 5 must be a text")]),
        (
            ["Us", "T" * (MAX_NAME_LENGTH + 1)],
            [("team_names.1", f"name '{'T' * 31}' is too long: at most 30 characters")],
        ),
        (["Us", "T" * MAX_NAME_LENGTH], []),
        (
            ["Th\u202eem", "Us"],
            [("team_names.0", f"name 'Th\\u202eem' {CONTROL}; type the name again")],
        ),
        (["", ""], []),
        ([], []),
        (None, []),
    ],
)
def test_each_side_name_problem_in_its_words(names, problems):
    found = team_name_problems(Variant.PARTNERSHIP, names)
    assert [(p.field, p.message) for p in found] == problems


@pytest.mark.parametrize(
    ("reason", "problem"),
    [
        (5, "an adjustment's reason must be a text, got 5"),
        ("r" * 61, f"reason '{'r' * 61}' is too long: at most 60 characters"),
        ("r" * 60, None),
        ("re\u202en", f"reason 're\\u202en' {CONTROL}; type it again"),
        ("", None),
    ],
)
def test_each_reason_problem_in_its_words(reason, problem):
    assert reason_problem(reason) == problem


def test_a_name_with_nothing_visible_says_so():
    assert name_problem("   ") == "name '   ' has no visible letter or digit"
    assert name_problem("Ann") is None


def test_suicide_bidding_names_the_partners_and_counts_their_nils():
    table = Game(Variant.PARTNERSHIP, tuple(SEATS), 0, RuleSet(bidding=Bidding.SUICIDE))
    rule = "in suicide bidding exactly one of the partners bids nil or blind nil"
    two_and_none = Hand((NIL, Bid(3), NIL, Bid(3)), (0, 6, 0, 7))
    assert [(p.field, p.message) for p in hand_problems(table, two_and_none, [0, 0])] == [
        ("side.0", f"Ann + Cat: {rule} (here: 2)"),
        ("side.1", f"Bob + Dan: {rule} (here: 0)"),
    ]
    one_each = Hand((NIL, BLIND_NIL, Bid(6), Bid(6)), (0, 0, 7, 6))
    assert hand_problems(table, one_each, [0, 0]) == []


def test_every_bad_name_is_reported_at_once_in_its_words():
    long = "L" * (MAX_NAME_LENGTH + 1)
    found = setup_problems(Variant.PARTNERSHIP, ["", long, "Ann", "ann", " "], 0)
    assert [(p.field, p.message) for p in found][1:] == [
        ("players.0", "player 1 needs a name"),
        ("players.1", f"name '{long}' is too long: at most 30 characters"),
        (
            "players.3",
            "'ann' looks the same as 'Ann', player 3: give each player a different name",
        ),
        ("players.4", "player 5 needs a name"),
    ]


def test_counted_messages_come_in_the_tables_language():
    """Words with a number (ngettext) are looked up by their English singular:
    a change to it would leave another language's player reading English."""
    with i18n.language("th"):
        players = setup_problems(Variant.PARTNERSHIP, ["Ann", "Bob", "Cat"], 0)
        long = setup_problems(Variant.PARTNERSHIP, ["Ann", "L" * 31, "Cat", "Dan"], 0)
        side = team_name_problems(Variant.PARTNERSHIP, ["Us", "T" * 31])
        reason = reason_problem("r" * 61)
    assert [p.message for p in players] == ["เกมแบบ partnership ต้องมีผู้เล่น 4 คน แต่ได้ 3"]
    too_long = "ยาวเกินไป: ได้ไม่เกิน 30 ตัวอักษร"
    assert [p.message for p in long] == [f"ชื่อ '{'L' * 31}' {too_long}"]
    assert [p.message for p in side] == [f"ชื่อ '{'T' * 31}' {too_long}"]
    assert reason == f"เหตุผล '{'r' * 61}' ยาวเกินไป: ไม่เกิน 60 ตัวอักษร"


def test_a_name_with_a_lone_surrogate_is_refused_as_invisible():
    """A browser can send half of a UTF-16 pair; it would not survive being saved."""
    assert name_problem("Ann\ud83d") == (
        "name 'Ann\\ud83d' contains an invisible control character (U+D83D); type the name again"
    )


def test_a_name_with_a_hidden_character_does_not_hide_the_next_players_problem():
    found = setup_problems(Variant.PARTNERSHIP, ["Ann\u202e", "Bob", "", "Dan"], 0)
    assert [p.field for p in found] == ["players.0", "players.2"]
    assert found[1].message == "player 3 needs a name"


@pytest.mark.parametrize("adjustments", ["+10", None, 5, {"side": 0, "points": 10}])
def test_adjustments_that_are_not_a_list_are_refused_with_the_value(adjustments):
    assert adjustment_problems(game(), adjustments) == [
        Problem("adjustments", f"adjustments must be a list of at most 10, got {adjustments!r}")
    ]


def test_a_hand_takes_ten_adjustments_and_refuses_eleven():
    ten = tuple(Adjustment(0, 5) for _ in range(10))
    assert adjustment_problems(game(), ten) == []
    eleven = [Adjustment(0, 5)] * 11
    [problem] = adjustment_problems(game(), eleven)
    assert problem.field == "adjustments"
    assert problem.message.startswith("adjustments must be a list of at most 10, got [")


# -- a hand's problems, word for word -------------------------------------------------------

NO_BID = "is not a bid: choose 0 (nil) to 13, or blind nil"


@pytest.mark.parametrize(
    ("rules", "bids", "tricks", "before", "problems"),
    [
        (
            RuleSet(),
            (Bid(3), Bid(3), Bid(3)),
            (4, 3, 3),
            [0, 0],
            [
                ("bids", "a hand needs 4 bids, one per player, got 3"),
                ("tricks", "a hand needs 4 trick counts, one per player, got 3"),
            ],
        ),
        (
            RuleSet(),
            (3, Bid("3"), Bid(14), Bid(3)),
            (4, 3, 3, 3),
            [0, 0],
            [
                ("bid.0", f"Ann: 3 {NO_BID}"),
                ("bid.1", f"Bob: '3' {NO_BID}"),
                ("bid.2", f"Cat: 14 {NO_BID}"),
            ],
        ),
        (
            RuleSet(),
            (Bid(4, blind=True), Bid(3), Bid(3), Bid(3)),
            (4, 3, 3, 3),
            [0, 0],
            [
                (
                    "bid.0",
                    "Ann: blind 4, which this game's rules do not allow "
                    "(only nil may be bid blind)",
                )
            ],
        ),
        (
            RuleSet(allow_blind_nil=False, allow_nil=False),
            (BLIND_NIL, NIL, Bid(6), Bid(7)),
            (0, 0, 6, 7),
            [0, 0],
            [
                ("bid.0", "Ann: blind nil, which this game's rules do not allow"),
                ("bid.1", "Bob: nil, which this game's rules do not allow"),
            ],
        ),
        (
            RuleSet(blind_nil_min_deficit=100),
            (BLIND_NIL, Bid(4), Bid(4), Bid(4)),
            (0, 5, 4, 4),
            [50, 120],
            [("bid.0", "Ann: blind nil only when the side trails by 100 or more (now 70)")],
        ),
        (
            RuleSet(min_side_bid=4),
            (Bid("x"), Bid(3), Bid(1), Bid(3)),
            (3, 3, 4, 3),
            [0, 0],
            [("bid.0", f"Ann: 'x' {NO_BID}")],
        ),
        (
            RuleSet(bidding=Bidding.SUICIDE),
            (Bid(14), Bid(3), NIL, Bid(3)),
            (0, 6, 0, 7),
            [0, 0],
            [
                ("bid.0", f"Ann: 14 {NO_BID}"),
                (
                    "side.1",
                    "Bob + Dan: in suicide bidding exactly one of the partners bids nil "
                    "or blind nil (here: 0)",
                ),
            ],
        ),
        (
            RuleSet(),
            (Bid(3), Bid(3), Bid(3), Bid(3)),
            (4, 14, -1, "3"),
            [0, 0],
            [
                ("tricks.1", "Bob: tricks 14 must be a whole number from 0 to 13"),
                ("tricks.2", "Cat: tricks -1 must be a whole number from 0 to 13"),
                ("tricks.3", "Dan: tricks '3' must be a whole number from 0 to 13"),
            ],
        ),
        (
            RuleSet(),
            (Bid(3), Bid(3), Bid(3), Bid(3)),
            (4, 3, 3, 4),
            [0, 0],
            [("tricks", "tricks add up to 14, but every hand has 13 (1 trick too many)")],
        ),
        (
            RuleSet(),
            (Bid(3), Bid(3), Bid(3), Bid(3)),
            (4, 3, 3, 1),
            [0, 0],
            [("tricks", "tricks add up to 11, but every hand has 13 (2 tricks missing)")],
        ),
    ],
)
def test_each_hand_problem_in_its_words(rules, bids, tricks, before, problems):
    found = hand_problems(four(rules), Hand(bids, tricks), before)
    assert [(p.field, p.message) for p in found] == problems


def test_a_hands_counted_problems_come_in_the_tables_language():
    table = four(RuleSet())
    with i18n.language("th"):
        short = hand_problems(table, Hand((Bid(3),), (4,)), [0, 0])
        over = hand_problems(table, Hand((Bid(3),) * 4, (4, 3, 3, 4)), [0, 0])
        under = hand_problems(table, Hand((Bid(3),) * 4, (4, 3, 3, 2)), [0, 0])
    assert [p.message for p in short] == [
        "หนึ่งตาต้องมีการประมูล 4 ครั้ง คนละครั้ง แต่ได้ 1",
        "หนึ่งตาต้องมีจำนวนทริค 4 ค่า คนละค่า แต่ได้ 1",
    ]
    assert [p.message for p in over] == ["ทริครวมกันได้ 14 แต่ทุกตามี 13 ทริค (เกินมา 1 ทริค)"]
    assert [p.message for p in under] == ["ทริครวมกันได้ 12 แต่ทุกตามี 13 ทริค (ขาดอีก 1 ทริค)"]


def test_tricks_that_do_not_add_up_name_the_variants_own_count():
    cutthroat = Game(Variant.CUTTHROAT, ("Ann", "Bob", "Cat"), 0, RuleSet())
    hand = Hand((Bid(5), Bid(5), Bid(5)), (6, 6, 6))
    assert [(p.field, p.message) for p in hand_problems(cutthroat, hand, [0, 0, 0])] == [
        ("tricks", "tricks add up to 18, but every hand has 17 (1 trick too many)")
    ]


SIDE = "an adjustment's side must be a side from 0 to 1, got"
POINTS = "an adjustment must be a whole number of points from -1000 to 1000, not 0, got"


@pytest.mark.parametrize(
    ("adjustments", "problems"),
    [
        (
            (5, Adjustment(2, 10)),
            [("adjustments.0", "5 is not an adjustment"), ("adjustments.1.side", f"{SIDE} 2")],
        ),
        ((Adjustment(-1, 10),), [("adjustments.0.side", f"{SIDE} -1")]),
        ((Adjustment("0", 10),), [("adjustments.0.side", f"{SIDE} '0'")]),
        ((Adjustment(True, 10),), [("adjustments.0.side", f"{SIDE} True")]),
        ((Adjustment(0, 0),), [("adjustments.0.points", f"{POINTS} 0")]),
        ((Adjustment(1, 1001),), [("adjustments.0.points", f"{POINTS} 1001")]),
        ((Adjustment(1, -1001),), [("adjustments.0.points", f"{POINTS} -1001")]),
        ((Adjustment(1, "10"),), [("adjustments.0.points", f"{POINTS} '10'")]),
        ((Adjustment(1, 2.5),), [("adjustments.0.points", f"{POINTS} 2.5")]),
        (
            (Adjustment(0, 5, 7),),
            [("adjustments.0.reason", "an adjustment's reason must be a text, got 7")],
        ),
        (
            (Adjustment(1, 1000, "bonus"), Adjustment(0, -1000), Adjustment(1, 1)),
            [],
        ),
        (
            (Adjustment(3, 0, 7),),
            [
                ("adjustments.0.side", f"{SIDE} 3"),
                ("adjustments.0.points", f"{POINTS} 0"),
                ("adjustments.0.reason", "an adjustment's reason must be a text, got 7"),
            ],
        ),
    ],
)
def test_each_adjustment_problem_in_its_words(adjustments, problems):
    found = adjustment_problems(game(), adjustments)
    assert [(p.field, p.message) for p in found] == problems


def test_a_hands_adjustments_are_checked_with_the_hand():
    hand = Hand((Bid(3),) * 4, (4, 3, 3, 3), (Adjustment(2, 10),))
    assert [p.field for p in hand_problems(game(), hand, [0, 0])] == ["adjustments.0.side"]


def test_a_thirteen_trick_hand_has_words_of_its_own_in_albanian():
    table = four(RuleSet())
    cutthroat = Game(Variant.CUTTHROAT, ("Ann", "Bob", "Cat"), 0, RuleSet())
    with i18n.language("sq"):
        [thirteen] = hand_problems(table, Hand((Bid(3),) * 4, (4, 3, 3, 4)), [0, 0])
        [seventeen] = hand_problems(cutthroat, Hand((Bid(5),) * 3, (6, 6, 3)), [0, 0, 0])
    assert thirteen.message == "truket bëjnë 14, por çdo dorë ka 13 (1 truk më shumë)"
    assert seventeen.message == "truket bëjnë 15, por çdo dorë ka 17 (mungojnë 2 truke)"


def test_a_big_bid_bigger_than_the_hand_names_the_variants_tricks():
    assert variant_rule_problems(Variant.PARTNERSHIP, RuleSet(big_bid_min=14)) == [
        Problem(
            "rules.big_bid_min",
            "big_bid_min 14 is more tricks than a partnership hand has; choose 1 to 13 or off",
        )
    ]
    assert variant_rule_problems(Variant.CUTTHROAT, RuleSet(big_bid_min=17)) == []
    assert variant_rule_problems(Variant.CUTTHROAT, RuleSet(big_bid_min=18))[0].message == (
        "big_bid_min 18 is more tricks than a cutthroat hand has; choose 1 to 17 or off"
    )
