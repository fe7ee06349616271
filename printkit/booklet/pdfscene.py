"""Drawing a :class:`~printkit.render.scene.Scene` straight onto a reportlab canvas.

Rectangles and text become PDF operators; every card face is stored once per document as a
form XObject that each placement reuses, as on the card sheets.  Parsing SVG with svglib is
the slow step, so parsed faces are also kept by their SVG text for the next document built
in the same process (a rebuild, another paper size).  Everything stays vector.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from contextlib import nullcontext

from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from printkit.booklet import typeface
from printkit.definition.fontstack import FontStack, house_stack
from printkit.pdf.pagerecipe import RecordingCanvas
from printkit.pdf.pdfcanvas import Form, saved, store_form
from printkit.render.scene import (
    CardShape,
    FaceLibrary,
    PictureShape,
    RectShape,
    Scene,
    TextShape,
)


class FaceForms:
    """The card faces stored as forms in each canvas, by face key."""

    def __init__(self) -> None:
        self._forms: dict[int, dict[str, Form]] = {}

    def form(self, canvas: Canvas, key: str, svg: Callable[[], str]) -> Form:
        """The form of the face ``key`` in ``canvas``; ``svg`` is called the first time."""
        forms = self._forms.setdefault(id(canvas), {})
        found = forms.get(key)
        if found is None:
            name = f"pkface{len(forms)}"
            # a recording canvas notes the form, to be stored again when its pages replay
            noted = (canvas.storing_form(key, lambda: (forms[key].width, forms[key].height))
                     if isinstance(canvas, RecordingCanvas) else nullcontext())
            with noted:
                found = forms[key] = store_form(canvas, name, svg())
        return found


def _paint(canvas: Canvas, shape: RectShape, scale: float) -> tuple[int, int]:
    fill = shape.fill != "none"
    stroke = shape.stroke != "none" and shape.stroke_width > 0
    if fill:
        canvas.setFillColor(colors.HexColor(shape.fill))
    if stroke:
        canvas.setStrokeColor(colors.HexColor(shape.stroke))
        canvas.setLineWidth(shape.stroke_width * scale)
        canvas.setDash([d * scale for d in shape.dash] if shape.dash else [])
    return int(stroke), int(fill)


def draw_scene(canvas: Canvas, scene: Scene, faces: FaceLibrary, forms: FaceForms,
               x: float, y: float, width: float, fonts: FontStack | None = None) -> None:
    """Draw ``scene`` ``width`` points wide with its lower-left corner at (x, y), its words
    in the booklet's stack ``fonts`` (Vera, then DejaVu Sans, when ``None``)."""
    stack = fonts or house_stack()
    scale = width / scene.width
    top = y + scene.height * scale
    with saved(canvas):
        for shape in scene.shapes:
            if isinstance(shape, RectShape):
                stroke, fill = _paint(canvas, shape, scale)
                if stroke or fill:
                    canvas.rect(x + shape.x * scale, top - (shape.y + shape.h) * scale,
                                shape.w * scale, shape.h * scale, stroke=stroke, fill=fill)
            elif isinstance(shape, TextShape):
                size = shape.size * scale
                canvas.setFont(typeface.font(stack, bold=shape.bold), size)
                canvas.setFillColor(colors.HexColor(shape.colour))
                # set_font=False: the font just set serves unless the words need another
                typeface.draw(canvas, stack, size, x + shape.x * scale,
                              top - shape.baseline * scale, shape.text, bold=shape.bold,
                              anchor=shape.anchor, set_font=False)
            else:
                _card(canvas, shape, faces, forms, x + shape.x * scale, top - shape.y * scale,
                      shape.width * scale)


def _card(canvas: Canvas, shape: CardShape | PictureShape, faces: FaceLibrary,
          forms: FaceForms, left: float, top: float, width: float) -> None:
    if isinstance(shape, CardShape):
        face = shape.face
        form = forms.form(canvas, face.key, lambda: faces.svg(face))
    else:
        form = forms.form(canvas, "picture:" + shape.key, functools.partial(str, shape.svg))
    factor = width / form.width
    with saved(canvas):
        canvas.translate(left, top - form.height * factor)
        canvas.scale(factor, factor)
        canvas.doForm(form.name)


class SceneFlowable(Flowable):  # type: ignore[misc]  # reportlab has no type hints
    """A scene as a platypus flowable, scaled to ``width`` points."""

    pk_kind = "diagram"
    """Its kind in the record of what each page drew (:mod:`printkit.booklet.pdfflow`)."""

    def __init__(self, scene: Scene, faces: FaceLibrary, forms: FaceForms, width: float,
                 fonts: FontStack | None = None) -> None:
        super().__init__()
        self.fonts = fonts
        self.scene = scene
        self.faces = faces
        self.forms = forms
        self.width = width
        self.height = scene.height * width / scene.width
        self.hAlign = "CENTER"

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        draw_scene(self.canv, self.scene, self.faces, self.forms, 0, 0, self.width,
                   self.fonts)
