"""Game definitions: the YAML a designer writes (``decks/<game>.yaml`` for the shipped
games, any file by path), read safely, checked against the schema and resolved into
the frozen :class:`~printkit.definition.model.Definition` every later stage reads
(:mod:`printkit.definition.load`).
"""
