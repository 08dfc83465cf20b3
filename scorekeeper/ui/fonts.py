"""The fonts a page registers, and the ones it keeps until a name needs them.

Roboto draws Latin; the bundled Noto and DejaVu fonts draw Thai, Hebrew and
the symbols the screens show. With a prepared web client (`webclient.py`)
these are cut to the characters below; the Arabic and colour emoji fonts are
big and rarely needed, so a page registers them only once a name on a screen
has a character only they draw. Kept apart from the client's build so that a
running session imports none of the build's tools.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import flet as ft

# The fonts as bundled in assets/fonts, registered whole where there is no
# prepared client (a native build); family -> path under the assets.
BUNDLED_FONTS = {
    "NotoSansThai": "fonts/NotoSansThai-Regular.ttf",
    "NotoSansHebrew": "fonts/NotoSansHebrew-Regular.ttf",
    "NotoSansArabic": "fonts/NotoSansArabic-Regular.ttf",
    "NotoSansSymbols2": "fonts/NotoSansSymbols2-Regular.ttf",
    "NotoColorEmoji": "fonts/NotoColorEmoji.ttf",
    "DejaVuSans": "fonts/DejaVuSans.ttf",
}
PageFonts = tuple[dict[str, str], dict[str, str]]  # registered at start; kept waiting

# -- what the app shows ----------------------------------------------------------
LATIN = [
    *range(0x20, 0x7F),  # Basic Latin
    *range(0xA0, 0x250),  # Latin-1 (Albanian ç ë), Latin Extended-A and -B
    *range(0x1E00, 0x1F00),  # Latin Extended Additional
    *range(0x2000, 0x2070),  # punctuation, bidi isolates
    0x20AC,  # euro
    0x2122,  # trade mark
    0x2212,  # minus
]
THAI = [*range(0x0E00, 0x0E80), 0x20, 0x2D, 0x2E, 0x200B, 0x25CC]
HEBREW = [*range(0x0590, 0x0600), *range(0xFB1D, 0xFB50), 0x20, 0x2D, 0x2E, 0x25CC]
ARABIC_BLOCKS = (
    range(0x0600, 0x0700),
    range(0x0750, 0x0780),  # supplement
    range(0x08A0, 0x0900),  # extended-A
    range(0xFB50, 0xFE00),  # presentation forms A
    range(0xFE70, 0xFF00),  # presentation forms B
)
ARABIC_LETTERS = frozenset(code for block in ARABIC_BLOCKS for code in block)
ARABIC = [*sorted(ARABIC_LETTERS), 0x20, 0x200C, 0x200D, 0x25CC]
# Symbols the screens show (→ ━ ♠ ✓ ·) and the few people put in names.
SYMBOLS = [
    *range(0x2190, 0x2200),  # arrows
    *range(0x2500, 0x2580),  # box drawing
    *range(0x25A0, 0x2600),  # geometric shapes
    *range(0x2605, 0x2607),  # stars
    *range(0x2610, 0x2613),  # ballot boxes
    *range(0x263A, 0x263D),  # smileys
    0x2640,
    0x2642,
    *range(0x2660, 0x2668),  # card suits
    *range(0x2669, 0x2670),  # notes
    *range(0x2713, 0x2719),  # check marks and crosses
    0x2764,  # heart
    *range(0x2260, 0x2262),
    0x2264,
    0x2265,
]

# Invisible marks: word joiner, bidi marks and the isolates put around names.
# Roboto lacks most of them: a text holding one drawn before the page's fonts
# arrived made the engine fetch a Chinese font for it. Roboto and DejaVu Sans
# draw them all (each missing one as an empty glyph they have: fontcut.py).
MARKS = [*range(0x200B, 0x2010), 0x2060, *range(0x2066, 0x206A)]

# family -> (source under assets/fonts, subset, where the build puts it)
TEXT_FONTS: dict[str, tuple[str, list[int], str]] = {
    "NotoSansThai": ("NotoSansThai-Regular.ttf", THAI, "fonts/NotoSansThai.ttf"),
    "NotoSansHebrew": ("NotoSansHebrew-Regular.ttf", HEBREW, "fonts/NotoSansHebrew.ttf"),
    "DejaVuSans": ("DejaVuSans.ttf", [*SYMBOLS, *MARKS], "fonts/DejaVuSans.ttf"),
}
# Registered only once a name needs them: most tables never do. The emoji font
# is kept whole (its colour tables do not subset).
ARABIC_FAMILY = "NotoSansArabic"
EMOJI_FAMILY = "NotoColorEmoji"
EMOJI_FONT = "fonts/NotoColorEmoji.ttf"
ON_DEMAND_FONTS: dict[str, tuple[str, list[int] | None, str]] = {
    ARABIC_FAMILY: ("NotoSansArabic-Regular.ttf", ARABIC, "fonts/NotoSansArabic.ttf"),
    EMOJI_FAMILY: ("NotoColorEmoji.ttf", None, EMOJI_FONT),
}


_SYMBOL_SET = frozenset(SYMBOLS)
# Emoji outside the planes of pictographs: presentation selector, stars, arrows.
_EMOJI_EXTRA = frozenset(
    (
        0xFE0F,
        0x203C,
        0x2049,
        0x2B05,
        0x2B06,
        0x2B07,
        0x2B1B,
        0x2B1C,
        0x2B50,
        0x2B55,
        0x3030,
        0x303D,
        0x3297,
        0x3299,
        0x2139,
        0x24C2,
        0x2934,
        0x2935,
    )
)


def needs_emoji(text: str) -> bool:
    """Whether `text` has a character only the colour emoji font draws."""
    for char in text:
        code = ord(char)
        if code < 0x2000:
            continue
        if code >= 0x1F000 or code in _EMOJI_EXTRA:
            return True
        if 0x2600 <= code < 0x2800 and code not in _SYMBOL_SET:
            return True
    return False


def needs_arabic(text: str) -> bool:
    """Whether `text` has an Arabic letter (the Arabic font is loaded on demand)."""
    return any(ord(char) in ARABIC_LETTERS for char in text)


NEEDED_BY = {ARABIC_FAMILY: needs_arabic, EMOJI_FAMILY: needs_emoji}


def wanted_fonts(names: Iterable[str], waiting: dict[str, str]) -> dict[str, str]:
    """Of the fonts kept waiting (family -> url), those one of `names` needs."""
    shown = list(names)
    return {
        family: url
        for family, url in waiting.items()
        if any(NEEDED_BY[family](name) for name in shown)
    }


def lean_fonts(base: str) -> PageFonts:
    """The page fonts of a prepared client served under `base`, and those kept
    until a name needs them (family -> url each)."""
    fonts = {family: base + target for family, (_, _, target) in TEXT_FONTS.items()}
    waiting = {family: base + target for family, (_, _, target) in ON_DEMAND_FONTS.items()}
    return fonts, waiting


def load_needed_fonts(page: ft.Page, waiting: dict[str, str], names: Iterable[str]) -> bool:
    """Register the waiting fonts (family -> url) a name shown now needs, and
    forget them from `waiting`. Returns whether there were any."""
    wanted = wanted_fonts(names, waiting)
    if wanted:
        page.fonts = {**(page.fonts or {}), **wanted}
        for family in wanted:
            del waiting[family]
    return bool(wanted)
