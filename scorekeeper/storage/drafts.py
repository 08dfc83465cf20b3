"""An entry in progress (a hand being entered) as active.json keeps it, and
explicit conversion to and from HandDraft. A draft stored by an older version
may lack a key added since (its "hand", "revision", "total"...):
`draft_from_document` fills such keys in, and one that does not read raises
ValueError, so that the caller can drop it."""

from typing import Any, NotRequired, TypedDict

from scorekeeper.core.draft import HandDraft, Step
from scorekeeper.core.model import TRICKS_PER_HAND, Hand
from scorekeeper.core.record import (
    BidJSON,
    bid_from_json,
    bid_to_json,
    hand_from_json,
    hand_to_json,
)
from scorekeeper.errors import ScorekeeperError


class DraftDocument(TypedDict):
    """HandDraft, with the game it is for. Drafts stored by older versions lack
    the keys marked NotRequired."""

    game_id: str
    bids: list[BidJSON | None]
    tricks: list[int]
    step: str  # a Step value
    editing: int | None
    hand: NotRequired[int]
    revision: NotRequired[int | None]
    original: NotRequired[dict[str, Any] | None]  # a hand as a record writes it
    total: NotRequired[int]
    adjustments: NotRequired[list[Any]]
    dealer: NotRequired[int | None]


def draft_to_document(game_id: str, draft: HandDraft) -> DraftDocument:
    """An entry in progress as active.json keeps it."""
    return {
        "game_id": game_id,
        "bids": [None if b is None else bid_to_json(b) for b in draft.bids],
        "tricks": list(draft.tricks),
        "step": draft.step.value,
        "editing": draft.editing,
        "hand": draft.index,
        "revision": draft.base,
        "original": None if draft.original is None else hand_to_json(draft.original),
        "total": draft.total,
        "adjustments": hand_to_json(draft.to_hand()).get("adjustments", []),
        "dealer": draft.dealer,
    }


def draft_from_document(doc: DraftDocument) -> HandDraft:
    """Drafts stored before "hand", "revision" and "original" existed read with
    base None: `draft.carry_over` decides what they still mean. Before "total" and
    "adjustments" every hand had 13 tricks and none had adjustments; before
    "dealer" an entry never named its dealer."""
    original = doc.get("original")
    editing = doc["editing"]
    dealer = doc.get("dealer")
    if dealer is not None and (type(dealer) is not int or not 0 <= dealer < len(doc["bids"])):
        raise ValueError(f"an entry's dealer must be a seat, got {str(dealer)[:20]!r}")
    kept = _hand_from_document(
        {
            "bids": [],
            "tricks": [],
            "adjustments": doc.get("adjustments", []),
            **({} if dealer is None else {"dealer": dealer}),
        }
    )
    return HandDraft(
        bids=tuple(None if b is None else bid_from_json(b) for b in doc["bids"]),
        tricks=tuple(doc["tricks"]),
        step=Step(doc["step"]),
        editing=editing,
        index=int(doc.get("hand", editing if editing is not None else 0)),
        base=doc.get("revision"),
        original=None if original is None else _hand_from_document(original),
        total=int(doc.get("total", TRICKS_PER_HAND)),
        adjustments=kept.adjustments,
        dealer=kept.dealer,
    )


def _hand_from_document(doc: dict[str, Any]) -> Hand:
    """ValueError when `doc` is not a hand, like any other unreadable draft."""
    try:
        return hand_from_json(0, doc)
    except ScorekeeperError as error:
        raise ValueError(str(error)) from None
