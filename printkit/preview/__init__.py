"""``printkit preview``: a live page of a definition's cards, board and booklet that rebuilds
whenever the definition, its data or its template changes (:mod:`printkit.preview.server`,
rendering in :mod:`printkit.preview.render`)."""
