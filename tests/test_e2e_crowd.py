"""A keeper's saves under a crowd, in real Chromium: the keeper saves 10 hands
while 8 devices (127.0.0.2 to 127.0.0.9) each hold 8 watch pages and reopen
them in a loop. Every save lands, shows on the keeper's screen and reaches a
watch page that stays open. (bench/storm.py prints the save times.)"""

import time

import pytest
from playwright.sync_api import Browser, expect

from scorekeeper.storage.store import GameStore
from tests.crowd import WatchCrowd
from tests.served import PHONE, ServedApp, expect_score, fill_hand, hook, new_game, open_app

pytestmark = pytest.mark.e2e
HANDS = 10
UNDER_LOAD = 30_000  # ms: what the crowd may cost a step; the test is of landing, not speed


def save_hands_under_a_crowd(
    browser: Browser, app: ServedApp, hands: int = HANDS
) -> tuple[list[float], WatchCrowd]:
    """The keeper's hands, each timed from the tap on Save hand to its summary
    on the keeper's screen; and the crowd, for its counts."""
    keeper = open_app(browser, app.url, PHONE)
    new_game(keeper, target=10000)
    stayer = open_app(browser, app.watch_url, PHONE)
    expect(hook(stayer, "live-score-0-1")).to_have_text("0")
    times = []
    with WatchCrowd(app.port, app.watch_url.split(str(app.port), 1)[1]) as crowd:
        for n in range(1, hands + 1):
            fill_hand(keeper, [3, 3, 3, 3], [4, 3, 3, 3])
            began = time.perf_counter()
            keeper.get_by_role("button", name="Save hand").click()
            expect(hook(keeper, "summary")).to_be_visible(timeout=UNDER_LOAD)
            times.append(time.perf_counter() - began)
            expect_score(keeper, 1, 60 * n)  # 6 of 6: 60 a hand
            expect(hook(stayer, "live-score-0-1")).to_have_text(str(60 * n), timeout=UNDER_LOAD)
            assert not crowd.stop.is_set()
    for page in (keeper, stayer):
        page.close()
    return times, crowd


def test_every_save_lands_under_a_crowd_of_watchers(browser: Browser, tmp_path):
    app = ServedApp(tmp_path / "data", log=tmp_path / "server.log")
    app.start()
    try:
        times, crowd = save_hands_under_a_crowd(browser, app)
    finally:
        app.stop()
    assert crowd.outcomes["opened"] > 64, crowd.outcomes  # the crowd did come and go
    with GameStore(tmp_path / "data") as store:
        (game,) = store.all_games()
        assert len(game.game.hands) == HANDS
    log = (tmp_path / "server.log").read_text(errors="replace")
    assert "Traceback" not in log
    print(f"saves under the crowd: {', '.join(f'{t:.2f}' for t in times)} s; {crowd.outcomes}")
