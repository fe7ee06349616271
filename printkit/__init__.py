"""printkit: print-ready card sheets, boards and rule booklets from YAML game definitions."""

from printkit.render.deferred_validator import defer_validator

__version__ = "0.1.0"

defer_validator()  # before anything imports svgwrite (see the module)
