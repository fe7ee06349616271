"""Exports for screens and services: PNG images of cards and boards, and Tabletop
Simulator saves (:mod:`printkit.export.png`, :mod:`printkit.export.tts`)."""
