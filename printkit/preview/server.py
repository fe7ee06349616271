"""The live preview: a page on this computer that rebuilds whenever the definition changes.

A watcher thread looks at the definition's folder (the definition, its data files, icons,
images and template) and at the shipped templates a few times a second; when anything
changed it prepares the game again (:func:`~printkit.preview.render.render_preview`) and
bumps a version number.  The page asks for that number every few hundred milliseconds and
reloads when it moves, so a save shows within a second.  Problems are shown on the page,
located as on the command line, and the server keeps running.

The server listens on the loopback address only and serves nothing but what it rendered.
"""

from __future__ import annotations

import html
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from printkit.booklet.build import templates_dir
from printkit.preview.render import Preview, render_preview

POLL_SECONDS = 0.2
"""How often the watcher looks at the files."""
MOST_FILES = 5_000
"""The most files watched in a definition's folder (the rest are not watched)."""
_SKIPPED = {"output", "node_modules", "__pycache__"}


def watched_files(folder: Path) -> Iterator[Path]:
    """The files under ``folder`` worth watching: not hidden, not in output folders."""
    count = 0
    for path in sorted(folder.rglob("*")):
        parts = path.relative_to(folder).parts
        if any(p.startswith(".") or p in _SKIPPED for p in parts) or not path.is_file():
            continue
        count += 1
        if count > MOST_FILES:
            return
        yield path


def signature(folders: Sequence[Path]) -> tuple[tuple[str, int, int], ...]:
    """What the watched files look like now: name, size and change time of each."""
    found = []
    for folder in folders:
        for path in watched_files(folder):
            try:
                stat = path.stat()
            except OSError:
                continue
            found.append((str(path), stat.st_size, stat.st_mtime_ns))
    return tuple(found)


@dataclass
class Live:
    """The newest rendering and its version number, shared between threads."""

    definition: Path
    variant: str | None = None
    overrides: Sequence[str] = ()
    render: Callable[..., Preview] = render_preview
    preview: Preview = field(default_factory=Preview)
    version: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)
    stop: threading.Event = field(default_factory=threading.Event)

    def rebuild(self) -> None:
        """Render the definition again and publish the result."""
        preview = self.render(self.definition, variant=self.variant, overrides=self.overrides)
        with self.lock:
            self.preview = preview
            self.version += 1

    @property
    def folders(self) -> list[Path]:
        """The folders whose files are watched."""
        return [self.definition.parent, templates_dir()]

    def watch(self, seen: tuple[tuple[str, int, int], ...] | None = None) -> None:
        """Rebuild whenever the watched files change (``seen``: how they looked at the last
        rebuild), until :attr:`stop` is set."""
        folders = self.folders
        while not self.stop.is_set():
            now = signature(folders)
            if now != seen:
                seen = now
                self.rebuild()
            self.stop.wait(POLL_SECONDS)


PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{title} - printkit preview</title>
<style>
body {{ font-family: "DejaVu Sans", Verdana, sans-serif; margin: 1.5em; color: #1d2a44; }}
h1 {{ font-size: 1.4em; }} h2 {{ font-size: 1.1em; margin-top: 1.5em; }}
#problems {{ background: #fdecea; border: 1px solid #c0392b; padding: 1em;
  white-space: pre-wrap; font-family: "DejaVu Sans Mono", monospace; }}
.faces {{ display: flex; flex-wrap: wrap; gap: 8px; }}
.faces figure {{ margin: 0; text-align: center; font-size: 0.75em; }}
.faces img {{ width: 120px; border: 1px solid #ccc; }}
#board {{ max-width: 100%; border: 1px solid #ccc; }}
iframe {{ width: 100%; height: 80vh; border: 1px solid #ccc; }}
</style></head>
<body data-version="{version}">
<h1>{title}</h1>
{problems}
<h2>Cards ({count} faces and the back)</h2>
<div class="faces">{faces}</div>
{board}
{booklet}
<script>
const shown = "{version}";
async function poll() {{
  try {{
    const answer = await fetch("/version", {{cache: "no-store"}});
    if ((await answer.text()).trim() !== shown) {{ location.reload(); return; }}
  }} catch (e) {{}}
  setTimeout(poll, 300);
}}
setTimeout(poll, 300);
</script>
</body></html>
"""


def page(preview: Preview, version: int, name: str) -> str:
    """The preview page for ``preview`` (version ``version`` of the file ``name``)."""
    problems = (f'<pre id="problems">{html.escape(preview.problems)}</pre>'
                if preview.problems else "")
    faces = "".join(
        f'<figure><img src="/face/{index}.svg" alt="{html.escape(key)}">'
        f"<figcaption>{html.escape(key)}</figcaption></figure>"
        for index, (key, _) in enumerate(preview.faces))
    board = ('<h2>Board</h2><img id="board" src="/board.svg" alt="the board">'
             if preview.board else "")
    booklet = ('<h2>Booklet</h2><iframe id="booklet" src="/booklet.html"></iframe>'
               if preview.booklet else "")
    return PAGE.format(title=html.escape(preview.title or name), version=version,
                       problems=problems, count=max(0, len(preview.faces) - 1), faces=faces,
                       board=board, booklet=booklet)


class _Handler(BaseHTTPRequestHandler):
    live: Live

    def log_message(self, format: str, *args: object) -> None:
        del format, args  # quiet: the command prints what matters

    def do_GET(self) -> None:
        live = self.live
        with live.lock:
            preview, version = live.preview, live.version
        route = self.path.split("?", 1)[0]
        if route == "/":
            self._send(page(preview, version, live.definition.name), "text/html")
        elif route == "/version":
            self._send(str(version), "text/plain")
        elif route == "/board.svg" and preview.board:
            self._send(preview.board, "image/svg+xml")
        elif route == "/booklet.html" and preview.booklet:
            self._send(preview.booklet, "text/html")
        elif route.startswith("/face/") and route.endswith(".svg"):
            index = route[len("/face/"):-len(".svg")]
            if index.isdigit() and int(index) < len(preview.faces):
                self._send(preview.faces[int(index)][1], "image/svg+xml")
            else:
                self.send_error(HTTPStatus.NOT_FOUND)
        else:
            self.send_error(HTTPStatus.NOT_FOUND)

    def _send(self, body: str, kind: str) -> None:
        data = body.encode("utf-8")
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", f"{kind}; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(data)


@dataclass
class PreviewServer:
    """A running preview: the HTTP server and the watcher, each in its own thread."""

    live: Live
    server: ThreadingHTTPServer

    @property
    def url(self) -> str:
        """Where the page is."""
        host, port = self.server.server_address[:2]
        return f"http://{host!s}:{port}/"

    def close(self) -> None:
        """Stop watching and serving."""
        self.live.stop.set()
        self.server.shutdown()
        self.server.server_close()


def start(definition: Path, *, port: int = 0, variant: str | None = None,
          overrides: Sequence[str] = ()) -> PreviewServer:
    """Render ``definition`` once, then serve and watch it in background threads
    (``port`` 0: any free port)."""
    live = Live(definition, variant, tuple(overrides))
    first = signature(live.folders)
    live.rebuild()
    handler = type("Handler", (_Handler,), {"live": live})
    server = ThreadingHTTPServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, name="preview-server", daemon=True).start()
    threading.Thread(target=live.watch, args=(first,), name="preview-watcher",
                     daemon=True).start()
    return PreviewServer(live, server)


def serve_until_interrupted(preview: PreviewServer, say: Callable[[str], None]) -> None:
    """Keep the preview running until Ctrl-C, saying when the page was rebuilt."""
    shown = preview.live.version
    try:
        while True:
            time.sleep(POLL_SECONDS)
            with preview.live.lock:
                version, problems = preview.live.version, preview.live.preview.problems
            if version != shown:
                shown = version
                say("rebuilt: " + ("problems shown on the page" if problems else "all well"))
    finally:
        preview.close()
