"""The one translation layer: every user-visible string goes through `_`.

Strings are translated when they are shown, never when a module is imported:
the language in force is a context variable. The app sets it per browser tab
around each action and render (`language(code)`), so two tabs can show two
languages; the command line follows LANGUAGE / LC_ALL / LC_MESSAGES / LANG.

Messages that must be written down before a language is known (tables of
labels) are marked with `N_` and translated with `_` where they are shown.
Numbers, dates and times are formatted for the language with Babel.

English is the source language; the other catalogs live in
scorekeeper/locale/<lang>/LC_MESSAGES/scorekeeper.po (compiled to .mo by
`make catalog`). Adding a language: `pybabel init -i scorekeeper/locale/scorekeeper.pot
-d scorekeeper/locale -D scorekeeper -l <lang>`, translate it following a new
docs/glossary/<lang>.md, and add it to LANGUAGES below.
"""

import contextvars
import gettext
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date, datetime
from functools import cache
from pathlib import Path

from babel import Locale, dates, numbers

LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "scorekeeper"
DEFAULT = "en"

# The languages the app offers, each named in itself (for the picker).
LANGUAGES = {"en": "English", "th": "ไทย", "sq": "Shqip", "he": "עברית"}
RIGHT_TO_LEFT = frozenset({"he"})
# Old or regional codes that mean one of ours.
ALIASES = {"iw": "he", "als": "sq"}
# A test language: every message marked so that untranslated text stands out.
PSEUDO = "qps"


class PseudoTranslations(gettext.NullTranslations):
    """Every message accented and wrapped in ⟦ ⟧, placeholders kept as they are.
    A screen rendered in it must show no plain ASCII letter outside user data."""

    ACCENTS = str.maketrans(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
        "áƀçđéƒĝĥíĵķĺɱñóƥʠŕšţúʋŵẋýžÁƁÇĐÉƑĜĤÍĴĶĹṀÑÓƤǪŔŠŢÚƲŴẊÝŽ",
    )
    PLACEHOLDER = re.compile(r"(\{[^{}]*\})")

    def gettext(self, message: str) -> str:
        parts = self.PLACEHOLDER.split(message)
        return (
            "⟦"
            + "".join(
                p if self.PLACEHOLDER.fullmatch(p) else p.translate(self.ACCENTS) for p in parts
            )
            + "⟧"
        )

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self.gettext(msgid1 if n == 1 else msgid2)


@dataclass(frozen=True)
class Language:
    code: str
    translations: gettext.NullTranslations
    locale: Locale

    @property
    def rtl(self) -> bool:
        return self.code in RIGHT_TO_LEFT


def match(tag: str | None) -> str | None:
    """One of LANGUAGES for a locale tag ("he-IL", "th_TH.UTF-8", "sq"), else None."""
    if not tag:
        return None
    code = re.split(r"[-_.@]", tag.strip().lower(), maxsplit=1)[0]
    code = ALIASES.get(code, code)
    if code in LANGUAGES or code == PSEUDO:
        return code
    return None


def environment_language() -> str:
    """The language the environment asks for (the command line follows it)."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable)
        if not value:
            continue
        for tag in value.split(":"):
            found = match(tag)
            if found:
                return found
        if variable != "LANGUAGE":
            break  # the first one set decides, as in C
    return DEFAULT


@cache
def get(code: str) -> Language:
    """The catalogs and Babel locale of one language (loaded once, shared)."""
    if code == PSEUDO:
        # Formats from a locale without Latin letters: English dates show up too.
        return Language(code, PseudoTranslations(), Locale.parse("ru"))
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}; known: {', '.join(LANGUAGES)}")
    translations = gettext.translation(
        DOMAIN, localedir=LOCALE_DIR, languages=[code], fallback=True
    )
    return Language(code, translations, Locale.parse(code))


_active: contextvars.ContextVar[Language] = contextvars.ContextVar("language")


def current() -> Language:
    try:
        return _active.get()
    except LookupError:
        return get(environment_language())


def use_language(code: str | None) -> contextvars.Token[Language]:
    """Set the language of the running context (None: follow the environment)."""
    return _active.set(get(code or environment_language()))


@contextmanager
def language(code: str | None) -> Iterator[Language]:
    """Run a block in one language, then go back to the one before."""
    token = use_language(code)
    try:
        yield _active.get()
    finally:
        _active.reset(token)


def _(message: str) -> str:
    return current().translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return current().translations.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark a message for the catalogs without translating it yet: `_`
    translates it where it is shown."""
    return message


def NN_(singular: str, plural: str) -> tuple[str, str]:
    """The same for a message with a count: `ngettext(*pair, n)` where shown."""
    return (singular, plural)


def is_rtl() -> bool:
    return current().rtl


# -- numbers, dates and times for the language in force ----------------------------


LEFT_TO_RIGHT_ISOLATE, POP_ISOLATE = "\u2066", "\u2069"
SIGNS = ("-", "+", "\u2212")


def numeric(text: str) -> str:
    """A formatted number as it must be shown. In a right-to-left language the
    bidi algorithm moves a leading sign to the right of the digits ("58-" for
    -58): a number with a sign is isolated left to right there, so it reads
    "-58" in any sentence, label or chart."""
    if current().rtl and text.lstrip("\u200e\u200f").startswith(SIGNS):
        return f"{LEFT_TO_RIGHT_ISOLATE}{text}{POP_ISOLATE}"
    return text


def number(value: int | float) -> str:
    return numeric(numbers.format_decimal(value, locale=current().locale))


def signed(value: int) -> str:
    """Points with their sign, +40 or -100."""
    return numeric(numbers.format_decimal(value, format="+#,##0;-#,##0", locale=current().locale))


def decimal(value: float, pattern: str = "#,##0.##") -> str:
    """A number with a fixed pattern, "0.0" for one decimal."""
    return numeric(numbers.format_decimal(value, format=pattern, locale=current().locale))


def percent(rate: float) -> str:
    return numeric(numbers.format_percent(rate, locale=current().locale))


def day(value: date) -> str:
    return dates.format_date(value, format="medium", locale=current().locale)


def moment(value: datetime) -> str:
    """A date and time, as in a game list: medium date, short time."""
    local, where = value.astimezone(), current().locale
    pattern = str(where.datetime_formats["medium"]).replace("'", "")
    return pattern.replace("{1}", dates.format_date(local, "medium", locale=where)).replace(
        "{0}", dates.format_time(local, "short", locale=where)
    )


class Later:
    """A message kept untranslated until it is shown: `str()` translates it into
    the language in force then (for text made before a reader is known, such as
    what the store found when it opened). Values that are `Later` too are
    translated with it."""

    def __init__(self, message: str, **values: object) -> None:
        self.message = message
        self.values = values

    def __str__(self) -> str:
        return _(self.message).format(**{k: str(v) for k, v in self.values.items()})

    def __repr__(self) -> str:
        return f"Later({self.message!r})"
