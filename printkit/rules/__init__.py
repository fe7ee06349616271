"""The interface every rules engine implements, and what engines are built with.

The engines themselves live in each game's package (``printkit/games/<game>/rules.py``
and the plugins of other packages); here are the :class:`~printkit.rules.base.Game`
base class and its errors (:mod:`printkit.rules.base`), the notation toolkit
(:mod:`printkit.rules.notation`) and the engines by game name
(:mod:`printkit.rules.registry`).  The simulator that plays engines many times is
:mod:`printkit.simulator`.  Nothing here knows of printing.
"""
