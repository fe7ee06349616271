"""Draw a planned tuck box (:mod:`printkit.pdf.tuckbox_plan`) as a PDF.

What is printed is the outside of the box: the deck's back on the back and on the front,
where plates of the box's colour carry the title and the number of cards (the front's
copy of the back leaves out the back's own words, so the title is said once there, on a
plate over the band those words sat on); the title along both spines and on the lid, the
number of cards on the bottom.  The flaps that go inside stay white; the glue flaps are
grey and say so.  Cut lines are solid black on a thin white underlay, fold lines dashed
grey (both seen on white and on a dark colour alike), drawn last, over the artwork.
"""

from __future__ import annotations

import io

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from printkit.pdf import sheettext
from printkit.pdf.artwork import Artwork
from printkit.pdf.geometry import INFO_BAND, Rect
from printkit.pdf.label import draw_label, label_text
from printkit.pdf.pdfcanvas import FormLibrary, new_canvas, saved
from printkit.pdf.tuckbox_art import (
    background,
    clear_edge,
    has_frame,
    shape_spans,
    without_words,
    word_band,
)
from printkit.pdf.tuckbox_net import Panel, Piece
from printkit.pdf.tuckbox_plan import (
    HOW_TO,
    LEAST_TEXT,
    STEPS,
    STEPS_IN_TWO,
    BoxPage,
    Placed,
    TuckboxPlan,
    Words,
)
from printkit.units import MM

CUT_WIDTH = 0.6
CUT_HALO = 0.5
"""Points of white each side of a cut line, so it shows over a dark colour too."""
FOLD_WIDTH = 0.6
FOLD_GREY = 0.55
FOLD_DASH = (4.0, 2.5)
STEP_SIZE = 8.0
"""Points: the steps of making the box."""
GLUE_GREY = 0.82
PLATE_GAP = 0.8 * MM
"""How far a front plate's edge stays from the pattern's shapes it does not cover."""
BLEED = 1.5 * MM
"""How far a panel's colour runs past a cut edge, so a cut a little outside the line shows
no white."""


def tuckbox_pdf(plan: TuckboxPlan, *, margin: float) -> bytes:
    """The tuck box PDF: one page, or two when the net is cut in two pieces."""
    buffer = io.BytesIO()
    first = plan.pages[0].paper
    canvas = new_canvas(buffer, (first.width, first.height), title=f"{plan.label} tuck box",
                        subject="cut on the solid lines, fold on the dashed lines, glue the "
                        "grey flaps")
    forms = FormLibrary(canvas)
    roomy = [_steps_room(plan, page, margin) for page in plan.pages]
    pages = len(plan.pages) + (0 if any(roomy) else 1)
    for number, page in enumerate(plan.pages, start=1):
        canvas.setPageSize((page.paper.width, page.paper.height))
        for placed in page.pieces:
            _piece(canvas, forms, plan, placed)
        where = roomy[number - 1]
        if where is not None:
            _steps_at(canvas, plan, where[0], where[1], STEP_SIZE)
        _page_label(canvas, plan, page, margin, number, pages,
                    _what(plan, page, _label_room(page, margin, number, pages)))
    if pages > len(plan.pages):
        opening = plan.pages[0]
        canvas.setPageSize((opening.paper.width, opening.paper.height))
        _steps_page(canvas, plan, opening, margin)
        _page_label(canvas, plan, opening, margin, pages, pages,
                    "tuck box: how to make it")
    canvas.save()
    return buffer.getvalue()


def _label_room(page: BoxPage, margin: float, number: int, pages: int) -> float:
    return (page.paper.width - 2 * margin
            - sheettext.width(f"page {number} of {pages}", 8, bold=True) - 4 * MM)


def _page_label(canvas: Canvas, plan: TuckboxPlan, page: BoxPage, margin: float,
                number: int, pages: int, what: str) -> None:
    band = Rect(margin, margin, page.paper.width - 2 * margin, INFO_BAND)
    draw_label(canvas, band, title=plan.label, what=what, page=number, pages=pages)
    canvas.showPage()


def _what(plan: TuckboxPlan, page: BoxPage, room: float) -> str:
    """The page label's words: what the page is and how to make the box, shortened until
    the line fits ``room`` (points) beside the page number."""
    size = plan.size
    inside = (f"{size.inner_width / MM:.0f} x {size.inner_height / MM:.0f} x "
              f"{size.inner_depth / MM:.0f} mm inside")
    numbers = [p.number for p in page.pieces if p.number]
    tail = f"; piece {' and '.join(map(str, numbers))} of 2" if numbers else ""
    if plan.oversize:
        tail += f"; on {page.paper.name}: too large for {plan.paper.name} even in two pieces"
    choices = [f"tuck box for {plan.cards} cards ({inside}): cut solid lines, fold dashed, "
               f"glue grey{tail}",
               f"tuck box ({inside}): cut solid lines, fold dashed, glue grey{tail}",
               f"tuck box: cut solid, fold dashed, glue grey{tail}"]
    return next((words for words in choices
                 if sheettext.width(label_text(plan.label, words), 8, bold=True) <= room),
                choices[-1])


def _piece(canvas: Canvas, forms: FormLibrary, plan: TuckboxPlan, placed: Placed) -> None:
    piece = placed.piece
    with saved(canvas):
        canvas.translate(placed.x, placed.y)
        for panel in piece.panels:
            _fill(canvas, panel, plan.colour)
        for panel in piece.panel("back"):
            _back(canvas, forms, plan, panel)
        for panel in piece.panel("front"):
            _front(canvas, forms, plan, panel)
        for panel in piece.panel("side"):
            _turned_words(canvas, plan.spine, panel.rect, plan.ink)
        for panel in piece.panel("lid"):
            _words_in(canvas, plan.lid, panel.rect, plan.ink)
        for panel in piece.panel("bottom"):
            if plan.count is not None and plan.count.size <= 0.35 * panel.rect.h:
                _words_in(canvas, plan.count, panel.rect, plan.ink)
        _glue(canvas, plan, piece)
        if placed.number:
            _piece_number(canvas, plan, piece, placed.number)
        _lines(canvas, piece)


def _fill(canvas: Canvas, panel: Panel, colour: str) -> None:
    """The panel in the box's colour, run on past its cut edges."""
    r = _bled(panel)
    canvas.setFillColor(HexColor(colour))
    canvas.rect(r.x, r.y, r.w, r.h, stroke=0, fill=1)


def _bled(panel: Panel) -> Rect:
    r = panel.rect
    left = BLEED if "left" in panel.bleed else 0.0
    right = BLEED if "right" in panel.bleed else 0.0
    bottom = BLEED if "bottom" in panel.bleed else 0.0
    top = BLEED if "top" in panel.bleed else 0.0
    return Rect(r.x - left, r.y - bottom, r.w + left + right, r.h + bottom + top)


def _clip(canvas: Canvas, r: Rect) -> None:
    path = canvas.beginPath()
    path.rect(r.x, r.y, r.w, r.h)
    canvas.clipPath(path, stroke=0, fill=0)


def _art(canvas: Canvas, forms: FormLibrary, art: Artwork, plan: TuckboxPlan, x: float,
         y: float, scale: float) -> None:
    """A card's artwork with its trimmed card's lower-left corner at (x, y), scaled."""
    form = forms.form(art.key, art.svg)
    with saved(canvas):
        canvas.translate(x, y)
        canvas.scale(scale, scale)
        canvas.translate(-plan.bleed, -plan.bleed)
        canvas.doForm(form.name)


def _back(canvas: Canvas, forms: FormLibrary, plan: TuckboxPlan, panel: Panel,
          art: Artwork | None = None) -> None:
    """The deck's back (or ``art``) over the whole panel (its cut edges' bleed included)."""
    scale, x, y = _cover(plan, panel.rect)
    with saved(canvas):
        _clip(canvas, _bled(panel))
        _art(canvas, forms, art or plan.back, plan, x, y, scale)


def _front(canvas: Canvas, forms: FormLibrary, plan: TuckboxPlan, panel: Panel) -> None:
    """The deck's back under a plate of the box's colour with the title and one with the
    number of cards across the foot.  The back's own words are left out, so the title is
    said once: where they sat on a band, the title's plate goes over that band, else across
    the top; a framed back is shown whole between the plates rather than cropped."""
    r = panel.rect
    bled = _bled(panel)
    title = plan.title
    svg = without_words(plan.back.svg)
    art = Artwork(f"{plan.back.key}:front", svg) if svg != plan.back.svg else plan.back
    foot, plate = front_plates(plan, panel)
    if has_frame(svg):
        _whole(canvas, forms, plan, art, bled, Rect(r.x, foot, r.w, plate[0] - foot))
    else:
        _back(canvas, forms, plan, panel, art)
    canvas.setFillColor(HexColor(plan.colour))
    canvas.rect(bled.x, plate[0], bled.w, plate[1] - plate[0], stroke=0, fill=1)
    canvas.setFillColor(HexColor(plan.ink))
    ceiling = min(plate[1], _notch(plan, r))
    top = ceiling - (ceiling - plate[0] - _words_height(plan)) / 2 - title.size
    lead = title.size * 1.2
    for index, line in enumerate(title.lines):
        _line(canvas, title, line, r.x + r.w / 2, top - index * lead)
    if plan.subtitle is not None:
        under = top - (len(title.lines) - 1) * lead - 0.3 * title.size
        _line(canvas, plan.subtitle, plan.subtitle.lines[0], r.x + r.w / 2,
              under - 1.1 * plan.subtitle.size)
    _count_plate(canvas, plan, r, bled, foot)


def _notch(plan: TuckboxPlan, r: Rect) -> float:
    """How high on the front the title may reach, clear of the thumb notch."""
    return r.top - max(plan.size.notch + 2 * MM, 0.06 * r.h)


def _words_height(plan: TuckboxPlan) -> float:
    """The height of the front's title (and the deck's name under it)."""
    title = plan.title
    words = (len(title.lines) - 1) * title.size * 1.2 + 1.3 * title.size
    return words + (1.4 * plan.subtitle.size if plan.subtitle is not None else 0.0)


def front_plates(plan: TuckboxPlan, panel: Panel) -> tuple[float, tuple[float, float]]:
    """Where the front's plates go (points): the top of the count's plate, and the bottom
    and top of the title's, each edge ending between the back pattern's rows."""
    r = panel.rect
    svg = without_words(plan.back.svg)
    spans = [] if has_frame(svg) else _spans(plan, r, svg)
    foot = r.y + _count_height(plan)
    if plan.count is not None:
        foot = clear_edge(foot, spans, up=True, most=r.y + 2 * _count_height(plan),
                          gap=PLATE_GAP)
    notch = _notch(plan, r)
    words = _words_height(plan)
    plate = _band_plate(plan, r, plan.back.svg, words + 4 * MM, foot, notch)
    if plate is None:
        plate = (notch - words - 2 * MM, _bled(panel).top)
    low = clear_edge(plate[0], spans, up=False, most=plate[0] - 0.1 * r.h, gap=PLATE_GAP)
    high = plate[1] if plate[1] >= r.top else clear_edge(plate[1], spans, up=True,
                                                         most=notch, gap=PLATE_GAP)
    return foot, (low, high)


def _spans(plan: TuckboxPlan, r: Rect, svg: str) -> list[tuple[float, float]]:
    """The bottom and top (points) of each small shape of the back drawn over ``r``."""
    scale, _, y = _cover(plan, r)
    return [(y + (plan.card_height - low * MM) * scale,
             y + (plan.card_height - high * MM) * scale) for high, low in shape_spans(svg)]


def _band_plate(plan: TuckboxPlan, r: Rect, svg: str, need: float, foot: float,
                notch: float) -> tuple[float, float] | None:
    """The bottom and top of a title plate over the band the back's words sit on, at least
    ``need`` high, or None when there is no band or such a plate would run into the notch
    or the count's plate."""
    band = word_band(svg)
    if band is None:
        return None
    scale, _, y = _cover(plan, r)
    low = y + (plan.card_height - band[1] * MM) * scale
    high = y + (plan.card_height - band[0] * MM) * scale
    grow = max(0.0, need - (high - low)) / 2
    low, high = low - grow, high + grow
    return (low, high) if high <= notch and low >= foot + 2 * MM else None


def _cover(plan: TuckboxPlan, r: Rect) -> tuple[float, float, float]:
    """The scale that makes a card cover ``r``, and where its lower-left corner goes."""
    scale = max(r.w / plan.card_width, r.h / plan.card_height)
    return (scale, r.x + (r.w - plan.card_width * scale) / 2,
            r.y + (r.h - plan.card_height * scale) / 2)


def _whole(canvas: Canvas, forms: FormLibrary, plan: TuckboxPlan, art: Artwork, bled: Rect,
           room: Rect) -> None:
    """The whole card, as large as fits in ``room``, on the card's background colour."""
    with saved(canvas):
        _clip(canvas, bled)
        canvas.setFillColor(HexColor(background(art.svg) or plan.colour))
        canvas.rect(bled.x, bled.y, bled.w, bled.h, stroke=0, fill=1)
        scale = min(room.w / plan.card_width, room.h / plan.card_height)
        _art(canvas, forms, art, plan, room.x + (room.w - plan.card_width * scale) / 2,
             room.y + (room.h - plan.card_height * scale) / 2, scale)


def _count_height(plan: TuckboxPlan) -> float:
    return 2.4 * plan.count.size if plan.count is not None else 0.0


def _count_plate(canvas: Canvas, plan: TuckboxPlan, r: Rect, bled: Rect, top: float) -> None:
    """The plate across the front's foot, up to ``top``, with the number of cards."""
    if plan.count is not None:
        canvas.setFillColor(HexColor(plan.colour))
        canvas.rect(bled.x, r.y, bled.w, top - r.y, stroke=0, fill=1)
        _words_in(canvas, plan.count, Rect(r.x, r.y, r.w, _count_height(plan)), plan.ink)


def _words_in(canvas: Canvas, words: Words | None, r: Rect, ink: str) -> None:
    """One line centred in ``r``."""
    if words is None:
        return
    canvas.setFillColor(HexColor(ink))
    _line(canvas, words, words.lines[0], r.x + r.w / 2, r.y + r.h / 2 - 0.35 * words.size)


def _line(canvas: Canvas, words: Words, line: str, x: float, y: float, *,
          anchor: str = "middle") -> None:
    """One line centred on ``x`` (or starting there), its baseline at ``y``, in the current
    fill colour."""
    canvas._code.append(sheettext.runs_code(canvas, words.runs(line), words.size, x, y,
                                            anchor=anchor))


def _steps_room(plan: TuckboxPlan, page: BoxPage, margin: float) -> tuple[float, float] | None:
    """Where the steps start (left edge, top) above the net, or None when the page has no
    room there for every line."""
    steps = STEPS_IN_TWO if plan.pieces == 2 else STEPS
    lead = STEP_SIZE * 1.35
    left = min(min(p.x for p in page.pieces), margin + 5 * MM)
    top = page.paper.height - margin
    below = max(p.y + p.piece.height for p in page.pieces) + 2 * MM
    room = page.paper.width - margin - left
    if top - (len(steps) + 1) * lead - STEP_SIZE - 1 < below or any(
            plan.width(line, STEP_SIZE, plain=True) > room for line in steps):
        return None
    return left, top


def _steps_at(canvas: Canvas, plan: TuckboxPlan, left: float, top: float,
              size: float) -> float:
    """How to make the box, from ``top`` down; where the last line's baseline is."""
    steps = STEPS_IN_TWO if plan.pieces == 2 else STEPS
    heading = Words((HOW_TO,), size + 1, plan.faces)
    words = Words(steps, size, plan.plain)
    canvas.setFillColor(HexColor("#262626"))
    y = top - heading.size
    _line(canvas, heading, HOW_TO, left, y, anchor="start")
    for line in steps:
        y -= size * 1.35
        _line(canvas, words, line, left, y, anchor="start")
    return y


def _steps_page(canvas: Canvas, plan: TuckboxPlan, page: BoxPage, margin: float) -> None:
    """A page of its own for the steps, when no page of the net has room for them; for a
    net in two pieces, a small drawing of how they join."""
    steps = STEPS_IN_TWO if plan.pieces == 2 else STEPS
    left = margin + 5 * MM
    room = page.paper.width - margin - left
    size = next((points for points in (11.0, 10.0, 9.0, STEP_SIZE, LEAST_TEXT)
                 if all(plan.width(line, points, plain=True) <= room for line in steps)),
                LEAST_TEXT)
    y = _steps_at(canvas, plan, left, page.paper.height - margin, size)
    if plan.pieces == 2:
        _join_drawing(canvas, plan, left, y - 12 * MM)


JOIN_WALLS = (("glue", 6.0), ("side", 12.0), ("front", 30.0), ("side", 12.0),
              ("back", 30.0))
"""The walls of the joined net, left to right, and their widths (mm) in the drawing."""


def _join_drawing(canvas: Canvas, plan: TuckboxPlan, left: float, top: float) -> None:
    """The two pieces side by side as they join: piece 2's glue flap (grey) goes inside
    the front's free edge, the front being on piece 1."""
    height = 24 * MM
    size = 7.0
    x = left
    canvas.setLineWidth(0.6)
    for index, (name, width) in enumerate(JOIN_WALLS):
        piece = 1 if index < 3 else 2
        w = width * MM
        if index == 3:  # piece 2 starts with a glue flap laid under the front's edge
            canvas.setFillGray(GLUE_GREY)
            canvas.rect(x - 4 * MM, top - height - 8 * MM, 4 * MM, height, stroke=1, fill=1)
            x += 4 * MM
        y = top - height - (8 * MM if piece == 2 else 0.0)
        canvas.setFillGray(GLUE_GREY if name == "glue" else 1.0)
        canvas.setStrokeGray(0)
        canvas.rect(x, y, w, height, stroke=1, fill=1)
        canvas.setFillColor(HexColor("#262626"))
        label = Words((name,), size, plan.plain)
        if plan.width(name, size, plain=True) < w:
            _line(canvas, label, name, x + w / 2, y + height / 2 - 0.35 * size)
        x += w
    canvas.setFillColor(HexColor("#262626"))
    for number, at in ((1, left), (2, left + 52 * MM)):
        said = f"piece {number}"
        _line(canvas, Words((said,), size + 1, plan.faces), said, at, top + 2 * MM,
              anchor="start")
    note = "piece 2's grey flap is glued inside piece 1's front, at its free edge"
    _line(canvas, Words((note,), size, plan.plain), note, left,
          top - height - 8 * MM - 5 * MM, anchor="start")


def _turned_words(canvas: Canvas, words: Words | None, r: Rect, ink: str) -> None:
    """One line along ``r``, read from bottom to top."""
    if words is None:
        return
    with saved(canvas):
        canvas.translate(r.x + r.w / 2, r.y + r.h / 2)
        canvas.rotate(90)
        _words_in(canvas, words, Rect(-r.h / 2, -r.w / 2, r.h, r.w), ink)


def _glue(canvas: Canvas, plan: TuckboxPlan, piece: Piece) -> None:
    """Each glue flap grey, saying where it is glued (just ``glue`` when that does not
    fit, nothing when not even that does at the least size)."""
    for corners, said in zip(piece.glue, piece.glue_words, strict=True):
        path = canvas.beginPath()
        path.moveTo(*corners[0])
        for x, y in corners[1:]:
            path.lineTo(x, y)
        path.close()
        canvas.setFillGray(GLUE_GREY)
        canvas.drawPath(path, stroke=0, fill=1)
        xs = [x for x, _ in corners]
        ys = [y for _, y in corners]
        box = Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
        size = min(7.0, 0.45 * min(box.w, box.h))
        if size < LEAST_TEXT:
            continue
        length = 0.8 * max(box.w, box.h)
        words = next((Words((text,), size, plan.faces) for text in (said, "glue")
                      if plan.width(text, size) <= length), None)
        if words is None:
            continue
        if box.h > box.w:
            _turned_words(canvas, words, box, "#333333")
        else:
            _words_in(canvas, words, box, "#333333")


def _piece_number(canvas: Canvas, plan: TuckboxPlan, piece: Piece, number: int) -> None:
    """Which piece this is, small on its first glue flap."""
    corners = piece.glue[0]
    xs = [x for x, _ in corners]
    ys = [y for _, y in corners]
    size = max(LEAST_TEXT, min(8.0, 0.4 * (max(xs) - min(xs))))
    canvas.setFillColor(HexColor("#333333"))
    _line(canvas, Words((str(number),), size, plan.faces), str(number),
          (min(xs) + max(xs)) / 2, min(ys) + 6 * MM)


def _lines(canvas: Canvas, piece: Piece) -> None:
    """The fold lines dashed, then the cut line solid black over everything, on a thin
    white underlay that keeps it seen where it crosses a dark colour."""
    with saved(canvas):
        canvas.setLineWidth(FOLD_WIDTH)
        canvas.setStrokeGray(FOLD_GREY)
        canvas.setDash(*FOLD_DASH)
        for x0, y0, x1, y1 in piece.folds:
            canvas.line(x0, y0, x1, y1)
    path = canvas.beginPath()
    path.moveTo(*piece.start)
    for op in piece.outline:
        if op[0] == "L":
            path.lineTo(op[1], op[2])
        else:
            path.curveTo(op[1], op[2], op[3], op[4], op[5], op[6])
    path.close()
    for width, grey in ((CUT_WIDTH + 2 * CUT_HALO, 1.0), (CUT_WIDTH, 0.0)):
        with saved(canvas):
            canvas.setLineWidth(width)
            canvas.setStrokeGray(grey)
            canvas.setLineJoin(1)
            canvas.drawPath(path, stroke=1, fill=0)
