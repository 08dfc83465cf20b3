"""The colours of the light and dark themes, as plain hex values (no flet
here, so a test can compute every contrast). The theme is built from these;
the screens name them by role (ft.Colors.SECONDARY for side 1's colour, ...).

Every text colour is at least 4.5:1 against every background it is drawn on
(WCAG AA), in both themes: tests/test_palette.py computes it.
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class Palette:
    surface: str  # the page
    on_surface: str  # ordinary text
    card: str  # cards (surface_container_low)
    primary: str  # filled buttons, a chosen key
    on_primary: str
    primary_container: str  # the result banner
    secondary_container: str  # the summary, the player picked on the keypad
    tertiary_container: str  # messages
    error: str
    on_error: str
    error_container: str
    side_1: str  # the first side's colour (the ColorScheme's secondary slot)
    side_2: str  # the second side's colour (the ColorScheme's tertiary slot)
    side_3: str  # cutthroat's and solo's third player (the primary_fixed slot)
    side_4: str  # solo's fourth player (the secondary_fixed slot)

    @property
    def sides(self) -> tuple[str, str, str, str]:
        return (self.side_1, self.side_2, self.side_3, self.side_4)


LIGHT = Palette(
    surface="#FBF8FF",
    on_surface="#1B1B21",
    card="#F5F2FA",
    primary="#3949AB",
    on_primary="#FFFFFF",
    primary_container="#DDE1FF",
    secondary_container="#E1E0F9",
    tertiary_container="#FDD7FA",
    error="#BA1A1A",
    on_error="#FFFFFF",
    error_container="#FFDAD6",
    side_1="#1559B0",
    side_2="#9A4B00",  # orange, apart from the error red: a side is never an error
    # Okabe-Ito's bluish green and reddish purple, darkened for contrast: apart
    # from the blue, the orange, each other and the error red also for
    # colour-blind players (tests/test_palette.py simulates it)
    side_3="#00704A",
    side_4="#882D80",
)

DARK = Palette(
    surface="#131318",
    on_surface="#E4E1E9",
    card="#1B1B21",
    primary="#B9C3FF",
    on_primary="#1B2D61",
    primary_container="#323F7A",
    secondary_container="#444559",
    tertiary_container="#5C3B5D",
    error="#FFB4AB",
    on_error="#690005",
    error_container="#93000A",
    side_1="#8DC2FF",
    side_2="#FFB870",
    side_3="#44D19A",
    side_4="#E7A0E0",
)


@dataclass(frozen=True)
class Board:
    """The watch board and the live cards: light blocks in either theme."""

    ink: str  # scores, bags and contracts
    side_1: str  # a side's names
    side_2: str
    side_3: str
    side_4: str
    side_1_ground: str  # a side's block on the table display
    side_2_ground: str
    side_3_ground: str
    side_4_ground: str

    @property
    def sides(self) -> tuple[str, str, str, str]:
        return (self.side_1, self.side_2, self.side_3, self.side_4)

    @property
    def grounds(self) -> tuple[str, str, str, str]:
        return (self.side_1_ground, self.side_2_ground, self.side_3_ground, self.side_4_ground)


BOARD = Board(  # the sides in the keeper's colours (the light theme's)
    ink="#000000",
    side_1=LIGHT.side_1,
    side_2=LIGHT.side_2,
    side_3=LIGHT.side_3,
    side_4=LIGHT.side_4,
    side_1_ground="#E3F2FD",
    side_2_ground="#FFF3E0",
    side_3_ground="#E2F4EC",
    side_4_ground="#F6E6F4",
)

LOGO_GROUND = "#388E3C"  # the green table on the setup screen
LOGO_MARK = "#FFFFFF"  # the spade on it
QR_GROUND = "#FFFFFF"  # a QR code scans only dark on light, whatever the theme
CHART_BAR = "#5C6BC0"  # the win-rate bars of the statistics

# Which text colours are drawn on which backgrounds (the pairs the test checks).
TEXT_ON = {
    "on_surface": (
        "surface",
        "card",
        "primary_container",
        "secondary_container",
        "tertiary_container",
        "error_container",
    ),
    "side_1": ("surface", "card", "secondary_container"),
    "side_2": ("surface", "card", "secondary_container"),
    "side_3": ("surface", "card", "secondary_container"),
    "side_4": ("surface", "card", "secondary_container"),
    "error": ("surface", "card"),
    "primary": ("surface", "card"),
    "on_primary": ("primary",),
    "on_error": ("error",),
}

# The same for the board: (text, background) in every theme.
BOARD_TEXT_ON = (
    (BOARD.ink, BOARD.side_1_ground),
    (BOARD.ink, BOARD.side_2_ground),
    (BOARD.ink, BOARD.side_3_ground),
    (BOARD.ink, BOARD.side_4_ground),
    *zip(BOARD.sides, BOARD.grounds, strict=True),
    (LOGO_MARK, LOGO_GROUND),
)

# The colour a browser gives its bar and task switcher for the app's pages.
THEME_COLOR = LIGHT.primary
