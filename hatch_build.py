"""The wheel carries a web client ready to serve.

`scorekeeper.ui.webclient.prepare` cuts Flet's web client to what the app
uses (subset fonts, no CDN address) and compresses every file once: a minute
or two of work. Done here, while the wheel is built, an installed copy answers
its first `scorekeeper serve` at once instead. The prepared folder is kept in
the user's cache (SCOREKEEPER_WEB_CACHE to choose another), so a second build
with the same Flet client and assets reuses it, and goes into the wheel as
scorekeeper/web-client/, where `prepare` looks first.

An editable install (`pip install -e`) gets nothing from here: a checkout
prepares the client in the cache on first use (`make webclient`).
"""

from __future__ import annotations

import sys
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class PreparedWebClient(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        sys.path.insert(0, self.root)  # the source tree's package, not an installed one
        try:
            from scorekeeper.ui.webclient import SHIPPED, prepare

            web = prepare(cache=None, progress=lambda text: print(text, flush=True))
        finally:
            sys.path.remove(self.root)
        if web.folder == SHIPPED:
            raise RuntimeError(f"{SHIPPED} exists in the source tree: remove it and build again")
        build_data["force_include"][str(web.folder)] = "scorekeeper/web-client"
        print(f"Web client for the wheel: {web.folder}", flush=True)
