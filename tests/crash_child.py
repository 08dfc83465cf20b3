"""Saves hands in a loop until killed; prints each save once it has returned.

Games finish (target 200), so moves into the archive get killed too: before
the save that finishes a game it prints "finishing ID", and each reported save
says whether the game is now finished.

With "mid-move" as a third argument it stops inside the first move into the
archive, after one of its renames and before the others, prints "mid-move"
and waits there to be killed.
"""

import random
import sys
import time
from pathlib import Path

from scorekeeper.core.game import add_hand
from scorekeeper.core.model import Bid, Game, Hand, Variant
from scorekeeper.core.rules import RuleSet
from scorekeeper.core.scoring import Status
from scorekeeper.storage.store import GameStore

folder = Path(sys.argv[1])
if sys.argv[3:] == ["mid-move"]:
    from scorekeeper.storage import platform

    rename = platform.replace

    def replace(source: Path, target: Path) -> None:
        rename(source, target)
        if (folder / "journal.json").exists():  # a change to several files, under way
            print("mid-move", flush=True)
            time.sleep(3600)

    platform.replace = replace

store = GameStore(folder)
rng = random.Random(int(sys.argv[2]))
playing = store.history(status=Status.IN_PROGRESS).items
saved = store.get(playing[0].id) if playing else None
print("ready", flush=True)
while True:
    if saved is None or saved.score.status is Status.FINISHED:
        saved = store.create(
            Game(Variant.PARTNERSHIP, ("A", "B", "C", "D"), 0, RuleSet(target=200))
        )
    took = rng.randint(6, 10)  # side 1 makes, side 2 is set: a game lasts about 4 hands
    hand = Hand((Bid(3), Bid(3), Bid(3), Bid(3)), (took, 13 - took, 0, 0))
    game = add_hand(saved.game, hand)
    status = game.status
    if status is Status.FINISHED:
        print("finishing", saved.id, flush=True)
    saved = store.save(saved.id, game, saved.revision)
    print(saved.id, len(saved.game.hands), status.value, flush=True)
