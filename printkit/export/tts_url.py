"""``export tts --base-url``: the address put before every image name in the saved object.

Without it the saved object names each image by the ``file:///`` address of the file the
export wrote.  Tabletop Simulator loads each image from the address on every player's
machine, so a given one must be a plain address of a folder: ``http://`` or
``https://`` with a host, or ``file:///`` with a path; no name and password (they would be
handed to every player), no query or fragment (the image's name is appended, so it would
land inside them), and no spaces or control characters.
"""

from __future__ import annotations

import re
import urllib.parse

from printkit.errors import DefinitionError
from printkit.settings import OptionError

SCHEMES = ("http", "https", "file")
LONGEST = 2000
"""Characters an address may have (browsers' and servers' common bound)."""
_HOST = re.compile(r"(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)*"
                   r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\]")
_NETLOC = re.compile(f"(?:{_HOST.pattern})(?::[0-9]{{1,5}})?")
"""A host name (letters, digits, dashes, dots), an IPv4 address or a bracketed IPv6 one,
and a port."""
_EXAMPLE = "such as https://example.org/my-game/ or file:///home/me/my-game/"


def _refuse(url: str, why: str) -> DefinitionError:
    shown = url if len(url) <= 80 else url[:77] + "..."
    return OptionError(f"--base-url {shown!r}: {why}; give the address of the folder "
                           f"holding the images, {_EXAMPLE}")


def check_base_url(base_url: str | None) -> str:
    """The prefix for every image name: empty, or a checked web address or ``file:///``
    folder ending in ``/``."""
    if base_url is None:
        return ""
    url = base_url
    if len(url) > LONGEST:
        raise _refuse(url, f"an address of more than {LONGEST} characters")
    if not url.isascii() or any(c.isspace() or not c.isprintable() for c in url):
        raise _refuse(url, "an address has no spaces, control characters or letters outside "
                      "ASCII (write them %-encoded)")
    try:
        parts = urllib.parse.urlsplit(url)
        port = parts.port
    except ValueError as exc:
        raise _refuse(url, f"not an address ({exc})") from None
    scheme = parts.scheme.lower()
    if scheme not in SCHEMES or not url.lower().startswith(scheme + "://"):
        raise _refuse(url, "it must start with https://, http:// or file:///")
    if parts.username is not None or parts.password is not None or "@" in parts.netloc:
        raise _refuse(url, "a name or password in the address would be given to every "
                      "player")
    if parts.query or parts.fragment or "?" in url or "#" in url:
        raise _refuse(url, "an address with a query (?) or a fragment (#) cannot have image "
                      "names put after it")
    if scheme == "file":
        if parts.netloc not in ("", "localhost") or not parts.path.startswith("/"):
            raise _refuse(url, "a file address is file:/// followed by the folder's path")
    elif not _NETLOC.fullmatch(parts.netloc) or port == 0:
        raise _refuse(url, "a web address needs a host name (and perhaps a port) after "
                      "the //")
    return url if url.endswith("/") else url + "/"
