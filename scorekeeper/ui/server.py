"""`scorekeeper serve`: the app as a local web server, everything served offline."""

import ipaddress
import logging
import os
import socket
import sys
import webbrowser
from collections.abc import Callable
from typing import Any

import psutil

from scorekeeper.i18n import _
from scorekeeper.storage.location import data_folder
from scorekeeper.storage.store import GameStore
from scorekeeper.ui.app import make_main
from scorekeeper.ui.static import StaticClient, with_client
from scorekeeper.ui.webclient import WebClient, prepare


def lan_address() -> str | None:
    """This machine's address on the local network, read from its interfaces
    (a hostname often resolves to 127.0.1.1 only); nothing is sent anywhere."""
    stats = psutil.net_if_stats()
    candidates: list[str] = [
        str(address.address)
        for name, addresses in psutil.net_if_addrs().items()
        if name in stats and stats[name].isup
        for address in addresses
        if address.family == socket.AF_INET
    ]
    usable = [a for a in candidates if not ipaddress.ip_address(a).is_loopback]
    private = [a for a in usable if ipaddress.ip_address(a).is_private]
    found = private or usable
    return found[0] if found else None


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
    web = prepare()
    try:
        run_server(make_main(store, web), web, host, port, open_browser)
    finally:
        store.close()
    return 0


# The page's meta description (for an installed app's listing, never on screen).
DESCRIPTION = "Score keeping for Spades played with a real deck: bids, nil, bags, the race to 500."


def web_app(
    main: Callable[[Any], Any], web: WebClient, on_startup: Callable[[], None] | None = None
) -> Any:
    """Flet's websocket and upload endpoints, with the prepared client in front."""
    import flet_web.fastapi

    outer = flet_web.fastapi.FastAPI(on_startup=[on_startup] if on_startup else None)
    outer.mount("/", flet_web.fastapi.app(main, no_cdn=True))
    static = StaticClient(web, app_name=_("Spades Scorekeeper"), app_description=DESCRIPTION)
    return with_client(outer, static)


def run_server(
    main: Callable[[Any], Any], web: WebClient, host: str, port: int, open_browser: bool
) -> None:
    import uvicorn

    def started() -> None:
        if open_browser:
            webbrowser.open(f"http://127.0.0.1:{port}/")

    config = uvicorn.Config(
        web_app(main, web, started),
        host=host,
        port=port,
        ws="websockets-sansio",
        log_level="warning",
        access_log=False,
        timeout_graceful_shutdown=3,
    )
    uvicorn.Server(config).run()
