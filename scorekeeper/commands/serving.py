"""The commands that serve: the app, its links' keys, and the offline app
(built, then served as a static site). Each imports what it runs when it runs."""

import argparse
import socket

from scorekeeper.errors import ScorekeeperError
from scorekeeper.i18n import _


def check_port(lan: bool, port: int) -> None:
    host = "0.0.0.0" if lan else "127.0.0.1"
    if not 0 < port < 65536:
        raise ScorekeeperError(_("port {port} is not a port number (1-65535)").format(port=port))
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as error:
            raise ScorekeeperError(
                _("port {port} cannot be used ({reason}); pick another with --port").format(
                    port=port, reason=error.strerror
                )
            ) from None


def cmd_serve(args: argparse.Namespace) -> int:
    check_port(args.lan, args.port)
    from scorekeeper.web.server import serve
    from scorekeeper.web.sessions import Limits

    try:
        limits = Limits(
            max_sessions=args.max_sessions,
            per_address=args.max_per_address,
            idle_minutes=args.idle_minutes,
        )
    except ValueError as error:
        raise ScorekeeperError(str(error)) from None
    return serve(
        data=args.data,
        port=args.port,
        lan=args.lan,
        open_browser=not args.no_browser,
        hosts=args.host,
        limits=limits,
        proxies=[proxy_address(a) for a in args.trust_proxy],
    )


def proxy_address(text: str) -> str:
    import ipaddress

    try:
        return str(ipaddress.ip_address(text.strip()))
    except ValueError:
        raise ScorekeeperError(
            _("--trust-proxy {value!r} is not an IP address (such as 127.0.0.1)").format(
                value=text[:80]
            )
        ) from None


def cmd_keys_reset(args: argparse.Namespace) -> int:
    from scorekeeper.storage.location import data_folder
    from scorekeeper.web.access import reset_keys

    keys = reset_keys(data_folder(args.data))
    print(_("New keys made: every device that had the old links is logged out."))
    print(_("keeper link: http://ADDRESS:PORT{path}").format(path=keys.keeper_path()))
    print(_("watch link:  http://ADDRESS:PORT{path}").format(path=keys.watch_path()))
    print(_("(`scorekeeper serve` prints them with its address)"))
    return 0


def cmd_publish(args: argparse.Namespace) -> int:
    from pathlib import Path

    from scorekeeper.commands.publish import publish

    out = publish(Path(args.dir), base=args.base)
    print(_("Built the offline app in {folder}").format(folder=out))
    print()
    base = args_base(args.base)
    print(_("Try it on this computer:"))
    if base == "/":
        print(f"  scorekeeper serve-site {out} --port 8560")
        print("  http://127.0.0.1:8560/")
    else:  # the local host serves the folder at its root
        print(_("  build it again without --base, then: scorekeeper serve-site DIR --port 8560"))
    print(
        _("Host it: copy everything in {folder} to any static host that serves HTTPS").format(
            folder=out
        )
    )
    print(
        _(
            "  (GitHub Pages: push to main and the workflow .github/workflows/pages.yml "
            "publishes it; Netlify, Cloudflare Pages or your own web server work too)."
        )
    )
    if base == "/":
        print(_("  It expects the host's root; for a sub-folder build with --base /NAME/."))
    else:
        print(_("  It expects to be served under {base}.").format(base=base))
    print(_("Install it on a phone: open its address once with a connection, then"))
    print(_("  Android (Chrome): Install app on the app's Home, or menu > Add to Home screen;"))
    print(_("  iPhone (Safari): the Share button > Add to Home Screen."))
    print(_("  From then on it starts from the home screen, with no network at all."))
    return 0


def args_base(base: str) -> str:
    """The path a site is built for, as publish normalises it ("/" or "/name/")."""
    return "/" + base.strip("/") + "/" if base.strip("/") else "/"


def cmd_serve_site(args: argparse.Namespace) -> int:
    from pathlib import Path

    from scorekeeper.commands.sitehost import serve_site

    return serve_site(Path(args.dir), args.port)
