"""Reading a screenshot's ink in Python: Flutter draws on a canvas, so the DOM
cannot tell where a sign went. Done here rather than in the page, so a busy
renderer never holds a test without a time limit."""

from io import BytesIO

from PIL import Image

DARK = 3 * 110  # a pixel whose channels add up to less than this is text


class Picture:
    """A screenshot (PNG bytes) as rows of RGB pixels."""

    def __init__(self, png: bytes) -> None:
        image = Image.open(BytesIO(png)).convert("RGB")
        self.width, self.height = image.size
        pixels = list(image.get_flattened_data())
        self.rows = [pixels[y * self.width : (y + 1) * self.width] for y in range(self.height)]

    def dark(self, x: int, y: int) -> bool:
        return sum(self.rows[y][x]) < DARK

    def dark_row(self, y: int) -> bool:
        return any(sum(pixel) < DARK for pixel in self.rows[y])


def dark_pixels(png: bytes) -> int:
    """How many dark pixels a screenshot holds (text, not the page, borders or scroll bar)."""
    picture = Picture(png)
    return sum(sum(pixel) < DARK for row in picture.rows for pixel in row)


def text_lines(png: bytes) -> int:
    """How many lines of dark text a screenshot holds (rows of ink between blank rows)."""
    picture = Picture(png)
    lines, inside = 0, False
    for y in range(picture.height):
        inked = picture.dark_row(y)
        lines += inked and not inside
        inside = inked
    return lines


def glyph_heights(png: bytes) -> list[int]:
    """The heights of the glyphs of the tallest line of dark text, left to right."""
    picture = Picture(png)
    band, start = (0, -1), -1
    for y in range(picture.height + 1):
        inked = y < picture.height and picture.dark_row(y)
        if inked and start < 0:
            start = y
        if not inked and start >= 0:
            if y - start > band[1] - band[0] + 1:
                band = (start, y - 1)
            start = -1
    glyphs: list[list[int]] = []  # [top, bottom] of each run of inked columns
    current: list[int] | None = None
    for x in range(picture.width):
        rows = [y for y in range(band[0], band[1] + 1) if picture.dark(x, y)]
        if not rows:
            current = None
            continue
        if current is None:
            current = [rows[0], rows[-1]]
            glyphs.append(current)
        current[0] = min(current[0], rows[0])
        current[1] = max(current[1], rows[-1])
    return [bottom - top + 1 for top, bottom in glyphs]


def first_line_ink(png: bytes) -> list[int]:
    """How much ink each column of the first line of text holds (ink: far from
    the colour of the top right corner, the card's own)."""
    picture = Picture(png)
    paper = picture.rows[0][picture.width - 1]

    def ink(x: int, y: int) -> bool:
        return sum(abs(a - b) for a, b in zip(picture.rows[y][x], paper, strict=True)) > 120

    top, bottom = -1, picture.height
    for y in range(picture.height):
        inked = any(ink(x, y) for x in range(picture.width))
        if inked and top < 0:
            top = y
        if not inked and top >= 0:
            bottom = y
            break
    if top < 0:
        return [0] * picture.width
    return [sum(ink(x, y) for y in range(top, bottom)) for x in range(picture.width)]


def ends_in_dots(png: bytes, reach: int = 10) -> bool:
    """Whether a line of dark text ends in an ellipsis: in its last `reach`
    inked columns, every column's ink is a dot (a few pixels high), where a
    letter cut off at the edge stands as tall as the line's small letters."""
    picture = Picture(png)
    spans: dict[int, tuple[int, int]] = {}
    for x in range(picture.width):
        rows = [y for y in range(picture.height) if picture.dark(x, y)]
        if rows:
            spans[x] = (rows[0], rows[-1])
    if not spans:
        return False
    end = max(spans)
    tail = [spans[x] for x in range(end - reach + 1, end + 1) if x in spans]
    return bool(tail) and all(bottom - top <= 3 for top, bottom in tail)
