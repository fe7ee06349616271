"""The package list: every package under printkit/, plus the two data packages that live at
the top of the checkout (see ``[tool.setuptools.package-dir]`` in pyproject.toml).
Everything else about the build is in pyproject.toml."""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["printkit", "printkit.*"]),
                "printkit.decks", "printkit.templates"])
