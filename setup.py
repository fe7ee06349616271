"""The package list: every package under printkit/, plus the two data packages that live at
the top of the checkout (see ``[tool.setuptools.package-dir]`` in pyproject.toml).  And the
one compiled part: Stars and Stripes' playout core, turned into C by mypyc (the same code,
the same games, 1.6 to 1.7 times the moves per second on the 7x7 board) where a C compiler
is found; where none is, or mypyc fails, a warning says so (``pip install -v`` shows it)
and the module runs as Python, as it does with ``PRINTKIT_PURE_PYTHON=1`` in the
environment.  Everything else about the build is in pyproject.toml.

Beside each compiled module the build writes the SHA-256 of every source it was built from
(``core.mypyc-source``, see ``printkit/rules/compiled.py``): the compiled module runs only
while those sources are unchanged, so an edit to an editable install is never shadowed by
an older compiled build.  A compiled module left by an earlier build is removed before each
build, so a build whose compile fails leaves none.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

from setuptools import Extension, find_packages, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
COMPILED = ("printkit/games/stars_and_stripes/core.py",)
"""The modules compiled with mypyc (paths from the checkout's top)."""
RECORD_SUFFIX = ".mypyc-source"  # as printkit.rules.compiled.RECORD_SUFFIX
PLACEHOLDER = Extension("printkit._compiled_placeholder", sources=[])
"""Tells setuptools that the build has compiled parts; replaced by mypyc's at build time
(so that making the metadata never runs mypyc)."""


class BuildCompiled(build_ext):
    """Compile :data:`COMPILED` with mypyc, each module optional, and record their sources'
    digests."""

    def finalize_options(self) -> None:
        extensions = _mypyc_extensions()
        for extension in extensions:
            extension.optional = True  # a failed compile leaves the module as Python
        self.distribution.ext_modules = extensions
        super().finalize_options()

    def run(self) -> None:
        records = [self._record_path(path) for path in COMPILED]
        for stale in [*records, *(Path(self.get_ext_fullpath(e.name))
                                  for e in self.extensions)]:
            stale.unlink(missing_ok=True)  # a failed compile must not leave an older build
        if not self.extensions:
            return
        super().run()
        if not all(Path(self.get_ext_fullpath(e.name)).is_file() for e in self.extensions):
            return  # the modules stay Python
        compiled = _compiled_rules()
        for path, record in zip(COMPILED, records, strict=True):
            record.write_text(compiled.record_text(HERE, _module(path)), encoding="ascii")

    def _record_path(self, path: str) -> Path:
        folder = Path(self.get_ext_fullpath(_module(path))).parent
        return folder / (Path(path).stem + RECORD_SUFFIX)

    def get_outputs(self) -> list[str]:
        outputs = [o for o in super().get_outputs() if "_compiled_placeholder" not in o]
        outputs.extend(str(record) for record in map(self._record_path, COMPILED)
                       if record.is_file())
        return outputs


def _module(path: str) -> str:
    """The module name of a path of :data:`COMPILED`."""
    return path.removesuffix(".py").replace("/", ".")


def _compiled_rules() -> Any:
    """``printkit/rules/compiled.py``, loaded by its path (it needs only the standard
    library; printkit itself cannot be imported in the build's environment)."""
    spec = importlib.util.spec_from_file_location(
        "printkit_compiled_rules", HERE / "printkit" / "rules" / "compiled.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _mypyc_extensions() -> list[Extension]:
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("warning: mypyc is not installed: Stars and Stripes' core stays Python",
              file=sys.stderr)
        return []
    try:
        return list(mypycify([*COMPILED, "--ignore-missing-imports",
                              "--follow-imports=silent"], opt_level="3"))
    except (Exception, SystemExit) as exc:  # a type error stops mypyc with SystemExit
        print(f"warning: mypyc could not compile {', '.join(COMPILED)} ({exc}): it stays "
              "Python", file=sys.stderr)
        return []


setup(packages=[*find_packages(include=["printkit", "printkit.*"]),
                "printkit.decks", "printkit.templates"],
      ext_modules=[PLACEHOLDER],
      cmdclass={"build_ext": BuildCompiled})
