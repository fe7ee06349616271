"""The booklet's covers and notes pages, drawn straight onto the page canvas.

The front cover: a band in the game's cover colour with the title, the picture of real
cards under it, then the facts (players, playing time, ages) and the variant's lines.  The
back cover: the template's text (usually the quick reference) flows in a frame above a
band that repeats the title.  A notes page (the blank pages a folded booklet may need
before its back cover) carries faint ruled lines under a heading.
"""

from __future__ import annotations

from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas

from printkit.booklet import typeface
from printkit.booklet.document import Cover
from printkit.booklet.pdfblocks import INK, MUTED
from printkit.booklet.pdfscene import FaceForms, draw_scene
from printkit.definition.fontstack import FontStack
from printkit.pdf.paper import Paper
from printkit.units import MM

CHECKED = "Every example in this booklet was checked by the game's rules engine."
"""The covers' foot line, printed only when the rules engine checked examples."""
BACK_BAND = 24 * MM
"""Height of the band at the foot of the back cover."""
BACK_SHARE = 0.62
"""Width of the cover's picture on the back cover, as a share of the page width."""
BACK_GAP = 14 * MM
"""Room above and below the picture on the back cover."""


def _hex(colour: str) -> colors.Color:
    return colors.HexColor(colour)


def checked_line(cover: Cover) -> str:
    """The covers' foot line: that the engine checked the examples, when it did."""
    return CHECKED if cover.checked else ""


def _fit(fonts: FontStack, text: str, size: float, room: float) -> float:
    """The size, from ``size`` down to 8 points, at which bold ``text`` fits ``room``."""
    while typeface.width(fonts, text, size, bold=True) > room and size > 8:
        size -= 0.5
    return size


def draw_cover(canvas: Canvas, page: Paper, cover: Cover, forms: FaceForms,
               side: float, fonts: FontStack) -> None:
    """The front cover."""
    width, height = page.width, page.height
    band = height * 0.34
    canvas.saveState()
    canvas.setFillColor(_hex(cover.background))
    canvas.rect(0, height - band, width, band, stroke=0, fill=1)
    canvas.setFillColor(_hex(cover.ink))
    size = _fit(fonts, cover.title, 30.0, width - 2 * side)
    # every word in the booklet's stack: the definition's font, its fallbacks, DejaVu Sans
    typeface.draw(canvas, fonts, size, width / 2, height - band * 0.52, cover.title,
                  bold=True, anchor="middle")
    typeface.draw(canvas, fonts, 11, width / 2, height - band * 0.52 - size * 0.95,
                  cover.subtitle, anchor="middle")
    # picture, facts and lines, centred in the room between the band and the foot line
    shown = tall = 0.0
    if cover.picture is not None:
        scene = cover.picture.scene
        shown = min(width - 2 * side, scene.width * MM)
        tall = scene.height * shown / scene.width
    facts = 17 * MM if cover.facts else 0.0
    lines = len(cover.lines) * 13.5
    content = tall + (12 * MM if tall else 0.0) + facts + lines
    y = height - band - max(10 * MM, (height - band - 20 * MM - content) / 2)
    if cover.picture is not None:
        y -= tall
        draw_scene(canvas, cover.picture.scene, cover.picture.faces, forms,
                   (width - shown) / 2, y, shown, fonts)
        y -= 12 * MM
    if cover.facts:
        _facts(canvas, cover, width, y, side, fonts)
        y -= facts
    canvas.setFillColor(INK)
    several = True  # the lines share one font setting while each is in one face
    for i, line in enumerate(cover.lines):
        several = typeface.draw(canvas, fonts, 9.5, width / 2, y - i * 13.5, line,
                                anchor="middle", set_font=several)
    if cover.checked:
        canvas.setFillColor(MUTED)
        typeface.draw(canvas, fonts, 7, width / 2, 9 * MM, checked_line(cover),
                      anchor="middle")
    canvas.restoreState()


def _facts(canvas: Canvas, cover: Cover, width: float, top: float, side: float,
           fonts: FontStack) -> None:
    """The facts side by side, each a small label over a bold value, split by rules."""
    count = len(cover.facts)
    each = (width - 2 * side) / count
    for i, (label, value) in enumerate(cover.facts):
        centre = side + each * (i + 0.5)
        canvas.setFillColor(MUTED)
        typeface.draw(canvas, fonts, 7.5, centre, top, label.upper(), anchor="middle")
        canvas.setFillColor(_hex(cover.accent))
        typeface.draw(canvas, fonts, _fit(fonts, value, 12.0, each - 4), centre,
                      top - 6 * MM, value, bold=True, anchor="middle")
        if i:
            canvas.setStrokeColor(MUTED)
            canvas.setLineWidth(0.4)
            canvas.line(side + each * i, top + 3 * MM, side + each * i, top - 8 * MM)


def back_picture_height(page: Paper, cover: Cover) -> float:
    """Height (points) the cover's picture takes at the foot of the back cover, gap included."""
    if cover.picture is None:
        return 0.0
    scene = cover.picture.scene
    return scene.height * _back_width(page, cover) / scene.width + BACK_GAP


def _back_width(page: Paper, cover: Cover) -> float:
    assert cover.picture is not None
    return min(page.width * BACK_SHARE, cover.picture.scene.width * MM)


def draw_back_cover(canvas: Canvas, page: Paper, cover: Cover, forms: FaceForms, *,
                    text: bool, fonts: FontStack) -> None:
    """The band at the foot of the back cover and the cover's picture: just above the band
    under the back cover's text, or in the middle of the page when there is no text."""
    canvas.saveState()
    if cover.picture is not None:
        scene = cover.picture.scene
        shown = _back_width(page, cover)
        tall = scene.height * shown / scene.width
        y = BACK_BAND + BACK_GAP / 2 if text else (page.height + BACK_BAND - tall) / 2
        draw_scene(canvas, scene, cover.picture.faces, forms, (page.width - shown) / 2, y,
                   shown, fonts)
    canvas.setFillColor(_hex(cover.background))
    canvas.rect(0, 0, page.width, BACK_BAND, stroke=0, fill=1)
    canvas.setFillColor(_hex(cover.ink))
    typeface.draw(canvas, fonts, 13, page.width / 2, BACK_BAND * 0.55, cover.title,
                  bold=True, anchor="middle")
    if cover.checked:
        typeface.draw(canvas, fonts, 7, page.width / 2, BACK_BAND * 0.55 - 5 * MM,
                      checked_line(cover), anchor="middle")
    canvas.restoreState()


def draw_notes(canvas: Canvas, page: Paper, side: float, top: float, bottom: float,
               fonts: FontStack) -> None:
    """A page for the reader's notes: a heading and faint ruled lines."""
    canvas.saveState()
    canvas.setFillColor(INK)
    typeface.draw(canvas, fonts, 15, side, page.height - top - 12, "Notes", bold=True)
    canvas.setStrokeColor(colors.HexColor("#d5d9e2"))
    canvas.setLineWidth(0.4)
    y = page.height - top - 12 * MM
    while y > bottom:
        canvas.line(side, y, page.width - side, y)
        y -= 8 * MM
    canvas.restoreState()
