"""A session: the games one table plays together in an evening, and its tally.

A session is its id, the ids of its games in the order they were played and,
when the keeper set one, a match ("first to N games"). The order played is
one rule wherever a game joins (a rematch, a new game, a move, an import):
by when each game began, then when it ended, then by id
(`played_order`). Its tally counts the
sides' wins while the partners stay the same; once partners change, it counts
each player's wins, so a swap never credits a side with games it did not play
together. Players are matched as the statistics match them (`stats.person`).
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from scorekeeper.core.saved import GameSummary
from scorekeeper.core.scoring import Status
from scorekeeper.core.stats import people
from scorekeeper.errors import Clipped, InvalidRecordError
from scorekeeper.i18n import _, number

MAX_MATCH = 99  # "first to N games": far beyond any evening
MAX_SESSION_GAMES = 10_000


@dataclass(frozen=True)
class SessionRef:
    """What a game record says of its session: the id and the match's N, if set."""

    id: str
    match: int | None = None


@dataclass(frozen=True)
class Session:
    """The games one table played together, in the order played."""

    id: str
    games: tuple[str, ...]
    match: int | None = None  # first to this many games; None: no match

    @property
    def ref(self) -> SessionRef:
        """What a record of one of its games carries."""
        return SessionRef(self.id, self.match)


@dataclass(frozen=True)
class Played:
    """What the tally needs of one game: who played on each side, and the
    winning side of a finished game (None while it is played, or tied)."""

    sides: tuple[tuple[str, ...], ...]
    winner: int | None


def played(summary: GameSummary) -> Played:
    """A stored game as the tally counts it."""
    sides = tuple(summary.side_names(side) for side in range(len(summary.variant.sides)))
    finished = summary.status is Status.FINISHED
    return Played(sides, summary.winner if finished else None)


@dataclass(frozen=True)
class Standing:
    """A side (partners unchanged all session) or one player, and its wins."""

    names: tuple[str, ...]
    wins: int


@dataclass(frozen=True)
class SessionTally:
    """Who has won how many of the session's games, and the match's winner."""

    standings: tuple[Standing, ...]  # most wins first, then in order of first play
    by_sides: bool  # True: each standing is a side whose partners never changed
    winner: tuple[str, ...] | None = None  # the standing that reached N first
    decided_by: int | None = None  # index of the game that decided the match


def match_problem(value: Any) -> str | None:
    """Why `value` is not a match's N (a whole number 1-99), or None."""
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= MAX_MATCH:
        return None
    return _("a match is first to a whole number of games from 1 to {most}, got {value!r}").format(
        most=MAX_MATCH, value=Clipped(value)
    )


def session_ref_from_json(raw: Any, valid_id: Any) -> SessionRef:
    """A record's `session`: {"id": ..., "match": N}; `valid_id` checks the id."""
    if not isinstance(raw, Mapping) or not set(raw) <= {"id", "match"}:
        raise InvalidRecordError(
            _(
                '"session" must be an object with "id" and an optional "match", got {value!r}'
            ).format(value=Clipped(raw))
        )
    session_id = raw.get("id")
    if not isinstance(session_id, str) or not valid_id(session_id):
        raise InvalidRecordError(
            _("session id {value!r} is not a valid id").format(value=Clipped(session_id))
        )
    match = raw.get("match")
    if match is not None and (problem := match_problem(match)):
        raise InvalidRecordError(problem)
    return SessionRef(session_id, match)


def session_ref_to_json(ref: SessionRef) -> dict[str, Any]:
    """A record's `session`: "match" only when one is set."""
    return {"id": ref.id} if ref.match is None else {"id": ref.id, "match": ref.match}


def same_partners(games: Sequence[Played], aliases: Mapping[str, str]) -> bool:
    """Whether every game split the same people into the same sides."""
    key = people(aliases)
    splits = {frozenset(frozenset(key(n) for n in side) for side in g.sides) for g in games}
    return len(splits) <= 1


def player_wins(games: Sequence[Played], aliases: Mapping[str, str]) -> dict[str, int]:
    """Games won per player (as first written), every player of the session
    listed; a partnership's win counts for both partners."""
    key = people(aliases)
    shown: dict[str, str] = {}
    wins: dict[str, int] = {}
    for game in games:
        for index, side in enumerate(game.sides):
            for name in side:
                k = key(name)
                shown.setdefault(k, name)
                wins[k] = wins.get(k, 0) + int(game.winner == index)
    return {shown[k]: count for k, count in wins.items()}


def session_tally(
    games: Sequence[Played], match: int | None, aliases: Mapping[str, str]
) -> SessionTally:
    """The session's tally after `games`, in the order played. The match is
    decided by the first game after which a standing has `match` wins."""
    key = people(aliases)
    by_sides = same_partners(games, aliases)
    order: list[frozenset[str]] = []  # standings in order of first play
    names: dict[frozenset[str], tuple[str, ...]] = {}
    wins: dict[frozenset[str], int] = {}
    winner: tuple[str, ...] | None = None
    decided_by: int | None = None
    for position, game in enumerate(games):
        for index, side in enumerate(game.sides):
            groups = [side] if by_sides else [(name,) for name in side]
            for group in groups:
                entry = frozenset(key(n) for n in group)
                if entry not in names:
                    order.append(entry)
                    names[entry] = group
                    wins[entry] = 0
                wins[entry] += int(game.winner == index)
        if match is not None and winner is None:
            reached = [e for e in order if wins[e] >= match]
            if reached:
                winner = tuple(n for e in reached for n in names[e])
                decided_by = position
    ranked = sorted(order, key=lambda e: -wins[e])  # stable: ties in order of first play
    standings = tuple(Standing(names[e], wins[e]) for e in ranked)
    return SessionTally(standings, by_sides, winner, decided_by)


PlayedAt = tuple[datetime, bool, datetime, str]  # what `played_order` sorts by


def played_order(began: datetime, ended: datetime | None, game_id: str) -> PlayedAt:
    """Where a game stands among its session's: by when it began, then when it
    ended (one still being played after those that ended), then by id, so that
    games that tie keep one order wherever they are stored (an export imported
    elsewhere too)."""
    return (began, ended is None, ended or began, game_id)


def in_played_order(session: Session, when: Mapping[str, PlayedAt]) -> Session:
    """The session with its games in the order played; `when` holds each
    game's `played_order`."""
    games = tuple(sorted(session.games, key=when.__getitem__))
    return Session(session.id, games, session.match)


def move_game(
    sessions: Sequence[Session], game_id: str, into: str | None, new: Session | None = None
) -> tuple[Session, ...]:
    """The sessions after `game_id` leaves its own (if any) for session `into`,
    or for `new`, or for none. A session left empty goes. The game is put
    last; the store hands each session out in the order played
    (`in_played_order`)."""
    moved: list[Session] = []
    for session in sessions:
        games = tuple(g for g in session.games if g != game_id)
        if session.id == into:
            games = (*games, game_id)
        if games:
            moved.append(Session(session.id, games, session.match))
    if new is not None:
        moved.append(Session(new.id, (*(g for g in new.games if g != game_id), game_id), new.match))
    return tuple(moved)


def standings_text(tally: SessionTally, shown: Callable[[str], str] = str) -> str:
    """The tally in words, as players write it: "Ana + Cy 2, Ben + Dee 1";
    `shown` writes a name (a screen isolates it from the text around)."""
    return _(", ").join(
        _("{names} {wins}").format(names=" + ".join(map(shown, s.names)), wins=number(s.wins))
        for s in tally.standings
    )
