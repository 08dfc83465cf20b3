"""On opening, every game is made to have one place and an id of its own.

Files from before changes were all-or-nothing, restored backups, or an older
version that could give one id to two imported games can leave a game both
in progress and archived, or two games under one id. Nothing is lost: two
copies of one game become the newer one; two different games both stay, the
later one under a new id, and the user is told which."""

from typing import Any

from tinydb import Query

from scorekeeper.core.scoring import Status
from scorekeeper.i18n import Later
from scorekeeper.storage.active import ActiveGames
from scorekeeper.storage.archive import Archive
from scorekeeper.storage.documents import GameDocument, IndexRow, instant
from scorekeeper.storage.ids import new_id
from scorekeeper.storage.journal import Journal

NOTICE_LIST = 10  # a notice names at most this many games, then gives a count


def repair(active: ActiveGames, archive: Archive, journal: Journal) -> Later | None:
    """Put right what is wrong; the notice that tells of the new ids, if any."""
    renamed = _repair_archived_ids(active, archive, journal)
    renamed += _repair_active(active, archive, journal)
    return _renamed_notice(renamed) if renamed else None


def _repair_archived_ids(
    active: ActiveGames, archive: Archive, journal: Journal
) -> list[tuple[str, str]]:
    """Archived games that share an id with an earlier archived one get a
    new id, in their archive file and its index."""
    seen: set[str] = set()
    broken: list[int] = []
    for number in archive.numbers():
        ids = [row["id"] for row in archive.index_rows(number)]
        if len(set(ids)) < len(ids) or not seen.isdisjoint(ids):
            broken.append(number)
        seen.update(ids)
    if not broken:
        return []
    renamed: list[tuple[str, str]] = []
    taken = {*seen, *active.ids()}
    kept = {
        row["id"] for n in archive.numbers() if n not in broken for row in archive.index_rows(n)
    }
    for number in broken:
        games = archive.shard(number).table("games")
        changes: list[tuple[int, dict[str, Any]]] = []
        for doc in games.all():
            game_id = doc["id"]
            if game_id in kept:
                fresh = new_id(instant(doc["created_at"]), taken)
                taken.add(fresh)
                summary = doc.get("summary")
                summary = {**summary, "id": fresh} if isinstance(summary, dict) else summary
                changes.append((doc.doc_id, {**dict(doc), "id": fresh, "summary": summary}))
                renamed.append((game_id, fresh))
                game_id = fresh
            kept.add(game_id)
        with journal.transaction():
            for doc_id, changed in changes:
                games.update(changed, doc_ids=[doc_id])
            archive.rebuild(number)
    archive.relist()
    return renamed


def _repair_active(
    active: ActiveGames, archive: Archive, journal: Journal
) -> list[tuple[str, str]]:
    """A game both in progress and archived: the newer copy wins, compared as
    instants. A different game under an id already taken gets a new id. A
    finished game left in progress is archived."""
    renamed: list[tuple[str, str]] = []
    seen: set[str] = set()
    for doc_id, doc in active.numbered():
        archived = archive.summary(doc["id"])
        if doc["id"] in seen or (archived and not _same_game(archive, doc, archived)):
            fresh = _rename_active(active, archive, journal, doc_id, doc)
            renamed.append((doc["id"], fresh["id"]))
            seen.add(fresh["id"])
            if fresh["summary"]["status"] == Status.FINISHED.value:
                archive.add([fresh])
            continue
        seen.add(doc["id"])
        if not archived:
            if doc["summary"]["status"] == Status.FINISHED.value:
                archive.add([doc])
            continue
        if instant(archived["updated_at"]) > instant(doc["updated_at"]):
            active.discard([doc["id"]])  # a stale copy
        elif doc["summary"]["status"] == Status.FINISHED.value:
            archive.add([doc])
        else:
            with journal.transaction():
                archive.remove(doc["id"])
    return renamed


def _same_game(archive: Archive, doc: GameDocument, summary: IndexRow) -> bool:
    """Whether an in-progress document and an archived game of the same id
    are two copies of one game (one saved further than the other): same
    set-up, and the hands of one begin the hands of the other."""
    found = archive.shard(summary["shard"]).table("games").get(Query().id == doc["id"])
    if not isinstance(found, dict):
        return True  # nothing to lose: the listed record is gone
    mine, theirs = doc.get("record"), found.get("record")
    if not (isinstance(mine, dict) and isinstance(theirs, dict)):
        return False
    if {k: v for k, v in mine.items() if k != "hands"} != {
        k: v for k, v in theirs.items() if k != "hands"
    }:
        return False
    a, b = mine.get("hands") or [], theirs.get("hands") or []
    shorter, longer = (a, b) if len(a) <= len(b) else (b, a)
    return bool(longer[: len(shorter)] == shorter)


def _rename_active(
    active: ActiveGames, archive: Archive, journal: Journal, doc_id: int, doc: GameDocument
) -> GameDocument:
    """An in-progress game that shares its id with another, under a new id."""
    fresh = new_id(instant(doc["created_at"]), {*archive.ids(), *active.ids()})
    renamed: GameDocument = {**doc, "id": fresh, "summary": {**doc["summary"], "id": fresh}}
    with journal.transaction():
        active.replace(doc_id, renamed)
    return renamed


def _renamed_notice(renamed: list[tuple[str, str]]) -> Later:
    more = len(renamed) - NOTICE_LIST
    return Later(
        "Games that shared an id with another game now have ids of their own, "
        "and nothing was lost ({count}: {renamed}{more}).",
        count=len(renamed),
        renamed=", ".join(f"{old} -> {new}" for old, new in renamed[:NOTICE_LIST]),
        more=Later(" and {count} more", count=more) if more > 0 else "",
    )
