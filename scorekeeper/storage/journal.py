"""Changes to several files made all together or not at all, with memory
following a change only once it is durable.

`atomic.Transaction` makes the writes of one change durable together (its
journal file finishes them after a crash). A `Journal` adds what the store
needs around it: a change begun inside another joins it, steps that update
memory run only once the files are written, and after a failure memory is
dropped back to what the files hold."""

import contextlib
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from tinydb import TinyDB

from scorekeeper.storage.atomic import AtomicJSONStorage, Tables, Transaction
from scorekeeper.storage.migration import meta


class Journal:
    """Writes to several files made together, through one transaction."""

    def __init__(self, folder: Path, databases: Callable[[], Iterable[TinyDB]]) -> None:
        """`databases` lists every file open at the time, for `reset_after_failure`."""
        self._txn = Transaction(folder)
        self._after: list[Callable[[], None]] = []
        self._databases = databases

    def database(self, path: Path, kind: str, tables: Tables) -> TinyDB:
        """A TinyDB over already parsed tables, its writes part of the change under way."""
        return TinyDB(
            path, storage=AtomicJSONStorage, transaction=self._txn, tables=tables, meta=meta(kind)
        )

    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        """Every file written inside changes together, or none does."""
        if self._txn.open:  # already inside one
            yield
            return
        self._txn.begin()
        self._after = []
        try:
            yield
        except BaseException:
            self._txn.rollback()
            self._drop_query_caches()
            raise
        try:
            self._txn.commit()
        except BaseException:
            self._drop_query_caches()
            raise
        after, self._after = self._after, []
        for step in after:
            step()

    def after_commit(self, step: Callable[[], None]) -> None:
        """Change memory once the transaction under way is durable."""
        if self._txn.open:
            self._after.append(step)
        else:
            step()

    def reset_after_failure(self) -> None:
        """After a failed write outside a transaction's own handling: drop what
        TinyDB changed in memory, so the files on disk are what is read next."""
        if self._txn.open:
            self._txn.rollback()
        for db in self._databases():
            if isinstance(db.storage, AtomicJSONStorage):
                db.storage.forget()
        self._drop_query_caches()

    def _drop_query_caches(self) -> None:
        for db in self._databases():
            for name in db.tables():
                db.table(name).clear_cache()

    def close(self) -> None:
        """Close every file, and forget them: the parts that list them hold this
        journal too, and a closed store should be freed at once, not by the
        garbage collector (a folder of 10,000 games is 40,000 objects)."""
        for db in self._databases():
            db.close()
        self._databases = lambda: ()
