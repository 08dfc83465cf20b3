"""The offline build's snapshot holds what a first screen reads from data
files (scorekeeper/ui/browser.py warm_up): a start from it unpacks those
files only after its first screen. Checked in a fresh interpreter, which has
read nothing yet, by Python's audit hook on every file opened while Home is
drawn in each language."""

import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper import i18n

ROOT = Path(__file__).resolve().parent.parent

FIRST_SCREENS = """
import asyncio, sys, tempfile
from pathlib import Path
import scorekeeper.ui.browser as browser
from scorekeeper.storage.store import GameStore
from scorekeeper.ui.device import LANGUAGE_KEY
from tests.inprocess import open_app

if sys.argv[1] == "warm":
    browser.warm_up()
DATA = (".mo", ".dat", ".json")  # catalogs, Babel's data, Flet's icon names
read = []
drawing = False

def hook(event, args):
    if drawing and event == "open" and isinstance(args[0], str) and args[0].endswith(DATA):
        read.append(Path(args[0]).name)

sys.addaudithook(hook)

async def draw(store):
    for code in sys.argv[2:]:
        app = await open_app(store, device_storage={LANGUAGE_KEY: code})
        assert app.page.locale_configuration.current_locale.language_code == code
        assert app.texts(), code

with tempfile.TemporaryDirectory() as folder, GameStore(Path(folder)) as store:
    drawing = True
    asyncio.run(draw(store))
    drawing = False
print(" ".join(sorted(set(read))) or "nothing")
"""


def data_files_read(warm: bool) -> str:
    """The data files read while Home is drawn in every language."""
    done = subprocess.run(
        [sys.executable, "-c", FIRST_SCREENS, "warm" if warm else "cold", *i18n.LANGUAGES],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.strip()


@pytest.mark.parametrize("warm", [True, False])
def test_a_warmed_up_start_draws_home_in_every_language_without_reading_a_data_file(
    warm: bool,
) -> None:
    read = data_files_read(warm)
    if warm:
        assert read == "nothing"
    else:  # what the warm-up spares a start: the check sees real reads
        assert "scorekeeper.mo" in read and "global.dat" in read, read
