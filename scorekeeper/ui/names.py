"""Names in text of any language and script: each isolated, and a pair of
partners in one order on every surface."""

from collections.abc import Sequence

from scorekeeper import i18n


def isolate(name: str) -> str:
    """Keep a right-to-left name (Hebrew) from reordering the text around it."""
    return f"\u2068{name}\u2069"


LTR_ISOLATE, RTL_ISOLATE, END_ISOLATE = "\u2066", "\u2067", "\u2069"


def names_pair(names: Sequence[str]) -> str:
    """Partners' names as one piece of text ("Ana + Cy"), built here alone so
    that every surface (title, card, column, cell, history, watch board) shows
    them in one order. Each name is isolated, and the pair runs in the
    language's direction whatever the text around it or the names' script:
    first name on the left in Thai, on the right in Hebrew."""
    start = RTL_ISOLATE if i18n.is_rtl() else LTR_ISOLATE
    joined = " + ".join(isolate(name) for name in names)
    return f"{start}{joined}{END_ISOLATE}" if len(names) > 1 else joined
