"""Every file of the lean web client that compresses, stored next to it as
`.br` and `.gz`, compressed once when the client is made, so a server sends
the smallest one the browser accepts without compressing on each request.
"""

import gzip
import hashlib
import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

COMPRESSIBLE = {".js", ".mjs", ".wasm", ".json", ".html", ".ttf", ".otf", ".bin", ".frag", ".txt"}
BEST = {"main.dart.wasm", "canvaskit/skwasm.wasm", "main.dart.mjs", "canvaskit/skwasm.js"}
MIN_COMPRESS = 512


def compress_file(path: Path, relative: str) -> dict[str, object]:
    """The file's size and ETag, and the sizes of the encodings worth keeping."""
    import brotli

    data = path.read_bytes()
    info: dict[str, object] = {
        "size": len(data),
        "etag": hashlib.sha256(data).hexdigest()[:20],
        "encodings": {},
    }
    if path.suffix not in COMPRESSIBLE or len(data) < MIN_COMPRESS:
        return info
    encodings: dict[str, int] = {}
    # The files on the way to the first screen get brotli's best (slow, once).
    quality = 11 if relative in BEST or len(data) < 1_000_000 else 9
    packed = brotli.compress(data, quality=quality, lgwin=24)
    if len(packed) < len(data) * 0.95:
        path.with_name(path.name + ".br").write_bytes(packed)
        encodings["br"] = len(packed)
    gzipped = gzip.compress(data, compresslevel=9, mtime=0)
    if len(gzipped) < len(data) * 0.95:
        path.with_name(path.name + ".gz").write_bytes(gzipped)
        encodings["gzip"] = len(gzipped)
    info["encodings"] = encodings
    return info


def compress_folder(
    work: Path, progress: Callable[[str], None] = lambda _text: None
) -> dict[str, dict[str, object]]:
    """Every file under `work`: relative path -> {size, etag, encodings};
    `progress` hears the share of bytes done, in steps of 10%."""
    paths = sorted(p for p in work.rglob("*") if p.is_file())
    relatives = [p.relative_to(work).as_posix() for p in paths]
    # biggest first, so the two slow ones start at once
    order = sorted(zip(paths, relatives, strict=True), key=lambda pr: -pr[0].stat().st_size)
    total = sum(path.stat().st_size for path in paths) or 1
    done = 0
    shown = -1
    results: dict[str, dict[str, object]] = {}
    with ThreadPoolExecutor(max_workers=max(1, min(4, os.cpu_count() or 1))) as pool:
        running = {
            pool.submit(compress_file, path, relative): (path, relative) for path, relative in order
        }
        for finished in as_completed(running):
            path, relative = running[finished]
            results[relative] = finished.result()
            done += path.stat().st_size
            percent = done * 100 // total // 10 * 10
            if percent != shown:
                shown = percent
                progress(f"  compressing {len(paths)} files: {percent}%")
    return {relative: results[relative] for _p, relative in order}
