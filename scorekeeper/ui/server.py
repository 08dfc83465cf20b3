"""`scorekeeper serve`: the app as a local web server, everything served offline."""

import logging
import os
import socket
import sys

import flet as ft

from scorekeeper.i18n import _
from scorekeeper.storage.location import data_folder
from scorekeeper.storage.store import GameStore
from scorekeeper.ui.app import ASSETS_DIR, make_main


def lan_address() -> str | None:
    """This machine's address on the local network, from its own name (no traffic)."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return None
    addresses = [str(info[4][0]) for info in infos]
    return next((a for a in addresses if not a.startswith("127.")), None)


def print_qr(url: str) -> None:
    import qrcode

    qr = qrcode.QRCode(border=1)
    qr.add_data(url)
    qr.print_ascii(out=sys.stdout, invert=True)


def serve(data: str | None, port: int, lan: bool, open_browser: bool) -> int:
    if os.environ.get("SCOREKEEPER_DEBUG"):
        logging.basicConfig(level=logging.INFO)
        logging.getLogger("scorekeeper").setLevel(logging.DEBUG)
    store = GameStore(data_folder(data))
    for notice in store.notices:
        print(f"warning: {notice}", file=sys.stderr)
    host = "0.0.0.0" if lan else "127.0.0.1"
    print(_("Spades Scorekeeper: http://127.0.0.1:{port}/").format(port=port), flush=True)
    print(_("Games are saved in {folder}").format(folder=store.folder), flush=True)
    if lan:
        address = lan_address()
        if address:
            url = f"http://{address}:{port}/"
            print(_("On a phone on the same Wi-Fi, open {url}").format(url=url), flush=True)
            print_qr(url)
        else:
            print(_("Could not find this machine's network address."), flush=True)
    if not open_browser:
        os.environ["FLET_FORCE_WEB_SERVER"] = "true"  # serve, but open no browser
    try:
        ft.run(
            make_main(store),
            view=ft.AppView.WEB_BROWSER,
            host=host,
            port=port,
            assets_dir=str(ASSETS_DIR),
            no_cdn=True,
        )
    finally:
        store.close()
    return 0
