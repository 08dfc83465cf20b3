"""Changing hands already recorded: a penalty (or another adjustment) added,
changed or removed, a hand deleted, the last hand undone. Each one that loses
something asks first, and says when it opens a finished game again."""

from dataclasses import dataclass, replace

from scorekeeper.core import game as ops
from scorekeeper.core.model import Adjustment
from scorekeeper.core.scoring import EventKind, ScoredGame
from scorekeeper.core.validation import adjustment_problems
from scorekeeper.errors import Clipped, ScorekeeperError
from scorekeeper.i18n import _, ngettext
from scorekeeper.ui.state.open_game import OpenGame
from scorekeeper.ui.state.shown import Confirm, Restore, Shown
from scorekeeper.ui.text import EVENT_TEXT, bag_penalty_line, num, sentence, side_label


@dataclass(frozen=True)
class Removed:
    """A penalty just removed, kept to put back while Undo is offered."""

    game_id: str
    hand: int
    position: int
    adjustment: Adjustment


@dataclass
class AdjustmentForm:
    """A penalty or other adjustment being written for a recorded hand."""

    hand: int  # 0-based
    position: int | None  # which of the hand's adjustments is changed; None: a new one
    side: int | None = None  # none chosen until tapped: a penalty never lands by default
    points: str = ""  # as typed
    reason: str = ""


class Corrections:
    """The adjustment form, and the changes made to recorded hands."""

    def __init__(self, current: OpenGame, shown: Shown) -> None:
        self.current = current
        self.shown = shown
        self.adjusting: AdjustmentForm | None = None  # a penalty being added or changed
        self.removed: Removed | None = None  # Undo is offered until the next action
        shown.when_cleared(self._close)  # any other action closes the form and its Undo

    def _close(self) -> None:
        self.adjusting = None
        self.removed = None

    def _save_and_tell(
        self, game: ScoredGame, message: str, reopened: str, based_on: int | None = None
    ) -> bool:
        """Save a changed game and say what changed (and that it is open again)."""
        if not self.current.save_change(game, based_on):
            return False
        self.shown.summary = []
        again = " " + _("The game is in progress again.") if reopened else ""
        self.shown.message = message + again
        return True

    # -- removing hands ---------------------------------------------------------------

    def ask_undo_last_hand(self) -> None:
        saved = self.current.saved
        if not saved or not saved.game.hands:
            return
        number = len(saved.game.hands)
        reopens = self.current.reopens(ops.undo_last_hand(saved.game))
        removed = _("Its bids and tricks are removed and the scores go back.")
        self.shown.ask(
            Confirm(
                _("Remove hand {number}?").format(number=number),
                " ".join(t for t in (removed, reopens) if t),
                _("Remove hand {number}").format(number=number),
                _("Keep it"),
                self.undo_last_hand,
            )
        )

    def undo_last_hand(self) -> None:
        saved = self.current.saved
        if saved and saved.game.hands:
            self.shown.clear()
            number = len(saved.game.hands)
            game = ops.undo_last_hand(saved.game)
            removed = _("Hand {number} was removed.").format(number=number)
            self._save_and_tell(game, removed, self.current.reopens(game))

    def ask_delete_hand(self, index: int) -> None:
        saved = self.current.saved
        if not saved or not 0 <= index < len(saved.game.hands):
            return
        later = len(saved.game.hands) - index - 1
        try:
            reopens = self.current.reopens(ops.remove_hand(saved.game, index))
        except ScorekeeperError as error:
            self.shown.message = sentence(str(error))
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

        self.shown.ask(
            Confirm(
                _("Delete hand {number}?").format(number=index + 1),
                " ".join(t for t in (rescored, reopens) if t),
                _("Delete hand {number}").format(number=index + 1),
                _("Keep it"),
                delete,
            )
        )

    def delete_hand(self, index: int) -> None:
        saved = self.current.saved
        if not saved:
            return
        self.shown.clear()
        try:
            game = ops.remove_hand(saved.game, index)
        except ScorekeeperError as error:
            self.shown.message = sentence(str(error))
            return
        draft = self.current.draft
        based_on = draft.base if draft else None  # deleting the hand being edited
        deleted = _("Hand {number} was deleted.").format(number=index + 1)
        self._save_and_tell(game, deleted, self.current.reopens(game), based_on)

    # -- penalties and other adjustments on a recorded hand ----------------------------

    def open_adjustment(self, index: int, position: int | None = None) -> None:
        """Add a penalty to hand `index`, or change its adjustment at `position`."""
        saved = self.current.saved
        if not saved or not 0 <= index < len(saved.game.hands):
            return
        self.shown.clear()
        kept = saved.game.hands[index].adjustments
        if position is not None and 0 <= position < len(kept):
            old = kept[position]
            self.adjusting = AdjustmentForm(index, position, old.side, str(old.points), old.reason)
        else:
            self.adjusting = AdjustmentForm(index, None)

    def set_adjustment_side(self, side: int) -> None:
        saved = self.current.saved
        if self.adjusting and saved and 0 <= side < len(saved.game.variant.sides):
            self.adjusting.side = side

    def set_adjustment_points(self, text: str) -> None:
        if self.adjusting:
            self.adjusting.points = str(text)[:12]
            self.shown.errors.pop("adjustment.points", None)

    def set_adjustment_reason(self, text: str) -> None:
        if self.adjusting:
            self.adjusting.reason = str(text)[:200]
            self.shown.errors.pop("adjustment.reason", None)

    def cancel_adjustment(self) -> None:
        self.adjusting = None
        self.shown.errors = {}

    def save_adjustment(self) -> None:
        """Check the form (every problem at once), then re-score the game with it."""
        form, saved = self.adjusting, self.current.saved
        if not form or not saved or form.hand >= len(saved.game.hands):
            self.adjusting = None
            return
        text = form.points.strip().replace("\u2212", "-")
        try:
            points = int(text)
        except ValueError:
            points = None
        new = Adjustment(form.side or 0, points if points is not None else 0, form.reason.strip())
        problems = adjustment_problems(saved.game, (new,))
        errors = {p.field.replace("adjustments.0", "adjustment"): p.message for p in problems}
        if form.side is None:
            errors["adjustment.side"] = _("Choose whose points these are: tap a name.")
        if points is None:
            errors["adjustment.points"] = _(
                "{value!r} is not a whole number of points: type one such as -30"
            ).format(value=Clipped(text))
        if errors:
            self.shown.errors = errors
            return
        kept = list(saved.game.hands[form.hand].adjustments)
        if form.position is not None and form.position < len(kept):
            kept[form.position] = new
        else:
            kept.append(new)
        self._replace_adjustments(form.hand, tuple(kept))

    def remove_adjustment(self, index: int, position: int) -> None:
        saved = self.current.saved
        if not saved or not 0 <= index < len(saved.game.hands):
            return
        kept = saved.game.hands[index].adjustments
        if 0 <= position < len(kept):
            gone = _("The penalty on hand {number} was removed.").format(number=index + 1)
            if self._replace_adjustments(index, kept[:position] + kept[position + 1 :], gone):
                self.removed = Removed(saved.id, index, position, kept[position])

    def undo_remove_adjustment(self) -> None:
        """Put back the penalty just removed, where it was on its hand."""
        removed, saved = self.removed, self.current.saved
        if not removed or not saved or saved.id != removed.game_id:
            return
        if removed.hand >= len(saved.game.hands):
            return
        kept = list(saved.game.hands[removed.hand].adjustments)
        kept.insert(min(removed.position, len(kept)), removed.adjustment)
        back = _("The penalty on hand {number} is back.").format(number=removed.hand + 1)
        self._replace_adjustments(removed.hand, tuple(kept), back)

    def _replace_adjustments(
        self, index: int, adjustments: tuple[Adjustment, ...], told: str | None = None
    ) -> bool:
        """Re-score the game with the hand's new adjustments; whether it was saved."""
        saved = self.current.saved
        assert saved
        hand = saved.game.hands[index]
        self.shown.clear()
        try:
            game = ops.replace_hand(saved.game, index, replace(hand, adjustments=adjustments))
        except ScorekeeperError as error:
            self.shown.errors = {"adjustment": sentence(str(error))}
            return False
        reopened = self.current.reopens(game)
        changed = told or _("Hand {number} was changed.").format(number=index + 1)
        return self._save_and_tell(game, changed, reopened)

    def explain_penalty(self, index: int, side: int) -> None:
        """A bag penalty's full words, for its short mark on the score sheet."""
        saved, score = self.current.saved, self.current.score
        if not saved or not score or not 0 <= index < len(score.hands):
            return
        sides = score.hands[index].sides
        if not 0 <= side < len(sides) or not sides[side].penalties:
            return
        self.shown.clear()
        text = EVENT_TEXT[EventKind.BAG_PENALTY]
        assert isinstance(text, str)
        self.shown.message = _(text).format(
            names=side_label(saved.game, side),
            points=num(sides[side].penalty_points),
            detail=bag_penalty_line(saved.game, sides[side]),
        )

    def snapshot(self) -> Restore:
        form = replace(self.adjusting) if self.adjusting else None
        removed = self.removed

        def restore() -> None:
            self.adjusting = replace(form) if form else None
            self.removed = removed

        return restore
