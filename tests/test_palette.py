"""Text contrast in both themes: every text colour against every background it
is drawn on, by the WCAG 2 formula."""

import math

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


# How a colour looks to a protanope, deuteranope and tritanope (Machado, Oliveira
# and Fernandes 2009, severity 1), on linear RGB.
SIGHT = {
    "normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protan": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deutan": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritan": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}


def lab(hex_colour: str, sight: str = "normal") -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of a colour as seen with `sight`."""
    value = hex_colour.lstrip("#")
    channels = [int(value[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    r, g, b = (
        min(1.0, max(0.0, sum(m * c for m, c in zip(row, linear, strict=True))))
        for row in SIGHT[sight]
    )
    xyz = (
        (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047,
        0.2126 * r + 0.7152 * g + 0.0722 * b,
        (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883,
    )
    fx, fy, fz = (t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116 for t in xyz)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(one: tuple[float, float, float], two: tuple[float, float, float]) -> float:
    """CIEDE2000 (Sharma, Wu and Dalal 2005): about 2 is just noticeable."""
    (l1, a1, b1), (l2, a2, b2) = one, two
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1, h2 = math.degrees(math.atan2(b1, a1)) % 360, math.degrees(math.atan2(b2, a2)) % 360
    dh = 0.0 if c1 * c2 == 0 else (h2 - h1 + 180) % 360 - 180
    d_big_h = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    l_mean, c_mean = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        h_mean = h1 + h2
    elif abs(h1 - h2) <= 180:
        h_mean = (h1 + h2) / 2
    else:
        h_mean = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_mean - 30))
        + 0.24 * math.cos(math.radians(2 * h_mean))
        + 0.32 * math.cos(math.radians(3 * h_mean + 6))
        - 0.20 * math.cos(math.radians(4 * h_mean - 63))
    )
    rotation = -math.sin(math.radians(60 * math.exp(-(((h_mean - 275) / 25) ** 2)))) * (
        2 * math.sqrt(c_mean**7 / (c_mean**7 + 25**7))
    )
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c, s_h = 1 + 0.045 * c_mean, 1 + 0.015 * c_mean * t
    dl, dc, dh_ = (l2 - l1) / s_l, (c2 - c1) / s_c, d_big_h / s_h
    return math.sqrt(dl**2 + dc**2 + dh_**2 + rotation * dc * dh_)


def closest(colours: dict[str, str], pairs_with: tuple[str, ...], sights: tuple[str, ...]):
    """The pair of `colours` (one of them in `pairs_with`) that looks most alike."""
    names = sorted(colours)
    return min(
        (round(delta_e(lab(colours[a], sight), lab(colours[b], sight)), 1), sight, a, b)
        for sight in sights
        for i, a in enumerate(names)
        for b in names[i + 1 :]
        if a in pairs_with or b in pairs_with
    )


SEEN = 15  # CIEDE2000 between sides (and the error red) with full colour vision
SEEN_COLOUR_BLIND = 5  # ... as a protanope, deuteranope or tritanope sees them
CVD = ("protan", "deutan", "tritan")


def test_the_colour_difference():
    # Sharma, Wu and Dalal's test data, pairs 1 and 17
    assert delta_e((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert delta_e((50, 2.5, 0), (73, 25, -18)) == pytest.approx(27.1492, abs=1e-4)
    # a protanope sees red and green alike
    assert delta_e(lab("#FF0000", "protan"), lab("#808000", "protan")) < delta_e(
        lab("#FF0000"), lab("#808000")
    )
    # before, side 3 was drawn in the primary blue, too close to side 1's blue
    for palette in (LIGHT, DARK):
        before = {"1": palette.side_1, "3": palette.primary}
        assert closest(before, ("3",), ("normal",))[0] < SEEN
        assert closest(before, ("3",), CVD)[0] < SEEN_COLOUR_BLIND


@pytest.mark.parametrize("palette", [LIGHT, DARK], ids=["light", "dark"])
def test_the_sides_look_different(palette: Palette):
    """Four sides and the error red, told apart at a glance; sides 3 and 4 also
    by colour-blind players. (Side 2's orange and the error red are alike to a
    deuteranope: an error is also said in words, never by colour alone.)"""
    colours = {f"side {s + 1}": c for s, c in enumerate(palette.sides)} | {"error": palette.error}
    assert closest(colours, tuple(colours), ("normal",))[0] >= SEEN
    assert closest(colours, ("side 3", "side 4"), CVD)[0] >= SEEN_COLOUR_BLIND


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
        assert contrast(BOARD.ink, ground) >= 4.5
    assert BOARD.sides == LIGHT.sides, "one palette: side 2 is the orange"


def test_the_watch_pages_use_the_keepers_colours(tmp_path):
    """Every colour drawn on the watch board and the table display is a role of
    the theme (side 1 and 2 as on the keeper's app) or one of this palette's:
    no colour of their own (a red-orange for side 2 was one)."""
    import asyncio
    import dataclasses
    from dataclasses import replace

    import flet as ft

    from scorekeeper.core.model import Game, RuleSet, Variant
    from scorekeeper.storage.store import GameStore
    from scorekeeper.ui.palette import BOARD
    from tests.factories import EVEN, PLAYERS, game
    from tests.inprocess import open_watch

    roles = {f.name.replace("_", "") for f in dataclasses.fields(ft.ColorScheme)}
    ours = {
        value.upper() for palette in (LIGHT, DARK, BOARD) for value in dataclasses.astuple(palette)
    }

    async def colours() -> set[str]:
        with GameStore(tmp_path) as store:
            saved = store.create(replace(game(EVEN), team_names=("Us", "")))
            solo = store.create(Game(Variant.SOLO, PLAYERS, 0, RuleSet(), ()))
            board = await open_watch(store, "/live")
            table = await open_watch(store, f"/live/{saved.id}", size=(1280, 800))
            table_4 = await open_watch(store, f"/live/{solo.id}", size=(1280, 800))
            return {
                getattr(getattr(c, name), "value", getattr(c, name))  # an ft.Colors or a hex
                for app in (board, table, table_4)
                for c in app.walk()
                for name in ("color", "bgcolor")
                if getattr(c, name, None) is not None
            }

    used = asyncio.run(colours())
    assert {c for c in used if c not in roles and c.upper() not in ours} == set()
    assert {"secondary", "tertiary", LIGHT.side_2} <= used, used
    # solo's four sides, each in its own colour on the board and the table display
    assert {"primaryfixed", "secondaryfixed", *BOARD.sides, *BOARD.grounds} <= used, used


# Colours the screens may name: the theme's roles, built from the palette above.
ROLES = {
    "PRIMARY", "ON_PRIMARY", "PRIMARY_CONTAINER", "SECONDARY", "SECONDARY_CONTAINER",
    "TERTIARY", "TERTIARY_CONTAINER", "PRIMARY_FIXED", "SECONDARY_FIXED",
    "ERROR", "ON_ERROR", "ERROR_CONTAINER",
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
