"""What a watcher sees, drawn from the live games (live.py): a card per game
in progress, and the table display, one game in large type for a tablet on
the table. Read-only: the only control on either is a way between them.
Words and colours are the keeper's app's (scorekeeper.ui)."""

from collections.abc import Callable
from typing import Any

import flet as ft

from scorekeeper.core.model import Bid
from scorekeeper.i18n import _, number
from scorekeeper.ui import (
    BOARD,
    SIDE_COLORS,  # the theme's, as on the keeper's app
    bid_label,
    result_line,
)
from scorekeeper.web.live import LiveGame

BACK_ROW = 56  # the table display's way back to the list, in pixels


def tagged(identifier: str, control: ft.Control) -> ft.Semantics:
    """A stable hook for tests: flt-semantics-identifier in the DOM."""
    return ft.Semantics(identifier=identifier, content=control)


def result_text(game: LiveGame) -> str | None:
    """Who won, once a game is over; else None."""
    return result_line(
        [side.names for side in game.sides],
        [side.score for side in game.sides],
        game.winner,
        game.tied,
    )


def turn_text(game: LiveGame) -> str:
    """The hand being played and who deals and bids first, or the result."""
    turn = (
        _("Hand {number} · Draws first: {dealer} · Bids first: {bidder}")
        if game.drawing
        else _("Hand {number} · Dealer: {dealer} · Bids first: {bidder}")
    )
    return result_text(game) or turn.format(
        number=number(game.hand), dealer=game.dealer, bidder=game.first_bidder
    )


def bid_text(bid: Bid | None) -> str:
    """A bid as the keeper's app writes it; nothing for none yet."""
    return bid_label(bid) if bid is not None else ""


def bids_text(game: LiveGame) -> str | None:
    """The bids of the hand being entered, while it is."""
    if not game.step:
        return None
    entered = [f"{b.player} {bid_text(b.bid)}" for b in game.bids if b.bid is not None]
    if not entered:
        return _("Bidding: no bid yet")
    return _("Bids: {bids}").format(bids=" · ".join(entered))


def contract_text(bid: int | None, blind: bool = False) -> str:
    """A side's contract this hand (a space keeps the line's height)."""
    if bid is None:
        return " "
    if blind:
        return _("Blind {value}").format(value=number(bid))
    return _("Bid {count}").format(count=number(bid))


def tally_text(game: LiveGame) -> str | None:
    """ "Tonight: Ana + Cy 2, Ben + Dee 1 · first to 3", when in a session."""
    tally = game.tally
    if tally is None:
        return None
    standings = _(", ").join(
        _("{names} {wins}").format(names=names, wins=number(wins))
        for names, wins in tally.standings
    )
    line = _("Tonight: {tally}").format(tally=standings)
    if tally.match is not None:
        line = _("{tally} · first to {count}").format(tally=line, count=number(tally.match))
    if tally.winner and tally.decided == "earlier":  # said, not announced again
        line += " · " + _("match won earlier by {names}").format(names=tally.winner)
    elif tally.winner and tally.decided != "here":
        line += " · " + _("match won by {names}").format(names=tally.winner)
    return line


def match_won_text(game: LiveGame) -> str | None:
    """The match's winner, announced on the game that decided it only."""
    tally = game.tally
    if tally is None or not tally.winner or tally.decided != "here":
        return None
    return _("Match won: {names}").format(names=tally.winner)


def game_card(game: LiveGame, index: int, open_table: Callable[[str], Any]) -> ft.Control:
    """One live game in the list: both sides' scores and bags, the turn, the bids."""
    sides: list[ft.Control] = [
        ft.Column(
            [
                ft.Text(side.names, color=SIDE_COLORS[s], weight=ft.FontWeight.BOLD, size=16),
                *(
                    [tagged(f"live-players-{index}-{s}", ft.Text(side.players))]
                    if side.players
                    else [ft.Text(" ")]  # the same height as a named side's card
                    if any(other.players for other in game.sides)
                    else []
                ),
                tagged(
                    f"live-score-{index}-{s}",
                    # three or four sides share a phone's width: smaller figures
                    ft.Text(
                        number(side.score),
                        size=40 if len(game.sides) <= 2 else 26,
                        weight=ft.FontWeight.BOLD,
                    ),
                ),
                tagged(
                    f"live-bags-{index}-{s}",
                    ft.Text(_("Bags {count}").format(count=number(side.bags))),
                ),
            ],
            expand=True,
            spacing=2,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        )
        for s, side in enumerate(game.sides)
    ]
    lines: list[ft.Control] = [
        ft.Row(sides),
        tagged(f"live-turn-{index}", ft.Text(turn_text(game), size=16)),
    ]
    bids = bids_text(game)
    if bids:
        lines.append(tagged(f"live-bids-{index}", ft.Text(bids, size=16)))
    won = match_won_text(game)
    if won:
        lines.append(
            tagged(f"live-match-won-{index}", ft.Text(won, size=16, weight=ft.FontWeight.BOLD))
        )
    tally = tally_text(game)
    if tally:
        lines.append(tagged(f"live-tally-{index}", ft.Text(tally, size=15)))
    lines.append(
        ft.OutlinedButton(
            _("Table display"),
            icon=ft.Icons.TV,
            on_click=lambda _e: open_table(game.id),
        )
    )
    return ft.Card(ft.Container(ft.Column(lines, spacing=8), padding=16))


def live_list(games: tuple[LiveGame, ...], open_table: Callable[[str], Any]) -> list[ft.Control]:
    """The live games, or a word that none is being played."""
    if not games:
        return [
            tagged(
                "live-empty",
                ft.Text(_("No game is being played right now. This page updates by itself.")),
            )
        ]
    return [game_card(game, i, open_table) for i, game in enumerate(games)]


def table_display(
    game: LiveGame, width: float, height: float, leave: Callable[[Any], Any]
) -> ft.Control:
    """One game for a tablet on the table, large type: the sides side by side
    in landscape, one above the other in portrait; a way back to the list."""
    portrait = height > width
    room = height - BACK_ROW  # below the way back
    if portrait:
        unit = max(min(room / 170, width / 100), 2.5)  # type scales with the screen
    else:
        unit = max(min(room / 110, width / 160), 2.5)
    panels: list[ft.Control] = []
    for s, side in enumerate(game.sides):
        contract = contract_text(side.bid, side.blind)
        panels.append(
            ft.Container(
                ft.Column(
                    [
                        ft.Text(
                            side.names,
                            size=6 * unit,
                            weight=ft.FontWeight.BOLD,
                            color=BOARD.sides[s],
                            text_align=ft.TextAlign.CENTER,
                            max_lines=1,
                            overflow=ft.TextOverflow.ELLIPSIS,
                        ),
                        *(
                            [
                                tagged(
                                    f"table-players-{s}",
                                    ft.Text(
                                        side.players,
                                        size=4 * unit,
                                        color=BOARD.ink,
                                        max_lines=1,
                                        overflow=ft.TextOverflow.ELLIPSIS,
                                    ),
                                )
                            ]
                            if side.players
                            else []
                        ),
                        tagged(
                            f"table-score-{s}",
                            ft.Text(
                                number(side.score),
                                size=24 * unit * 2 / max(2, len(game.sides)),
                                weight=ft.FontWeight.BOLD,
                                color=BOARD.ink,
                            ),
                        ),
                        tagged(
                            f"table-bags-{s}",
                            ft.Text(
                                _("Bags {count}").format(count=number(side.bags)),
                                size=6 * unit,
                                color=BOARD.ink,
                            ),
                        ),
                        tagged(
                            f"table-contract-{s}",
                            ft.Text(contract, size=5 * unit, color=BOARD.ink),
                        ),
                    ],
                    spacing=0,
                    horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                    alignment=ft.MainAxisAlignment.CENTER,
                ),
                bgcolor=BOARD.grounds[s],
                border_radius=2 * unit,
                padding=2 * unit,
                expand=True,
                alignment=ft.Alignment.CENTER,
            )
        )
    bids: list[ft.Control] = [
        ft.Container(
            ft.Column(
                [
                    ft.Text(
                        bid.player,
                        size=4.5 * unit,
                        max_lines=1,
                        overflow=ft.TextOverflow.ELLIPSIS,
                    ),
                    tagged(
                        f"table-bid-{i}",
                        ft.Text(bid_text(bid.bid) or "…", size=8 * unit, weight=ft.FontWeight.BOLD),
                    ),
                ],
                spacing=0,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            expand=True,
            alignment=ft.Alignment.CENTER,
        )
        for i, bid in enumerate(game.bids)
    ]
    back = ft.TextButton(
        _("Live scores"),
        icon=ft.Icons.ARROW_BACK,
        on_click=leave,
    )
    sides = (
        ft.Column(panels, expand=True, spacing=2 * unit)
        if portrait
        else ft.Row(panels, expand=True, spacing=2 * unit)
    )
    rows: list[ft.Control] = [
        ft.Row([tagged("table-leave", back)]),
        ft.Semantics(identifier="table-sides", content=sides, expand=True),
        tagged(
            "table-turn",
            ft.Text(turn_text(game), size=5.5 * unit, text_align=ft.TextAlign.CENTER),
        ),
    ]
    if game.step:
        rows.append(ft.Row(bids, spacing=unit))
    return ft.Column(
        rows,
        expand=True,
        spacing=1.5 * unit,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )
