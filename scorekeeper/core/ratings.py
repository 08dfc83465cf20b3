"""Player ratings from finished games: openskill's Plackett-Luce model with
its default parameters, so a rating takes the partner and the opponents into
account, and a new player starts uncertain (and so low).

Each finished game is a match of teams: the two partnerships of a
partnership game, one player each in solo, cutthroat and the two-player game.
Teams are ranked by final score, highest first; equal scores share a rank.
Games count in the order they ended (`ended_at`); a game without that time
counts where it stands, after those with one. Players are matched as the
statistics match them (`stats.person`, merges included). `rate_game` updates
only the players of one game, so a store keeps ratings up to date game by game.
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime

from openskill.models import PlackettLuce

from scorekeeper.core.saved import GameSummary
from scorekeeper.core.scoring import Status
from scorekeeper.core.stats import person


@dataclass(frozen=True)
class RatedGame:
    """What a rating counts of one finished game."""

    id: str
    sides: tuple[tuple[str, ...], ...]  # each team's players, as written
    scores: tuple[int, ...]  # each team's final score
    ended_at: datetime | None = None


@dataclass(frozen=True)
class Rating:
    """A player's rating: openskill's mean skill and its uncertainty."""

    name: str  # as written in the player's latest game counted
    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        """The rating shown: mu - 3 sigma, low while little is known."""
        return self.mu - 3 * self.sigma


def rated_game(summary: GameSummary) -> RatedGame | None:
    """A stored game as a rating counts it; None unless it is finished."""
    if summary.status is not Status.FINISHED:
        return None
    sides = tuple(summary.side_names(side) for side in range(len(summary.variant.sides)))
    return RatedGame(summary.id, sides, summary.scores, summary.ended_at)


def rating_order(games: Iterable[RatedGame]) -> list[RatedGame]:
    """Games in the order they count: by the time they ended (equal times by
    id, so the order never depends on how the games were listed), then those
    without one where they stand."""
    listed = list(games)
    timed = sorted((g for g in listed if g.ended_at is not None), key=_ended)
    return [*timed, *(g for g in listed if g.ended_at is None)]


def _ended(game: RatedGame) -> tuple[datetime, str]:
    assert game.ended_at is not None
    return game.ended_at, game.id


def ranks(scores: tuple[int, ...]) -> list[int]:
    """Each team's rank by score, 1 the highest; equal scores share a rank."""
    return [1 + sum(other > score for other in scores) for score in scores]


def rate_game(
    ratings: Mapping[str, Rating], game: RatedGame, aliases: Mapping[str, str]
) -> dict[str, Rating]:
    """The new ratings of this game's players only (by person key), after it."""
    model = PlackettLuce()
    keys = [[person(name, aliases) for name in side] for side in game.sides]
    if len({k for side in keys for k in side}) != sum(len(side) for side in keys):
        return {}  # one person on two seats, after a merge: nothing to learn
    teams = []
    for side in keys:
        team = []
        for key in side:
            known = ratings.get(key)
            team.append(model.rating() if known is None else model.rating(known.mu, known.sigma))
        teams.append(team)
    after = model.rate(teams, ranks=[float(r) for r in ranks(game.scores)])
    updated: dict[str, Rating] = {}
    for side, names, team in zip(keys, game.sides, after, strict=True):
        for key, name, rating in zip(side, names, team, strict=True):
            known = ratings.get(key)
            count = 1 + (known.games if known else 0)
            updated[key] = Rating(name, rating.mu, rating.sigma, count)
    return updated


def ratings_of(games: Iterable[RatedGame], aliases: Mapping[str, str]) -> dict[str, Rating]:
    """Every player's rating after all `games`, counted in `rating_order`."""
    ratings: dict[str, Rating] = {}
    for game in rating_order(games):
        ratings.update(rate_game(ratings, game, aliases))
    return ratings


def best_first(ratings: Mapping[str, Rating]) -> list[Rating]:
    """Ratings by ordinal, highest first; ties by name."""
    return sorted(ratings.values(), key=lambda r: (-r.ordinal, r.name.casefold(), r.name))
