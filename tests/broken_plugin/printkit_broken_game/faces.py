"""The face kinds of ``broken-faces``: importing this module fails."""

raise ImportError("the face kinds of broken-faces cannot be imported, on purpose")
