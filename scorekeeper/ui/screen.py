"""What the app shows, by name. The state says which screen it is on; the
registry (scorekeeper.ui.screens) maps each to its URL, title and drawing, so
the state never depends on how a screen is reached or drawn."""

from enum import StrEnum


class Screen(StrEnum):
    HOME = "home"
    SETUP = "setup"
    GAME = "game"
    HAND = "hand"
    HISTORY = "history"
    DETAIL = "detail"  # a game as a whole: sheet, chart, export, delete
    NIGHT = "night"  # a session as a whole: its games, games won, highlights
    STATS = "stats"
    SHARE = "share"  # the watch and keeper links, with QR codes
    RULES = "rules"
