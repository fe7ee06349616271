"""The imposed booklet: reading-order pages placed two to a side for saddle stitching.

Each page of the reading-order PDF becomes a form XObject (its content stream and resources,
unchanged, so everything stays vector) and is drawn onto the sheet side that
:func:`~printkit.booklet.impose.saddle_stitch` gives it; padding pages stay blank.  Short
fold marks in the top and bottom margins show where to fold, and a line in the top margin
says which sheet and side it is and which edge to turn it over.

The pages sit side by side on a landscape sheet.  Turned over its short edge, both sides
come out upright as they are drawn; turned over its long edge (the usual duplex setting),
the back comes out upside down, so for ``long`` (and for ``none``, printed by hand and
turned over the long edge) each back side is drawn turned half a turn.  pypdf writes no
random file identifier, so the same pages give the same bytes.
"""

from __future__ import annotations

import io

from pypdf import PageObject, PdfReader, PdfWriter
from pypdf.generic import (
    ArrayObject,
    DecodedStreamObject,
    DictionaryObject,
    FloatObject,
    IndirectObject,
    NameObject,
    TextStringObject,
)

from printkit.booklet import typeface
from printkit.booklet.impose import SheetSide, saddle_stitch, slots
from printkit.definition.fontstack import FontStack, house_stack
from printkit.pdf.paper import Paper
from printkit.pdf.pdfcanvas import new_canvas
from printkit.units import MM

FOLD_MARK = 4 * MM
"""Length of each fold mark."""
FOLD_MARGIN = 6 * MM
"""Distance of the fold marks from the sheet's top and bottom edges (inside printers' reach)."""
NOTE_SIZE = 6
NOTE_BASELINE = 7 * MM
"""The sheet note's size (points) and its baseline's distance below the sheet's top edge."""
NOTE_INK = 0.45


def flip_of(duplex: str) -> str:
    """The edge the imposed sheets are made to turn over: ``long`` or ``short`` (``none``,
    printed by feeding the sheets again, turns them over the long edge like a duplex
    printer's default)."""
    return "short" if duplex == "short" else "long"


def sheet_note(side: SheetSide, sheets: int, duplex: str) -> str:
    """The line in a sheet side's top margin: which sheet and side, and how to print it."""
    flip = flip_of(duplex)
    if side.front:
        return (f"Booklet sheet {side.sheet} of {sheets}, front: print two-sided, {flip}-edge "
                "flip, actual size (100%); stack the sheets in order, fold, staple")
    return f"Booklet sheet {side.sheet} of {sheets}, back ({flip}-edge flip)"


def _notes(sides: tuple[SheetSide, ...], sheet: Paper, duplex: str, title: str,
           fonts: FontStack) -> PdfReader:
    """One page per sheet side holding its note (left-aligned over the left page), set in
    the booklet's font stack."""
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, (sheet.width, sheet.height), title=title)
    sheets = len(sides) // 2
    for side in sides:
        canvas.setFillGray(NOTE_INK)
        typeface.draw(canvas, fonts, NOTE_SIZE, 12 * MM, sheet.height - NOTE_BASELINE,
                      sheet_note(side, sheets, duplex))
        canvas.showPage()
    canvas.save()
    return PdfReader(io.BytesIO(buffer.getvalue()))


def _number(value: float) -> str:
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def _form(writer: PdfWriter, page: PageObject) -> IndirectObject:
    """``page`` as a form XObject stored in ``writer``."""
    box = page.mediabox
    form = DecodedStreamObject()
    contents = page.get_contents()
    form.set_data(contents.get_data() if contents is not None else b"")
    form.update({
        NameObject("/Type"): NameObject("/XObject"),
        NameObject("/Subtype"): NameObject("/Form"),
        NameObject("/BBox"): ArrayObject([FloatObject(v) for v in
                                          (box.left, box.bottom, box.right, box.top)]),
    })
    resources = page.get("/Resources")
    if resources is not None:
        form[NameObject("/Resources")] = resources.get_object().clone(writer)
    return writer._add_object(form.flate_encode())


def imposed_pdf(reading: bytes, *, page: Paper, sheet: Paper, title: str,
                duplex: str = "long", fonts: FontStack | None = None) -> bytes:
    """The saddle-stitch PDF of the reading-order PDF ``reading`` on landscape ``sheet``,
    for turning over the edge ``duplex`` names (:func:`flip_of`); the notes in the sheets'
    margins are set in ``fonts`` (the booklet's stack; printkit's own type by default)."""
    reader = PdfReader(io.BytesIO(reading))
    count = len(reader.pages)
    left, right = slots(page, sheet)
    writer = PdfWriter()
    forms: dict[int, IndirectObject] = {}
    order = saddle_stitch(count)
    notes = _notes(order, sheet, duplex, title, fonts or house_stack())
    for index, side in enumerate(order):
        target = writer.add_blank_page(sheet.width, sheet.height)
        xobjects = DictionaryObject()
        ops = []
        for number, slot in ((side.left, left), (side.right, right)):
            if number > count:
                continue
            if number not in forms:
                forms[number] = _form(writer, reader.pages[number - 1])
            name = f"/Page{number}"
            xobjects[NameObject(name)] = forms[number]
            ops.append(f"q 1 0 0 1 {_number(slot.x)} {_number(slot.y)} cm {name} Do Q")
        fold = _number(sheet.width / 2)
        low, high = FOLD_MARGIN, FOLD_MARGIN + FOLD_MARK
        ops.append(f"q 0.5 w 0.45 G [2 1.5] 0 d {fold} {_number(low)} m {fold} {_number(high)} "
                   f"l S {fold} {_number(sheet.height - high)} m {fold} "
                   f"{_number(sheet.height - low)} l S Q")
        xobjects[NameObject("/Note")] = _form(writer, notes.pages[index])
        ops.append("q /Note Do Q")
        if not side.front and flip_of(duplex) == "long":  # half a turn about the centre
            ops = [f"q -1 0 0 -1 {_number(sheet.width)} {_number(sheet.height)} cm", *ops, "Q"]
        content = DecodedStreamObject()
        content.set_data("\n".join(ops).encode("ascii"))
        target[NameObject("/Contents")] = writer._add_object(content.flate_encode())
        target[NameObject("/Resources")] = DictionaryObject(
            {NameObject("/XObject"): xobjects})
    writer.add_metadata({
        NameObject("/Title"): TextStringObject(f"{title} (folded booklet)"),
        NameObject("/Creator"): TextStringObject("printkit"),
        NameObject("/Producer"): TextStringObject("printkit"),
    })
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
