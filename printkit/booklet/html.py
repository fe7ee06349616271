"""The booklet as one self-contained HTML file: inline CSS, inline SVG diagrams, no links out.

On screen it is a single readable column; printed from a browser, ``@media print`` rules
give booklet-sized pages, keep each example on one page and start the text after the cover.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from printkit.booklet.document import (
    LINE_BREAK,
    Block,
    Booklet,
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
)
from printkit.layout.paper import Paper
from printkit.units import to_mm

FONTS = '"Bitstream Vera Sans", "DejaVu Sans", Verdana, "Segoe UI", sans-serif'

CSS = """
:root { --accent: %(accent)s; --ink: #1d2a44; --muted: #5a6272; }
* { box-sizing: border-box; }
html { font-family: %(fonts)s; color: var(--ink); background: #fff; }
body { margin: 0; font-size: 16px; line-height: 1.45; }
main { max-width: 42em; margin: 0 auto; padding: 1em 1.2em 3em; }
svg text { font-family: %(fonts)s; }
h1 { color: var(--accent); font-size: 1.6em; margin: 1.4em 0 .4em; line-height: 1.2; }
h2 { font-size: 1.2em; margin: 1.2em 0 .3em; }
h3 { font-size: 1.05em; margin: 1em 0 .3em; }
p { margin: 0 0 .6em; }
code { font-family: inherit; font-weight: bold; color: var(--accent); white-space: nowrap; }
table { border-collapse: collapse; width: 100%%; margin: .4em 0 1em; font-size: .9em; }
th { background: #e8ebf2; text-align: left; }
th, td { border-bottom: 1px solid #c5cad6; padding: .25em .4em; vertical-align: top; }
aside.note { background: #f1f3f8; border-left: 4px solid var(--accent); padding: .5em .8em;
  margin: .6em 0 1em; font-size: .92em; }
aside.note p:last-child { margin-bottom: 0; }
figure.example { margin: 1.2em 0 1.6em; padding: 0; }
figure.example .title { font-weight: bold; color: var(--accent); font-size: .95em;
  margin-bottom: .3em; }
.diagrams { display: flex; gap: 1em; justify-content: center; align-items: flex-start; }
.diagram { flex: 1 1 0; max-width: 112mm; text-align: center; }
.diagram .label { font-weight: bold; color: var(--muted); font-size: .85em; }
.diagram svg { width: 100%%; height: auto; display: block; margin: 0 auto; }
pre.notation { font-size: .8em; background: #f6f6f6; padding: .5em; overflow-x: auto; }
figure .caption { font-style: italic; margin: .5em 0 .2em; }
ul.claims { margin: .2em 0 0; padding-left: 1.2em; font-size: .93em; }
ul.claims li::marker { color: var(--accent); }
header.cover { text-align: center; padding-bottom: 1.5em; }
header.cover .band { background: %(cover)s; color: %(cover_ink)s; padding: 2.2em 1em 1.8em; }
header.cover h1 { color: inherit; font-size: 2.3em; margin: 0; }
header.cover .sub { margin-top: .3em; }
header.cover .art { display: flex; justify-content: center; gap: .6em; margin: 1.6em auto;
  max-width: 30em; }
header.cover .art svg { width: 22%%; height: auto; }
header.cover .lines { margin: 0; }
.page-break { height: 1px; }
footer { color: var(--muted); font-size: .8em; text-align: center; margin-top: 2em; }
@media print {
  @page { size: %(page_w)smm %(page_h)smm; margin: 14mm 14mm 17mm; }
  body { font-size: 9.5pt; }
  main { max-width: none; padding: 0; }
  header.cover { break-after: page; }
  header.cover .band { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  h1, h2, h3, figure .title { break-after: avoid; }
  figure.example, aside.note, table { break-inside: avoid; }
  .page-break { break-after: page; }
  th { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
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


def _diagrams(diagrams: Sequence[Diagram]) -> str:
    parts = []
    for diagram in diagrams:
        label = f'<div class="label">{escape(diagram.label)}</div>' if diagram.label else ""
        parts.append(f'<div class="diagram">{label}{diagram.svg}</div>')
    return f'<div class="diagrams">{"".join(parts)}</div>'


def _figure(figure: Figure) -> str:
    parts = [f'<figure class="example" id="example-{figure.number}">',
             f'<div class="title">Example {figure.number}</div>']
    if figure.diagrams:
        parts.append(_diagrams(figure.diagrams))
    else:
        parts.append(f'<pre class="notation">{escape(figure.notation)}</pre>')
    if figure.caption:
        parts.append(f'<p class="caption">{inline(figure.caption)}</p>')
    if figure.sentences:
        parts.append(_list(ListBlock(False, figure.sentences), "claims"))
    parts.append("</figure>")
    return "".join(parts)


def block_html(block: Block) -> str:
    """One block as HTML."""
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
        return _figure(block)
    raise TypeError(f"unverified block in a booklet: {block!r}")


def _cover(cover: Cover) -> str:
    art = "".join(svg for _, svg in cover.art)
    lines = "".join(f"<p>{escape(line)}</p>" for line in cover.lines)
    return (f'<header class="cover"><div class="band"><h1>{escape(cover.title)}</h1>'
            f'<div class="sub">{escape(cover.subtitle)}</div></div>'
            f'<div class="art" aria-hidden="true">{art}</div><div class="lines">{lines}</div>'
            "</header>")


def booklet_html(booklet: Booklet, page: Paper) -> str:
    """The whole booklet as an HTML document."""
    cover = booklet.cover
    css = CSS % {
        "accent": cover.accent, "fonts": FONTS, "cover": cover.background,
        "cover_ink": cover.ink, "page_w": f"{to_mm(page.width):g}",
        "page_h": f"{to_mm(page.height):g}",
    }
    body = "\n".join(block_html(block) for block in booklet.blocks)
    return (
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(booklet.title)}: rules of play</title>\n<style>{css}</style>\n"
        f"</head>\n<body>\n{_cover(cover)}\n<main>\n{body}\n"
        "<footer>Every example in this booklet was checked by the game's rules engine."
        "</footer>\n</main>\n</body>\n</html>\n"
    )
