"""Whose bug is it: printkit's, or a game plugin's installed from another package?

An exception that escapes a command is a bug.  When it was raised inside the code of a game
installed from another distribution (its face kinds, its engine, its booklet phrases), the
report names that plugin with its distribution and version, so that it reaches the people
who can fix it; the games printkit ships are printkit's own, and their bugs are printkit's.
"""

from __future__ import annotations

import importlib.util
import os
import re
import sys
import traceback
from collections.abc import Iterable
from dataclasses import dataclass

from printkit import plugins
from printkit.plugins import Distribution


@dataclass(frozen=True)
class Culprit:
    """The game plugin an exception was raised in."""

    game: str | None
    """The game, or ``None`` when several games of the distribution share the code."""
    distribution: Distribution | None

    def __str__(self) -> str:
        if self.game is None:
            return f"game plugins of {self.distribution}"
        shown = f" ({self.distribution})" if self.distribution is not None else ""
        return f"game plugin {self.game!r}{shown}"


_REMOTE_FILE = re.compile(r'^\s*File "([^"]+)", line \d+', re.MULTILINE)
"""A frame of a traceback sent back as text (by a worker process)."""


def blame(exc: BaseException) -> Culprit | None:
    """The game plugin from another distribution whose code raised ``exc``, if any.

    The files of the traceback's frames (of its causes and contexts too, and of a traceback
    a worker process sent back as text) are matched with the places of the installed
    plugins that printkit does not ship; the innermost frame inside one decides.  It never
    raises, as it serves the handler of internal errors: when the question cannot be
    answered, the answer is ``None``.
    """
    try:
        places = _plugin_places()
        culprit: Culprit | None = None
        for file in _traceback_files(exc) if places else ():
            culprit = next((c for place, c in places if _inside(file, place)), culprit)
        return culprit
    except Exception:  # the report of an internal error must not fail: say what we can
        return None


def _plugin_places() -> list[tuple[str, Culprit]]:
    """Where the plugins' code is, the most telling first: the file of each part's module a
    loaded plugin has imported (that part's game), then the folder of each loaded plugin's
    package (or the file of a plugin of one module), then that of every installed plugin,
    found without importing it (a worker process may have loaded it instead).  A folder
    that several games share names only their distribution."""
    places: list[tuple[str, Culprit]] = []
    sharing: dict[str, list[Culprit]] = {}
    for plugin in plugins.loaded():
        found = plugins.distribution(plugin.name)
        if found is not None and found.name == plugins.OWN_DISTRIBUTION:
            continue
        culprit = Culprit(plugin.name, found)
        for part in plugins.PARTS:
            module = sys.modules.get(plugins.part_module(plugin, part) or "")
            file = getattr(module, "__file__", None)
            if isinstance(file, str):
                places.append((os.path.abspath(file), culprit))
        module = sys.modules.get(plugin.package)
        for place in _places(getattr(module, "__path__", None),
                             getattr(module, "__file__", None)):
            sharing.setdefault(place, []).append(culprit)
    for game, module_name, dist in plugins.installed_elsewhere():
        try:
            spec = importlib.util.find_spec(module_name.partition(".")[0])
        except (ImportError, ValueError):
            continue
        if spec is not None:
            for place in _places(spec.submodule_search_locations, spec.origin):
                sharing.setdefault(place, []).append(Culprit(game, dist))
    for place, culprits in sharing.items():
        alone = len({c.game for c in culprits}) == 1
        places.append((place, culprits[0] if alone else Culprit(None,
                                                                 culprits[0].distribution)))
    return places


def _places(paths: Iterable[str] | None, file: str | None) -> list[str]:
    """A package's folders, each with a trailing separator, or a module's file."""
    if paths is not None:
        return [os.path.join(os.path.abspath(str(path)), "") for path in paths]
    if isinstance(file, str):
        return [os.path.abspath(file)]
    return []


def _inside(file: str, place: str) -> bool:
    return file.startswith(place) if place.endswith(os.sep) else file == place


def _traceback_files(exc: BaseException) -> list[str]:
    """The file of every frame of ``exc`` and of the exceptions behind it, the first raised
    first, so that the last file is the innermost frame of the last exception."""
    chain: list[BaseException] = []
    current: BaseException | None = exc
    while current is not None and all(current is not seen for seen in chain):
        chain.append(current)
        current = current.__cause__ if current.__cause__ is not None else (
            None if current.__suppress_context__ else current.__context__)
    files: list[str] = []
    for link in reversed(chain):
        if type(link).__name__ == "_RemoteTraceback":  # concurrent.futures' text of it
            files += [os.path.abspath(m) for m in _REMOTE_FILE.findall(str(link))]
        files += [os.path.abspath(frame.f_code.co_filename)
                  for frame, _ in traceback.walk_tb(link.__traceback__)]
    return files
