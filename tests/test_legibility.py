"""Legibility measured from the printed PDFs of every shipped kit and variant.

Body text in booklets at least 8 pt; any other text a player reads (diagram labels, player
aids, score sheets, board keys, card indices) at least 6 pt; cards in booklet diagrams at
least 9 mm wide; no heading of a board key wrapped over two lines.
"""

from __future__ import annotations

import functools
import re
import subprocess
import sys
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from printkit.kit.games import resolve
from tests.legibility import MM, Measured, Run, wrapped_headings
from tests.legibility import measure as _measure

measure = functools.cache(_measure)
"""Each PDF measured once for all the tests (the kits are built once for the module)."""

BODY_PT = 8.0
READ_PT = 6.0
CARD_MM = 9.0
SCALE_BAR_LABEL = "50 mm"
"""The scale bar's own label: a printer's mark for checking the print scale, not game text."""


def _printkit(*args: str) -> str:
    done = subprocess.run([sys.executable, "-m", "printkit", *args], capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def _variants() -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    game = ""
    for line in _printkit("list").splitlines():
        if line and not line.startswith(" "):
            game = line.split()[0]
        found = re.match(r"\s+--variant (\S+)", line)
        if found:
            out.append((game, found.group(1)))
    return out


@pytest.fixture(scope="module")
def kits(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Every shipped game built once, and each of its variants: label -> kit folder."""
    root = tmp_path_factory.mktemp("legibility")
    _printkit("build", "-q", "--jobs", "2", "-o", str(root / "base"))
    folders = {f"{p.name}": p for p in sorted((root / "base").iterdir()) if p.is_dir()}
    variants = _variants()
    assert len(variants) >= 20

    def build(item: tuple[str, str]) -> tuple[str, Path]:
        game, variant = item
        out = root / f"{game}--{variant}"
        _printkit("build", "-q", game, "--variant", variant, "--sheets", "sheets",
                  "-o", str(out))
        [kit] = [p for p in out.iterdir() if p.is_dir()]
        return f"{game} --variant {variant}", kit

    with ThreadPoolExecutor(max_workers=2) as pool:
        folders.update(dict(pool.map(build, variants)))
    return folders


def _pdfs(folder: Path) -> list[Path]:
    # The imposed booklet places the booklet's own pages; they are measured in booklet.pdf.
    return [p for p in sorted(folder.glob("*.pdf")) if p.name != "booklet-imposed.pdf"]


def _full_size(measured: Measured) -> list[Run]:
    """Runs as printed at full size: runs inside a form placed smaller than its largest
    placement in the same file (a board's assembly map, a reduced overview) are left out."""
    largest: dict[str, float] = {}
    for form in measured.forms:
        largest[form.name] = max(largest.get(form.name, 0.0), form.scale)
    scales = {(f.page, f.name): f.scale for f in measured.forms}
    kept = []
    for run in measured.runs:
        reduced = any(scales.get((run.page, name), 1.0) < largest[name] * 0.95
                      for name in run.forms)
        if not reduced:
            kept.append(run)
    return kept


def _card_size(label: str) -> tuple[float, float]:
    """The trim size (points) of the kit's cards: a face is drawn into its form at that
    size, so a placed form of this size in a booklet is a card."""
    game, _, variant = label.partition(" --variant ")
    definition = resolve(game, variant=variant or None).definition
    return (round(definition.card_width, 2), round(definition.card_height, 2))


def _too_small(runs: list[Run], floor: float) -> list[str]:
    """One line per page and size below ``floor``, with the start of its text."""
    found: dict[tuple[int, float], str] = {}
    for r in runs:
        if r.size < floor - 0.01:
            key = (r.page, round(r.size, 1))
            found[key] = f"{found.get(key, '')} {r.text}"
    return [f"p{page} {size} pt:{text[:60]}" for (page, size), text in sorted(found.items())]


def test_the_measure_follows_forms_and_matrices(kits: dict[str, Path]) -> None:
    # A card face is drawn once as a form and placed on each sheet: its text is found
    # through the form, at the size the placement gives it.
    measured = measure(kits["white-star"] / "booklet.pdf")
    in_forms = [r for r in measured.runs if r.forms]
    on_page = [r for r in measured.runs if not r.forms]
    assert in_forms and on_page
    assert min(r.size for r in in_forms) < min(r.size for r in on_page)


def test_booklet_text(kits: dict[str, Path]) -> None:
    problems = []
    for label, folder in kits.items():
        measured = measure(folder / "booklet.pdf")
        page_text = [r for r in measured.runs if not r.forms]
        for line in _too_small(page_text, READ_PT):
            problems.append(f"{label} booklet.pdf {line}")
        # the body text: the size that sets the most characters of the whole booklet (a
        # page of diagrams may hold more labels than prose)
        sizes: Counter[float] = Counter()
        for run in page_text:
            sizes[round(run.size, 2)] += len(run.text)
        body = sizes.most_common(1)[0][0]
        if body < BODY_PT:
            problems.append(f"{label} booklet.pdf: body text {body} pt")
    assert not problems, "\n".join(problems)


def test_cards_in_booklet_diagrams_are_wide_enough(kits: dict[str, Path]) -> None:
    problems = []
    counted = 0
    for label, folder in kits.items():
        card = _card_size(label)
        measured = measure(folder / "booklet.pdf")
        shown = [f for f in measured.forms
                 if (round(f.natural[0], 2), round(f.natural[1], 2)) == card]
        counted += len(shown)
        for form in shown:
            if min(form.width, form.height) < CARD_MM * MM - 0.01:
                problems.append(f"{label} booklet.pdf p{form.page}: a card "
                                f"{form.width / MM:.1f} x {form.height / MM:.1f} mm")
    assert counted > 1000  # every booklet but Toy Nim's draws cards with the card renderer
    assert not problems, "\n".join(sorted(set(problems)))


def test_component_text(kits: dict[str, Path]) -> None:
    problems = []
    for label, folder in kits.items():
        for pdf in _pdfs(folder):
            if pdf.name == "booklet.pdf":
                continue
            runs = [r for r in _full_size(measure(pdf))
                    if not (not r.forms and r.text == SCALE_BAR_LABEL)]
            for line in _too_small(runs, READ_PT):
                problems.append(f"{label} {pdf.name} {line}")
    assert not problems, "\n".join(problems)


def test_board_key_headings_are_not_broken(kits: dict[str, Path]) -> None:
    problems = []
    boards = 0
    for label, folder in kits.items():
        for pdf in sorted(folder.glob("board*.pdf")):
            boards += 1
            for first, second in wrapped_headings(_full_size(measure(pdf))):
                problems.append(f"{label} {pdf.name}: {first!r} / {second!r}")
    assert boards >= 6
    assert not problems, "\n".join(problems)


def test_wrapped_heading_detection() -> None:
    wrapped = [Run(1, "STACKING: 1", 6.8, 10.0, 100.0, True, ("f",)),
               Run(1, "point", 6.8, 10.0, 92.0, True, ("f",)),
               Run(1, "the card it covers", 5.6, 10.0, 85.0, False, ("f",)),
               Run(1, "DIAGONAL: 3 points each", 6.8, 10.0, 60.0, True, ("f",))]
    assert wrapped_headings(wrapped) == [("STACKING: 1", "point")]
    by_phrase = [Run(1, "STACKING:", 6.8, 10.0, 100.0, True, ("f",)),
                 Run(1, "1 point", 6.8, 10.0, 92.0, True, ("f",)),
                 Run(1, "Centre spaces", 6.8, 10.0, 70.0, True, ("f",)),
                 Run(1, "(tinted)", 6.8, 10.0, 62.0, True, ("f",))]
    assert wrapped_headings(by_phrase) == []
