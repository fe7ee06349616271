"""Rules booklets whose examples are checked by the game's rules engine.

The path from template to paper, one module per step:

- :mod:`~printkit.booklet.context` what a template may use (engine, parameters, filters);
- :mod:`~printkit.booklet.environment` Jinja with ``StrictUndefined``, and the map from each
  line of the rendered Markdown back to its template file and line;
- :mod:`~printkit.booklet.frontmatter` the cover's words, :mod:`~printkit.booklet.cover` the
  cover; :mod:`~printkit.booklet.markdown` the Markdown as a small
  :mod:`~printkit.booklet.document` model;
- :mod:`~printkit.booklet.examples` every ```example block verified (examples may continue
  each other), problems located in the template; :mod:`~printkit.booklet.phrases` claims in
  plain words; :mod:`~printkit.booklet.figures` the diagrams;
- :mod:`~printkit.booklet.parts` the parts built from the game's data: contents,
  :mod:`~printkit.booklet.components` and the back cover;
- :mod:`~printkit.booklet.pdf` the reading-order PDF (blocks in
  :mod:`~printkit.booklet.pdfblocks`, covers in :mod:`~printkit.booklet.pdfcover`, drawings
  in :mod:`~printkit.booklet.pdfscene`), :mod:`~printkit.booklet.impose` the saddle-stitch
  order and :mod:`~printkit.booklet.imposed` the folded-booklet PDF,
  :mod:`~printkit.booklet.html` the web page that prints like the PDF;
- :mod:`~printkit.booklet.build` ties them together: :func:`load_booklet`, then
  :mod:`~printkit.booklet.files` :func:`booklet_files`.

docs/booklets.md shows a game author how to write a template.
"""
