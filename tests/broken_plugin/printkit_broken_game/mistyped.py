"""The parts of ``mistyped-kinds``: it imports, but its face kinds are names, not kinds."""

FACE_KINDS = ("mistyped-card",)
"""Wrong on purpose: the contract asks for a tuple of printkit.render.kinds.FaceKind."""
