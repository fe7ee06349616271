"""The preview server under load and attack, and its watcher: idle connections cost no
thread and are closed, a foreign Host header is refused, only files the definition reads
cause a rebuild (exactly one per change), and fuzzed requests get an error answer, never
an exception or anything that was not rendered."""

from __future__ import annotations

import functools
import shutil
import socket
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from watchdog.observers.api import ObservedWatch
from watchdog.observers.polling import PollingObserver

from printkit.preview import server as server_module
from printkit.preview import watch
from printkit.preview.answer import allowed_hosts, answer
from printkit.preview.page import page
from printkit.preview.render import Preview, complete, render_preview
from printkit.preview.server import Live, PreviewServer, start
from tests.conftest import ROOT, Run

WAIT = 30.0
"""Generous: how long to wait for something that should happen at once."""


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    target = tmp_path / "spellbook"
    shutil.copytree(ROOT / "sample-games" / "spellbook", target)
    return target


@pytest.fixture
def definition_of_a_game(tmp_path: Path) -> Path:
    """A shipped game's definition copied out, with its booklet (found by its game name)."""
    path = tmp_path / "stars.yaml"
    path.write_text((ROOT / "decks" / "stars-and-stripes.yaml").read_text())
    return path


@pytest.fixture
def preview(folder: Path) -> Iterator[PreviewServer]:
    server = start(folder / "spellbook.yaml", port=0)
    live = server.live
    with live.changed:  # the watcher's threads are all started once it waits
        assert live.changed.wait_for(lambda: live.waiting, timeout=WAIT)
    yield server
    server.close()


def _connect(preview: PreviewServer) -> socket.socket:
    return socket.create_connection(("127.0.0.1", preview.server.port), timeout=WAIT)


def _ask(preview: PreviewServer, head: bytes) -> bytes:
    """Send ``head`` on a new connection and read the whole answer."""
    with _connect(preview) as connection:
        connection.sendall(head)
        chunks = []
        while chunk := connection.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks)


def _get(preview: PreviewServer, path: str, host: str | None = None) -> tuple[int, bytes]:
    host = f"127.0.0.1:{preview.server.port}" if host is None else host
    reply = _ask(preview, f"GET {path} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode("latin-1"))
    head, _, body = reply.partition(b"\r\n\r\n")
    return int(head.split()[1]), body


def _wait(live: Live, holds: Callable[[], bool]) -> None:
    with live.changed:
        assert live.changed.wait_for(holds, timeout=WAIT), "the watcher did not act in time"


def test_idle_connections_hold_no_thread_and_the_server_still_answers(
        preview: PreviewServer) -> None:
    threads = threading.active_count()
    idle = [_connect(preview) for _ in range(200)]
    try:
        assert _get(preview, "/version")[0] == 200
        assert threading.active_count() == threads
    finally:
        for connection in idle:
            connection.close()


def test_the_connections_idle_longest_are_closed_to_make_room(
        preview: PreviewServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server_module, "MOST_CONNECTIONS", 20)
    idle = [_connect(preview) for _ in range(50)]
    try:
        assert _get(preview, "/version")[0] == 200
        # the 30 that waited longest were closed: they read the end of the stream
        for connection in idle[:30]:
            assert connection.recv(1) == b""
        assert len(preview.server.open) <= 20
    finally:
        for connection in idle:
            connection.close()


def test_a_connection_that_sends_nothing_is_closed(
        preview: PreviewServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server_module, "HEAD_SECONDS", 0.2)
    with _connect(preview) as connection:
        connection.sendall(b"GET / HTTP/1.1\r\n")  # and never the blank line
        assert connection.recv(1) == b""


def test_a_slow_reader_gets_the_whole_answer(definition_of_a_game: Path) -> None:
    server = start(definition_of_a_game, port=0)
    try:
        booklet = server.live.preview.booklet.encode()
        assert len(booklet) > 200_000
        # small buffers on both sides, so that the answer waits in the server's own buffer
        server.server.socket.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
        with socket.socket() as connection:
            connection.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            connection.settimeout(WAIT)
            connection.connect(("127.0.0.1", server.server.port))
            connection.sendall(b"GET /booklet.html HTTP/1.1\r\nHost: localhost\r\n\r\n")
            reply = b""
            while chunk := connection.recv(1024):
                reply += chunk
    finally:
        server.close()
    head, _, body = reply.partition(b"\r\n\r\n")
    assert f"Content-Length: {len(booklet)}".encode() in head and body == booklet


def test_only_the_loopback_names_are_answered(preview: PreviewServer) -> None:
    port = preview.server.port
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", "LOCALHOST", f"[::1]:{port}"):
        assert _get(preview, "/version", host)[0] == 200
    for host in ("evil.example", f"evil.example:{port}", f"127.0.0.1:{port + 1}",
                 "127.0.0.1.evil.example", ""):
        assert _get(preview, "/", host) == (421, b"")
    no_host = _ask(preview, b"GET / HTTP/1.1\r\n\r\n")
    two_hosts = _ask(preview, f"GET / HTTP/1.1\r\nHost: localhost\r\nHost: localhost:{port}"
                              "\r\n\r\n".encode())
    for reply in (no_host, two_hosts):
        assert reply.startswith(b"HTTP/1.1 400 ") and reply.endswith(b"\r\n\r\n")


def test_malformed_paths_get_404(preview: PreviewServer) -> None:
    for path in ("/picture/" + "9" * 5000 + ".svg", "/picture/\u00b2.svg", "/picture/-1.svg",
                 "/picture/01.svg", "/picture/99.svg", "/../../etc/passwd", "/spells.csv",
                 "/spellbook.yaml", "/board.svg", "/booklet.html"):
        assert _get(preview, path) == (404, b""), path
    assert _get(preview, "/picture/0.svg?x=" + "9" * 5000)[0] == 200


def test_the_watcher_reads_exactly_the_files_the_definition_reads(folder: Path) -> None:
    reads = render_preview(folder / "spellbook.yaml").reads
    icons = {str(folder / "icons" / f"{name}.svg") for name in
             ("flame", "frost", "leaf", "shadow", "mana", "gem", "heart")}
    assert set(reads.files) == {str(folder / "spellbook.yaml"), str(folder / "spells.csv"),
                                *icons}
    assert reads.missing == {str(folder / "spellbook.md.j2")}  # no booklet, yet
    assert reads.folders() == [str(folder), str(folder / "icons")]
    # a shipped game: its definition, then, with the booklet, its template and the
    # template's partial
    first = render_preview(ROOT / "decks" / "stars-and-stripes.yaml")
    assert {Path(path).name for path in first.reads.files} == {"stars-and-stripes.yaml"}
    assert {Path(path).name for path in complete(first).reads.files} == {
        "stars-and-stripes.yaml", "stars-and-stripes.md.j2", "booklet.md.j2"}


def test_only_a_change_to_a_file_read_rebuilds_once(preview: PreviewServer,
                                                    folder: Path) -> None:
    live = preview.live
    _wait(live, lambda: live.waiting)
    version, noticed = live.version, live.noticed
    # the preview's own log, a build's output and an unrelated file: seen, and ignored
    (folder / "preview.log").write_text("rebuilt: all well\n" * 100)
    (folder / "output").mkdir()
    (folder / "output" / "spellbook.pdf").write_bytes(b"%PDF-1.7")
    (folder / "notes.txt").write_text("to do: more spells")
    _wait(live, lambda: live.noticed > noticed)
    assert live.version == version
    # a data file the definition reads: exactly one rebuild
    data = folder / "spells.csv"
    data.write_text(data.read_text().replace("Spark,", "Sparkle,"))
    _wait(live, lambda: live.version > version and live.waiting)
    assert any(">Sparkle<" in svg for svg in _svgs(live.preview))
    # the watcher has gone back to waiting without a second rebuild: it sees this change
    noticed = live.noticed
    (folder / "notes.txt").write_text("done")
    _wait(live, lambda: live.noticed > noticed)
    assert live.version == version + 1


def test_a_save_by_renaming_a_new_file_over_the_old_one_is_seen(preview: PreviewServer,
                                                                 folder: Path) -> None:
    live = preview.live
    _wait(live, lambda: live.waiting)
    version = live.version
    data = folder / "spells.csv"
    saved = folder / ".spells.csv.swp"
    saved.write_text(data.read_text().replace("Spark,", "Sparkle,"))
    saved.replace(data)
    _wait(live, lambda: live.version > version)
    assert any(">Sparkle<" in svg for svg in _svgs(live.preview))


def test_the_page_asks_once_and_is_answered_when_the_version_moves(
        preview: PreviewServer, folder: Path) -> None:
    live = preview.live
    _wait(live, lambda: live.waiting)
    version = live.version
    assert _get(preview, f"/version?after={version + 5}") == (200, str(version).encode())
    with _connect(preview) as connection:
        connection.sendall(f"GET /version?after={version} HTTP/1.1\r\nHost: localhost\r\n"
                           "\r\n".encode())
        data = folder / "spells.csv"
        data.write_text(data.read_text().replace("Spark,", "Sparkle,"))
        reply = b""
        while chunk := connection.recv(65536):
            reply += chunk
    assert reply.startswith(b"HTTP/1.1 200 ") and reply.endswith(f"\r\n\r\n{version + 1}"
                                                                 .encode())


def test_an_edit_beside_thousands_of_other_files_is_seen(folder: Path) -> None:
    for index in range(6000):
        (folder / f"a{index:04d}.txt").write_text("")
    server = start(folder / "spellbook.yaml", port=0)
    try:
        live, version = server.live, server.live.version
        (folder / "spells.csv").write_text(
            (folder / "spells.csv").read_text().replace("Spark,", "Sparkle,"))
        _wait(live, lambda: live.version > version)
        assert live.version == version + 1 and not live.preview.problems
    finally:
        server.close()


def test_where_the_system_refuses_to_watch_the_folders_are_polled(
        folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[str] = []

    class Refused(PollingObserver):  # acts out inotify's "watch limit reached"
        def schedule(self, *args: Any, **kwargs: Any) -> ObservedWatch:
            made.append("native")
            raise OSError(28, "inotify watch limit reached")

    real_polling = PollingObserver

    def polling(*args: Any, **kwargs: Any) -> PollingObserver:
        made.append("polling")
        return real_polling(*args, **kwargs)

    monkeypatch.setattr(watch, "native", Refused)
    monkeypatch.setattr(watch, "PollingObserver", polling)
    server = start(folder / "spellbook.yaml", port=0)
    try:
        live = server.live
        _wait(live, lambda: live.waiting)
        version = live.version
        data = folder / "spells.csv"
        data.write_text(data.read_text().replace("Spark,", "Sparkle,"))
        _wait(live, lambda: live.version > version)
        assert made[:2] == ["native", "polling"]
    finally:
        server.close()


def test_a_missing_data_file_is_picked_up_when_it_appears(folder: Path) -> None:
    definition = folder / "spellbook.yaml"
    definition.write_text(definition.read_text().replace("data: spells.csv",
                                                         "data: tables/spells.csv"))
    server = start(definition, port=0)
    try:
        live, version = server.live, server.live.version
        assert "tables/spells.csv" in live.preview.problems
        (folder / "tables").mkdir()
        shutil.copy(folder / "spells.csv", folder / "tables" / "spells.csv")
        _wait(live, lambda: not live.preview.problems)
        # 12 faces, the back and the tuck box
        assert live.version > version and len(live.preview.pictures) == 14
    finally:
        server.close()


def test_a_port_outside_the_range_is_a_usage_error(run_cli: Run) -> None:
    for port in ("70000", "65536", "-1", "http", "\u0663", "1_000", ""):
        result = run_cli("preview", "sample-games/spellbook/spellbook.yaml", "--port", port)
        assert result.status == 2, port
        assert "is not a port number" in result.err and "Traceback" not in result.err


def test_a_port_in_use_is_a_usage_error(run_cli: Run) -> None:
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        result = run_cli("preview", "sample-games/spellbook/spellbook.yaml", "--port", str(port))
    assert result.status == 2
    assert f"cannot listen on 127.0.0.1 port {port}" in result.err


# --- fuzzing the request handling ------------------------------------------------------

@functools.cache
def _spellbook() -> Preview:
    return render_preview(ROOT / "sample-games" / "spellbook" / "spellbook.yaml")


_HOSTS = allowed_hosts(8765)
_STATUSES = {200, 400, 404, 405, 421, 431, 505}
_TEXT = st.text(st.characters(codec="latin-1"), max_size=60)
_METHODS = st.sampled_from(["GET", "HEAD", "POST", "get", "PUT", "OPTIONS", "CONNECT"])
_PATHS = st.one_of(
    st.sampled_from(["/", "/version", "/picture/0.svg", "/picture/12.svg", "/picture/13.svg",
                     "/board.svg", "/booklet.html", "*", "http://127.0.0.1:8765/"]),
    st.builds(lambda n: f"/picture/{n}.svg", st.integers(-10, 10**60)),
    st.builds(lambda a, b: a + "?" + b, st.just("/picture/3.svg"), _TEXT),
    _TEXT.map(lambda text: "/" + text))
_HEADERS = st.lists(st.tuples(st.sampled_from(["Host", "host", "Accept", "X-Y", "Bad Name",
                                               ""]),
                              st.one_of(st.sampled_from(sorted(_HOSTS)), _TEXT)), max_size=4)
_VERSIONS = st.sampled_from(["HTTP/1.1", "HTTP/1.0", "HTTP/2.0", "HTTP/1", "http/1.1"])


def _request(method: str, path: str, version: str, headers: list[tuple[str, str]]) -> bytes:
    lines = [f"{method} {path} {version}", *(f"{name}: {value}" for name, value in headers)]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


def _rendered(preview: Preview, version: int) -> set[bytes]:
    """Every body the server may send for this rendering."""
    texts = [page(preview, version, "spellbook.yaml"), str(version), preview.booklet,
             *_svgs(preview)]
    return ({text.encode() for text in texts if text}
            | {picture.png for picture in preview.pictures if picture.png}
            | {font.data for font in preview.fonts})


def _svgs(preview: Preview) -> list[str]:
    return [picture.svg for picture in preview.pictures if picture.svg]


def _check(reply: bytes, allowed: set[bytes]) -> None:
    head, _, body = reply.partition(b"\r\n\r\n")
    status = int(head.split()[1])
    assert status in _STATUSES
    assert body == b"" if status != 200 else body in allowed | {b""}


@settings(max_examples=300, deadline=None)
@given(_METHODS, _PATHS, _VERSIONS, _HEADERS)
def test_fuzzed_requests_get_an_answer_and_nothing_else(
        method: str, path: str, version: str, headers: list[tuple[str, str]]) -> None:
    reply = answer(_request(method, path, version, headers), _HOSTS, _spellbook(), 1,
                   "spellbook.yaml")
    _check(reply, _rendered(_spellbook(), 1))


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=300))
def test_fuzzed_bytes_get_an_answer(data: bytes) -> None:
    _check(answer(data + b"\r\n\r\n", _HOSTS, _spellbook(), 1, "spellbook.yaml"),
           _rendered(_spellbook(), 1))


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(_METHODS, _PATHS, _VERSIONS, _HEADERS, st.booleans())
def test_fuzzed_requests_over_the_wire(preview: PreviewServer, method: str, path: str,
                                       version: str, headers: list[tuple[str, str]],
                                       our_host: bool) -> None:
    if our_host:
        headers = [("Host", f"localhost:{preview.server.port}"), *headers]
    reply = _ask(preview, _request(method, path, version, headers))
    _check(reply, _rendered(preview.live.preview, preview.live.version))
