"""Exceptions raised at the edges. Each message quotes the bad value."""

from dataclasses import dataclass

from scorekeeper.i18n import _


class ScorekeeperError(Exception):
    """Base of every error the app reports to a person instead of crashing."""


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input, tied to the field that shows it.

    `field` is a stable key a form can attach the message to, such as
    "bid.2" (seat 2's bid), "tricks.1", "tricks" (the total) or "players.0".
    """

    field: str
    message: str


class InvalidHandError(ScorekeeperError):
    """A hand that cannot be recorded; carries every problem at once."""

    def __init__(self, problems: tuple[Problem, ...], hand_number: int | None = None) -> None:
        self.problems = problems
        self.hand_number = hand_number
        joined = "; ".join(p.message for p in problems)
        if hand_number is not None:
            joined = _("hand {number}: {problems}").format(number=hand_number, problems=joined)
        super().__init__(joined)


class GameOverError(InvalidHandError):
    """A hand recorded after the game was already won."""


class InvalidRulesError(ScorekeeperError):
    """Unknown house-rule names or values out of range."""

    def __init__(self, problems: tuple[Problem, ...]) -> None:
        self.problems = problems
        super().__init__("; ".join(p.message for p in problems))


class InvalidGameError(ScorekeeperError):
    """A game set-up that cannot be played: player count, names, dealer."""

    def __init__(self, problems: tuple[Problem, ...]) -> None:
        self.problems = problems
        super().__init__("; ".join(p.message for p in problems))


class InvalidRecordError(ScorekeeperError):
    """A game record (file or document) that does not follow spades-score/1."""
