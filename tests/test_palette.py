"""Text contrast in both themes: every text colour against every background it
is drawn on, by the WCAG 2 formula."""

import pytest

from scorekeeper.ui.palette import DARK, LIGHT, TEXT_ON, Palette


def luminance(hex_colour: str) -> float:
    value = hex_colour.lstrip("#")
    channels = [int(value[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_formula():
    assert contrast("#000000", "#FFFFFF") == pytest.approx(21)
    assert contrast("#777777", "#FFFFFF") == pytest.approx(4.48, abs=0.01)
    # the side colours before: 3.7 to 4.4
    assert contrast("#E64A19", LIGHT.surface) < 4.5 and contrast("#1976D2", DARK.surface) < 4.5


@pytest.mark.parametrize("palette", [LIGHT, DARK], ids=["light", "dark"])
def test_every_text_colour_is_readable_on_its_backgrounds(palette: Palette):
    low = [
        (text, ground, round(contrast(getattr(palette, text), getattr(palette, ground)), 2))
        for text, grounds in TEXT_ON.items()
        for ground in grounds
        if contrast(getattr(palette, text), getattr(palette, ground)) < 4.5
    ]
    assert low == []


def test_the_sides_look_different():
    for palette in (LIGHT, DARK):
        assert palette.side_1 != palette.side_2


def test_the_board_ink_and_the_logo_are_readable():
    from scorekeeper.ui.palette import BOARD, BOARD_TEXT_ON, LOGO_GROUND, LOGO_MARK

    checked = [(BOARD.ink, BOARD.side_1_ground), (BOARD.ink, BOARD.side_2_ground)]
    assert all(pair in BOARD_TEXT_ON for pair in checked)
    assert [round(contrast(t, g), 2) for t, g in checked if contrast(t, g) < 4.5] == []
    # the spade is a 30 px symbol, large text: 3:1
    assert contrast(LOGO_MARK, LOGO_GROUND) >= 3


def test_the_board_side_names_are_readable_and_the_keepers_colours():
    from scorekeeper.ui.palette import BOARD

    for text, ground in zip(BOARD.sides, BOARD.grounds, strict=True):
        assert contrast(text, ground) >= 4.5
    assert BOARD.sides == (LIGHT.side_1, LIGHT.side_2), "one palette: side 2 is the orange"


def test_the_watch_pages_use_the_keepers_colours(tmp_path):
    """Every colour drawn on the watch board and the table display is a role of
    the theme (side 1 and 2 as on the keeper's app) or one of this palette's:
    no colour of their own (a red-orange for side 2 was one)."""
    import asyncio
    import dataclasses
    from dataclasses import replace

    import flet as ft

    from scorekeeper.storage.store import GameStore
    from scorekeeper.ui.palette import BOARD
    from tests.factories import EVEN, game
    from tests.inprocess import open_watch

    roles = {f.name.replace("_", "") for f in dataclasses.fields(ft.ColorScheme)}
    ours = {
        value.upper() for palette in (LIGHT, DARK, BOARD) for value in dataclasses.astuple(palette)
    }

    async def colours() -> set[str]:
        with GameStore(tmp_path) as store:
            saved = store.create(replace(game(EVEN), team_names=("Us", "")))
            board = await open_watch(store, "/live")
            table = await open_watch(store, f"/live/{saved.id}", size=(1280, 800))
            return {
                getattr(getattr(c, name), "value", getattr(c, name))  # an ft.Colors or a hex
                for app in (board, table)
                for c in app.walk()
                for name in ("color", "bgcolor")
                if getattr(c, name, None) is not None
            }

    used = asyncio.run(colours())
    assert {c for c in used if c not in roles and c.upper() not in ours} == set()
    assert {"secondary", "tertiary", LIGHT.side_2} <= used, used


# Colours the screens may name: the theme's roles, built from the palette above.
ROLES = {
    "PRIMARY", "ON_PRIMARY", "PRIMARY_CONTAINER", "SECONDARY", "SECONDARY_CONTAINER",
    "TERTIARY", "TERTIARY_CONTAINER", "ERROR", "ON_ERROR", "ERROR_CONTAINER",
    "ON_SURFACE", "OUTLINE", "OUTLINE_VARIANT", "SURFACE_CONTAINER_HIGH", "TRANSPARENT",
}  # fmt: skip


def test_no_screen_draws_a_colour_outside_the_palette():
    """Every colour is a role of the theme or a constant of palette.py, so the
    tests above see it: no ft.Colors.BLUE_700 or "#1976D2" in a screen."""
    import re
    from pathlib import Path

    ui = Path(__file__).parent.parent / "scorekeeper" / "ui"
    found = []
    for path in sorted(ui.rglob("*.py")):
        if path.name == "palette.py":
            continue
        text = path.read_text(encoding="utf-8")
        # (the seed only fills the theme's slots the palette leaves open)
        for name in re.findall(r"(?<!color_scheme_seed=)ft\.Colors\.([A-Z_0-9]+)", text):
            if name not in ROLES:
                found.append(f"{path.name}: ft.Colors.{name}")
        for literal in re.findall(r"[\"']#[0-9A-Fa-f]{3,8}[\"']", text):
            found.append(f"{path.name}: {literal}")
    assert found == []
