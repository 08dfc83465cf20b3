"""Ratings kept up to date game by game: the games counted last time are
remembered, and when the games to count now begin with them, only the new
ones are rated (each updating its own players). Anything else (a game deleted
or edited, one that ended earlier imported, a merge) counts them all again."""

from collections.abc import Iterable, Mapping

from scorekeeper.core.model import Variant
from scorekeeper.core.ratings import RatedGame, Rating, rate_game, rating_order
from scorekeeper.storage.documents import SummaryDocument, instant


def rated_row(row: SummaryDocument) -> RatedGame:
    """A finished game's history row as a rating counts it. A game without
    the time it ended counts where it stands among the stored games: one
    stored before that time was kept, at its last save (the one that finished
    it); one imported from a record without it, when it was imported (after
    the games already stored, in the file's order: the sort is stable)."""
    players = row["players"]
    sides = tuple(tuple(players[seat] for seat in side) for side in Variant(row["variant"]).sides)
    ended = row.get("ended_at") or row.get("imported_at") or row["updated_at"]
    return RatedGame(row["id"], sides, tuple(row["scores"]), instant(ended))


class KeptRatings:
    """The ratings after the games counted so far, and which games those were."""

    def __init__(self) -> None:
        self._counted: list[RatedGame] = []
        self._ratings: dict[str, Rating] = {}
        self._aliases: dict[str, str] | None = None
        self.rated = 0  # games rated since made: what `bench/storage.py` shows

    def ratings(
        self, finished: Iterable[SummaryDocument], aliases: Mapping[str, str]
    ) -> dict[str, Rating]:
        """Every player's rating after the finished games, by person key."""
        games = rating_order(rated_row(row) for row in finished)
        known = len(self._counted)
        if dict(aliases) != self._aliases or games[:known] != self._counted:
            self._counted, self._ratings, self._aliases = [], {}, dict(aliases)
            known = 0
        for game in games[known:]:
            self._ratings.update(rate_game(self._ratings, game, aliases))
            self.rated += 1
        self._counted = games
        return dict(self._ratings)
