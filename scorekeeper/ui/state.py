"""The app's state and one method per user action. No flet here: the screens
(scorekeeper.ui.screens) render this object, and tests drive it directly.

Each action validates, updates the game through the pure core, saves it, and
leaves `errors` (field -> message, all at once) or `message` for the views.
"""

import json
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from scorekeeper import game as ops
from scorekeeper import i18n
from scorekeeper.draft import HandDraft, Step
from scorekeeper.errors import InvalidGameError, InvalidRulesError, Problem, ScorekeeperError
from scorekeeper.exchange import export_csv, export_record, parse_import
from scorekeeper.i18n import _, ngettext
from scorekeeper.model import BLIND_NIL, NIL, Bid, Game, Variant
from scorekeeper.rules import INT_RULES, PRESETS, RuleSet, rules_from_dict
from scorekeeper.saved import GameSummary, SavedGame
from scorekeeper.scoring import GameScore, Status, score_game
from scorekeeper.stats import (
    HeadToHead,
    PairStats,
    PlayerStats,
    head_to_head,
    pair_stats,
    player_stats,
)
from scorekeeper.storage.store import (
    ConflictError,
    GameNotFoundError,
    GameStore,
    Page,
    StorageError,
)
from scorekeeper.ui.screens import Screen, follow, route_of
from scorekeeper.ui.text import describe_hand
from scorekeeper.validation import hand_problems

HISTORY_PAGE = 30
MAX_IMPORT_BYTES = 20_000_000  # years of games are a few MB


@dataclass
class SetupForm:
    variant: Variant = Variant.PARTNERSHIP
    names: list[str] = field(default_factory=lambda: ["", "", "", ""])
    first_dealer: int = 0
    preset: str = "standard"
    customizing: bool = False
    # the house rules as shown: numbers as typed text, switches as bools
    rules: dict[str, Any] = field(default_factory=lambda: rule_fields(RuleSet()))
    rules_revision: int = 0  # goes up when the rules change other than by typing


def rule_fields(rules: RuleSet) -> dict[str, Any]:
    return {
        name: ("" if value is None else str(value)) if name in INT_RULES else value
        for name, value in rules.to_dict().items()
    }


def parse_rule_fields(fields: dict[str, Any]) -> RuleSet:
    """Typed text to a RuleSet; InvalidRulesError lists every bad field."""
    values: dict[str, Any] = {}
    problems: list[Problem] = []
    for name, raw in fields.items():
        if name not in INT_RULES:
            values[name] = raw
            continue
        text = str(raw).strip()
        if not text and INT_RULES[name][2]:
            values[name] = None
            continue
        try:
            values[name] = int(text)
        except ValueError:
            problems.append(
                Problem(f"rules.{name}", _("{value!r} is not a whole number").format(value=text))
            )
    try:
        rules = rules_from_dict(values)
    except InvalidRulesError as error:
        problems.extend(error.problems)
    if problems:
        raise InvalidRulesError(tuple(problems))
    return rules


class AppState:
    def __init__(self, store: GameStore) -> None:
        self.store = store
        self.screen = Screen.HOME
        self.form = SetupForm()
        self.saved: SavedGame | None = None
        self.score: GameScore | None = None
        self.draft: HandDraft | None = None
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
        self.language = i18n.DEFAULT  # the session translates everything into it
        self.go_home()

    # -- where we are -----------------------------------------------------------

    @property
    def route(self) -> str:
        return route_of(self)

    def navigate(self, route: str) -> None:
        """Follow a URL (reload, back button, a link)."""
        follow(self, route)

    def perform(self, action: Callable[..., Any], *args: Any) -> None:
        """Run one user action. A storage failure (disk full, read-only, a newer
        version's files) becomes a message on the page, never a crash, and never
        names a path on the server: the state is as it was before the action."""
        try:
            action(*args)
        except StorageError as error:
            self.message = error.user_message
            # the screens with a form show errors in place of the banner
            where = {Screen.HAND: "hand", Screen.SETUP: "players"}.get(self.screen)
            if where:
                self.errors[where] = error.user_message

    def _clear(self) -> None:
        self.errors = {}
        self.message = None

    def show_rules(self) -> None:
        self._clear()
        self.screen = Screen.RULES

    def set_language(self, code: str | None) -> None:
        """Show the app in another language (one of i18n.LANGUAGES)."""
        if code in i18n.LANGUAGES and code != self.language:
            self.language = code
            self._clear()
            self.summary = []  # written in the language before

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
        if player is not None:
            self.history_player = player
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
        facts = self.store.all_facts()
        self.merges = self.store.aliases()
        self.players = player_stats(facts, self.merges)
        self.pairs = pair_stats(facts, self.merges)
        self.rivals = head_to_head(facts, self.merges)

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
        self.message = _("{name} now counts as {into}.").format(name=name, into=into)

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
        if len(data) > MAX_IMPORT_BYTES:
            self.message = _("{name} is too big to be a Spades file ({size} MB).").format(
                name=name, size=len(data) // 1_000_000
            )
            return
        try:
            incoming = parse_import(json.loads(data.decode("utf-8")))
            saved = self.store.import_games(incoming)
        except (UnicodeDecodeError, ValueError, RecursionError) as error:
            self.message = _("{name} is not a JSON file: {reason}").format(name=name, reason=error)
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

    def set_first_dealer(self, seat: int) -> None:
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
            game = ops.new_game(self.form.variant, self.form.names, self.form.first_dealer, rules)
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
            self.go_home()
            self.message = _("That game is no longer stored.")
            return
        self._show(saved)
        self.draft = self.store.draft(game_id)
        if self.draft and self.score and self.score.status is Status.IN_PROGRESS:
            self.screen = Screen.HAND

    def show_all_hands(self) -> None:
        self.all_hands = True

    def _show(self, saved: SavedGame) -> None:
        if not self.saved or self.saved.id != saved.id:
            self.all_hands = False
        self.saved = saved
        self.score = score_game(saved.game)
        self.draft = None
        self.screen = Screen.GAME

    def reload(self) -> None:
        """Someone else saved this game: show theirs, keep our screen."""
        if self.saved:
            screen, draft = self.screen, self.draft
            self.open_game(self.saved.id)
            if self.saved and draft and screen is Screen.HAND and not self.draft:
                self.draft, self.screen = draft, screen

    def _game_changed(self, game: Game) -> bool:
        """Save a changed game; False (with a message) if another device got there first."""
        assert self.saved is not None
        try:
            saved = self.store.save(self.saved.id, game, self.saved.revision)
        except ConflictError as error:
            self.open_game(self.saved.id)
            self.message = str(error)
            return False
        self._show(saved)
        return True

    # -- entering a hand ------------------------------------------------------------

    def begin_hand(self) -> None:
        if not self.saved or not self.score or self.score.status is Status.FINISHED:
            return
        self._clear()
        self.summary = []
        self.draft = HandDraft.empty(self.saved.game.variant.player_count)
        self.screen = Screen.HAND
        self._keep_draft()

    def edit_hand(self, index: int) -> None:
        if not self.saved or not 0 <= index < len(self.saved.game.hands):
            return
        self._clear()
        self.summary = []
        self.draft = HandDraft.of_hand(self.saved.game.hands[index], index)
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

    def toggle_nil(self, seat: int, blind: bool = False) -> None:
        if self.draft:
            wanted = BLIND_NIL if blind else NIL
            self.set_bid(seat, None if self.draft.bids[seat] == wanted else wanted)

    def step_bid(self, seat: int, delta: int) -> None:
        if self.draft:
            self._change_draft(self.draft.step_bid(seat, delta), f"bid.{seat}")

    def step_tricks(self, seat: int, delta: int) -> None:
        if self.draft:
            self._change_draft(self.draft.step_tricks(seat, delta), f"tricks.{seat}")

    def rest_to(self, seat: int) -> None:
        if self.draft:
            self._change_draft(self.draft.rest_to(seat), f"tricks.{seat}")

    def _scores_before(self, index: int) -> list[int]:
        assert self.saved and self.score
        if index == 0:
            return [0] * len(self.saved.game.variant.sides)
        return [sh.score for sh in self.score.hands[index - 1].sides]

    def _index(self) -> int:
        assert self.saved and self.draft
        return self.draft.editing if self.draft.editing is not None else len(self.saved.game.hands)

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
                    self.saved.game, self.draft.to_hand(), index, self._scores_before(index)
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

    def cancel_hand(self) -> None:
        self._clear()
        self.draft = None
        self._keep_draft()
        self.screen = Screen.GAME

    def preview(self) -> GameScore | None:
        """The game as it would stand with this hand, if the hand is complete and valid."""
        if not self.saved or not self.draft or self.draft.step is not Step.TRICKS:
            return None
        if self.draft.tricks_left() != 0:
            return None
        try:
            return score_game(self._with_draft())
        except ScorekeeperError:
            return None

    def _with_draft(self) -> Game:
        assert self.saved and self.draft
        hand = self.draft.to_hand()
        game = self.saved.game
        if self.draft.editing is None:
            return replace(game, hands=(*game.hands, hand))
        hands = list(game.hands)
        hands[self.draft.editing] = hand
        return replace(game, hands=tuple(hands))

    def save_hand(self) -> None:
        if not self.saved or not self.draft:
            return
        self._clear()
        problems = self.draft.missing_bids(self.saved.game)
        if problems:
            self.errors = {p.field: p.message for p in problems}
            return
        index = self._index()
        try:
            game = self._with_draft()
            score_game(game)
        except ScorekeeperError as error:
            found = getattr(error, "problems", ())
            self.errors = {p.field: p.message for p in found} or {"hand": str(error)}
            return
        if self._game_changed(game):
            self.store.save_draft(self.saved.id, None)
            assert self.score is not None
            self.summary = [
                _("Hand {number}").format(number=index + 1),
                *describe_hand(game, self.score, index),
            ]

    # -- changing recorded hands -------------------------------------------------------

    def undo_last_hand(self) -> None:
        if self.saved and self.saved.game.hands:
            self._clear()
            number = len(self.saved.game.hands)
            if self._game_changed(ops.undo_last_hand(self.saved.game)):
                self.summary = []
                self.message = _("Hand {number} was removed.").format(number=number)

    def delete_hand(self, index: int) -> None:
        if not self.saved:
            return
        self._clear()
        try:
            game = ops.remove_hand(self.saved.game, index)
        except ScorekeeperError as error:
            self.message = str(error)
            return
        if self._game_changed(game):
            self.summary = []
            self.message = _("Hand {number} was deleted.").format(number=index + 1)

    def rematch(self) -> None:
        if self.saved:
            self._clear()
            self._show(self.store.create(ops.rematch(self.saved.game)))

    def ask_delete(self, ask: bool = True) -> None:
        self.confirm_delete = ask

    def delete_game(self) -> None:
        if self.saved:
            self.deleted = self.store.delete(self.saved.id)
            self.show_history()
            self.message = _("Game deleted.")

    def undo_delete(self) -> None:
        if self.deleted:
            restored = self.store.restore(self.deleted)
            self.deleted = None
            self.review_game(restored.id)
