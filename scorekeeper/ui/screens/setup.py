"""Setting up a game: the variant, the players round the table, who deals
first and the house rules. Built once, then synced in place (rebuilding a
text field would drop the keyboard focus while typing)."""

import flet as ft

from scorekeeper.core.model import Variant
from scorekeeper.core.rules import PRESETS
from scorekeeper.i18n import _, is_rtl
from scorekeeper.ui.palette import LOGO_GROUND, LOGO_MARK
from scorekeeper.ui.screens.menus import menu, options, picker
from scorekeeper.ui.screens.setup_rules import MoreRules
from scorekeeper.ui.screens.widgets import (
    SIDE_COLORS,
    Bind,
    Files,
    error_text,
    show_error,
    table_order,
    wrapping_switch,
)
from scorekeeper.ui.state import AppState
from scorekeeper.ui.text import (
    MORE_RULE_LABELS,
    PRESET_LABELS,
    RULE_LABELS,
    num,
    seat_place,
    sentence,
)


class SetupView:
    """The new-game form: built once, then `sync()` copies state into it."""

    def __init__(self, state: AppState, on: Bind) -> None:
        self.state = state
        self.names = [
            ft.TextField(
                label="",
                rtl=is_rtl(),
                on_change=on(state.set_name, seat, with_value=True),
                max_length=30,
                counter="",
                error_max_lines=4,  # a message in full, even beside the table at 400 px
                border=ft.OutlineInputBorder(side=ft.BorderSide(1, SIDE_COLORS[seat % 2])),
                text_size=18,
            )
            for seat in range(4)
        ]
        # the two-player and three-player games: Player 1 above Player 2 (and 3),
        # no table of four
        self.pair = [
            ft.TextField(
                label=label,
                rtl=is_rtl(),
                on_change=on(state.set_name, seat, with_value=True),
                max_length=30,
                counter="",
                error_max_lines=3,
                border=ft.OutlineInputBorder(side=ft.BorderSide(1, SIDE_COLORS[seat])),
                text_size=18,
            )
            for seat, label in enumerate((_("Player 1"), _("Player 2"), _("Player 3")))
        ]
        self.pair_column = ft.Column(list(self.pair))
        # optional names of the two sides ("Us", "Them"), shown instead of the partners'
        self.teams = [
            ft.TextField(
                label="",
                rtl=is_rtl(),
                on_change=on(state.set_team_name, side, with_value=True),
                max_length=30,
                counter="",
                error_max_lines=3,
                dense=True,
                border=ft.OutlineInputBorder(side=ft.BorderSide(1, SIDE_COLORS[side])),
            )
            for side in range(2)
        ]
        for side, field in enumerate(self.teams):
            field.value = state.setup.form.team_names[side]
        self.teams_row = ft.ResponsiveRow(
            [ft.Container(field, col={"xs": 12, "sm": 6}) for field in self.teams]
        )
        self.intro = ft.Text("", size=14)
        self.variant = ft.SegmentedButton(
            segments=[
                ft.Segment(value="partnership", label=ft.Text(_("4 players"))),
                ft.Segment(value="solo", label=ft.Text(_("4 solo"))),
                ft.Segment(value="cutthroat", label=ft.Text(_("3 players"))),
                ft.Segment(value="two-player", label=ft.Text(_("2 players"))),
            ],
            show_selected_icon=False,  # four choices fit a phone's width
            # a finger's height, as every other button (the web's compact density made it 32)
            style=ft.ButtonStyle(
                visual_density=ft.VisualDensity.STANDARD,
                padding=ft.Padding.symmetric(horizontal=8, vertical=14),
            ),
            selected=["partnership"],
            on_change=on(
                lambda v: state.set_variant(Variant(v[0])), with_value=True, attribute="selected"
            ),
        )
        self.dealer_named = menu(
            _("First dealer"),
            [],
            on(lambda v: state.set_first_dealer(int(v)), with_value=True),
            identifier="first-dealer",
        )
        self.preset_named = menu(
            _("House rules"),
            [(k, _(PRESET_LABELS[k])) for k in PRESETS],
            on(state.set_preset, with_value=True),
            identifier="house-rules",
        )
        self.dealer, self.preset = picker(self.dealer_named), picker(self.preset_named)
        self.customize = ft.Switch(
            label=_("Change house rules"), on_change=on(state.set_customizing, with_value=True)
        )
        self.rule_fields = {
            name: ft.TextField(
                label=_(label),
                rtl=is_rtl(),
                keyboard_type=ft.KeyboardType.NUMBER,
                dense=True,
                error_max_lines=3,
                on_change=on(state.set_rule, name, with_value=True),
            )
            for name, label in RULE_LABELS.items()
        }
        self.switches = {
            "allow_nil": ft.Switch(
                label=_("Nil allowed"), on_change=on(state.set_rule, "allow_nil", with_value=True)
            ),
            "allow_blind_nil": ft.Switch(
                label=_("Blind nil allowed"),
                on_change=on(state.set_rule, "allow_blind_nil", with_value=True),
            ),
        }
        self.bags_score = ft.Switch(
            label=_("Bags score points"),
            on_change=on(
                lambda v: state.set_rule("overtrick_points", 1 if v else 0), with_value=True
            ),
        )
        self.suicide = ft.Switch(
            label=_("Suicide bidding"),
            on_change=on(
                lambda v: state.set_rule("bidding", "suicide" if v else "standard"),
                with_value=True,
            ),
        )
        self.suicide_row = ft.Column(  # a switch's label is one line: the rule is below it
            [
                wrapping_switch(self.suicide),
                ft.Text(
                    _("One partner of each side bids nil or blind nil in every hand."),
                    size=12,
                    italic=True,
                ),
            ],
            spacing=2,
        )
        self.more = MoreRules(state, on)
        fields = list(self.rule_fields.values())
        big = list(self.rule_fields).index("big_bid_points") + 1
        self.custom = ft.Column(  # full width: a rule's label fits its field and wraps
            [
                *fields[:big],
                self.more.double_row,  # beside the big bid it doubles
                *fields[big:],
                *map(wrapping_switch, self.switches.values()),
                self.more.failed_nil_row,
                wrapping_switch(self.bags_score),
                ft.Text(_("Off: bags only count toward the bag penalty."), size=12, italic=True),
                self.suicide_row,
                self.more.blind_row,
            ],
            spacing=8,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        )
        self.players_error = error_text(None, "error-players")
        self.rules_error = error_text(None, "error-rules")
        table = ft.Container(
            ft.Text("♠", size=30, color=LOGO_MARK, font_family="DejaVuSans"),
            width=56,
            height=56,
            bgcolor=LOGO_GROUND,
            border_radius=28,
            alignment=ft.Alignment.CENTER,
        )
        self.north = ft.Row([self.names[2]], alignment=ft.MainAxisAlignment.CENTER)
        self.east = ft.Container(self.names[3], expand=True)
        self.seats = ft.Column(
            [
                self.north,
                ft.Row(
                    table_order([ft.Container(self.names[1], expand=True), table, self.east]),
                    vertical_alignment=ft.CrossAxisAlignment.START,  # a message below one
                    # field leaves West's and East's boxes level
                ),
                ft.Row([self.names[0]], alignment=ft.MainAxisAlignment.CENTER),
            ]
        )
        for seat in (0, 2):
            self.names[seat].width = 220
        self.controls: list[ft.Control] = [
            self.variant,
            self.intro,
            self.seats,
            self.pair_column,
            self.teams_row,
            self.players_error,
            self.dealer_named,
            self.preset_named,
            self.customize,
            self.custom,
            self.rules_error,
            ft.FilledButton(
                _("Start game"), icon=ft.Icons.PLAY_ARROW, height=56, on_click=on(state.start_game)
            ),
        ]
        # Text fields are written here and never again: what is typed flows to the
        # state only, as writing it back would race with the next keystrokes.
        self.variant_shown: Variant | None = None  # the name fields are written on a switch
        self.rules_shown = -1  # the rule fields are written when the rules change
        self.sync()

    def sync(self) -> None:
        form, errors = self.state.setup.form, self.state.errors
        two = form.variant is Variant.TWO_PLAYER
        listed = form.variant.player_count < 4  # names in a list, not round a table
        partners = form.variant.partnership
        self.variant.selected = [form.variant.value]
        fields = self.pair[: form.variant.player_count] if listed else self.names
        labels = (
            (_("Player 1"), _("Player 2"), _("Player 3"))
            if listed
            else tuple(f"{num(seat + 1)} · {seat_place(seat)}" for seat in range(4))
        )
        if self.variant_shown is not form.variant:
            for seat, field in enumerate(fields):
                field.value = form.names[seat] if seat < len(form.names) else ""
            self.variant_shown = form.variant
        for seat, field in enumerate(fields):
            field.label = labels[seat]
            message = errors.get(f"players.{seat}")
            field.error = sentence(message) if message else None
        self.seats.visible = not listed
        for seat, field in enumerate(self.names):  # partners share a colour, solo players not
            field.border = ft.OutlineInputBorder(
                side=ft.BorderSide(1, SIDE_COLORS[seat % 2 if partners else seat])
            )
        self.pair[2].visible = form.variant.player_count == 3
        self.teams_row.visible = partners
        for side, field in enumerate(self.teams):
            seats = [
                form.names[s].strip() or seat_place(s)
                for s in (side, side + 2)
                if s < len(form.names)
            ]
            field.label = _("Name for {a} and {b} (optional)").format(a=seats[0], b=seats[-1])
            message = errors.get(f"team_names.{side}")
            field.error = sentence(message) if message else None
        self.pair_column.visible = listed
        self.intro.value = (
            _("Each plays alone; the player who did not draw first bids first.")
            if two
            else _("Players clockwise; partners sit opposite.")
            if partners
            else _(
                "Players clockwise, each for themselves; the player left of the dealer bids first."
            )
            if form.variant is Variant.SOLO
            else _(
                "Players clockwise, each for themselves, 17 cards each (take one 2 out "
                "of the deck); the player left of the dealer bids first."
            )
        )
        self.dealer.label = _("Draws first") if two else _("First dealer")
        show_error(self.players_error, errors.get("players") or errors.get("first_dealer"))
        self.dealer.options = options(
            (str(seat), form.names[seat].strip() or labels[seat])
            for seat in range(form.variant.player_count)
        )
        self.dealer.value = str(form.first_dealer)
        self.preset.value = form.preset
        self.customize.value = form.customizing
        self.custom.visible = form.customizing
        typed = self.rules_shown == form.rules_revision
        for name, field in self.rule_fields.items():
            if not typed:
                field.value = form.rules[name]
            field.error = errors.get(f"rules.{name}")
        self.more.sync(form.rules, errors, partners, typed)
        self.rules_shown = form.rules_revision
        for name, switch in self.switches.items():
            switch.value = bool(form.rules[name])
        self.bags_score.value = str(form.rules["overtrick_points"]) != "0"
        self.suicide.value = form.rules["bidding"] == "suicide"
        self.suicide_row.visible = partners or form.rules["bidding"] == "suicide"
        rule_problems = []  # the fields are folded away: each message says whose it is
        for key, message in errors.items():
            rule = key.removeprefix("rules.")
            label = RULE_LABELS.get(rule) or MORE_RULE_LABELS.get(rule)
            if label:
                rule_problems.append(f"{_(label)}: {message}")
            elif key.startswith("rules"):
                rule_problems.append(message)
        show_error(self.rules_error, "; ".join(rule_problems) if not form.customizing else None)


def build(state: AppState, on: Bind, files: Files) -> SetupView:
    return SetupView(state, on)
