"""The Host header, read as RFC 9110 defines it: `host [ ":" port ]`.

`host` is a reg-name (letters, digits and `-._~!$&'()*+,;=` or %-escapes), an
IPv4 address, or an IP literal in brackets (`[::1]`); `port` is digits only,
possibly none. Anything else (`127.0.0.1:9200@evil.example`,
`localhost:evil.example`, a bare `::1`, a space) is not a host: `host_name`
returns None, and the server refuses the request.
"""

import ipaddress
import re

_REG_NAME = re.compile(r"(?:[a-z0-9\-._~!$&'()*+,;=]|%[0-9a-f]{2})*")
_PORT = re.compile(r"[0-9]*")
_MAX_HOST = 255  # a DNS name is at most 253 characters; with a port, a little more


def host_name(header: str) -> str | None:
    """`Example.org:8550` -> `example.org`; `[::1]:8550` -> `::1`; a header that
    is not `host[:port]` -> None."""
    value = header.strip().lower()  # optional whitespace around a field value
    if not value or len(value) > _MAX_HOST + 6 or not value.isascii():
        return None
    if value.startswith("["):
        literal, sep, rest = value[1:].partition("]")
        if not sep or not _port_ok(rest):
            return None
        return _ip_literal(literal)
    host, sep, port = value.partition(":")
    if sep and not _PORT.fullmatch(port):
        return None
    if not host or not _REG_NAME.fullmatch(host):
        return None
    return host.rstrip(".") or None


def configured_name(name: str) -> str | None:
    """A name the server was told to answer to (`--host`, the local names):
    a host as in a Host header, or a bare IPv6 address (`::1`)."""
    text = name.strip().lower()
    try:
        return str(ipaddress.IPv6Address(text))
    except ValueError:
        return host_name(text)


def _port_ok(rest: str) -> bool:
    """What follows a bracketed literal: nothing, or `:` and digits."""
    return rest == "" or (rest.startswith(":") and bool(_PORT.fullmatch(rest[1:])))


def _ip_literal(literal: str) -> str | None:
    """`::1` in `[::1]`, written the one way (`[0:0::1]` is the same host); an
    IPvFuture literal (`v1.x`) or a zone is not one this server answers to."""
    if "%" in literal:
        return None
    try:
        return str(ipaddress.IPv6Address(literal))
    except ValueError:
        return None
