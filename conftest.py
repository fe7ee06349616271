"""Collection for the whole checkout (the tests' own fixtures are in tests/conftest.py).

A module compiled with mypyc (see ``printkit/rules/compiled.py``) is imported in its
compiled form, so pytest cannot collect its source for doctests (the imported module's
file is not the file collected).  Such a module holds no doctests
(``tests/test_compiled_core.py`` checks), so its source is left out of the collection.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.rules.compiled import has_compiled


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """Leave out a module's source when a compiled form of it lies beside it."""
    if collection_path.suffix == ".py" and has_compiled(collection_path.parent,
                                                        collection_path.stem):
        return True
    return None
