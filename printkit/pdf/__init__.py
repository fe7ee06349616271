"""The printed sheets: where cards, tokens, boards and score sheets go on the paper
(plain arithmetic; ``printkit check`` plans with :mod:`~printkit.pdf.artwork`,
:mod:`~printkit.pdf.geometry` and :mod:`~printkit.pdf.tiling`) and the writers that
draw them into PDFs (reportlab, loaded only by the commands that write).  A card's
own layout, the ``layouts:`` of a definition, is not here: it is read by
:mod:`printkit.definition.layouts` and drawn by :mod:`printkit.render`.
"""
