"""What a failed nil's summary says about its tricks, by the house rules."""

from scorekeeper.core.rules import FailedNilTricks, RuleSet
from scorekeeper.core.scoring import EventKind
from scorekeeper.i18n import NN_

# A failed nil says where its tricks went: the side's bags, scoring +1 each
# (-100 + 2 = -98, and no "made 5 of 4" line shows them), bags that score
# nothing (bags score nothing), or nowhere at all (they count for nothing).
AS_BAGS_TEXT = {
    EventKind.NIL_FAILED: NN_(
        "{player}: nil failed ({count} trick, {bags} as a bag)",
        "{player}: nil failed ({count} tricks, {bags} as bags)",
    ),
    EventKind.BLIND_NIL_FAILED: NN_(
        "{player}: blind nil failed ({count} trick, {bags} as a bag)",
        "{player}: blind nil failed ({count} tricks, {bags} as bags)",
    ),
}
COUNTED_BAGS_TEXT = {
    EventKind.NIL_FAILED: NN_(
        "{player}: nil failed ({count} trick, counted as a bag)",
        "{player}: nil failed ({count} tricks, counted as bags)",
    ),
    EventKind.BLIND_NIL_FAILED: NN_(
        "{player}: blind nil failed ({count} trick, counted as a bag)",
        "{player}: blind nil failed ({count} tricks, counted as bags)",
    ),
}
NOT_BAGS_TEXT = {
    EventKind.NIL_FAILED: NN_(
        "{player}: nil failed ({count} trick, not a bag)",
        "{player}: nil failed ({count} tricks, not bags)",
    ),
    EventKind.BLIND_NIL_FAILED: NN_(
        "{player}: blind nil failed ({count} trick, not a bag)",
        "{player}: blind nil failed ({count} tricks, not bags)",
    ),
}


def failed_nil_text(
    kind: EventKind, count: int, as_bags: bool, rules: RuleSet | None
) -> tuple[str, str] | None:
    """The template (singular, plural) for a failed nil with tricks, or None
    for any other event. The words follow the points: no "+1" where a bag
    scores nothing, no bag at all where the tricks count for nothing."""
    if kind not in AS_BAGS_TEXT or not count:
        return None
    if as_bags:
        scored = rules is None or rules.overtrick_points
        return AS_BAGS_TEXT[kind] if scored else COUNTED_BAGS_TEXT[kind]
    if rules is not None and rules.failed_nil_tricks is FailedNilTricks.IGNORED:
        return NOT_BAGS_TEXT[kind]
    return None
