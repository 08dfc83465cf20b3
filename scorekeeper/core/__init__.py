"""The rules of Spades and the scoring, as pure data and functions: no toolkit,
no storage, no module-level state. Everything else in the package sits around
this folder.

Its public surface is its modules (`__all__`): model (games, hands, bids),
rules, validation, scoring (score_game, ScoredGame), game (the operations,
each returning the game scored once), draft (a hand being entered), record
(the spades-score/1 format), saved (a stored game and its summary), exchange
(import and export), facts (a game boiled down to counts), stats, report,
names (players' and sides' names), session (the games a table plays
together, and their tally), highlights (what stood out over a session's
games), ratings (openskill ratings) and blind (who may bid blind, and
what a blind contract is worth)."""

__all__ = [
    "blind",
    "draft",
    "exchange",
    "facts",
    "game",
    "highlights",
    "model",
    "names",
    "ratings",
    "record",
    "report",
    "rules",
    "saved",
    "scoring",
    "session",
    "stats",
    "validation",
]
