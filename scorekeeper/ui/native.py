"""Entry point of the native builds (`flet build apk|ipa|linux|macos|windows`).

The app runs inside Flet's own client; games are kept in the folder the
build gives the app (FLET_APP_STORAGE_DATA, see storage/location.py).
"""

import flet as ft

from scorekeeper.storage.location import data_folder
from scorekeeper.storage.store import GameStore
from scorekeeper.ui.app import make_main


def main() -> None:
    store = GameStore(data_folder())
    try:
        ft.run(make_main(store), assets_dir="assets")
    finally:
        store.close()


if __name__ == "__main__":
    main()
