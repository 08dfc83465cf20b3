"""The translation layer: every message in the code is in the catalogs."""

import gettext
from pathlib import Path

from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from scorekeeper import i18n

PACKAGE = Path(i18n.__file__).parent
KEYWORDS = {"_": None, "ngettext": (1, 2), "N_": None, "NN_": (1, 2), "Later": None}


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


# -- the translated catalogs ------------------------------------------------------------

import re  # noqa: E402
import string  # noqa: E402
from datetime import UTC, datetime  # noqa: E402

import pytest  # noqa: E402
from babel.messages.mofile import read_mo  # noqa: E402

LANGUAGES = [code for code in i18n.LANGUAGES if code != "en"]


def fields(text: str) -> set[str]:
    return {
        f"{name}!{conv}"
        for _lit, name, _spec, conv in string.Formatter().parse(text)
        if name is not None
    }


def catalog(language: str):
    with (PACKAGE / "locale" / language / "LC_MESSAGES" / "scorekeeper.po").open("rb") as f:
        return read_po(f, locale=language)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_is_translated_with_its_placeholders_and_plural_forms(language):
    found = catalog(language)
    template = catalog_messages(PACKAGE / "locale" / "scorekeeper.pot")
    assert {m.id if isinstance(m.id, str) else m.id[0] for m in found if m.id} == template
    problems = []
    for m in found:
        if not m.id:
            continue
        if m.fuzzy:
            problems.append(f"fuzzy: {m.id!r}")
        if isinstance(m.id, str):
            if not m.string:
                problems.append(f"untranslated: {m.id!r}")
            elif fields(m.string) != fields(m.id):
                problems.append(f"placeholders differ: {m.id!r} -> {m.string!r}")
            continue
        forms = list(m.string)
        if len(forms) != found.num_plurals or not all(forms):
            problems.append(f"plural forms missing: {m.id!r} -> {forms!r}")
            continue
        wanted = fields(m.id[1])
        # The last form serves the counts above one: it keeps every placeholder.
        # The others may spell the count out ("one game") but add none.
        if fields(forms[-1]) != wanted:
            problems.append(f"placeholders differ: {m.id[1]!r} -> {forms[-1]!r}")
        for form in forms[:-1]:
            if not fields(form) <= wanted:
                problems.append(f"unknown placeholder: {m.id!r} -> {form!r}")
    assert problems == [], (
        f"translate these in scorekeeper/locale/{language}/LC_MESSAGES/scorekeeper.po "
        f"(words from docs/glossary/{language}.md), then `make catalog`"
    )


def flat(value):
    return value if isinstance(value, str) else tuple(value)


@pytest.mark.parametrize("language", LANGUAGES)
def test_compiled_catalog_matches_its_source(language):
    with (PACKAGE / "locale" / language / "LC_MESSAGES" / "scorekeeper.mo").open("rb") as f:
        compiled = {flat(m.id): flat(m.string) for m in read_mo(f) if m.id}
    source = {flat(m.id): flat(m.string) for m in catalog(language) if m.id}
    assert compiled == source, "run `make catalog` to compile the catalogs"


# The glossary (docs/glossary/<lang>.md): an English message that uses a term must
# use the language's word for it. Stems, so that inflected forms match. Thai
# compounds carry a WORD JOINER (U+2060): without it the line breaker may split them.
WJ = "\u2060"
# Joined between every letter: a line breaker that does not know บลายด์ splits it
# too (บลาย|ด์), not only between บลายด์ and นิล.
BLIND_NIL = WJ.join(["บ", "ล", "า", "ย", "ด์", "นิ", "ล"])
GLOSSARY = {
    r"blind nil|\bBN\b": {
        "th": f"{BLIND_NIL}|บ\\.{WJ}นิล",
        "sq": "nil i verbër|nil të verbër|nili i verbër|nilit të verbër|NV",
        "he": "ניל (ה)?עיוור|נ״ע",
    },
    r"(?<!blind )\bnil\b": {"th": "นิล", "sq": "nil", "he": "ניל"},
    r"^N$": {"th": "^นิล$", "sq": "^N$", "he": "^\u05e0\u05f3$"},
    r"\bbags?\b": {"th": "ถุง", "sq": "çant", "he": "שק"},
    r"\bdeal(er|s|t)\b": {"th": "เจ้ามือ", "sq": "nda|Nda", "he": "מחלק|חילק"},
    r"\btricks?\b(?! count)": {"th": "ทริค", "sq": "truk", "he": "טריק"},
    r"\bpartners?\b": {"th": "คู่", "sq": "partner", "he": "שותף|שותפ|זוגות"},
    r"\bset, |\bwere set\b|\bwill be set\b": {
        "th": "ล้ม",
        "sq": "kontrata ra|bjerë",
        "he": "נפילה|ייפול",
    },
    r"\bcontract made\b": {"th": "ทำได้", "sq": "kontrata u arrit", "he": "עמידה בחוזה"},
    r"\bleads?\b": {"th": "ออกไพ่ก่อน", "sq": "luan së pari", "he": "פותח"},
    r"\b(bids|draws|drew|draw) first\b": {"th": "ก่อน", "sq": "së pari", "he": "ראשון|ראשונה"},
    r"^Rest\b": {"th": "ที่เหลือ", "sq": "[Mm]betja", "he": "היתר"},
    r"\bhands?\b(?!\" )": {"th": "ตา", "sq": "dor|duar", "he": "יד"},
    r"\bcontract\b(?!\})": {"th": "ยอดประมูล", "sq": "kontrat", "he": "חוזה"},
    r"\bhouse rules?\b": {"th": "กติกาเฉพาะวง", "sq": "rregull", "he": "חוקי? (ה)?בית"},
}
# Words a native player would stop at (see each glossary): regular expressions.
NEVER = {
    "he": [
        "ניקל כפול",
        "ניקל",
        "השאר",  # Rest as "leave!"
        "שקית|שקיות",  # plastic bags
        r"שלך\b|שהזנת\b",  # the singular "you": the app says plural
        r"(?<![\u05d0-\u05ea])[בהוכלמש]\{",  # a prefix letter glued to a placeholder
        r"[\u05d0-\u05ea]-\{",  # an ASCII hyphen where a maqaf belongs
    ],
    "sq": [
        "tregtar",
        "mashtrim",
        r"\bi pari\b|\be para\b",  # agrees with a gender: së pari
        r"\be tua\b|\bjote\b|\byt\b",  # ti, where sentences say ju
        "nxirr|nxjerr|nxor",  # throw out (of a room)
    ],
    "th": [
        "ตัวแทนจำหน่าย",
        "กลอุบาย",
        "เทคนิค",
        r"(?<![ใเไโแตู])กล(?![\u0e30-\u0e3a\u0e47-\u0e4eง])",  # trick is ทริค
        r"น\.",  # the nil abbreviation that reads as o'clock
        "กติกาบ้าน",
        "เปิดก่อน",
        ";",
        "บลาย|ลายด์|ด์นิล",  # not joined: the line may break inside
    ],
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_follow_the_glossary(language):
    problems = []
    for m in catalog(language):
        if not m.id:
            continue
        english = m.id if isinstance(m.id, str) else m.id[1]
        english = re.sub(r'"[^"]*"|\{[^}]*\}', "", english)  # JSON keys, placeholders
        forms = [m.string] if isinstance(m.string, str) else list(m.string)
        for pattern, words in GLOSSARY.items():
            if re.search(pattern, english, re.IGNORECASE) and not all(
                re.search(words[language], form, re.IGNORECASE) for form in forms
            ):
                problems.append(f"{english!r}: {forms!r} lacks {words[language]!r}")
        for wrong in NEVER[language]:
            if any(re.search(wrong, form) for form in forms):
                problems.append(f"{english!r}: {forms!r} uses {wrong!r}")
    assert problems == [], f"docs/glossary/{language}.md gives the words to use"


@pytest.mark.parametrize(
    ("language", "broken"),
    [
        ("th", "กลที่ได้"),
        ("th", "บลายด์นิล"),
        ("th", "4 น."),
        ("he", "היתר ל{name}"),
        ("he", "נשמר ב-{folder}"),
        ("he", "שקיות"),
        ("sq", "{dealer} ofron i pari"),
        ("sq", "Ndryshimet e tua"),
    ],
)
def test_the_glossary_check_finds_a_broken_term(language, broken):
    assert any(re.search(wrong, broken) for wrong in NEVER[language])


def test_each_language_has_a_glossary():
    docs = PACKAGE.parent / "docs" / "glossary"
    for language in LANGUAGES:
        text = (docs / f"{language}.md").read_text(encoding="utf-8")
        for term in (
            "nil",
            "blind nil",
            "nil abbreviations",
            "bags",
            "set",
            "made",
            "contract",
            "dealer",
            "lead",
            "Rest",
            "hand",
            "trick",
            "partner",
        ):
            assert f"| {term}" in text, (language, term)
        for section in ("## Names", "## Form of address", "## Suggestions not taken"):
            assert section in text, (language, section)
    assert "## Maqaf" in (docs / "he.md").read_text(encoding="utf-8")
    assert "së pari" in (docs / "sq.md").read_text(encoding="utf-8")
    assert "U+2060" in (docs / "th.md").read_text(encoding="utf-8")


# -- names in messages: no verb or adjective has to agree with one --------------------

PERSON = r"\{(?:name|names|player|dealer|bidder|a|b|into)\}"
# Messages whose {name} is a file or a rule, not a person.
NOT_PEOPLE = {
    "Imported {count} game from {name}.",
    "Nothing was imported from {name}: {reason}",
    "Nothing was imported from {name}: the file did not arrive whole. Try again.",
    "{name} is not a JSON file: {reason}",
    "{name} is not a file of games: {reason}",
    "{name} is too big to be a Spades file ({size} MB; the limit is {limit} MB). "
    "Choose a file made with Export JSON.",
    "{name} must be a whole number from {low} to {high}{off}, got {value!r}",
    "{name} must be true or false, got {value!r}",
}
# A name followed by a word is the subject of a verb ("{dealer} deals", "{names}
# were set") or owns a noun ("{name}'s bid", a genitive in Albanian): each
# language would have to agree the verb with the player's gender or the side's
# number, or decline the name. A name stands after a label or a preposition, or
# before a colon.
NAME_THEN_WORD = re.compile(PERSON + r"(?:'s\b| (?!and\b)[a-z])")


def english_messages() -> list[str]:
    return [
        form
        for m in catalog("en")
        if m.id
        for form in ([m.id] if isinstance(m.id, str) else m.id)
        if m.id not in NOT_PEOPLE and (isinstance(m.id, str) or m.id[0] not in NOT_PEOPLE)
    ]


def catalog_forms(language: str) -> list[tuple[str, str]]:
    found = []
    for m in catalog(language):
        if not m.id:
            continue
        key = m.id if isinstance(m.id, str) else m.id[0]
        if key in NOT_PEOPLE:
            continue
        for form in [m.string] if isinstance(m.string, str) else m.string:
            found.append((key, form))
    return found


def test_no_english_message_puts_a_name_before_its_verb():
    wrong = [m for m in english_messages() if NAME_THEN_WORD.search(m)]
    assert wrong == [], "write 'Dealer: {dealer}', '{names}: set, …' (see docs/glossary)"


@pytest.mark.parametrize(
    "message",
    [
        "{dealer} deals next; {bidder} bids first",
        "{names} were set: {tricks} of {contract}",
        "{player}'s nil made",
        "{name} has not bid yet",
    ],
)
def test_the_name_check_finds_a_name_before_a_verb(message):
    assert NAME_THEN_WORD.search(message)


# Albanian: a name after a genitive article or a declining preposition stays
# undeclined ("Oferta e Drita"); Hebrew: a name followed by a word is the subject
# of a verb that takes the masculine by default ("דנה מציע").
SQ_DECLINED = re.compile(r"\b(?:i|e|të|së|për|nga|me|te|tek|prej)\s+" + PERSON)
HE_SUBJECT = re.compile(PERSON + r" (?!\u05d5|[בהוכלמש]\u05be)[\u05d0-\u05ea]")


def test_no_albanian_name_needs_a_case():
    wrong = [(k, s) for k, s in catalog_forms("sq") if SQ_DECLINED.search(s)]
    assert wrong == [], "put the name first or after a colon (docs/glossary/sq.md)"
    assert SQ_DECLINED.search("Oferta e {name}") and SQ_DECLINED.search("për {names}")


def test_no_hebrew_name_is_the_subject_of_a_verb():
    wrong = [(k, s) for k, s in catalog_forms("he") if HE_SUBJECT.search(s)]
    assert wrong == [], "use a role label or a noun (docs/glossary/he.md)"
    assert HE_SUBJECT.search("{dealer} מחלק הבא") and not HE_SUBJECT.search("{a} \u05d5{b}")


# -- signs beside placeholders in a right-to-left language -----------------------------

SIGN_BY_PLACEHOLDER = re.compile(r"(?<![A-Za-z])[+\-\u2212]\{|\}[+\-\u2212]")  # not U+{code}


def unisolated_signs(text: str) -> list[int]:
    """Where a sign touches a placeholder outside a left-to-right isolate."""
    found = []
    for hit in SIGN_BY_PLACEHOLDER.finditer(text):
        before = text[: hit.start()]
        if before.count("\u2066") <= before.count("\u2069"):
            found.append(hit.start())
    return found


def test_no_english_message_writes_a_sign_before_a_placeholder():
    """ "+{count}" is drawn "2+" in Hebrew: the number comes formatted, sign and all."""
    assert [m for m in english_messages() if re.search(r"(?<![}\w])[+\-\u2212]\{", m)] == []


def test_hebrew_isolates_every_sign_beside_a_placeholder():
    wrong = [(k, s) for k, s in catalog_forms("he") if unisolated_signs(s)]
    assert wrong == [], "wrap it: \\u2066{first}-{last}\\u2069 (docs/glossary/he.md)"
    assert unisolated_signs("(+{count} כשקים)") and not unisolated_signs("\u2066{a}-{b}\u2069")


def test_a_failed_nils_bags_keep_their_sign_in_front_in_hebrew():
    from scorekeeper.ui.text import EventKind, event_text

    with i18n.language("he"):
        for count in (1, 2, 9):
            line = event_text(EventKind.NIL_FAILED, count, as_bags=True).format(
                player="\u2068דנה\u2069", count=count, bags=i18n.signed(count)
            )
            assert f"+{count}" in displayed(line, rtl=True), displayed(line, rtl=True)
            assert f"{count}+" not in displayed(line, rtl=True)


# -- the language in force -----------------------------------------------------------------


def test_languages_are_per_context_and_never_leak():
    with i18n.language("he"):
        assert i18n._("New game") == "משחק חדש"
        assert i18n.is_rtl()
        with i18n.language("th"):
            assert i18n._("New game") == "เกมใหม่" and not i18n.is_rtl()
        assert i18n._("New game") == "משחק חדש"
    with i18n.language("en"):
        assert i18n._("New game") == "New game"


def test_plural_forms_pick_by_count():
    pair = ("{count} game", "{count} games")
    with i18n.language("he"):
        assert [i18n.ngettext(*pair, n).format(count=n) for n in (1, 2, 5)] == [
            "משחק אחד",
            "2 משחקים",
            "5 משחקים",
        ]
    with i18n.language("sq"):
        assert [i18n.ngettext(*pair, n).format(count=n) for n in (1, 3)] == ["1 lojë", "3 lojëra"]
    with i18n.language("th"):
        assert [i18n.ngettext(*pair, n).format(count=n) for n in (1, 3)] == ["1 เกม", "3 เกม"]


@pytest.mark.parametrize(
    ("tag", "code"),
    [
        ("he-IL", "he"),
        ("iw", "he"),
        ("th_TH.UTF-8", "th"),
        ("sq-AL", "sq"),
        ("en-GB", "en"),
        ("fr-FR", None),
        ("", None),
        (None, None),
    ],
)
def test_locale_tags_match_a_language(tag, code):
    assert i18n.match(tag) == code


def test_environment_picks_the_command_line_language(monkeypatch):
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    assert i18n.environment_language() == "en"
    monkeypatch.setenv("LANG", "sq_AL.UTF-8")
    assert i18n.environment_language() == "sq"
    monkeypatch.setenv("LC_ALL", "he_IL.UTF-8")
    assert i18n.environment_language() == "he"
    monkeypatch.setenv("LANGUAGE", "fr:th")
    assert i18n.environment_language() == "th"


def test_numbers_and_dates_follow_the_language():
    when = datetime(2026, 3, 7, 18, 5, tzinfo=UTC)
    with i18n.language("sq"):
        assert i18n.number(-1200) == "-1\xa0200"
        assert i18n.signed(40) == "+40"
        assert "2026" in i18n.moment(when) and "mar" in i18n.moment(when)
    with i18n.language("th"):
        assert "มี.ค." in i18n.moment(when)
    with i18n.language("he"):
        assert "במרץ" in i18n.moment(when) or "מרץ" in i18n.moment(when)
    with i18n.language("en"):
        assert i18n.number(1200) == "1,200" and i18n.percent(0.5) == "50%"


def test_later_translates_when_shown():
    notice = i18n.Later("not valid JSON ({error})", error="x")
    with i18n.language("sq"):
        assert str(notice) == "JSON i pavlefshëm (x)"
    with i18n.language("en"):
        assert str(notice) == "not valid JSON (x)"


def test_pseudo_language_marks_every_message_and_keeps_placeholders():
    with i18n.language(i18n.PSEUDO):
        text = i18n._("{names} bid {contract}")
        assert text.startswith("⟦") and "{names}" in text and "{contract}" in text
        assert not re.search(r"[A-Za-z]", text.replace("{names}", "").replace("{contract}", ""))


def displayed(text: str, rtl: bool) -> str:
    """`text` in the order the Unicode bidi algorithm lays it out on screen
    (left to right), in a paragraph of the language's direction, marks left out."""
    from bidi import get_display

    shown = get_display(text, base_dir="R" if rtl else "L")
    return re.sub("[\u200e\u200f\u2066-\u2069]", "", shown)


@pytest.mark.parametrize("language", ["he", "th", "sq", "en"])
def test_a_sign_stays_in_front_of_its_number_as_displayed(language):
    """Hebrew reads right to left: without care "-58" shows as "58-" and "+12" as "12+"."""
    with i18n.language(language):
        rtl = i18n.is_rtl()
        name = "\u2068\u05d0\u05d1\u05d9\u2069"  # a Hebrew name
        shown = [
            i18n.number(-58),
            i18n.signed(-58),
            i18n.signed(12),
            i18n.decimal(-1.5, "0.0"),
            i18n._("{names}: {points} this hand, {score} in all").format(
                names=name, points=i18n.signed(12), score=i18n.number(-58)
            ),
            i18n._("{points} → {score}").format(points=i18n.signed(-100), score=i18n.number(-58)),
        ]
        decimal_minus = i18n.decimal(-1.5, "0.0").lstrip("\u2066\u200e")[0]
    for text in shown[:2] + shown[4:]:
        assert "-58" in displayed(text, rtl), (text, displayed(text, rtl))
        assert "58-" not in displayed(text, rtl)
    assert "+12" in displayed(shown[2], rtl) and "+12" in displayed(shown[4], rtl)
    assert displayed(shown[3], rtl).startswith(decimal_minus)
    assert "-100" in displayed(shown[5], rtl)


def test_only_numbers_with_a_sign_are_isolated():
    """Plain numbers stay plain: they read the same either way, and labels that
    hold them ("2 · West") are matched as they are."""
    with i18n.language("he"):
        assert i18n.number(58) == "58" and i18n.percent(0.5) == "50%"
        assert i18n.number(-58) == "\u2066-58\u2069"
    with i18n.language("en"):
        assert i18n.number(-58) == "-58" and i18n.signed(12) == "+12"


@pytest.mark.parametrize("language", ["he", "en"])
def test_partners_figures_are_shown_in_the_order_of_their_names(language):
    """A cell of the score sheet ("5+1") sits under its side's names ("Ana + Cy"):
    in Hebrew the names run right to left, so the figures must too."""
    from scorekeeper.ui.text import isolate, partners_figures

    with i18n.language(language):
        rtl = i18n.is_rtl()
        names = displayed(" + ".join([isolate("Ana"), isolate("Cy")]), rtl)
        bids = displayed(partners_figures(["5", "1"]), rtl)
        tricks = displayed(partners_figures(["12", "0"]), rtl)
    ana_first = names.index("Ana") < names.index("Cy")
    assert bids == ("5+1" if ana_first else "1+5")
    assert tricks == ("12+0" if ana_first else "0+12")
    assert ana_first is not rtl
