"""Ratings kept up to date game by game: the games counted last time are
remembered, and when the games to count now begin with them, only the new
ones are rated (each updating its own players). A change further back (a game
deleted, edited, or imported with an earlier end) counts again from the last
checkpoint before it (the ratings are kept every CHECKPOINT games); a merge
of two names counts every game again."""

from collections.abc import Iterable, Mapping

from scorekeeper.core.model import Variant
from scorekeeper.core.ratings import RatedGame, Rating, rate_game, rating_order
from scorekeeper.storage.documents import SummaryDocument, instant

CHECKPOINT = 50  # games between two kept copies of the ratings (a few hundred players each)
TREND_POINTS = 40  # points along the games a rating's trend is drawn from, at most
NEW_ORDINAL = 0.0  # mu - 3 sigma of a new rating with openskill's defaults


def rated_row(row: SummaryDocument) -> RatedGame:
    """A finished game's history row as a rating counts it, at the instant
    `SavedGame.rated_at` names: when it ended; without that time, where it
    was imported (each game of a file its own instant, in the file's order,
    after the games already stored), or else its last save (the one that
    finished it, for a game stored before the time was kept)."""
    players = row["players"]
    sides = tuple(tuple(players[seat] for seat in side) for side in Variant(row["variant"]).sides)
    counted = (
        row.get("ended_at") or row.get("counted_at") or row.get("imported_at") or row["updated_at"]
    )
    return RatedGame(row["id"], sides, tuple(row["scores"]), instant(counted))


class KeptRatings:
    """The ratings after the games counted so far, and which games those were."""

    def __init__(self) -> None:
        self._counted: list[RatedGame] = []
        self._ratings: dict[str, Rating] = {}
        self._checkpoints: list[dict[str, Rating]] = [{}]  # [k]: after k * CHECKPOINT games
        self._aliases: dict[str, str] | None = None
        # each finished game's row as last read, and what the rating counts of it:
        # a row is read again only when it changed (10,000 rows, one new)
        self._read: dict[str, tuple[SummaryDocument, RatedGame]] = {}
        self._positions: dict[str, int] | None = None  # game id -> where it counted
        self._rows: list[int] = []  # the rows counted last time, as `id()`s
        self.rated = 0  # games rated since made: what `bench/storage.py` shows

    def _game(self, row: SummaryDocument) -> RatedGame:
        known = self._read.get(row["id"])
        if known is not None and known[0] is row:
            return known[1]
        game = rated_row(row)
        self._read[row["id"]] = (row, game)
        return game

    def ratings(
        self, finished: Iterable[SummaryDocument], aliases: Mapping[str, str]
    ) -> dict[str, Rating]:
        """Every player's rating after the finished games, by person key."""
        rows = list(finished)
        same_rows = [id(row) for row in rows]  # rows stay alive in _read: ids are theirs
        if same_rows == self._rows and dict(aliases) == self._aliases:
            return dict(self._ratings)  # nothing changed since: nothing to count
        self._rows = same_rows
        games = rating_order(self._game(row) for row in rows)
        if len(self._read) > 2 * len(rows) + 100:  # games deleted: forget their rows
            ids = {row["id"] for row in rows}
            self._read = {k: v for k, v in self._read.items() if k in ids}
        if dict(aliases) != self._aliases:
            self._counted, self._checkpoints, self._aliases = [], [{}], dict(aliases)
        same = _common_start(self._counted, games)
        if same < len(self._counted):  # a change back there: from the checkpoint before it
            kept = same // CHECKPOINT
            self._checkpoints = self._checkpoints[: kept + 1]
            self._ratings = dict(self._checkpoints[kept])
            same = kept * CHECKPOINT
        elif not self._counted:
            self._ratings = {}
        for index in range(same, len(games)):
            self._ratings.update(rate_game(self._ratings, games[index], aliases))
            self.rated += 1
            if (index + 1) % CHECKPOINT == 0:
                self._checkpoints.append(dict(self._ratings))
        self._counted = games
        self._positions = None
        return dict(self._ratings)

    def position(self, game_id: str) -> int | None:
        """Where a game counted, in the order of the last `ratings`; None if it did not."""
        if self._positions is None:
            self._positions = {game.id: index for index, game in enumerate(self._counted)}
        return self._positions.get(game_id)

    def after(self, counts: Iterable[int]) -> dict[int, dict[str, Rating]]:
        """The ratings after the first `count` games of the last `ratings`, for
        each count, in one pass: each is reached from the checkpoint at or
        before it, or from the count before it when that is nearer, so at most
        CHECKPOINT games are counted again per count (a page of History asks
        for its sessions together)."""
        wanted = sorted({max(0, min(c, len(self._counted))) for c in counts})
        ratings: dict[str, Rating] = {}
        found: dict[int, dict[str, Rating]] = {}
        done = -1  # nothing counted yet
        for count in wanted:
            kept = min(count // CHECKPOINT, len(self._checkpoints) - 1)
            if done < kept * CHECKPOINT:  # the checkpoint is nearer: jump to it
                ratings, done = dict(self._checkpoints[kept]), kept * CHECKPOINT
            for game in self._counted[done:count]:
                ratings.update(rate_game(ratings, game, self._aliases or {}))
            done = count
            found[count] = dict(ratings)
        return found

    def changes(self, game_ids: Iterable[str]) -> dict[str, dict[str, tuple[float, Rating]]]:
        """What each of these games did to its players' ratings where it
        counted (by game id, then person key: the ordinal before it, and the
        rating after it); a game that did not count is left out."""
        places = {p: g for g in game_ids if (p := self.position(g)) is not None}
        before = self.after(places)
        found: dict[str, dict[str, tuple[float, Rating]]] = {}
        for place, game_id in places.items():
            ratings = before[place]
            after = rate_game(ratings, self._counted[place], self._aliases or {})
            found[game_id] = {
                key: (ratings[key].ordinal if key in ratings else NEW_ORDINAL, rating)
                for key, rating in after.items()
            }
        return found

    def trend(self, most: int = TREND_POINTS) -> list[tuple[int, dict[str, Rating]]]:
        """The ratings at up to `most` points along the games of the last
        `ratings` (the last point is after them all), as (games counted,
        ratings). Few games are counted again from the start; more are read
        from the copies kept every CHECKPOINT games: no game is counted again."""
        total = len(self._counted)
        if total == 0:
            return []
        if total <= 2 * CHECKPOINT:
            return sorted(self.after(spread(total, most)).items())
        kept = spread(len(self._checkpoints) - 1, most - 1)  # checkpoint 0 is before any game
        points = [(k * CHECKPOINT, dict(self._checkpoints[k])) for k in kept]
        return [*points, (total, dict(self._ratings))]


def spread(count: int, most: int) -> list[int]:
    """Up to `most` whole numbers from 1 to `count`, evenly apart, `count` last."""
    if count <= most:
        return list(range(1, count + 1))
    return sorted({max(1, round(count * (i + 1) / most)) for i in range(most)})


def _common_start(before: list[RatedGame], now: list[RatedGame]) -> int:
    """How many games both lists begin with."""
    count = 0
    for a, b in zip(before, now):  # noqa: B905 (lengths differ: the shorter ends it)
        if a is not b and a != b:
            break
        count += 1
    return count
