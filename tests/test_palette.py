"""Text contrast in both themes: every text colour against every background it
is drawn on, by the WCAG 2 formula."""

import pytest

from scorekeeper.ui.palette import (
    DARK,
    LIGHT,
    TABLE_NAMES,
    TABLE_PANELS,
    TABLE_TEXT,
    TEXT_ON,
    Palette,
)


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


def test_the_table_display_is_readable():
    """The table display is light in either theme: its texts on its panels."""
    for side, panel in enumerate(TABLE_PANELS):
        assert contrast(TABLE_TEXT, panel) >= 4.5
        assert contrast(TABLE_NAMES[side], panel) >= 4.5


def test_the_watch_pages_use_the_keepers_colours(tmp_path):
    """Every colour on the watch board and the table display is a role of the
    theme (side 1 and 2 as on the keeper's app) or one of this palette's: no
    colour of their own (a red-orange for side 2 was one)."""
    import asyncio
    import dataclasses
    from dataclasses import replace

    import flet as ft

    from scorekeeper.storage.store import GameStore
    from tests.factories import EVEN, game
    from tests.inprocess import open_watch

    roles = {f.name.replace("_", "") for f in dataclasses.fields(ft.ColorScheme)}
    ours = {
        value.upper() for palette in (LIGHT, DARK) for value in dataclasses.astuple(palette)
    } | {c.upper() for c in (*TABLE_PANELS, TABLE_TEXT, *TABLE_NAMES)}

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
    assert used, "the pages have colours"
    assert {c for c in used if c not in roles and c.upper() not in ours} == set()
    assert {"secondary", "tertiary"} <= used
