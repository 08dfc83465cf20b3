"""The command line and the builds it runs: the `scorekeeper` command, the
offline app's publisher and the static-site host.

Public (`__all__`): cli (main, the entry point), publish (publish, the offline
build) and sitehost (serve_site, make_server). games.py, serving.py,
reading.py and score_text.py are the command line's own parts."""

__all__ = ["cli", "publish", "sitehost"]
