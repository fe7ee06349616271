"""Waiting, at no cost, for a change to the files a rendering read.

The folders holding those files are watched through ``watchfiles`` (the Rust ``notify``
crate: inotify on Linux, FSEvents on macOS, ReadDirectoryChangesW on Windows), each folder
on its own and not the folders below it, so nothing is scanned and the number of other files
beside a definition does not matter.  Folders rather than the files themselves are watched
so that an editor that saves by writing a new file and renaming it over the old one is seen.
A change is acted on only when it concerns a file the rendering read or looked for
(:meth:`~printkit.preview.reads.Reads.concerns`): the preview's own log, a build's output or
any other file in those folders does not cause a rebuild.

Where the system refuses to watch (its limit on watches reached, for one), watchfiles'
polling of those folders is used instead.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from watchfiles._rust_notify import RustNotify

from printkit.preview.reads import Reads

GROUP_MS = 1_600
"""The longest a burst of changes is gathered before it is acted on."""
QUIET_MS = 50
"""A burst ends when no change has come for this long."""
POLL_MS = 500
"""How often the folders are looked at when the system cannot watch them."""
SETTLE_MS = 1_000
"""After this long the files are looked at once more: the system may take a moment to set
up the watch, and a change made in that moment would otherwise go unseen."""


def _notifier(folders: list[str]) -> RustNotify:
    try:
        return RustNotify(folders, False, False, POLL_MS, False, True)
    except FileNotFoundError:
        raise
    except OSError:
        return RustNotify(folders, False, True, POLL_MS, False, True)


def wait_for_change(reads: Reads, stop: threading.Event,
                    noticed: Callable[[frozenset[str] | None], None] | None = None) -> bool:
    """Block until a file in ``reads`` changes or a missing one appears (True), or until
    ``stop`` is set (False).  ``noticed`` is handed None once the folders are watched, then
    the paths of every burst of changes seen in them, whether it concerned the rendering
    or not."""
    try:
        notify = _notifier(reads.folders())
    except FileNotFoundError:  # a folder went away meanwhile: look again from a new rendering
        return not stop.is_set()
    with notify:
        # a change made while the rendering read, before the watch began, is found here
        if reads.changed():
            return not stop.is_set()
        if noticed is not None:
            noticed(None)
        settling = True
        while True:
            changes = notify.watch(GROUP_MS, QUIET_MS, SETTLE_MS if settling else 0, stop)
            if stop.is_set():
                return False
            if settling:  # once only: from here on the watch alone tells of changes
                settling = False
                if reads.changed():
                    return True
            if not isinstance(changes, set):
                continue
            paths = frozenset(path for _, path in changes)
            if noticed is not None:
                noticed(paths)
            if any(reads.concerns(path) for path in paths):
                return True
