"""Which form of a compiled engine module runs: the compiled one only if it was built from
the very source beside it.

An engine's hottest module may be compiled with mypyc when printkit is installed (see
``setup.py``): the same code, turned into C, so the same games at a lower cost per move.
The build writes the SHA-256 of the source it compiled beside the compiled module (a file
``NAME.mypyc-source``).  Python imports a compiled module in preference to its source, so
after an edit to the source of an editable install, or a checkout of another commit, the
compiled module would still run the old code.  :func:`prefer_fresh` prevents that: when
the compiled module was built from another source, or the build left no record, or
``PRINTKIT_PURE_PYTHON`` is set, the source itself is loaded.  Where nothing was compiled
(no C compiler at install time), the source is what Python imports anyway.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

PURE_VARIABLE = "PRINTKIT_PURE_PYTHON"
"""Set (to anything but empty) to run every engine module from its Python source."""
RECORD_SUFFIX = ".mypyc-source"
"""The file beside a compiled module holding the SHA-256 of the source it was built from."""


def source_digest(source: Path) -> str:
    """The SHA-256, in hex, that the build records for ``source``."""
    return hashlib.sha256(source.read_bytes()).hexdigest()


def is_fresh(folder: Path, name: str) -> bool:
    """Whether module ``name`` in ``folder`` has a compiled form built from its current
    source."""
    source = folder / f"{name}.py"
    try:
        recorded = (folder / f"{name}{RECORD_SUFFIX}").read_text(encoding="ascii").strip()
        current = source_digest(source)
    except (OSError, UnicodeDecodeError):
        return False
    compiled = any((folder / f"{name}{suffix}").is_file() for suffix in EXTENSION_SUFFIXES)
    return compiled and recorded == current


def prefer_fresh(package: str, name: str) -> None:
    """Make ``package.name`` import from its source unless its compiled form is fresh (see
    the module notes).  Call it in ``package``'s ``__init__``, before anything imports the
    module."""
    full = f"{package}.{name}"
    if full in sys.modules:
        return
    folder = Path(sys.modules[package].__file__ or "").parent
    compiled = any((folder / f"{name}{suffix}").is_file() for suffix in EXTENSION_SUFFIXES)
    if not compiled or (not os.environ.get(PURE_VARIABLE) and is_fresh(folder, name)):
        return  # the normal import finds the right form
    spec = importlib.util.spec_from_file_location(full, folder / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[full] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[full]
        raise
    setattr(sys.modules[package], name, module)  # as the import system does


def is_compiled(module: object) -> bool:
    """Whether ``module`` runs compiled code (its file is an extension module)."""
    return str(getattr(module, "__file__", "")).endswith(tuple(EXTENSION_SUFFIXES))
