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


@pytest.mark.xfail(
    strict=True, reason="the board's side colours are below 4.5:1 on their blocks (3.6 and 4.0)"
)
def test_the_board_side_names_are_readable():
    from scorekeeper.ui.palette import BOARD

    for text, ground in zip(BOARD.sides, BOARD.grounds, strict=True):
        assert contrast(text, ground) >= 4.5


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
