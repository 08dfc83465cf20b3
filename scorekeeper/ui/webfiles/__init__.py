"""The app's own web files: the HTML, CSS and JavaScript in this folder, read
as package data and filled in by `string.Template` (`$name` placeholders).

Every value is escaped for the file it goes into, so that text from outside
(a translation, an address) can never end a tag, an attribute or a script
early:

- `.html` (`page_part`): a value is text and is HTML-escaped, unless it is
  `Markup`: this folder's own CSS and scripts as inline elements
  (`style_element`, `script_element`).
- `.js` (`fill_script`): a value is written as a JSON literal, so `$steps` stands
  where a JavaScript value goes and the file stays valid JavaScript for Biome
  to check; `<` becomes `\\u003c`, so no value can close a script element.
- `.css`: no placeholders; colours come in as custom properties
  set by the HTML around it (`palette`).

Only `$name` in lower case is a placeholder: `${...}` is JavaScript's own
(template literals) and is left as it is, like a `$` in a regular expression.
`make lint` runs Biome on this folder (biome.json at the repository's root).
"""

import functools
import html
import json
import re
import string
from importlib import resources

from scorekeeper.ui.palette import DARK, LIGHT

# Custom properties each page part's CSS reads: name -> Palette attribute.
PALETTE_ROLES = {
    "surface": "surface",
    "text": "on_surface",
    "card": "card",
    "primary": "primary",
    "on-primary": "on_primary",
    "track": "primary_container",
}

# `braced` and `invalid` never match: string.Template requires the groups.
PLACEHOLDER = r"""
\$(?:
  (?P<escaped>\$) |
  (?P<named>[a-z][a-z0-9_]*) |
  (?P<braced>(?!)) |
  (?P<invalid>(?!))
)
"""


class WebTemplate(string.Template):
    """`$name` (lower case) only; `$$` is a `$`. Anything else after a `$`
    is left as it is: JavaScript's `${...}` and regular expressions' `$`."""

    flags = re.RegexFlag(0)  # case-sensitive: `$Name` is not a placeholder
    # a string, compiled by Template itself (typeshed knows only the result)
    pattern = PLACEHOLDER  # type: ignore[assignment]


class Markup(str):
    """Text that goes into an HTML template as it is: this folder's own
    style and script elements."""

    __slots__ = ()


@functools.cache
def read(name: str) -> str:
    """A web file's text, as shipped in the package."""
    return resources.files(__name__).joinpath(name).read_text(encoding="utf-8")


@functools.cache
def template(name: str) -> WebTemplate:
    return WebTemplate(read(name))


def js_value(value: object) -> str:
    """`value` as a JavaScript literal that is safe inside a script element."""
    return json.dumps(value, ensure_ascii=True).replace("<", "\\u003c")


def _literals(values: dict[str, object]) -> dict[str, str]:
    return {name: js_value(value) for name, value in values.items()}


def fill_script(text: str, /, **values: object) -> str:
    """JavaScript `text` with each `$name` replaced by its value as a JSON literal."""
    return WebTemplate(text).substitute(_literals(values))


def script_file(name: str, /, **values: object) -> str:
    """A `.js` file of this folder, filled as `fill_script` does: a file of the site."""
    return template(name).substitute(_literals(values))


def _inline(tag: str, text: str) -> Markup:
    """`text` as the content of a `tag` element, which it must not end itself."""
    if f"</{tag}" in text.lower():
        raise ValueError(f"an inline {tag} cannot hold '</{tag}'")
    return Markup(f"<{tag}>{text.rstrip()}</{tag}>")


def script_element(name: str, /, **values: object) -> Markup:
    """A `.js` file of this folder, filled (`script_file`), as an inline
    script element for an HTML template."""
    return _inline("script", script_file(name, **values))


def style_element(name: str) -> Markup:
    """A `.css` file of this folder as an inline style element for an HTML template."""
    return _inline("style", read(name))


def page_part(name: str, /, **values: str) -> str:
    """An `.html` file with each `$name` replaced by its value, HTML-escaped
    unless it is `Markup`."""
    escaped = {k: v if isinstance(v, Markup) else html.escape(v) for k, v in values.items()}
    return template(name).substitute(escaped)


def palette() -> str:
    """The app's colours as custom properties (`--light-primary`,
    `--dark-primary`, ...), for a style attribute: the CSS files pick them."""
    return "; ".join(
        f"--{mode}-{role}: {getattr(colours, attribute)}"
        for mode, colours in (("light", LIGHT), ("dark", DARK))
        for role, attribute in PALETTE_ROLES.items()
    )
