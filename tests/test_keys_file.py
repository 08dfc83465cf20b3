"""keys.json is written like the games: private, atomically, durably, and a
failed write leaves the old file and nothing else."""

import resource
import signal
import stat
import subprocess
import sys

from scorekeeper.storage import platform
from scorekeeper.web import access
from scorekeeper.web.access import load_keys, reset_keys


def _limit_file_size() -> None:
    """In the child: any write past 16 bytes fails (EFBIG), as on a full disk."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (16, 16))


def test_keys_reset_on_a_full_disk_leaves_the_old_keys_and_no_temporary_file(tmp_path):
    old = load_keys(tmp_path)
    before = (tmp_path / "keys.json").read_bytes()
    result = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "--data", str(tmp_path), "keys", "reset"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        preexec_fn=_limit_file_size,
    )
    assert result.returncode == 2 and result.stderr.startswith("error:")
    assert "Traceback" not in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keys.json"]
    assert (tmp_path / "keys.json").read_bytes() == before
    assert load_keys(tmp_path) == old


def test_keys_are_renamed_into_place_and_the_folder_made_durable(tmp_path, monkeypatch):
    synced = []
    real = platform.fsync_folder
    monkeypatch.setattr(platform, "fsync_folder", lambda f: (synced.append(f), real(f)))
    keys = reset_keys(tmp_path / "new")
    assert synced == [tmp_path / "new"]
    assert stat.S_IMODE((tmp_path / "new" / "keys.json").stat().st_mode) == 0o600
    assert stat.S_IMODE((tmp_path / "new").stat().st_mode) == 0o700
    assert access.load_keys(tmp_path / "new") == keys
