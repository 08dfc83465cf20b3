"""Where the data folder is: --data, then SCOREKEEPER_DATA, then the folder a
built Flet app is given (FLET_APP_STORAGE_DATA), then the platform's user
data folder."""

import os
from pathlib import Path

from platformdirs import user_data_dir

APP_NAME = "spades-scorekeeper"


def data_folder(explicit: str | Path | None = None) -> Path:
    for candidate in (
        explicit,
        os.environ.get("SCOREKEEPER_DATA"),
        os.environ.get("FLET_APP_STORAGE_DATA"),
    ):
        if candidate:
            return Path(candidate).expanduser().resolve()
    return Path(user_data_dir(APP_NAME, appauthor=False))
