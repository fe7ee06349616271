"""The preview page: every part of the kit, a large view of a clicked picture with where it
was defined, the booklet's printed pages (and a link to its HTML), and the problems of the
last save above the last good kit.

The page reloads when the version number moves on (it asks ``/version?after=N``, which the
server answers only once the version is no longer N, or after a while: a page left open
sends a request every :data:`~printkit.preview.server.LONG_POLL_SECONDS`, not several a
second); it keeps its scroll position and the picture shown large across the reload.

Pictures load as they come near the window (``loading="lazy"``), so a large kit's page is
quick to show again after a save.

The problems are shown as ``printkit check`` prints them, in a box that never wraps a line
(it scrolls sideways instead) and gives a tab the width of one character, as the caret line
counts it, so each caret stays under the column it points at.
"""

from __future__ import annotations

import html

from printkit.preview.kitview import Section
from printkit.preview.render import Preview

STYLE = """
body { font-family: "DejaVu Sans", Verdana, sans-serif; margin: 0; color: #1d2a44; }
header { position: sticky; top: 0; z-index: 2; background: #f4f6fa; padding: 0.6em 1.5em;
  border-bottom: 1px solid #d5dae4; }
h1 { font-size: 1.3em; margin: 0 0 0.3em 0; }
nav a { margin-right: 1em; font-size: 0.85em; color: #1d4f91; }
main { padding: 0 1.5em 2em 1.5em; }
h2 { font-size: 1.05em; margin-top: 1.4em; }
#problems { background: #fdecea; border: 1px solid #c0392b; margin: 0.6em 0 0 0;
  padding: 0.8em 1em; max-height: 40vh; overflow: auto; white-space: pre; tab-size: 1;
  font-family: "DejaVu Sans Mono", monospace; font-size: 13px; line-height: 1.35; }
#stale { color: #8a2a1e; font-size: 0.85em; margin: 0.4em 0 0 0; }
.stale main { opacity: 0.55; }
.pictures { display: flex; flex-wrap: wrap; gap: 10px; }
.pictures figure { margin: 0; text-align: center; font-size: 0.72em; cursor: zoom-in; }
.pictures img { height: 170px; border: 1px solid #ccc; background: #fff; display: block; }
.wide .pictures img { height: auto; max-width: min(100%, 900px); max-height: 70vh; }
.pictures figcaption { max-width: 170px; overflow-wrap: anywhere; margin: 2px auto 0 auto; }
.wide .pictures figcaption { max-width: none; }
#booklet-pending { color: #8a5a00; font-size: 0.85em; }
#large { max-width: 95vw; max-height: 95vh; padding: 1em; border: 1px solid #888; }
#large img { display: block; height: 80vh; width: auto; max-width: 90vw; object-fit: contain;
  background: #fff; margin: 0 auto; }
#large p { margin: 0.6em 0 0 0; font-size: 0.9em; }
#large code { font-family: "DejaVu Sans Mono", monospace; }
"""

SCRIPT = """
const shown = document.body.dataset.version;
const large = document.getElementById("large");
function showLarge(figure) {
  const image = figure.querySelector("img");
  document.getElementById("large-image").src = image.src;
  document.getElementById("large-name").textContent = figure.dataset.name;
  document.getElementById("large-source").textContent = figure.dataset.source || "";
  large.dataset.index = figure.dataset.index;
  if (!large.open) large.showModal();
}
document.querySelectorAll(".pictures figure").forEach(figure => {
  figure.addEventListener("click", () => showLarge(figure));
});
large.addEventListener("click", () => large.close());
large.addEventListener("close", () => { delete large.dataset.index; });
// what was on screen before a reload comes back after it
const kept = JSON.parse(sessionStorage.getItem("printkit-preview") || "{}");
if (kept.y) {
  window.scrollTo(0, kept.y);
  window.addEventListener("load", () => window.scrollTo(0, kept.y));  // pictures sized
}
if (kept.index !== undefined) {
  const figure = document.querySelector(`.pictures figure[data-index="${kept.index}"]`);
  if (figure) showLarge(figure);
}
function keep() {
  sessionStorage.setItem("printkit-preview",
                         JSON.stringify({y: window.scrollY, index: large.dataset.index}));
}
// ask for the version; the server answers when it is no longer this one (or after a while)
async function watch() {
  for (;;) {
    try {
      const answer = await fetch("/version?after=" + shown, {cache: "no-store"});
      if (!answer.ok) throw new Error(answer.statusText);
      if ((await answer.text()).trim() !== shown) { keep(); location.reload(); return; }
    } catch (e) {
      await new Promise(done => setTimeout(done, 1000));
    }
  }
}
watch();
"""


def page(preview: Preview, version: int, name: str) -> str:
    """The preview page for ``preview`` (version ``version`` of the file ``name``)."""
    title = html.escape(preview.title or name)
    problems = ""
    if preview.problems:
        problems = f'<pre id="problems">{html.escape(preview.problems)}</pre>'
        if preview.stale:
            problems += ('<p id="stale">Below: the last kit that built, until these '
                         "problems are fixed.</p>")
    index = 0
    parts = []
    links = []
    for number, section in enumerate(preview.sections):
        parts.append(_section(section, f"part-{number}", index))
        links.append(f'<a href="#part-{number}">{html.escape(section.title)}</a>')
        index += len(section.pictures)
    if preview.booklet_pages is not None or preview.rest is not None:
        parts.append(_booklet(preview, index))
        links.append('<a href="#part-booklet">Booklet</a>')
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f"<title>{title} - printkit preview</title><style>{STYLE}</style></head>\n"
            f'<body data-version="{version}" class="{"stale" if preview.stale else ""}">'
            f'<header><h1>{title}</h1><nav>{"".join(links)}</nav>{problems}</header>\n'
            f'<main>{"".join(parts)}</main>\n'
            '<dialog id="large"><img id="large-image" alt="">'
            '<p><b id="large-name"></b> <code id="large-source"></code></p></dialog>\n'
            f"<script>{SCRIPT}</script></body></html>\n")


def _booklet(preview: Preview, first: int) -> str:
    """The booklet: its PDF's pages (numbered from ``first``), a link to its HTML, and a
    note while it is being prepared again."""
    note = ""
    if preview.rest is not None:
        note = ('<p id="booklet-pending">The booklet is being brought up to date'
                + (": below, the last one." if preview.booklet_pages is not None else ".")
                + "</p>")
    link = ""
    if preview.booklet:
        link = ('<p><a id="booklet-pdf" href="/booklet.pdf" target="_blank">booklet.pdf</a>, '
                "drawn page by page below; "
                '<a id="booklet-html" href="/booklet.html" target="_blank">the booklet as '
                "HTML</a> (a browser breaks its lines its own way, not as the PDF)</p>")
    pages = (_section(preview.booklet_pages, "part-booklet-pages", first)
             if preview.booklet_pages is not None else "")
    return f'<section id="part-booklet"><h2>Booklet</h2>{note}{link}{pages}</section>'


def _section(section: Section, anchor: str, first: int) -> str:
    """One section: its heading and its pictures, numbered from ``first``."""
    figures = "".join(
        f'<figure data-index="{first + n}" data-name="{html.escape(picture.name)}" '
        f'data-source="{html.escape(picture.source)}">'
        f'<img src="/picture/{first + n}.{picture.suffix}" alt="{html.escape(picture.name)}" '
        f'loading="lazy"><figcaption>{html.escape(picture.name)}</figcaption></figure>'
        for n, picture in enumerate(section.pictures))
    wide = ' class="wide"' if section.wide else ""
    return (f'<section id="{anchor}"{wide}><h2>{html.escape(section.title)}</h2>'
            f'<div class="pictures">{figures}</div></section>')
