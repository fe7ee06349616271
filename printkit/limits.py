"""Limits on what printkit reads and makes, so hostile or mistaken input stays harmless.

Every input is untrusted: a definition, a data table, a template, an example file, a
command-line value.  Each limit has a name, a default that no real game comes near, and
a clear error that names the limit and how to raise it::

    decks/mine.yaml:12:5: error: 10000000 cards is over the limit of 10000 cards
    (raise it with --limit cards=N)

Limits are set once per run from the command line (``--limit cards=20000``, repeatable)
and read where they apply through :func:`current`.  Two of them bound a whole command: the
``printkit`` command stops cleanly when it needs more than ``memory`` bytes (1 GB) or runs
longer than ``seconds``; the other defaults keep every shipped game and example, at any
``--dpi`` and ``--paper`` they allow, well under both.

>>> current().cards
10000
>>> with using(parse_limits(["cards=20"])):
...     current().cards
20
>>> over("cards", 25000, "cards")
'25000 cards is over the limit of 10000 cards (raise it with --limit cards=N)'
"""

from __future__ import annotations

import contextlib
import contextvars
import dataclasses
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from printkit.errors import DefinitionError, Location, Problem, did_you_mean


@dataclass(frozen=True)
class Limits:
    """The limits of one run (each a whole number)."""

    memory: int = 1_000_000_000
    """Bytes of memory one whole command may take, its worker processes included (enforced
    by the ``printkit`` command on systems with ``RLIMIT_DATA``, such as Linux)."""
    seconds: int = 600
    """Seconds one whole command may run (``preview`` serves until it is stopped: untimed)."""
    paper_area: int = 2_000_000
    """Square millimetres of one sheet of paper given with ``--paper`` or ``--board-paper``
    (2A0, 1189 x 1682 mm, is just under)."""
    png_pixels: int = 150_000_000
    """Pixels of one picture that ``export png`` draws (the whole board of the largest
    Stars and Stripes variant at 300 dpi has 146 million)."""
    png_pixels_total: int = 1_000_000_000
    """Pixels of all the pictures of one ``export png`` together, so that its time stays
    within ``seconds`` however many faces a kit has (about 200 s here for a billion; the
    White Star kit at 1200 dpi has 700 million)."""
    file_size: int = 8_000_000
    """Bytes of one input file (definition, data table, template, example file, image)."""
    yaml_depth: int = 40
    """How deeply YAML mappings and lists may nest."""
    yaml_nodes: int = 200_000
    """Values in one YAML file, counting every use of an alias (stops "alias bombs")."""
    yaml_alias_text: int = 10_000_000
    """Characters of text that aliases repeat in one YAML file: each use of a value after
    the first counts every text in it again (160,000 uses of a 99,000-character text would
    be 16 billion characters for the rest of printkit to read)."""
    svg_numbers: int = 100_000
    """Numbers in the shapes of one SVG drawing (path data, points, lengths, transforms): the
    work of drawing it, which is done again for each different face that shows it."""
    svg_numbers_total: int = 10_000_000
    """Numbers in the shapes of all the different drawings (icons and SVG images) of one
    definition together: each is drawn once into each PDF of a kit, so this bounds the
    work of a build however many faces show them (100 different drawings of 100,000
    numbers, on 100 faces, took 69 s and 450 MB to build here)."""
    svg_elements: int = 50_000
    """Shapes and groups in one SVG drawing."""
    svg_depth: int = 40
    """How deeply the groups of one SVG drawing may nest."""
    integer: int = 1_000_000_000
    """The largest whole number (either sign) a definition or an option may give."""
    text: int = 100_000
    """Characters in one text value."""
    expression: int = 1_000
    """Characters in one ``when:`` test of a face group (an expression over the parameters,
    read by printkit's own small reader)."""
    text_total: int = 5_000_000
    """Characters of text all the faces of one definition lay out together: fitting text
    to its box is most of the work of drawing a face (200 faces of 37,000 characters each,
    7.4 million, took 55 s to check and 50 s to build here)."""
    cards: int = 10_000
    """Cards in one kit, copies included."""
    faces: int = 2_000
    """Different card faces in one kit."""
    board: int = 41
    """Squares (or spaces) along one side of a board."""
    template_seconds: int = 20
    """Seconds a booklet template may take to render."""
    output: int = 500_000_000
    """Bytes of all the files of one kit together."""
    image_pixels: int = 50_000_000
    """Pixels (width x height) of one PNG or JPEG image, read from its header before it is
    decoded; images are decoded one at a time, in at most 4 bytes a pixel (200 MB)."""
    image_pixels_total: int = 200_000_000
    """Pixels of all the different PNG and JPEG images of one definition together: each is
    decoded once by ``check`` and once by ``build``, so this bounds their work."""
    image_bytes_total: int = 64_000_000
    """Bytes of all the different image files of one definition together (they are held
    while the faces are drawn)."""
    data_cells: int = 500_000
    """Cells of one data table (CSV, tab-separated or workbook), counted as it is read."""
    template_value: int = 1_000_000
    """Characters of one text, items of one list or digits of one number that a booklet
    template makes; each operation's result is sized from its arguments before it is made."""
    template_output: int = 1_000_000
    """Characters a booklet template writes in all, counted as they are written (text
    written into a macro or a captured block counts too)."""
    template_total: int = 20_000_000
    """Characters, list items and digits of all the values one rendering of a booklet template
    makes, added up as they are made (what bounds the memory and work it may take)."""

    cache_bytes: int = 1_000_000_000
    """Bytes the rendering cache (``~/.cache/printkit``) may keep on disk: after a build or
    preview that stored anything, the least recently used entries are removed until it is
    within this (``--no-cache`` uses no cache at all)."""

    def option(self, name: str) -> str:
        """How to raise the limit called ``name`` on the command line."""
        return f"--limit {name.replace('_', '-')}=N"


DEFAULTS = Limits()
NAMES = tuple(f.name.replace("_", "-") for f in dataclasses.fields(Limits))
"""The limit names as the command line writes them."""

_CURRENT: contextvars.ContextVar[Limits] = contextvars.ContextVar("limits", default=DEFAULTS)


def current() -> Limits:
    """The limits of this run."""
    return _CURRENT.get()


@contextlib.contextmanager
def using(limits: Limits) -> Iterator[Limits]:
    """Apply ``limits`` for the duration of a ``with`` block."""
    token = _CURRENT.set(limits)
    try:
        yield limits
    finally:
        _CURRENT.reset(token)


def over(name: str, value: object, unit: str = "") -> str:
    """The message for ``value`` exceeding the limit ``name`` (counted in ``unit``)."""
    limit = getattr(current(), name.replace("-", "_"))
    words = f" {unit}" if unit else ""
    return (f"{value}{words} is over the limit of {limit}{words} "
            f"(raise it with {current().option(name)})")


def beyond(name: str, what: str, unit: str = "") -> str:
    """The message for ``what`` (a phrase) going past the limit ``name``.

    >>> beyond("cards", "this makes 20000 cards", "cards")
    'this makes 20000 cards, past the limit of 10000 cards (raise it with --limit cards=N)'
    """
    limit = getattr(current(), name.replace("-", "_"))
    words = f" {unit}" if unit else ""
    return f"{what}, past the limit of {limit}{words} (raise it with {current().option(name)})"


def parse_limits(texts: Sequence[str], base: Limits = DEFAULTS) -> Limits:
    """Limits from ``NAME=N`` texts (``--limit cards=20000``); every mistake reported."""
    values: dict[str, int] = {}
    problems = []
    for text in texts:
        name, sep, raw = text.partition("=")
        key = name.strip().lower()
        where = Location("<command line>", 1, 1, f"--limit {text}", len(text) + 8)
        if not sep or key not in NAMES:
            problems.append(Problem(f"--limit expects NAME=N with NAME one of "
                                    f"{', '.join(NAMES)}, not {text!r}"
                                    + did_you_mean(key, NAMES), where))
            continue
        raw = raw.strip().replace("_", "")
        if not raw.isascii() or not raw.isdigit() or len(raw) > 15 or int(raw) < 1:
            problems.append(Problem(f"--limit {key} must be a whole number from 1 up, "
                                    f"not {raw!r}", where))
            continue
        values[key.replace("-", "_")] = int(raw)
    if problems:
        raise DefinitionError(problems)
    return dataclasses.replace(base, **values)
