"""One module per sub-command; each exposes ``register(subparsers)``.

A command's handler takes the parsed arguments and a :class:`Console` and returns an
exit status (see :class:`printkit.cli.Exit`).  Handlers raise
:class:`printkit.errors.PrintkitError` for user errors; the CLI prints them.
"""
