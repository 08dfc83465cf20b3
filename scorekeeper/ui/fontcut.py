"""Fonts cut to what the app shows, for the lean web client (fontTools'
subsetter): the Material icons font to the icons the screens name, Roboto to
Latin, the bundled text fonts to their scripts. Only a client's build runs
this; fontTools is imported when it does.
"""

from __future__ import annotations

import io
import json
import re
import shutil
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from scorekeeper.ui.fonts import LATIN, MARKS, ON_DEMAND_FONTS, TEXT_FONTS

if TYPE_CHECKING:
    from fontTools.ttLib import TTFont

ROBOTO = "assets/fonts/roboto.woff2"
MATERIAL_ICONS = "assets/fonts/MaterialIcons-Regular.otf"
# Flutter's engine fetches a Noto font of its own (from its fallback folder,
# assets/fonts/ here) for a character no font it knows yet draws: on the first
# frames of a page, or of a reload, before the page's theme and fonts are in
# place. Those addresses, named in the engine, get the app's own cut of the
# same script (the symbols: DejaVu Sans's), so the request is answered with a
# file the page has anyway. Engine folder -> our family.
ENGINE_FALLBACKS = {
    "notosansthai": "NotoSansThai",
    "notosanshebrew": "NotoSansHebrew",
    "notosansarabic": "NotoSansArabic",
    "notosanssymbols": "DejaVuSans",
    "notosanssymbols2": "DejaVuSans",
}
ENGINE_FONT = re.compile(
    rb"\b(notosans(?:thai|hebrew|arabic|symbols2?))/v\d+/[A-Za-z0-9_.-]+\.(?:woff2|ttf)"
)
ENGINE_CODE = ("main.dart.js", "main.dart.wasm")


class MissingIcon(ValueError):
    """An icon the screens name that Flutter's icon font does not have."""


def subset_font(
    data: bytes, unicodes: Iterable[int], *, flavor: str | None = None, keep_layout: bool = True
) -> bytes:
    """`data` cut to the glyphs of `unicodes` (and what their shaping needs)."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    options = subset.Options()
    options.flavor = flavor
    options.layout_features = ["*"] if keep_layout else []
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.drop_tables += ["DSIG", "FFTM"]
    font = TTFont(io.BytesIO(data))
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=list(unicodes))
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def with_every_mark(data: bytes) -> bytes:
    """A font that draws the word joiner (or the zero width space) draws every
    invisible mark of MARKS it lacks (the bidi isolates) as that same empty
    glyph; others unchanged. Roboto, loaded before the first frame, then
    covers every mark: none sends the engine looking for a font of its own."""
    from fontTools.ttLib import TTFont

    font = TTFont(io.BytesIO(data))
    cmap = font.getBestCmap()
    joiner = cmap.get(0x2060) or cmap.get(0x200B)
    if joiner is None:
        return data
    for table in font["cmap"].tables:
        if table.isUnicode():
            for code in MARKS:
                if table.format != 4 or code <= 0xFFFF:
                    table.cmap.setdefault(code, joiner)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def icon_codepoints(font: TTFont, icons: Iterable[str]) -> list[int]:
    """The code points of Flet icon names (ADD, ADD_OUTLINED, ...) in Flutter's
    MaterialIcons font, whose glyphs are named `add_baseline`, `add_outlined`..."""
    by_glyph: dict[str, int] = {}
    for code, glyph in font.getBestCmap().items():
        by_glyph.setdefault(glyph, code)
    codes: list[int] = []
    for name in icons:
        lower = name.lower()
        style = "baseline"
        for suffix in ("outlined", "rounded", "sharp"):
            if lower.endswith("_" + suffix):
                lower, style = lower[: -len(suffix) - 1], suffix
        glyph = f"{lower}_{style}"
        if glyph not in by_glyph:
            glyph = f"_{glyph}"  # names that begin with a digit
        if glyph not in by_glyph:
            raise MissingIcon(f"icon {name!r} is not in the MaterialIcons font")
        codes.append(by_glyph[glyph])
    return codes


def cut_fonts(source: Path, assets: Path, work: Path, icons: list[str]) -> dict[str, str]:
    """Write the cut fonts into the client folder `work`, from Flet's client
    (`source`) and the app's assets; returns the text fonts (family -> path)."""
    from fontTools.ttLib import TTFont

    icons_path = work / MATERIAL_ICONS
    font = TTFont(source / MATERIAL_ICONS)
    codes = icon_codepoints(font, icons)
    icons_path.write_bytes(
        subset_font((source / MATERIAL_ICONS).read_bytes(), codes, keep_layout=False)
    )
    roboto = (source / ROBOTO).read_bytes()
    (work / ROBOTO).write_bytes(with_every_mark(subset_font(roboto, LATIN, flavor="woff2")))
    fonts: dict[str, str] = {}
    for family, (name, unicodes, target) in TEXT_FONTS.items():
        out = work / target
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(
            with_every_mark(subset_font((assets / "fonts" / name).read_bytes(), unicodes))
        )
        fonts[family] = target
    for name, some, target in ON_DEMAND_FONTS.values():
        font = assets / "fonts" / name
        if not font.is_file():
            continue
        (work / target).parent.mkdir(parents=True, exist_ok=True)
        if some is None:
            shutil.copyfile(font, work / target)
        else:
            (work / target).write_bytes(subset_font(font.read_bytes(), some))
    engine_fallbacks(source, work)
    return fonts


def engine_fallbacks(source: Path, work: Path) -> list[str]:
    """Put the app's cut fonts at the addresses Flutter's engine asks for its
    own fallback fonts (ENGINE_FALLBACKS); returns those paths."""
    cut = {family: target for family, (_, _, target) in {**TEXT_FONTS, **ON_DEMAND_FONTS}.items()}
    found: set[tuple[str, str]] = set()
    for name in ENGINE_CODE:
        code = source / name
        if code.is_file():
            for match in ENGINE_FONT.finditer(code.read_bytes()):
                found.add((match.group(1).decode(), match.group(0).decode()))
    placed: list[str] = []
    for folder, path in sorted(found):
        ours = work / cut[ENGINE_FALLBACKS[folder]]
        if ours.is_file():
            target = work / "assets" / "fonts" / path
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(ours, target)
            placed.append(f"assets/fonts/{path}")
    return placed


# Known to the engine before the first frame (the manifest's fonts are loaded
# before the app starts), so a symbol drawn then (the set-up's ♠) never sends
# the engine looking for a font of its own; the same file as the page
# registers, by an address that resolves to it (one download).
EARLY_FONTS = ("DejaVuSans",)


def write_font_manifest(work: Path) -> None:
    """The icon font, Roboto and the symbols (EARLY_FONTS): Flutter loads every
    manifest font at start, so the scripts' fonts are left to the page."""
    manifest = [
        {"family": "MaterialIcons", "fonts": [{"asset": MATERIAL_ICONS.removeprefix("assets/")}]},
        {"family": "Roboto", "fonts": [{"asset": ROBOTO.removeprefix("assets/")}]},
        *(
            {"family": family, "fonts": [{"asset": "../" + TEXT_FONTS[family][2]}]}
            for family in EARLY_FONTS
        ),
    ]
    (work / "assets" / "FontManifest.json").write_text(json.dumps(manifest), encoding="utf-8")
