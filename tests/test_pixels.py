"""The screenshot readers of the browser tests, on pictures drawn here: a reader
that saw no ink would let a cut-off label or a wrapped figure pass unseen."""

from io import BytesIO

from PIL import Image, ImageDraw

from tests import pixels

WHITE, BLACK, GREY = (255, 255, 255), (0, 0, 0), (200, 200, 200)


def png(width: int, height: int, boxes: list[tuple[int, int, int, int]], paper=WHITE) -> bytes:
    """A picture of dark boxes (left, top, right, bottom; inclusive) on paper."""
    image = Image.new("RGB", (width, height), paper)
    draw = ImageDraw.Draw(image)
    for box in boxes:
        draw.rectangle(box, fill=BLACK)
    out = BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def test_dark_pixels_counts_ink_and_not_light_grey():
    picture = Image.new("RGB", (10, 10), GREY)
    ImageDraw.Draw(picture).rectangle((2, 2, 4, 3), fill=BLACK)
    out = BytesIO()
    picture.save(out, "PNG")
    assert pixels.dark_pixels(out.getvalue()) == 6
    assert pixels.dark_pixels(png(10, 10, [])) == 0


def test_text_lines_are_runs_of_inked_rows():
    assert pixels.text_lines(png(20, 30, [])) == 0
    assert pixels.text_lines(png(20, 30, [(1, 2, 5, 6), (8, 4, 9, 8)])) == 1
    assert pixels.text_lines(png(20, 30, [(1, 2, 5, 6), (1, 12, 5, 16), (3, 20, 4, 29)])) == 3


def test_glyph_heights_measure_the_tallest_line_left_to_right():
    small_line = [(0, 0, 2, 1)]  # two rows high: not the tallest line
    line = [(2, 10, 3, 19), (6, 12, 8, 19), (11, 15, 11, 19)]
    assert pixels.glyph_heights(png(20, 30, small_line + line)) == [10, 8, 5]


def test_first_line_ink_is_per_column_and_stops_at_the_first_blank_row():
    picture = png(6, 20, [(1, 2, 1, 4), (3, 3, 4, 4), (0, 10, 5, 19)])
    assert pixels.first_line_ink(picture) == [0, 3, 0, 2, 2, 0]
    assert pixels.first_line_ink(png(4, 4, [])) == [0, 0, 0, 0]
    # ink is what differs from the paper, here dark
    assert pixels.first_line_ink(png(3, 4, [(0, 0, 2, 3)], paper=BLACK)) == [0, 0, 0]
