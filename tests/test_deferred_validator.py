"""svgwrite's validator is loaded only when a drawing asks to be validated
(printkit.render.deferred_validator), and validates exactly as svgwrite's own."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest
import svgwrite

from printkit.render import deferred_validator

SAMPLES = {
    "is_valid_transferlist": ["rotate(30)", "translate(1, 2) scale(3)", "matrix(1 0 0 1 0 0)",
                              "foo(1)", "rotate(", ""],
    "is_valid_pathdata": ["M 0 0 L 10 10 Z", "M0,0 C1,1 2,2 3,3", "m 1 1 a 5 5 0 1 0 2 2",
                          "X 0 0", "M", "L 1 1"],
    "is_valid_animation_timing": ["2s", "click", "indefinite", "01:02:03.5", "nonsense("],
}


def _real_module() -> object:
    path = deferred_validator.validator_file()
    assert path is not None
    spec = importlib.util.spec_from_file_location("real_svgparser", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_importing_printkit_and_drawing_leaves_the_validator_unloaded() -> None:
    script = ("import sys\n"
              "import printkit.render.svg\n"
              "from printkit.render.kinds import face_kinds\n"
              "face_kinds()\n"
              f"module = sys.modules[{deferred_validator.MODULE!r}]\n"
              "print('build_pathdata_parser' in vars(module))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "False", done.stderr


@pytest.mark.parametrize("name", deferred_validator.CHECKS)
def test_the_stand_in_judges_as_svgwrite_does(name: str) -> None:
    path = deferred_validator.validator_file()
    assert path is not None
    stand_in = deferred_validator._stand_in(path)  # a fresh one, its module not yet loaded
    real = _real_module()
    for term in SAMPLES[name]:
        assert getattr(stand_in, name)(term) == getattr(real, name)(term), term


def test_a_drawing_made_to_validate_still_refuses_bad_values() -> None:
    drawing = svgwrite.Drawing(debug=True)
    drawing.add(drawing.g(transform="rotate(3)"))
    with pytest.raises(TypeError, match="not a valid value"):
        drawing.add(drawing.g(transform="foo(1)"))


def test_the_import_system_is_not_made_to_load_it() -> None:
    stand_in = deferred_validator._stand_in(Path("/nonexistent/svgparser.py"))
    assert not hasattr(stand_in, "__path__")  # asked by every "from ... import"
    with pytest.raises(FileNotFoundError):
        stand_in.is_valid_pathdata("M 0 0")  # a real call does load it
