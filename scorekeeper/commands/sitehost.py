"""`scorekeeper serve-site DIR`: serve a built offline site on this computer
to try it (any static HTTPS host does the same job for phones).

Serves `name.gz` in place of `name` to browsers that accept gzip, with the
MIME types Pyodide and Flutter need, and `index.html` for an unknown page's
path; a missing file (a name with a suffix: a font, a script) is a 404, never
the page, which a browser would try to read as that file.
"""

import http.server
import os
import sys
from functools import partial
from pathlib import Path

from scorekeeper.errors import ScorekeeperError

TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".zip": "application/zip",
    ".ttf": "font/ttf",
    ".otf": "font/otf",
    ".woff2": "font/woff2",
    ".html": "text/html; charset=utf-8",
    ".png": "image/png",
}


def is_file_name(url_path: str) -> bool:
    """Whether a request's path names a file (its last part has a suffix:
    `fonts/x.woff2`), not a page of the app (`/`, `/history`)."""
    last = url_path.split("?", 1)[0].split("#", 1)[0].rstrip("/").rsplit("/", 1)[-1]
    return "." in last.strip(".")


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    def send_head(self):  # type: ignore[no-untyped-def]
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        if not path.exists():
            if is_file_name(self.path):
                self.send_error(404)
                return None
            path = Path(self.directory) / "index.html"
        packed = path.with_name(path.name + ".gz")
        gzip_ok = "gzip" in self.headers.get("Accept-Encoding", "")
        body = packed if gzip_ok and packed.exists() else path
        try:
            f = open(body, "rb")  # noqa: SIM115 (copyfile closes it)
        except OSError:
            self.send_error(404)
            return None
        stat = os.fstat(f.fileno())
        # what static hosts send: the service worker asks whether its copy is current
        tag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}"'
        if self.headers.get("If-None-Match") == tag:
            f.close()
            self.send_response(304)
            self.send_header("ETag", tag)
            self.send_header("Cache-Control", "no-cache")
            self.end_headers()
            return None
        self.send_response(200)
        self.send_header("Content-Type", TYPES.get(path.suffix, "application/octet-stream"))
        self.send_header("Content-Length", str(stat.st_size))
        self.send_header("ETag", tag)
        self.send_header("Cache-Control", "no-cache")  # revalidate: a new build shows at once
        self.send_header("Vary", "Accept-Encoding")
        if body is packed:
            self.send_header("Content-Encoding", "gzip")
        self.end_headers()
        return f

    def log_message(self, format: str, *args: object) -> None:
        if os.environ.get("SCOREKEEPER_DEBUG"):
            super().log_message(format, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError):
            return  # the browser went away mid-file (a closed tab): nothing to report
        super().handle_error(request, client_address)  # type: ignore[arg-type]


def make_server(
    folder: Path, port: int, host: str = "127.0.0.1", handler: type[SiteHandler] = SiteHandler
) -> http.server.HTTPServer:
    if not (folder / "index.html").exists():
        raise ScorekeeperError(f"{folder} holds no built site: run `scorekeeper publish {folder}`")
    return SiteServer((host, port), partial(handler, directory=str(folder)))


def serve_site(folder: Path, port: int) -> int:
    server = make_server(folder, port)
    print(f"Spades Scorekeeper (offline build): http://127.0.0.1:{port}/", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(serve_site(Path(sys.argv[1]), int(sys.argv[2])))
