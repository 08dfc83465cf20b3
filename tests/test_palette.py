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
