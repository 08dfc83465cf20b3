"""Exceptions raised at the edges. Each message quotes the bad value."""

from dataclasses import dataclass
from typing import Any

from scorekeeper.i18n import _

QUOTE_LIMIT = 80  # characters of a bad value an error message shows


def shorten(value: Any, limit: int = QUOTE_LIMIT) -> str:
    """`repr(value)` cut to about `limit` characters, safe for any value
    (a 5,000-digit integer cannot even be printed in full)."""
    try:
        text = repr(value)
    except ValueError:  # int too large to convert to text
        return f"<a number of about {value.bit_length() * 3 // 10} digits>"
    if len(text) > limit:
        return text[: limit - 1] + "…"
    return text


class Clipped:
    """A value whose repr is `shorten(value)`: `{value!r}` in a message then
    quotes at most about 80 characters of it."""

    def __init__(self, value: Any) -> None:
        self.text = shorten(value)

    def __repr__(self) -> str:
        return self.text

    __str__ = __repr__


# The former name, still imported by core/validation.py while its name checks
# move to core/names.py; that move switches them to Clipped, then this goes.


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input, tied to the field that shows it.

    `field` is a stable key a form can attach the message to, such as
    "bid.2" (seat 2's bid), "tricks.1", "tricks" (the total) or "players.0".
    """

    field: str
    message: str


class ScorekeeperError(Exception):
    """Base of every error the app reports to a person instead of crashing.

    Carries every problem found at once (`problems`, each tied to a field);
    an error about nothing in particular has none and only its message."""

    def __init__(self, message: str = "", problems: tuple[Problem, ...] = ()) -> None:
        self.problems = problems
        super().__init__(message or "; ".join(p.message for p in problems))

    def by_field(self, fallback: str) -> dict[str, str]:
        """field -> message for a form; the whole message under `fallback` if no field."""
        return {p.field: p.message for p in self.problems} or {fallback: str(self)}


class InvalidHandError(ScorekeeperError):
    """A hand that cannot be recorded; carries every problem at once."""

    def __init__(self, problems: tuple[Problem, ...], hand_number: int | None = None) -> None:
        self.hand_number = hand_number
        joined = "; ".join(p.message for p in problems)
        if hand_number is not None:
            joined = _("hand {number}: {problems}").format(number=hand_number, problems=joined)
        super().__init__(joined, problems)


class GameOverError(InvalidHandError):
    """A hand recorded after the game was already won."""


class InvalidRulesError(ScorekeeperError):
    """Unknown house-rule names or values out of range."""

    def __init__(self, problems: tuple[Problem, ...]) -> None:
        super().__init__(problems=problems)


class InvalidGameError(ScorekeeperError):
    """A game set-up that cannot be played: player count, names, dealer."""

    def __init__(self, problems: tuple[Problem, ...]) -> None:
        super().__init__(problems=problems)


class InvalidRecordError(ScorekeeperError):
    """A game record (file or document) that does not follow spades-score/1."""
