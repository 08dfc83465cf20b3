"""A figure's font size at a larger text size: it fits its room on one line."""

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.ui.screens.widgets import FIGURE_EMS, fitted_size

FIGURE = st.text(alphabet="0123456789-+, \u00a0\u2192\u2066\u2069", min_size=1, max_size=14)


def ems(figure: str) -> float:
    return sum(FIGURE_EMS.get(c, 0 if c in "\u2066\u2069" else 0.6) for c in figure)


@given(FIGURE, st.integers(100, 200), st.sampled_from([16, 34, 44]), st.integers(40, 200))
def test_a_fitted_figure_is_never_wider_than_its_room(figure, text_size, size, room):
    fitted = fitted_size(figure, size, room, text_size)
    assert fitted <= size
    assert fitted * ems(figure) * text_size / 100 <= room


def test_a_figure_that_fits_keeps_its_size():
    assert fitted_size("-42", 44, 128, 100) == 44
    assert fitted_size("-158 →\u00a0-200", 16, 95, 100) == 16  # the sheet at 100%: as before
    assert fitted_size("-200", 44, 128, 200) < 44 / 1.4  # a 360 px card at 200%
    assert fitted_size("\u2066\u2069", 16, 95, 200) == 16  # nothing to fit
