"""The preview's answer to one HTTP request: worked out from the request's head alone.

Only ``GET`` and ``HEAD`` of the few things a rendering made are answered: the page
(``/``), its version number (``/version``), each picture of the kit (``/picture/N.svg`` or
``.png``), the booklet (``/booklet.pdf``, ``/booklet.html``) and the font files the booklet names
(``/font/NAME.ttf``, content-addressed, so a browser may keep them); a query is ignored but
for ``/version?after=N`` (answered once the version is no longer N).  Everything else gets
an empty error answer, and nothing is ever read from disk on a request's say.

The ``Host`` header must name the loopback address the server listens on (``localhost``,
``127.0.0.1`` or ``[::1]``, with or without its port): a page elsewhere that points a name
of its own at 127.0.0.1 (DNS rebinding) gets 421 and nothing else.  Every malformed
request gets 400 (or 405, 404, 505), never an exception.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from http import HTTPStatus

from printkit.preview.page import page
from printkit.preview.render import Preview

MOST_HEADERS = 100
"""The most header lines a request may have."""
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "[::1]")
"""The names a request's Host header may give."""

_REQUEST_LINE = re.compile(r"([A-Z]{1,20}) (\S{1,8000}) HTTP/([0-9])\.([0-9])")
_HEADER = re.compile(r"([!#$%&'*+.^_`|~0-9A-Za-z-]+):(.*)")
_PICTURE = re.compile(r"/picture/(0|[1-9][0-9]{0,8})\.(svg|png)")
_FONT = re.compile(r"/font/([0-9a-f]{16}\.ttf)")
KEEP = "max-age=86400, immutable"
"""How long a browser may keep a font file (its name is its content's digest)."""
_AFTER = re.compile(r"after=(0|[1-9][0-9]{0,17})")


@dataclass(frozen=True)
class Answer:
    """An HTTP response of the preview server."""

    status: HTTPStatus
    body: bytes = b""
    kind: str = ""
    """The Content-Type (empty: no body)."""
    allow: str = ""
    """The Allow header (for 405)."""
    cache: str = "no-store"
    """The Cache-Control header."""

    def encode(self, *, head_only: bool = False) -> bytes:
        """The response as sent: status line, headers, and the body unless ``head_only``."""
        lines = [f"HTTP/1.1 {self.status.value} {self.status.phrase}",
                 f"Content-Length: {len(self.body)}",
                 f"Cache-Control: {self.cache}",
                 "X-Content-Type-Options: nosniff",
                 "Connection: close"]
        if self.kind:
            lines.append(f"Content-Type: {self.kind}")
        if self.allow:
            lines.append(f"Allow: {self.allow}")
        head = ("\r\n".join(lines) + "\r\n\r\n").encode("ascii")
        return head if head_only else head + self.body


@dataclass(frozen=True)
class Request:
    """What the server needs of a request: its method, path and query."""

    method: str
    path: str
    query: str = ""

    def waits_after(self) -> int | None:
        """N for ``/version?after=N``: answer once the version is no longer N."""
        after = _AFTER.fullmatch(self.query) if self.path == "/version" else None
        return int(after.group(1)) if after is not None else None


def allowed_hosts(port: int) -> frozenset[str]:
    """The Host header values accepted by a server listening on ``port``."""
    return frozenset(name for host in LOOPBACK_NAMES for name in (host, f"{host}:{port}"))


def parse(head: bytes, hosts: frozenset[str]) -> Request | Answer:
    """The request in ``head`` (the bytes up to and including the blank line), or the
    error answer it deserves."""
    lines = head.decode("latin-1").split("\r\n")
    if len(lines) < 3 or lines[-2:] != ["", ""]:
        return Answer(HTTPStatus.BAD_REQUEST)
    first = _REQUEST_LINE.fullmatch(lines[0])
    if first is None:
        return Answer(HTTPStatus.BAD_REQUEST)
    method, target, major, _minor = first.groups()
    if major != "1":
        return Answer(HTTPStatus.HTTP_VERSION_NOT_SUPPORTED)
    fields = lines[1:-2]
    if len(fields) > MOST_HEADERS:
        return Answer(HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE)
    given = []
    for line in fields:
        header = _HEADER.fullmatch(line)
        if header is None:
            return Answer(HTTPStatus.BAD_REQUEST)
        if header.group(1).lower() == "host":
            given.append(header.group(2).strip(" \t"))
    if len(given) != 1:
        return Answer(HTTPStatus.BAD_REQUEST)
    if given[0].lower() not in hosts:
        return Answer(HTTPStatus.MISDIRECTED_REQUEST)
    if not target.startswith("/"):
        return Answer(HTTPStatus.BAD_REQUEST)
    if method not in ("GET", "HEAD"):
        return Answer(HTTPStatus.METHOD_NOT_ALLOWED, allow="GET, HEAD")
    path, _, query = target.partition("?")
    return Request(method, path, query)


def route(path: str, preview: Preview, version: int, name: str) -> Answer:
    """What the server answers for ``path`` from this rendering."""
    if path == "/":
        return _ok(page(preview, version, name), "text/html")
    if path == "/version":
        return _ok(str(version), "text/plain")
    if path == "/booklet.html" and preview.booklet:
        return _ok(preview.booklet, "text/html")
    if path == "/booklet.pdf" and preview.booklet_pdf:
        return Answer(HTTPStatus.OK, preview.booklet_pdf, "application/pdf")
    picture = _PICTURE.fullmatch(path)
    pictures = preview.pictures if picture is not None else ()
    if picture is not None and int(picture.group(1)) < len(pictures):
        shown = pictures[int(picture.group(1))]
        if shown.suffix == picture.group(2):
            return (Answer(HTTPStatus.OK, shown.png, "image/png") if shown.png
                    else _ok(shown.svg, "image/svg+xml"))
    font = _FONT.fullmatch(path)
    if font is not None:
        for served in preview.fonts:
            if served.name == font.group(1):
                return Answer(HTTPStatus.OK, served.data, "font/ttf", cache=KEEP)
    return Answer(HTTPStatus.NOT_FOUND)


def reply(request: Request | Answer, preview: Preview, version: int, name: str) -> bytes:
    """The bytes to send back for a parsed request."""
    if isinstance(request, Answer):
        return request.encode()
    return route(request.path, preview, version, name).encode(
        head_only=request.method == "HEAD")


def answer(head: bytes, hosts: frozenset[str], preview: Preview, version: int,
           name: str) -> bytes:
    """The bytes to send back for the request ``head`` (without waiting for a version)."""
    return reply(parse(head, hosts), preview, version, name)


def _ok(text: str, kind: str) -> Answer:
    return Answer(HTTPStatus.OK, text.encode("utf-8"), f"{kind}; charset=utf-8")


ERROR_TOO_LARGE = Answer(HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE).encode()
"""Sent when a request's head does not end within the size the server reads."""
