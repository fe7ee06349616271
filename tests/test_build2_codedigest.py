"""The code's digest kept in the cache under how the package's files look
(printkit/cachekey.py): found again while nothing changed, computed afresh after any change
to a file of the package, even one that keeps its size and modification time, and never
kept for a file changed too recently to trust its times.  Digests computed are counted."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from printkit import cache, cachekey


@pytest.fixture
def package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A package ``digested_pkg`` on the import path, with two files."""
    root = tmp_path / "site" / "digested_pkg"
    root.mkdir(parents=True)
    (root / "__init__.py").write_text("VALUE = 1\n")
    (root / "data.txt").write_text("some data\n")
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    yield root


@pytest.fixture
def computed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The packages whose digest was computed afresh (each call clears the in-process
    memo first, as a new process would start without it)."""
    done: list[str] = []
    real = cachekey._code_digest

    def counted(name: str) -> str:
        done.append(name)
        return real(name)

    monkeypatch.setattr(cachekey, "_code_digest", counted)
    monkeypatch.setattr(cachekey, "RECENT_SECONDS", 0)  # the files were written just now
    return done


def _digest(folder: Path) -> str:
    cachekey.code_digest.cache_clear()  # a new process
    with cache.session(folder):
        return cachekey.code_digest("digested_pkg")


def test_an_unchanged_package_is_digested_once(package: Path, computed: list[str],
                                               tmp_path: Path) -> None:
    first = _digest(tmp_path / "cache")
    second = _digest(tmp_path / "cache")
    assert first == second and computed == ["digested_pkg"]


def test_a_changed_file_is_digested_again_even_with_its_old_size_and_time(
        package: Path, computed: list[str], tmp_path: Path) -> None:
    first = _digest(tmp_path / "cache")
    data = package / "data.txt"
    before = data.stat()
    data.write_text("other data\n")  # the same size
    os.utime(data, ns=(before.st_atime_ns, before.st_mtime_ns))  # the same time
    second = _digest(tmp_path / "cache")
    assert computed == ["digested_pkg", "digested_pkg"] and second != first
    (package / "new.txt").write_text("")  # a file added
    assert _digest(tmp_path / "cache") != second and len(computed) == 3


def test_a_digest_is_not_kept_for_a_file_changed_just_now(
        package: Path, computed: list[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cachekey, "RECENT_SECONDS", 3600)
    assert cachekey.code_stamps("digested_pkg") is None
    _digest(tmp_path / "cache")
    _digest(tmp_path / "cache")
    assert computed == ["digested_pkg", "digested_pkg"]


def test_without_a_session_nothing_is_kept(package: Path, computed: list[str]) -> None:
    for _ in range(2):
        cachekey.code_digest.cache_clear()
        cachekey.code_digest("digested_pkg")
    assert computed == ["digested_pkg", "digested_pkg"]


def test_the_kept_digest_is_the_digest_of_the_files(package: Path, computed: list[str],
                                                    tmp_path: Path) -> None:
    kept = _digest(tmp_path / "cache")
    assert kept == _digest(tmp_path / "cache") == cachekey._code_digest("digested_pkg")
