"""The app in other languages, rendered by a real Flet session in-process.

The pseudo-language turns every message into accented letters in ⟦ ⟧: after
it, any plain ASCII letter on a screen is text that bypassed translation
(player names here are Greek, so they cannot hide it)."""

import asyncio
import re
from dataclasses import replace
from typing import Any

import flet as ft
import pytest
from flet.messaging.protocol import MessageAction

from scorekeeper import i18n
from scorekeeper.core.draft import HandDraft
from scorekeeper.core.game import add_hand
from scorekeeper.core.model import NIL, Bid, Game, Variant
from scorekeeper.core.rules import FailedNilTricks, RuleSet
from scorekeeper.storage.store import GameStore
from scorekeeper.ui.device import preferred_language
from scorekeeper.ui.screens.menus import chosen
from scorekeeper.ui.screens.widgets import SELF_MIRRORING
from tests.factories import hand
from tests.inprocess import App, open_app, open_watch

NAMES = ("Άλφα", "Βήτα", "Γάμμα", "Δέλτα")
TWO = ("Ωμέγα", "Ψι")
PSEUDO = i18n.PseudoTranslations()
# What the controls show; values of inputs and keys of options are data, not text.
SHOWN = (
    "label",
    "tooltip",
    "hint_text",
    "helper_text",
    "error_text",
    "error",
    "text",
    "title",
    "content",
    "semantics_label",
    "prefix_text",
    "suffix_text",
)


@pytest.fixture
def store(tmp_path):
    with GameStore(tmp_path) as s:
        yield s


def p(message: str) -> str:
    """A message as the pseudo-language shows it (to find its button)."""
    return PSEUDO.gettext(message)


def shown_text(app: App) -> list[str]:
    found: list[str] = []
    for control in app.walk():
        if isinstance(control, ft.Text) and control.value:
            found.append(str(control.value))
        for name in SHOWN:
            value: Any = getattr(control, name, None)
            if isinstance(value, str) and value:
                found.append(value)
    found.append(str(app.page.title))
    return found


def english_left(app: App) -> list[str]:
    """Every shown string with a plain ASCII letter outside the marked messages,
    leaving out what is not a message: the language names in the picker."""
    left = []
    for text in shown_text(app):
        if text in i18n.LANGUAGES.values():
            continue
        if re.search(r"[A-Za-z]", re.sub(r"⟦[^⟧]*⟧", "", text)) or re.search(
            r"⟦[^⟧]*[A-Za-z][^⟧]*⟧", re.sub(r"\{[^}]*\}", "", text)
        ):
            left.append(text)
    return left


def stored_games(store: GameStore) -> dict[str, str]:
    """A game in progress with hands (nil, blind nil, a set, bags), a finished one
    with house rules changed, and a two-player game."""
    playing = store.create(Game(Variant.PARTNERSHIP, NAMES, 0, RuleSet()))
    hands = (
        hand([4, 3, "nil", 4], [4, 3, 2, 4]),
        hand([5, "blind_nil", 3, 2], [2, 0, 6, 5]),
        hand([3, 3, 3, 3], [4, 3, 3, 3]),
    )
    for h in hands:
        game = playing.game
        playing = store.save(playing.id, add_hand(game, h), playing.revision)
    rules = RuleSet(
        target=50,
        mercy=-200,
        allow_blind_nil=False,
        failed_nil_tricks=FailedNilTricks.COUNT_FOR_PARTNER,
    )
    finished = store.create(Game(Variant.PARTNERSHIP, NAMES, 1, rules))
    store.save(
        finished.id,
        add_hand(finished.game, hand([6, 6, 1, 0], [7, 5, 1, 0])),
        finished.revision,
    )
    two = store.create(Game(Variant.TWO_PLAYER, TWO, 0, RuleSet()))
    night = store.continue_session(finished.id, playing.id)  # a session: its tally, its page
    store.set_match(night.id, 3)
    return {"playing": playing.id, "finished": finished.id, "two": two.id, "night": night.id}


async def visit(app: App, route: str) -> None:
    await app.route(route)
    assert app.page.route == route


def test_every_screen_is_translated(store):
    """Every screen and state a player meets, in the pseudo-language: no English left."""
    ids = stored_games(store)

    async def go() -> dict[str, list[str]]:
        app = await open_app(store, device_storage={"language": i18n.PSEUDO})
        seen: dict[str, list[str]] = {}

        def check(where: str) -> None:
            seen[where] = english_left(app)

        check("home")
        await app.click(p("New game"))
        check("setup")
        customize = next(
            c for c in app.walk() if isinstance(c, ft.Switch) and c.label == p("Change house rules")
        )
        await app.event(customize, "change", value=True)
        await app.click(p("Start game"))  # every name missing: errors at the fields
        check("setup with errors and house rules")
        variant = next(c for c in app.walk() if isinstance(c, ft.SegmentedButton))
        await app.event(variant, "change", selected=["two-player"])
        check("setup for two")
        await visit(app, f"/game/{ids['playing']}")
        check("scoreboard")
        await app.click(p("Enter hand"))
        for seat, key in ((0, "3"), (1, "blind")):
            await app.tap(f"player-{seat}")
            await app.tap(f"key-{key}")
        await app.click(p("Next: tricks"))  # two bids missing
        check("bids with a blind nil and errors")
        for seat, key in ((2, "0"), (3, "9")):
            await app.tap(f"player-{seat}")
            await app.tap(f"key-{key}")
        await app.click(p("Next: tricks"))
        for seat, key in ((0, "13"), (1, "2")):
            await app.tap(f"player-{seat}")
            await app.tap(f"key-{key}")
        check("tricks, too many")
        for seat, key in ((0, "3"), (3, "rest")):
            await app.tap(f"player-{seat}")
            await app.tap(f"key-{key}")
        check("tricks with the preview")
        await app.click(p("Save hand"))
        check("scoreboard with the summary")
        await app.click(p("Undo last hand"))
        check("asking to undo the last hand")
        await app.click(p("Keep it"))
        await app.click(p("Enter hand"))
        await app.tap("key-4")
        await app.click(p("Cancel"))
        check("asking to discard a hand")
        await app.click(p("Stop entering"))
        await app.click(p("Undo last hand"))
        remove = next(  # the dialog's "Remove hand 4"
            c for c in app.walk() if isinstance(c, ft.OutlinedButton) and "4" in str(c.content)
        )
        await app.click(remove)
        check("scoreboard with a message")
        await app.tap("hand-1")
        await visit(app, f"/game/{ids['finished']}")
        check("finished game")
        await visit(app, f"/game/{ids['two']}")
        await app.click(p("Enter hand"))
        await app.tap("key-blind")
        check("two-player bids")
        await visit(app, "/history")
        check("history")
        await visit(app, f"/review/{ids['playing']}")
        check("detail")
        await app.click(p("Delete game"))
        check("detail, asking to delete")
        await visit(app, f"/review/{ids['finished']}")
        check("finished detail")
        await visit(app, f"/night/{ids['night']}")
        check("a session's page")
        await visit(app, "/stats")
        check("statistics")
        await app.tap(f"row-{NAMES[0]}")
        check("statistics, a player's details")
        await visit(app, "/rules")
        check("rules")
        await visit(app, "/")
        check("home with games")
        return seen

    seen = asyncio.run(go())
    assert len(seen) > 15
    assert {where: left for where, left in seen.items() if left} == {}


def test_the_pseudo_check_finds_english(store):
    """The check itself: an untranslated string on the screen is caught."""

    async def go() -> list[str]:
        app = await open_app(store, device_storage={"language": i18n.PSEUDO})
        app.page.views[-1].controls.append(ft.Text("Tricks left"))
        return english_left(app)

    assert asyncio.run(go()) == ["Tricks left"]


@pytest.mark.parametrize(
    ("language", "new_game", "rtl"),
    [
        ("th", "เกมใหม่", False),
        ("sq", "Lojë e re", False),
        ("he", "משחק חדש", True),
        ("en", "New game", False),
    ],
)
def test_the_language_kept_on_the_device_is_shown(store, language, new_game, rtl):
    async def go() -> App:
        return await open_app(store, device_storage={"language": language})

    app = asyncio.run(go())
    assert app.button(new_game) is not None
    assert app.page.rtl is rtl
    assert app.page.title == {"th": "จดแต้มโพดำ", "sq": "Pikët e Spades", "he": "ניקוד ספיידס"}.get(
        language, "Spades Scorekeeper"
    )


def test_the_picker_switches_at_once_and_is_remembered_on_the_device(store):
    device: dict[str, Any] = {}

    async def go() -> tuple[App, App]:
        app = await open_app(store, device_storage=device)
        picker = app.hook("language")
        await app.event(picker, "change", value="he")
        first = app
        again = await open_app(store, device_storage=device)  # a reload on the same device
        return first, again

    first, again = asyncio.run(go())
    assert {k: v for k, v in device.items() if k != "booted"} == {"language": "he"}
    for app in (first, again):
        assert app.page.rtl is True
        assert app.button("משחק חדש") is not None
        assert app.hook("language").value == "he"


@pytest.mark.parametrize(
    ("language", "label", "then"),
    [
        ("en", "Language", "שפה"),
        ("th", "ภาษา", "שפה"),
        ("sq", "Gjuha", "שפה"),
        ("he", "שפה", "ภาษา"),
    ],
)
def test_the_picker_is_named_in_the_language_shown(store, language, label, then):
    """A screen reader hears the picker's name ("Language") in the language shown,
    and the language chosen; both follow a change at once."""

    async def go() -> tuple[tuple[Any, Any], tuple[Any, Any]]:
        app = await open_app(store, device_storage={"language": language})
        picker = app.hook("language")
        before = (picker.label, chosen(picker))
        other = "th" if language == "he" else "he"
        await app.event(app.hook("language"), "change", value=other)
        picker = app.hook("language")
        return before, (picker.label, chosen(picker))

    before, after = asyncio.run(go())
    assert before == (label, i18n.LANGUAGES[language])
    assert after == (then, "ไทย" if language == "he" else "עברית")


def test_two_tabs_speak_their_own_languages(store):
    async def go() -> tuple[App, App]:
        thai = await open_app(store, device_storage={"language": "th"})
        albanian = await open_app(store, device_storage={"language": "sq"})
        await thai.click("เกมใหม่")
        await albanian.click("Lojë e re")
        return thai, albanian

    thai, albanian = asyncio.run(go())
    assert "เริ่มเกม" in shown_text(thai) and "Start game" not in shown_text(thai)
    assert "Nis lojën" in shown_text(albanian)


@pytest.mark.parametrize(
    ("header", "language"),
    [
        ("he-IL,he;q=0.9,en-US;q=0.8,en;q=0.7", "he"),
        ("th-TH", "th"),
        ("fr-FR,fr;q=0.9,sq;q=0.8,en;q=0.5", "sq"),
        ("en;q=0.2,th;q=0.9", "th"),
        ("de-DE,fr;q=0.9", None),
        ("", None),
        ("he;q=abc,sq", "sq"),
    ],
)
def test_the_browser_language_is_the_first_one_the_app_speaks(header, language):
    assert preferred_language(header) == language


def pointing(icon: ft.IconData) -> bool:
    """Whether an icon's glyph points a way along a line (media play excepted)."""
    name = getattr(icon, "name", "")
    return any(
        w in name for w in ("ARROW", "CHEVRON", "UNDO", "REDO", "NAVIGATE", "FORWARD")
    ) and not any(w in name for w in ("UP", "DOWN", "DROP", "PLAY"))


def test_hebrew_mirrors_what_points_a_way_but_keeps_the_table(store):
    """Right to left: undo, arrows and chevrons turned (Flutter turns the icons
    the screens name, so they name the left-to-right ones), the chart's first
    hand at the right; the seat map still has West at the left, the keypad 1."""
    ids = stored_games(store)

    async def go(language: str) -> dict[str, Any]:
        app = await open_app(store, device_storage={"language": language})
        facts: dict[str, Any] = {}
        icons = {c.icon for c in app.walk() if isinstance(c, ft.Icon)}
        facts["chevron"] = icons & {ft.Icons.CHEVRON_LEFT, ft.Icons.CHEVRON_RIGHT}
        named = set(icons)
        with i18n.language(language):
            await app.click(i18n._("New game"))
        table = next(
            c
            for c in app.walk()
            if isinstance(c, ft.Row)
            and any(
                isinstance(getattr(k, "content", None), ft.Text) and k.content.value == "♠"
                for k in c.controls
            )
        )
        facts["seat row"] = [
            str(k.content.label) for k in table.controls if isinstance(k.content, ft.TextField)
        ]
        names = [f for f in app.walk() if isinstance(f, ft.TextField)]
        facts["fields rtl"] = {f.rtl for f in names}
        await app.route(f"/game/{ids['finished']}")
        facts["undo"] = {
            c.icon for c in app.walk() if getattr(c, "icon", None) in (ft.Icons.UNDO, ft.Icons.REDO)
        }
        await app.route(f"/game/{ids['playing']}")
        if not app.has("contracts"):  # the other run left a hand open
            with i18n.language(language):
                await app.click(i18n._("Enter hand"))
        facts["arrow"] = {
            c.icon
            for c in app.walk()
            if isinstance(c, ft.Button) and c.icon in (ft.Icons.ARROW_BACK, ft.Icons.ARROW_FORWARD)
        }
        digits = next(
            c
            for c in app.walk()
            if isinstance(c, ft.Row)
            and any(getattr(k, "identifier", None) == "key-1" for k in c.controls)
        )
        facts["keypad"] = [getattr(k, "identifier", None) for k in digits.controls]
        named |= {getattr(c, "icon", None) for c in app.walk()} - {None}
        await app.route(f"/review/{ids['playing']}")
        chart = next(c for c in app.walk() if type(c).__name__ == "LineChart")
        first = chart.data_series[0].points
        facts["chart"] = (first[0].x, first[0].y, first[-1].x, chart.right_axis.show_labels)
        facts["pointing"] = {i for i in named if pointing(i)}
        return facts

    hebrew = asyncio.run(go("he"))
    english = asyncio.run(go("en"))
    he_west, he_east = (
        f"2 · {i18n.get('he').translations.gettext('West')}",
        f"4 · {i18n.get('he').translations.gettext('East')}",
    )
    # Flutter lays a row out from the right in Hebrew: the East field comes first
    # in the row so that West is drawn at the left.
    assert hebrew["seat row"] == [he_east, he_west] and english["seat row"] == [
        "2 · West",
        "4 · East",
    ]
    assert hebrew["fields rtl"] == {True} and english["fields rtl"] == {False}
    # Named as in English: Flutter draws each the other way round (turning them
    # here too drew them pointing right again).
    assert hebrew["chevron"] == english["chevron"] == {ft.Icons.CHEVRON_RIGHT}
    assert hebrew["undo"] == english["undo"] == {ft.Icons.UNDO}
    assert hebrew["arrow"] == english["arrow"] == {ft.Icons.ARROW_FORWARD}
    # Every icon that points a way is one Flutter turns by itself.
    assert hebrew["pointing"] and hebrew["pointing"] <= SELF_MIRRORING, hebrew["pointing"]
    # The digits read 1 2 3 4 5 from the left: laid out from the right in Hebrew.
    assert english["keypad"] == ["key-1", "key-2", "key-3", "key-4", "key-5"]
    assert hebrew["keypad"] == english["keypad"][::-1]
    # Hand 3 is the last: at x 0 in Hebrew (the left end), with the axis at the right.
    assert hebrew["chart"][0] == 0 and hebrew["chart"][1] != 0 and hebrew["chart"][3] is True
    assert english["chart"][:2] == (0, 0) and english["chart"][3] is False


@pytest.mark.parametrize(
    ("cookies", "language"),
    [
        ({"picked": "he", "language": "th"}, "he"),  # picked on the device beats the browser's
        ({"language": "th"}, "th"),
        ({"picked": "xx", "language": "sq"}, "sq"),  # not one the app speaks
        ({}, "en"),
    ],
)
def test_a_served_page_brings_its_language_no_question_asked(store, cookies, language):
    """Served by the web server, the page's cookies say the language: the first
    screen is drawn without asking the page (no round trip to the device)."""

    async def go() -> App:
        return await open_app(store, cookies=cookies)

    app = asyncio.run(go())
    assert app.page.locale_configuration.current_locale.language_code == language
    assert app.hook("language").value == language
    asked = [m.body for m in app.conn.messages if m.action == MessageAction.INVOKE_METHOD]
    assert [b.name for b in asked if b.name == "get"] == []


def watched_games(store: GameStore) -> dict[str, str]:
    """What a watcher can meet: a game whose hand is being bid (a side at -58),
    first on the board as the newest, a game just won, and a tie to play on."""
    won = store.create(
        Game(Variant.PARTNERSHIP, NAMES, 1, RuleSet(target=50), (hand([6, 6, 1, 0], [7, 5, 1, 0]),))
    )
    tied = store.create(
        Game(
            Variant.PARTNERSHIP,
            NAMES,
            0,
            RuleSet(target=50),
            (hand([6, 6, 6, 1], [6, 6, 1, 0]),),
        )
    )
    playing = store.create(
        Game(Variant.PARTNERSHIP, NAMES, 0, RuleSet(), (hand([4, 3, "nil", 4], [4, 3, 2, 4]),))
    )
    store.save_draft(playing.id, HandDraft.empty(4).with_bid(1, Bid(4)).with_bid(2, NIL))
    return {"playing": playing.id, "won": won.id, "tied": tied.id}


def test_the_watch_pages_are_translated(store):
    """The live board and the table display of each game, and a refused route,
    in the pseudo-language: no English left."""
    ids = watched_games(store)

    async def go() -> dict[str, list[str]]:
        seen: dict[str, list[str]] = {}
        board = await open_watch(store, "/0", device_storage={"language": i18n.PSEUDO})
        seen["live board with a refused route"] = english_left(board)
        assert board.has("message") and board.has("live-bids-0")
        for name, game_id in ids.items():
            table = await open_watch(
                store, f"/live/{game_id}", {"language": i18n.PSEUDO}, size=(1280, 800)
            )
            assert table.has("table-turn")
            seen[f"table display of the {name} game"] = english_left(table)
        gone = await open_watch(store, "/live/20200101-000000-abcdef", {"language": i18n.PSEUDO})
        seen["a game no longer played"] = english_left(gone)
        return seen

    seen = asyncio.run(go())
    assert {where: left for where, left in seen.items() if left} == {}


@pytest.mark.parametrize(
    ("storage", "cookies", "language"),
    [
        (None, {"language": "he"}, "he"),  # the browser's language, through the server
        ({"language": "th"}, {"language": "he"}, "th"),  # picked on this device first
        ({"language": "sq"}, {}, "sq"),
        (None, {}, "en"),
    ],
)
def test_the_watch_pages_follow_the_device_language(store, storage, cookies, language):
    ids = watched_games(store)

    async def go() -> tuple[App, App]:
        board = await open_watch(store, "/live", storage, cookies)
        table = await open_watch(store, f"/live/{ids['playing']}", storage, cookies)
        return board, table

    board, table = asyncio.run(go())
    with i18n.language(language):
        live = i18n._("Live scores")
        nil = i18n._("Nil")
        bid = i18n._("Bid {count}").format(count=i18n.number(4))
        turn = i18n._("Hand {number} · Dealer: {dealer} · Bids first: {bidder}").split("{")[0]
    assert board.page.rtl is (language == "he") and table.page.rtl is (language == "he")
    assert live in board.texts()
    assert board.hook("live-turn-0").value.startswith(turn)
    assert nil in board.hook("live-bids-0").value
    assert table.hook("table-bid-0").value == nil  # Beta deals hand 2: Gamma bids first
    assert table.hook("table-contract-1").value == bid
    minus = "\u2066-58\u2069" if language == "he" else "-58"
    assert board.hook("live-score-0-0").value == minus
    assert table.hook("table-score-0").value == minus


@pytest.mark.parametrize("language", ["sq", "en", "th", "he"])
def test_every_line_of_the_summary_starts_as_a_sentence(language):
    """Albanian puts the verb first ("ndan Besa"): a line that does not start
    with a name starts with a capital, as in every other language."""
    from scorekeeper.core.scoring import score_game
    from scorekeeper.ui.text import describe_hand

    game = Game(Variant.PARTNERSHIP, ("Arbër", "Besa", "Çlirim", "Drita"), 0, RuleSet())
    game = replace(game, hands=(hand([4, 3, "nil", 4], [4, 3, 2, 4]),))
    with i18n.language(language):
        lines = describe_hand(game, score_game(game), 0)
    assert len(lines) >= 5
    for line in lines:
        assert not line[0].islower(), line


def test_the_preview_of_a_hand_keeps_a_score_sign_in_front_in_hebrew(store):
    """The preview's new score is written as every other score is: -19, never 19-."""
    from scorekeeper.ui.screens.hand import HandView
    from scorekeeper.ui.state import AppState
    from tests.test_ui_state import play, start

    state = start(AppState(store))
    play(state, [3, 3, 3, 3], [4, 3, 3, 3])  # 61 to 60
    state.begin_hand()
    for seat, bid in enumerate(("4", "3", "4", "3")):
        state.focus_seat(seat)
        state.press(bid)
    state.to_tricks()
    for seat, tricks in enumerate(("0", "13", "0", "0")):  # Alex and Charlie are set: -80
        state.focus_seat(seat)
        state.press(tricks)
    with i18n.language("he"):
        view = HandView(state, lambda *args, **kwargs: None)
    preview = next(
        c for c in view.notes.controls if isinstance(c, ft.Semantics) and c.identifier == "preview"
    )
    lines = [text.value for text in preview.content.controls]
    assert any("\u2066-80\u2069" in line and "\u2066-19\u2069" in line for line in lines), lines
