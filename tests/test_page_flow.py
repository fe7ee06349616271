"""Page flow of the reading-order booklet of every shipped game and variant.

A heading (or an example's title, or a lead-in) is never the last thing on a page; a
table's first rows are on the page of the paragraph that leads into it; an example's
caption is on the page of its diagram; and no page is more than half empty unless what
follows could not start there: the next page begins a new top-level section, the page ends
with a page break the template asks for (``---``), or it is the last page of the body.

"Half empty" is measured on the PDF itself: the free height between the lowest thing
drawn in a body page's text frame and the frame's foot, over the frame's height (the page
number below the frame does not count).  What each page holds (a heading, a table...)
comes from the layout's own record of what it drew (``PdfLayout.placed``), and the first
test holds that record to the PDF: the lowest edge it gives each page is the one the PDF
shows, and each section heading's text is on the page it names.

Only the booklets are built (in this process, once for the module), not the kits.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from typing import NamedTuple

import pypdfium2 as pdfium
import pytest

from printkit import memo
from printkit.booklet.build import load_booklet
from printkit.booklet.document import Block, Booklet, Contents, Heading, plain_text
from printkit.booklet.files import for_paper
from printkit.booklet.impose import booklet_page
from printkit.booklet.pdf import PdfLayout, booklet_pdf
from printkit.booklet.pdfflow import (
    BREAK,
    CAPTION,
    DIAGRAM,
    HEADINGS,
    LEAD_IN,
    SECTION,
    TABLE,
    Placed,
)
from printkit.kit.games import resolve
from printkit.kit.options import BuildOptions, plan

MOST_EMPTY = 0.5
"""The largest share of a page's text frame that may stay empty below its last block."""
BELOW_PT = 3.0
"""How far the PDF's lowest ink on a page may lie below the record's lowest edge."""
ABOVE_PT = 12.0
"""How far it may lie above it: a line's descenders, a block's padding and the blank margin
of a diagram lie between the two."""


def _kits() -> list[tuple[str, str | None]]:
    """Every installed game and each of its variants, as ``printkit list`` shows them."""
    done = subprocess.run([sys.executable, "-m", "printkit", "list"], capture_output=True,
                          text=True, check=True)
    out: list[tuple[str, str | None]] = []
    for line in done.stdout.splitlines():
        if line and not line.startswith(" "):
            out.append((line.split()[0], None))
        found = re.match(r"\s+--variant (\S+)", line)
        if found:
            out.append((out[-1][0], found.group(1)))
    return out


class Built(NamedTuple):
    booklet: Booklet
    layout: PdfLayout


@pytest.fixture(scope="module")
def booklets() -> dict[str, Built]:
    """Label -> the booklet and its reading-order layout, made as a build makes them."""
    made: dict[str, Built] = {}
    kits = _kits()
    assert len(kits) >= 25
    with memo.session():
        for game, variant in kits:
            resolved = resolve(game, variant=variant)
            print_plan = plan(resolved.definition, BuildOptions())
            booklet = load_booklet(resolved.definition, resolved.engine, spec=print_plan.spec)
            if booklet is None:
                continue
            booklet = for_paper(booklet, print_plan.paper)
            label = game + (f" --variant {variant}" if variant else "")
            made[label] = Built(booklet, booklet_pdf(booklet, booklet_page(print_plan.paper)))
    return made


def _on(layout: PdfLayout, page: int) -> list[Placed]:
    return [p for p in layout.placed if p.page == page]


def _lowest_ink(layout: PdfLayout) -> Iterator[tuple[int, float | None, str]]:
    """(page, lowest edge of anything drawn in the text frame, the page's text) for every
    page after the cover (the edge is None on a page with nothing in its frame); a form
    placed on the page (a card face) counts by its own box, not by what it holds."""
    foot, _ = layout.frame
    pdf = pdfium.PdfDocument(layout.data)
    try:
        for number in range(2, len(pdf) + 1):
            page = pdf[number - 1]
            edges = [obj.get_bounds() for obj in page.get_objects(max_depth=0)]
            # the page number sits below the frame; everything else reaches into it
            inside = [bottom for _, bottom, _, top in edges if top > foot + 1]
            text = page.get_textpage().get_text_range()
            yield number, (max(foot, min(inside)) if inside else None), text
    finally:
        pdf.close()


def _heading_text(block: Block) -> str:
    if isinstance(block, Heading):
        return plain_text(block.spans)
    assert isinstance(block, Contents), block
    return block.title


def test_the_record_is_what_the_pdf_shows(booklets: dict[str, Built]) -> None:
    problems = []
    compared = sections = 0
    for label, (booklet, layout) in booklets.items():
        texts = {}
        for number, ink, text in _lowest_ink(layout):
            texts[number] = " ".join(text.split())
            if number > layout.last_body_page:
                continue
            drawn = [p.bottom for p in _on(layout, number) if p.kind != BREAK]
            if ink is None or not drawn:
                if ink is not None or drawn:
                    problems.append(f"{label} p{number}: the record and the PDF disagree on "
                                    "whether anything is drawn")
                continue
            compared += 1
            if not -BELOW_PT <= ink - min(drawn) <= ABOVE_PT:
                problems.append(f"{label} p{number}: record {min(drawn):.1f}, PDF {ink:.1f}")
        for placed in layout.placed:
            if placed.kind != SECTION or placed.block is None:
                continue
            sections += 1
            heading = " ".join(_heading_text(booklet.blocks[placed.block]).split())
            if heading not in texts.get(placed.page, ""):
                problems.append(f"{label} p{placed.page}: {heading!r} is not on the page")
    assert compared > 300 and sections > 100
    assert not problems, "\n".join(problems)


def test_no_heading_or_lead_in_ends_a_page(booklets: dict[str, Built]) -> None:
    problems = []
    for label, (_, layout) in booklets.items():
        for number in range(2, layout.last_body_page):
            drawn = [p for p in _on(layout, number) if p.kind != BREAK]
            if drawn and (drawn[-1].kind in HEADINGS or drawn[-1].kind == LEAD_IN):
                problems.append(f"{label} p{number}: ends with a {drawn[-1].kind} "
                                f"(block {drawn[-1].block})")
    assert not problems, "\n".join(problems)


def test_a_table_starts_on_the_page_of_its_lead_in(booklets: dict[str, Built]) -> None:
    problems = []
    tables = 0
    for label, (_, layout) in booklets.items():
        seen: set[int | None] = set()
        last_lead: dict[int | None, Placed] = {}
        for placed in layout.placed:
            if placed.kind == LEAD_IN:
                last_lead[placed.block] = placed
            if placed.kind != TABLE or placed.block in seen:
                continue
            seen.add(placed.block)
            lead = last_lead.get(placed.block - 1 if placed.block is not None else None)
            if lead is None:
                continue
            tables += 1
            if lead.page != placed.page:
                problems.append(f"{label}: the table of block {placed.block} starts on "
                                f"p{placed.page}, its lead-in is on p{lead.page}")
    assert tables > 25
    assert not problems, "\n".join(problems)


def test_a_caption_is_on_the_page_of_its_diagram(booklets: dict[str, Built]) -> None:
    problems = []
    captions = 0
    for label, (_, layout) in booklets.items():
        diagram: dict[int | None, Placed] = {}
        for placed in layout.placed:
            if placed.kind == DIAGRAM:
                diagram[placed.block] = placed
            elif placed.kind == CAPTION and placed.block in diagram:
                captions += 1
                if diagram[placed.block].page != placed.page:
                    problems.append(f"{label}: the caption of block {placed.block} is on "
                                    f"p{placed.page}, its diagram on "
                                    f"p{diagram[placed.block].page}")
    assert captions > 100
    assert not problems, "\n".join(problems)


def _empty_share(layout: PdfLayout, ink: float | None) -> float:
    foot, top = layout.frame
    return 1.0 if ink is None else (ink - foot) / (top - foot)


def test_no_page_is_more_than_half_empty(booklets: dict[str, Built]) -> None:
    problems = []
    pages = 0
    for label, (_, layout) in booklets.items():
        for number, ink, _ in _lowest_ink(layout):
            if number > layout.last_body_page:
                break
            pages += 1
            share = _empty_share(layout, ink)
            if share <= MOST_EMPTY or number == layout.last_body_page:
                continue
            if any(p.kind == BREAK for p in _on(layout, number)):
                continue  # the template ends the page here
            following = [p for p in _on(layout, number + 1) if p.kind != BREAK]
            if following and following[0].kind == SECTION:
                continue  # a new section starts the next page
            problems.append(f"{label} p{number}: {share:.0%} empty")
    assert pages > 300
    assert not problems, "\n".join(problems)
