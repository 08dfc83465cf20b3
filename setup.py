"""The build step pyproject.toml cannot say: a wheel carries the app's own
files. The repository keeps them in the top-level assets/ folder (where
`flet build` looks too); a built package gets a copy as scorekeeper/assets/,
which scorekeeper/resources.py finds."""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ASSETS = Path(__file__).resolve().parent / "assets"


class BuildWithAssets(build_py):
    def run(self) -> None:
        super().run()
        if not self.editable_mode:  # an editable install reads the checkout's assets/
            target = Path(self.build_lib) / "scorekeeper" / "assets"
            shutil.copytree(ASSETS, target, dirs_exist_ok=True)


setup(cmdclass={"build_py": BuildWithAssets})
