"""Typed options of a face or back kind, declared once as a frozen dataclass.

Each field of the options class says what the definition language accepts for it (a schema
node from :mod:`printkit.definition.schema`) and its default, through :func:`option`; the schema
record that checks a definition's ``options:`` mapping, and its JSON Schema, are derived
from the class.  After checking, the mapping becomes an instance of the class, so renderers
read typed attributes (``options.background``) instead of converting loose values.

>>> from printkit.definition.schema import Colour, Flag
>>> @dataclasses.dataclass(frozen=True)
... class Plain:
...     background: str = option(Colour("card colour"), "#ffffff")
...     numerals: bool = option(Flag("print corner numbers"), True)
>>> spec = OptionsSpec("plain", "A plain card.", Plain)
>>> sorted(spec.record.fields)
['background', 'numerals']
>>> spec.build({"background": "#000000", "numerals": False})
Plain(background='#000000', numerals=False)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Generic, TypeAlias, TypeVar

from printkit.definition.model import AttributeValue
from printkit.definition.schema import Field, Node, Record

OptionsT = TypeVar("OptionsT")


def option(node: Node, default: Any) -> Any:
    """A dataclass field of an options class: ``node`` checks it, ``default`` when absent."""
    return dataclasses.field(default=default, metadata={"schema": node})


AttributeCheck = Callable[[Mapping[str, AttributeValue]], str | None]
"""Checks one face's attributes (``{"stars": 3, "stripes": 5}``); returns what is wrong."""


@dataclass(frozen=True)
class OptionsSpec(Generic[OptionsT]):
    """A kind's name, what it is for, the class of its options and, optionally, a check of
    the attributes each face of the kind must have (run when the definition is loaded, so
    ``check`` refuses what drawing would fail on)."""

    name: str
    description: str
    options: type[OptionsT]
    check_attributes: AttributeCheck | None = dataclasses.field(default=None, kw_only=True)

    def __post_init__(self) -> None:
        for spec in dataclasses.fields(self.options):  # type: ignore[arg-type]
            if "schema" not in spec.metadata:
                raise TypeError(f"option {spec.name!r} of {self.name!r} has no schema: "
                                "declare it with option(node, default)")

    @cached_property
    def record(self) -> Record:
        """The schema of an ``options:`` mapping of this kind."""
        fields = {spec.name: Field(spec.metadata["schema"], default=spec.default)
                  for spec in dataclasses.fields(self.options)}  # type: ignore[arg-type]
        return Record(fields=fields, description=self.description)

    def build(self, values: Mapping[str, object]) -> OptionsT:
        """The options from a mapping that :attr:`record` has checked (defaults filled)."""
        return self.options(**values)

    def defaults(self) -> OptionsT:
        """The options with every default."""
        return self.options()


@dataclass(frozen=True)
class Kinds:
    """The face and back kinds a definition may name (gathered by the layers above, which
    know the renderers and the installed games): printkit's generic kinds and those of the
    definition's own game, each kind with the game that declares it."""

    faces: Mapping[str, OptionsSpec[Any]]
    backs: Mapping[str, OptionsSpec[Any]]
    face_owners: Mapping[str, str] = dataclasses.field(default_factory=dict)
    """The game declaring each face kind that is not generic, by kind name."""
    back_owners: Mapping[str, str] = dataclasses.field(default_factory=dict)
    """The game declaring each back kind that is not generic, by kind name."""


KindSource: TypeAlias = Kinds | Callable[[str], Kinds]
"""The kinds of a definition, or how to find them from its ``game:`` once that is read."""
