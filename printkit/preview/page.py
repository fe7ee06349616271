"""The preview page: every face, the board and the booklet of one rendering, and a script
that reloads it when the version number moves on (it asks ``/version?after=N``, which the
server answers only once the version is no longer N, or after a while: a page left open
sends a request every :data:`~printkit.preview.server.LONG_POLL_SECONDS`, not several a
second)."""

from __future__ import annotations

import html

from printkit.preview.render import Preview

PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{title} - printkit preview</title>
<style>
body {{ font-family: "DejaVu Sans", Verdana, sans-serif; margin: 1.5em; color: #1d2a44; }}
h1 {{ font-size: 1.4em; }} h2 {{ font-size: 1.1em; margin-top: 1.5em; }}
#problems {{ background: #fdecea; border: 1px solid #c0392b; padding: 1em;
  white-space: pre-wrap; font-family: "DejaVu Sans Mono", monospace; }}
.faces {{ display: flex; flex-wrap: wrap; gap: 8px; }}
.faces figure {{ margin: 0; text-align: center; font-size: 0.75em; }}
.faces img {{ width: 120px; border: 1px solid #ccc; }}
#board {{ max-width: 100%; border: 1px solid #ccc; }}
iframe {{ width: 100%; height: 80vh; border: 1px solid #ccc; }}
</style></head>
<body data-version="{version}">
<h1>{title}</h1>
{problems}
<h2>Cards ({count} faces and the back)</h2>
<div class="faces">{faces}</div>
{board}
{booklet}
<script>
// ask for the version; the server answers when it is no longer this one (or after a while)
const shown = "{version}";
async function watch() {{
  for (;;) {{
    try {{
      const answer = await fetch("/version?after=" + shown, {{cache: "no-store"}});
      if (!answer.ok) throw new Error(answer.statusText);
      if ((await answer.text()).trim() !== shown) {{ location.reload(); return; }}
    }} catch (e) {{
      await new Promise(done => setTimeout(done, 1000));
    }}
  }}
}}
watch();
</script>
</body></html>
"""


def page(preview: Preview, version: int, name: str) -> str:
    """The preview page for ``preview`` (version ``version`` of the file ``name``)."""
    problems = (f'<pre id="problems">{html.escape(preview.problems)}</pre>'
                if preview.problems else "")
    faces = "".join(
        f'<figure><img src="/face/{index}.svg" alt="{html.escape(key)}">'
        f"<figcaption>{html.escape(key)}</figcaption></figure>"
        for index, (key, _) in enumerate(preview.faces))
    board = ('<h2>Board</h2><img id="board" src="/board.svg" alt="the board">'
             if preview.board else "")
    booklet = ('<h2>Booklet</h2><iframe id="booklet" src="/booklet.html"></iframe>'
               if preview.booklet else "")
    return PAGE.format(title=html.escape(preview.title or name), version=version,
                       problems=problems, count=max(0, len(preview.faces) - 1), faces=faces,
                       board=board, booklet=booklet)
