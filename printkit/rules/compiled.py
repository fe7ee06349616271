"""Which form of a compiled engine module runs: the compiled one only if it was built from
the very sources it depends on.

An engine's hottest module may be compiled with mypyc when printkit is installed (see
``setup.py``): the same code, turned into C, so the same games at a lower cost per move.
Python imports a compiled module in preference to its source, so after an edit to an
editable install, or a checkout of another commit, the compiled module would still run the
old code.  And mypyc copies into the compiled module what it knows of the modules it
imports (the values of their ``Final`` constants, for one), so an edit to one of those
changes nothing in it either.  So the build writes, beside the compiled module (a file
``NAME.mypyc-source``), the SHA-256 of every source of the package the module imports,
directly or not (:func:`record_text`, read by :func:`is_fresh`), and :func:`prefer_fresh`
loads the module's source whenever one of them differs, the record is missing, or
``PRINTKIT_PURE_PYTHON`` is set.  Where nothing was compiled (no C compiler at install
time), the source is what Python imports anyway.

This module uses the standard library only: ``setup.py`` loads it by its path.
"""

from __future__ import annotations

import ast
import hashlib
import importlib.util
import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

PURE_VARIABLE = "PRINTKIT_PURE_PYTHON"
"""Set (to anything but empty) to run every engine module from its Python source."""
RECORD_SUFFIX = ".mypyc-source"
"""The file beside a compiled module holding the SHA-256 of each source it was built from."""


def source_digest(source: Path) -> str:
    """The SHA-256, in hex, of a source file."""
    return hashlib.sha256(source.read_bytes()).hexdigest()


def has_compiled(folder: Path, name: str) -> bool:
    """Whether module ``name`` in ``folder`` has a compiled form beside its source."""
    return any((folder / f"{name}{suffix}").is_file() for suffix in EXTENSION_SUFFIXES)


def _module_file(root: Path, module: str) -> Path | None:
    base = root.joinpath(*module.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def sources_of(root: Path, module: str) -> list[Path]:
    """The source of ``module`` (found under ``root``, the folder of its top package) and
    of every module of the same top package it imports, directly or not: every import
    statement counts, inside a function or not, so that nothing mypyc may have read is
    left out."""
    top = module.split(".")[0]
    todo, seen, found = [module], set(), []
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        path = _module_file(root, name)
        if path is None:
            continue
        found.append(path)
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_bytes(), str(path))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")
                    parts = parts[:len(parts) - node.level + 1]
                    base = ".".join([*parts, *([base] if base else [])])
                names = [base, *(f"{base}.{alias.name}" for alias in node.names)]
            else:
                continue
            todo.extend(n for n in names if n == top or n.startswith(top + "."))
    return sorted(found)


def record_text(root: Path, module: str) -> str:
    """What the build writes beside the compiled ``module``: a line ``DIGEST  PATH`` for
    each of :func:`sources_of`, the path relative to ``root``."""
    return "".join(f"{source_digest(path)}  {path.relative_to(root).as_posix()}\n"
                   for path in sources_of(root, module))


def is_fresh(folder: Path, name: str, root: Path) -> bool:
    """Whether module ``name`` in ``folder`` has a compiled form built from the sources
    now under ``root`` (the folder of its top package)."""
    own = (folder / f"{name}.py").resolve()
    try:
        lines = (folder / f"{name}{RECORD_SUFFIX}").read_text(encoding="ascii").splitlines()
        listed = [line.split("  ", 1) for line in lines if line]
        if not listed or any(len(entry) != 2 for entry in listed):
            return False
        if own not in {(root / path).resolve() for _, path in listed}:
            return False
        if any(source_digest(root / path) != digest for digest, path in listed):
            return False
    except (OSError, UnicodeDecodeError):
        return False
    return has_compiled(folder, name)


def prefer_fresh(package: str, name: str) -> None:
    """Make ``package.name`` import from its source unless its compiled form is fresh (see
    the module notes).  Call it in ``package``'s ``__init__``, before anything imports the
    module."""
    full = f"{package}.{name}"
    if full in sys.modules:
        return
    folder = Path(sys.modules[package].__file__ or "").parent
    root = folder.parents[package.count(".")]
    if not has_compiled(folder, name) or (not os.environ.get(PURE_VARIABLE)
                                          and is_fresh(folder, name, root)):
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
