"""Exports for screens and services: PNG images of cards and boards, and Tabletop
Simulator saves (:mod:`printkit.export.png`, :mod:`printkit.export.tts`)."""

DEFAULT_DPI = 300.0
"""Resolution of PNG exports unless told otherwise (what print services ask for)."""
