"""Screenshots of a game night on a small phone (360x740): the session's
scoreboard (the tally, the match and the ratings moved tonight), History by
session, the session's page (games won, highlights, each game's final score)
and the ratings in Statistics (the table, the leaders' ratings over time, and
a player's details a tap away).

The evening is made up, the same every run: twelve earlier games among six
friends, then Ana + Cy against Ben + Dee, three games to 300 played to the
end and a fourth under way, first to 3.

Run: .venv/bin/python bench/screenshots_nights.py [PORT]
(writes docs/screenshots/phone360-night-*.png)
"""

import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import expect, sync_playwright

from scorekeeper.core.game import add_hand
from scorekeeper.core.model import NIL, Bid, Game, Hand, Variant
from scorekeeper.core.rules import RuleSet
from scorekeeper.core.scoring import Status
from scorekeeper.storage.store import GameStore
from tests.served import SMALL_PHONE, ServedApp, hook, launch, load, reveal, settle, shoot

FRIENDS = ("Ana", "Ben", "Cy", "Dee", "Eli", "Fay")
TABLE = ("Ana", "Ben", "Cy", "Dee")  # Ana + Cy against Ben + Dee
RULES = RuleSet(target=300)


def a_hand(rng: random.Random, lean: int) -> Hand:
    """A plausible hand: bids of 2 to 4 (now and then a nil), each player
    taking about their bid, the tricks left over going mostly to side `lean`."""
    bids = [Bid(rng.randint(2, 4)) for _ in range(4)]
    if rng.random() < 0.2:
        bids[rng.randrange(4)] = NIL
    tricks = [bid.value for bid in bids]
    weights = [
        (0.15 if b.is_nil else 1.0) * (2.0 if s % 2 == lean else 1.0) for s, b in enumerate(bids)
    ]
    while sum(tricks) < 13:
        tricks[rng.choices(range(4), weights)[0]] += 1
    while sum(tricks) > 13:
        seat = rng.choices(
            range(4), [w if t else 0 for w, t in zip(weights[::-1], tricks, strict=True)]
        )[0]
        tricks[seat] -= 1
    if rng.random() < 0.25:  # a trick lost to the other side: now and then a side is set
        loser = rng.choice([s for s in range(4) if tricks[s]])
        tricks[loser] -= 1
        tricks[(loser + 1) % 4] += 1
    return Hand(tuple(bids), tuple(tricks))


def a_game(players: tuple[str, ...], rng: random.Random, winner: int, hands: int = 40) -> Game:
    """A game played until it ends (won by side `winner`), or for `hands` hands."""
    while True:
        game = Game(Variant.PARTNERSHIP, players, rng.randrange(4), RULES)
        for _ in range(hands):
            scored = add_hand(game, a_hand(rng, winner))
            game = scored.game
            if scored.score.status is Status.FINISHED:
                break
        done = scored.score.status is Status.FINISHED
        if (done and scored.score.winner == winner) or (not done and hands < 40):
            return game


def evening(store: GameStore) -> None:
    rng = random.Random(34)
    for n in range(12):
        store.create(a_game(tuple(rng.sample(FRIENDS, 4)), rng, n % 2))
    played = [store.create(a_game(TABLE, rng, winner)) for winner in (0, 1, 0)]
    playing = store.create(a_game(TABLE, rng, 1, hands=3))
    for before, after in zip(played, [*played[1:], playing], strict=True):
        store.continue_session(before.id, after.id)
    night = store.session_of(playing.id)
    assert night is not None
    store.set_match(night.id, 3)


def main(port: int | None = None) -> None:
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as p:
        with GameStore(Path(folder)) as store:
            evening(store)
        browser = launch(p)
        app = ServedApp(Path(folder), port)
        app.start()
        try:
            page = browser.new_context(locale="en-US", viewport=SMALL_PHONE).new_page()
            load(page, app.url)
            page.locator("[flt-semantics-identifier^=resume-]").first.click()
            expect(hook(page, "tonight")).to_be_visible()
            shoot(page, "phone360-night-scoreboard")
            page.get_by_role("button", name="Home").click()
            settle(page)
            page.get_by_role("button", name="History").click()
            session = page.locator('[flt-semantics-identifier^="history-session-"]')
            expect(session).to_have_count(1)
            reveal(page, session)
            shoot(page, "phone360-night-history")
            session.click()
            expect(hook(page, "night-tally")).to_be_visible()
            shoot(page, "phone360-night-page")
            reveal(page, hook(page, "night-highlights"))
            shoot(page, "phone360-night-highlights")
            page.get_by_role("button", name="History").click()
            settle(page)
            page.get_by_role("button", name="Statistics").click()
            expect(hook(page, "players-table")).to_be_visible()
            reveal(page, hook(page, "trend-chart"))  # the chart and its legend in full
            shoot(page, "phone360-night-ratings")
            page.mouse.wheel(0, -2000)  # back to the table's top
            settle(page)
            reveal(page, hook(page, "row-Ana")).click()
            expect(hook(page, "trend-Ana")).to_be_visible()
            reveal(page, hook(page, "trend-Ana"))
            shoot(page, "phone360-night-ratings-player")
            page.context.close()
        finally:
            app.stop()
        browser.close()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else None)
