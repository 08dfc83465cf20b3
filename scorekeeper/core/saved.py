"""A game as stored: the scored game plus its identity and times. Summaries
(with the facts statistics count) are derived from the score the game was
saved with: nothing here scores a game again."""

from dataclasses import dataclass
from datetime import datetime

from scorekeeper.core.facts import GameFacts, game_facts
from scorekeeper.core.model import Game, Variant
from scorekeeper.core.rules import preset_name
from scorekeeper.core.scoring import GameScore, ScoredGame, Status


@dataclass(frozen=True)
class SavedGame:
    """A stored game: its id, times and revision, and the game with its score."""

    id: str
    scored: ScoredGame
    created_at: datetime
    updated_at: datetime
    revision: int  # goes up by one on every save; guards against lost updates
    imported_at: datetime | None = None  # when it came from a file: a copy, not the original
    # when the game finished (the save that ended it); None while it is played,
    # and for a game stored before the time was kept
    ended_at: datetime | None = None
    # a finished game without `ended_at`, imported: where its rating counts it
    # (the import's instant plus its place in the file, or the record's own)
    counted_at: datetime | None = None

    @property
    def rated_at(self) -> datetime:
        """Where the ratings count this game, if it is finished: when it ended;
        without that time, where it was imported (`counted_at`, older imports
        `imported_at`) or else its last save. Equal instants go by id."""
        return self.ended_at or self.counted_at or self.imported_at or self.updated_at

    @property
    def game(self) -> Game:
        """The game as recorded."""
        return self.scored.game

    @property
    def score(self) -> GameScore:
        """The game's score, worked out when the game was made or read."""
        return self.scored.score


@dataclass(frozen=True)
class GameSummary:
    """What a history list shows without loading the hands."""

    id: str
    created_at: datetime
    updated_at: datetime
    status: Status
    variant: Variant
    players: tuple[str, ...]
    scores: tuple[int, ...]
    winner: int | None
    hands: int
    preset: str | None  # None: custom house rules
    facts: GameFacts | None = None  # what the statistics count (not kept in listings)
    team_names: tuple[str, ...] = ()  # the sides' own names, as Game.team_names
    imported_at: datetime | None = None  # as SavedGame.imported_at
    ended_at: datetime | None = None  # as SavedGame.ended_at
    counted_at: datetime | None = None  # as SavedGame.counted_at

    def team_name(self, side: int) -> str:
        """The side's own name, or "" when it has none (as Game.team_name)."""
        return self.team_names[side] if side < len(self.team_names) else ""

    def side_names(self, side: int) -> tuple[str, ...]:
        """The names of the side's players, in seat order."""
        return tuple(self.players[seat] for seat in self.variant.sides[side])


def summarize(saved: SavedGame) -> GameSummary:
    """What a history list shows of a stored game, from the score it carries."""
    score = saved.score
    return GameSummary(
        id=saved.id,
        created_at=saved.created_at,
        updated_at=saved.updated_at,
        status=score.status,
        variant=saved.game.variant,
        players=saved.game.players,
        scores=tuple(s.score for s in score.sides),
        winner=score.winner,
        hands=len(saved.game.hands),
        preset=preset_name(saved.game.rules),
        facts=game_facts(saved.game, score),
        team_names=saved.game.team_names,
        imported_at=saved.imported_at,
        ended_at=saved.ended_at,
        counted_at=saved.counted_at,
    )
