"""Where the app's own files are (icons, fonts, the page shell): every lookup
goes through `assets_dir`, so an installed copy and a checkout both find them.

The repository keeps them in its top-level assets/ folder (`flet build` reads
them there too); a built wheel carries a copy in the package, as
scorekeeper/assets/ (setup.py puts it there).
"""

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent


def assets_dir() -> Path:
    """The installed copy when there is one, else the checkout's assets/."""
    installed = PACKAGE / "assets"
    return installed if installed.is_dir() else PACKAGE.parent / "assets"


ASSETS_DIR = assets_dir()
