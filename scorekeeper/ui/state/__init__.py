"""The app's state and one method per user action, split by concept into
parts, each with its own state, actions and snapshot (no flet here):

- `shown.py`: the screen, errors, message and the question waiting (every part writes there)
- `browsing.py`: the home lists, the history, the statistics and merged names
- `open_game.py`: the game open and its entry, kept in step with other devices
- `setup.py`: the set-up form; `entry.py`: a hand's bids and tricks on the keypad
  (`blind_toggle.py`: its Blind toggle, where the rules have blind bids)
- `corrections.py`: penalties, deleting hands, undoing the last one
- `transfer.py`: export and import; `sharing.py`: the Share screen's links
- `deleting.py`: deleting a game, and undoing that
- `app_state.py`: `AppState`, which composes them and routes each action
"""

from scorekeeper.ui.state.app_state import TEXT_SIZES, AppState, Snapshot
from scorekeeper.ui.state.blind_toggle import BlindToggle
from scorekeeper.ui.state.browsing import HISTORY_PAGE, Browsing
from scorekeeper.ui.state.corrections import AdjustmentForm, Corrections
from scorekeeper.ui.state.deleting import UNDO_SECONDS, Deleting
from scorekeeper.ui.state.entry import BLIND, REST, HandEntry
from scorekeeper.ui.state.open_game import DELETED, OpenGame
from scorekeeper.ui.state.setup import Setup, SetupForm, parse_rule_fields, rule_fields
from scorekeeper.ui.state.sharing import ShareLinks, Sharing
from scorekeeper.ui.state.shown import Confirm, KeepsState, Restore, Shown, os_error_message
from scorekeeper.ui.state.transfer import Transfer

__all__ = [
    "BLIND",
    "DELETED",
    "HISTORY_PAGE",
    "REST",
    "TEXT_SIZES",
    "UNDO_SECONDS",
    "AdjustmentForm",
    "AppState",
    "BlindToggle",
    "Browsing",
    "Confirm",
    "Corrections",
    "Deleting",
    "HandEntry",
    "KeepsState",
    "OpenGame",
    "Restore",
    "Setup",
    "SetupForm",
    "ShareLinks",
    "Sharing",
    "Shown",
    "Snapshot",
    "Transfer",
    "os_error_message",
    "parse_rule_fields",
    "rule_fields",
]
