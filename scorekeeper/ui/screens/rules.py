"""The rules in short, in the app's language (docs/rules.md has them in full)."""

import flet as ft

from scorekeeper.i18n import N_, _
from scorekeeper.ui.screens.widgets import Bind, Files, heading, tagged
from scorekeeper.ui.state import AppState

SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        N_("Bidding"),
        (
            N_(
                "Partners sit opposite. The player to the dealer's left bids first and "
                "leads; the deal passes to the left after each hand."
            ),
            N_(
                "Each player bids the tricks they expect to take, from 0 to 13. A side's "
                "bids added up are its contract."
            ),
            N_("Nil: a bid to take no trick at all."),
            N_(
                "Blind nil: nil bid before looking at the cards. The bidder and the "
                "partner then swap 3 cards."
            ),
        ),
    ),
    (
        N_("Scoring a hand"),
        (
            N_(
                "A side that takes at least its contract scores 10 per trick bid, plus 1 "
                "for each extra trick (a bag)."
            ),
            N_("A side that takes fewer tricks than its contract is set: minus 10 per trick bid."),
            N_(
                "Nil: plus 100 if the bidder takes no trick, minus 100 if they take any. "
                "Blind nil: plus or minus 200."
            ),
            N_(
                "A nil bidder's tricks never count toward the partner's bid: they are bags "
                "for the side."
            ),
            N_("Every 10 bags cost 100 points; the bags over 10 carry on."),
        ),
    ),
    (
        N_("Winning"),
        (
            N_(
                "The first side to reach 500 wins. If both reach it in the same hand, the "
                "higher score wins; if the scores are equal, play another hand."
            ),
            N_(
                "Two players: each plays alone, and a blind nil bidder may swap up to 3 "
                "cards with the discards."
            ),
            N_("House rules, chosen when a game is set up, can change these numbers."),
        ),
    ),
    (
        N_("Three or four, each for themselves"),
        (
            N_(
                "Cutthroat: three players, each a side. Take one 2 (not the 2 of spades) "
                "out of the deck: each player holds 17 cards and bids 0 to 17."
            ),
            N_(
                "Solo: four players, each a side, 13 tricks. A nil bidder's tricks are "
                "that player's own bags; nobody swaps cards."
            ),
            N_(
                "With three or four sides, the game ends when a side reaches the target "
                "(or falls to the mercy score, or the last hand is played): the single "
                "highest score wins; a shared highest plays another hand."
            ),
        ),
    ),
    (
        N_("More house rules"),
        (
            N_(
                "Big bids: a contract of at least the chosen size wins or loses a fixed "
                "amount (10 for 200), plus its bags when made."
            ),
            N_("Bags may score nothing; they still count toward the bag penalty."),
            N_("A game can end after a set number of hands: the highest score wins."),
            N_(
                "Suicide bidding (partners): in every hand exactly one partner of each "
                "side bids nil or blind nil."
            ),
            N_(
                "Penalties: the keeper can add or take points for a side on any hand, "
                "with a reason. They count toward the target and never change bags."
            ),
        ),
    ),
)


def build(state: AppState, on: Bind, files: Files) -> list[ft.Control]:
    controls: list[ft.Control] = []
    for title, paragraphs in SECTIONS:
        controls.append(heading(_(title)))
        controls += [ft.Text(_(text), size=16) for text in paragraphs]
    return [tagged("rules", ft.Column(controls, spacing=10))]
