"""What the hand entry says under its keypad: the sides' bids as they form,
the warnings worth a second look before Next, the tricks left, and the
preview of the hand's score before Save. Rebuilt on every tap; the view keeps
the notes whose shape did not change (`shape_of`), so nothing is sent for them."""

from collections.abc import Sequence

import flet as ft

from scorekeeper.core.blind import is_blind_contract
from scorekeeper.core.model import Bid, Game, Variant, blind_bid
from scorekeeper.core.scoring import contract_value
from scorekeeper.i18n import _, ngettext
from scorekeeper.ui.screens.widgets import SIDE_COLORS, banner, error_text, tagged
from scorekeeper.ui.state import AppState
from scorekeeper.ui.text import bid_label, event_lines, num, outcome, player, side_label, signed


def side_bid(game: Game, bids: Sequence[Bid | None], side: int, contract: int) -> str:
    """A side's bid as it forms: "-" before it has bid (as a player's line),
    each player's own bid while a partner has yet to bid ("Ben: blind nil;
    Dee: not yet": nothing is said for the side before it is known), its nils
    when it bid only nils ("bid nil + blind nil", not "bid 0"), then its contract."""
    names = side_label(game, side)
    seats = game.variant.sides[side]
    made = [b for seat in seats if (b := bids[seat]) is not None]
    if not made:
        return _("{names}: bid {contract}").format(names=names, contract="-")
    if len(made) < len(seats):
        return "; ".join(
            _("{player}: {bid}").format(
                player=player(game, seat),
                bid=_("not yet") if (bid := bids[seat]) is None else bid_label(bid).lower(),
            )
            for seat in seats
        )
    if all(b.is_nil for b in made):
        return _("{names}: bid {contract}").format(
            names=names, contract=" + ".join(bid_label(b).lower() for b in made)
        )
    if is_blind_contract(made):  # "bid blind 7", as the player's lines say "Blind 4"
        return _("{names}: bid {contract}").format(
            names=names, contract=bid_label(blind_bid(contract)).lower()
        )
    return _("{names}: bid {contract}").format(names=names, contract=num(contract))


def bid_notes(state: AppState, status: ft.Text) -> list[ft.Control]:
    """The sides' bids as they form (in `status`), and what to look at twice
    before Next: a side over the tricks of a hand, a big bid, a blind nil."""
    assert state.saved and state.draft
    game, draft, errors = state.saved.game, state.draft, state.errors
    sides = game.variant.sides
    contracts = [draft.contract(seats) for seats in sides]
    status.value = "  ·  ".join(side_bid(game, draft.bids, s, c) for s, c in enumerate(contracts))
    notes: list[ft.Control] = [
        error_text(errors[f"side.{s}"], f"error-side-{s}")
        for s in range(len(sides))
        if f"side.{s}" in errors
    ]
    most = game.variant.tricks
    over = [s for s, c in enumerate(contracts) if c > most]
    for s in over:  # legal, so never refused; but most likely a wrong tap
        message = _(
            "{names}: bid {contract}, more than the {most} tricks of a hand: the side "
            "will be set. Tap a player to change a bid."
        )
        notes.append(
            tagged(
                f"over-13-{s}",
                ft.Text(
                    message.format(
                        names=side_label(game, s), contract=num(contracts[s]), most=most
                    ),
                    color=ft.Colors.TERTIARY,
                ),
            )
        )
    if sum(contracts) > most and not over:
        message = (
            _("Bids add up to {total}: more than 13 tricks, someone will be set.")
            if most == 13
            else _("Bids add up to {total}: more than {most} tricks, someone will be set.")
        )
        notes.append(
            ft.Text(
                message.format(total=sum(contracts), most=most),
                color=ft.Colors.TERTIARY,
            )
        )
    notes += contract_notes(game, draft.bids, contracts)
    if any(b is not None and b.is_blind_nil for b in draft.bids):
        notes.append(banner(blind_nil_reminder(state), "blind-nil-reminder"))
    elif game.rules.allow_blind_nil and not errors:  # problems need the room more
        notes.append(
            ft.Text(
                _("Blind nil is declared before looking at the cards."),
                size=12,
                italic=True,
            )
        )
    return notes


def contract_notes(
    game: Game, bids: Sequence[Bid | None], contracts: Sequence[int]
) -> list[ft.Control]:
    """What a side's contract is worth when it is not 10 a trick: a blind
    contract ("blind 7: +140 made, -140 set"), or a big bid (doubled or not)."""
    rules = game.rules
    notes: list[ft.Control] = []
    for s, seats in enumerate(game.variant.sides):
        side_bids = [b for seat in seats if (b := bids[seat]) is not None]
        blind = len(side_bids) == len(seats) and is_blind_contract(side_bids)
        big = rules.big_bid_min is not None and contracts[s] >= rules.big_bid_min
        if not (blind or big):
            continue
        worth = contract_value(rules, contracts[s], big=big, blind=blind)
        if blind:
            text = _("{names}: blind {contract}: {won} made, {lost} set.").format(
                names=side_label(game, s),
                contract=num(contracts[s]),
                won=signed(worth),
                lost=signed(-worth),
            )
            notes.append(tagged(f"blind-contract-{s}", ft.Text(text, weight=ft.FontWeight.BOLD)))
            continue
        text = _("{names}: bid {contract}, a big bid worth {points} either way.").format(
            names=side_label(game, s), contract=num(contracts[s]), points=num(worth)
        )
        notes.append(ft.Text(text, weight=ft.FontWeight.BOLD))
    return notes


def trick_notes(state: AppState, status: ft.Text, index: int) -> list[ft.Control]:
    """The tricks left (in `status`), and once they add up, the hand's
    preview: each side's points and new score, before Save."""
    assert state.saved and state.draft
    game, draft, errors = state.saved.game, state.draft, state.errors
    left = draft.tricks_left()
    status.value = (
        (
            ngettext("{count} trick left of 13", "{count} tricks left of 13", left)
            if game.variant.tricks == 13
            else ngettext("{count} trick left of {most}", "{count} tricks left of {most}", left)
        ).format(count=left, most=game.variant.tricks)
        if left >= 0
        else ngettext("{count} trick too many", "{count} tricks too many", -left).format(
            count=-left
        )
    )
    status.color = ft.Colors.ERROR if left < 0 else None
    notes: list[ft.Control] = []
    if "tricks" in errors:
        notes.append(error_text(errors["tricks"], "error-tricks"))
    preview = state.preview()
    if preview:
        facts = event_lines(game, preview, index)
        last = index == len(preview.hands) - 1
        result = outcome(game, preview) if last else None
        notes.append(
            tagged(
                "preview",
                ft.Column(
                    [
                        *[
                            ft.Text(
                                _("{names}: {points} → {score}").format(
                                    names=side_label(game, sh.side),
                                    points=signed(sh.points),
                                    score=num(sh.score),
                                ),
                                color=SIDE_COLORS[sh.side],
                                size=16,
                                weight=ft.FontWeight.BOLD,
                            )
                            for sh in preview.hands[index].sides
                        ],
                        *[ft.Text(line, size=14) for line in facts],
                        *[
                            ft.Text(line, size=16, weight=ft.FontWeight.BOLD)
                            for line in (result,)
                            if line
                        ],
                    ],
                    spacing=2,
                ),
            )
        )
    return notes


def shape_of(control: ft.Control) -> object:
    """What a note looks like, to tell whether it changed (unknown kinds always do)."""
    if isinstance(control, ft.Text):
        return ("text", control.value, control.color, control.size, control.italic, control.weight)
    if isinstance(control, ft.Semantics):
        inner = shape_of(control.content) if control.content else None
        return ("tag", control.identifier, control.visible, inner)
    if isinstance(control, ft.Column):
        return ("column", tuple(map(shape_of, control.controls)))
    if isinstance(control, ft.Container):
        inner = shape_of(control.content) if isinstance(control.content, ft.Control) else None
        return ("box", control.bgcolor, inner)
    return ("other", id(control))


def blind_nil_reminder(state: AppState) -> str:
    assert state.saved and state.draft
    game = state.saved.game
    if game.variant is Variant.TWO_PLAYER:
        return _(
            "Blind nil: the bidder may discard up to 3 cards and draw replacements "
            "from the discards."
        )
    if not game.variant.partnership:
        return _("Blind nil: each plays alone, so no cards are swapped.")
    blind = [s for s, b in enumerate(state.draft.bids) if b is not None and b.is_blind_nil]
    texts = []
    for seat in blind:
        partner = (seat + 2) % 4
        if partner in blind and partner < seat:
            continue
        if partner in blind:
            texts.append(
                _("Blind nil for both {a} and {b}: no card swap.").format(
                    a=player(game, seat), b=player(game, partner)
                )
            )
        else:
            texts.append(
                _("Blind nil: now 3 cards are swapped between {a} and {b}.").format(
                    a=player(game, seat), b=player(game, partner)
                )
            )
    return " ".join(texts)
