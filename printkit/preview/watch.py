"""Waiting, at no cost, for a change to the files a rendering read.

The folders holding those files are watched through ``watchdog`` (inotify on Linux, FSEvents
on macOS, ReadDirectoryChangesW on Windows), each folder on its own and not the folders below
it, so nothing is scanned and the number of other files beside a definition does not matter.
Every thread involved blocks until the system reports a change or the preview stops (watchdog
7's inotify reader waits in ``select`` with no timeout, its dispatcher on a queue with none,
and so does :func:`wait_for_change`): at rest nothing wakes, not even to look at a clock.
Folders rather than the files themselves are watched so that an editor that saves by writing
a new file and renaming it over the old one, or that deletes a file and writes it again, is
seen.  A change is acted on only when it concerns a file the rendering read or looked for
(:meth:`~printkit.preview.reads.Reads.concerns`): the preview's own log, a build's output or
any other file in those folders does not cause a rebuild.

Where the system refuses to watch (its limit on inotify watches or instances reached, for
one), watchdog's polling observer is used instead: every :data:`POLL_MS` it lists each
watched folder and looks at every entry's status (one ``stat`` per file in those folders,
not below them), which wakes the process twice a second.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from watchdog.events import (
    DirCreatedEvent,
    DirDeletedEvent,
    DirMovedEvent,
    FileClosedEvent,
    FileCreatedEvent,
    FileDeletedEvent,
    FileModifiedEvent,
    FileMovedEvent,
    FileSystemEvent,
    FileSystemEventHandler,
)
from watchdog.observers import Observer
from watchdog.observers.api import BaseObserver
from watchdog.observers.polling import PollingObserver

from printkit.preview.reads import Reads

GROUP_MS = 1_600
"""The longest a burst of changes is gathered before it is acted on."""
QUIET_MS = 50
"""A burst ends when no change has come for this long (timed waits happen only within a
burst, never at rest)."""
POLL_MS = 500
"""How often the folders are looked at when the system cannot watch them."""

CHANGES: list[type[FileSystemEvent]] = [
    FileModifiedEvent, FileCreatedEvent, FileDeletedEvent, FileMovedEvent, FileClosedEvent,
    DirCreatedEvent, DirDeletedEvent, DirMovedEvent]
"""The events that may change a rendering: a file's opening or reading is not one (the
rendering's own reads would otherwise start it again)."""

native: Callable[[], BaseObserver] = Observer
"""The system's own observer (replaced in tests to act out a refusal)."""


def _not_a_stop_right_after_start(record: logging.LogRecord) -> bool:
    """Whether a record of watchdog's inotify emitter is worth showing: it logs an error
    when an observer is stopped before its emitter's thread first looked for events, which
    :func:`wait_for_change` does whenever a change came while the folders were being
    watched (nothing is lost: that change is acted on)."""
    return "called when the thread is inactive" not in record.getMessage()


logging.getLogger("watchdog.observers.inotify").addFilter(_not_a_stop_right_after_start)


class Stop:
    """A stop signal that also ends a wait in progress at once (a :class:`threading.Event`
    cannot be waited on together with a queue, and looking at it now and then is a
    polling loop)."""

    def __init__(self) -> None:
        self._event = threading.Event()
        self._lock = threading.Lock()
        self._waiting: set[queue.SimpleQueue[str | None]] = set()

    def set(self) -> None:
        """Stop, waking every wait in progress."""
        with self._lock:
            self._event.set()
            for waiting in self._waiting:
                waiting.put(None)

    def is_set(self) -> bool:
        """Whether :meth:`set` was called."""
        return self._event.is_set()

    @contextmanager
    def waking(self, events: queue.SimpleQueue[str | None]) -> Iterator[None]:
        """While the block runs, :meth:`set` puts ``None`` into ``events``."""
        with self._lock:
            self._waiting.add(events)
            if self._event.is_set():
                events.put(None)
        try:
            yield
        finally:
            with self._lock:
                self._waiting.discard(events)


class _Handler(FileSystemEventHandler):
    """Puts the paths of every change watchdog reports into a queue."""

    def __init__(self, events: queue.SimpleQueue[str | None]) -> None:
        self.events = events

    def on_any_event(self, event: FileSystemEvent) -> None:
        for path in (event.src_path, event.dest_path):
            if path:
                self.events.put(path if isinstance(path, str) else path.decode())


def _started(make: Callable[[], BaseObserver], folders: list[str],
             handler: _Handler) -> BaseObserver:
    observer = make()
    try:
        for folder in folders:
            observer.schedule(handler, folder, recursive=False,
                              event_filter=CHANGES)
        observer.start()
    except BaseException:
        observer.unschedule_all()
        raise
    return observer


def _observer(folders: list[str], handler: _Handler) -> BaseObserver:
    """Watching ``folders`` from now on: through the system, or by polling where the system
    refuses.  Raises :class:`FileNotFoundError` if a folder has gone."""
    try:
        return _started(native, folders, handler)
    except FileNotFoundError:
        raise
    except OSError:  # e.g. ENOSPC or EMFILE: the system's limit on watches
        return _started(lambda: PollingObserver(timeout=POLL_MS / 1000), folders, handler)


def wait_for_change(reads: Reads, stop: Stop,
                    noticed: Callable[[frozenset[str] | None], None] | None = None) -> bool:
    """Block until a file in ``reads`` changes or a missing one appears (True), or until
    ``stop`` is set (False).  ``noticed`` is handed None once the folders are watched, then
    the paths of every burst of changes seen in them, whether it concerned the rendering
    or not."""
    events: queue.SimpleQueue[str | None] = queue.SimpleQueue()
    with stop.waking(events):
        while True:
            watched = reads.folders()
            try:
                observer = _observer(watched, _Handler(events))
            except FileNotFoundError:  # a folder went away meanwhile: look from a rendering
                return not stop.is_set()
            try:
                # the watches are in place once started: a change made while the rendering
                # read, before that, is found here
                if reads.changed():
                    return not stop.is_set()
                if reads.folders() == watched:
                    return _changes(reads, events, stop, noticed)
                # else a folder on the way to a missing file appeared before the folder
                # holding it was watched (its creation is never reported): watch again
            finally:
                observer.stop()
                observer.join()


def _changes(reads: Reads, events: queue.SimpleQueue[str | None], stop: Stop,
             noticed: Callable[[frozenset[str] | None], None] | None) -> bool:
    """Wait, once the folders are watched, for a burst of ``events`` that concerns
    ``reads`` (True) or for ``stop`` (False)."""
    if noticed is not None:
        noticed(None)
    while True:
        burst = _burst(events)
        if burst is None or stop.is_set():
            return False
        if noticed is not None:
            noticed(burst)
        if any(reads.concerns(path) for path in burst):
            return True


def _burst(events: queue.SimpleQueue[str | None]) -> frozenset[str] | None:
    """The paths of the next burst of changes (``None``: stopped).  Blocks with no timeout
    until the first change."""
    first = events.get()
    if first is None:
        return None
    paths = {first}
    deadline = time.monotonic() + GROUP_MS / 1000
    while (left := deadline - time.monotonic()) > 0:
        try:
            path = events.get(timeout=min(left, QUIET_MS / 1000))
        except queue.Empty:
            break
        if path is None:
            return None
        paths.add(path)
    return frozenset(paths)
