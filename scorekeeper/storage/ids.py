"""Game ids, and the clock every stored time comes from."""

import secrets
from datetime import UTC, datetime


def now() -> datetime:
    """The time now, in UTC."""
    return datetime.now(UTC)


def new_id(at: datetime, taken: set[str] | frozenset[str] = frozenset()) -> str:
    """A game id: the time it was made (readable, sorts by age) and 8 random
    hex digits; never one in `taken` (the store's ids and the batch's so far)."""
    while True:
        game_id = f"{at:%Y%m%d-%H%M%S}-{secrets.token_hex(4)}"
        if game_id not in taken:
            return game_id
