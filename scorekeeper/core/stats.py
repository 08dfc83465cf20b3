"""Player statistics across games, from the hands, by pure functions.

`game_facts` boils one game down to counts (cheap to keep with each stored
game); `tally` adds facts up per name as written, and tallies add up too, so
a store can keep one per file of games. `player_stats`, `pair_stats` and
`head_to_head` read a tally (or facts). Players are matched by name, ignoring
case and spaces, after `aliases` (a merge of two spellings of one person) is
applied: only when a tally is read, so a merge never changes a kept tally.
"""

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, MutableMapping
from dataclasses import dataclass, field
from typing import TypeVar

from scorekeeper.core.facts import GameFacts


def person(name: str, aliases: Mapping[str, str]) -> str:
    """The key of the person behind a name: case and spaces ignored, merges followed."""
    key = " ".join(name.split()).casefold()
    for _ in range(len(aliases) + 1):  # a chain of merges, never a loop
        if key not in aliases:
            break
        key = aliases[key]
    return key


def people(aliases: Mapping[str, str]) -> Callable[[str], str]:
    """`person` with a memory: thousands of games repeat a handful of names."""
    known: dict[str, str] = {}

    def key(name: str) -> str:
        if name not in known:
            known[name] = person(name, aliases)
        return known[name]

    return key


def _rate(part: int, whole: int) -> float | None:
    return part / whole if whole else None


@dataclass
class PlayerStats:
    """A player's record over the games counted."""

    name: str  # as most often written
    games: int = 0
    finished: int = 0
    wins: int = 0
    hands: int = 0
    bids: int = 0
    bid_hands: int = 0
    made: int = 0
    set: int = 0
    bagged: int = 0
    bags: int = 0
    penalties: int = 0
    nils: int = 0
    nils_made: int = 0
    blind_nils: int = 0
    blind_nils_made: int = 0
    blind_bids_made: int = 0  # blind contract bids ("blind 6") the side made
    blind_bids_set: int = 0
    # of the above, games where the player was a side alone (two-player,
    # cutthroat, solo): there a win is the player's own
    alone: int = 0
    alone_finished: int = 0
    alone_wins: int = 0

    @property
    def win_rate(self) -> float | None:
        """The share of games won, or None before any."""
        return _rate(self.wins, self.finished)

    @property
    def alone_win_rate(self) -> float | None:
        """The share of games played alone that were won, or None."""
        return _rate(self.alone_wins, self.alone_finished)

    @property
    def average_bid(self) -> float | None:
        """The average bid, nils left out, or None before any."""
        return _rate(self.bids, self.bid_hands)

    @property
    def made_rate(self) -> float | None:
        """The share of hands played whose contract was made, or None before any."""
        return _rate(self.made, self.hands)

    @property
    def set_rate(self) -> float | None:
        """The share of hands played whose contract was set, or None before any."""
        return _rate(self.set, self.hands)

    @property
    def bagged_rate(self) -> float | None:
        """The share of hands played that took bags, or None before any."""
        return _rate(self.bagged, self.hands)

    @property
    def bags_per_hand(self) -> float | None:
        """Bags taken per hand played, or None before any."""
        return _rate(self.bags, self.hands)

    @property
    def nil_rate(self) -> float | None:
        """The share of nil bids made, or None before any."""
        return _rate(self.nils_made, self.nils)

    @property
    def blind_nil_rate(self) -> float | None:
        """The share of blind nil bids made, or None before any."""
        return _rate(self.blind_nils_made, self.blind_nils)

    @property
    def blind_bids(self) -> int:
        """Blind contracts this player's side bid with them (made or set)."""
        return self.blind_bids_made + self.blind_bids_set

    @property
    def blind_bid_rate(self) -> float | None:
        """Share of those blind contracts made; None before the first."""
        return _rate(self.blind_bids_made, self.blind_bids)


@dataclass
class PairStats:
    """Two partners' record together."""

    names: tuple[str, str]
    games: int = 0
    finished: int = 0
    wins: int = 0

    @property
    def win_rate(self) -> float | None:
        """The share of their games won together, or None before any."""
        return _rate(self.wins, self.finished)


@dataclass
class HeadToHead:
    """Two players' record against each other."""

    names: tuple[str, str]  # in key order
    games: int = 0  # finished games on opposite sides
    wins: list[int] = field(default_factory=lambda: [0, 0])


K = TypeVar("K")
PLAYER_COUNTS = (
    "games",
    "finished",
    "wins",
    "hands",
    "bids",
    "bid_hands",
    "made",
    "set",
    "bagged",
    "bags",
    "penalties",
    "nils",
    "nils_made",
    "blind_nils",
    "blind_nils_made",
    "blind_bids_made",  # added later: a kept tally without them is counted again
    "blind_bids_set",
    "alone",
    "alone_finished",
    "alone_wins",
)
PAIR_COUNTS = ("games", "finished", "wins")
RIVAL_COUNTS = ("games", "first_wins", "second_wins")  # finished games only


@dataclass
class Tally:
    """Everything the statistics add up, keyed by names exactly as written.

    Only sums, so tallies of separate games add up to the tally of them all;
    names are not matched to people here, so merges are applied on reading."""

    players: dict[str, list[int]] = field(default_factory=dict)  # PLAYER_COUNTS
    pairs: dict[tuple[str, str], list[int]] = field(default_factory=dict)  # PAIR_COUNTS
    rivals: dict[tuple[str, str], list[int]] = field(default_factory=dict)  # RIVAL_COUNTS

    def add(self, other: "Tally") -> "Tally":
        """Count `other`'s games in this tally too; returns this tally."""
        for name, counts in other.players.items():
            _count(self.players, name, counts)
        for pair, counts in other.pairs.items():
            _count(self.pairs, pair, counts)
        for rivals, counts in other.rivals.items():
            _count(self.rivals, rivals, counts)
        return self


def _count(table: MutableMapping[K, list[int]], key: K, counts: Iterable[int]) -> None:
    row = table.get(key)
    if row is None:
        table[key] = list(counts)
    else:
        for i, value in enumerate(counts):
            row[i] += value


def tally(facts: Iterable[GameFacts]) -> Tally:
    """The counts of these games; partners and opponents in name order."""
    counts = Tally()
    for game in facts:
        finished = int(game.finished)
        won = [int(game.finished and game.winner == side) for side in range(len(game.sides))]
        size = Counter(seat.side for seat in game.seats)
        for seat in game.seats:
            results = game.sides[seat.side]
            alone = int(size[seat.side] == 1)
            _count(
                counts.players,
                seat.name,
                (
                    1,
                    finished,
                    won[seat.side],
                    game.hands,
                    seat.bids,
                    seat.bid_hands,
                    results.made,
                    results.set,
                    results.bagged,
                    results.bags,
                    results.penalties,
                    seat.nils,
                    seat.nils_made,
                    seat.blind_nils,
                    seat.blind_nils_made,
                    seat.blind_bids_made,
                    seat.blind_bids_set,
                    alone,
                    alone * finished,
                    alone * won[seat.side],
                ),
            )
        for side in range(len(game.sides)):
            partners = sorted(s.name for s in game.seats if s.side == side)
            if len(partners) == 2:
                _count(counts.pairs, (partners[0], partners[1]), (1, finished, won[side]))
        if not game.finished or game.winner is None:
            continue
        for i, a in enumerate(game.seats):
            for b in game.seats[i + 1 :]:
                if a.side != b.side:
                    first, second = (a, b) if a.name <= b.name else (b, a)
                    _count(
                        counts.rivals,
                        (first.name, second.name),
                        (1, won[first.side], won[second.side]),
                    )
    return counts


def _tallied(counts: Tally | Iterable[GameFacts]) -> Tally:
    return counts if isinstance(counts, Tally) else tally(counts)


def _shown_names(counts: Tally, key_of: Callable[[str], str]) -> dict[str, str]:
    """Each person as most often written (ties: A before a), for every table alike."""
    spellings: dict[str, Counter[str]] = {}
    for name, row in counts.players.items():
        spellings.setdefault(key_of(name), Counter())[name.strip()] += row[0]
    return {
        key: min(seen.items(), key=lambda item: (-item[1], item[0]))[0]
        for key, seen in spellings.items()
    }


def player_stats(
    counts: Tally | Iterable[GameFacts], aliases: Mapping[str, str]
) -> list[PlayerStats]:
    """Per person, most games first."""
    counts = _tallied(counts)
    key_of = people(aliases)
    table: dict[str, list[int]] = {}
    for name, row in counts.players.items():
        _count(table, key_of(name), row)
    names = _shown_names(counts, key_of)
    stats = [PlayerStats(names[key], *row) for key, row in table.items()]
    return sorted(stats, key=lambda s: (-s.games, s.name.casefold()))


def pair_stats(counts: Tally | Iterable[GameFacts], aliases: Mapping[str, str]) -> list[PairStats]:
    """Partnerships (four-player games), most games first; a player who was
    a side alone had no partner and is in none."""
    counts = _tallied(counts)
    key_of = people(aliases)
    table: dict[tuple[str, str], list[int]] = {}
    for (a, b), row in counts.pairs.items():
        ka, kb = sorted((key_of(a), key_of(b)))
        _count(table, (ka, kb), row)
    names = _shown_names(counts, key_of)
    stats = [PairStats((names[a], names[b]), *row) for (a, b), row in table.items()]
    return sorted(stats, key=lambda s: (-s.games, s.names))


def head_to_head(
    counts: Tally | Iterable[GameFacts], aliases: Mapping[str, str]
) -> list[HeadToHead]:
    """Every two people who met on opposite sides in a finished game."""
    counts = _tallied(counts)
    key_of = people(aliases)
    table: dict[tuple[str, str], list[int]] = {}
    for (a, b), (games, first, second) in counts.rivals.items():
        ka, kb = key_of(a), key_of(b)
        if ka == kb:  # one person, after a merge
            continue
        if ka < kb:
            _count(table, (ka, kb), (games, first, second))
        else:
            _count(table, (kb, ka), (games, second, first))
    names = _shown_names(counts, key_of)
    records = [
        HeadToHead((names[a], names[b]), games, [first, second])
        for (a, b), (games, first, second) in table.items()
    ]
    return sorted(records, key=lambda r: (-r.games, r.names))
