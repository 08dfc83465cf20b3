"""The statistics' tallies kept by the store against a count from scratch.

Hypothesis drives random sequences of store operations (new games, hands,
edits and undos that take a game out of the archive, deletes and their undo,
imports, merges, reopening, index files from a version that kept no tally) on
a real store in a temporary folder with tiny archive files, and checks after
each step that the store's quick tally equals the tally of every stored
game's facts worked out again from its hands."""

import contextlib
import json
import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from scorekeeper.core.exchange import Incoming
from scorekeeper.core.facts import game_facts
from scorekeeper.core.game import add_hand, replace_hand, undo_last_hand
from scorekeeper.core.model import Game, Variant
from scorekeeper.core.rules import RuleSet
from scorekeeper.core.saved import SavedGame
from scorekeeper.core.scoring import Status, score_game
from scorekeeper.core.stats import head_to_head, pair_stats, player_stats, tally
from scorekeeper.errors import ScorekeeperError
from scorekeeper.storage import archive
from scorekeeper.storage.store import GameStore
from tests.factories import EVEN, hand

PEOPLE = (("Ann", "ann"), ("Bob", "BOB"), ("Cat",), ("Dan",), ("Danny",), ("Eve",))
NAMES = tuple(name for spellings in PEOPLE for name in spellings)
FOUR_HANDS = (
    EVEN,
    hand([6, 3, 4, 0], [6, 3, 4, 0]),
    hand(["nil", 4, "blind_nil", 5], [0, 5, 1, 7]),
    hand([5, 4, 2, 2], [2, 6, 2, 3]),
)
TWO_HANDS = (hand([5, 5], [8, 5]), hand([4, 7], [3, 10]), hand(["nil", 7], [0, 13]))
THREE_HANDS = (  # cutthroat: 17 tricks
    hand([6, 6, 4], [6, 7, 4]),
    hand(["nil", 8, 8], [2, 8, 7]),
    hand([5, 5, "blind_nil"], [9, 8, 0]),
)
RULES = RuleSet(target=100)
PICK = st.integers(0, 1_000)


def hands_of(variant: Variant) -> tuple:
    return {2: TWO_HANDS, 3: THREE_HANDS, 4: FOUR_HANDS}[variant.player_count]


@st.composite
def games(draw: st.DrawFn) -> Game:
    variant = draw(st.sampled_from(Variant))
    people = draw(st.permutations(PEOPLE))[: variant.player_count]
    names = tuple(draw(st.sampled_from(spellings)) for spellings in people)
    game = Game(variant, names, 0, RULES)
    for choice in draw(st.lists(st.integers(0, 2), max_size=6)):
        if score_game(game).status is Status.FINISHED:
            break
        game = add_hand(game, hands_of(variant)[choice]).game
    return game


class Tallies(RuleBasedStateMachine):
    @initialize()
    def open_store(self) -> None:
        self.shard_size = archive.SHARD_SIZE
        archive.SHARD_SIZE = 3  # many archive files from a few games
        self.folder = Path(tempfile.mkdtemp(prefix="tallies-"))
        self.store = GameStore(self.folder)
        self.deleted: list[SavedGame] = []

    def teardown(self) -> None:
        if hasattr(self, "store"):
            self.store.close()
            shutil.rmtree(self.folder, ignore_errors=True)
            archive.SHARD_SIZE = self.shard_size

    def stored(self) -> list[SavedGame]:
        """In an order that does not depend on the clock or on random ids, so that
        a replayed example picks the same games (Hypothesis needs that)."""
        return sorted(self.store.all_games(), key=lambda s: (repr(s.game), s.revision))

    def pick(self, index: int) -> SavedGame:
        games = self.stored()
        return games[index % len(games)]

    def save(self, saved: SavedGame, change) -> None:
        try:
            game = change(saved.game)
        except ScorekeeperError:
            return  # a hand the rules refuse (after the game was won): not stored
        self.store.save(saved.id, game, saved.revision)

    @rule(game=games())
    def new_game(self, game: Game) -> None:
        self.store.create(game)

    @rule(batch=st.lists(games(), min_size=1, max_size=5))
    def import_games(self, batch: list[Game]) -> None:
        self.store.import_games([Incoming(g) for g in batch])

    @precondition(lambda self: self.stored())
    @rule(index=PICK, choice=st.integers(0, 2))
    def play_a_hand(self, index: int, choice: int) -> None:
        saved = self.pick(index)
        self.save(saved, lambda g: add_hand(g, hands_of(g.variant)[choice]))

    @precondition(lambda self: any(s.game.hands for s in self.stored()))
    @rule(index=PICK, which=PICK, choice=st.integers(0, 2))
    def edit_a_hand(self, index: int, which: int, choice: int) -> None:
        saved = self.pick(index)
        if saved.game.hands:
            number = which % len(saved.game.hands)
            self.save(saved, lambda g: replace_hand(g, number, hands_of(g.variant)[choice]))

    @precondition(lambda self: any(s.game.hands for s in self.stored()))
    @rule(index=PICK)
    def undo_last_hand(self, index: int) -> None:
        saved = self.pick(index)
        if saved.game.hands:
            self.save(saved, undo_last_hand)

    @precondition(lambda self: self.stored())
    @rule(index=PICK)
    def delete(self, index: int) -> None:
        self.deleted.append(self.store.delete(self.pick(index).id))

    @precondition(lambda self: self.deleted)
    @rule()
    def undo_delete(self) -> None:
        self.store.restore(self.deleted.pop())

    @rule(name=st.sampled_from(NAMES), into=st.sampled_from(NAMES))
    def merge(self, name: str, into: str) -> None:
        with contextlib.suppress(ScorekeeperError):  # already one player
            self.store.merge_players(name, into)

    @rule(name=st.sampled_from(NAMES))
    def unmerge(self, name: str) -> None:
        self.store.unmerge_player(name)

    @rule(forget=st.booleans(), index=PICK)
    def reopen(self, forget: bool, index: int) -> None:
        """`forget`: one index file loses its tally, as an older version leaves it."""
        self.store.close()
        files = sorted((self.folder / "index").glob("*.json"))
        if forget and files:
            path = files[index % len(files)]
            tables = json.loads(path.read_text())
            tables.pop("totals", None)
            path.write_text(json.dumps(tables))
        self.store = GameStore(self.folder)

    @invariant()
    def quick_tally_equals_a_count_from_the_hands(self) -> None:
        if not hasattr(self, "store"):
            return
        facts = [game_facts(s.game, score_game(s.game)) for s in self.stored()]
        quick = self.store.totals()
        assert quick == tally(facts)
        assert tally(self.store.all_facts()) == quick
        aliases = self.store.aliases()
        for add_up in (player_stats, pair_stats, head_to_head):
            assert add_up(quick, aliases) == add_up(facts, aliases)


Tallies.TestCase.settings = settings(
    max_examples=50,
    stateful_step_count=15,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
test_tallies = Tallies.TestCase
