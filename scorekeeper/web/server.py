"""`scorekeeper serve`: the app as a local web server, everything served offline.

The server itself (checks, limits, static files) is `web.build_app`; the door
(keeper link, watch link, closed door) is `gate.make_web_main`."""

import ipaddress
import logging
import os
import socket
import sys
import threading
import webbrowser
from collections.abc import Callable, Sequence

import psutil
import uvicorn

from scorekeeper.errors import ScorekeeperError
from scorekeeper.i18n import _
from scorekeeper.resources import ASSETS_DIR
from scorekeeper.storage.location import data_folder
from scorekeeper.storage.store import GameStore
from scorekeeper.ui import WebClient, prepare
from scorekeeper.web.asgi import ASGIApp, ServerConfig
from scorekeeper.web.door import MAX_CONNECTIONS, bounded_http, connection_cap, open_file_limit
from scorekeeper.web.gate import Access, Links, make_web_main
from scorekeeper.web.routes import WS_PATH, build_app
from scorekeeper.web.sessions import Limits, SessionCaps
from scorekeeper.web.static import StaticClient
from scorekeeper.web.upload import Uploads

# The largest message a page sends: events, typed text, its storage's answers,
# a picked file's name and size. An import file comes over HTTP (upload.py),
# never in a websocket message; a bigger message closes that page's socket.
WS_MAX_BYTES = 2**20

# The page's meta description (for an installed app's listing, never on screen).
DESCRIPTION = "Score keeping for Spades played with a real deck: bids, nil, bags, the race to 500."


def rate_in_background(store: GameStore) -> threading.Thread:
    """Count every player's rating once, while the server starts: a session's
    rating moves (History, the scoreboard) then count only their own games,
    and the first page to show them does not wait for every game to be rated."""

    def rate() -> None:
        try:
            store.ratings()
        except (ScorekeeperError, OSError) as error:  # said again where they are shown
            logging.getLogger(__name__).warning("ratings not counted at start: %s", error)

    thread = threading.Thread(target=rate, name="ratings", daemon=True)
    thread.start()
    return thread


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


def web_app(
    store: GameStore,
    access: Access,
    hosts: Sequence[str],
    limits: Limits,
    on_startup: Callable[[], None] | None = None,
    web: WebClient | None = None,
) -> ASGIApp:
    """The whole served app: the door, the checks and the prepared web client."""
    web = web or prepare()
    static = StaticClient(
        web,
        websocket_path=f"/{WS_PATH}",
        app_name=_("Spades Scorekeeper"),
        app_description=DESCRIPTION,
    )
    sessions = SessionCaps(limits)
    uploads = Uploads(throttle=access.throttle)  # wrong tokens slow down as wrong keys do
    return build_app(
        make_web_main(store, access, web, keeper_seen=sessions.keeper_page, uploads=uploads),
        ServerConfig(hosts=hosts, limits=limits, assets_dir=str(ASSETS_DIR)),
        static=static,
        on_startup=on_startup,
        sessions=sessions,
        uploads=uploads,
    )


def uvicorn_config(
    app: ASGIApp,
    bind: str,
    port: int,
    proxies: Sequence[str] = (),
    max_connections: int = MAX_CONNECTIONS,
) -> uvicorn.Config:
    """How the app is served. A forwarded client address (X-Forwarded-For) is
    believed only from the proxies named: uvicorn would believe any from
    127.0.0.1, so a local process could pose as many devices and slip past the
    per-address caps and the slow-down for wrong secrets. Connections are
    bounded in number and in time (`door.py`). A websocket message is at most
    WS_MAX_BYTES (uvicorn's own 16 MiB would let each page make the server
    hold 16 MiB for one message); an import file comes over HTTP."""
    return uvicorn.Config(
        app,
        host=bind,
        port=port,
        http=bounded_http(max_connections),
        ws="websockets-sansio",
        ws_max_size=WS_MAX_BYTES,
        log_level="warning",
        access_log=False,
        timeout_graceful_shutdown=3,
        server_header=False,
        proxy_headers=bool(proxies),
        forwarded_allow_ips=list(proxies) if proxies else [],
    )


def serve(
    data: str | None,
    port: int,
    lan: bool,
    open_browser: bool,
    hosts: Sequence[str] = (),
    limits: Limits | None = None,
    proxies: Sequence[str] = (),
) -> int:
    if os.environ.get("SCOREKEEPER_DEBUG"):
        logging.basicConfig(level=logging.INFO)
        logging.getLogger("scorekeeper").setLevel(logging.DEBUG)
    else:
        logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    store = GameStore(data_folder(data))
    for notice in store.notices:
        print(f"warning: {notice}", file=sys.stderr)
    rate_in_background(store)
    bind = "0.0.0.0" if lan else "127.0.0.1"
    local = f"http://127.0.0.1:{port}"
    names = [h.strip().lower() for h in hosts if h.strip()]
    bases = [f"http://{name}:{port}" for name in names]
    address = lan_address() if lan else None
    if address:
        names.append(address)
        bases.insert(0, f"http://{address}:{port}")
    try:
        access = Access(store, Links([*bases, local]))
    except Exception:
        store.close()
        raise
    keys = access.keys
    # Before any link: a checkout's first start prepares the client (minutes),
    # and says so; an installed copy carries it ready.
    try:
        web = prepare(progress=lambda text: print(text, flush=True))
    except Exception:
        store.close()
        raise
    print(_("Spades Scorekeeper: {url}/").format(url=local), flush=True)
    print(_("Games are saved in {folder}").format(folder=store.folder), flush=True)
    print(
        _("Keeper link (full access on the device that opens it): {url}").format(
            url=access.links.keeper(keys)
        ),
        flush=True,
    )
    print(
        _("Watch link (the live scores, read-only): {url}").format(url=access.links.watch(keys)),
        flush=True,
    )
    if lan:
        if address:
            print(
                _("On a phone on the same Wi-Fi, open {url}").format(url=access.links.keeper(keys)),
                flush=True,
            )
            print_qr(access.links.keeper(keys))
        else:
            print(_("Could not find this machine's network address."), flush=True)

    def started() -> None:
        if open_browser:
            webbrowser.open(local + keys.keeper_path())

    app = web_app(store, access, names, limits or Limits(), on_startup=started, web=web)
    cap = connection_cap(open_file_limit())
    server = uvicorn.Server(uvicorn_config(app, bind, port, proxies, max_connections=cap))
    try:
        server.run()
    finally:
        store.close()
    return 0 if server.started else 2
