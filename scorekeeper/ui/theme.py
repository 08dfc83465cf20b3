"""How every page of the app looks: the Material theme made from a palette,
light and dark, with the bundled fonts behind Roboto. The keeper's app, the
watch pages and the closed door all dress their page here, so they match."""

import flet as ft

from scorekeeper.ui.fonts import BUNDLED_FONTS
from scorekeeper.ui.palette import DARK, LIGHT, Palette

TEXT_STYLES = (
    "display_large",
    "display_medium",
    "display_small",
    "headline_large",
    "headline_medium",
    "headline_small",
    "title_large",
    "title_medium",
    "title_small",
    "label_large",
    "label_medium",
    "label_small",
    "body_large",
    "body_medium",
    "body_small",
)


def theme(palette: Palette) -> ft.Theme:
    """Roboto first, then the bundled fonts for Thai, Hebrew, Arabic, symbols and emoji.
    Flutter derives the palette from the seed; the colours text is drawn in
    (and on) are set from `palette`, so their contrast is known."""
    style = ft.TextStyle(
        font_family="Roboto",
        font_family_fallback=list(BUNDLED_FONTS),
        color=ft.Colors.ON_SURFACE,  # styles given here lose the default colours
    )
    still = ft.PageTransitionTheme.NONE  # screens swap at once: taps must feel instant
    p = palette
    return ft.Theme(
        color_scheme_seed=ft.Colors.INDIGO,
        color_scheme=ft.ColorScheme(
            primary=p.primary,
            on_primary=p.on_primary,
            primary_container=p.primary_container,
            on_primary_container=p.on_surface,
            secondary=p.side_1,
            secondary_container=p.secondary_container,
            on_secondary_container=p.on_surface,
            tertiary=p.side_2,
            primary_fixed=p.side_3,  # slots no Material widget draws with by default
            secondary_fixed=p.side_4,
            tertiary_container=p.tertiary_container,
            on_tertiary_container=p.on_surface,
            error=p.error,
            on_error=p.on_error,
            error_container=p.error_container,
            on_error_container=p.on_surface,
            surface=p.surface,
            on_surface=p.on_surface,
            surface_container_low=p.card,
        ),
        text_theme=ft.TextTheme(**{name: style for name in TEXT_STYLES}),
        page_transitions=ft.PageTransitionsTheme(
            android=still, ios=still, linux=still, macos=still, windows=still
        ),
    )


def dress_page(page: ft.Page, fonts: dict[str, str]) -> None:
    """The page's fonts and both themes; light or dark follows the device."""
    page.fonts = dict(fonts)
    page.theme = theme(LIGHT)
    page.dark_theme = theme(DARK)
    page.theme_mode = ft.ThemeMode.SYSTEM
