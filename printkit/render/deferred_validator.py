"""svgwrite without the start-up cost of a validator printkit never runs.

Importing svgwrite compiles the regular expressions of its SVG validator (the module
``svgwrite.data.svgparser``): about 0.15 s on a 2-core machine, a sixth of the start-up of
every printkit command. printkit draws with ``debug=False``, so those expressions are never
used. :func:`defer_validator`, called before svgwrite is first imported (from
``printkit/__init__.py``), puts a stand-in in that one module's place: its three checks load
the real module on their first call, and any other name asked of it loads it at once. A
drawing made with ``debug=True`` is validated exactly as before.
"""

from __future__ import annotations

import importlib.util
import sys
import types
from collections.abc import Callable
from pathlib import Path

MODULE = "svgwrite.data.svgparser"
CHECKS = ("is_valid_transferlist", "is_valid_pathdata", "is_valid_animation_timing")


def defer_validator() -> None:
    """Put the stand-in in place, unless svgwrite is already imported or not laid out as
    expected (then nothing changes: svgwrite loads its validator as usual)."""
    if MODULE in sys.modules or "svgwrite" in sys.modules:
        return
    path = validator_file()
    if path is not None:
        sys.modules[MODULE] = _stand_in(path)


def validator_file() -> Path | None:
    """Where svgwrite's validator module lies, found without importing svgwrite."""
    top = importlib.util.find_spec("svgwrite")
    if top is None or not top.submodule_search_locations:
        return None
    path = Path(next(iter(top.submodule_search_locations))) / "data" / "svgparser.py"
    return path if path.is_file() else None


def _stand_in(path: Path) -> types.ModuleType:
    stand_in = types.ModuleType(MODULE, "Stands for svgwrite's validator until it is used.")
    loaded: list[types.ModuleType] = []

    def real() -> types.ModuleType:
        if not loaded:
            spec = importlib.util.spec_from_file_location(MODULE, path)
            assert spec is not None and spec.loader is not None
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            loaded.append(module)
            sys.modules[MODULE] = module
        return loaded[0]

    def check(name: str) -> Callable[[str], bool]:
        def deferred(term: str) -> bool:
            return bool(getattr(real(), name)(term))
        deferred.__name__ = name
        return deferred

    for name in CHECKS:
        setattr(stand_in, name, check(name))

    def other(name: str) -> object:
        if name.startswith("__"):  # the import system asks for __path__ and the like
            raise AttributeError(name)
        return getattr(real(), name)

    setattr(stand_in, "__getattr__", other)  # noqa: B010
    return stand_in
