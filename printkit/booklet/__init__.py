"""Rules booklets whose examples are checked by the game's rules engine.

The path from template to paper, one module per step:

- :mod:`~printkit.booklet.context` what a template may use (engine, parameters, filters);
- :mod:`~printkit.booklet.environment` Jinja with ``StrictUndefined``, and the map from each
  line of the rendered Markdown back to its template file and line;
- :mod:`~printkit.booklet.frontmatter` the cover's words; :mod:`~printkit.booklet.markdown`
  the Markdown as a small :mod:`~printkit.booklet.document` model;
- :mod:`~printkit.booklet.examples` every ```example block verified, problems located in the
  template; :mod:`~printkit.booklet.phrases` claims in plain words;
  :mod:`~printkit.booklet.positions` and :mod:`~printkit.booklet.figures` the diagrams;
- :mod:`~printkit.booklet.pdf` (with :mod:`~printkit.booklet.pdfscene`) the reading-order PDF,
  :mod:`~printkit.booklet.impose` the saddle-stitch order and
  :mod:`~printkit.booklet.imposed` the folded-booklet PDF, :mod:`~printkit.booklet.html` the
  web page;
- :mod:`~printkit.booklet.build` ties them together: :func:`load_booklet` then
  :func:`booklet_files`.
"""
