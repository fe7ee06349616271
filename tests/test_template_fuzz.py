"""A quick fuzz of the booklet sandbox: random templates that combine large values with the
operators, filters, methods and engine calls a template can reach.

Every one must render or end with a located :class:`DefinitionError` (never another
exception), and the memory a rendering takes stays bounded.  A longer run of the same
generator (6,400 templates) found the holes that the tests of ``test_template_bounds.py``
now pin down.
"""

from __future__ import annotations

import random
import tracemalloc
from collections.abc import Mapping
from pathlib import Path

import pytest

from printkit import limits
from printkit.booklet.context import FILTERS, template_context
from printkit.booklet.environment import make_environment, render_template
from printkit.errors import DefinitionError
from printkit.kit.games import resolve

NUMBERS = ("3", "-1", "1000", "100000", "1000000", "1000000000", "2 ** 40")
ATOMS = ("'x' * {n}", "['x' * 100000] * {n}", "range({n})", "ns.v", "'ab\\tc\\n'", "{n}",
         "engine.names", "params", "'%s %d'", "'{{}}{{:>{n}}}'", "('<b>' | safe)", "{{'a': ns}}")
FILTERS_USED = (
    "center({n})", "indent({e})", "wordwrap({n}, true, {e})", "join({e})", "replace('x', {e})",
    "batch({n}, 0)", "slice({n}, {e})", "sum(start=[])", "list", "string", "tojson({n})",
    "pprint", "format({e}, {e})", "forceescape", "urlize({n}, target={e})", "truncate({n})",
    "sort", "unique", "map('center', {n})", "yaml", "join_words", "plural({e})", "dictsort",
    "attr({e})", "xmlattr", "length", "default({e})")
METHODS = ("center({n})", "ljust({n})", "zfill({n})", "expandtabs({n})", "replace('x', {e})",
           "join({e})", "format({e})", "translate({{120: {e}}})", "to_bytes({n}, 'big')",
           "count({e})", "startswith({e})", "split()")
ENGINE = ("square_text", "parse_state", "from_options", "format_state", "Params")
OPERATORS = ("+", "*", "~", "%", "**", "==", "in")


def expression(rng: random.Random, depth: int = 0) -> str:
    """A random expression, at most four levels deep."""
    def n() -> str:
        return rng.choice(NUMBERS)

    def e() -> str:
        return expression(rng, depth + 1)

    kind = rng.randrange(5) if depth < 3 else 0
    if kind == 0:
        return rng.choice(ATOMS).format(n=n())
    if kind == 1:
        return f"({e()} {rng.choice(OPERATORS)} {e()})"
    if kind == 2:
        return f"({e()} | {rng.choice(FILTERS_USED).format(n=n(), e=e())})"
    if kind == 3:
        return f"({e()}).{rng.choice(METHODS).format(n=n(), e=e())}"
    return f"engine.{rng.choice(ENGINE)}({e()})"


def template(rng: random.Random) -> str:
    """A random template body: outputs, loops, assignments and a macro."""
    lines = ["{% set ns = namespace(v='y' * 1000) %}"]
    for _ in range(rng.randrange(1, 4)):
        body = expression(rng)
        lines.append(rng.choice((
            "{{{{ {e} }}}}",
            "{{% for i in {e} %}}{{% set ns.v = ns.v ~ ns.v %}}{{{{ i }}}}{{% endfor %}}",
            "{{% set ns.v = {e} %}}{{{{ ns.v }}}}",
            "{{% filter center(1000) %}}{{{{ {e} }}}}{{% endfilter %}}",
            "{{% macro m(a) %}}{{{{ a }}}}{{{{ a }}}}{{% endmacro %}}"
            "{{% for j in range(100000) %}}{{{{ m({e}) }}}}{{% endfor %}}",
        )).format(e=body))
    return "\n".join(lines)


@pytest.fixture(scope="module")
def context() -> dict[str, object]:
    game = resolve("stars-and-stripes")
    return template_context(game.definition, game.engine)


@pytest.mark.parametrize("seed", range(25))
def test_a_random_template_renders_or_ends_at_a_located_error(
        tmp_path: Path, context: Mapping[str, object], seed: int) -> None:
    body = template(random.Random(seed))
    (tmp_path / "main.md.j2").write_text("# T\n\n" + body + "\n", encoding="utf-8")
    tracemalloc.start()
    try:
        with limits.using(limits.parse_limits(["template-seconds=1"])):
            render_template(make_environment([tmp_path], filters=FILTERS), "main.md.j2",
                            context)
    except DefinitionError as exc:
        assert all(p.location is not None and p.location.file.endswith("main.md.j2")
                   for p in exc.problems), body
    finally:
        most = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    assert most < 100_000_000, body
