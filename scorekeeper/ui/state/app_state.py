"""The app state as the session and the screens see it: the parts composed,
each action routed to the part that owns it, and one snapshot of them all.

No flet here: the screens (scorekeeper.ui.screens) render this object, and
tests drive it directly. Each action validates, updates the game through the
pure core, saves it, and leaves `errors` (field -> message, all at once) or
`message` for the views.
"""

from collections.abc import Callable
from typing import Any

from scorekeeper import i18n
from scorekeeper.core.draft import HandDraft
from scorekeeper.core.saved import GameSummary, SavedGame
from scorekeeper.core.scoring import GameScore
from scorekeeper.core.stats import HeadToHead, PairStats, PlayerStats
from scorekeeper.storage.store import GameStore, Page, StorageError
from scorekeeper.ui.screen import Screen
from scorekeeper.ui.state.browsing import Browsing
from scorekeeper.ui.state.corrections import Corrections
from scorekeeper.ui.state.deleting import Deleting
from scorekeeper.ui.state.entry import HandEntry
from scorekeeper.ui.state.evening import Evening
from scorekeeper.ui.state.keys import HandKeys
from scorekeeper.ui.state.night_page import NightPage
from scorekeeper.ui.state.open_game import OpenGame
from scorekeeper.ui.state.routing import DoneBy, KeptBy
from scorekeeper.ui.state.setup import Setup, SetupForm
from scorekeeper.ui.state.sharing import ShareLinks, Sharing
from scorekeeper.ui.state.shown import Confirm, KeepsState, Restore, Shown, os_error_message
from scorekeeper.ui.state.transfer import Transfer

Snapshot = dict[str, Restore]  # part -> how to put it back
# The text sizes a device may pick, in percent of the normal size (the page
# scales every text by it: web/static.py, webfiles/textsize.js).
TEXT_SIZES = (100, 125, 150, 175, 200)


class AppState:
    """The parts of the app's state, and every user action, routed to its part."""

    def __init__(self, store: GameStore) -> None:
        self.store = store
        self.shown = Shown()
        self.browsing = Browsing(store, self.shown)
        self.current = OpenGame(store, self.shown, self.browsing)
        self.setup = Setup(self.current, self.shown)
        self.entry = HandEntry(self.current, self.shown)
        self.keys = HandKeys(self.entry, lambda: i18n.get(self.language).rtl)
        self.corrections = Corrections(self.current, self.shown)
        self.transfer = Transfer(store, self.shown, self.browsing)
        self.share = ShareLinks(self.current, self.shown)
        self.deleting = Deleting(self.current, self.browsing, self.shown)
        self.evening = Evening(store, self.current, self.shown)
        self.night = NightPage(store, self.shown, self.browsing)
        self.language = i18n.DEFAULT  # the session translates everything into it
        self.keep_screen_on = True  # a setting of this device (kept in its storage)
        self.text_size = TEXT_SIZES[0]  # percent; a setting of this device, like the language
        self.go_home()

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

    def snapshot(self) -> Snapshot:
        """What the screen shows now, to put back if the action that follows
        cannot be saved (the offline build learns that only after it ran)."""
        language, keep_screen_on, text_size = self.language, self.keep_screen_on, self.text_size

        def settings() -> None:
            self.language, self.keep_screen_on = language, keep_screen_on
            self.text_size = text_size

        kept = {type(part).__name__: part.snapshot() for part in self._parts_with_state()}
        return {**kept, "settings": settings}

    def _parts_with_state(self) -> tuple[KeepsState, ...]:
        return (
            self.shown,
            self.browsing,
            self.current,
            self.setup,
            self.entry,
            self.keys,
            self.corrections,
            self.share,
            self.deleting,
            self.evening,
            self.night,
        )  # Transfer keeps none

    def put_back(self, snapshot: Snapshot, message: str) -> None:
        """The action's writes failed and were undone: show what was shown
        before it, and why nothing changed."""
        for restore in snapshot.values():
            restore()
        self.failed(message)

    # -- this device's settings --------------------------------------------------------

    def set_language(self, code: str | None) -> None:
        """Show the app in another language (one of i18n.LANGUAGES)."""
        if code in i18n.LANGUAGES and code != self.language:
            self.language = code
            self.shown.clear()
            self.shown.summary = []  # written in the language before

    def set_keep_screen_on(self, on: bool) -> None:
        """The device's setting: whether the screen stays on while a game is open."""
        self.keep_screen_on = bool(on)

    def set_text_size(self, size: object) -> None:
        """The device's text size, in percent: one of TEXT_SIZES (a value no
        control offers is ignored: the size stays as it was)."""
        try:
            percent = int(str(size))
        except ValueError:
            return
        if percent in TEXT_SIZES:
            self.text_size = percent

    @property
    def wants_screen_on(self) -> bool:
        """The players glance at the scoreboard between hands and enter a hand
        minutes after its bids: the screen must not go dark meanwhile."""
        return self.keep_screen_on and self.screen in (Screen.GAME, Screen.HAND)

    def sessions_elsewhere(self) -> None:
        """Another device moved a game between sessions or set a match: what
        this screen says of sessions is read again (an entry is left as it is)."""
        self.current.refresh_tonight()
        if self.screen is Screen.DETAIL:
            self.evening.load_others()
        elif self.screen is Screen.NIGHT:
            self.night.reload()
        elif self.screen is Screen.HISTORY:
            self.browsing.regroup_history()

    def show_rules(self) -> None:
        self.shown.go(Screen.RULES)

    def review_game(self, game_id: str) -> None:
        """A stored game as a whole, with the sessions it could move into."""
        self.current.review_game(game_id)
        self.evening.load_others()

    # -- values the session and most screens read, each kept by one part ----------------
    # (a value that one screen alone reads is read on its part: state.browsing.merges)

    screen = KeptBy[Screen]("shown")
    errors = KeptBy[dict[str, str]]("shown")
    message = KeptBy[str | None]("shown")
    summary = KeptBy[list[str]]("shown")
    confirm = KeptBy[Confirm | None]("shown")
    saved = KeptBy[SavedGame | None]("current")
    score = KeptBy[GameScore | None]("current")
    draft = KeptBy[HandDraft | None]("current")
    changed = KeptBy[tuple[str, int] | None]("current")
    form = KeptBy[SetupForm]("setup")
    keypad_seat = KeptBy[int | None]("entry")
    in_progress = KeptBy[tuple[GameSummary, ...]]("browsing")
    recent = KeptBy[tuple[GameSummary, ...]]("browsing")
    history = KeptBy[Page]("browsing")
    players = KeptBy[list[PlayerStats]]("browsing")
    pairs = KeptBy[list[PairStats]]("browsing")
    rivals = KeptBy[list[HeadToHead]]("browsing")
    sharing = KeptBy[Sharing | None]("share")
    deleted = KeptBy[SavedGame | None]("deleting")

    # -- the actions, each done by one part ---------------------------------------------

    failed = DoneBy("shown", Shown.failed)
    answer = DoneBy("shown", Shown.answer)

    go_home = DoneBy("current", OpenGame.go_home)
    open_game = DoneBy("current", OpenGame.open_game)
    reload = DoneBy("current", OpenGame.reload)
    show_all_hands = DoneBy("current", OpenGame.show_all_hands)
    rematch = DoneBy("current", OpenGame.rematch)
    new_session = DoneBy("current", OpenGame.new_session)
    set_match = DoneBy("evening", Evening.set_match)
    leave_session = DoneBy("evening", Evening.leave_session)
    join_session = DoneBy("evening", Evening.join_session)
    pick_session = DoneBy("evening", Evening.pick_session)
    show_night = DoneBy("night", NightPage.show_night)

    show_history = DoneBy("browsing", Browsing.show_history)
    filter_history = DoneBy("browsing", Browsing.filter_history)
    more_history = DoneBy("browsing", Browsing.more_history)
    show_stats = DoneBy("browsing", Browsing.show_stats)
    merge_players = DoneBy("browsing", Browsing.merge_players)
    unmerge_player = DoneBy("browsing", Browsing.unmerge_player)
    sort_players = DoneBy("browsing", Browsing.sort_players)
    open_player = DoneBy("browsing", Browsing.open_player)

    new_game = DoneBy("setup", Setup.new_game)
    set_variant = DoneBy("setup", Setup.set_variant)
    set_name = DoneBy("setup", Setup.set_name)
    set_team_name = DoneBy("setup", Setup.set_team_name)
    set_first_dealer = DoneBy("setup", Setup.set_first_dealer)
    set_preset = DoneBy("setup", Setup.set_preset)
    set_customizing = DoneBy("setup", Setup.set_customizing)
    set_rule = DoneBy("setup", Setup.set_rule)
    start_game = DoneBy("setup", Setup.start_game)

    begin_hand = DoneBy("entry", HandEntry.begin_hand)
    edit_hand = DoneBy("entry", HandEntry.edit_hand)
    set_bid = DoneBy("entry", HandEntry.set_bid)
    rest_to = DoneBy("entry", HandEntry.rest_to)
    set_dealer = DoneBy("entry", HandEntry.set_dealer)
    entry_dealer = DoneBy("entry", HandEntry.entry_dealer)
    to_tricks = DoneBy("entry", HandEntry.to_tricks)
    back_to_bids = DoneBy("entry", HandEntry.back_to_bids)
    focus_seat = DoneBy("entry", HandEntry.focus_seat)
    press = DoneBy("entry", HandEntry.press)
    toggle_blind = DoneBy("entry", HandEntry.toggle_blind)
    blind_toggle = DoneBy("entry", HandEntry.blind_toggle)
    bidding_order = DoneBy("entry", HandEntry.bidding_order)
    entered_something = DoneBy("entry", HandEntry.entered_something)
    request_cancel = DoneBy("entry", HandEntry.request_cancel)
    cancel_hand = DoneBy("entry", HandEntry.cancel_hand)
    preview = DoneBy("entry", HandEntry.preview)
    save_hand = DoneBy("entry", HandEntry.save_hand)

    hand_key = DoneBy("keys", HandKeys.hand_key)
    wants_key = DoneBy("keys", HandKeys.wants_key)
    key_focus = DoneBy("keys", HandKeys.key_focus)
    focus_line = DoneBy("keys", HandKeys.focus_line)
    line_blur = DoneBy("keys", HandKeys.line_blur)
    tabbed = DoneBy("keys", HandKeys.tabbed)
    pick_line = DoneBy("keys", HandKeys.pick_line)
    ask_focus = DoneBy("keys", HandKeys.ask_focus)

    ask_undo_last_hand = DoneBy("corrections", Corrections.ask_undo_last_hand)
    undo_last_hand = DoneBy("corrections", Corrections.undo_last_hand)
    ask_delete_hand = DoneBy("corrections", Corrections.ask_delete_hand)
    delete_hand = DoneBy("corrections", Corrections.delete_hand)
    open_adjustment = DoneBy("corrections", Corrections.open_adjustment)
    set_adjustment_side = DoneBy("corrections", Corrections.set_adjustment_side)
    set_adjustment_points = DoneBy("corrections", Corrections.set_adjustment_points)
    set_adjustment_reason = DoneBy("corrections", Corrections.set_adjustment_reason)
    cancel_adjustment = DoneBy("corrections", Corrections.cancel_adjustment)
    save_adjustment = DoneBy("corrections", Corrections.save_adjustment)
    remove_adjustment = DoneBy("corrections", Corrections.remove_adjustment)
    explain_penalty = DoneBy("corrections", Corrections.explain_penalty)
    undo_remove_adjustment = DoneBy("corrections", Corrections.undo_remove_adjustment)

    export_data = DoneBy("transfer", Transfer.export_data)
    import_file = DoneBy("transfer", Transfer.import_file)
    import_failed = DoneBy("transfer", Transfer.import_failed)
    file_too_big = DoneBy("transfer", Transfer.file_too_big)

    show_share = DoneBy("share", ShareLinks.show_share)
    reveal_keeper_link = DoneBy("share", ShareLinks.reveal_keeper_link)
    link = DoneBy("share", ShareLinks.link)
    link_copied = DoneBy("share", ShareLinks.link_copied)
    ask_reset = DoneBy("share", ShareLinks.ask_reset)
    reset_links = DoneBy("share", ShareLinks.reset_links)

    ask_delete = DoneBy("deleting", Deleting.ask_delete)
    delete_game = DoneBy("deleting", Deleting.delete_game)
    delete_from_home = DoneBy("deleting", Deleting.delete_from_home)
    forget_deleted = DoneBy("deleting", Deleting.forget_deleted)
    undo_delete = DoneBy("deleting", Deleting.undo_delete)
