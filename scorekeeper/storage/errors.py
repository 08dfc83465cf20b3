"""What can go wrong with the data folder, as messages for a person.

`str(error)` is for the command line and may name files; `error.user_message`
is for the app's pages and never shows a path on the server.
"""

import errno

from scorekeeper.errors import ScorekeeperError
from scorekeeper.i18n import Later, _


class StorageError(ScorekeeperError):
    """A problem with the data folder or its files."""

    def __init__(self, message: str, user_message: str | None = None) -> None:
        super().__init__(message)
        self.user_message = user_message or message


class StoreLockedError(StorageError):
    """The data folder is open in another copy of the app."""

    pass


class NewerVersionError(StorageError):
    """The folder was written by a newer version of the app: nothing is touched."""


class DataFolderError(StorageError):
    """The data folder cannot be used: not a folder, no permission, read-only."""


class WriteFailedError(StorageError):
    """A save failed; the files on disk are as they were before it."""


class GameNotFoundError(StorageError):
    """No game is stored with that id."""

    pass


class ConflictError(StorageError):
    """The game changed (on another device) since it was loaded."""


def os_error_reason(error: OSError) -> Later | str:
    """A short, path-free reason for a failed file operation (translated when shown)."""
    code = error.errno
    if code in (errno.ENOSPC, errno.EDQUOT):
        return Later("disk full")
    if code == errno.EROFS:
        return Later("the disk is read-only")
    if code in (errno.EACCES, errno.EPERM):
        return Later("permission denied")
    if code in (errno.ENOTDIR, errno.EEXIST, errno.EISDIR):
        return Later("a file or folder is in the way")
    return (error.strerror or type(error).__name__).lower()


def write_failed(error: OSError) -> WriteFailedError:
    """The error a failed write raises, saying why in the user's words."""
    message = _("Could not save ({reason}); nothing was lost").format(reason=os_error_reason(error))
    return WriteFailedError(message)


def folder_unusable(folder: object, error: OSError) -> DataFolderError:
    """The error a data folder that cannot be used raises."""
    where = f" ({error.filename})" if error.filename else ""
    return DataFolderError(
        _("cannot use the data folder {folder}: {reason}{where}").format(
            folder=folder, reason=os_error_reason(error), where=where
        ),
        _("Could not open the saved games ({reason})").format(reason=os_error_reason(error)),
    )
