"""The module of the ``broken-import`` entry point: importing it fails."""

raise RuntimeError("printkit_broken_game.explodes fails when imported, on purpose")
