"""What may reach a log: secrets never do. Shared by the app and the server,
which both log what a page sent."""

import re

SECRET_BYTES = 32  # 43 characters in a URL: not guessable, even unthrottled

# Anything that could be a secret: a link's secret is 43 such characters.
SECRET_LIKE = re.compile(r"[A-Za-z0-9_-]{30,}")


def redacted(route: object, limit: int = 200) -> str:
    """A route (or anything a page sent) as the log may show it, quoted: every
    run of 30 or more URL-safe characters is left out, so no secret, valid or
    not, ever reaches a log file."""
    return repr(SECRET_LIKE.sub("…", str(route))[:limit])
