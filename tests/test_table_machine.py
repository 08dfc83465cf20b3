"""Two or three devices at one table, on one real store: Hypothesis drives every
user action in random interleavings (news of another device's change arrives
late, or a tab is reloaded in between) and checks after each step that every
game opens, no hand was lost, duplicated or put in another hand's place,
no hand's dealer moved (each hand as dealt: a new hand goes to the seat after
the last hand's dealer; an edit, a delete or an undo moves no other hand's),
scores equal a fresh re-score, and no action raised.

The model is what the people meant: a new hand is meant for the hand number
its device showed when Enter hand was tapped, an edit for the hand it was
opened on. A save may be refused; a save that lands anywhere else is a defect.

`SCOREKEEPER_MACHINE_EXAMPLES` runs more (or fewer) examples than CI does.
With `SCOREKEEPER_MACHINE_SURVEY=FILE` nothing fails: each broken guarantee is
written to FILE (kind, example number) and the run goes on, so one run shows
every kind of defect a version of the app has and how soon each turned up
(bench/machine.py runs it on any commit)."""

import os
import shutil
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path

from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from scorekeeper.core.draft import Step
from scorekeeper.core.model import (
    BLIND_NIL,
    NIL,
    Adjustment,
    Bid,
    Game,
    Hand,
    Variant,
    blind_bid,
)
from scorekeeper.core.scoring import score_game
from scorekeeper.core.validation import hand_problems
from scorekeeper.errors import ScorekeeperError
from scorekeeper.storage.store import GameStore
from scorekeeper.ui.screen import Screen
from scorekeeper.ui.screens import follow, route_of
from scorekeeper.ui.state import BLIND, REST, AppState

DEVICES = 3
EXAMPLES = int(os.environ.get("SCOREKEEPER_MACHINE_EXAMPLES", "1000"))
SURVEY = os.environ.get("SCOREKEEPER_MACHINE_SURVEY")
STEPS = 40
NAMES = ("Ana", "Ben", "Cy", "Di")
MAX_GAMES = 2  # few games: the devices meet on the same one
BIDS = st.lists(
    st.one_of(
        st.integers(0, 6).map(Bid),
        st.sampled_from([NIL, BLIND_NIL]),
        st.integers(3, 7).map(blind_bid),  # entered seen where the rules or scores refuse
    ),
    min_size=4,
    max_size=4,
)
# the blind bid rules a new game plays: off, always, or only 50 or more behind
BLIND_RULES = st.sampled_from([None, "", "50"])
CUTS = st.lists(st.integers(0, 13), min_size=3, max_size=3)  # where 13 (or 17) tricks are split
VARIANTS = st.sampled_from(list(Variant))
# the order the players are tapped in; None: the keypad moves on by itself
ORDER = st.one_of(st.none(), st.permutations(range(4)))


def showing(screen: "Screen", editing: bool = False):
    """Precondition: some device shows `screen` (editing a recorded hand, if asked)."""
    return precondition(lambda machine: machine.pick(0, screen, editing) is not None)


@dataclass(frozen=True)
class Intent:
    """Which hand a person is entering: the next one (`original` None) or an edit."""

    index: int
    original: Hand | None = None


class Defect(AssertionError):
    """A broken guarantee; `kind` names which (see bench/machine.py)."""

    def __init__(self, kind: str, message: str) -> None:
        self.kind = kind
        super().__init__(f"[{kind}] {message}")


def as_dealt(game: Game) -> tuple[Hand, ...]:
    """The game's hands, each with who dealt it: a hand that names no dealer
    (kept before hands recorded one) was dealt by the seat after the hand before."""
    seat, n, dealt = game.first_dealer, game.variant.player_count, []
    for hand in game.hands:
        dealer = seat if hand.dealer is None else hand.dealer
        dealt.append(replace(hand, dealer=dealer))
        seat = (dealer + 1) % n
    return tuple(dealt)


def data_folder() -> Path:
    shm = Path("/dev/shm")  # real files on a RAM file system: many examples in CI time
    return Path(tempfile.mkdtemp(prefix="table-", dir=shm if shm.is_dir() else None))


def entry(draft):
    """What a draft says, whatever game version it is based on: which hand it
    is for and what was entered (two empty entries for different hands differ)."""
    if draft is None:
        return None
    return (
        getattr(draft, "index", None),
        draft.bids,
        draft.tricks,
        draft.step,
        draft.editing,
        getattr(draft, "original", None),
    )


def key_of(bid: Bid) -> str:
    """The keypad key that enters `bid`."""
    return BLIND if bid == BLIND_NIL else str(bid.value)


def seats_in(app: AppState, order: list[int] | None) -> list[int]:
    """The seats in the order tapped: the bidding order when the keypad leads."""
    assert app.draft is not None
    if order is None:
        return list(app.bidding_order())
    return [seat for seat in order if seat < len(app.draft.bids)]


def tap(app: AppState, seat: int, key: str) -> None:
    """What a person does: tap the player when the keypad is not on them, then the key."""
    if app.keypad_seat != seat:
        app.focus_seat(seat)
    app.press(key)


def bid_on_keypad(app: AppState, seat: int, bid: Bid) -> Bid:
    """Tap the player, turn the Blind toggle to the bid (where it may be
    turned), then the key; the bid the keypad can enter: a blind bid is a
    seen one where the toggle is off and stays off."""
    if app.keypad_seat != seat:
        app.focus_seat(seat)
    toggle = app.blind_toggle()
    if toggle and toggle.why_not is None and toggle.on != bid.is_blind_bid:
        app.toggle_blind()
    blind = bool((toggle := app.blind_toggle()) and toggle.on)
    app.press(key_of(bid))
    if bid.value == 0:  # the nil keys are never blind bids
        return bid
    return blind_bid(bid.value) if blind else Bid(bid.value)


def kind_of(error: BaseException) -> str:
    return error.kind if isinstance(error, Defect) else f"raised {type(error).__name__}"


class Table(RuleBasedStateMachine):
    examples = 0

    def __init__(self) -> None:
        super().__init__()
        Table.examples += 1
        self.folder = data_folder()
        self.store = GameStore(self.folder)
        self.apps = [AppState(self.store) for _ in range(DEVICES)]
        self.intent: list[Intent | None] = [None] * DEVICES
        self.news = [False] * DEVICES  # another device changed the game shown
        self.slot: dict[str, Intent] = {}  # what the stored entry of each game is for
        self.model: dict[str, tuple[Hand, ...]] = {}  # in the order the games were made
        self.first: dict[str, int] = {}  # who deals a game's first hand, while it has none
        self.deleted: dict[str, tuple[Hand, ...]] = {}
        self.trace: list[str] = []  # the actions so far, for the survey

    def teardown(self) -> None:
        self.store.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    # -- what is stored -------------------------------------------------------------

    def stored(self) -> dict[str, tuple[int, tuple[Hand, ...]]]:
        found = {}
        for summary in self.store.history(limit=10_000).items:
            saved = self.store.get(summary.id)
            found[saved.id] = (saved.revision, as_dealt(saved.game))
            if not saved.game.hands:
                self.first.setdefault(saved.id, saved.game.first_dealer)
        return found

    def drafts(self, ids):
        return {g: self.store.draft(g) for g in ids}

    # -- one user action, checked ----------------------------------------------------

    def act(self, i: int, kind: str, action, *args) -> None:
        if not SURVEY:
            try:
                self.checked(i, kind, action, *args)
            except Exception as error:
                error.add_note("after: " + "; ".join(self.trace))
                raise
            return
        try:
            self.checked(i, kind, action, *args)
        except Exception as error:  # surveying: note it and go on
            self.noted(error)

    def noted(self, error: BaseException) -> None:
        assert SURVEY
        with open(SURVEY, "a") as out:
            detail = " ".join(str(error).split()) + " after " + "; ".join(self.trace[-14:])
            out.write(f"{Table.examples}\t{kind_of(error)}\t{detail}\n")
        stored = self.stored()
        self.model = {g: stored[g][1] for g in [*self.model, *self.deleted] if g in stored}

    def checked(self, i: int, kind: str, action, *args) -> None:
        self.trace.append(f"{i} {kind} {args}" if args else f"{i} {kind}")
        app = self.apps[i]
        before = self.stored()
        slots_before = self.drafts([*before, *self.deleted])  # a deleted game may come back
        view = as_dealt(app.saved.game) if app.saved else None
        draft_before = app.draft
        intent = self.intent[i]
        action(*args)
        app = self.apps[i]  # a reloaded tab is a new state
        after = self.stored()
        for g in sorted(set(before) | set(after)):
            if g not in before:
                hands = after[g][1]
                if kind == "undo_delete" and g in self.deleted:
                    expected = self.deleted.pop(g)
                else:
                    expected = ()
                    if kind != "new_game":
                        raise Defect("other", f"{kind} created a game")
                if hands != expected:
                    raise Defect("lost", f"game {g} came back with other hands")
                self.model[g] = hands
            elif g not in after:
                if kind != "delete_game":
                    raise Defect("lost", f"{kind} removed game {g}")
                self.deleted[g] = self.model.pop(g)
            elif after[g][0] != before[g][0]:
                self.changed(g, kind, after[g], view, draft_before, intent, args)
            elif after[g][1] != self.model[g]:
                raise Defect("lost", f"{kind} changed game {g} without a new revision")
            if g in before and (g not in after or after[g][0] != before[g][0]):
                for j, other in enumerate(self.apps):
                    if j != i and other.saved and other.saved.id == g:
                        self.news[j] = True
        self.follow_intents(i, kind, draft_before, view, args, slots_before)

    def changed(self, g, kind, now, view, draft, intent, args) -> None:
        _revision, hands = now
        model = self.model[g]
        if kind == "save":
            if draft is None:
                raise Defect("other", "a save with nothing entered changed the game")
            if intent is None:
                raise Defect("stale-entry", f"game {g}: saved an entry nobody started for it")
            hand, n = draft.to_hand(), len(draft.bids)
            if intent.original is None:
                if len(model) != intent.index:
                    raise Defect(
                        "duplicate",
                        f"game {g}: an entry for hand {intent.index + 1} was saved "
                        f"when the game already had {len(model)} hands",
                    )
                dealer = (model[-1].dealer + 1) % n if model else self.first[g]
                expected = (*model, replace(hand, dealer=dealer))  # the deal passes left
            else:
                if intent.index >= len(model) or model[intent.index] != intent.original:
                    raise Defect(
                        "stale-entry",
                        f"game {g}: an edit of hand {intent.index + 1} was saved over "
                        "a hand that is not the one it was opened on",
                    )
                if hand.dealer is None:  # not corrected: it keeps its own
                    hand = replace(hand, dealer=model[intent.index].dealer)
                expected = (*model[: intent.index], hand, *model[intent.index + 1 :])
        elif kind in ("penalty", "unpenalty"):
            if view != model:
                raise Defect("other", f"game {g}: {kind} from an outdated view went through")
            index, *rest = args
            kept = model[index].adjustments
            if kind == "penalty":
                side, points = rest
                changed = (*kept, Adjustment(side, points, "renege"))
            else:
                changed = kept[: rest[0]] + kept[rest[0] + 1 :]
            hand = replace(model[index], adjustments=changed)
            expected = (*model[:index], hand, *model[index + 1 :])
        elif kind in ("undo", "delete_hand"):
            if view != model:
                raise Defect("other", f"game {g}: {kind} from an outdated view went through")
            index = len(model) - 1 if kind == "undo" else args[0]
            expected = (*model[:index], *model[index + 1 :])  # every other dealer kept
            if not expected:  # no hand left: the removed hand's dealer deals it again
                self.first[g] = model[index].dealer
        else:
            raise Defect("other", f"{kind} changed game {g}")
        if hands != expected:
            raise Defect("lost", f"game {g}: {kind} stored {hands}, not as meant: {expected}")
        self.model[g] = hands

    def follow_intents(self, i, kind, draft_before, view, args, slots_before) -> None:
        app = self.apps[i]
        if app.draft is None:
            self.intent[i] = None
        elif entry(app.draft) == entry(draft_before):
            pass  # the same entry, maybe carried over to a newer version of the game
        elif kind == "begin":
            assert view is not None
            self.intent[i] = Intent(len(view))
        elif kind == "edit":
            assert view is not None
            self.intent[i] = Intent(args[0], view[args[0]])
        elif app.saved and entry(app.draft) == entry(slots_before.get(app.saved.id)):
            self.intent[i] = self.slot.get(app.saved.id)  # the entry stored for the game
        elif kind not in ("bid", "tricks"):
            self.intent[i] = None  # an entry from nowhere: saving it is a defect
        for g, before in slots_before.items():
            if g not in self.model and g not in self.deleted:
                continue
            now = self.store.draft(g)
            if now == before:
                continue
            if now is None:
                self.slot.pop(g, None)
            elif app.saved and app.saved.id == g and entry(app.draft) == entry(now):
                if self.intent[i] is None:
                    self.slot.pop(g, None)
                else:
                    self.slot[g] = self.intent[i]

    # -- the rules: every user action, on a device whose screen offers it ---------------

    def pick(self, i: int, screen: Screen, editing: bool = False) -> int | None:
        """The first device from `i` on showing `screen` (and an edit, if asked)."""
        for j in (*range(i, DEVICES), *range(i)):
            app = self.apps[j]
            if app.screen is screen and (
                not editing or (app.draft and app.draft.editing is not None)
            ):
                return j
        return None

    @initialize(
        variant=VARIANTS,
        points=st.sampled_from([100, 500]),
        hands=st.lists(st.tuples(BIDS, CUTS), max_size=4),
        blind=BLIND_RULES,
    )
    def a_game_on_every_device(self, variant, points, hands, blind):
        """Device 0 starts a game and enters some hands; the others open it."""
        self.new_game(0, variant, points, blind)
        for bids, cuts in hands:
            self.play_hand(0, bids, cuts)
        for i in range(1, DEVICES):
            self.go(i, "open", 0)

    @precondition(lambda machine: len(machine.model) < MAX_GAMES)
    @rule(
        i=st.integers(0, DEVICES - 1),
        variant=VARIANTS,
        points=st.sampled_from([100, 500]),
        blind=BLIND_RULES,
    )
    def new_game(self, i, variant, points, blind=None):
        def start():
            app = self.apps[i]
            app.new_game()
            app.set_variant(variant)
            for seat in range(variant.player_count):
                app.set_name(seat, NAMES[seat])
            app.set_rule("target", str(points))
            if blind is not None:  # blind bids on: always ("") or only so far behind
                app.set_rule("blind_bids", True)
                app.set_rule("blind_bid_deficit", blind)
            app.start_game()
            assert app.errors == {}, app.errors

        self.act(i, "new_game", start)

    @rule(
        i=st.integers(0, DEVICES - 1),
        where=st.sampled_from(["home", "open", "review", "reload_tab"]),
        k=st.integers(0, 20),
    )
    def go(self, i, where, k):
        """Home, open a game (from the list or a link), its review, or reload the tab."""
        ids = list(self.model)
        app = self.apps[i]
        if where == "home" or (where in ("open", "review") and not ids):
            self.act(i, "home", app.go_home)
        elif where == "open":
            self.act(i, "open", app.open_game, ids[k % len(ids)])
        elif where == "review":
            self.act(i, "review", app.review_game, ids[k % len(ids)])
        else:
            route = route_of(app)

            def reload():
                self.apps[i] = AppState(self.store)
                follow(self.apps[i], route)

            self.news[i] = False
            self.act(i, "reload_tab", reload)

    @showing(Screen.GAME)
    @rule(i=st.integers(0, DEVICES - 1), bids=BIDS, cuts=CUTS, order=ORDER)
    def play_hand(self, i, bids, cuts, order=None):
        """A whole hand at once on one device: Enter hand, bids, tricks, Save."""
        if (j := self.pick(i, Screen.GAME)) is None:
            return
        steps = ((self.begin, ()), (self.bid, (bids, order)), (self.tricks, (cuts, order)))
        for step, args in steps:
            step(j, *args)
            if self.apps[j].screen is not Screen.HAND:
                return
        self.save(j)

    @showing(Screen.GAME)
    @rule(i=st.integers(0, DEVICES - 1))
    def begin(self, i):
        if (j := self.pick(i, Screen.GAME)) is not None:
            self.act(j, "begin", self.apps[j].begin_hand)
            self.starts_on_the_first_bidder(j)

    @showing(Screen.GAME)
    @rule(i=st.integers(0, DEVICES - 1), k=st.integers(0, 20))
    def edit(self, i, k):
        if (j := self.pick(i, Screen.GAME)) is not None:
            app = self.apps[j]
            if app.saved and app.saved.game.hands:
                self.act(j, "edit", app.edit_hand, k % len(app.saved.game.hands))
                self.starts_on_the_first_bidder(j)

    def starts_on_the_first_bidder(self, j):
        """A new entry, new hand or edit, picks its first bidder (the line the
        keyboard focus starts on), whatever an entry cancelled before left."""
        app = self.apps[j]
        if app.screen is Screen.HAND and app.draft:
            assert app.keypad_seat == app.bidding_order()[0], "; ".join(self.trace)

    @showing(Screen.HAND, editing=True)
    @rule(i=st.integers(0, DEVICES - 1), seat=st.integers(0, 3))
    def correct_dealer(self, i, seat):
        """The edit of a hand corrects who dealt it."""
        if (j := self.pick(i, Screen.HAND, editing=True)) is not None:
            app = self.apps[j]
            if app.draft:
                self.act(j, "dealer", app.set_dealer, seat % len(app.draft.bids))

    @showing(Screen.HAND)
    @rule(
        i=st.integers(0, DEVICES - 1),
        bids=BIDS,
        order=ORDER,
    )
    def bid(self, i, bids, order=None):
        """Every bid, on the keypad."""
        if (j := self.pick(i, Screen.HAND)) is None:
            return
        app = self.apps[j]

        def enter():
            if app.draft:
                app.back_to_bids()
                seats = seats_in(app, order)
                meant = [bid_on_keypad(app, seat, bids[seat]) for seat in seats]
                entered = [app.draft.bids[seat] for seat in seats]
                if entered != meant:
                    raise Defect("keypad", f"tapped {bids}, the entry shows {app.draft.bids}")

        self.act(j, "bid", enter)

    @showing(Screen.HAND)
    @rule(i=st.integers(0, DEVICES - 1), cuts=CUTS, order=ORDER)
    def tricks(self, i, cuts, order=None):
        """Next: tricks, then every count on the keypad; the last player gets Rest."""
        if (j := self.pick(i, Screen.HAND)) is None:
            return
        app = self.apps[j]

        def enter():
            app.to_tricks()
            if app.draft and app.draft.step is Step.TRICKS:
                seats = seats_in(app, order)
                edges = [0, *sorted(cuts[: len(seats) - 1]), app.draft.total]
                for at, seat in enumerate(seats[:-1]):
                    tap(app, seat, str(edges[at + 1] - edges[at]))
                tap(app, seats[-1], REST)
                meant = [edges[at + 1] - edges[at] for at in range(len(seats))]
                if [app.draft.tricks[seat] for seat in seats] != meant:
                    raise Defect("keypad", f"tapped {meant}, the entry shows {app.draft.tricks}")

        self.act(j, "tricks", enter)

    @showing(Screen.HAND)
    @rule(i=st.integers(0, DEVICES - 1))
    def save(self, i):
        if (j := self.pick(i, Screen.HAND)) is not None:
            self.act(j, "save", self.apps[j].save_hand)

    @showing(Screen.HAND)
    @rule(i=st.integers(0, DEVICES - 1))
    def cancel(self, i):
        if (j := self.pick(i, Screen.HAND)) is not None:
            self.act(j, "cancel", self.apps[j].cancel_hand)

    @showing(Screen.GAME)
    @rule(i=st.integers(0, DEVICES - 1))
    def undo(self, i):
        if (j := self.pick(i, Screen.GAME)) is not None:
            self.act(j, "undo", self.apps[j].undo_last_hand)

    @showing(Screen.GAME)
    @rule(
        i=st.integers(0, DEVICES - 1),
        k=st.integers(0, 20),
        side=st.integers(0, 3),
        points=st.sampled_from([-30, -100, 10, 400]),
    )
    def penalty(self, i, k, side, points):
        """The keeper adds a penalty (or a bonus) to a recorded hand."""
        if (j := self.pick(i, Screen.GAME)) is None:
            return
        app = self.apps[j]
        if not (app.saved and app.saved.game.hands):
            return
        index = k % len(app.saved.game.hands)
        side %= len(app.saved.game.variant.sides)

        def add(index, side, points):
            app.open_adjustment(index)
            app.set_adjustment_side(side)
            app.set_adjustment_points(str(points))
            app.set_adjustment_reason("renege")
            app.save_adjustment()

        self.act(j, "penalty", add, index, side, points)

    @showing(Screen.GAME)
    @rule(i=st.integers(0, DEVICES - 1), k=st.integers(0, 20))
    def remove_penalty(self, i, k):
        if (j := self.pick(i, Screen.GAME)) is None:
            return
        app = self.apps[j]
        game = app.saved.game if app.saved else None
        fined = [h for h, hand in enumerate(game.hands) if hand.adjustments] if game else []
        if fined:
            index = fined[k % len(fined)]
            self.act(j, "unpenalty", app.remove_adjustment, index, 0)

    @showing(Screen.HAND, editing=True)
    @rule(i=st.integers(0, DEVICES - 1))
    def delete_hand(self, i):
        """Delete hand N is offered on the screen editing hand N."""
        if (j := self.pick(i, Screen.HAND, editing=True)) is not None:
            app = self.apps[j]
            assert app.draft is not None
            self.act(j, "delete_hand", app.delete_hand, app.draft.editing)

    @showing(Screen.DETAIL)
    @rule(i=st.integers(0, DEVICES - 1))
    def delete_game(self, i):
        if (j := self.pick(i, Screen.DETAIL)) is not None:
            self.act(j, "delete_game", self.apps[j].delete_game)

    @showing(Screen.HISTORY)
    @rule(i=st.integers(0, DEVICES - 1))
    def undo_delete(self, i):
        if (j := self.pick(i, Screen.HISTORY)) is not None and self.apps[j].deleted:
            self.act(j, "undo_delete", self.apps[j].undo_delete)

    @precondition(lambda machine: any(machine.news))
    @rule(i=st.integers(0, DEVICES - 1))
    def news_arrives(self, i):
        j = next(j for j in (*range(i, DEVICES), *range(i)) if self.news[j])
        self.news[j] = False
        self.act(j, "news", self.apps[j].reload)

    # -- after every step ------------------------------------------------------------------

    @invariant()
    def every_game_opens_and_matches_what_was_meant(self):
        try:
            self.every_game_opens()
        except Exception as error:
            if not SURVEY:
                error.add_note("after: " + "; ".join(self.trace))
                raise
            self.noted(error)

    def every_game_opens(self):
        stored = self.stored()
        assert {g: hands for g, (_r, hands) in stored.items()} == self.model
        for summary in self.store.history(limit=10_000).items:
            game = self.store.get(summary.id).game
            assert summary.scores == tuple(s.score for s in score_game(game).sides)
        for g in stored:
            fresh = AppState(self.store)
            fresh.open_game(g)
            if fresh.draft:  # what Next: tricks and Save compute from the entry shown
                try:
                    scores = fresh.entry.scores_before(fresh.draft.index)
                    hand_problems(fresh.saved.game, fresh.draft.to_hand(), scores)
                    fresh.entry.with_draft()
                except ScorekeeperError:
                    pass
                except Exception as error:
                    raise Defect("unopenable", f"game {g}: {error!r}") from error
            if self.store.draft(g) is None:
                self.slot.pop(g, None)

    @invariant()
    def scores_equal_a_fresh_rescore(self):
        for app in self.apps:
            if app.saved:
                assert app.score == score_game(app.saved.game)


Table.TestCase.settings = settings(
    max_examples=EXAMPLES,
    stateful_step_count=STEPS,
    deadline=None,
    # no shrinking: a failure reports the actions that led to it (the last 14 in
    # the message) within the test's time instead of minutes later
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
test_table = Table.TestCase
