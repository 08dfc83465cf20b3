"""Player statistics across games, from the hands, by pure functions.

`game_facts` boils one game down to counts (cheap to keep with each stored
game); `player_stats`, `pair_stats` and `head_to_head` add facts up. Players
are matched by name, ignoring case and spaces, after `aliases` (a merge of two
spellings of one person) is applied.
"""

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from scorekeeper.model import Game
from scorekeeper.scoring import GameScore, Status


@dataclass(frozen=True)
class SeatFacts:
    name: str
    side: int
    bids: int  # sum of the non-nil bids
    bid_hands: int  # hands with a non-nil bid
    nils: int
    nils_made: int
    blind_nils: int
    blind_nils_made: int


@dataclass(frozen=True)
class SideFacts:
    made: int  # hands the side made its contract
    set: int  # hands it was set
    bagged: int  # hands it took bags
    bags: int
    penalties: int


@dataclass(frozen=True)
class GameFacts:
    finished: bool
    winner: int | None
    hands: int
    seats: tuple[SeatFacts, ...]
    sides: tuple[SideFacts, ...]


def game_facts(game: Game, score: GameScore) -> GameFacts:
    seats = []
    for seat, name in enumerate(game.players):
        bids = [h.bids[seat] for h in game.hands]
        taken = [h.tricks[seat] for h in game.hands]
        nils = [t for b, t in zip(bids, taken, strict=True) if b.is_nil and not b.blind]
        blinds = [t for b, t in zip(bids, taken, strict=True) if b.blind]
        seats.append(
            SeatFacts(
                name=name,
                side=game.variant.side_of(seat),
                bids=sum(b.value for b in bids if not b.is_nil),
                bid_hands=sum(not b.is_nil for b in bids),
                nils=len(nils),
                nils_made=nils.count(0),
                blind_nils=len(blinds),
                blind_nils_made=blinds.count(0),
            )
        )
    sides = []
    for side in range(len(game.variant.sides)):
        results = [h.sides[side] for h in score.hands]
        sides.append(
            SideFacts(
                made=sum(r.made is True for r in results),
                set=sum(r.made is False for r in results),
                bagged=sum(r.bags > 0 for r in results),
                bags=sum(r.bags for r in results),
                penalties=sum(r.penalties for r in results),
            )
        )
    return GameFacts(
        score.status is Status.FINISHED, score.winner, len(game.hands), tuple(seats), tuple(sides)
    )


def person(name: str, aliases: Mapping[str, str]) -> str:
    """The key of the person behind a name: case and spaces ignored, merges followed."""
    key = " ".join(name.split()).casefold()
    for _ in range(len(aliases) + 1):  # a chain of merges, never a loop
        if key not in aliases:
            break
        key = aliases[key]
    return key


def _people(aliases: Mapping[str, str]) -> Callable[[str], str]:
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

    @property
    def win_rate(self) -> float | None:
        return _rate(self.wins, self.finished)

    @property
    def average_bid(self) -> float | None:
        return _rate(self.bids, self.bid_hands)

    @property
    def made_rate(self) -> float | None:
        return _rate(self.made, self.hands)

    @property
    def set_rate(self) -> float | None:
        return _rate(self.set, self.hands)

    @property
    def bagged_rate(self) -> float | None:
        return _rate(self.bagged, self.hands)

    @property
    def bags_per_hand(self) -> float | None:
        return _rate(self.bags, self.hands)

    @property
    def nil_rate(self) -> float | None:
        return _rate(self.nils_made, self.nils)

    @property
    def blind_nil_rate(self) -> float | None:
        return _rate(self.blind_nils_made, self.blind_nils)


@dataclass
class PairStats:
    names: tuple[str, str]
    games: int = 0
    finished: int = 0
    wins: int = 0

    @property
    def win_rate(self) -> float | None:
        return _rate(self.wins, self.finished)


@dataclass
class HeadToHead:
    names: tuple[str, str]  # in key order
    games: int = 0  # finished games on opposite sides
    wins: list[int] = field(default_factory=lambda: [0, 0])


def player_stats(facts: Iterable[GameFacts], aliases: Mapping[str, str]) -> list[PlayerStats]:
    """Per person, most games first."""
    table: dict[str, PlayerStats] = {}
    spellings: dict[str, Counter[str]] = {}
    key_of = _people(aliases)
    for game in facts:
        for seat in game.seats:
            key = key_of(seat.name)
            stats = table.setdefault(key, PlayerStats(seat.name))
            spellings.setdefault(key, Counter())[seat.name.strip()] += 1
            side = game.sides[seat.side]
            stats.games += 1
            stats.finished += game.finished
            stats.wins += game.finished and game.winner == seat.side
            stats.hands += game.hands
            stats.bids += seat.bids
            stats.bid_hands += seat.bid_hands
            stats.made += side.made
            stats.set += side.set
            stats.bagged += side.bagged
            stats.bags += side.bags
            stats.penalties += side.penalties
            stats.nils += seat.nils
            stats.nils_made += seat.nils_made
            stats.blind_nils += seat.blind_nils
            stats.blind_nils_made += seat.blind_nils_made
    for key, stats in table.items():  # shown as most often written (ties: A before a)
        stats.name = min(spellings[key].items(), key=lambda item: (-item[1], item[0]))[0]
    return sorted(table.values(), key=lambda s: (-s.games, s.name.casefold()))


def pair_stats(facts: Iterable[GameFacts], aliases: Mapping[str, str]) -> list[PairStats]:
    """Partnerships (four-player games), most games first."""
    table: dict[tuple[str, str], PairStats] = {}
    key_of = _people(aliases)
    for game in facts:
        for side in range(len(game.sides)):
            seats = [s for s in game.seats if s.side == side]
            if len(seats) != 2:
                continue
            ordered = sorted(seats, key=lambda s: key_of(s.name))
            key = (key_of(ordered[0].name), key_of(ordered[1].name))
            stats = table.setdefault(key, PairStats((ordered[0].name, ordered[1].name)))
            stats.games += 1
            stats.finished += game.finished
            stats.wins += game.finished and game.winner == side
    return sorted(table.values(), key=lambda s: (-s.games, s.names))


def head_to_head(facts: Iterable[GameFacts], aliases: Mapping[str, str]) -> list[HeadToHead]:
    """Every two people who met on opposite sides in a finished game."""
    table: dict[tuple[str, str], HeadToHead] = {}
    key_of = _people(aliases)
    for game in facts:
        if not game.finished or game.winner is None:
            continue
        for a in game.seats:
            for b in game.seats:
                ka, kb = key_of(a.name), key_of(b.name)
                if a.side == b.side or ka >= kb:
                    continue
                record = table.setdefault((ka, kb), HeadToHead((a.name, b.name)))
                record.games += 1
                record.wins[0 if game.winner == a.side else 1] += 1
    return sorted(table.values(), key=lambda r: (-r.games, r.names))
