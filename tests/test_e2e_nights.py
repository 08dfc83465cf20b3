"""A game night on a 360 x 740 phone in real Chromium: a game, a rematch with
the same sides, one with partners switched, then a decider, with the tally
over the scoreboard after each; a match to 2, set on the first game, announces its winner once;
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


def test_a_match_to_two_set_on_the_first_game_announces_its_winner_once(phone):
    page = phone
    new_game(page, target=100)
    expect(hook(page, "tonight")).to_have_count(0)  # no session yet, but the match is offered
    hook(page, "match").click()
    page.get_by_role("menuitem", name="First to 2").click()
    expect(hook(page, "tonight")).to_have_text(
        loose("Tonight: Alex + Charlie 0, Beth + David 0 · first to 2")
    )
    # The tally pushed the screen down as the menu closed; Flutter moves the
    # accessibility nodes below it at the next pointer event (a hand moving
    # to the next button makes one): until then a stale node covers Enter hand.
    page.mouse.move(1, SMALL_PHONE["height"] - 1)
    enter_hand(page, *SIDE_0)
    rematch(page)
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


def three_games_then_history(page):
    """A game, a rematch, a decider (won by sides 0, 1, 0), then History."""
    new_game(page, target=100)
    enter_hand(page, *SIDE_0)
    rematch(page)
    enter_hand(page, *SIDE_1)
    rematch(page)
    enter_hand(page, *SIDE_0)
    page.get_by_role("button", name="History").click()


def test_history_shows_one_session_with_three_games_and_statistics_the_ratings(phone):
    from openskill.models import PlackettLuce

    page = phone
    three_games_then_history(page)
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


def test_history_keeps_a_sessions_games_inside_its_entry_and_a_game_moved_out_apart(
    phone, tmp_path
):
    page = phone
    three_games_then_history(page)
    group = page.locator('[flt-semantics-identifier^="history-night-"]')
    expect(group).to_have_count(1)
    inside = group.locator('[flt-semantics-identifier^="history-2"]')
    expect(inside).to_have_count(3)
    settle(page)
    reveal(page, inside.nth(1)).click()  # the game played between the others
    reveal(page, hook(page, "leave-session")).click()
    expect(hook(page, "detail-tonight")).to_have_count(0)
    page.get_by_role("button", name="History").click()
    expect(inside).to_have_count(2)  # the session's games stay inside its entry
    games = page.locator('[flt-semantics-identifier^="history-2"]')
    settle(page)
    alone = reveal(page, games.nth(2))  # the moved game: its own entry, under the session's
    page.screenshot(path=tmp_path / "history-moved-out.png")
    box, entry = alone.bounding_box(), group.bounding_box()
    assert box is not None and entry is not None
    assert box["y"] >= entry["y"] + entry["height"]


def test_a_long_name_in_the_players_table_ends_in_an_ellipsis_on_a_small_phone(phone, tmp_path):
    from tests import pixels

    long = "Bartholomew Fitzwilliam"
    page = phone
    new_game(page, names=("Alex", long, "Charlie", "David"))  # listed, though unfinished
    page.get_by_role("button", name="History").click()
    page.get_by_role("button", name="Statistics").click()
    row = reveal(page, hook(page, f"row-{long}"))
    settle(page)
    expect(row).to_contain_text(long)  # what a screen reader says: the whole name
    box = row.bounding_box()
    assert box is not None
    figures = 4 * 64 + 4 * 2  # the four figures' columns and the spaces between
    cell = {"x": box["x"], "y": box["y"], "width": box["width"] - figures, "height": box["height"]}
    shot = page.screenshot(clip=cell)
    (tmp_path / "name-cell.png").write_bytes(shot)
    page.screenshot(path=tmp_path / "statistics-long-name.png")
    assert pixels.ends_in_dots(shot), "the name is cut off, not ended in an ellipsis"
    short = reveal(page, hook(page, "row-Alex")).bounding_box()
    assert short is not None
    alex = page.screenshot(clip={**cell, "y": short["y"], "height": short["height"]})
    assert not pixels.ends_in_dots(alex)  # a name that fits is written whole
    row.click()
    expect(hook(page, f"player-{long}")).to_contain_text(long)
