"""The served app in real Chromium (Playwright), as a scorekeeper uses it."""

import re

import pytest
from playwright.sync_api import expect

from tests.served import (
    DESKTOP,
    PHONE,
    SEATS,
    SMALL_PHONE,
    enter_hand,
    expect_score,
    fill_hand,
    hook,
    load,
    new_game,
    open_app,
    open_keeper_link,
    pick,
    reveal,
    scores,
    settle,
    still,
    text,
    type_into,
)

pytestmark = pytest.mark.e2e


def loose(expected: str) -> re.Pattern[str]:
    """Match a text whatever isolate marks surround the names in it."""
    marks = "[\u2066-\u2069]*"
    return re.compile("^" + marks + marks.join(re.escape(c) for c in expected) + marks + "$")


def test_a_whole_game_to_500(page):
    new_game(page)
    enter_hand(page, [5, 3, 5, "nil"], [6, 2, 5, 0])  # side 1 set, nil made
    assert scores(page) == ("101", "70")
    assert "Beth + David: set, 2 of 3" in text(page, "summary")
    enter_hand(page, ["blind_nil", 4, 6, 3], [0, 4, 6, 3])  # blind nil made
    assert scores(page) == ("361", "140")
    enter_hand(page, [1, 1, 1, 1], [13, 0, 0, 0])  # a wrong hand...
    page.get_by_role("button", name="Undo last hand").click()  # ...undone
    page.get_by_role("button", name="Remove hand 3").click()
    expect(hook(page, "message")).to_contain_text("Hand 3 was removed")
    assert scores(page) == ("361", "140")
    enter_hand(page, [1, 1, 1, 1], [6, 1, 6, 0])  # 10 bags: 11 in all
    assert scores(page) == ("291", "120")
    assert (
        "Bag penalty for Alex + Charlie: -100 (10 bags this hand, 11 in all: -100, 1 carried)"
        in text(page, "summary")
    )
    assert text(page, "side-0").endswith("bags 1 of 10")
    mark = hook(page, "penalty-3-0")  # a short mark on the sheet, its words a tap away
    expect(mark).to_have_text("Bags -100")
    reveal(page, mark).click()
    expect(hook(page, "message")).to_have_text(
        loose(
            "Bag penalty for Alex + Charlie: -100 (10 bags this hand, 11 in all: -100, 1 carried)"
        )
    )
    enter_hand(page, [6, 1, 6, "nil"], [7, 0, 6, 0])
    assert scores(page) == ("412", "210")
    reveal(page, page.get_by_role("button", name="Edit hand 1")).click()  # Beth took 3
    expect(page.get_by_role("heading", name="Edit hand 1")).to_be_visible()
    settle(page)
    page.get_by_role("button", name="Next: tricks").click()
    expect(hook(page, "tricks-1")).to_have_text("2")
    settle(page)
    pick(page, 1, 3)
    expect(hook(page, "tricks-1")).to_have_text("3")
    pick(page, 2, 4)
    expect(hook(page, "tricks-2")).to_have_text("4")
    page.get_by_role("button", name="Save hand").click()
    expect_score(page, 0, 411)
    assert scores(page) == ("411", "270")
    enter_hand(page, [5, 2, 5, 1], [5, 2, 5, 1])
    assert scores(page) == ("511", "300")
    expect(hook(page, "outcome")).to_have_text(loose("Winner: Alex + Charlie, 511 to 300"))
    expect(page.get_by_role("button", name="Enter hand")).to_have_count(0)
    page.get_by_role("button", name="Rematch").click()
    expect_score(page, 0, 0)


def test_reload_mid_hand_keeps_everything(page, app):
    new_game(page)
    page.get_by_role("button", name="Enter hand").click()
    pick(page, 0, 4)
    pick(page, 1, "nil")
    expect(hook(page, "bid-1")).to_have_text("Nil")
    url = page.url
    assert url.endswith("/hand")
    load(page, url)
    expect(hook(page, "bid-0")).to_have_text("4")
    expect(hook(page, "bid-1")).to_have_text("Nil")


def test_server_restart_mid_game(browser, page, app):
    new_game(page)
    enter_hand(page, [3, 3, 3, 3], [4, 3, 3, 3])
    url = page.url
    app.stop()
    app.start()
    fresh = browser.new_page(viewport=PHONE)
    open_keeper_link(fresh, app.url)  # a device with the keeper link
    load(fresh, url)
    expect_score(fresh, 0, 61)
    expect_score(fresh, 1, 60)
    fresh.close()


def test_tie_above_the_target_plays_on(page):
    new_game(page, target=100)
    enter_hand(page, [4, 3, 3, 3], [4, 3, 3, 3])
    enter_hand(page, [3, 4, 3, 3], [3, 4, 3, 3])
    expect(hook(page, "outcome")).to_have_text(loose("Tied at 130: play another hand"))
    enter_hand(page, [4, 3, 3, 3], [4, 3, 3, 3])
    expect(hook(page, "outcome")).to_have_text(loose("Winner: Alex + Charlie, 200 to 190"))


def test_two_player_game(page):
    new_game(page, names=("Ana", "Ben"))
    enter_hand(page, [5, "nil"], [12, 1])
    assert scores(page) == ("57", "-99")
    assert "Ben: nil failed (1 trick, +1 as a bag)" in text(page, "summary")


def test_bad_input_is_refused_with_the_reason(page, app):
    page.get_by_role("button", name="New game").click()
    type_into(page, SEATS[0], "Alex")
    type_into(page, SEATS[1], "alex")
    page.get_by_role("button", name="Start game").click()
    expect(
        page.get_by_text("'alex' looks the same as 'Alex', player 1", exact=False)
    ).to_be_visible()
    expect(page.get_by_text("Player 3 needs a name")).to_be_visible()
    for label, name in zip(SEATS[1:], ("Beth", "Charlie", "David"), strict=True):
        type_into(page, label, name)
    page.get_by_role("button", name="Start game").click()
    page.get_by_role("button", name="Enter hand").click()
    pick(page, 0, 1)
    page.get_by_role("button", name="Next: tricks").click()
    expect(hook(page, "error-1")).to_have_text("No bid yet: Beth")
    for seat in (1, 2, 3):
        pick(page, seat, 1)
    page.get_by_role("button", name="Next: tricks").click()
    expect(hook(page, "tricks-left")).to_be_visible()
    settle(page)  # a new screen: taps are routed by position once its layout stands still
    pick(page, 0, 5)
    page.get_by_role("button", name="Save hand").click()
    expect(hook(page, "error-tricks")).to_contain_text("Tricks add up to 5")
    page.get_by_role("button", name="Home").click()
    # the game card is one button: its name holds the line "… · 0 hands played · …"
    expect(page.get_by_role("button", name=re.compile(r"\b0 hands played"))).to_be_visible()


def test_setup_messages_say_what_to_type_under_each_field(page):
    """A message under East leaves West's box level with it; a bad house rule is
    named by its field, not by the record's name for it."""
    page.get_by_role("button", name="New game").click()
    type_into(page, SEATS[0], "Alex")
    type_into(page, SEATS[3], "alex")
    page.get_by_role("switch", name="Change house rules").click()
    type_into(page, "Points to win", "0")
    type_into(page, "Mercy: lose at (empty: off)", "100")
    page.get_by_role("button", name="Start game").click()
    expect(page.get_by_text("Player 2 needs a name")).to_be_visible()
    target = "'0' is not a whole number from 1 to 100,000: type one"
    expect(page.get_by_text(target)).to_be_visible()
    expect(
        page.get_by_text(
            "'100' is not a whole number from -100,000 to -1: type one, or leave it empty for off"
        )
    ).to_be_visible()
    settle(page)
    west = page.get_by_role("textbox", name=SEATS[1]).bounding_box()
    east = page.get_by_role("textbox", name=SEATS[3]).bounding_box()
    assert west and east and abs(west["y"] - east["y"]) <= 1, (west, east)


def test_a_game_card_and_its_delete_button_are_read_apart(page):
    """On Home a screen reader finds a game in progress as two buttons, side by
    side: the card (its sides, scores, when, how far, which rules) and its delete
    button, neither inside the other nor in the other's name."""
    new_game(page)
    page.get_by_role("button", name="Home").click()
    card = page.get_by_role("button", name=re.compile(r"\b0 hands played"))
    delete = page.get_by_role("button", name=loose("Delete game: Alex, Beth, Charlie, David"))
    expect(card).to_have_count(1)
    expect(card).to_have_accessible_name(
        re.compile(
            r"^\W*Alex\W+Charlie\W+0\W+Beth\W+David\W+0 .* · 0 hands played · standard rules$"
        )
    )
    expect(delete).to_have_count(1)
    expect(card.get_by_role("button")).to_have_count(0)  # no button inside the card's
    expect(delete.get_by_role("button")).to_have_count(0)
    still(page)
    delete.click()
    expect(hook(page, "message")).to_have_text("Game deleted.")
    expect(card).to_have_count(0)


@pytest.mark.parametrize("viewport", [SMALL_PHONE, PHONE, DESKTOP], ids=["360", "400", "desktop"])
def test_layout_fits_and_targets_are_big_enough(browser, app, viewport):
    """The whole bid step on screen with no horizontal scrolling, each player
    on one line, every key and button at least 48 px."""
    page = open_app(browser, app.url, viewport)
    new_game(page)
    page.get_by_role("button", name="Enter hand").click()
    expect(hook(page, "key-13")).to_be_visible()
    settle(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    boxes = page.evaluate(
        """() => [...document.querySelectorAll('flt-semantics')].map(e => {
            const r = e.getBoundingClientRect();
            return [e.getAttribute('flt-semantics-identifier'), r.left, r.right, r.bottom];
        })"""
    )
    for identifier, left, right, bottom in boxes:
        assert left >= 0 and right <= viewport["width"], ("outside the width", identifier)
        assert bottom <= viewport["height"], ("below the fold", identifier)
    keys = ["key-0", "key-blind", *(f"key-{n}" for n in range(1, 14))]
    for identifier in keys + [f"player-{seat}" for seat in range(4)]:
        box = hook(page, identifier).bounding_box()
        assert box and box["width"] >= 48 and box["height"] >= 48, (identifier, box)
    for seat in range(4):
        box = hook(page, f"player-{seat}").bounding_box()
        assert box and box["height"] < 2 * 48, "one line per player"
    for name in ("Cancel", "Next: tricks", "Home", "History"):
        box = page.get_by_role("button", name=name).bounding_box()
        assert box and box["height"] >= 48, (name, box)
    page.close()


def test_a_hand_in_ten_taps_plus_save(page):
    """Enter hand, one tap per bid in bidding order, Next, one tap per trick
    count and Rest for the last player: 10 taps, then Save."""
    new_game(page)
    taps = 0

    def tap(locator):
        nonlocal taps
        locator.click()
        taps += 1

    tap(page.get_by_role("button", name="Enter hand"))
    expect(hook(page, "key-13")).to_be_visible()
    settle(page)
    for key, name in (("4", "Beth"), ("0", "Charlie"), ("3", "David"), ("5", "Alex")):
        # says whose it is (the name between its isolate marks)
        expect(hook(page, f"key-{key}")).to_contain_text(re.compile(f"for \u2068?{name}"))
        tap(hook(page, f"key-{key}"))
    expect(hook(page, "bid-0")).to_have_text("5")
    tap(page.get_by_role("button", name="Next: tricks"))
    expect(hook(page, "key-rest")).to_be_visible()
    settle(page)
    for key in ("4", "1", "3"):
        tap(hook(page, f"key-{key}"))
    expect(hook(page, "key-rest")).to_have_text(loose("Rest to Alex (5 tricks)"))
    tap(hook(page, "key-rest"))
    expect(hook(page, "tricks-left")).to_have_text("0 tricks left of 13")
    assert taps == 10
    page.get_by_role("button", name="Save hand").click()
    expect(hook(page, "summary")).to_be_visible()
    # Alex 5 of 5 (+50), Charlie's nil failed (-100, its trick a bag); 4+3 of 7: +70
    assert scores(page) == ("-49", "70")


def on_screen_above(button, notes, room):
    """On a 360x740 screen: `button` whole and big enough to hit, and `notes`
    starting below it with at least `room` px of them on the screen."""
    height = SMALL_PHONE["height"]
    box = button.bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= height, box
    assert box["height"] >= 48 and box["width"] >= SMALL_PHONE["width"] / 2, box
    shown = notes.bounding_box()
    assert shown and box["y"] + box["height"] <= shown["y"] <= height - room, (box, shown)


def test_save_hand_is_on_a_small_phone_screen_however_long_the_preview(browser, app):
    """At 360x740, a hand with a failed nil, a set and a bag penalty (a long
    preview): Save hand is on the screen without scrolling, the preview starts
    on it too (the points lead it), and Save hand is tapped where it stands."""
    page = open_app(browser, app.url, SMALL_PHONE)
    new_game(page)
    # Alex's nil takes a trick, Charlie takes none of his 1: set; Beth and David
    # take 12 of 2: 10 bags, a penalty
    fill_hand(page, ["nil", 1, 1, 1], [1, 6, 0, 6])
    preview = hook(page, "preview")
    for said in (": set,", "nil failed", "Bag penalty for"):
        expect(preview).to_contain_text(said)
    settle(page)
    save = page.get_by_role("button", name="Save hand")
    on_screen_above(save, preview, room=48)
    save.click()
    expect(hook(page, "summary")).to_be_visible()
    assert scores(page) == ("-109", "-70")
    page.close()


def inside_small_phone(page, *targets):
    """Each of `targets` whole on a 360x740 screen: on it, and the screen has
    nothing to scroll to (Flutter clips a node's box to the view, so a box
    alone does not tell a note cut at the bottom from a whole one)."""
    for target in targets:
        box = target.bounding_box()
        assert box, target
        assert box["y"] >= 0 and box["y"] + box["height"] <= SMALL_PHONE["height"], (target, box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= SMALL_PHONE["width"], (target, box)
    anchor = hook(page, "contracts")
    before = anchor.bounding_box()
    page.mouse.move(SMALL_PHONE["width"] / 2, SMALL_PHONE["height"] / 2)
    page.mouse.wheel(0, 400)
    still(page)
    assert anchor.bounding_box() == before, "the screen scrolled: something was below it"


def test_next_tricks_is_on_a_small_phone_screen_with_the_blind_nil_reminder(browser, app):
    """At 360x740, once every bid is in the keypad folds: Next: tricks, the
    blind nil card-swap reminder and the warning for a side bidding more than
    13 are all whole on the screen."""
    page = open_app(browser, app.url, SMALL_PHONE)
    new_game(page)
    page.get_by_role("button", name="Enter hand").click()
    expect(hook(page, "contracts")).to_be_visible()
    settle(page)
    for seat, bid in enumerate(["blind_nil", 9, 4, 5]):  # Beth + David bid 14
        pick(page, seat, bid)
    reminder = hook(page, "blind-nil-reminder")
    expect(reminder).to_contain_text("3 cards are swapped")
    expect(hook(page, "over-13-1")).to_contain_text("the side will be set")
    expect(hook(page, "key-13")).to_be_hidden()  # folded
    settle(page)
    step = page.get_by_role("button", name="Next: tricks")
    on_screen_above(step, reminder, room=24)
    inside_small_phone(page, step, reminder, hook(page, "over-13-1"))
    pick(page, 1, 4)  # a tap on a player opens the keypad again
    expect(hook(page, "bid-1")).to_have_text("4")
    step.click()
    expect(hook(page, "tricks-left")).to_be_visible()
    page.close()


def test_missing_bid_messages_and_next_tricks_fit_a_small_phone(browser, app):
    """At 360x740, Next: tricks with three bids missing: each "No bid yet"
    and Next: tricks itself are whole on the screen, keypad and all."""
    page = open_app(browser, app.url, SMALL_PHONE)
    new_game(page)
    page.get_by_role("button", name="Enter hand").click()
    expect(hook(page, "contracts")).to_be_visible()
    settle(page)
    pick(page, 0, 5)
    step = page.get_by_role("button", name="Next: tricks")
    step.click()
    for seat, name in ((1, "Beth"), (2, "Charlie"), (3, "David")):
        expect(hook(page, f"error-{seat}")).to_have_text(f"No bid yet: {name}")
    settle(page)
    inside_small_phone(
        page, step, hook(page, "key-13"), *(hook(page, f"error-{seat}") for seat in (1, 2, 3))
    )
    page.close()


def test_back_button_mid_hand_asks_first(page):
    new_game(page)
    page.get_by_role("button", name="Enter hand").click()
    expect(hook(page, "key-4")).to_be_visible()
    settle(page)
    hook(page, "key-4").click()
    expect(hook(page, "bid-1")).to_have_text("4")
    page.go_back()
    expect(page.get_by_role("button", name="Keep entering")).to_be_visible()
    page.get_by_role("button", name="Keep entering").click()
    expect(hook(page, "bid-1")).to_have_text("4")
    assert page.url.endswith("/hand")
    settle(page)
    page.get_by_role("button", name="Cancel").click()
    page.get_by_role("button", name="Stop entering").click()
    expect(page.get_by_role("button", name="Enter hand")).to_be_visible()
    assert not page.url.endswith("/hand")


def test_review_history_detail_export_import_delete(page, tmp_path):
    new_game(page)
    enter_hand(page, [4, 3, "nil", 4], [4, 3, 2, 4])
    enter_hand(page, [3, 3, 3, 3], [4, 3, 3, 3])
    page.get_by_role("button", name="History").click()
    expect(hook(page, "history-count")).to_have_text("1 game")
    still(page)
    type_into(page, "Player", "nobody")
    page.keyboard.press("Enter")
    expect(hook(page, "history-count")).to_have_text("0 games")
    still(page)
    type_into(page, "Player", "char")
    page.keyboard.press("Enter")
    expect(hook(page, "history-count")).to_have_text("1 game")
    still(page)
    page.locator('[flt-semantics-identifier^="history-2"]').click()
    expect(hook(page, "chart")).to_be_visible()
    expect(hook(page, "detail-2")).to_be_visible()
    still(page)
    with page.expect_download() as download:
        page.get_by_role("button", name="Export CSV").click()
    csv_file = tmp_path / "game.csv"
    download.value.save_as(csv_file)
    assert csv_file.read_text().count("\n") == 3
    with page.expect_download() as download:
        page.get_by_role("button", name="Export JSON").click()
    exported = tmp_path / "game.json"
    download.value.save_as(exported)
    page.get_by_role("button", name="Delete game").click()
    expect(hook(page, "confirm-delete")).to_be_visible()
    settle(page)
    question = hook(page, "confirm-delete").bounding_box()
    delete = page.get_by_role("button", name="Delete", exact=True)
    box = delete.bounding_box()  # drawn in the question's box, on the screen
    assert question and box and question["height"] < 200, question
    assert question["y"] <= box["y"] and box["y"] + box["height"] <= PHONE["height"], box
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(hook(page, "history-count")).to_have_text("0 games")
    still(page)
    page.get_by_role("button", name="Undo delete").click()
    expect(hook(page, "chart")).to_be_visible()
    still(page)
    page.get_by_role("button", name="Delete game").click()
    page.get_by_role("button", name="Delete", exact=True).click()
    expect(hook(page, "history-count")).to_have_text("0 games")
    still(page)
    with page.expect_file_chooser() as chooser:
        page.get_by_role("button", name="Import").click()
    chooser.value.set_files(exported)
    expect(hook(page, "message")).to_have_text("Imported 1 game from game.json.")
    expect(hook(page, "history-count")).to_have_text("1 game")
    page.get_by_role("button", name="Statistics").click()
    expect(hook(page, "row-Alex")).to_be_visible()


def test_the_game_kinds_are_a_fingers_height(browser, app):
    page = open_app(browser, app.url, PHONE)
    page.get_by_role("button", name="New game").click()
    for label in ("4 players", "4 solo", "3 players", "2 players"):
        box = page.get_by_role("button", name=label).bounding_box()
        assert box and box["height"] >= 48, (label, box)
    page.close()
