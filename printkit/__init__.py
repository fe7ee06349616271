"""printkit: print-ready card sheets, boards and rule booklets from YAML game definitions."""

__version__ = "0.1.0"
