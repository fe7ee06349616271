"""Rules engines for the shipped games, behind one interface (see :mod:`printkit.rules.base`).

This package imports nothing from printkit but :mod:`printkit.errors` and
:mod:`printkit.units`: the engines know nothing of printing.
"""
