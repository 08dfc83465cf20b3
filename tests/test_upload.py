"""A keeper's import file over HTTP (`PUT /upload/TOKEN`, scorekeeper/web/upload.py).

First the slots as plain objects (expiry, single use, the keeper check), then
the served app against raw HTTP, as an attacker on the same network would
send it: a token is got the way a page gets it (a keeper's page taps Import
and the server asks it to upload), and everything else is refused in a line
of plain text, without reading a body over the limit."""

import asyncio
import http.client
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from scorekeeper.core.exchange import MAX_INPUT_BYTES
from scorekeeper.web.access import Throttle, load_keys
from scorekeeper.web.upload import UPLOAD_PREFIX, NotArrived, TooBig, Uploads
from tests.flet_client import LIMIT, FletClient, open_socket
from tests.served import ROOT, ServedApp, logged_app

# -- the slots, in-process ---------------------------------------------------------


class Exchange:
    """One HTTP request to an ASGI app: what it was sent, and how much of
    the body it read."""

    def __init__(self, body_parts: list[bytes]) -> None:
        self.parts = list(body_parts)
        self.read = 0
        self.status: int | None = None
        self.text = b""

    async def receive(self):
        if not self.parts:
            return {"type": "http.disconnect"}
        part = self.parts.pop(0)
        self.read += len(part)
        return {"type": "http.request", "body": part, "more_body": bool(self.parts)}

    async def send(self, message):
        if message["type"] == "http.response.start":
            self.status = message["status"]
        else:
            self.text += message.get("body", b"")


async def put(uploads, path, parts, method="PUT", headers=()):
    exchange = Exchange(parts)
    scope = {
        "type": "http",
        "method": method,
        "path": path,
        "headers": list(headers),
        "client": ("10.0.0.5", 5000),
    }
    await uploads(scope, exchange.receive, exchange.send)
    return exchange


def quick() -> Throttle:
    return Throttle(base=0.001, limit=0.002)


def test_a_slot_takes_one_file_once_and_gives_it_to_its_session():
    async def go():
        uploads = Uploads(throttle=quick())
        slot = uploads.open(lambda: True)
        other = uploads.open(lambda: True)
        assert slot.url.startswith(UPLOAD_PREFIX) and len(slot.token) >= 43
        assert slot.token != other.token
        waiting = asyncio.ensure_future(uploads.wait(slot))
        sent = await put(uploads, slot.url, [b"[", b"]"])
        assert sent.status == 200 and await waiting == b"[]"
        again = await put(uploads, slot.url, [b"[]"])
        assert again.status == 404 and again.read == 0, "a token is good once"
        assert not other.arrived.done(), "the bytes went to that slot alone"

    asyncio.run(go())


def test_a_page_that_may_not_act_gets_no_slot_and_a_logged_out_one_is_refused():
    async def go():
        uploads = Uploads(throttle=quick())
        assert uploads.open(lambda: False) is None
        allowed = [True]
        slot = uploads.open(lambda: allowed[0])
        waiting = asyncio.ensure_future(uploads.wait(slot))
        allowed[0] = False  # keys reset meanwhile
        sent = await put(uploads, slot.url, [b"[]"])
        assert sent.status == 403 and sent.read == 0
        with pytest.raises(NotArrived):
            await waiting

    asyncio.run(go())


def test_a_slot_expires():
    async def go():
        uploads = Uploads(seconds=0.05, throttle=quick())
        slot = uploads.open(lambda: True)
        with pytest.raises(NotArrived):
            await uploads.wait(slot)
        late = uploads.open(lambda: True)
        late.deadline = time.monotonic() - 1  # opened long ago
        sent = await put(uploads, late.url, [b"[]"])
        assert sent.status == 404 and sent.read == 0

    asyncio.run(go())


def test_a_body_over_the_limit_is_refused_as_it_comes():
    async def go():
        uploads = Uploads(limit=1000, throttle=quick())
        declared = uploads.open(lambda: True)
        sent = await put(uploads, declared.url, [b"x" * 10], headers=[(b"content-length", b"5000")])
        assert sent.status == 413 and sent.read == 0, "refused before reading"
        with pytest.raises(TooBig) as big:
            await uploads.wait(declared)
        assert big.value.size == 5000
        streamed = uploads.open(lambda: True)
        sent = await put(uploads, streamed.url, [b"x" * 600] * 100)
        assert sent.status == 413 and sent.read == 1200, "stopped at the first part past it"
        with pytest.raises(TooBig):
            await uploads.wait(streamed)

    asyncio.run(go())


def test_a_bad_length_or_a_file_no_longer_awaited_is_refused():
    async def go():
        uploads = Uploads(throttle=quick())
        for length in (b"12x", b"\xc2\xb2", b"9" * 5000, b"-1"):
            slot = uploads.open(lambda: True)
            sent = await put(uploads, slot.url, [b"[]"], headers=[(b"content-length", length)])
            assert sent.status == 400 and sent.read == 0, length
            with pytest.raises(NotArrived):
                await uploads.wait(slot)
        replaced = uploads.open(lambda: True)
        uploads.close(replaced)  # (a newer import; the token is then unknown)
        assert (await put(uploads, replaced.url, [b"[]"])).status == 404
        claimed = uploads.open(lambda: True)
        parts = [b"[", b"]"]
        exchange = Exchange(parts)

        async def receive():
            claimed.fail(NotArrived("the page left"))  # while its body comes
            return await exchange.receive()

        scope = {"type": "http", "method": "PUT", "path": claimed.url, "headers": []}
        await uploads(scope, receive, exchange.send)
        assert exchange.status == 410
        uploads.close(claimed)  # as its session does

    asyncio.run(go())


def test_wrong_tokens_slow_down_like_wrong_keys():
    async def go():
        throttle = Throttle(base=0.2, limit=8)
        uploads = Uploads(throttle=throttle)
        for _ in range(3):
            assert (await put(uploads, UPLOAD_PREFIX + "guess" * 9, [])).status == 404
        assert throttle.delay("10.0.0.5") == pytest.approx(0.8)

    asyncio.run(go())


# -- the served app, over raw HTTP -------------------------------------------------


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    with logged_app(tmp_path_factory.mktemp("uploads")) as app:
        yield app


GIVEN: list[str] = []  # the upload URLs the server gave


class Keeper:
    """A keeper's page as a raw client: it taps Import, says which file was
    picked, and keeps the upload URL the server asks it to send the file to."""

    def __init__(self, app: ServedApp) -> None:
        self.client = FletClient(open_socket(app.port))
        self.calls: list[tuple[str, dict]] = []
        self.picked: dict = {}
        self.client.answer = self.answer
        self.client.register("/key/" + load_keys(app.data).keeper)
        assert self.client.wait_for(lambda data: b"New game" in data)
        self.client.route("/history")
        self.client.pump(quiet=0.5)

    def answer(self, name: str, args: dict):
        self.calls.append((name, args))
        return [self.picked] if name == "pick_files" else None

    def button(self, label: str) -> int:
        found = [
            body
            for _action, message in self.client.received
            for body in walk(message)
            if body.get("content") == label and str(body.get("_c", "")).endswith("Button")
        ]
        assert found, f"no {label} button"
        return int(found[-1]["_i"])

    def pick(self, name: str = "games.json", size: int = 2) -> str:
        """Tap Import, pick a file: the URL the page is asked to PUT it to."""
        self.picked = {"id": 0, "name": name, "size": size}
        self.client.event(self.button("Import"), "click")
        assert self.client.wait_for(lambda _data: any(c[0] == "upload" for c in self.calls))
        (upload,) = [args for name, args in self.calls if name == "upload"]
        self.calls.clear()
        (file,) = upload["files"]
        assert file["method"] == "PUT" and file["id"] == 0
        GIVEN.append(str(file["upload_url"]))
        return GIVEN[-1]

    def says(self, words: bytes) -> bool:
        return words in self.client.everything() or self.client.wait_for(lambda d: words in d)

    def close(self) -> None:
        self.client.close()


def walk(value):
    if isinstance(value, dict):
        yield value
        for item in value.values():
            yield from walk(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from walk(item)


def request(app: ServedApp, method: str, path: str, body: bytes = b"", headers=None):
    conn = http.client.HTTPConnection("127.0.0.1", app.port, timeout=LIMIT)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        response = conn.getresponse()
        return response.status, response.read(), response
    finally:
        conn.close()


def raw(app: ServedApp, head: str | bytes, chunks=(), limit: float = LIMIT) -> tuple[bytes, int]:
    """Send a request's head, then body chunks until the server answers or
    closes: the answer, and how many body bytes went out before it."""
    sent = 0
    with socket.create_connection(("127.0.0.1", app.port), timeout=limit) as sock:
        sock.sendall(head if isinstance(head, bytes) else head.encode())
        sock.settimeout(0.05)
        answer = b""
        end = time.monotonic() + limit
        for chunk in chunks:
            try:
                answer += sock.recv(65536)
                if answer:
                    break
            except TimeoutError:
                pass
            try:
                sock.sendall(chunk)
                sent += len(chunk)
            except OSError:  # closed by the server
                break
            if time.monotonic() > end:
                break
        sock.settimeout(limit)
        try:
            while True:
                data = sock.recv(65536)
                if not data:
                    break
                answer += data
        except (TimeoutError, OSError):
            pass
    return answer, sent


def status_of(answer: bytes) -> int:
    match = re.match(rb"HTTP/1\.1 (\d{3})", answer)
    assert match, answer[:200]
    return int(match.group(1))


def plain(app: ServedApp, body: bytes) -> None:
    """A refusal is a short line of text: no traceback, no path on the server."""
    assert len(body) < 200, body
    for leak in (b"Traceback", b'File "', str(ROOT).encode(), str(app.data).encode()):
        assert leak not in body, body


def head(app: ServedApp, url: str, extra: str) -> str:
    return f"PUT {url} HTTP/1.1\r\nHost: 127.0.0.1:{app.port}\r\n{extra}\r\n"


def test_a_picked_file_is_sent_over_http_and_imported_once(served):
    keeper = Keeper(served)
    url = keeper.pick("games.json", size=2)
    status, body, _response = request(served, "PUT", url, b"[]")
    assert status == 200
    assert keeper.says(b"Imported 0 games from games.json.")
    status, body, _response = request(served, "PUT", url, b"[]")
    assert status == 404, "a token is good once"
    plain(served, body)
    keeper.close()


def test_an_unknown_token_or_another_method_is_refused_in_plain_words(served):
    keeper = Keeper(served)  # (its valid key resets the slow-down for this address)
    url = keeper.pick()
    for method in ("GET", "POST", "DELETE", "PATCH"):
        status, body, response = request(served, method, url, b"[]")
        assert status == 405 and response.getheader("Allow") == "PUT", method
        plain(served, body)
    for path in (UPLOAD_PREFIX + "x" * 43, UPLOAD_PREFIX + url[len(UPLOAD_PREFIX) :][:-1]):
        status, body, response = request(served, "PUT", path, b"[]")
        assert status == 404 and response.getheader("Content-Type").startswith("text/plain")
        plain(served, body)
    status, body, _response = request(
        served, "PUT", url, b"[]", headers={"Host": "attacker.example"}
    )
    assert status == 403, "the host check stands in front of uploads too"
    status, body, _response = request(served, "PUT", url, b"[]")
    assert status == 200, "none of that used up the token"
    assert keeper.says(b"Imported 0 games")
    keeper.close()


def test_a_declared_length_over_the_limit_is_refused_before_the_body(served):
    keeper = Keeper(served)
    url = keeper.pick("big.json", size=2)  # the page lied about the size
    answer, sent = raw(served, head(served, url, f"Content-Length: {MAX_INPUT_BYTES + 1}\r\n"))
    assert status_of(answer) == 413 and sent == 0, "answered with no byte of the body sent"
    plain(served, answer.split(b"\r\n\r\n", 1)[1])
    assert b"connection: close" in answer.lower()
    assert keeper.says(b"too big to be a Spades file (20.1 MB; the limit is 20 MB)")
    keeper.close()


def test_a_chunked_body_is_cut_off_at_the_limit(served):
    keeper = Keeper(served)
    url = keeper.pick("chunked.json", size=2)
    megabyte = b"x" * 1_000_000
    chunk = f"{len(megabyte):x}\r\n".encode() + megabyte + b"\r\n"
    answer, sent = raw(served, head(served, url, "Transfer-Encoding: chunked\r\n"), [chunk] * 60)
    assert status_of(answer) == 413
    plain(served, answer.split(b"\r\n\r\n", 1)[1])
    assert sent < 40 * len(chunk), "the server stopped reading soon after the limit"
    assert keeper.says(b"too big to be a Spades file")
    keeper.close()


def test_a_body_sent_in_one_write_with_its_headers_arrives(served):
    """Its first bytes come in the same read as the headers: they do not count
    toward the limit on headers (64 KB) of the server's door."""
    keeper = Keeper(served)
    body = b"[" + b" " * 1_000_000 + b"]"
    url = keeper.pick("spaced.json", size=len(body))
    request = (
        head(served, url, f"Content-Length: {len(body)}\r\nConnection: close\r\n").encode() + body
    )
    answer, _sent = raw(served, request)
    assert status_of(answer) == 200
    assert keeper.says(b"Imported 0 games from spaced.json.")
    keeper.close()


def test_a_page_that_stops_sending_is_told_nothing_was_imported(served):
    keeper = Keeper(served)
    url = keeper.pick("half.json", size=100)
    answer, _sent = raw(served, head(served, url, "Content-Length: 100\r\n"), [b"[" * 10], limit=2)
    assert answer == b"", "no answer to a request still waiting for its body"
    assert keeper.says(b"Nothing was imported from half.json: the file did not arrive whole.")
    keeper.close()


def test_a_file_over_the_limit_is_never_asked_for(served):
    keeper = Keeper(served)
    keeper.calls.clear()
    keeper.picked = {"id": 0, "name": "huge.json", "size": MAX_INPUT_BYTES + 1}
    keeper.client.event(keeper.button("Import"), "click")
    assert keeper.says(b"uge.json is too big to be a Spades file (20.1 MB;")  # (H: a sentence)
    keeper.client.pump(quiet=0.5)
    asked = {name: args for name, args in keeper.calls}
    assert "upload" not in asked, "no byte of it is asked for"
    assert asked["pick_files"]["with_data"] is False, "nor sent with the pick"
    keeper.close()


def test_a_logged_out_keeper_cannot_send_its_file(tmp_path):
    app = ServedApp(tmp_path)
    app.start()
    try:
        keeper = Keeper(app)
        url = keeper.pick()
        subprocess.run(
            [sys.executable, "-m", "scorekeeper", "--data", str(tmp_path), "keys", "reset"],
            cwd=ROOT,
            capture_output=True,
            timeout=60,
            check=True,
        )
        status, body, _response = request(app, "PUT", url, b"[]")
        assert status == 403
        plain(app, body)
        keeper.close()
    finally:
        app.stop()


def test_the_log_has_no_traceback_and_no_token(served):
    """(Last in this module: after all of the above.)"""
    text = Path(served.log.name).read_text(errors="replace")
    assert "refused an upload" in text
    assert "Traceback" not in text and "Exception in ASGI application" not in text
    assert GIVEN and not [url for url in GIVEN if url[len(UPLOAD_PREFIX) :] in text]
    assert load_keys(served.data).keeper not in text
