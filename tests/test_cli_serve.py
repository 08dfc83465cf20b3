"""`scorekeeper serve` as a real subprocess: what it prints, what it serves."""

import os
import signal
import subprocess
import sys
import time
import urllib.request

from scorekeeper.web.server import lan_address
from tests.served import ROOT, free_port


def command(tmp_path, port, *flags):
    return [
        sys.executable,
        "-m",
        "scorekeeper",
        "--data",
        str(tmp_path),
        "serve",
        "--port",
        str(port),
        "--no-browser",
        *flags,
    ]


def serve(tmp_path, *flags):
    port = free_port()
    process = subprocess.Popen(
        command(tmp_path, port, *flags),
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    return process, port


def wait_served(port: int) -> str:
    for _ in range(300):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1) as response:
                return response.read().decode()
        except OSError:
            time.sleep(0.05)
    raise AssertionError("not served")


def stop(process) -> str:
    os.killpg(process.pid, signal.SIGTERM)
    out, _ = process.communicate(timeout=20)
    return out


def test_serve_prints_the_url_and_serves_offline(tmp_path):
    process, port = serve(tmp_path)
    try:
        page = wait_served(port)
        assert "flet.noCdn=true" in page, "everything is served locally"
    finally:
        out = stop(process)
    assert f"http://127.0.0.1:{port}/" in out
    assert f"Games are saved in {tmp_path.resolve()}" in out


def test_lan_prints_the_phone_address_and_a_qr_code(tmp_path):
    process, port = serve(tmp_path, "--lan")
    try:
        wait_served(port)  # listening on all interfaces, reached here on loopback
    finally:
        out = stop(process)
    address = lan_address()
    if address is None:  # a machine with no network: it says so instead
        assert "Could not find this machine's network address." in out
        return
    assert f"open http://{address}:{port}/" in out
    assert sum("█" in line or "▀" in line or "▄" in line for line in out.splitlines()) > 10


def test_second_server_on_the_same_data_is_refused(tmp_path):
    first, port = serve(tmp_path)
    try:
        wait_served(port)
        second = subprocess.run(
            command(tmp_path, free_port()),
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    finally:
        stop(first)
    assert second.returncode == 2
    assert "in use by another Spades Scorekeeper" in second.stderr
