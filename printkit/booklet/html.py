"""The booklet as one self-contained HTML file: inline CSS, inline SVG diagrams, no links out.

On screen it is a single readable column.  Printed from a browser it gives the PDF's
pages: the same page size and margins, the same type sizes, the same font stack (the
definition's font and fallbacks, then DejaVu Sans; Vera's metrics, for a game set in Vera,
are shared by DejaVu Sans, which most systems have), and a page break before every block
that starts a page in the PDF (the PDF's layout says which), so the printout has the
PDF's page count, give or take one.  The cover and the back cover are pages of their
own, with the notes pages the PDF put before the back cover, and the contents give the
PDF's page numbers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from printkit.booklet.document import (
    LINE_BREAK,
    BackCover,
    Block,
    Booklet,
    Components,
    Contents,
    Cover,
    Diagram,
    Figure,
    Heading,
    Inline,
    ListBlock,
    Note,
    PageBreak,
    Paragraph,
    Table,
    plain_text,
)
from printkit.booklet.pdf import MARGIN_BOTTOM, MARGIN_SIDE, MARGIN_TOP, PdfLayout
from printkit.booklet.pdfblocks import heading_key
from printkit.booklet.pdfcover import BACK_BAND, BACK_GAP, BACK_SHARE, CHECKED
from printkit.booklet.typeface import css_fonts
from printkit.pdf.paper import Paper
from printkit.render.scene import scene_svg
from printkit.units import to_mm

NOTE_LINES = 19
"""Ruled lines on a notes page."""
FONTS = '"Bitstream Vera Sans", "DejaVu Sans", Verdana, "Segoe UI", sans-serif'
"""The fonts a booklet set in Vera names (:func:`~printkit.booklet.typeface.css_fonts`
gives any booklet's: its own stack, then the common fonts after Vera's)."""

CSS = """
:root { --accent: %(accent)s; --ink: #1d2a44; --muted: #5a6272; }
* { box-sizing: border-box; }
html { font-family: %(fonts)s; color: var(--ink); background: #fff; }
body { margin: 0; font-size: 16px; line-height: 1.4; }
main { max-width: 42em; margin: 0 auto; padding: 1em 1.2em 3em; }
svg text { font-family: %(fonts)s; }
h1 { color: var(--accent); font-size: 1.6em; margin: 1.4em 0 .4em; line-height: 1.2; }
h2 { font-size: 1.2em; margin: 1.2em 0 .3em; }
h3 { font-size: 1.05em; margin: 1em 0 .3em; }
p { margin: 0 0 .5em; }
small { font-size: 80%%; color: var(--muted); }
code { font-family: inherit; font-weight: bold; color: var(--accent); white-space: nowrap; }
ul, ol { margin: 0 0 .4em; padding-left: 1.3em; }
table { border-collapse: collapse; width: 100%%; margin: 0 0 .6em; font-size: .9em; }
th { background: #e8ebf2; text-align: left; }
th, td { border-bottom: 1px solid #c5cad6; padding: .2em .3em; vertical-align: top; }
aside.note { background: #f1f3f8; border-left: 3px solid var(--accent); padding: .3em .6em;
  margin: 0 0 .7em; font-size: .9em; }
aside.note p:last-child { margin-bottom: 0; }
figure.example { margin: .3em 0 .8em; padding: 0; }
figure.example .title { font-weight: bold; color: var(--accent); font-size: .95em;
  margin-bottom: .2em; }
.diagrams { display: flex; gap: 5mm; justify-content: center; align-items: flex-start; }
.diagram { text-align: center; max-width: 100%%; }
.diagram .label { font-weight: bold; color: var(--muted); font-size: .85em; }
.diagram svg, .picture svg { max-width: 100%%; height: auto; display: block; margin: 0 auto; }
pre.notation { font-size: .8em; background: #f6f6f6; padding: .5em; overflow-x: auto; }
figure .caption { font-style: italic; margin: .3em 0 .1em; font-size: .93em; }
ul.claims { margin: .1em 0 0; padding-left: 1.1em; font-size: .93em; }
p.moves { margin: .2em 0 .1em; font-size: .93em; }
ul.claims li::marker { color: var(--accent); }
nav.contents ol { list-style: none; padding: 0; margin: 0 0 .6em; }
nav.contents li { display: flex; gap: .4em; line-height: 1.6; }
nav.contents li.top { font-weight: bold; }
nav.contents li.sub { padding-left: 1.2em; }
nav.contents a { color: inherit; text-decoration: none; }
nav.contents .dots { flex: 1; border-bottom: 1px dotted var(--muted); margin-bottom: .35em; }
table.components td { vertical-align: middle; }
table.components td.count { text-align: right; font-weight: bold; white-space: nowrap; }
table.components .name { font-weight: bold; }
header.cover { text-align: center; }
header.cover .band { background: %(cover)s; color: %(cover_ink)s; padding: 2.4em 1em 2em; }
header.cover h1 { color: inherit; font-size: 2.3em; margin: 0; }
header.cover .sub { margin-top: .3em; }
header.cover .picture { margin: 1.6em auto 1.2em; max-width: 30em; }
header.cover .facts { display: flex; justify-content: center; margin: 0 auto 1em; }
header.cover .fact { padding: 0 1.2em; border-left: 1px solid var(--muted); }
header.cover .fact:first-child { border-left: none; }
header.cover .fact .what { font-size: .7em; color: var(--muted); text-transform: uppercase; }
header.cover .fact .value { font-weight: bold; color: var(--accent); font-size: 1.1em; }
header.cover .lines p { margin: .2em 0; }
header.cover .checked, section.back-cover .checked { font-size: .75em; color: var(--muted); }
section.back-cover { margin-top: 2em; }
section.back-cover .band { background: %(cover)s; color: %(cover_ink)s; text-align: center;
  padding: 1em; margin-top: 1em; }
section.back-cover .band .checked { color: inherit; }
section.back-cover .back-picture { max-width: %(back_share)s%%; margin: 1.5em auto; }
section.back-cover .back-picture svg { max-width: 100%%; height: auto; display: block; }
section.notes { display: none; }
.new-page-before { height: 0; }
@media print {
  @page { size: %(page_w)smm %(page_h)smm; margin: %(top)smm %(side)smm %(bottom)smm;
    @bottom-center { content: counter(page); font: 8pt %(fonts)s; color: #5a6272; } }
  @page cover { margin: 0; @bottom-center { content: none; } }
  @page back { margin: 0; @bottom-center { content: none; } }
  html, body { font-size: 9.5pt; line-height: 13.2pt; }
  main { max-width: none; padding: 0; }
  h1 { font-size: 15pt; line-height: 18pt; margin: 8pt 0 6pt; }
  h2 { font-size: 11.5pt; line-height: 14pt; margin: 7pt 0 3pt; }
  h3 { font-size: 10pt; line-height: 13pt; margin: 7pt 0 3pt; }
  p { margin: 0 0 5pt; }
  li { margin-bottom: 2pt; }
  table { font-size: 8.5pt; line-height: 11pt; }
  aside.note, figure .caption, ul.claims, p.moves { font-size: 8.8pt; line-height: 12pt; }
  figure p.intro { font-size: 9pt; line-height: 12.4pt; margin-bottom: 3pt; }
  header.cover { page: cover; height: %(page_h)smm; overflow: hidden; break-after: page; }
  header.cover .band { height: %(band)smm; display: flex; flex-direction: column;
    justify-content: center; }
  header.cover .checked { position: absolute; bottom: 8mm; width: 100%%; }
  header.cover, section.back-cover { position: relative; }
  header.cover .band, section.back-cover .band, th, aside.note, section.notes {
    -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  h1, h2, h3, figure .title { break-after: avoid; }
  figure.example, aside.note, table, nav.contents { break-inside: avoid; }
  .page-break { break-after: page; }
  .new-page-before { break-before: page; }
  section.notes { display: block; break-before: page; height: %(text_h)smm; overflow: hidden; }
  section.notes .rule { height: 8mm; border-bottom: 0.4pt solid #d5d9e2; }
  section.notes h1 { color: var(--ink); margin-top: 0; }
  section.back-cover { page: back; break-before: page; margin: 0; height: %(page_h)smm;
    overflow: hidden; padding: %(top)smm %(side)smm 0; }
  section.back-cover aside.note { font-size: 10pt; line-height: 13pt; }
  section.back-cover .back-picture { position: absolute; left: 0; right: 0; margin: 0 auto;
    bottom: calc(%(back_band)smm + %(back_gap)smm / 2); }
  section.back-cover .band { position: absolute; left: 0; right: 0; bottom: 0; margin: 0;
    height: %(back_band)smm; display: flex; flex-direction: column; justify-content: center; }
  footer.checked { display: none; }
}
"""


def inline(spans: Inline) -> str:
    """Spans as HTML."""
    out = []
    for span in spans:
        if span is LINE_BREAK or span.text == "\n":
            out.append("<br>")
            continue
        text = escape(span.text, quote=False)
        if span.code:
            text = f"<code>{text}</code>"
        if span.italic:
            text = f"<em>{text}</em>"
        if span.bold:
            text = f"<strong>{text}</strong>"
        if span.small:
            text = f"<small>{text}</small>"
        out.append(text)
    return "".join(out)


def _list(block: ListBlock, css_class: str = "") -> str:
    tag = "ol" if block.ordered else "ul"
    start = f' start="{block.start}"' if block.ordered and block.start != 1 else ""
    cls = f' class="{css_class}"' if css_class else ""
    items = "".join(f"<li>{inline(item)}</li>" for item in block.items)
    return f"<{tag}{cls}{start}>{items}</{tag}>"


def _table(block: Table) -> str:
    head = "".join(f"<th>{inline(cell)}</th>" for cell in block.header)
    rows = "".join("<tr>" + "".join(f"<td>{inline(c)}</td>" for c in row) + "</tr>"
                   for row in block.rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"


HTML_DIAGRAM = 0.95
"""Width of a diagram in the HTML, as a share of the PDF's: a browser sets the text around
it a little taller than the PDF does, so an example that fills a PDF page would run over a
printed one without this margin."""


def _diagrams(diagrams: Sequence[Diagram], widths: Mapping[str, float]) -> str:
    """The diagrams, each as wide as the PDF draws it (``widths``: points, by ident)."""
    parts = []
    for diagram in diagrams:
        label = f'<div class="label">{escape(diagram.label)}</div>' if diagram.label else ""
        width = widths.get(diagram.ident)
        size = f' style="width: {to_mm(width) * HTML_DIAGRAM:.1f}mm"' if width else ""
        parts.append(f'<div class="diagram"{size}>{label}{diagram.svg}</div>')
    return f'<div class="diagrams">{"".join(parts)}</div>'


def _figure(figure: Figure, widths: Mapping[str, float]) -> str:
    parts = [f'<figure class="example" id="example-{figure.number}">',
             f'<div class="title">{escape(figure.heading)}</div>']
    if figure.intro:
        parts.append(f'<p class="intro">{inline(figure.intro)}</p>')
    if figure.diagrams:
        parts.append(_diagrams(figure.diagrams, widths))
    else:
        parts.append(f'<pre class="notation">{escape(figure.notation)}</pre>')
    if figure.caption:
        parts.append(f'<p class="caption">{inline(figure.caption)}</p>')
    if figure.moves:
        parts.append(f'<p class="moves"><strong>Moves:</strong> {inline(figure.moves)}</p>')
    if figure.sentences:
        parts.append(_list(ListBlock(False, figure.sentences), "claims"))
    parts.append("</figure>")
    return "".join(parts)


def _contents(block: Contents, index: int, headings: Sequence[tuple[int, Heading]],
              pages: dict[str, int]) -> str:
    items = []
    for where, heading in headings:
        if where <= index or heading.level > block.depth:
            continue
        key = heading_key(where)
        page = pages.get(key, "")
        level = "top" if heading.level == 1 else "sub"
        items.append(f'<li class="{level}"><a href="#{key}">{escape(plain_text(heading.spans))}'
                     f'</a><span class="dots"></span><span>{page}</span></li>')
    return (f'<nav class="contents"><h1>{escape(block.title)}</h1><ol>{"".join(items)}</ol>'
            "</nav>")


def _components(block: Components) -> str:
    rows = []
    for row in block.rows:
        picture = f'<div class="picture">{row.picture.svg}</div>' if row.picture else ""
        note = f"<br>{inline(row.note)}" if row.note else ""
        rows.append(f'<tr><td>{picture}</td><td><span class="name">{inline(row.name)}</span>'
                    f'{note}</td><td class="count">{escape(row.count)}</td></tr>')
    summary = f"<p>{inline(block.summary)}</p>" if block.summary else ""
    return f'<table class="components"><tbody>{"".join(rows)}</tbody></table>{summary}'


def block_html(block: Block, widths: Mapping[str, float] | None = None) -> str:
    """One block as HTML (the contents, which need the whole booklet, excepted);
    ``widths`` are the widths the PDF draws diagrams at (points, by ident)."""
    if isinstance(block, Heading):
        level = min(block.level, 3)
        return f"<h{level}>{inline(block.spans)}</h{level}>"
    if isinstance(block, Paragraph):
        return f"<p>{inline(block.spans)}</p>"
    if isinstance(block, ListBlock):
        return _list(block)
    if isinstance(block, Table):
        return _table(block)
    if isinstance(block, Note):
        inner = "".join(block_html(b) for b in block.blocks)
        return f'<aside class="note">{inner}</aside>'
    if isinstance(block, PageBreak):
        return '<div class="page-break"></div>'
    if isinstance(block, Figure):
        return _figure(block, widths or {})
    if isinstance(block, Components):
        return _components(block)
    raise TypeError(f"unverified block in a booklet: {block!r}")


def _cover(cover: Cover) -> str:
    picture = (f'<div class="picture" aria-hidden="true">{cover.picture.svg}</div>'
               if cover.picture else "")
    facts = "".join(f'<div class="fact"><div class="what">{escape(label)}</div>'
                    f'<div class="value">{escape(value)}</div></div>'
                    for label, value in cover.facts)
    lines = "".join(f"<p>{escape(line)}</p>" for line in cover.lines)
    return (f'<header class="cover"><div class="band"><h1>{escape(cover.title)}</h1>'
            f'<div class="sub">{escape(cover.subtitle)}</div></div>{picture}'
            f'<div class="facts">{facts}</div><div class="lines">{lines}</div>'
            + (f'<p class="checked">{escape(CHECKED)}</p>' if cover.checked else "")
            + "</header>")


def _body(blocks: Sequence[Block], layout: PdfLayout | None) -> tuple[str, str]:
    """The HTML of the blocks before the back cover and of those on it."""
    headings = [(i, b) for i, b in enumerate(blocks) if isinstance(b, Heading)]
    pages = layout.headings if layout is not None else {}
    starts = layout.page_starts if layout is not None else frozenset()
    body: list[str] = []
    back: list[str] | None = None
    order = layout.order if layout is not None and layout.order else range(len(blocks))
    for index in order:  # the PDF's order: it may set text before an example
        block = blocks[index]
        if isinstance(block, BackCover):
            back = None if layout is not None and layout.back_in_body else []
            continue  # the back cover's text ends the body where the PDF's does
        out = back if back is not None else body
        if index in starts and back is None:
            out.append('<div class="new-page-before"></div>')
        if isinstance(block, Heading):
            level = min(block.level, 3)
            out.append(f'<h{level} id="{heading_key(index)}">{inline(block.spans)}</h{level}>')
        elif isinstance(block, Contents):
            out.append(_contents(block, index, headings, pages))
        else:
            out.append(block_html(block, layout.diagram_widths if layout is not None else None))
    return "\n".join(body), "\n".join(back or [])


def booklet_html(booklet: Booklet, page: Paper, layout: PdfLayout | None = None) -> str:
    """The whole booklet as an HTML document; with the PDF's ``layout``, its printout
    breaks pages where the PDF does."""
    cover = booklet.cover
    height = to_mm(page.height)
    css = CSS % {
        "accent": cover.accent, "fonts": css_fonts(booklet.fonts), "cover": cover.background,
        "cover_ink": cover.ink, "page_w": f"{to_mm(page.width):g}", "page_h": f"{height:g}",
        "top": f"{to_mm(MARGIN_TOP):g}", "side": f"{to_mm(MARGIN_SIDE):g}",
        "bottom": f"{to_mm(MARGIN_BOTTOM):g}", "band": f"{height * 0.34:.1f}",
        "back_band": f"{to_mm(BACK_BAND):g}", "back_gap": f"{to_mm(BACK_GAP):g}",
        "back_share": f"{BACK_SHARE * 100:g}",
        "text_h": f"{to_mm(page.height - MARGIN_TOP - MARGIN_BOTTOM) - 1:.1f}",
    }
    body, back = _body(booklet.blocks, layout)
    rules = '<div class="rule"></div>' * NOTE_LINES
    notes = "".join(f'<section class="notes" aria-hidden="true"><h1>Notes</h1>{rules}</section>'
                    for _ in range(layout.notes if layout is not None else 0))
    picture = ""
    if cover.picture is not None:  # the same cards again, with ids of their own
        again = scene_svg(cover.picture.scene, cover.picture.faces, ident="back")
        picture = f'<div class="back-picture" aria-hidden="true">{again}</div>'
    return (
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(booklet.title)}: rules of play</title>\n<style>{css}</style>\n"
        f"</head>\n<body>\n{_cover(cover)}\n<main>\n{body}\n{notes}\n"
        f'<section class="back-cover">{back}{picture}<div class="band"><strong>'
        f'{escape(booklet.title)}</strong>'
        + (f'<div class="checked">{escape(CHECKED)}</div>' if cover.checked else "")
        + "</div>"
        "</section>\n</main>\n</body>\n</html>\n"
    )
