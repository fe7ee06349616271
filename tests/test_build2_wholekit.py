"""A whole kit kept in the cache (printkit/kit/wholekit.py): a second ``printkit build`` of an
unchanged kit writes the first one's files without building (no build run, no face drawn),
byte for byte what ``--no-cache`` writes; an edit to anything the build read, a file that
appears beside them or a changed option builds afresh.  Hits and misses are counted, never
timed."""

from __future__ import annotations

import contextlib
import io
import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from printkit import cache, cachekey
from printkit.kit import build as kit_build
from printkit.kit import kitreads
from printkit.render.elements import ImageResolutionWarning
from tests.conftest import Run
from tests.test_cache_build import BODY, FONTS  # the same small deck, with a font and images
from tests.test_content_support import write

TABLE = "name,picture\nSpark,red.png\nFrost,blue.png\n"


def _png(colour: tuple[int, int, int], side: int = 300) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (side, side), colour).save(buffer, "PNG")
    return buffer.getvalue()


@pytest.fixture(autouse=True)
def trusted_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The files are written just before each build: their times are trusted at once (a
    kit is otherwise not kept when a file it read changed in the last 2 s)."""
    monkeypatch.setattr(cachekey, "RECENT_SECONDS", 0)


@pytest.fixture
def game(tmp_path: Path) -> Path:
    return write(tmp_path / "game", BODY, {
        "cards.csv": TABLE, "red.png": _png((200, 30, 30)), "blue.png": _png((30, 30, 200)),
        "fonts/test.ttf": (FONTS / "DejaVuSans.ttf").read_bytes()})


class Builds:
    """``printkit build`` run in this process, counting the builds with the cache that really
    ran (:attr:`built`) and the kits found whole in the cache."""

    def __init__(self, run_cli: Run, game: Path, output: Path) -> None:
        self.run_cli, self.game, self.output = run_cli, game, output
        self.built = 0

    def __call__(self, *more: str, into: str = "kit") -> tuple[list[int], dict[str, bytes]]:
        """``[kits reused, kits not found]`` and the files written."""
        target = self.output / into
        with cache.session() as store:  # the command's session joins this one
            assert store is not None
            result = self.run_cli("-q", "build", str(self.game), "-o", str(target), *more)
            assert result.status == 0, result.err
            counted = store.counts.by_step.get("kit", [0, 0])
        return counted, _kit(target)

    def bare(self, *more: str) -> dict[str, bytes]:
        """The kit built with ``--no-cache``."""
        result = self.run_cli("-q", "build", str(self.game), "-o", str(self.output / "bare"),
                              "--no-cache", *more)
        assert result.status == 0, result.err
        return _kit(self.output / "bare")


def _kit(folder: Path) -> dict[str, bytes]:
    return {path.relative_to(folder).as_posix(): path.read_bytes()
            for path in sorted(folder.rglob("*")) if path.is_file()}


@pytest.fixture
def builds(run_cli: Run, game: Path, tmp_path: Path,
           monkeypatch: pytest.MonkeyPatch) -> Iterator[Builds]:
    counting = Builds(run_cli, game, tmp_path / "out")
    real = kit_build.build_game

    def counted(*args: Any, **kwargs: Any) -> Any:
        counting.built += bool(kwargs.get("use_cache"))  # --no-cache builds not counted
        return real(*args, **kwargs)

    monkeypatch.setattr(kit_build, "build_game", counted)
    yield counting


def test_a_second_build_of_an_unchanged_kit_is_written_from_the_cache(builds: Builds) -> None:
    counted, first = builds(into="first")
    assert counted == [0, 1] and builds.built == 1
    counted, second = builds(into="second")
    assert counted == [1, 0] and builds.built == 1  # nothing built the second time
    assert "content-test/cards.pdf" in second and "content-test/svg/a-1.svg" in second
    assert first == second == builds.bare()


def test_no_cache_neither_reads_nor_keeps_a_whole_kit(builds: Builds) -> None:
    builds(into="first")
    with cache.session() as store:
        assert store is not None
        assert builds.bare() == builds.bare()
        assert "kit" not in store.counts.by_step and store.counts.writes == 0


@pytest.mark.parametrize("edit", ["definition", "data cell", "image", "font", "new file"])
def test_an_edit_to_what_the_build_read_builds_afresh(builds: Builds, game: Path,
                                                      edit: str) -> None:
    builds()
    folder = game.parent
    if edit == "definition":
        game.write_text(game.read_text().replace("x: 5mm, y: 5mm", "x: 6mm, y: 5mm"))
    elif edit == "data cell":
        (folder / "cards.csv").write_text(TABLE.replace("Frost,", "Frost Bolt,"))
    elif edit == "image":
        (folder / "blue.png").write_bytes(_png((30, 200, 30)))
    elif edit == "font":
        shutil.copy(FONTS / "DejaVuSans-Bold.ttf", folder / "fonts" / "test.ttf")
    else:  # a file the build did not open appears beside those it did
        (folder / "notes.txt").write_text("a note\n")
    counted, again = builds(into="again")
    assert counted == [0, 1] and builds.built == 2
    assert again == builds.bare()
    counted, _ = builds(into="again")  # the edited kit is kept in its turn
    assert counted == [1, 0] and builds.built == 2


def test_a_template_beside_the_definition_and_an_edit_to_it_build_afresh(
        builds: Builds, game: Path) -> None:
    builds()
    template = game.parent / "content-test.md.j2"
    template.write_text("# How to play\n\nDraw a card.\n")
    counted, with_booklet = builds(into="again")
    assert counted == [0, 1] and any(p.endswith("booklet.pdf") for p in with_booklet)
    template.write_text("# How to play\n\nDraw two cards.\n")
    counted, edited = builds(into="again")
    assert counted == [0, 1] and edited != with_booklet
    assert edited == builds.bare()
    assert builds.built == 3


@pytest.mark.parametrize("option", [("--set", "title=Another Title"), ("--bleed", "0"),
                                    ("--paper", "letter"), ("--sheets", "sheets")])
def test_a_changed_option_builds_afresh(builds: Builds, option: tuple[str, str]) -> None:
    builds()
    counted, changed = builds(*option, into="again")
    assert counted == [0, 1] and builds.built == 2
    assert changed == builds.bare(*option)
    counted, _ = builds(*option, into="again")
    assert counted == [1, 0] and builds.built == 2


def test_a_library_setting_in_the_environment_builds_afresh(
        builds: Builds, monkeypatch: pytest.MonkeyPatch) -> None:
    builds()
    monkeypatch.setenv("RL_pageCompression", "0")
    counted, _ = builds(into="again")
    assert counted == [0, 1] and builds.built == 2


def test_a_kit_written_from_the_cache_warns_as_its_build_did(builds: Builds,
                                                             game: Path) -> None:
    (game.parent / "red.png").write_bytes(_png((200, 30, 30), side=40))  # 51 dpi at 20 mm
    with pytest.warns(ImageResolutionWarning, match="red.png"):
        builds()
    with pytest.warns(ImageResolutionWarning, match="red.png"):
        counted, _ = builds(into="again")
    assert counted == [1, 0] and builds.built == 1


def test_a_kit_written_from_the_cache_reports_each_step_done(run_cli: Run, game: Path,
                                                              tmp_path: Path) -> None:
    with cache.session() as store:
        assert store is not None
        said = [run_cli("build", str(game), "-o", str(tmp_path / name)) for name in "ab"]
        assert store.counts.by_step["kit"] == [1, 1]  # the second from the cache
    assert [done.status for done in said] == [0, 0]
    steps = [set(done.err.splitlines()) for done in said]
    assert steps[0] == steps[1] and any("faces" in line for line in steps[0])


def test_a_damaged_kit_entry_is_built_again(builds: Builds, own_cache: Path) -> None:
    _, first = builds()
    for entry in (own_cache / "printkit").glob("*/*"):
        if b'"folder"' in entry.read_bytes()[:4000]:  # the whole kit's entry
            entry.write_bytes(entry.read_bytes()[:-10])
    counted, again = builds(into="again")
    assert counted == [0, 1] and builds.built == 2
    assert again == first


def test_a_kit_whose_inputs_changed_just_before_is_not_kept(
        builds: Builds, game: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cachekey, "RECENT_SECONDS", 3600)  # as if written during the build
    builds()
    counted, _ = builds(into="again")
    assert counted == [0, 1] and builds.built == 2
    monkeypatch.setattr(cachekey, "RECENT_SECONDS", 0)
    builds(into="again")
    counted, _ = builds(into="again")
    assert counted == [1, 0] and builds.built == 3


def test_a_kit_entry_that_would_write_outside_its_folder_is_refused(
        builds: Builds, own_cache: Path, tmp_path: Path) -> None:
    """An entry with a sound checksum (written by anyone who can write the cache) naming a
    file outside the kit is not used: the kit is built afresh and nothing lands outside."""
    _, first = builds()
    store = cache.Store(own_cache / "printkit")
    for entry in store.folder.glob("*/*"):
        key = entry.parent.name + entry.name
        payload = store.get(key)
        if payload is None or b'"folder"' not in payload[:4000]:
            continue
        size, _, rest = payload.partition(b"\n")
        head = json.loads(rest[:int(size)])
        head["files"][0][0] = "../../escaped.txt"
        text = json.dumps(head).encode()
        store.put(key, b"%d\n" % len(text) + text + rest[int(size):])
    counted, again = builds(into="again")
    assert counted == [0, 1] and builds.built == 2
    assert again == first
    assert not list(tmp_path.rglob("escaped.txt"))


def test_a_recording_notes_files_read_and_programs_run(tmp_path: Path) -> None:
    read, written = tmp_path / "read.txt", tmp_path / "written.txt"
    read.write_text("input")
    with kitreads.recording() as noted:
        read.read_text()
        written.write_text("output")
    assert str(read) in noted.files and str(written) not in noted.files
    assert not noted.ran
    with kitreads.recording() as noted:
        subprocess.run([sys.executable, "-c", "pass"], check=True)
    assert noted.ran
    with kitreads.recording() as noted, contextlib.suppress(OSError):  # not installed
        subprocess.run(["ldconfig", "-p"], capture_output=True, check=False)
    assert not noted.ran  # where the C library is has no bearing on a kit
