"""The schema of a game definition file (``decks/<game>.yaml``)."""

from __future__ import annotations

from printkit.definition import components, content, faces, groupwhen, variantnames
from printkit.definition.backs import BACK
from printkit.definition.board_schema import BOARD
from printkit.definition.fieldnames import FieldNames
from printkit.definition.language import DEFAULT_LANGUAGE, Language
from printkit.definition.papers import PaperName
from printkit.definition.schema import (
    Colour,
    Field,
    Flag,
    IntRange,
    Length,
    ListOf,
    MapOf,
    Number,
    Record,
    Scalar,
    Text,
)
from printkit.definition.sizes import CardSize
from printkit.definition.tuckbox import TUCKBOX
from printkit.definition.variantnames import VariantNames
from printkit.units import MOST_BLEED

_MM = 72 / 25.4
NAME = r"[a-z0-9][a-z0-9-]*"
TEMPLATE_NAME = r"(?=.{0,100}$)([A-Za-z0-9][A-Za-z0-9._-]*/)*[A-Za-z0-9][A-Za-z0-9._-]*\.md\.j2"
"""A template's name: a relative path of plain names ending in .md.j2 (no '..')."""

PARAMETERS = MapOf(Scalar("a value"), description=(
    "Variant parameters, passed to the rules engine and used by the builder "
    "(for example players, decks, board_size). 'printkit build --set key=value' overrides."),
    key_pattern=r"[a-z][a-z0-9_]*")

FACE = Record(description="A group of card faces drawn by one renderer.", fields={
    "id": Field(Text("a short name for this group", pattern=NAME), required=True),
    "kind": Field(Text("the face kind that draws these cards ('printkit schema' lists them)",
                       pattern=NAME), required=True),
    "generate": Field(FieldNames(IntRange("values of one attribute"), description=(
        "Make one card for every combination of these attribute values (each attribute "
        "is a field, named as a column is)."))),
    "count": Field(Number("how many copies of each card in one deck", minimum=1,
                          maximum=1000), default=1),
    "per_deck": Field(Flag("repeat this group in every deck (with a deck mark) instead of "
                           "once for the whole game"), default=True),
    "name": Field(Text("file name pattern of each card, using {attribute} fields ({values}: "
                       "every attribute's value, joined by '-')"),
                  default="{id}"),
    "options": Field(MapOf(Scalar("an option")), default=None),
    **faces.GROUP_FIELDS,
    **components.group_fields(BACK),
    **groupwhen.GROUP_FIELDS,
})

CARD = Record(description="Card geometry.", fields={
    "size": Field(CardSize("trim size: poker, bridge, euro, mini, tarot, square (70 mm), "
                           "business, or WIDTH x HEIGHT", minimum=20 * _MM,
                           maximum=200 * _MM)),
    "safe_margin": Field(Length("keep text and symbols this far inside the cut line",
                                maximum=15 * _MM), default=3 * _MM),
})

STYLE = Record(description="Shared look of the printed pieces.", fields={
    "font": Field(Text("font family of text that names none: DejaVu Sans or Vera (shipped "
                       "with printkit) or a family from fonts:; embedded in every PDF.  "
                       "The words printkit prints for the game (sheet labels and titles, "
                       "back titles, assembly pages) use it too"),
                  default="DejaVu Sans"),
    "fallback": Field(ListOf(Text("a font family (shipped, or from fonts:)"),
                             description="font families tried in order, character by "
                             "character, for a character the text's own font lacks; DejaVu "
                             "Sans is always tried last.  Without it, such a character is "
                             "an error")),
    "accent": Field(Colour("colour of titles and marks on sheets"), default="#1f3a6e"),
    "language": Field(Language("the language of the game's words, for hyphenation "
                               "(hyphenate: true on a text element): a code such as en, de, "
                               "fr or pt_BR"), default=DEFAULT_LANGUAGE),
})

PRINT = Record(description="Defaults for printing; the build command's options override.",
               fields={
    "paper": Field(PaperName("a4, letter, a3, a2, a5, legal, tabloid, or WIDTH x HEIGHT "
                             "such as '300mm x 400mm' (as --paper takes)"), default="a4"),
    "bleed": Field(Length("artwork past the cut line", maximum=MOST_BLEED), default=3 * _MM),
    "margin": Field(Length("printer margin kept clear on every side", minimum=5 * _MM,
                           maximum=40 * _MM), default=5 * _MM),
    "gutter": Field(Length("least space between neighbouring cards (besides bleed)",
                           maximum=20 * _MM), default=0.0),
    "duplex": Field(Text("how backs are printed", choices=("long", "short", "none")),
                    default="long"),
    "crop_mark_length": Field(Length("length of each crop mark", minimum=1 * _MM,
                                     maximum=15 * _MM), default=4 * _MM),
    "crop_mark_offset": Field(Length("gap between a crop mark and the bleed edge",
                                     maximum=5 * _MM), default=1 * _MM),
})

VARIANT = Record(description="A named set of parameter values.", fields={
    "description": Field(Text("one line shown by 'printkit list'"), default=""),
    "parameters": Field(PARAMETERS, required=True),
})

GAME = Record(description="A printkit game definition.", fields={
    "game": Field(Text("identifier, the file name without .yaml", pattern=NAME), required=True),
    "title": Field(Text("the game's name as printed"), required=True),
    "rules": Field(Text("name of the rules engine, if the game has one", pattern=NAME)),
    "summary": Field(Text("one line describing the game"), default=""),
    "deck_count_parameter": Field(Text(
        "the parameter that says how many decks to build (empty: always one)"), default=""),
    "parameters": Field(PARAMETERS, default=None),
    "variants": Field(VariantNames(VARIANT, description=f"Each key is a variant's name "
                                   f"(--variant NAME): {variantnames.RULE}.",
                                   key_pattern=r"[^\s_A-Z-][^\s_A-Z]*"), default=None),
    "card": Field(CARD),
    "style": Field(STYLE),
    "faces": Field(ListOf(FACE, min_items=1, description=(
        "the main deck's face groups (leave out for a game of boards, tokens and sheets "
        "only)"))),
    "back": Field(BACK),
    "print": Field(PRINT),
    "board": Field(BOARD),
    "booklet": Field(Record(description="The rules booklet.", fields={
        "template": Field(Text("a Jinja template (NAME.md.j2) beside the definition (or in a "
                               "folder below it) or among the shipped templates; empty means "
                               "the game's own template, or '<game>.md.j2' beside the "
                               "definition if there is one, else no booklet",
                               pattern=TEMPLATE_NAME), default=""),
        "cover": Field(Colour("background of the cover page"), default="#1f3a6e"),
        "cover_ink": Field(Colour("colour of the words on the cover"), default="#ffffff"),
        "player_colours": Field(ListOf(Colour("a player's colour"), min_items=4, description=(
            "colours of each player's followers in diagrams, in seating order")),
            default=("#e69f00", "#009e73", "#cc79a7", "#56b4e9")),
    })),
    "tuckbox": Field(TUCKBOX),
    **content.FIELDS,
    **components.fields(FACE, BACK),
})
