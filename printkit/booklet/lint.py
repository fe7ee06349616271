"""The booklet lints of ``printkit check``: typed numerals, and facts stated outside claims.

Both read a template's source (see :mod:`printkit.booklet.prose` for what counts as prose)
and give warnings located at the file, line and column the author typed; ``check --strict``
makes them errors.

*Numerals.*  A number in the prose (digits, or a number word from "two" up, see
:data:`printkit.numberwords.NUMBER_WORDS`), or in a text in quotes that an expression
writes into the prose, is a number nobody checks: a variant booklet
would print it unchanged.  Work it out instead (``{{ engine.size }}``, ``{{ n | spell }}``),
or, when it is a fixed fact of the game whatever the variant, write it through
``{{ fact("1984", "the year the game was published") }}``: the reason must be a non-empty
text written in the call.  The sentences of a claim's ``says`` are not linted for numerals:
every number in them is checked against the engine's answer
(:mod:`printkit.examples.sentences`).

*Facts in captions.*  An example's ``caption``, ``intro`` or ``title`` that says something
about the position with one of :data:`FACT_WORDS` states what the engine never checked; the
claim and its ``says`` sentence are the place for it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import jinja2
from jinja2 import nodes

from printkit.booklet.prose import Prose, prose, written
from printkit.errors import Location, Problem
from printkit.numberwords import NUMBER_WORDS, numbers_in

_N = r"(?:\d+|" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + ")"

FACT_WORDS: tuple[str, ...] = (
    "beat", "beats", "beaten", "stuck", "legal", "illegal", "refused", "refuses", "may not",
    "must not", "cannot", "can't", "wins", "won", "captures", "captured", "scores", "scored",
    "worth", "holds N", "N points", "N point",
)
"""Words that state a fact about a position, looked for in example captions, intros and
titles (``N`` is a number in digits or words).  Each such fact belongs in a claim, worded by
the claim's ``says`` sentence, which the engine checks."""

_FACT = re.compile(
    r"(?<![\w'])(" + "|".join(
        re.escape(word).replace("N", _N).replace(r"\ ", r"\s+").replace("'", "['\u2019]")
        for word in sorted(FACT_WORDS, key=len, reverse=True)) + r")(?![\w'])",
    re.IGNORECASE)

_CODE_SPAN = re.compile(r"(`+)(.+?)\1")

FACT_REASON = "a reason why this number is a fixed fact of the game"


def _location(file: str, lines: list[str], line: int, column: int, length: int) -> Location:
    text = lines[line - 1] if 0 < line <= len(lines) else None
    return Location(file, line, column, text, max(1, length))


def numeral_problems(source: str, file: str) -> list[Problem]:
    """A warning for each numeral typed into the prose of ``source``."""
    lines = source.split("\n")
    out = []
    for run in prose(source):
        if run.kind == "says":
            continue
        for start, end, _ in numbers_in(run.text):
            typed = run.text[start:end]
            if typed.lower() == "zero":  # the lint reads number words from two up
                continue
            out.append(Problem(
                f"the number {typed!r} is typed into the prose: work it out from the "
                "definition, the parameters or the engine ({{ ... }}, '| spell' for words), or "
                f"mark a fixed fact of the game with {{{{ fact(\"{typed}\", \"why it never "
                "changes\") }}", _at(file, lines, run, start, end)))
    return out


def expression_numeral_problems(source: str, file: str) -> list[Problem]:
    """A warning for each numeral in a text that an expression writes into prose (see
    :func:`expression_texts`): ``{{ kit.steps(["Deal 8 cards each"]) }}`` types its number
    as surely as the prose around it."""
    lines = source.split("\n")
    out = []
    for run in expression_texts(source):
        for start, end, _ in numbers_in(run.text):
            typed = run.text[start:end]
            if typed.lower() == "zero":
                continue
            out.append(Problem(
                f"the number {typed!r} is typed into a text the template writes: work it out "
                "from the definition, the parameters or the engine (with '~' and '| spell'), "
                f"or mark a fixed fact of the game with fact(\"{typed}\", \"why it never "
                "changes\")", _at(file, lines, run, start, end)))
    return out


def expression_texts(source: str) -> Iterator[Prose]:
    """The texts in quotes that ``{{ expressions }}`` write where prose stands (see
    :func:`printkit.booklet.prose.written`), with their code spans blanked.  Only texts of
    more than one word count (a square ``"2,5"`` or a card ``"7H"`` is notation); texts
    captured by ``{% set %}`` and the arguments of ``fact(...)`` are left alone.  A text
    whose quotes cannot be found on its line (escapes) is placed at the line's start."""
    tree = _parse(source)
    if tree is None:
        return
    where = written(source)
    lines = source.split("\n")
    skipped = {id(n) for block in tree.find_all(nodes.AssignBlock) for n in block.find_all(
        nodes.Node)}
    skipped |= {id(n) for call in _fact_calls(tree) for n in call.find_all(nodes.Const)}
    for output in tree.find_all(nodes.Output):
        if id(output) in skipped:
            continue
        for expression in output.nodes:
            if isinstance(expression, nodes.TemplateData):
                continue
            for const in expression.find_all(nodes.Const):
                text = const.value
                if id(const) in skipped or not isinstance(text, str) or " " not in text.strip():
                    continue
                line = lines[const.lineno - 1] if 0 < const.lineno <= len(lines) else ""
                at = line.find(text[:40])
                kind = where.kind_at(const.lineno, at + 1 if at >= 0 else 1)
                if kind:
                    plain = _CODE_SPAN.sub(lambda m: " " * len(m.group()), text)
                    yield Prose(const.lineno, at + 1 if at >= 0 else 1, plain.replace("`", " "),
                                kind, exact=at >= 0)


def _at(file: str, lines: list[str], run: Prose, start: int, end: int) -> Location:
    """Where characters ``start:end`` of a run are (the run's start when it is not exact)."""
    if not run.exact:
        return _location(file, lines, run.line, run.column, 1)
    return _location(file, lines, run.line, run.column + start, end - start)


def _parse(source: str) -> nodes.Template | None:
    try:
        return jinja2.Environment().parse(source)
    except (jinja2.TemplateSyntaxError, RecursionError):
        return None  # rendering the template reports it, at its place


def _fact_calls(tree: nodes.Template) -> Iterator[nodes.Call]:
    for call in tree.find_all(nodes.Call):
        if isinstance(call.node, nodes.Name) and call.node.name == "fact":
            yield call


def fact_word_problems(source: str, file: str) -> list[Problem]:
    """A warning for each fact word in an example's caption, intro or title."""
    lines = source.split("\n")
    out = []
    runs = sorted([*prose(source), *expression_texts(source)],
                  key=lambda run: (run.line, run.column))
    for run in _captions(iter(runs)):
        for match in _FACT.finditer(run.text):
            word = " ".join(match.group().split())
            out.append(Problem(
                f"the {run.kind} states a fact about the position ({word!r}): state it as a "
                "claim, and word it with the claim's sentence in 'says', so that the engine "
                "checks it", _at(file, lines, run, match.start(), match.end())))
    return out


def _captions(runs: Iterator[Prose]) -> Iterator[Prose]:
    return (run for run in runs if run.kind in ("caption", "intro", "title"))


def fact_call_problems(source: str, file: str) -> list[Problem]:
    """A warning for each ``fact(...)`` call without a reason written in it as text."""
    tree = _parse(source)
    if tree is None:
        return []
    lines = source.split("\n")
    seen: dict[int, int] = {}
    out = []
    for call in _fact_calls(tree):
        line = call.lineno
        text = lines[line - 1] if 0 < line <= len(lines) else ""
        found = [m.start() for m in re.finditer(r"\bfact\s*\(", text)]
        nth = seen.get(line, 0)
        seen[line] = nth + 1
        column = found[nth] + 1 if nth < len(found) else 1
        reason = call.args[1] if len(call.args) > 1 else next(
            (k.value for k in call.kwargs if k.key == "reason"), None)
        if isinstance(reason, nodes.Const) and isinstance(reason.value, str) and (
                reason.value.strip()):
            continue
        what = "an empty reason" if isinstance(reason, nodes.Const) else (
            "no reason" if reason is None else "a reason that is not written as text")
        out.append(Problem(f"fact(...) has {what}: give {FACT_REASON} as its second "
                           "argument, in quotes", _location(file, lines, line, column, 4)))
    return out


def template_problems(source: str, file: str) -> list[Problem]:
    """Every lint warning of one template, in file order."""
    found = [*numeral_problems(source, file), *expression_numeral_problems(source, file),
             *fact_word_problems(source, file), *fact_call_problems(source, file)]

    def key(problem: Problem) -> tuple[int, int]:
        loc = problem.location
        return (0, 0) if loc is None else (loc.line, loc.column)

    return sorted(found, key=key)
