"""Entering a hand: bids, then tricks, one keypad tap each, then Save.

The entry itself (`OpenGame.draft`) is saved with its game after every tap,
so another device, or this one after a reload, carries on where it was left.
This part keeps only whose bid or tricks the keypad sets next.
"""

from collections.abc import Hashable
from dataclasses import replace

from scorekeeper.core import game as ops
from scorekeeper.core.draft import HandDraft, Step
from scorekeeper.core.model import BLIND_NIL, Bid, Game, bidding_order, blind_bid
from scorekeeper.core.scoring import GameScore, ScoredGame
from scorekeeper.core.validation import hand_problems
from scorekeeper.errors import GameOverError, ScorekeeperError
from scorekeeper.i18n import _
from scorekeeper.ui.screen import Screen
from scorekeeper.ui.state.blind_toggle import BlindToggle, blind_toggle
from scorekeeper.ui.state.open_game import OpenGame
from scorekeeper.ui.state.shown import Confirm, Restore, Shown
from scorekeeper.ui.text import describe_hand

BLIND = "blind"  # the keypad's blind nil key
REST = "rest"  # the keypad's key that gives the focused player the tricks left


class HandEntry:
    """The hand being entered on the open game, and the keypad's player."""

    def __init__(self, current: OpenGame, shown: Shown) -> None:
        self.current = current
        self.shown = shown
        self._focus: tuple[Hashable, int | None] = (None, None)  # (for which draft, seat)
        # the entry and game last scored, and what came of it (a preview and
        # the save that follows it share one scoring)
        self._drafted: tuple[HandDraft, Game, ScoredGame | ScorekeeperError] | None = None
        self._blind: tuple[Hashable, int | None, bool] = (None, None, False)  # (draft, seat, on)

    @property
    def draft(self) -> HandDraft | None:
        return self.current.draft

    def begin_hand(self) -> None:
        saved = self.current.saved
        if not saved or not self.current.score or self.current.finished:
            return
        self.shown.go(Screen.HAND)
        self.shown.summary = []
        variant = saved.game.variant
        self.current.draft = HandDraft.empty(
            variant.player_count, len(saved.game.hands), saved.revision, variant.tricks
        )
        self._blind = (None, None, False)  # a new entry starts from the bids shown
        self._focus = (None, None)  # and from its first bidder, whatever the last one left
        self._keep()

    def edit_hand(self, index: int) -> None:
        saved = self.current.saved
        if not saved or not 0 <= index < len(saved.game.hands):
            return
        self.shown.go(Screen.HAND)
        self.shown.summary = []
        self.current.draft = HandDraft.of_hand(
            saved.game.hands[index], index, saved.revision, saved.game.variant.tricks
        )
        self._blind = (None, None, False)
        self._focus = (None, None)
        self._keep()

    def _keep(self) -> None:
        if self.current.saved:
            self.current.store.save_draft(self.current.saved.id, self.current.draft)

    def _change(self, draft: HandDraft, *fields: str) -> None:
        self.current.draft = draft
        for key in (*fields, "tricks", "hand"):
            self.shown.errors.pop(key, None)
        self._keep()

    def set_bid(self, seat: int, bid: Bid | None) -> None:
        if self.draft:
            self._change(self.draft.with_bid(seat, bid), f"bid.{seat}")

    def set_dealer(self, seat: int) -> None:
        """An edit corrects who dealt the hand; no other hand's dealer moves."""
        if (draft := self.draft) and draft.editing is not None and 0 <= seat < len(draft.bids):
            self._change(replace(draft, dealer=seat), "dealer")

    def entry_dealer(self) -> int:
        """Who deals (or dealt) the hand entered: the entry's correction, or the game's."""
        assert self.current.saved and self.draft
        return self.draft.dealt_by(self.current.saved.game)

    def set_tricks(self, seat: int, count: int) -> None:
        if self.draft:
            self._change(self.draft.with_tricks(seat, count), f"tricks.{seat}")

    def rest_to(self, seat: int) -> None:
        if self.draft:
            self._change(self.draft.rest_to(seat), f"tricks.{seat}")

    def scores_before(self, index: int) -> list[int]:
        """Each side's score before hand `index` (the bids are checked against it)."""
        assert self.current.saved and self.current.score
        if index == 0:
            return [0] * len(self.current.saved.game.variant.sides)
        return [side.score for side in self.current.score.hands[index - 1].sides]

    def to_tricks(self) -> None:
        """Bids done: check them (all at once) before tricks are counted."""
        saved, draft = self.current.saved, self.draft
        if not saved or not draft:
            return
        problems = draft.missing_bids(saved.game)
        if not problems:
            before = self.scores_before(draft.index)
            problems = [
                p
                for p in hand_problems(saved.game, draft.to_hand(), before)
                if p.field.startswith(("bid", "side"))
            ]
        if problems:
            self.shown.errors = {p.field: p.message for p in problems}
            return
        self._change(replace(draft, step=Step.TRICKS))

    def back_to_bids(self) -> None:
        if self.draft:
            self._change(replace(self.draft, step=Step.BIDS))

    # -- the keypad: one tap per bid or trick count ----------------------------------

    def _draft_key(self) -> Hashable:
        assert self.current.saved and self.draft
        return (self.current.saved.id, self.draft.editing, self.draft.step)

    def bidding_order(self) -> tuple[int, ...]:
        assert self.current.saved and self.draft
        return bidding_order(self.entry_dealer(), len(self.draft.bids))

    @property
    def keypad_seat(self) -> int | None:
        """Whose bid (or tricks) the keypad sets: the first player still to bid
        (on the tricks step, and in an edit, the first bidder: the line the
        keyboard focus starts on), then the next one after each tap (an edit
        stays on the player picked); a tap on a player picks them."""
        draft = self.draft
        if not self.current.saved or not draft:
            return None
        key = self._draft_key()
        if self._focus[0] != key:
            order = self.bidding_order()
            first: int | None = order[0]
            if draft.step is Step.BIDS and draft.editing is None:
                first = next((s for s in order if draft.bids[s] is None), None)
            self._focus = (key, first)
        return self._focus[1]

    def focus_seat(self, seat: int) -> None:
        if self.current.saved and self.draft and 0 <= seat < len(self.draft.bids):
            self._focus = (self._draft_key(), seat)

    def blind_toggle(self) -> BlindToggle | None:
        """The bid step's Blind toggle for the keypad's player (see
        `blind_toggle.py`), or None on the tricks step and where the rules
        have no blind bids."""
        seat, saved, draft = self.keypad_seat, self.current.saved, self.draft
        if seat is None or not saved or not draft or draft.step is not Step.BIDS:
            return None
        turned = self._blind[2] if self._blind[:2] == (self._blind_key(), seat) else None
        scores = self.scores_before(draft.index)
        return blind_toggle(saved.game, draft.bids, seat, scores, turned)

    def toggle_blind(self) -> None:
        """The Blind toggle: turn it over for the keypad's player (a side that
        may not bid blind keeps it off)."""
        toggle = self.blind_toggle()
        if toggle is None or toggle.why_not:
            return
        self._blind = (self._blind_key(), self.keypad_seat, not toggle.on)

    def _blind_key(self) -> Hashable:
        """The entry a toggle was turned for: its hand too, as a new hand's
        bid step has the draft key of the last one."""
        assert self.draft
        return (self._draft_key(), self.draft.index)

    def press(self, key: str) -> None:
        """A keypad key: "0" to "13", BLIND (blind nil) or REST (the tricks left).
        It sets the keypad's player, then moves on to the next one (an edit stays).
        A number with the Blind toggle on bids blind."""
        seat = self.keypad_seat
        saved, draft = self.current.saved, self.draft
        if seat is None or not saved or not draft:
            return
        if key not in (BLIND, REST) and not (
            key.isdigit() and int(key) <= saved.game.variant.tricks
        ):
            return  # not a key of this keypad
        if draft.step is Step.BIDS:
            toggle = self.blind_toggle()
            if key == BLIND:
                bid = BLIND_NIL
            elif toggle and toggle.on and key != "0":
                bid = blind_bid(int(key))
            else:
                bid = Bid(int(key))
            self.set_bid(seat, bid)
        elif key == REST:
            if draft.left_for(seat) < 0:  # the others took too many: none to give
                return
            self.rest_to(seat)
        else:
            self._change(draft.with_tricks(seat, int(key)), f"tricks.{seat}")
        assert self.draft is not None
        self._focus = (self._draft_key(), self.draft.after(seat, self.bidding_order()))

    # -- leaving the hand: cancel or save ---------------------------------------------

    def entered_something(self) -> bool:
        """Would cancelling this hand lose anything the scorekeeper entered?"""
        saved, draft = self.current.saved, self.draft
        if not saved or not draft:
            return False
        if draft.editing is not None and draft.editing < len(saved.game.hands):
            hand, dealt = saved.game.hands[draft.editing], saved.game.dealer(draft.editing)
            now = (draft.bids, draft.tricks, draft.dealt_by(saved.game))
            return now != (hand.bids, hand.tricks, dealt)
        return any(b is not None for b in draft.bids) or any(draft.tricks)

    def request_cancel(self) -> None:
        """Cancel (or the Back button) mid-hand: ask first when something was entered."""
        if not self.entered_something():
            self.cancel_hand()
            return
        assert self.draft
        number = self.draft.index + 1
        # Each question says whether a saved hand is touched: "discard hand 13"
        # read as deleting a saved hand, in every language.
        if self.draft.editing is None:
            title = _("Stop entering hand {number}?")
            words = _("Nothing was saved for it yet: what was entered is not kept.")
            stop, keep = _("Stop entering"), _("Keep entering")
        else:
            title = _("Stop editing hand {number}?")
            words = _("The saved hand stays as it was: your changes are not kept.")
            stop, keep = _("Stop editing"), _("Keep editing")
        self.shown.ask(Confirm(title.format(number=number), words, stop, keep, self.cancel_hand))

    def cancel_hand(self) -> None:
        self.shown.clear()
        if self.current.saved and self.draft:
            self.current.store.drop_draft(self.current.saved.id, self.draft)
        self.current.draft = None
        self.shown.screen = Screen.GAME

    def preview(self) -> GameScore | None:
        """The game as it would stand with this hand, if the hand is complete and valid."""
        draft = self.draft
        if not self.current.saved or not draft or draft.step is not Step.TRICKS:
            return None
        if draft.tricks_left() != 0:
            return None
        try:
            return self.with_draft().score
        except ScorekeeperError:
            return None

    def with_draft(self) -> ScoredGame:
        """The game with this entry recorded (through the core's operations),
        scored once per entry and game shown: the preview and the save share it."""
        assert self.current.saved and self.draft
        game = self.current.saved.game
        drafted = self._drafted
        if drafted is None or drafted[0] != self.draft or drafted[1] is not game:
            hand = self.draft.to_hand()
            result: ScoredGame | ScorekeeperError
            try:
                if self.draft.editing is None:
                    result = ops.add_hand(game, hand)
                else:
                    result = ops.replace_hand(game, self.draft.editing, hand)
            except ScorekeeperError as error:
                result = error
            drafted = self._drafted = (self.draft, game, result)
        if isinstance(drafted[2], ScorekeeperError):
            raise drafted[2].with_traceback(None)
        return drafted[2]

    def save_hand(self) -> None:
        saved, draft = self.current.saved, self.draft
        if not saved or not draft:
            return
        self.shown.clear()
        problems = draft.missing_bids(saved.game)
        if problems:
            self.shown.errors = {p.field: p.message for p in problems}
            return
        try:
            game = self.with_draft()
        except GameOverError as error:
            self.shown.errors = {"hand": ends_too_soon(error, len(saved.game.hands))}
            return
        except ScorekeeperError as error:
            self.shown.errors = error.by_field("hand")
            return
        reopened = self.current.reopens(game)
        if self.current.save_change(game, draft.base, done=draft):
            assert self.current.score is not None
            title = _("Hand {number}") if draft.editing is None else _("Hand {number}, changed")
            self.shown.summary = [
                title.format(number=draft.number),
                *describe_hand(game.game, self.current.score, draft.index),
            ]
            if reopened:
                self.shown.summary.append(_("The game is in progress again."))

    def snapshot(self) -> Restore:
        focus, blind = self._focus, self._blind

        def restore() -> None:
            self._focus, self._blind = focus, blind

        return restore


def ends_too_soon(error: GameOverError, count: int) -> str:
    """An edit that would end the game before hands recorded after it
    (`count`: the hands recorded), and what to do."""
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
