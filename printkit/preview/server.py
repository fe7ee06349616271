"""The live preview: a page on this computer that rebuilds whenever the definition changes.

Two threads do the work.  The watcher waits, without looking at anything, for a change to one
of the files the last rendering read (:mod:`printkit.preview.watch`); then it prepares the
game again (:func:`~printkit.preview.render.render_preview`) and bumps a version number,
and once more after preparing the booklet, the slowest part, so an edited card shows
before the booklet is brought up to date.
The page asks for that number every few hundred milliseconds and reloads when it moves.
Problems are shown on the page, located as on the command line, above the last kit that
built, and the server keeps running.

The server is one asyncio event loop on the loopback address: an idle connection costs no
thread, at most :data:`MOST_CONNECTIONS` are kept open at once (to make room, the one
that has waited longest for its request is closed), a request's head must arrive within
:data:`HEAD_SECONDS` and fit in :data:`HEAD_BYTES`, and an answer must be taken within
:data:`SEND_SECONDS`.  What it answers is worked out in :mod:`printkit.preview.answer`: the
Host header is checked, and nothing but what was rendered is served.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from printkit.preview.answer import ERROR_TOO_LARGE, Request, allowed_hosts, parse, reply
from printkit.preview.render import Preview, pending_over, render_preview, under_problems
from printkit.preview.watch import Stop, wait_for_change
from printkit.settings import Settings

MOST_CONNECTIONS = 256
"""The most connections kept open at once."""
HEAD_SECONDS = 10.0
"""How long a connection may take to send its request's head."""
HEAD_BYTES = 16 * 1024
"""The longest request head read."""
SEND_SECONDS = 30.0
"""How long a client may take to read an answer."""
LONG_POLL_SECONDS = 25.0
"""The longest ``/version?after=N`` waits for a new version before answering N."""
PAGE_LOAD_SECONDS = 1.0
"""The longest the booklet's rebuild waits for an open page to show the rest of the kit."""
QUIET_SECONDS = 0.1
"""A page has loaded once it has made no request for this long."""


@dataclass
class Live:
    """The newest rendering and its version number, shared between threads.

    :attr:`changed` is the lock to hold while reading them; it is notified after every
    rebuild, when the watcher starts waiting (:attr:`waiting`) and after every burst of
    file changes the watcher sees (counted in :attr:`noticed`).
    """

    definition: Path
    variant: str | None = None
    overrides: Settings = ()
    render: Callable[..., Preview] = render_preview
    preview: Preview = field(default_factory=Preview)
    version: int = 0
    noticed: int = 0
    waiting: bool = False
    pages_open: int = 0
    """How many pages are waiting for the next version (``/version?after=N``)."""
    pages_told: int = 0
    """How many were waiting when the last version was published."""
    page_served: int = -1
    """The version of the last page (``/``) served."""
    requests: int = 0
    """How many requests have been answered."""
    changed: threading.Condition = field(default_factory=threading.Condition)
    stop: Stop = field(default_factory=Stop)
    listeners: list[Callable[[], None]] = field(default_factory=list)
    """Called in the watcher's thread after each rebuild."""

    def rebuild(self) -> None:
        """Render the definition again and publish the result: first everything but the
        booklet (the page shows it at once), then the booklet too."""
        preview = self._rendered(lambda: self.render(self.definition, variant=self.variant,
                                                     overrides=self.overrides))
        with self.changed:
            preview = pending_over(self.preview, preview)
        self._publish(preview)
        while preview.rest is not None and not preview.problems:
            self._let_the_page_load()
            if preview.reads.changed():  # saved again meanwhile: the watcher starts over
                return
            preview = self._rendered(preview.rest)
            self._publish(preview)

    def _let_the_page_load(self) -> None:
        """Before the slow rest of a rebuild, give an open page the processor to show the
        kit: wait until it has asked for the new version's page and then made no request
        for :data:`QUIET_SECONDS` (it has its pictures), for at most
        :data:`PAGE_LOAD_SECONDS`.  Without an open page, go on at once."""
        deadline = time.monotonic() + PAGE_LOAD_SECONDS
        with self.changed:
            if self.pages_told == 0:
                return
            version = self.version
            if not self.changed.wait_for(lambda: self.page_served >= version
                                         or self.stop.is_set(),
                                         timeout=PAGE_LOAD_SECONDS):
                return
            while (left := deadline - time.monotonic()) > 0 and not self.stop.is_set():
                seen = self.requests
                self.changed.wait(min(QUIET_SECONDS, left))
                if self.requests == seen:
                    return

    def answered(self, path: str, version: int) -> None:
        """Note a request answered (``path``, from ``version``'s rendering)."""
        with self.changed:
            self.requests += 1
            if path == "/":
                self.page_served = max(self.page_served, version)
            self.changed.notify_all()

    def page_waits(self, delta: int) -> None:
        """Note a page starting (1) or ending (-1) a wait for the next version."""
        with self.changed:
            self.pages_open += delta

    def _rendered(self, render: Callable[[], Preview]) -> Preview:
        try:
            return render()
        except Exception as exc:  # a bug in printkit: say so on the page, keep watching
            return Preview(problems=f"internal error ({type(exc).__name__}: {exc}): this "
                                    "is a bug in printkit; the preview goes on watching",
                           reads=self.preview.reads)

    def _publish(self, preview: Preview) -> None:
        with self.changed:
            if preview.problems:  # keep showing the last good kit beneath the problems
                preview = under_problems(self.preview, preview)
            self.preview = preview
            self.version += 1
            self.pages_told = self.pages_open  # each of them now reloads
            self.changed.notify_all()
        for listener in self.listeners:
            listener()

    def _notice(self, paths: frozenset[str] | None) -> None:
        with self.changed:
            if paths is None:
                self.waiting = True
            else:
                self.noticed += 1
            self.changed.notify_all()

    def watch(self) -> None:
        """Rebuild whenever a file the last rendering read changes, until :attr:`stop`."""
        while not self.stop.is_set():
            with self.changed:
                reads = self.preview.reads
            if wait_for_change(reads, self.stop, self._notice):
                with self.changed:
                    self.waiting = False
                self.rebuild()


class _Server:
    """The HTTP side: an asyncio loop in a thread of its own, serving ``live``."""

    def __init__(self, live: Live, listening: socket.socket) -> None:
        self.live = live
        self.socket = listening
        self.port = int(listening.getsockname()[1])
        self.hosts = allowed_hosts(self.port)
        self.open: dict[asyncio.Task[None], None] = {}
        """The open connections, oldest first."""
        self.idle: dict[asyncio.Task[None], None] = {}
        """Those that have not sent their request yet, oldest first."""
        self.loop = asyncio.new_event_loop()
        self.stopping = asyncio.Event()
        self.rebuilt = asyncio.Event()
        """Set (and replaced) at each rebuild, for the requests waiting for a version."""
        live.listeners.append(self._rebuilt_elsewhere)
        self.thread = threading.Thread(target=self.loop.run_until_complete,
                                       args=(self._serve(),), name="preview-server",
                                       daemon=True)

    async def _serve(self) -> None:
        server = await asyncio.start_server(self._connection, sock=self.socket,
                                            limit=HEAD_BYTES)
        async with server:
            await self.stopping.wait()
        left = list(self.open)
        for task in left:
            task.cancel()
        await asyncio.gather(*left, return_exceptions=True)

    async def _connection(self, reader: asyncio.StreamReader,
                          writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self.open[task] = self.idle[task] = None
        if len(self.open) > MOST_CONNECTIONS:  # make room: close the one idle longest
            oldest = next(iter(self.idle or self.open))
            self.idle.pop(oldest, None)
            self.open.pop(oldest, None)
            oldest.cancel()
        try:
            try:
                head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), HEAD_SECONDS)
            except asyncio.LimitOverrunError:
                head = b""
            finally:
                self.idle.pop(task, None)
            writer.write(await self._reply(head) if head else ERROR_TOO_LARGE)
            await asyncio.wait_for(_close(writer), SEND_SECONDS)
        except (asyncio.IncompleteReadError, TimeoutError, OSError, asyncio.CancelledError):
            pass  # the client went away, took too long or was closed to make room
        finally:
            self.open.pop(task, None)
            writer.transport.abort()  # at once, unless it closed after sending everything

    async def _reply(self, head: bytes) -> bytes:
        request = parse(head, self.hosts)
        after = request.waits_after() if isinstance(request, Request) else None
        live = self.live
        if after is not None:
            live.page_waits(1)
            try:
                await self._version_after(after)
            finally:
                live.page_waits(-1)
        with live.changed:
            preview, version = live.preview, live.version
        answer = reply(request, preview, version, live.definition.name)
        if isinstance(request, Request):
            live.answered(request.path, version)
        return answer

    async def _version_after(self, version: int) -> None:
        """Return once the version is no longer ``version``, or after a while."""
        deadline = self.loop.time() + LONG_POLL_SECONDS
        while self.live.version == version and self.loop.time() < deadline:
            rebuilt = self.rebuilt
            try:
                await asyncio.wait_for(rebuilt.wait(), deadline - self.loop.time())
            except TimeoutError:
                return

    def _rebuilt(self) -> None:
        self.rebuilt.set()
        self.rebuilt = asyncio.Event()

    def _rebuilt_elsewhere(self) -> None:
        with contextlib.suppress(RuntimeError):  # the loop has closed: nobody is waiting
            self.loop.call_soon_threadsafe(self._rebuilt)

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.stopping.set)
        self.thread.join()
        self.loop.close()


async def _close(writer: asyncio.StreamWriter) -> None:
    """Close the connection once everything written has been sent."""
    writer.close()
    await writer.wait_closed()


@dataclass
class PreviewServer:
    """A running preview: the HTTP server and the watcher, each in its own thread."""

    live: Live
    server: _Server
    watcher: threading.Thread

    @property
    def url(self) -> str:
        """Where the page is."""
        return f"http://127.0.0.1:{self.server.port}/"

    def close(self) -> None:
        """Stop watching and serving."""
        self.live.stop.set()
        self.server.close()
        self.watcher.join()


def start(definition: Path, *, port: int = 0, variant: str | None = None,
          overrides: Settings = (), render: Callable[..., Preview] = render_preview
          ) -> PreviewServer:
    """Render ``definition`` once, then serve and watch it in background threads
    (``port`` 0: any free port).  Raises :class:`OSError` if the port cannot be used."""
    listening = socket.create_server(("127.0.0.1", port))
    live = Live(definition, variant, tuple(overrides), render)
    live.rebuild()
    server = _Server(live, listening)
    server.thread.start()
    watcher = threading.Thread(target=live.watch, name="preview-watcher", daemon=True)
    watcher.start()
    return PreviewServer(live, server, watcher)


def serve_until_interrupted(preview: PreviewServer, say: Callable[[str], None]) -> None:
    """Keep the preview running until Ctrl-C, saying when the page was rebuilt."""
    live = preview.live
    shown = live.version
    try:
        while True:
            with live.changed:
                while live.version == shown:
                    live.changed.wait()
                shown, problems = live.version, live.preview.problems
                pending = live.preview.rest is not None
            say("rebuilt: " + ("problems shown on the page" if problems else
                               "the kit; the booklet follows" if pending else "all well"))
    finally:
        preview.close()
