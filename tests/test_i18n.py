"""The translation layer: every message in the code is in the catalogs."""

import gettext
from pathlib import Path

from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from scorekeeper import i18n

PACKAGE = Path(i18n.__file__).parent
KEYWORDS = {"_": None, "ngettext": (1, 2), "N_": None, "NN_": (1, 2), "later": None}


def source_messages() -> set[str]:
    found = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(PACKAGE), keywords=KEYWORDS
    ):
        found.add(message if isinstance(message, str) else message[0])
    return found


def catalog_messages(path: Path) -> set[str]:
    with path.open("rb") as f:
        return {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(f) if m.id}


def test_template_is_up_to_date():
    in_code = source_messages()
    in_template = catalog_messages(PACKAGE / "locale" / "scorekeeper.pot")
    assert len(in_code) > 100
    assert in_code == in_template, "run `make catalog` to refresh the message catalogs"


def test_english_catalog_covers_the_template_and_compiles():
    english = PACKAGE / "locale" / "en" / "LC_MESSAGES"
    assert catalog_messages(english / "scorekeeper.po") == catalog_messages(
        PACKAGE / "locale" / "scorekeeper.pot"
    )
    translation = gettext.translation("scorekeeper", localedir=PACKAGE / "locale", languages=["en"])
    assert isinstance(translation, gettext.GNUTranslations)


def test_switching_language_goes_through_the_catalogs():
    i18n.use_language("en")
    try:
        assert i18n._("New game") == "New game"
        assert i18n.ngettext("{n} hand", "{n} hands", 2) == "{n} hands"
    finally:
        i18n.use_language(None)
