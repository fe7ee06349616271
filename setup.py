"""The package list: every package under printkit/, plus the two data packages that live at
the top of the checkout (see ``[tool.setuptools.package-dir]`` in pyproject.toml).  And the
one compiled part: Stars and Stripes' playout core, turned into C by mypyc (the same code,
the same games, about 1.7 times the moves per second) where a C compiler is found; where
none is, or mypyc fails, a warning says so and the module runs as Python, as it does with
``PRINTKIT_PURE_PYTHON=1`` in the environment.  Everything else about the build is in
pyproject.toml.

Beside each compiled module the build writes the SHA-256 of the source it compiled
(``core.mypyc-source``): ``printkit.rules.compiled`` runs the compiled module only while the
source beside it is that source, so an edit to an editable install's source is never
shadowed by an older compiled build.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

from setuptools import Extension, find_packages, setup
from setuptools.command.build_ext import build_ext

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
        if not self.extensions:
            return
        super().run()
        built = all(Path(self.get_ext_fullpath(e.name)).is_file() for e in self.extensions)
        for path in COMPILED:
            module = path.removesuffix(".py").replace("/", ".")
            record = Path(self.get_ext_fullpath(module)).parent / (
                Path(path).stem + RECORD_SUFFIX)
            if built:
                digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()
                record.write_text(digest + "\n", encoding="ascii")
            else:
                record.unlink(missing_ok=True)

    def get_outputs(self) -> list[str]:
        outputs = [o for o in super().get_outputs() if "_compiled_placeholder" not in o]
        for path in COMPILED:
            module = path.removesuffix(".py").replace("/", ".")
            record = Path(self.get_ext_fullpath(module)).parent / (
                Path(path).stem + RECORD_SUFFIX)
            if record.is_file():
                outputs.append(str(record))
        return outputs


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
