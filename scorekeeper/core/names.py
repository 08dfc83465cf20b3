"""Players' and sides' names: what one may hold, and when two are one.

A name is a short text in any script (Hebrew, Thai with its marks, a Persian
name with its zero-width non-joiner, emoji joined by a zero-width joiner)
with at least one character that shows: a Hangul filler, a blank braille
pattern or a default-ignorable code point alone draws nothing. Control,
reordering and format characters (category Cf) are refused inside a name,
except a zero-width non-joiner or joiner between letters of the scripts that
use them (Arabic, the Indic scripts...) and a joiner between emoji. Two names
of one game that look the same (`look_alike_key`) are refused, naming both.
Messages quote the bad value with invisible characters spelled out
(`'E\\u200bd'`).
"""

import unicodedata
from collections.abc import Sequence
from typing import Any

from scorekeeper.core.model import Variant
from scorekeeper.errors import QUOTE_LIMIT, Clipped, Problem
from scorekeeper.i18n import _, ngettext

MAX_NAME_LENGTH = 30
# Characters that reorder or hide text around them (bidi embeddings, overrides,
# isolates and marks): in a name they can make a score sheet or a terminal lie.
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e") | frozenset(
    "\u2066\u2067\u2068\u2069"
)
# Tag characters (U+E0000 to U+E007F) draw nothing, so a name could carry
# hidden text, or look like another player's.
TAGS = range(0xE0000, 0xE0080)
ZWNJ, ZWJ = "\u200c", "\u200d"
# Letters that draw nothing: the Hangul fillers and the blank braille pattern.
BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
# Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt, 15.1).
DEFAULT_IGNORABLE = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
# Scripts in which a zero-width non-joiner or joiner changes how letters join
# (the first word of a character's Unicode name).
JOINING_SCRIPTS = frozenset(
    [
        "ARABIC",
        "SYRIAC",
        "NKO",
        "MANDAIC",
        "DEVANAGARI",
        "BENGALI",
        "GURMUKHI",
        "GUJARATI",
        "ORIYA",
        "TAMIL",
        "TELUGU",
        "KANNADA",
        "MALAYALAM",
        "SINHALA",
        "MYANMAR",
        "KHMER",
        "TIBETAN",
        "MONGOLIAN",
        "LIMBU",
        "BALINESE",
        "JAVANESE",
        "SUNDANESE",
        "BRAHMI",
        "KAITHI",
        "SHARADA",
        "TAKRI",
        "NEWA",
    ]
)


def is_default_ignorable(char: str) -> bool:
    """A character Unicode says to draw as nothing where it is not supported."""
    code = ord(char)
    return any(low <= code <= high for low, high in DEFAULT_IGNORABLE)


def is_visible(char: str) -> bool:
    """Whether `char` draws something a reader can see on its own."""
    return (
        unicodedata.category(char)[0] in "LNPS"
        and char not in BLANKS
        and not is_default_ignorable(char)
    )


class Shown(Clipped):
    """`{name!r}` quoting a name with its invisible characters spelled out
    (`\\u200b`, `\\u3164`): repr leaves printable ones such as a Hangul
    filler as they are, and a reader would see nothing."""

    def __init__(self, value: Any) -> None:
        text = repr(value)
        if isinstance(value, str):
            text = "".join(
                c
                if c.isascii() or is_visible(c) or unicodedata.category(c)[0] == "M"
                else f"\\u{ord(c):04x}"
                if ord(c) <= 0xFFFF
                else f"\\U{ord(c):08x}"
                for c in text
            )
        self.text = text if len(text) <= QUOTE_LIMIT else text[: QUOTE_LIMIT - 1] + "…"


def hidden_char(text: str) -> str | None:
    """The first control or reordering character in `text`, if any."""
    return next(
        (
            c
            for c in text
            if unicodedata.category(c) in ("Cc", "Cs", "Co", "Cn")
            or c in BIDI_CONTROLS
            or ord(c) in TAGS
        ),
        None,
    )


def _script(char: str) -> str:
    return unicodedata.name(char, "").split(" ", 1)[0]


def _joiner_fits(text: str, at: int) -> bool:
    """A ZWNJ or ZWJ at `at` sits between letters (or a letter's marks) of a
    script that uses it, or a ZWJ between emoji."""
    if at == 0 or at == len(text) - 1:
        return False
    before, after = text[at - 1], text[at + 1]
    if before == "\ufe0f" and at >= 2:  # an emoji's presentation selector
        before = text[at - 2]
    if text[at] == ZWJ and unicodedata.category(after) == "So":
        return unicodedata.category(before) in ("So", "Sk")
    return (
        unicodedata.category(before)[0] in "LM"
        and unicodedata.category(after)[0] == "L"
        and _script(before) in JOINING_SCRIPTS
        and _script(after) in JOINING_SCRIPTS
    )


def unseen_char(text: str) -> str | None:
    """The first format character (other than a joiner where it belongs) or
    blank letter in `text`, if any."""
    for at, char in enumerate(text):
        if char in BLANKS:
            return char
        if unicodedata.category(char) == "Cf" and not (
            char in (ZWNJ, ZWJ) and _joiner_fits(text, at)
        ):
            return char
    return None


def name_problem(name: str) -> str | None:
    """Why `name` cannot be a player's or a side's name, or None."""
    char = hidden_char(name)
    if char is not None:
        return _(
            "name {name!r} contains an invisible control character (U+{code:04X}); "
            "type the name again"
        ).format(name=Shown(name), code=ord(char))
    if not any(is_visible(c) for c in name):
        return _("name {name!r} has no visible letter or digit").format(name=Shown(name))
    char = unseen_char(name)
    if char is not None:
        return _(
            "name {name!r} contains an invisible character (U+{code:04X}); type the name again"
        ).format(name=Shown(name), code=ord(char))
    return None


def look_alike_key(name: str) -> str:
    """What two names that look the same have in common: compatibility forms
    folded (NFKC), invisible characters dropped, case folded."""
    text = unicodedata.normalize("NFKC", name)
    text = "".join(c for c in text if not is_default_ignorable(c) and c not in BLANKS)
    return unicodedata.normalize("NFKC", text.casefold())


def _too_long(name: str) -> str:
    return ngettext(
        "name {name!r} is too long: at most {limit} character",
        "name {name!r} is too long: at most {limit} characters",
        MAX_NAME_LENGTH,
    ).format(name=Shown(name), limit=MAX_NAME_LENGTH)


def _same_as(name: str, other: str, seat: int) -> str:
    return _(
        "{name!r} looks the same as {other!r}, player {seat}: give each player a different name"
    ).format(name=Shown(name), other=Shown(other), seat=seat)


def player_name_problems(players: Sequence[Any]) -> list[Problem]:
    """Each player's name: given, short, visible, and unlike the others'."""
    problems = []
    seen: dict[str, tuple[int, str]] = {}
    for seat, name in enumerate(players):
        key = f"players.{seat}"
        if not isinstance(name, str) or not name.strip():
            problems.append(Problem(key, _("player {seat} needs a name").format(seat=seat + 1)))
            continue
        clean = name.strip()
        problem = _too_long(clean) if len(clean) > MAX_NAME_LENGTH else name_problem(clean)
        if problem:
            problems.append(Problem(key, problem))
            continue
        alike = look_alike_key(clean)
        if alike in seen:
            other_seat, other = seen[alike]
            problems.append(Problem(key, _same_as(clean, other, other_seat + 1)))
        else:
            seen[alike] = (seat, clean)
    return problems


def team_name_problems(variant: Variant, names: Any) -> list[Problem]:
    """Optional side names: one per side (or none at all), each a short
    visible text, no two alike."""
    if names is None or (isinstance(names, list | tuple) and len(names) == 0):
        return []
    sides = len(variant.sides)
    if not isinstance(names, list | tuple) or len(names) != sides:
        return [
            Problem(
                "team_names",
                _("side names must be a list of {count} texts, got {value!r}").format(
                    count=sides, value=Clipped(names)
                ),
            )
        ]
    problems = []
    seen: dict[str, str] = {}
    for side, name in enumerate(names):
        key = f"team_names.{side}"
        if not isinstance(name, str):
            problems.append(
                Problem(key, _("side name {value!r} must be a text").format(value=Clipped(name)))
            )
            continue
        clean = name.strip()
        if not clean:
            continue
        problem = _too_long(clean) if len(clean) > MAX_NAME_LENGTH else name_problem(clean)
        if problem:
            problems.append(Problem(key, problem))
        elif (alike := look_alike_key(clean)) in seen:
            message = _(
                "side name {name!r} looks the same as {other!r}: give each side a different name"
            ).format(name=Shown(clean), other=Shown(seen[alike]))
            problems.append(Problem(key, message))
        else:
            seen[alike] = clean
    return problems


def clean_team_names(names: Any) -> tuple[str, ...]:
    """Stored form: stripped, and () when no side is named."""
    cleaned = tuple(str(n).strip() for n in names or ())
    return cleaned if any(cleaned) else ()
