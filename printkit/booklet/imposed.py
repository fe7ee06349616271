"""The imposed booklet: reading-order pages placed two to a side for saddle stitching.

Each page of the reading-order PDF becomes a form XObject (its content stream and resources,
unchanged, so everything stays vector) and is drawn onto the sheet side that
:func:`~printkit.booklet.impose.saddle_stitch` gives it; padding pages stay blank.  Short
fold marks in the top and bottom margins show where to fold.  pypdf writes no random file
identifier, so the same pages give the same bytes.
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

from printkit.booklet.impose import saddle_stitch, slots
from printkit.layout.paper import Paper
from printkit.units import MM

FOLD_MARK = 4 * MM
"""Length of each fold mark."""
FOLD_MARGIN = 6 * MM
"""Distance of the fold marks from the sheet's top and bottom edges (inside printers' reach)."""


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


def imposed_pdf(reading: bytes, *, page: Paper, sheet: Paper, title: str) -> bytes:
    """The saddle-stitch PDF of the reading-order PDF ``reading`` on landscape ``sheet``."""
    reader = PdfReader(io.BytesIO(reading))
    count = len(reader.pages)
    left, right = slots(page, sheet)
    writer = PdfWriter()
    forms: dict[int, IndirectObject] = {}
    for side in saddle_stitch(count):
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
