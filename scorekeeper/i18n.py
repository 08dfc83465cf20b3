"""The one translation layer: every user-visible string goes through `_`.

English is the source language; catalogs for other languages live in
scorekeeper/locale/<lang>/LC_MESSAGES/scorekeeper.mo and are picked by the
usual LANGUAGE / LC_ALL / LANG variables.
"""

import gettext
from pathlib import Path

LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "scorekeeper"

_translation = gettext.translation(DOMAIN, localedir=LOCALE_DIR, fallback=True)


def _(message: str) -> str:
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _translation.ngettext(singular, plural, n)


def use_language(language: str | None) -> None:
    """Switch catalogs at run time (None: follow the environment)."""
    global _translation
    languages = [language] if language else None
    _translation = gettext.translation(
        DOMAIN, localedir=LOCALE_DIR, languages=languages, fallback=True
    )
