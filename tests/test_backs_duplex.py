"""The virtual duplex printer over a deck with mixed backs (issue 24 item 1): a deck whose
back is drawn by a layout from each card's suit, a face group with a picture back and a
tokens component with a drawn back.  Every back lands on its front after the calibration
sheet's advice is followed (the same check as the shipped kits), and the back that lands
behind each card is the one its data asks for."""

from __future__ import annotations

from pathlib import Path

from tests.duplex.virtual_printer import read_pdf
from tests.test_backs_own import HEARTS, PLAIN, SPADES, _back_colours, _build, _png, _write
from tests.test_components_pdf import rgb
from tests.test_virtual_duplex import _check_kit

MIXED = """
faces:
  - id: card
    kind: layout
    layout: front
    data: cards.csv
  - id: special
    kind: layout
    layout: front
    data: [{name: Joker, suit: none}]
    back: {image: art/joker.png}
back:
  layout: "{style}"
components:
  chits:
    kind: tokens
    shape: round
    size: 22mm
    front:
      - {id: chit, kind: layout, layout: front, data: [{name: X, suit: spades},
                                                      {name: Y, suit: hearts}]}
    back: {layout: suitback}
"""
CARDS = ("name,suit,style,count\n"
         + "".join(f"C{n},{'hearts' if n % 3 else 'spades'},"
                   f"{'plainback' if n % 4 == 0 else 'suitback'},1\n" for n in range(1, 12)))
"""11 cards: every fourth has the plain back, the others their suit's back."""


def _definition(tmp_path: Path) -> Path:
    return _write(tmp_path, MIXED, {"cards.csv": CARDS, "art/joker.png": _png((250, 200, 0))})


def test_mixed_backs_land_on_their_fronts_through_the_virtual_printer(tmp_path: Path) -> None:
    _check_kit(str(_definition(tmp_path)), None, None, ("ccw", "cw"))


def test_mixed_backs_short_edge_too(tmp_path: Path) -> None:
    _check_kit(str(_definition(tmp_path)), None, "short")


def test_each_card_shows_the_back_its_data_asks_for(tmp_path: Path) -> None:
    kit = _build(tmp_path, _definition(tmp_path))
    pdf = kit / "cards.pdf"
    pages = read_pdf(pdf.read_bytes())
    expected = [rgb(PLAIN) if n % 4 == 0 else rgb(HEARTS if n % 3 else SPADES)
                for n in range(1, 12)] + [None]  # the joker's picture paints no flat colour
    seen = [colour for index, page in enumerate(pages) if "backs" in page.text
            for colour in _back_colours(pdf, index)]
    assert seen == expected
