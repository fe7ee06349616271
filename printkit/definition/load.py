"""Load a game definition: safe YAML, the schema, the variant, ``--set`` overrides.

Every problem found anywhere in the file (and in the overrides) is collected and raised
together as one :class:`~printkit.errors.DefinitionError`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, cast

from printkit import yamlsource
from printkit.definition.backs import BackResolver, read_back
from printkit.definition.components import check_group_ids, read_components
from printkit.definition.content import read_content
from printkit.definition.faces import expand_faces, kind_options
from printkit.definition.game_schema import GAME
from printkit.definition.model import Definition, PrintSettings, Variant
from printkit.definition.options import Kinds, KindSource
from printkit.definition.parameters import resolve as resolve_parameters
from printkit.definition.parameters import substitute as substitute_parameters
from printkit.definition.schema import Checker
from printkit.definition.setpath import set_path
from printkit.definition.sheetwords import sheet_words_problems
from printkit.definition.sizes import PRESETS
from printkit.definition.tuckbox import read_tuckbox
from printkit.errors import DefinitionError, Location, Problem, did_you_mean, sort_problems
from printkit.settings import COMMAND_LINE, Settings
from printkit.units import MM

MAX_DECKS = 26

ParameterCheck = Callable[[str, Mapping[str, object]], Sequence[tuple[str, str]]]
"""(rules engine name, parameters) -> (key, message) for each bad parameter."""
def load_definition(
    path: Path | str,
    *,
    variant: str | None = None,
    overrides: Settings = (),
    display: str | None = None,
    check_parameters: ParameterCheck | None = None,
    kinds: KindSource,
) -> Definition:
    """Read, check and resolve a definition; raises :class:`DefinitionError`.

    ``check_parameters`` (from a layer that knows the rules engine) returns
    ``(key, message)`` pairs for the resolved parameters; they are reported at the place
    where each key was written, together with every other problem in the file.  ``kinds``
    are the face and back kinds the definition may name (from the layers that know the
    renderers and the installed games), or a function giving them for the definition's
    ``game:``, called once that has been read: each game's kinds are its own.
    """
    path = Path(path)
    doc = yamlsource.load(path, display)
    if not isinstance(doc.data, dict):
        raise DefinitionError([doc.problem((), "a game definition must be a mapping of keys")])
    problems: list[Problem] = []
    # --set: dotted keys change the file's data; plain keys are variant parameters.
    parameter_overrides: dict[str, tuple[object, Location]] = {}
    for setting in overrides:
        if setting.dotted:
            message = set_path(doc, setting.key, setting.value, setting.where, GAME.fields)
            if message:
                problems.append(Problem(message, setting.where))
        else:
            parameter_overrides[setting.key] = (setting.value, setting.where)

    # parameters: file < variant < --set; face groups may take their values from them
    resolved = resolve_parameters(doc, variant, parameter_overrides)
    substitute_parameters(doc, resolved, problems)

    checker = Checker(doc)
    data = cast(dict[str, Any], GAME.check(doc.data, (), checker))
    problems.extend(checker.problems)
    if data is None:
        raise DefinitionError(problems)
    if not isinstance(kinds, Kinds):
        kinds = kinds(str(data.get("game") or ""))
    # kind-specific options, built into each kind's typed options
    face_groups = [f for f in (data.get("faces") or ()) if f]
    for index, group in enumerate(face_groups):
        group["options"] = kind_options(doc, kinds.faces, group.get("kind"),
                                        group.get("options"), ("faces", index), problems)
    deck_back = read_back(doc, data.get("back") or {}, ("back",), kinds, problems)

    parameters = resolved.values
    locations = resolved.locations
    variants = tuple(
        Variant(name, spec.get("description") or "", dict(spec.get("parameters") or {}))
        for name, spec in (data.get("variants") or {}).items() if spec)
    if variant is not None:
        chosen = next((v for v in variants if v.name == variant), None)
        if chosen is None:
            names = [v.name for v in variants]
            listed = ", ".join(names) if names else "none"
            problems.append(Problem(f"{doc.file} has no variant {variant!r}"
                                    + did_you_mean(variant, names) + f"; variants: {listed}",
                                    Location(COMMAND_LINE, 1, 11, f"--variant {variant}",
                                             len(variant))))

    deck_count = 1
    deck_param = data.get("deck_count_parameter") or ""
    if deck_param:
        value = parameters.get(deck_param)
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_DECKS:
            where = locations.get(deck_param, doc.where(("deck_count_parameter",)))
            problems.append(Problem(f"parameter {deck_param!r} must be a whole number from 1 "
                                    f"to {MAX_DECKS}, not {value!r}", where))
        else:
            deck_count = value

    if check_parameters is not None and data.get("rules"):
        for key, message in check_parameters(data["rules"], parameters):
            where = locations.get(key) or doc.where(("parameters",), key=True)
            problems.append(Problem(message, where))

    written_card = doc.data.get("card")
    if face_groups and isinstance(written_card, dict) and "size" not in written_card:
        problems.append(doc.problem(("card",), "missing required key 'size' in 'card'",
                                    key=True))
    elif face_groups and not isinstance(written_card, dict):
        problems.append(doc.problem(("faces",), "the cards need a size: add 'card: {size: "
                                    "poker}' (or bridge, mini, tarot, '63mm x 88mm'...)",
                                    key=True))
    if not face_groups and not data.get("components") and "board" not in doc.data:
        problems.append(doc.problem((), "this definition prints nothing: give it 'faces' "
                                    "(a deck of cards), 'components' (tokens, sheets, boards, "
                                    "more cards) or a 'board'"))
    content = read_content(doc, data, problems, folder=path.parent)
    check_group_ids(doc, face_groups, problems)
    backs = BackResolver(doc, content, kinds, deck_back, problems)
    faces = expand_faces(doc, face_groups, deck_count, kinds, problems, content=content,
                         backs=backs)
    components = read_components(doc, data, problems, kinds=kinds, content=content)
    # one problem a character, every card named
    glyphs = [*content.glyphs.problems(), *sheet_words_problems(doc, data, content, kinds)]
    font = (data.get("style") or {}).get("font") or "Vera"
    if problems:
        raise DefinitionError(sort_problems([*problems, *glyphs]))

    card = data["card"]
    pr = data["print"]
    size = card["size"] or tuple(side * MM for side in PRESETS["poker"])
    back = backs.deck_back()
    definition = Definition(
        path=path,
        game=data["game"],
        title=data["title"],
        summary=data.get("summary") or "",
        rules=data.get("rules"),
        variant=variant,
        parameters=parameters,
        parameter_locations=locations,
        variants=variants,
        card_width=size[0],
        card_height=size[1],
        safe_margin=card["safe_margin"],
        font=font,
        accent=data["style"]["accent"],
        faces=faces,
        deck_count=deck_count,
        back_kind=back.kind,
        back_options=back.options,
        print=PrintSettings(
            paper=pr["paper"], bleed=pr["bleed"], margin=pr["margin"], gutter=pr["gutter"],
            duplex=pr["duplex"], crop_mark_length=pr["crop_mark_length"],
            crop_mark_offset=pr["crop_mark_offset"]),
        board=(data.get("board") or {}) if "board" in doc.data else {},
        booklet=data.get("booklet") or {},
        sections={key: doc.where((key,), key=True) for key in doc.data},
        content=content,
        components=components,
        group_backs=backs.group_backs,
        back_owner=back.owner,
        card_size_at=doc.where(("card", "size")),
        tuckbox=read_tuckbox(doc, data.get("tuckbox")),
    )
    if glyphs:
        raise GlyphsMissing(sort_problems(glyphs), definition)
    return definition


class GlyphsMissing(DefinitionError):
    """The only problems of a definition are characters its fonts lack: the definition is
    whole otherwise (:attr:`definition`), so that its booklet can be checked for the same
    kind of problem and every one reported at once."""

    def __init__(self, problems: Sequence[Problem], definition: Definition) -> None:
        super().__init__(problems)
        self.definition = definition
