"""The rendering cache's store and keys (printkit/cache.py, printkit/cachekey.py): what is
counted as found or computed, damaged entries, atomic writes, eviction, writers at once."""

from __future__ import annotations

import dataclasses
import multiprocessing
import os
import warnings
from pathlib import Path

import pytest

from printkit import cache, cachekey, limits
from printkit.render.elements import ImageResolutionWarning


@dataclasses.dataclass(frozen=True)
class Part:
    name: str
    size: float
    data: bytes = b""
    items: tuple[object, ...] = ()


class Opaque:
    """An object whose content a key cannot see."""


def test_equal_inputs_give_equal_keys_and_any_change_another() -> None:
    base = Part("spark", 2.5, b"\x89PNG", ("a", 1))
    assert cachekey.digest(base) == cachekey.digest(Part("spark", 2.5, b"\x89PNG", ("a", 1)))
    changed = [Part("spark!", 2.5, b"\x89PNG", ("a", 1)), Part("spark", 2.50001, b"\x89PNG",
               ("a", 1)), Part("spark", 2.5, b"\x89PNH", ("a", 1)),
               Part("spark", 2.5, b"\x89PNG", ("a", 2)), Part("spark", 2.5, b"\x89PNG", (1, "a"))]
    keys = {cachekey.digest(part) for part in [base, *changed]}
    assert len(keys) == 1 + len(changed)
    assert cachekey.digest(1) != cachekey.digest(1.0) != cachekey.digest("1")
    assert cachekey.digest(True) != cachekey.digest(1)
    assert cachekey.digest(frozenset({"a", "b"})) == cachekey.digest(frozenset({"b", "a"}))
    assert cachekey.digest({"a": 1, "b": 2}) != cachekey.digest({"b": 2, "a": 1})  # order


def test_a_part_without_content_cannot_be_keyed() -> None:
    with pytest.raises(cachekey.Unkeyable, match="Opaque"):
        cachekey.digest(Part("x", 1, items=(Opaque(),)))
    with pytest.raises(cachekey.Unkeyable):
        cachekey.digest(lambda: 1)


def test_code_digest_follows_every_file_of_the_package(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "drawpkg"
    package.mkdir()
    (package / "__init__.py").write_text("WIDTH = 1\n")
    (package / "art.svg").write_text("<svg/>")
    monkeypatch.syspath_prepend(str(tmp_path))
    first = cachekey.code_digest("drawpkg")
    cachekey.code_digest.cache_clear()
    assert cachekey.code_digest("drawpkg") == first
    (package / "art.svg").write_text("<svg></svg>")
    cachekey.code_digest.cache_clear()
    second = cachekey.code_digest("drawpkg")
    (package / "__init__.py").write_text("WIDTH = 2\n")
    cachekey.code_digest.cache_clear()
    assert len({first, second, cachekey.code_digest("drawpkg")}) == 3
    cachekey.code_digest.cache_clear()
    assert {"reportlab", "pyphen", "markdown-it-py"} <= set(cachekey._required())


def test_code_digest_of_a_module_of_one_file_reads_that_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "onefile.py").write_text("WIDTH = 1\n")
    (tmp_path / "neighbour.txt").write_text("not its code")
    monkeypatch.syspath_prepend(str(tmp_path))
    first = cachekey.code_digest("onefile")
    cachekey.code_digest.cache_clear()
    (tmp_path / "neighbour.txt").write_text("still not its code")
    assert cachekey.code_digest("onefile") == first
    cachekey.code_digest.cache_clear()
    (tmp_path / "onefile.py").write_text("WIDTH = 2\n")
    assert cachekey.code_digest("onefile") != first
    cachekey.code_digest.cache_clear()
    assert cachekey.code_digest("no_such_package_here") != cachekey.code_digest("onefile")


class Counter:
    """A computation that counts its calls."""

    def __init__(self, text: str = "drawn") -> None:
        self.calls = 0
        self.text = text

    def __call__(self) -> str:
        self.calls += 1
        return self.text


def test_found_in_a_later_session_and_counted(tmp_path: Path) -> None:
    draw = Counter()
    with cache.session(tmp_path) as store:
        assert store is not None
        assert cache.cached_text("face", (Part("a", 1),), draw) == "drawn"
        assert cache.cached_text("face", (Part("a", 1),), draw) == "drawn"
        assert cache.cached_text("face", (Part("b", 1),), draw) == "drawn"
        assert (store.counts.hits, store.counts.misses, store.counts.writes) == (1, 2, 2)
    with cache.session(tmp_path) as store:  # as the next build, in a new process, would
        assert store is not None
        assert cache.cached_text("face", (Part("a", 1),), draw) == "drawn"
        assert cache.cached_text("back", (Part("a", 1),), draw) == "drawn"  # another step
        assert store.counts.by_step == {"face": [1, 0], "back": [0, 1]}
    assert draw.calls == 3


def test_no_session_or_no_cache_computes_every_time(tmp_path: Path) -> None:
    draw = Counter()
    cache.cached_text("face", (Part("a", 1),), draw)
    with cache.session(tmp_path), cache.session(enabled=False) as inner:
        assert inner is None and cache.active() is None
        cache.cached_text("face", (Part("a", 1),), draw)
        cache.cached_text("face", (Part("a", 1),), draw)
    assert draw.calls == 3
    assert not list(tmp_path.iterdir())


def test_unkeyable_inputs_are_computed_afresh(tmp_path: Path) -> None:
    draw = Counter()
    with cache.session(tmp_path) as store:
        assert store is not None
        cache.cached_text("face", (Opaque(),), draw)
        cache.cached_text("face", (Opaque(),), draw)
        assert draw.calls == 2
        assert (store.counts.unkeyed, store.counts.hits, store.counts.writes) == (2, 0, 0)


def _entries(folder: Path) -> list[Path]:
    return [path for path in folder.glob("*/*") if not path.name.startswith(".tmp-")]


@pytest.mark.parametrize("damage", ["truncate", "flip", "empty", "header"])
def test_a_damaged_entry_is_never_used(tmp_path: Path, damage: str) -> None:
    draw = Counter("x" * 5000)
    with cache.session(tmp_path):
        cache.cached_text("face", (Part("a", 1),), draw)
    [entry] = _entries(tmp_path)
    raw = entry.read_bytes()
    damaged = {"truncate": raw[:-100], "flip": raw[:-10] + bytes([raw[-10] ^ 1]) + raw[-9:],
               "empty": b"", "header": raw.replace(b"printkit-cache 1", b"printkit-cache 9")}
    entry.write_bytes(damaged[damage])
    with cache.session(tmp_path) as store:
        assert store is not None
        assert cache.cached_text("face", (Part("a", 1),), draw) == "x" * 5000
        assert (store.counts.corrupt, store.counts.hits, store.counts.misses) == (1, 0, 1)
    assert draw.calls == 2
    assert entry.read_bytes() == raw  # drawn again and stored whole
    with cache.session(tmp_path) as store:
        assert store is not None
        cache.cached_text("face", (Part("a", 1),), draw)
        assert (store.counts.corrupt, store.counts.hits) == (0, 1)


def test_writes_leave_no_temporary_file_and_ignore_a_killed_writers(tmp_path: Path) -> None:
    store = cache.Store(tmp_path)
    key = cachekey.digest("k")
    store.put(key, b"payload")
    assert [p.name.startswith(".tmp-") for p in tmp_path.glob("*/*")] == [False]
    # a writer killed before its rename leaves only a temporary file, never an entry
    (store.path(key).parent / ".tmp-abandoned").write_bytes(b"half")
    other = cachekey.digest("other")
    assert store.get(other) is None
    assert store.get(key) == b"payload"


def test_a_cache_that_cannot_be_written_is_given_up(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    draw = Counter()
    with cache.session(blocker / "cache") as store:
        assert store is not None
        assert cache.cached_text("face", (Part("a", 1),), draw) == "drawn"
        assert cache.cached_text("face", (Part("b", 1),), draw) == "drawn"
        assert store.counts.writes == 0
    assert draw.calls == 2


def test_least_recently_used_entries_go_first(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cache, "_TIDIED", {})  # no session has tidied it yet
    payload = "y" * 10_000
    with cache.session(tmp_path):
        for name in "abcd":
            cache.cached_text("face", (name,), lambda: payload)
    entries = {path.stat().st_size for path in _entries(tmp_path)}
    size = entries.pop()
    # a, then b, c, d were written in that order; make the order plain to the clock, then
    # read a again, so b is the least recently used
    for age, name in enumerate("dcba"):
        path = cache.Store(tmp_path).path(cachekey.digest("face", name))
        os.utime(path, ns=(1_000_000_000 * (1000 - age),) * 2)
    with limits.using(limits.Limits(cache_bytes=3 * size)), cache.session(tmp_path):
        cache.cached_text("face", ("a",), lambda: payload)  # found: now the newest
        cache.cached_text("face", ("e",), lambda: payload)  # a write: tidying follows...
    assert len(_entries(tmp_path)) == 5  # ...but not within a minute of the last
    monkeypatch.setattr(cache, "_TIDIED", {})
    with limits.using(limits.Limits(cache_bytes=3 * size)), cache.session(tmp_path):
        cache.cached_text("face", ("a",), lambda: payload)
        cache.cached_text("face", ("f",), lambda: payload)
    kept = {path.name for path in _entries(tmp_path)}
    expected = {cachekey.digest("face", name)[2:] for name in "aef"}
    assert kept == expected


def test_the_limit_is_named_and_can_be_raised() -> None:
    assert "cache-bytes" in limits.NAMES
    assert limits.parse_limits(["cache-bytes=5"]).cache_bytes == 5


def test_default_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cache.default_folder() == tmp_path / "printkit"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/path")  # the specification says ignore it
    assert cache.default_folder() == Path.home() / ".cache" / "printkit"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert cache.default_folder() == Path.home() / ".cache" / "printkit"


def test_warnings_are_raised_again_when_the_result_is_reused(tmp_path: Path) -> None:
    def draw() -> str:
        warnings.warn_explicit("card 'a' prints at 72 dpi", ImageResolutionWarning,
                             "game.yaml", 7)
        return "drawn"

    for _ in range(2):  # computed, then found
        with cache.session(tmp_path), warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            assert cache.cached_text("face", ("a",), draw) == "drawn"
        assert [(str(w.message), w.category, w.filename, w.lineno) for w in caught] == [
            ("card 'a' prints at 72 dpi", ImageResolutionWarning,
                             "game.yaml", 7)]


def _writer(folder: str, seed: int) -> None:
    """Store the same keys with large payloads, over and over (run in another process)."""
    store = cache.Store(Path(folder))
    for round_ in range(30):
        for index in range(5):
            store.put(cachekey.digest("k", index), bytes([index]) * 300_000)
        del round_
    del seed


def test_writers_at_once_never_tear_an_entry(tmp_path: Path) -> None:
    context = multiprocessing.get_context("spawn")
    writers = [context.Process(target=_writer, args=(str(tmp_path), n)) for n in range(2)]
    for process in writers:
        process.start()
    reader = cache.Store(tmp_path)
    seen = 0
    while any(process.is_alive() for process in writers):
        for index in range(5):
            found = reader.get(cachekey.digest("k", index))
            if found is not None:
                assert found == bytes([index]) * 300_000
                seen += 1
    for process in writers:
        process.join()
        assert process.exitcode == 0
    assert reader.counts.corrupt == 0
    assert all(reader.get(cachekey.digest("k", index)) == bytes([index]) * 300_000
               for index in range(5))
    assert not [path for path in tmp_path.glob("*/.tmp-*")]


def test_tidying_removes_what_killed_writers_left_long_ago(tmp_path: Path) -> None:
    store = cache.Store(tmp_path)
    key = cachekey.digest("k")
    store.put(key, b"payload")
    old = store.path(key).parent / ".tmp-killed-long-ago"
    recent = store.path(key).parent / ".tmp-still-writing"
    for path in (old, recent):
        path.write_bytes(b"half an entry")
    past = (os.stat(recent).st_mtime_ns - (cache.STALE_SECONDS + 60) * 1_000_000_000,) * 2
    os.utime(old, ns=past)
    assert store.evict(10**9) == store.path(key).stat().st_size  # temporary files not counted
    assert not old.exists() and recent.exists() and store.get(key) == b"payload"


def test_a_sound_file_that_is_no_entry_of_ours_is_drawn_again(tmp_path: Path) -> None:
    store = cache.Store(tmp_path)
    key = cachekey.digest("face", "a")
    store.put(key, b"not a length\nnor a head")  # its checksum matches: only the form is wrong
    draw = Counter()
    with cache.session(tmp_path) as used:
        assert used is not None
        assert cache.cached_text("face", ("a",), draw) == "drawn"
        assert (used.counts.corrupt, used.counts.hits, draw.calls) == (1, 0, 1)
    with cache.session(tmp_path) as used:
        assert used is not None
        assert cache.cached_text("face", ("a",), draw) == "drawn"
        assert (used.counts.hits, draw.calls) == (1, 1)


def test_an_entry_names_no_warning_class_outside_printkit() -> None:
    named = "printkit.render.elements:ImageResolutionWarning"
    assert cache._category(named) is ImageResolutionWarning
    assert cache._category("builtins:DeprecationWarning") is DeprecationWarning
    assert cache._category("antigravity:Fly") is UserWarning
    assert cache._category("printkit.render.elements:draw_text") is UserWarning
