"""Builds through the rendering cache: an edit redraws what it changes and nothing else
(faces and backs drawn are counted), and the files are the same byte for byte with a cold
cache, a warm one and none."""

from __future__ import annotations

import io
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from printkit import cache, cachekey
from printkit.kit import cache_pages
from printkit.kit.build import build_game
from printkit.kit.options import BuildOptions
from printkit.render import picturemarks
from printkit.render.kindtypes import BackKind, FaceKind
from tests.conftest import ROOT, Run
from tests.test_content_support import write

FONTS = ROOT / "printkit" / "fonts"
BODY = """\
fonts:
  Test Sans:
    regular: fonts/test.ttf
style:
  font: Test Sans
layouts:
  plain:
    - {type: text, text: "{name}", x: 5mm, y: 5mm, width: 50mm, height: 10mm}
    - {type: image, src: "{picture}", x: 5mm, y: 20mm, width: 20mm, height: 20mm}
faces:
  - {id: a, kind: layout, layout: plain, data: cards.csv}
"""
TABLE = "name,picture\nSpark,red.png\nFrost,blue.png\nLeaf,blue.png\n"


def _png(colour: tuple[int, int, int]) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (300, 300), colour).save(buffer, "PNG")
    return buffer.getvalue()


@dataclass
class Drawn:
    """Faces and backs drawn (not found in the cache) since the last :meth:`take`."""

    faces: int = 0
    backs: int = 0

    def take(self) -> tuple[int, int]:
        counts = (self.faces, self.backs)
        self.faces = self.backs = 0
        return counts


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[Drawn]:
    """Counts every face and back a kind really draws."""
    counts = Drawn()
    face, back = FaceKind.draw, BackKind.draw

    def counted_face(self: FaceKind[Any], *args: Any) -> str:
        counts.faces += 1
        return face(self, *args)

    def counted_back(self: BackKind[Any], *args: Any) -> str:
        counts.backs += 1
        return back(self, *args)

    monkeypatch.setattr(FaceKind, "draw", counted_face)
    monkeypatch.setattr(BackKind, "draw", counted_back)
    yield counts


@pytest.fixture
def game(tmp_path: Path) -> Path:
    return write(tmp_path / "game", BODY, {
        "cards.csv": TABLE, "red.png": _png((200, 30, 30)), "blue.png": _png((30, 30, 200)),
        "fonts/test.ttf": (FONTS / "DejaVuSans.ttf").read_bytes()})


def _build(definition: Path, output: Path, *, options: BuildOptions | None = None,
           use_cache: bool = True) -> dict[str, bytes]:
    result = build_game(str(definition), output_root=output, options=options or BuildOptions(),
                        use_cache=use_cache)
    return {path.relative_to(result.folder).as_posix(): path.read_bytes()
            for path in result.files}


def test_a_second_build_draws_nothing_and_writes_the_same_bytes(
        game: Path, tmp_path: Path, drawn: Drawn) -> None:
    cold = _build(game, tmp_path / "cold")
    assert drawn.take() == (3, 1)
    with cache.session() as store:  # the build's own session joins this one: counted here
        assert store is not None
        warm = _build(game, tmp_path / "warm")
        assert store.counts.misses == 0 and store.counts.corrupt == 0
        assert store.counts.by_step["face"] == [3, 0]
        assert store.counts.by_step["files:cards"] == [1, 0]
    assert drawn.take() == (0, 0)
    bare = _build(game, tmp_path / "bare", use_cache=False)
    assert drawn.take() == (3, 1)
    assert "cards.pdf" in cold and "svg/a-1.svg" in cold
    assert cold == warm == bare


def test_an_edit_to_one_card_redraws_that_card_only(game: Path, tmp_path: Path,
                                                    drawn: Drawn) -> None:
    _build(game, tmp_path / "first")
    drawn.take()
    table = game.parent / "cards.csv"
    table.write_text(TABLE.replace("Frost,", "Frost Bolt,"))
    edited = _build(game, tmp_path / "edited")
    assert drawn.take() == (1, 0)
    bare = _build(game, tmp_path / "bare", use_cache=False)
    assert edited == bare
    assert b"Frost Bolt" in edited["svg/a-2.svg"]


def test_a_changed_image_redraws_the_faces_that_show_it(game: Path, tmp_path: Path,
                                                        drawn: Drawn) -> None:
    _build(game, tmp_path / "first")
    drawn.take()
    (game.parent / "blue.png").write_bytes(_png((30, 200, 30)))
    again = _build(game, tmp_path / "again")
    assert drawn.take() == (2, 0)  # Frost and Leaf; Spark's picture is red.png
    assert again == _build(game, tmp_path / "bare", use_cache=False)


def test_a_changed_font_file_redraws_everything_set_in_it(game: Path, tmp_path: Path,
                                                          drawn: Drawn) -> None:
    _build(game, tmp_path / "first")
    drawn.take()
    shutil.copy(FONTS / "DejaVuSans-Bold.ttf", game.parent / "fonts" / "test.ttf")
    again = _build(game, tmp_path / "again")
    assert drawn.take() == (3, 1)  # the back prints the title in the game's font
    assert again == _build(game, tmp_path / "bare", use_cache=False)


def test_a_changed_option_redraws_and_is_kept_beside_the_first(game: Path, tmp_path: Path,
                                                               drawn: Drawn) -> None:
    _build(game, tmp_path / "first")
    drawn.take()
    no_bleed = replace(BuildOptions(), bleed=0.0, written=(("bleed", "0"),))
    _build(game, tmp_path / "nobleed", options=no_bleed)
    assert drawn.take() == (3, 1)
    _build(game, tmp_path / "first-again")
    again = _build(game, tmp_path / "nobleed-again", options=no_bleed)
    assert drawn.take() == (0, 0)
    assert again == _build(game, tmp_path / "bare", options=no_bleed, use_cache=False)


def test_a_changed_code_version_draws_everything_again(
        game: Path, tmp_path: Path, drawn: Drawn, monkeypatch: pytest.MonkeyPatch) -> None:
    first = _build(game, tmp_path / "first")
    drawn.take()
    before = cachekey.code_digest()

    def newer(package: str = "printkit") -> str:
        return "newer " + before if package == "printkit" else package

    monkeypatch.setattr(cachekey, "code_digest", newer)
    monkeypatch.setattr(cache_pages, "code_digest", newer)
    with cache.session() as store:
        assert store is not None
        again = _build(game, tmp_path / "again")
        assert store.counts.hits == 0
        assert store.counts.by_step["files:cards"] == [0, 1]
    assert drawn.take() == (3, 1)
    assert again == first


def test_no_cache_on_the_command_line_writes_no_cache(game: Path, tmp_path: Path,
                                                      run_cli: Run, own_cache: Path) -> None:
    result = run_cli("-q", "build", str(game), "-o", str(tmp_path / "out"), "--no-cache")
    assert result.status == 0, result.err
    assert not (own_cache / "printkit").exists()
    result = run_cli("-q", "build", str(game), "-o", str(tmp_path / "out"))
    assert result.status == 0, result.err
    assert [path for path in (own_cache / "printkit").glob("*/*")]


def _kit(folder: Path) -> dict[str, bytes]:
    return {path.relative_to(folder).as_posix(): path.read_bytes()
            for path in sorted(folder.rglob("*")) if path.is_file()}


def test_two_builds_at_once_share_one_cache(tmp_path: Path, own_cache: Path) -> None:
    """Two ``printkit build`` processes fill one empty cache at the same time: every entry
    is whole, and a third build that finds them writes the same files as one with none."""
    def start(output: str, *more: str) -> subprocess.Popen[bytes]:
        return subprocess.Popen([sys.executable, "-m", "printkit", "-q", "build", "toy-nim",
                                 "-o", str(tmp_path / output), *more], cwd=ROOT,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    both = [start("one"), start("two")]
    for process in both:
        _, err = process.communicate(timeout=300)
        assert process.returncode == 0, err.decode()
    store = cache.Store(own_cache / "printkit")
    entries = [path for path in store.folder.glob("*/*")]
    assert entries and not [path for path in entries if path.name.startswith(".tmp-")]
    for path in entries:
        assert store.get(path.parent.name + path.name) is not None
    assert store.counts.corrupt == 0
    third, bare = start("three"), start("bare", "--no-cache")
    for process in (third, bare):
        _, err = process.communicate(timeout=300)
        assert process.returncode == 0, err.decode()
    kits = [_kit(tmp_path / name / "toy-nim") for name in ("one", "two", "three", "bare")]
    assert kits[0] and all(kit == kits[0] for kit in kits)


def test_after_an_edit_the_pdfs_lift_the_same_pictures_as_a_fresh_build(
        tmp_path: Path, drawn: Drawn) -> None:
    """The Spellbook's icons are drawn once in each PDF and placed on every face (noted as
    the faces are drawn); faces taken from the cache note them again, so a build after a
    one-card edit writes the very bytes of a build without the cache."""
    folder = tmp_path / "spellbook"
    shutil.copytree(ROOT / "sample-games" / "spellbook", folder)
    definition = folder / "spellbook.yaml"
    _build(definition, tmp_path / "first")
    drawn.take()
    table = folder / "spells.csv"
    table.write_text(table.read_text().replace("Deal 2 damage to one foe",
                                               "Deal 3 damage to one foe", 1))
    picturemarks.clear()  # as in a new process
    edited = _build(definition, tmp_path / "edited")
    assert drawn.take() == (1, 0)
    picturemarks.clear()
    fresh = _build(definition, tmp_path / "fresh", use_cache=False)
    assert drawn.take()[0] == 12
    assert edited == fresh
