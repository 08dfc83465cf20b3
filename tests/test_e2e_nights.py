"""A game night on a 360 x 740 phone in real Chromium: a game, a rematch with
the same sides, one with partners switched, then a decider, with the tally
over the scoreboard after each; a match to 2 announces its winner once;
Statistics shows the ratings."""

import pytest
from playwright.sync_api import expect

from tests.served import (
    MARKS,
    SMALL_PHONE,
    enter_hand,
    hook,
    new_game,
    open_app,
    reveal,
    settle,
    text,
)
from tests.test_e2e import loose

pytestmark = pytest.mark.e2e

SIDE_1 = ([6, 3, 4, "nil"], [6, 3, 4, 0])  # target 100: seats 1 and 3 win
SIDE_0 = ([3, 6, "nil", 4], [3, 6, 0, 4])  # seats 0 and 2 win


@pytest.fixture
def phone(browser, app):
    page = open_app(browser, app.url, SMALL_PHONE)
    yield page
    page.close()


def rematch(page):
    page.get_by_role("button", name="Rematch").click()
    expect(page.get_by_role("button", name="Enter hand")).to_be_visible()
    settle(page)


def tally(page):
    return text(page, "tonight")


def test_a_night_of_four_games_shows_the_tally_after_each(phone):
    page = phone
    new_game(page, target=100)
    expect(hook(page, "tonight")).to_have_count(0)  # one game is no session yet
    enter_hand(page, *SIDE_1)
    rematch(page)
    expect(hook(page, "tonight")).to_have_text(loose("Tonight: Beth + David 1, Alex + Charlie 0"))
    enter_hand(page, *SIDE_0)
    expect(hook(page, "tonight")).to_have_text(loose("Tonight: Alex + Charlie 1, Beth + David 1"))
    page.get_by_role("button", name="Home").first.click()
    new_game(page, names=("Alex", "Charlie", "Beth", "David"), target=100)  # switched
    expect(hook(page, "new-session")).to_be_visible()
    assert tally(page) == "Tonight: Alex 1, Charlie 1, Beth 1, David 1"
    enter_hand(page, *SIDE_0)  # Alex + Beth win
    expect(hook(page, "tonight")).to_have_text(loose("Tonight: Alex 2, Beth 2, Charlie 1, David 1"))
    rematch(page)  # the decider
    enter_hand(page, *SIDE_0)
    expect(hook(page, "tonight")).to_have_text(loose("Tonight: Alex 3, Beth 3, Charlie 1, David 1"))
    box = hook(page, "tonight").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= SMALL_PHONE["width"]


def test_a_match_to_two_announces_its_winner_once(phone):
    page = phone
    new_game(page, target=100)
    enter_hand(page, *SIDE_0)
    rematch(page)
    hook(page, "match").click()
    page.get_by_role("menuitem", name="First to 2").click()
    expect(hook(page, "tonight")).to_have_text(
        loose("Tonight: Alex + Charlie 1, Beth + David 0 · first to 2")
    )
    expect(hook(page, "match-won")).to_have_count(0)
    enter_hand(page, *SIDE_0)
    expect(hook(page, "match-won")).to_have_text(loose("Match won: Alex + Charlie"))
    rematch(page)
    enter_hand(page, *SIDE_1)
    expect(hook(page, "tonight")).to_have_text(
        loose("Tonight: Alex + Charlie 2, Beth + David 1 · first to 2")
    )
    expect(hook(page, "match-won")).to_have_count(0)


def test_history_shows_one_session_with_three_games_and_statistics_the_ratings(phone):
    from openskill.models import PlackettLuce

    page = phone
    new_game(page, target=100)
    enter_hand(page, *SIDE_0)
    rematch(page)
    enter_hand(page, *SIDE_1)
    rematch(page)
    enter_hand(page, *SIDE_0)
    page.get_by_role("button", name="History").click()
    session = page.locator('[flt-semantics-identifier^="history-session-"]')
    expect(session).to_have_count(1)
    expect(session).to_contain_text("3 games")
    said = session.inner_text().translate(MARKS)
    assert "Winners: Alex + Charlie · Beth + David · Alex + Charlie" in said
    assert "Alex + Charlie 2, Beth + David 1" in said
    expect(page.locator('[flt-semantics-identifier^="history-2"]')).to_have_count(3)
    model = PlackettLuce()
    table = {name: model.rating() for name in ("Alex", "Beth", "Charlie", "David")}
    for won in (0, 1, 0):  # openskill's own computation, game by game
        teams = [[table["Alex"], table["Charlie"]], [table["Beth"], table["David"]]]
        (a, c), (b, d) = model.rate(teams, ranks=[1, 2] if won == 0 else [2, 1])
        table.update(Alex=a, Charlie=c, Beth=b, David=d)
    page.get_by_role("button", name="Statistics").click()
    for name, rating in table.items():
        expect(hook(page, f"row-{name}")).to_contain_text(f"{rating.mu - 3 * rating.sigma:.1f}")
    settle(page)
    reveal(page, hook(page, "row-Beth")).click()  # the details a tap away
    shown = f"Rating {table['Beth'].mu - 3 * table['Beth'].sigma:.1f}"
    expect(hook(page, "player-Beth")).to_contain_text(shown)
    expect(hook(page, "trend-Beth")).to_be_visible()


def test_a_sessions_page_from_history_on_a_small_phone(phone):
    page = phone
    new_game(page, target=100)
    enter_hand(page, *SIDE_0)
    rematch(page)
    enter_hand(page, *SIDE_1)
    expect(hook(page, "tonight-moves")).to_contain_text("Ratings tonight: ")
    page.get_by_role("button", name="History").click()
    session = page.locator('[flt-semantics-identifier^="history-session-"]')
    expect(session).to_have_count(1)
    settle(page)
    session.click()
    expect(hook(page, "night-tally")).to_have_text(loose("Alex + Charlie 1, Beth + David 1"))
    expect(hook(page, "night-chart")).to_be_visible()
    assert page.url.split("/")[-2] == "night"
    highlights = reveal(page, hook(page, "night-highlights"))
    expect(highlights).to_contain_text("Nils: 2 made, 0 failed")
    expect(highlights).to_contain_text("Biggest hand: 130")
    games = page.locator('[flt-semantics-identifier^="night-game-"]')
    expect(games).to_have_count(2)
    reveal(page, games.first).click()
    expect(hook(page, "detail-outcome")).to_be_visible()
