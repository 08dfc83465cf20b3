"""The dealer as dealt: each hand records who dealt it, so deleting, changing or
undoing a hand never moves another hand's dealer, and the next hand is dealt
by the seat after the last hand's dealer. A game kept before hands recorded
their dealer reads as it always did, and its record is written back as it was
until a hand is changed."""

import json
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from scorekeeper.core.draft import HandDraft, carry_over
from scorekeeper.core.game import (
    add_hand,
    new_game,
    remove_hand,
    replace_hand,
    undo_last_hand,
    with_dealers,
)
from scorekeeper.core.model import Bid, Game, Hand, Variant
from scorekeeper.core.record import game_from_record, game_to_record
from scorekeeper.core.rules import RuleSet
from scorekeeper.core.scoring import score_game
from scorekeeper.errors import InvalidHandError, InvalidRecordError, ScorekeeperError
from scorekeeper.storage.drafts import draft_from_document, draft_to_document
from scorekeeper.storage.store import GameStore
from tests.factories import EVEN, game, hand
from tests.test_properties import games, hands

SOLO = ("Ana", "Bo", "Cy", "Di")
QUIET = hand([3, 3, 3, 3], [4, 3, 3, 3])  # scores little: no game ends on it
LEGACY = {
    "format": "spades-score/1",
    "variant": "solo",
    "players": list(SOLO),
    "first_dealer": 0,
    "rules": RuleSet().to_dict(),  # as an older version wrote them: every rule
    "hands": [{"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}] * 8,
}


def dealers(g: Game) -> list[int]:
    """Who dealt each hand, as the score (and every screen) says it."""
    return [h.dealer for h in score_game(g).hands]


def solo_of_eight() -> Game:
    g = new_game(Variant.SOLO, SOLO)
    for _ in range(8):
        g = add_hand(g, QUIET).game
    return g


# -- the table's story: a solo game of 8 hands, hand 4 deleted -----------------------------


@pytest.mark.parametrize("kept_by", ["this version", "an older version"])
def test_deleting_hand_4_of_8_keeps_hand_5s_dealer_and_the_deal_goes_on(kept_by):
    g = solo_of_eight() if kept_by == "this version" else game_from_record(LEGACY)
    assert dealers(g) == [0, 1, 2, 3, 0, 1, 2, 3]  # Ana deals hand 5
    after = remove_hand(g, 3)
    assert dealers(after.game) == [0, 1, 2, 0, 1, 2, 3], "old hand 5 is still Ana's deal"
    assert after.score.next_dealer == 0, "Di dealt last: Ana deals next, not Di again"
    assert after.score.next_first_bidder == 1
    again = add_hand(after.game, QUIET)
    assert dealers(again.game)[-1] == 0 and again.game.hands[-1].dealer == 0


def test_a_new_hand_records_its_dealer():
    g = new_game(Variant.PARTNERSHIP, ("A", "B", "C", "D"), first_dealer=2)
    first = add_hand(g, EVEN).game
    assert first.hands[0].dealer == 2 and first.hands[0] == replace(EVEN, dealer=2)
    assert add_hand(first, EVEN).game.hands[1].dealer == 3


def test_undo_gives_the_deal_back_to_the_undone_hands_dealer():
    g = solo_of_eight()
    undone = undo_last_hand(remove_hand(g, 1).game)  # hands dealt 0, 2, 3, 0, 1, 2
    assert dealers(undone.game) == [0, 2, 3, 0, 1, 2]
    assert undone.score.next_dealer == 3, "hand 8 was Di's deal: Di deals it again"


def test_an_edit_corrects_who_dealt_and_later_hands_keep_theirs():
    g = solo_of_eight()
    corrected = replace_hand(g, 2, replace(QUIET, dealer=0))
    assert dealers(corrected.game) == [0, 1, 0, 3, 0, 1, 2, 3]
    assert corrected.score.next_dealer == 0
    last = replace_hand(g, 7, replace(QUIET, dealer=1))
    assert last.score.next_dealer == 2, "the next hand follows the last hand's dealer"


def test_an_edit_that_names_no_dealer_keeps_the_hands_own():
    g = remove_hand(solo_of_eight(), 0).game  # dealers 1, 2, 3, 0, ...
    assert replace_hand(g, 0, hand([2, 2, 2, 2], [4, 3, 3, 3])).game.hands[0].dealer == 1


def test_an_older_game_gets_every_dealer_written_in_before_a_change():
    g = game_from_record(LEGACY)
    assert all(h.dealer is None for h in g.hands)
    assert [h.dealer for h in with_dealers(g).hands] == [0, 1, 2, 3, 0, 1, 2, 3]
    assert with_dealers(with_dealers(g)) == with_dealers(g)
    edited = replace_hand(g, 5, QUIET).game
    assert [h.dealer for h in edited.hands] == [0, 1, 2, 3, 0, 1, 2, 3]


def test_a_hand_without_a_dealer_follows_the_hand_before_it():
    """A record mixing both (a new hand added to an older game): the deal passes
    left from the last hand that names its dealer."""
    g = game(QUIET, replace(QUIET, dealer=3), QUIET, first_dealer=1)
    assert dealers(g) == [1, 3, 0] and score_game(g).next_dealer == 1
    assert [g.dealer(i) for i in range(4)] == [1, 3, 0, 1] == list(g.dealers())


def test_an_empty_game_is_dealt_by_the_first_dealer():
    g = new_game(Variant.CUTTHROAT, ("A", "B", "C"), first_dealer=2)
    assert score_game(g).next_dealer == 2 and g.dealers() == (2,)


# -- the record ---------------------------------------------------------------------------


def test_a_new_hand_writes_its_dealer_and_reads_back():
    g = add_hand(game(first_dealer=3), EVEN).game
    record = game_to_record(g)
    assert record["hands"] == [{"dealer": 3, "bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}]
    assert game_from_record(json.loads(json.dumps(record))) == g


def test_an_older_record_is_written_back_byte_for_byte():
    text = json.dumps(LEGACY, ensure_ascii=False)
    assert json.dumps(game_to_record(game_from_record(LEGACY)), ensure_ascii=False) == text
    added = add_hand(game_from_record(LEGACY), QUIET).game
    hands = game_to_record(added)["hands"]
    assert hands[:8] == LEGACY["hands"], "adding a hand leaves the older ones as they were"
    assert hands[8]["dealer"] == 0
    edited = game_to_record(remove_hand(game_from_record(LEGACY), 3).game)
    assert [h["dealer"] for h in edited["hands"]] == [0, 1, 2, 0, 1, 2, 3]


@pytest.mark.parametrize(
    ("dealer", "words"),
    [
        (4, "hand 2: the dealer must be a seat from 0 to 3, got 4"),
        (-1, "hand 2: the dealer must be a seat from 0 to 3, got -1"),
        ("1", "hand 2: \"dealer\" must be a seat number, got '1'"),
        (True, 'hand 2: "dealer" must be a seat number, got True'),
        (None, 'hand 2: "dealer" must be a seat number, got None'),
        (1.0, 'hand 2: "dealer" must be a seat number, got 1.0'),
    ],
)
def test_a_bad_dealer_is_refused_quoting_it(dealer, words):
    record = {**LEGACY, "hands": [LEGACY["hands"][0], {**LEGACY["hands"][0], "dealer": dealer}]}
    with pytest.raises((InvalidRecordError, InvalidHandError)) as info:
        game_from_record(record)
    assert isinstance(info.value, ScorekeeperError)
    assert words in str(info.value)


# -- storage: real files ------------------------------------------------------------------


def stored_record(folder) -> str:
    """The one game record active.json holds, as JSON text (keys in file order)."""

    def records(node):
        if isinstance(node, dict):
            if node.get("format") == "spades-score/1":
                yield node
            for value in node.values():
                yield from records(value)
        elif isinstance(node, list):
            for value in node:
                yield from records(value)

    (record,) = records(json.loads((folder / "active.json").read_text(encoding="utf-8")))
    return json.dumps(record, ensure_ascii=False)


def test_storage_keeps_an_older_game_as_it_was_until_a_hand_is_changed(tmp_path):
    with GameStore(tmp_path) as store:
        saved = store.create(game_from_record(LEGACY))
    assert stored_record(tmp_path) == json.dumps(LEGACY, ensure_ascii=False)
    with GameStore(tmp_path) as store:
        again = store.get(saved.id)
        assert game_to_record(again.game) == LEGACY
        assert all(h.dealer is None for h in again.game.hands)
        assert dealers(again.game) == [0, 1, 2, 3, 0, 1, 2, 3]
        changed = remove_hand(again.game, 3)
        store.save(saved.id, changed, again.revision)
    assert [h["dealer"] for h in json.loads(stored_record(tmp_path))["hands"]] == [
        0,
        1,
        2,
        0,
        1,
        2,
        3,
    ]
    with GameStore(tmp_path) as store:
        kept = store.get(saved.id).game
        assert [h.dealer for h in kept.hands] == [0, 1, 2, 0, 1, 2, 3]
        assert score_game(kept).next_dealer == 0


# -- properties: no change moves another hand's dealer ------------------------------------


@st.composite
def dealt_games(draw):
    """Games as this version keeps them, as an older one did (no dealer), or a mix
    (an older game a hand was added to), with dealers anywhere a person may set them."""
    g = draw(games())
    kind = draw(st.sampled_from(["older", "dealt", "mixed"]))
    if kind == "dealt":
        g = with_dealers(g)
    elif kind == "mixed" and g.hands:
        n = g.variant.player_count
        picks = draw(st.lists(st.integers(0, n - 1) | st.none(), min_size=len(g.hands)))
        g = replace(
            g, hands=tuple(replace(h, dealer=d) for h, d in zip(g.hands, picks, strict=False))
        )
    return g


@settings(max_examples=150, suppress_health_check=[HealthCheck.filter_too_much])
@given(dealt_games(), st.data())
def test_no_edit_delete_or_undo_moves_another_hands_dealer(g, data):
    assume(g.hands)
    before = dealers(g)
    n, count = g.variant.player_count, len(g.hands)
    index = data.draw(st.integers(0, count - 1))
    new = data.draw(hands(g.variant, g.rules))
    corrected = data.draw(st.none() | st.integers(0, n - 1))
    try:
        edited = replace_hand(g, index, replace(new, dealer=corrected)).game
    except InvalidHandError:
        edited = None
    if edited is not None:
        after = dealers(edited)
        assert after[:index] + after[index + 1 :] == before[:index] + before[index + 1 :]
        assert after[index] == (before[index] if corrected is None else corrected)
    try:
        removed = remove_hand(g, index)
    except InvalidHandError:
        removed = None
    if removed is not None:
        assert dealers(removed.game) == before[:index] + before[index + 1 :]
        rest = before[:index] + before[index + 1 :]
        # the deal follows the last hand recorded; with none left, the deleted
        # hand's dealer deals it again
        expected = (rest[-1] + 1) % n if rest else before[index]
        if removed.score.next_dealer is not None:
            assert removed.score.next_dealer == expected
    undone = undo_last_hand(g)
    assert dealers(undone.game) == before[:-1]
    if undone.score.next_dealer is not None:
        expected = (before[-2] + 1) % n if count > 1 else before[-1]
        assert undone.score.next_dealer == expected


@settings(max_examples=100)
@given(dealt_games())
def test_dealers_read_alike_however_they_are_asked(g):
    """`Game.dealer` per hand, `Game.dealers` in one pass and the score agree,
    and writing the dealers in changes no dealer (nor any score)."""
    score = score_game(g)
    every = g.dealers()
    assert [g.dealer(i) for i in range(len(g.hands) + 1)] == list(every)
    assert dealers(g) == list(every[:-1])
    if score.next_dealer is not None:
        assert score.next_dealer == every[-1]
    assert score_game(with_dealers(g)) == score
    assert game_from_record(json.loads(json.dumps(game_to_record(g)))) == g


class DealerMachine(RuleBasedStateMachine):
    """Hands added, changed (their dealer corrected or not), deleted and undone in
    any order, on a game this version started or an older one: the model is the
    list of dealers the table saw, each hand's own, and who deals next."""

    @initialize(
        variant=st.sampled_from(list(Variant)),
        first=st.integers(0, 3),
        older=st.integers(0, 6),
    )
    def start(self, variant, first, older):
        n = variant.player_count
        self.game = Game(variant, tuple(f"P{i}" for i in range(n)), first % n)
        self.seen = [(first + i) % n for i in range(older)]
        self.first = first % n  # who deals when no hand is recorded
        self.game = replace(self.game, hands=(self.hand(),) * older)  # kept without dealers

    def hand(self) -> Hand:
        return set_hand(self.game.variant)

    def next_dealer(self) -> int:
        n = self.game.variant.player_count
        return (self.seen[-1] + 1) % n if self.seen else self.first

    @rule()
    def add(self):
        self.game = add_hand(self.game, self.hand()).game
        self.seen.append(self.next_dealer())

    @precondition(lambda self: self.game.hands)
    @rule(data=st.data())
    def edit(self, data):
        n = self.game.variant.player_count
        index = data.draw(st.integers(0, len(self.game.hands) - 1))
        corrected = data.draw(st.none() | st.integers(0, n - 1))
        self.game = replace_hand(self.game, index, replace(self.hand(), dealer=corrected)).game
        if corrected is not None:
            self.seen[index] = corrected
        self.first = self.seen[0]

    @precondition(lambda self: self.game.hands)
    @rule(data=st.data())
    def delete(self, data):
        index = data.draw(st.integers(0, len(self.game.hands) - 1))
        self.game = remove_hand(self.game, index).game
        removed = self.seen.pop(index)
        self.first = self.seen[0] if self.seen else removed  # who deals it again

    @precondition(lambda self: self.game.hands)
    @rule()
    def undo(self):
        self.game = undo_last_hand(self.game).game
        removed = self.seen.pop()
        self.first = self.seen[0] if self.seen else removed

    @invariant()
    def every_hand_keeps_its_dealer(self):
        score = score_game(self.game)
        assert [h.dealer for h in score.hands] == self.seen
        assert score.next_dealer == self.next_dealer()
        assert game_from_record(json.loads(json.dumps(game_to_record(self.game)))) == self.game


def set_hand(variant: Variant) -> Hand:
    """A hand every variant allows in which every side is set: the scores only
    go down, so no number of hands ends the game."""
    n, tricks = variant.player_count, variant.tricks
    share = tricks // n
    took = (tricks - share * (n - 1), *([share] * (n - 1)))
    return Hand(tuple(Bid(share + 3) for _ in range(n)), took)


TestDealerMachine = DealerMachine.TestCase
TestDealerMachine.settings = settings(max_examples=60, stateful_step_count=30, deadline=None)


def test_an_edit_in_progress_keeps_its_corrected_dealer_across_a_restart(tmp_path):
    with GameStore(tmp_path) as store:
        saved = store.create(solo_of_eight())
        draft = replace(HandDraft.of_hand(saved.game.hands[1], 1, saved.revision), dealer=3)
        store.save_draft(saved.id, draft)
    with GameStore(tmp_path) as store:
        assert store.draft(saved.id) == draft and store.draft(saved.id).dealt_by(saved.game) == 3


def test_an_edit_of_an_older_hand_survives_a_later_hand_deleted_elsewhere():
    """Another device deletes hand 6 of an older game: every dealer is written
    in, hand 2 included, and the edit of hand 2 still means the same hand."""
    older = game_from_record(LEGACY)
    draft = HandDraft.of_hand(older.hands[1], 1, base=0)
    assert draft.dealer is None and draft.dealt_by(older) == 1
    elsewhere = remove_hand(older, 5).game
    kept = carry_over(draft, elsewhere, 1)
    assert kept.draft is not None and kept.draft.dealt_by(elsewhere) == 1
    changed = replace_hand(elsewhere, 2, replace(QUIET, dealer=0)).game
    assert carry_over(replace(draft, base=1), changed, 2).draft is not None


def test_an_entry_names_its_dealer_only_with_a_seat_of_the_game():
    """Seat 0 and the last seat are corrections; a number past the seats is not,
    and the hand keeps the game's own dealer."""
    g = solo_of_eight()  # hand 9 is Ana's (seat 0) to deal
    draft = HandDraft.empty(4, len(g.hands))
    assert draft.dealt_by(g) == g.dealer(len(g.hands)) == 0
    g = remove_hand(g, 7).game  # hand 8 again: Di's deal
    draft = HandDraft.empty(4, len(g.hands))
    assert draft.dealt_by(g) == 3
    assert replace(draft, dealer=0).dealt_by(g) == 0
    assert replace(draft, dealer=2).dealt_by(g) == 2
    assert replace(draft, dealer=4).dealt_by(g) == 3, "no seat of four players"
    assert replace(draft, dealer=-1).dealt_by(g) == 3


@pytest.mark.parametrize("dealer", [0, 3])
def test_an_entry_stored_with_a_seat_as_dealer_reads_back(dealer):
    draft = replace(HandDraft.empty(4, 2), dealer=dealer)
    assert draft_from_document(draft_to_document("g1", draft)).dealer == dealer


@pytest.mark.parametrize("dealer", [4, -1, "1", 1.0, "x" * 30])
def test_an_entry_stored_with_a_dealer_no_seat_does_not_read_and_says_why(dealer):
    doc = {**draft_to_document("g1", HandDraft.empty(4, 2)), "dealer": dealer}
    with pytest.raises(ValueError) as error:
        draft_from_document(doc)
    said = str(dealer)[:20]
    assert str(error.value) == f"an entry's dealer must be a seat, got {said!r}"


def test_the_game_is_first_dealt_by_its_first_hands_dealer_whichever_hand_changes():
    """The record's first dealer is hand 1's, kept when a later hand's dealer is
    corrected; with every hand deleted, the last one's dealer deals again."""
    g = solo_of_eight()
    changed = replace_hand(g, 2, replace(QUIET, dealer=0)).game
    assert changed.first_dealer == 0 and dealers(changed)[2] == 0
    assert replace_hand(g, 0, replace(QUIET, dealer=1)).game.first_dealer == 1
    assert remove_hand(g, 0).game.first_dealer == 1, "hand 2's dealer now deals first"
    one = new_game(Variant.SOLO, SOLO, first_dealer=2)
    one = add_hand(one, QUIET).game
    assert remove_hand(one, 0).game.first_dealer == 2
