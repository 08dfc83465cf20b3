"""Scoring speed: re-score a 1,000-hand game from scratch, as every edit does.

Run: .venv/bin/python bench/scoring.py
"""

import dataclasses
import random
import statistics
import time

from scorekeeper.core.model import BLIND_NIL, NIL, Bid, Game, Hand, Variant
from scorekeeper.core.rules import RuleSet
from scorekeeper.core.scoring import score_game

HANDS = 1_000
ROUNDS = 20


def random_hand(rng: random.Random) -> Hand:
    cuts = sorted(rng.randint(0, 13) for _ in range(3))
    tricks = (cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 13 - cuts[2])
    bids = tuple(rng.choice([NIL, BLIND_NIL, *(Bid(v) for v in range(1, 7))]) for _ in range(4))
    return Hand(bids, tricks)


def main() -> None:
    rng = random.Random(1)
    hands = tuple(random_hand(rng) for _ in range(HANDS))
    game = Game(Variant.PARTNERSHIP, ("A", "B", "C", "D"), 0, RuleSet(target=100_000), hands)
    times = []
    for _ in range(ROUNDS):
        fresh = dataclasses.replace(game)  # an equal game, not the one last scored (kept)
        start = time.perf_counter()
        score_game(fresh)
        times.append(time.perf_counter() - start)
    median = statistics.median(times)
    print(
        f"score a {HANDS}-hand game: median {median * 1000:.1f} ms "
        f"({HANDS / median:,.0f} hands/s) over {ROUNDS} runs"
    )
    typical = Game(game.variant, game.players, 0, RuleSet(), hands[:15])
    copies = [dataclasses.replace(typical) for _ in range(1000)]
    start = time.perf_counter()
    for copy in copies:
        score_game(copy)
    print(f"score a 15-hand game: {(time.perf_counter() - start):.3f} ms each")


if __name__ == "__main__":
    main()
