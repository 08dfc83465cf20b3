"""A QR code as PNG bytes, for an image on the Share screen (no imaging library)."""

import struct
import zlib

import qrcode


def qr_matrix(text: str) -> list[list[bool]]:
    code = qrcode.QRCode(border=2, error_correction=qrcode.constants.ERROR_CORRECT_M)
    code.add_data(text)
    code.make(fit=True)
    return [list(row) for row in code.get_matrix()]


def png(rows: list[list[bool]], scale: int = 8) -> bytes:
    """A black-on-white 1-bit PNG, each module `scale` pixels wide."""
    width = len(rows[0]) * scale
    lines = []
    for row in rows:
        bits = "".join(("0" if dark else "1") * scale for dark in row)  # 1 = white
        bits += "0" * (-len(bits) % 8)
        line = b"\x00" + int(bits, 2).to_bytes(len(bits) // 8, "big")
        lines.extend([line] * scale)

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, len(rows) * scale, 1, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"".join(lines), 9))
        + chunk(b"IEND", b"")
    )


def qr_png(text: str, scale: int = 8) -> bytes:
    return png(qr_matrix(text), scale)
