"""The app's state and one method per user action. No flet here: the screens
(scorekeeper.ui.screens) render this object, and tests drive it directly.

Each action validates, updates the game through the pure core, saves it, and
leaves `errors` (field -> message, all at once) or `message` for the views.
"""

import copy
import errno
import json
import math
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, runtime_checkable

from scorekeeper import i18n
from scorekeeper.core import game as ops
from scorekeeper.core.draft import HandDraft, Step, carry_over
from scorekeeper.core.exchange import (
    MAX_INPUT_BYTES,
    ImportRefusedError,
    NotJSONError,
    TooDeepError,
    export_csv,
    export_record,
    load_json,
    parse_import,
)
from scorekeeper.core.model import BLIND_NIL, Adjustment, Bid, Game, Variant
from scorekeeper.core.rules import INT_RULES, PRESETS, RuleSet, rules_from_dict
from scorekeeper.core.saved import GameSummary, SavedGame
from scorekeeper.core.scoring import GameScore, ScoredGame, Status
from scorekeeper.core.stats import (
    HeadToHead,
    PairStats,
    PlayerStats,
    head_to_head,
    pair_stats,
    player_stats,
)
from scorekeeper.core.validation import adjustment_problems, hand_problems
from scorekeeper.errors import (
    Clipped,
    GameOverError,
    InvalidGameError,
    InvalidRulesError,
    Problem,
    ScorekeeperError,
)
from scorekeeper.i18n import _, ngettext
from scorekeeper.storage.store import (
    ConflictError,
    GameNotFoundError,
    GameStore,
    Page,
    StorageError,
)
from scorekeeper.ui.screen import Screen
from scorekeeper.ui.text import describe_hand, num, outcome, sentence

HISTORY_PAGE = 30
BLIND = "blind"  # the keypad's blind nil key
REST = "rest"  # the keypad's key that gives the focused player the tricks left
DELETED = -1  # the revision told to other devices when a game is deleted
UNDO_SECONDS = 10.0  # Undo delete is offered this long, as a snack bar is


@dataclass(frozen=True)
class Confirm:
    """A question put to the scorekeeper before something is lost."""

    question: str
    detail: str
    yes: str
    no: str
    action: Callable[[], None]


@runtime_checkable
class Sharing(Protocol):
    """The links of the web server, for the Share screen (see gate.py)."""

    def keeper_link(self) -> str: ...

    def watch_link(self) -> str: ...

    def reset_keys(self) -> None: ...


@dataclass
class AdjustmentForm:
    """A penalty or other adjustment being written for a recorded hand."""

    hand: int  # 0-based
    position: int | None  # which of the hand's adjustments is changed; None: a new one
    side: int = 0
    points: str = ""  # as typed
    reason: str = ""


@dataclass
class SetupForm:
    variant: Variant = Variant.PARTNERSHIP
    names: list[str] = field(default_factory=lambda: ["", "", "", ""])
    team_names: list[str] = field(default_factory=lambda: ["", ""])  # optional, 4 players
    first_dealer: int = 0
    preset: str = "standard"
    customizing: bool = False
    # the house rules as shown: numbers as typed text, switches as bools
    rules: dict[str, Any] = field(default_factory=lambda: rule_fields(RuleSet()))
    rules_revision: int = 0  # goes up when the rules change other than by typing


def rule_fields(rules: RuleSet) -> dict[str, Any]:
    return {
        name: ("" if value is None else str(value)) if name in INT_RULES else value
        for name, value in rules.to_dict(everything=True).items()
    }


def parse_rule_fields(fields: dict[str, Any]) -> RuleSet:
    """Typed text to a RuleSet; InvalidRulesError lists every bad field, each
    message said for its own field (shown under it): what to type instead."""
    values: dict[str, Any] = {}
    problems: list[Problem] = []
    for name, raw in fields.items():
        if name not in INT_RULES:
            values[name] = raw
            continue
        low, high, nullable = INT_RULES[name]
        text = str(raw).strip()
        if not text and nullable:
            values[name] = None
            continue
        try:
            number: int | None = int(text)
        except ValueError:
            number = None
        if number is not None and low <= number <= high:
            values[name] = number
            continue
        off = _(", or leave it empty for off") if nullable else ""
        problems.append(
            Problem(
                f"rules.{name}",
                _("{value!r} is not a whole number from {low} to {high}: type one{off}").format(
                    value=Clipped(text), low=num(low), high=num(high), off=off
                ),
            )
        )
    try:
        rules = rules_from_dict(values)
    except InvalidRulesError as error:
        problems.extend(error.problems)
    if problems:
        raise InvalidRulesError(tuple(problems))
    return rules


def os_error_message(error: OSError) -> str:
    """What to say when the server could not open a file; never the file's path."""
    if error.errno in (errno.EMFILE, errno.ENFILE):
        return _(
            "The server has too many connections and files open: that was not done. "
            "Try again in a moment."
        )
    return _("The server could not read or write its files ({reason}): that was not done.").format(
        reason=(error.strerror or type(error).__name__).lower()
    )


class AppState:
    def __init__(self, store: GameStore) -> None:
        self.store = store
        self.screen = Screen.HOME
        self.form = SetupForm()
        self.saved: SavedGame | None = None
        self.score: GameScore | None = None
        # the entry, the game it was recorded in, and the outcome (_with_draft)
        self._drafted: tuple[HandDraft, Game, ScoredGame | ScorekeeperError] | None = None
        self.draft: HandDraft | None = None
        self.adjusting: AdjustmentForm | None = None  # a penalty being added or changed
        self.errors: dict[str, str] = {}
        self.message: str | None = None
        self.summary: list[str] = []
        self.in_progress: tuple[GameSummary, ...] = ()
        self.recent: tuple[GameSummary, ...] = ()
        self.history_player = ""
        self.history_status: Status | None = None
        self.history: Page = Page((), 0)
        self.deleted: SavedGame | None = None  # for the short-lived undo
        self.all_hands = False  # the whole score sheet, not only the recent hands
        self.confirm_delete = False  # the delete button asks once
        self.players: list[PlayerStats] = []
        self.pairs: list[PairStats] = []
        self.rivals: list[HeadToHead] = []
        self.merges: dict[str, str] = {}
        self.confirm: Confirm | None = None  # a question waiting for an answer
        self._focus: tuple[Hashable, int | None] = (None, None)  # (for which draft, seat)
        # (game id, revision) this state wrote last, or (id, DELETED): for other devices
        self.changed: tuple[str, int] | None = None
        self.sharing: Sharing | None = None  # set when served to browsers
        self.show_keeper_link = False
        self.confirm_reset = False
        self.language = i18n.DEFAULT  # the session translates everything into it
        self.keep_screen_on = True  # a setting of this device (kept in its storage)
        self.go_home()

    # -- where we are -----------------------------------------------------------

    def perform(self, action: Callable[..., Any], *args: Any) -> None:
        """Run one user action. A storage failure (disk full, read-only, a newer
        version's files) becomes a message on the page, never a crash, and never
        names a path on the server: the state is as it was before the action."""
        try:
            action(*args)
        except StorageError as error:
            self.failed(error.user_message)
        except OSError as error:  # a file the store could not even open: never its path
            self.failed(os_error_message(error))

    def failed(self, message: str) -> None:
        """An action failed: say so where the person looks."""
        self.message = message
        # the screens with a form show errors in place of the banner
        where = {Screen.HAND: "hand", Screen.SETUP: "players"}.get(self.screen)
        if where:
            self.errors[where] = message

    def snapshot(self) -> dict[str, Any]:
        """What the screen shows now, to put back if the action that follows
        cannot be saved (the offline build learns that only after it ran)."""
        kept = {}
        for name, value in vars(self).items():
            if isinstance(value, SetupForm):
                value = copy.deepcopy(value)  # its lists change in place
            elif isinstance(value, dict | list):
                value = value.copy()
            kept[name] = value
        return kept

    def put_back(self, snapshot: dict[str, Any], message: str) -> None:
        """The action's writes failed and were undone: show what was shown
        before it, and why nothing changed."""
        vars(self).update(snapshot)
        self.errors = dict(self.errors)  # the snapshot's own stays as it was
        self.failed(message)

    def _clear(self) -> None:
        self.errors = {}
        self.message = None
        self.confirm = None
        self.adjusting = None

    def show_rules(self) -> None:
        self._clear()
        self.screen = Screen.RULES

    def set_language(self, code: str | None) -> None:
        """Show the app in another language (one of i18n.LANGUAGES)."""
        if code in i18n.LANGUAGES and code != self.language:
            self.language = code
            self._clear()
            self.summary = []  # written in the language before

    def set_keep_screen_on(self, on: bool) -> None:
        """The device's setting: whether the screen stays on while a game is open."""
        self.keep_screen_on = bool(on)

    @property
    def wants_screen_on(self) -> bool:
        """The players glance at the scoreboard between hands and enter a hand
        minutes after its bids: the screen must not go dark meanwhile."""
        return self.keep_screen_on and self.screen in (Screen.GAME, Screen.HAND)

    # -- home and history -------------------------------------------------------

    def go_home(self) -> None:
        self._clear()
        self.screen = Screen.HOME
        self.saved = self.score = self.draft = None
        self.summary = []
        self.in_progress = self.store.history(status=Status.IN_PROGRESS, limit=20).items
        self.recent = self.store.history(status=Status.FINISHED, limit=5).items

    def show_history(self) -> None:
        self._clear()
        self.screen = Screen.HISTORY
        self.history = self.store.history(
            status=self.history_status, player=self.history_player, limit=HISTORY_PAGE
        )

    def filter_history(self, player: str | None = None, status: str | None = None) -> None:
        """Filter by part of a player's name and by "in_progress", "finished" or "all"."""
        if status is not None and status != "all" and status not in {s.value for s in Status}:
            self.show_history()
            self.message = _("{status!r} is not a status: in_progress, finished or all.").format(
                status=str(status)[:40]
            )
            return
        if player is not None:
            self.history_player = str(player)[:100]
        if status is not None:
            self.history_status = None if status == "all" else Status(status)
        self.show_history()

    def review_game(self, game_id: str) -> None:
        """A stored game as a whole: every hand, the score over time, export, delete."""
        self.open_game(game_id)
        if self.saved:
            self.screen = Screen.DETAIL
            self.confirm_delete = False

    def show_stats(self) -> None:
        self._clear()
        self.screen = Screen.STATS
        counts = self.store.totals()
        self.merges = self.store.aliases()
        self.players = player_stats(counts, self.merges)
        self.pairs = pair_stats(counts, self.merges)
        self.rivals = head_to_head(counts, self.merges)

    def merge_players(self, name: str | None, into: str | None) -> None:
        if not name or not into:
            self.show_stats()
            self.errors = {"merge": _("choose the two spellings to merge")}
            return
        try:
            self.store.merge_players(name, into)
        except ScorekeeperError as error:
            self.show_stats()
            self.errors = {"merge": str(error)}
            return
        self.show_stats()
        self.message = _("{name}: now counted as {into}.").format(name=name, into=into)

    def unmerge_player(self, name: str) -> None:
        self.store.unmerge_player(name)
        self.show_stats()

    # -- export and import --------------------------------------------------------

    def export_data(self, kind: str, game_id: str | None = None) -> tuple[str, bytes]:
        """A file for the browser to download: one game or all, JSON or CSV."""
        games = [self.store.get(game_id)] if game_id else self.store.all_games()
        stem = f"spades-{game_id}" if game_id else "spades-games"
        if kind == "csv":
            return f"{stem}.csv", export_csv(games).encode("utf-8")
        records = [export_record(g) for g in games]
        data = records[0] if game_id else records
        return f"{stem}.json", json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8")

    def import_file(self, name: str, data: bytes | None) -> None:
        """Store the games of an uploaded file: all of them, or none with the reasons."""
        self.show_history()
        if data is None:
            return
        if len(data) > MAX_INPUT_BYTES:
            self.file_too_big(name, len(data))
            return
        try:
            incoming = parse_import(load_json(data))
            saved = self.store.import_games(incoming)
        except NotJSONError as error:
            self.message = _("{name} is not a JSON file: {reason}").format(name=name, reason=error)
            return
        except TooDeepError as error:
            self.message = _("{name} is not a file of games: {reason}").format(
                name=name, reason=error
            )
            return
        except ImportRefusedError as error:  # its own words begin "nothing was imported"
            self.message = _("Nothing was imported from {name}: {reason}").format(
                name=name, reason=error.listing
            )
            return
        except ScorekeeperError as error:
            self.message = _("Nothing was imported from {name}: {reason}").format(
                name=name, reason=error
            )
            return
        self.show_history()
        self.message = ngettext(
            "Imported {count} game from {name}.", "Imported {count} games from {name}.", len(saved)
        ).format(count=len(saved), name=name)

    def import_failed(self, name: str) -> None:
        """A served import whose file did not arrive whole: nothing was read."""
        self.show_history()
        self.message = _(
            "Nothing was imported from {name}: the file did not arrive whole. Try again."
        ).format(name=name)

    def file_too_big(self, name: str, size: int) -> None:
        """A file over the import limit: refused before a byte of it is read
        (served, its size is known from the picker), or once read."""
        self.show_history()
        shown = math.ceil(size / 100_000) / 10  # never rounded down to the limit itself
        self.message = _(
            "{name} is too big to be a Spades file ({size} MB; the limit is {limit} MB). "
            "Choose a file made with Export JSON."
        ).format(
            name=name,
            size=i18n.decimal(shown, "#,##0.0"),
            limit=i18n.number(MAX_INPUT_BYTES // 1_000_000),
        )

    def more_history(self) -> None:
        more = self.store.history(
            status=self.history_status,
            player=self.history_player,
            offset=len(self.history.items),
            limit=HISTORY_PAGE,
        )
        self.history = Page(self.history.items + more.items, more.total)

    # -- setting up a game --------------------------------------------------------

    def new_game(self) -> None:
        self._clear()
        self.screen = Screen.SETUP
        self.form = SetupForm()

    def set_variant(self, variant: Variant) -> None:
        self.form.variant = variant
        self.form.names = [*self.form.names, "", ""][: variant.player_count]
        self.form.first_dealer = min(self.form.first_dealer, variant.player_count - 1)
        self.errors = {}

    def set_name(self, seat: int, name: str) -> None:
        self.form.names[seat] = name
        self.errors.pop(f"players.{seat}", None)
        self.errors.pop("players", None)

    def set_team_name(self, side: int, name: str) -> None:
        self.form.team_names[side] = name
        self.errors.pop(f"team_names.{side}", None)

    def set_first_dealer(self, seat: int) -> None:
        if 0 <= seat < self.form.variant.player_count:  # a page sends only its players
            self.form.first_dealer = seat

    def set_preset(self, name: str) -> None:
        if name in PRESETS:
            self.form.preset = name
            self.form.rules = rule_fields(PRESETS[name])
            self.form.rules_revision += 1
            self.errors = {k: v for k, v in self.errors.items() if not k.startswith("rules.")}

    def set_customizing(self, on: bool) -> None:
        self.form.customizing = on

    def set_rule(self, name: str, value: Any) -> None:
        self.form.rules[name] = value
        self.errors.pop(f"rules.{name}", None)

    def start_game(self) -> None:
        self._clear()
        problems: list[Problem] = []
        rules = RuleSet()
        try:
            rules = parse_rule_fields(self.form.rules)
        except InvalidRulesError as error:
            problems.extend(error.problems)
        try:
            teams = self.form.team_names if self.form.variant is Variant.PARTNERSHIP else ()
            game = ops.new_game(
                self.form.variant, self.form.names, self.form.first_dealer, rules, teams
            )
        except InvalidGameError as error:
            problems.extend(error.problems)
        if problems:
            self.errors = {p.field: p.message for p in problems}
            return
        self._show(self.store.create(game))

    # -- a game -------------------------------------------------------------------

    def open_game(self, game_id: str) -> None:
        self._clear()
        try:
            saved = self.store.get(game_id)
        except GameNotFoundError:
            self._gone()
            return
        self._show(saved)
        self._take(self.store.draft(game_id))
        if self.draft:
            self.screen = Screen.HAND

    def _gone(self) -> None:
        self.go_home()
        self.message = _("That game is no longer stored.")

    def show_all_hands(self) -> None:
        self.all_hands = True

    def _show(self, saved: SavedGame) -> None:
        if not self.saved or self.saved.id != saved.id:
            self.all_hands = False
        self.saved = saved
        self.score = saved.score
        self.draft = None
        self.screen = Screen.GAME

    def _take(self, draft: HandDraft | None) -> None:
        """The one place an entry in progress meets a version of its game (the one
        shown): carried over if it still means the same hand, else dropped, saying
        so and showing the hand another device saved in its place."""
        assert self.saved is not None and self.score is not None
        if draft is None:
            return
        found = carry_over(
            draft, self.saved.game, self.saved.revision, self.score.status is Status.FINISHED
        )
        self.draft = found.draft
        if found.notice:
            self.message = found.notice
        if found.draft is None:
            self.store.drop_draft(self.saved.id, draft)
        elif found.draft != draft:
            self.store.save_draft(self.saved.id, found.draft)
        if found.theirs is not None:
            self.summary = [
                _("Hand {number}, saved on another device").format(number=found.theirs + 1),
                *describe_hand(self.saved.game, self.score, found.theirs),
            ]

    def reload(self) -> None:
        """Someone else changed this game: show theirs, with our entry carried
        over or dropped (and told why)."""
        if not self.saved:
            return
        screen, draft = self.screen, self.draft
        try:
            saved = self.store.get(self.saved.id)
        except GameNotFoundError:
            self._gone()
            return
        if saved.revision == self.saved.revision and draft == self.draft:
            return
        self._show(saved)
        self.summary = []
        self._take(draft)
        if (self.draft and screen is Screen.HAND) or screen is Screen.DETAIL:
            self.screen = screen

    def _game_changed(
        self, game: ScoredGame, based_on: int | None = None, done: HandDraft | None = None
    ) -> bool:
        """Save a changed game; False (with a message) if another device got there
        first. `based_on` is the revision the change was made from; `done` the
        entry it records, dropped in the same write."""
        assert self.saved is not None
        game_id = self.saved.id
        expected = self.saved.revision if based_on is None else based_on
        try:
            saved = self.store.save(game_id, game, expected, done)
        except GameNotFoundError:
            self._gone()
            return False
        except ConflictError:
            self._refused(self.draft)
            return False
        self._show(saved)
        self.changed = (game_id, saved.revision)
        stored = self.store.draft(game_id)  # someone's entry: fit it quietly; its device is told
        if stored is not None:
            found = carry_over(stored, saved.game, saved.revision, self.score_finished())
            if found.draft is None:
                self.store.drop_draft(game_id, stored)
            elif found.draft != stored:
                self.store.save_draft(game_id, found.draft)
        return True

    def _refused(self, draft: HandDraft | None) -> None:
        """Another device saved first: show the game as it is now, with our entry
        carried over or dropped (and the hand saved in its place shown)."""
        assert self.saved is not None
        self._clear()
        try:
            saved = self.store.get(self.saved.id)
        except GameNotFoundError:
            self._gone()
            return
        self._show(saved)
        self.summary = []
        self._take(draft)
        if self.message is None:
            self.message = _(
                "This game was changed on another device: nothing was saved, "
                "the game is shown as it is now."
            )
        if self.draft:
            self.screen = Screen.HAND

    def score_finished(self) -> bool:
        return self.score is not None and self.score.status is Status.FINISHED

    # -- entering a hand ------------------------------------------------------------

    def begin_hand(self) -> None:
        if not self.saved or not self.score or self.score.status is Status.FINISHED:
            return
        self._clear()
        self.summary = []
        variant = self.saved.game.variant
        self.draft = HandDraft.empty(
            variant.player_count, len(self.saved.game.hands), self.saved.revision, variant.tricks
        )
        self.screen = Screen.HAND
        self._keep_draft()

    def edit_hand(self, index: int) -> None:
        if not self.saved or not 0 <= index < len(self.saved.game.hands):
            return
        self._clear()
        self.summary = []
        self.draft = HandDraft.of_hand(
            self.saved.game.hands[index],
            index,
            self.saved.revision,
            self.saved.game.variant.tricks,
        )
        self.screen = Screen.HAND
        self._keep_draft()

    def _keep_draft(self) -> None:
        if self.saved:
            self.store.save_draft(self.saved.id, self.draft)

    def _change_draft(self, draft: HandDraft, *fields: str) -> None:
        self.draft = draft
        for key in fields:
            self.errors.pop(key, None)
        self.errors.pop("tricks", None)
        self.errors.pop("hand", None)
        self._keep_draft()

    def set_bid(self, seat: int, bid: Bid | None) -> None:
        if self.draft:
            self._change_draft(self.draft.with_bid(seat, bid), f"bid.{seat}")

    def rest_to(self, seat: int) -> None:
        if self.draft:
            self._change_draft(self.draft.rest_to(seat), f"tricks.{seat}")

    def _scores_before(self, index: int) -> list[int]:
        assert self.saved and self.score
        if index == 0:
            return [0] * len(self.saved.game.variant.sides)
        return [sh.score for sh in self.score.hands[index - 1].sides]

    def _index(self) -> int:
        assert self.draft
        return self.draft.index

    def to_tricks(self) -> None:
        """Bids done: check them (all at once) before tricks are counted."""
        if not self.saved or not self.draft:
            return
        problems = self.draft.missing_bids(self.saved.game)
        if not problems:
            index = self._index()
            problems = [
                p
                for p in hand_problems(
                    self.saved.game, self.draft.to_hand(), self._scores_before(index)
                )
                if p.field.startswith(("bid", "side"))
            ]
        if problems:
            self.errors = {p.field: p.message for p in problems}
            return
        self._change_draft(replace(self.draft, step=Step.TRICKS))

    def back_to_bids(self) -> None:
        if self.draft:
            self._change_draft(replace(self.draft, step=Step.BIDS))

    # -- the keypad: one tap per bid or trick count ----------------------------------

    def _draft_key(self) -> Hashable:
        assert self.saved and self.draft
        return (self.saved.id, self.draft.editing, self.draft.step)

    def bidding_order(self) -> tuple[int, ...]:
        assert self.saved and self.draft
        return self.saved.game.bidding_order(self._index())

    @property
    def keypad_seat(self) -> int | None:
        """Whose bid (or tricks) the keypad sets: the first player still to bid,
        then the next one after each tap (an edit stays on the player picked);
        a tap on a player picks them."""
        if not self.saved or not self.draft:
            return None
        key = self._draft_key()
        if self._focus[0] != key:
            draft, order = self.draft, self.bidding_order()
            if draft.step is Step.BIDS:
                first = next((s for s in order if draft.bids[s] is None), None)
            else:
                first = order[0] if draft.editing is None else None
            self._focus = (key, first)
        return self._focus[1]

    def focus_seat(self, seat: int) -> None:
        if self.saved and self.draft and 0 <= seat < len(self.draft.bids):
            self._focus = (self._draft_key(), seat)

    def press(self, key: str) -> None:
        """A keypad key: "0" to "13", BLIND (blind nil) or REST (the tricks left).
        It sets the keypad's player, then moves on to the next one (an edit stays)."""
        seat = self.keypad_seat
        if seat is None or not self.saved or not self.draft:
            return
        if key not in (BLIND, REST) and not (
            key.isdigit() and int(key) <= self.saved.game.variant.tricks
        ):
            return  # not a key of this keypad
        if self.draft.step is Step.BIDS:
            self.set_bid(seat, BLIND_NIL if key == BLIND else Bid(int(key)))
        elif key == REST:
            if self.draft.left_for(seat) < 0:  # the others took too many: none to give
                return
            self.rest_to(seat)
        else:
            self._change_draft(self.draft.with_tricks(seat, int(key)), f"tricks.{seat}")
        assert self.draft is not None
        self._focus = (self._draft_key(), self.draft.after(seat, self.bidding_order()))

    def entered_something(self) -> bool:
        """Would cancelling this hand lose anything the scorekeeper entered?"""
        if not self.saved or not self.draft:
            return False
        draft = self.draft
        if draft.editing is not None and draft.editing < len(self.saved.game.hands):
            hand = self.saved.game.hands[draft.editing]
            return (draft.bids, draft.tricks) != (hand.bids, hand.tricks)
        return any(b is not None for b in draft.bids) or any(draft.tricks)

    # -- questions before something is lost ------------------------------------------

    def answer(self, yes: bool) -> None:
        asked, self.confirm = self.confirm, None
        if asked and yes:
            asked.action()

    def request_cancel(self) -> None:
        """Cancel (or the Back button) mid-hand: ask first when something was entered."""
        if not self.entered_something():
            self.cancel_hand()
            return
        assert self.saved and self.draft
        number = self._index() + 1
        # Each question says whether a saved hand is touched: "discard hand 13"
        # read as deleting a saved hand, in every language.
        if self.draft.editing is None:
            self.confirm = Confirm(
                _("Stop entering hand {number}?").format(number=number),
                _("Nothing was saved for it yet: what was entered is not kept."),
                _("Stop entering"),
                _("Keep entering"),
                self.cancel_hand,
            )
        else:
            self.confirm = Confirm(
                _("Stop editing hand {number}?").format(number=number),
                _("The saved hand stays as it was: your changes are not kept."),
                _("Stop editing"),
                _("Keep editing"),
                self.cancel_hand,
            )

    def _reopens(self, game: ScoredGame) -> str:
        """What a finished game becomes when `game` replaces it: open again, or still over."""
        assert self.saved and self.score
        if self.score.status is not Status.FINISHED or game.finished:
            return ""
        return _("The game is over; this opens it again (it was: {result}).").format(
            result=outcome(self.saved.game, self.score)
        )

    def ask_undo_last_hand(self) -> None:
        if not self.saved or not self.saved.game.hands:
            return
        number = len(self.saved.game.hands)
        reopens = self._reopens(ops.undo_last_hand(self.saved.game))
        self.confirm = Confirm(
            _("Remove hand {number}?").format(number=number),
            " ".join(
                t
                for t in (
                    _("Its bids and tricks are removed and the scores go back."),
                    reopens,
                )
                if t
            ),
            _("Remove hand {number}").format(number=number),
            _("Keep it"),
            self.undo_last_hand,
        )

    def ask_delete_hand(self, index: int) -> None:
        if not self.saved or not 0 <= index < len(self.saved.game.hands):
            return
        count = len(self.saved.game.hands)
        later = count - index - 1
        try:
            reopens = self._reopens(ops.remove_hand(self.saved.game, index))
        except ScorekeeperError as error:
            self.message = sentence(str(error))
            return
        rescored = (
            ngettext(
                "The hand after it is scored again.",
                "The {count} hands after it are scored again.",
                later,
            ).format(count=later)
            if later
            else ""
        )

        def delete() -> None:
            self.delete_hand(index)

        self.confirm = Confirm(
            _("Delete hand {number}?").format(number=index + 1),
            " ".join(t for t in (rescored, reopens) if t),
            _("Delete hand {number}").format(number=index + 1),
            _("Keep it"),
            delete,
        )

    def cancel_hand(self) -> None:
        self._clear()
        if self.saved and self.draft:
            self.store.drop_draft(self.saved.id, self.draft)
        self.draft = None
        self.screen = Screen.GAME

    def preview(self) -> GameScore | None:
        """The game as it would stand with this hand, if the hand is complete and valid."""
        if not self.saved or not self.draft or self.draft.step is not Step.TRICKS:
            return None
        if self.draft.tricks_left() != 0:
            return None
        try:
            return self._with_draft().score
        except ScorekeeperError:
            return None

    def _with_draft(self) -> ScoredGame:
        """The game with this entry recorded (through the core's operations),
        scored once per entry and game shown: the preview and the save share it."""
        assert self.saved and self.draft
        drafted = self._drafted
        if drafted is None or drafted[0] != self.draft or drafted[1] is not self.saved.game:
            hand = self.draft.to_hand()
            result: ScoredGame | ScorekeeperError
            try:
                if self.draft.editing is None:
                    result = ops.add_hand(self.saved.game, hand)
                else:
                    result = ops.replace_hand(self.saved.game, self.draft.editing, hand)
            except ScorekeeperError as error:
                result = error
            drafted = self._drafted = (self.draft, self.saved.game, result)
        if isinstance(drafted[2], ScorekeeperError):
            raise drafted[2].with_traceback(None)
        return drafted[2]

    def save_hand(self) -> None:
        if not self.saved or not self.draft:
            return
        self._clear()
        problems = self.draft.missing_bids(self.saved.game)
        if problems:
            self.errors = {p.field: p.message for p in problems}
            return
        draft = self.draft
        try:
            game = self._with_draft()
        except GameOverError as error:
            self.errors = {"hand": self._ends_too_soon(error)}
            return
        except ScorekeeperError as error:
            self.errors = error.by_field("hand")
            return
        reopened = self._reopens(game)
        if self._game_changed(game, draft.base, done=draft):
            assert self.score is not None
            title = _("Hand {number}") if draft.editing is None else _("Hand {number}, changed")
            self.summary = [
                title.format(number=draft.number),
                *describe_hand(game.game, self.score, draft.index),
            ]
            if reopened:
                self.summary.append(_("The game is in progress again."))

    def _ends_too_soon(self, error: GameOverError) -> str:
        """An edit that would end the game before hands recorded after it."""
        assert self.saved and self.draft
        count = len(self.saved.game.hands)
        won = (error.hand_number or count) - 1  # the hand that would win
        first = won + 1
        if first == count:
            fix = _("delete hand {first} first").format(first=first)
        else:
            fix = _("delete hands {first}-{last} first").format(first=first, last=count)
        return _(
            "With this change the game is won at hand {won}, but later hands are "
            "recorded: {fix}, or Cancel."
        ).format(won=won, fix=fix)

    # -- changing recorded hands -------------------------------------------------------

    def undo_last_hand(self) -> None:
        if self.saved and self.saved.game.hands:
            self._clear()
            number = len(self.saved.game.hands)
            game = ops.undo_last_hand(self.saved.game)
            reopened = self._reopens(game)
            if self._game_changed(game):
                self.summary = []
                self.message = _("Hand {number} was removed.").format(number=number)
                if reopened:
                    self.message += " " + _("The game is in progress again.")

    def delete_hand(self, index: int) -> None:
        if not self.saved:
            return
        self._clear()
        try:
            game = ops.remove_hand(self.saved.game, index)
        except ScorekeeperError as error:
            self.message = sentence(str(error))
            return
        reopened = self._reopens(game)
        based_on = self.draft.base if self.draft else None  # deleting the hand being edited
        if self._game_changed(game, based_on):
            self.summary = []
            self.message = _("Hand {number} was deleted.").format(number=index + 1)
            if reopened:
                self.message += " " + _("The game is in progress again.")

    # -- penalties and other adjustments on a recorded hand ----------------------------

    def open_adjustment(self, index: int, position: int | None = None) -> None:
        """Add a penalty to hand `index`, or change its adjustment at `position`."""
        if not self.saved or not 0 <= index < len(self.saved.game.hands):
            return
        self._clear()
        kept = self.saved.game.hands[index].adjustments
        if position is not None and 0 <= position < len(kept):
            old = kept[position]
            self.adjusting = AdjustmentForm(index, position, old.side, str(old.points), old.reason)
        else:
            self.adjusting = AdjustmentForm(index, None)

    def set_adjustment_side(self, side: int) -> None:
        if self.adjusting and self.saved and 0 <= side < len(self.saved.game.variant.sides):
            self.adjusting.side = side

    def set_adjustment_points(self, text: str) -> None:
        if self.adjusting:
            self.adjusting.points = str(text)[:12]
            self.errors.pop("adjustment.points", None)

    def set_adjustment_reason(self, text: str) -> None:
        if self.adjusting:
            self.adjusting.reason = str(text)[:200]
            self.errors.pop("adjustment.reason", None)

    def cancel_adjustment(self) -> None:
        self.adjusting = None
        self.errors = {}

    def save_adjustment(self) -> None:
        """Check the form (every problem at once), then re-score the game with it."""
        form = self.adjusting
        if not form or not self.saved or form.hand >= len(self.saved.game.hands):
            self.adjusting = None
            return
        text = form.points.strip().replace("\u2212", "-")
        try:
            points = int(text)
        except ValueError:
            points = None
        new = Adjustment(form.side, points if points is not None else 0, form.reason.strip())
        problems = adjustment_problems(self.saved.game, (new,))
        errors = {p.field.replace("adjustments.0", "adjustment"): p.message for p in problems}
        if points is None:
            errors["adjustment.points"] = _(
                "{value!r} is not a whole number of points: type one such as -30"
            ).format(value=Clipped(text))
        if errors:
            self.errors = errors
            return
        hand = self.saved.game.hands[form.hand]
        kept = list(hand.adjustments)
        if form.position is not None and form.position < len(kept):
            kept[form.position] = new
        else:
            kept.append(new)
        self._replace_adjustments(form.hand, tuple(kept))

    def remove_adjustment(self, index: int, position: int) -> None:
        if not self.saved or not 0 <= index < len(self.saved.game.hands):
            return
        kept = self.saved.game.hands[index].adjustments
        if 0 <= position < len(kept):
            self._replace_adjustments(index, kept[:position] + kept[position + 1 :])

    def _replace_adjustments(self, index: int, adjustments: tuple[Adjustment, ...]) -> None:
        assert self.saved
        hand = self.saved.game.hands[index]
        self._clear()
        try:
            game = ops.replace_hand(self.saved.game, index, replace(hand, adjustments=adjustments))
        except ScorekeeperError as error:
            self.errors = {"adjustment": sentence(str(error))}
            return
        reopened = self._reopens(game)
        self.adjusting = None
        if self._game_changed(game):
            self.summary = []
            self.message = _("Hand {number} was changed.").format(number=index + 1)
            if reopened:
                self.message += " " + _("The game is in progress again.")

    def rematch(self) -> None:
        if self.saved:
            self._clear()
            self._show(self.store.create(ops.rematch(self.saved.game)))

    # -- sharing: the watch and keeper links --------------------------------------------

    def show_share(self) -> None:
        self._clear()
        if self.sharing is None:
            self.go_home()
            self.message = _("Links to share exist when the app is served to browsers.")
            return
        self.screen = Screen.SHARE
        self.show_keeper_link = False
        self.confirm_reset = False

    def reveal_keeper_link(self, show: bool = True) -> None:
        self.show_keeper_link = show

    def link(self, which: str) -> str | None:
        """The current watch or keeper link (the keeper link once it is shown)."""
        if self.sharing is None:
            return None
        if which == "watch":
            return self.sharing.watch_link()
        if which == "keeper" and self.show_keeper_link:
            return self.sharing.keeper_link()
        return None

    def link_copied(self, which: str, done: bool = True) -> None:
        if not done:
            self.message = _("This browser did not let the link be copied: copy it from the text.")
        elif which == "keeper":
            self.message = _("Keeper link copied.")
        else:
            self.message = _("Watch link copied.")

    def ask_reset(self, ask: bool = True) -> None:
        self.confirm_reset = ask

    def reset_links(self) -> None:
        """New links: every other device (watchers too) is logged out."""
        if self.sharing is None:
            return
        self.sharing.reset_keys()
        self.confirm_reset = False
        self.message = _("New links made: every other device is logged out. Share the new ones.")

    def ask_delete(self, ask: bool = True) -> None:
        self.confirm_delete = ask

    def delete_game(self) -> None:
        if self.saved:
            try:
                self.deleted = self.store.delete(self.saved.id)
            except GameNotFoundError:
                self._gone()
                return
            self.changed = (self.deleted.id, DELETED)
            self.show_history()
            self.message = _("Game deleted.")

    def delete_from_home(self, game_id: str) -> None:
        """Delete a game in progress from the home screen; Undo brings it back."""
        try:
            self.deleted = self.store.delete(game_id)
        except GameNotFoundError:
            self.go_home()
            return
        self.changed = (self.deleted.id, DELETED)  # another device showing it is told
        self.go_home()
        self.message = _("Game deleted.")

    def forget_deleted(self, deleted: SavedGame) -> None:
        """Undo delete has had its time (for `deleted`, not a later delete)."""
        if self.deleted is deleted:
            self.deleted = None
            if self.message == _("Game deleted."):
                self.message = None

    def undo_delete(self) -> None:
        if self.deleted:
            restored = self.store.restore(self.deleted)
            self.deleted = None
            self.changed = (restored.id, restored.revision)
            if self.screen is Screen.HOME:
                self.go_home()
                self.message = _("Game restored.")
            else:
                self.review_game(restored.id)
