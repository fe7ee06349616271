"""The ``--set KEY=VALUE`` options of a command, parsed once into typed values.

The command line reads them (:func:`parse_settings`) and hands every layer the same
:data:`Settings`: the definition loader, which applies dotted keys to the file and plain
keys to the game's parameters, the build, the check, the exports, the preview and the
simulator.  No layer below the commands splits a ``KEY=VALUE`` text again.

>>> [str(s) for s in parse_settings(["players=3", " decks = 2 "])]
['players=3', 'decks=2']
>>> parse_settings(["players=3"])[0].value
3
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from printkit import yamlsource
from printkit.errors import DefinitionError, Location, Problem

COMMAND_LINE = "<command line>"
"""How messages name the command line as the place a value was written."""


class OptionError(DefinitionError):
    """A command-line option's value is malformed (a usage error: exit status 2)."""


@dataclass(frozen=True)
class Setting:
    """One ``--set KEY=VALUE``: the key and the value as written (stripped of spaces), and
    where it was written, for messages."""

    key: str
    text: str
    where: Location

    @property
    def value(self) -> object:
        """The value read as YAML reads a value (``2`` is a number, ``true`` a flag, ``[4,
        3]`` a list), so a table of values reaches the rules and the definition alike; a
        mapping, or text YAML cannot read, stays text."""
        try:
            doc = yamlsource.parse(self.text, COMMAND_LINE) if self.text else None
        except DefinitionError:
            return self.text
        value = doc.data if doc is not None else ""
        return value if not isinstance(value, dict) else self.text

    @property
    def dotted(self) -> bool:
        """Whether the key is a path into the definition (``print.paper``) rather than one
        of the game's parameters."""
        return "." in self.key

    def __str__(self) -> str:
        return f"{self.key}={self.text}"


Settings = tuple[Setting, ...]
"""The ``--set`` options of a command, in the order written."""


def parse_settings(texts: Sequence[str]) -> Settings:
    """``KEY=VALUE`` texts as settings; raises :class:`OptionError` naming every malformed
    one, and every key given twice with different values."""
    found: list[Setting] = []
    problems: list[Problem] = []
    seen: dict[str, str] = {}
    for text in texts:
        key, sep, value = text.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not key:
            problems.append(Problem(f"--set expects key=value, not {text!r}",
                                    Location(COMMAND_LINE, 1, 1, f"--set {text}", len(text))))
            continue
        if seen.get(key, value) != value:
            problems.append(Problem(f"--set {key}: given twice with different values",
                                    Location(COMMAND_LINE, 1, 7, f"--set {text}", len(text))))
            continue
        if key not in seen:
            seen[key] = value
            found.append(Setting(key, value,
                                 Location(COMMAND_LINE, 1, 7, f"--set {text}", len(text))))
    if problems:
        raise OptionError(problems)
    return tuple(found)


__all__ = ["COMMAND_LINE", "OptionError", "Setting", "Settings", "parse_settings"]
