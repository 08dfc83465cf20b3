"""File-system failures turned into messages for people, around every
operation of the store (and of its parts that act on the whole store)."""

import functools
from collections.abc import Callable
from pathlib import Path
from typing import ParamSpec, Protocol, TypeVar

from scorekeeper.storage.errors import folder_unusable, write_failed
from scorekeeper.storage.journal import Journal

P = ParamSpec("P")
R = TypeVar("R")


class Guarded(Protocol):
    """What a guarded operation's object holds: its folder and its journal."""

    folder: Path
    _journal: Journal


def guarded(writes: bool) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Any file-system failure left in an operation becomes a StorageError with
    a message for a person (and, for a write, the promise that nothing changed)."""

    def wrap(method: Callable[P, R]) -> Callable[P, R]:
        @functools.wraps(method)
        def guarded_method(*args: P.args, **kwargs: P.kwargs) -> R:
            try:
                return method(*args, **kwargs)
            except OSError as error:
                store = args[0]
                assert hasattr(store, "_journal") and hasattr(store, "folder")
                if writes:
                    store._journal.reset_after_failure()
                    raise write_failed(error) from None
                raise folder_unusable(store.folder, error) from None

        return guarded_method

    return wrap
