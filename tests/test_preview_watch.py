"""The preview's watcher at rest: no thread it starts wakes up while nothing changes (it
blocks on the system's notifications, not on a timer), and it still sees a file deleted and
written again, or a missing file's folder made while the watches were being set up."""

from __future__ import annotations

import shutil
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from watchdog.observers.api import BaseObserver

from printkit.preview import watch
from printkit.preview.reads import Reads, stamp
from printkit.preview.render import Preview
from printkit.preview.server import Live, start
from tests.conftest import ROOT

WAIT = 30.0
"""Generous: how long to wait for something that should happen at once."""
AT_REST = 3.0
"""How long the threads are left alone while their wake-ups are counted: a 50 ms polling
loop would wake 60 times meanwhile."""


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    target = tmp_path / "spellbook"
    shutil.copytree(ROOT / "sample-games" / "spellbook", target)
    return target


def _wait(live: Live, holds: Callable[[], bool]) -> None:
    with live.changed:
        assert live.changed.wait_for(holds, timeout=WAIT), "the watcher did not act in time"


def _wakeups(thread_id: int) -> int:
    """How many times the thread has given up the processor of its own accord (each sleep
    or blocking wait that ended counts one)."""
    status = Path(f"/proc/self/task/{thread_id}/status").read_text()
    return int(next(line.split()[1] for line in status.splitlines()
                    if line.startswith("voluntary_ctxt_switches:")))


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads Linux's /proc")
def test_no_thread_of_the_preview_wakes_up_at_rest(folder: Path) -> None:
    before = {thread.native_id for thread in threading.enumerate()}
    server = start(folder / "spellbook.yaml", port=0)
    try:
        live = server.live
        _wait(live, lambda: live.waiting)
        threading.Event().wait(0.5)  # let the threads settle into their waits
        ours = {thread.name: thread.native_id for thread in threading.enumerate()
                if thread.native_id not in before and thread.native_id is not None}
        assert "preview-watcher" in ours and len(ours) >= 3  # the observer's threads too
        first = {name: _wakeups(tid) for name, tid in ours.items()}
        threading.Event().wait(AT_REST)
        woke = {name: _wakeups(tid) - first[name] for name, tid in ours.items()}
        assert sum(woke.values()) <= 2, woke
        # and the watch still works after the rest
        version = live.version
        data = folder / "spells.csv"
        data.write_text(data.read_text().replace("Spark,", "Sparkle,"))
        _wait(live, lambda: live.version > version)
        assert "Sparkle" in "".join(p.svg for p in live.preview.pictures)
    finally:
        server.close()


def test_a_file_deleted_then_written_again_is_seen(folder: Path) -> None:
    server = start(folder / "spellbook.yaml", port=0)
    try:
        live = server.live
        _wait(live, lambda: live.waiting)
        version = live.version
        data = folder / "spells.csv"
        text = data.read_text()
        data.unlink()
        _wait(live, lambda: live.version > version)
        assert "spells.csv" in live.preview.problems
        _wait(live, lambda: live.waiting)
        version = live.version
        data.write_text(text.replace("Spark,", "Sparkle,"))
        _wait(live, lambda: live.version > version and not live.preview.problems)
        assert "Sparkle" in "".join(p.svg for p in live.preview.pictures)
    finally:
        server.close()


def test_a_save_during_the_first_part_skips_the_stale_booklet(tmp_path: Path) -> None:
    data = tmp_path / "cards.csv"
    data.write_text("name\nA\n")
    rests: list[int] = []

    def render(path: Path, **options: object) -> Preview:
        reads = Reads({str(data): stamp(str(data)) or (0, 0, 0)})
        data.write_text("name\nA\nB\n")  # the designer saves again while this renders
        return Preview(title="x", reads=reads, rest=rest)

    def rest() -> Preview:
        rests.append(1)
        return Preview()

    live = Live(tmp_path / "game.yaml", render=render)
    live.rebuild()
    assert rests == [] and live.version == 1 and live.preview.rest is not None
    assert live.preview.reads.changed()  # so the watcher rebuilds at once


def test_a_folder_made_while_the_watches_are_set_up_is_watched_too(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The folder of a missing file appears after the watcher chose the folders to watch
    but before it watches them: the system never reports that folder's creation, so the
    watcher must look at the folders again, or the file's arrival goes unseen for ever."""
    missing = tmp_path / "tables" / "spells.csv"
    reads = Reads(missing=frozenset({str(missing)}))
    assert reads.folders() == [str(tmp_path)]
    real = watch._observer
    calls: list[list[str]] = []

    def late(folders: list[str], handler: watch._Handler) -> BaseObserver:
        calls.append(folders)
        missing.parent.mkdir(exist_ok=True)  # just before the first watches are in place
        return real(folders, handler)

    monkeypatch.setattr(watch, "_observer", late)
    stop = watch.Stop()
    waiting = threading.Event()
    result: list[bool] = []
    waiter = threading.Thread(target=lambda: result.append(watch.wait_for_change(
        reads, stop, lambda burst: waiting.set() if burst is None else None)))
    waiter.start()
    try:
        assert waiting.wait(WAIT)
        missing.write_text("name\nSpark\n")
        waiter.join(WAIT)
        assert result == [True]
        assert calls == [[str(tmp_path)], [str(missing.parent)]]
    finally:
        stop.set()
        waiter.join(WAIT)
