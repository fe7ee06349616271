"""Family (e), booklet templates: a game's template with attacks put in at a random line:
padding and repetition to a huge size, doubling loops, endless loops and recursion, includes
of files outside the folder or of itself, attribute access to Python's internals, the rules
engine asked for what the command line refuses, and Markdown built to be hard to lay out."""

from __future__ import annotations

import random

from bench.fuzzing.definitions import ROOT, check_then_build
from bench.fuzzing.model import Case

BIG = ["999999999", "2147483647", "100000000", "10**9", "-1", "1e9", "99999"]

ATTACKS = [
    '{{ "x" | center(@N) }}', '{{ "x" | indent(@N) }}', '{{ "x" | truncate(@N) }}',
    '{{ "x" | wordwrap(@N) }}', '{{ "%@Ns" % "x" }}', '{{ "%.@Nf" % 1.5 }}',
    '{{ "{:>@N}".format("x") }}', '{{ "x" * @N }}', '{{ ["x"] * @N }}', '{{ "ab" | ljust(@N) }}',
    '{{ "x" | format(@N) }}', '{{ lipsum(@N) }}', '{{ lipsum(100, min=@N, max=@N) }}',
    '{{ range(@N) | list | length }}', '{{ range(@N) | sum }}',
    '{{ [[1] * 1000] * 1000 | sum(start=[]) | length }}',
    '{% set ns = namespace(v="x" * 1000) %}{% for i in range(40) %}{% set ns.v = ns.v ~ ns.v '
    '%}{% endfor %}{{ ns.v | length }}',
    '{% set ns = namespace(v=["x"] * 1000) %}{% for i in range(40) %}{% set ns.v = ns.v + '
    'ns.v %}{% endfor %}{{ ns.v | length }}',
    '{% for a in range(99999) %}{% for b in range(99999) %}{% endfor %}{% endfor %}',
    '{% for a in range(99999) %}{% for b in range(9999) %}xxxxxxxxxx{% endfor %}{% endfor %}',
    '{% macro m(n) %}{{ m(n + 1) }}{% endmacro %}{{ m(0) }}',
    '{% macro m(n) %}{{ caller() }}{% endmacro %}{% call m(1) %}{{ m(2) }}{% endcall %}',
    '{% include "/etc/passwd" %}', '{% include "../../../../../etc/passwd" %}',
    '{% include "/dev/zero" %}', '{% include "/dev/urandom" %}',
    '{% include "/proc/self/environ" %}',
    '{% include "partials/../../../../etc/hostname" %}', '{% include "SELF" %}',
    '{% extends "SELF" %}', '{% import "/etc/passwd" as p %}', '{% include "link.md.j2" %}',
    '{% include "big.md.j2" %}', '{% include ["nope", "/etc/passwd"] %}',
    '{{ engine.__class__.__mro__ }}', '{{ "".__class__.__subclasses__() }}',
    '{{ cycler.__init__.__globals__ }}', '{{ self._TemplateReference__context }}',
    '{{ lipsum.__globals__["os"] }}', '{{ params.__dict__ }}', '{{ engine.__dict__ }}',
    '{{ namespace.__init__.__globals__ }}', '{{ joiner.__init__.__globals__.os }}',
    '{{ initial_position(@N) }}', '{{ initial_position(-1) }}', '{{ initial_position("x") }}',
    '{{ initial_position(none) }}', '{{ engine.legal_moves(none) }}', '{{ params.players * @N }}',
    '{{ (params | list)[@N] }}', '{{ defaults.items() | list }}', '{{ @N | words }}',
    '{{ @N | plural("card") }}', '{{ (@N, 1) | join_words }}', '{{ standard | yaml * 3 }}',
    '{{ 10 ** @N }}', '{{ 2 ** 2 ** 2 ** 2 ** 2 }}', '{{ 1 / 0 }}', '{{ none.x }}',
    '{{ undefined_name }}', '{% raw %}{{ unclosed', '{{ "\\x00\\x1b[31m" }}',
    "\n```example\nname: big\nparameters: {piles: @N, players: @N}\nposition: |\n  piles: 1\n"
    "moves: []\nclaims: {terminal: false}\n```\n",
    "\n```example\nname: board\nparameters: {board_size: @N}\nclaims: {board_size: @N}\n```\n",
    "\n```example\nname: moves\nmoves: [" + ", ".join(["take 1 from 1"] * 400) + "]\n```\n",
    "\n" + "> " * 3000 + "deep quote\n", "\n" + "".join("  " * i + "- item\n" for i in range(200)),
    "\n|" + "a|" * 3000 + "\n|" + "-|" * 3000 + "\n", "\n# " + "W" * 100_000 + "\n",
    "\n![x](/etc/passwd) ![y](../../x.png) [z](javascript:alert(1)) <script>x</script>\n",
    "\n```\nunclosed fence\n", "\n" + "word " * 200_000 + "\n",
]


def attack(rng: random.Random, template: str) -> str:
    """An attack with its numbers and its own name filled in."""
    text = rng.choice(ATTACKS)
    while "@N" in text:
        text = text.replace("@N", rng.choice(BIG), 1)
    return text.replace("SELF", template)


def generate(rng: random.Random, index: int) -> Case:
    """A booklet template with one to three attacks; the definition checked, then built."""
    if rng.random() < 0.8:
        folder = ROOT / "tests" / "plugin_game" / "printkit_toy_nim"
        definition, template = "toy-nim.yaml", "toy-nim.md.j2"
        extra: tuple[str, ...] = ()
    else:
        folder = ROOT / "decks"
        definition, template = "stars-and-stripes.yaml", "stars-and-stripes.md.j2"
        extra = ("--variant", "two-player")
        folder_t = ROOT / "templates"
    files = {definition: (folder / definition).read_bytes()}
    source = ((folder_t if definition.startswith("stars") else folder) / template).read_text()
    lines = source.split("\n")
    labels = []
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        text = attack(rng, template)
        at = rng.randrange(len(lines) + 1)
        # not inside the front matter, where a template expression is YAML text
        at = max(at, source[: source.find("\n---", 3) + 4].count("\n") + 1)
        lines.insert(min(at, len(lines)), text)
        labels.append(text[:80].replace("\n", "\\n"))
    files[template] = "\n".join(lines).encode()
    files["big.md.j2"] = b"x" * 9_000_000 if rng.random() < 0.1 else b"small"
    return Case("templates", index, " + ".join(labels), files,
                check_then_build(definition, *extra),
                links={"link.md.j2": rng.choice(["/etc/passwd", "/dev/zero", "../../x"])})
