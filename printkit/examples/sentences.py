"""Does a claim's players' sentence (its ``says``) agree with the engine's answer?

An example may give, for each claim, the sentence the booklet prints for it.  The claim
itself is checked against the engine; this module checks that the sentence says the same
thing, by three tests that read the sentence the way a player would, without guessing at
grammar:

polarity
    For a claim whose answer is true or false, and for a *refusal* claim (one whose name
    contains ``reason``, ``refus`` or ``why``: its answer is why a move is refused, empty
    or ``null`` when it is not), a sentence containing a negating word (:data:`NEGATIONS`,
    or any word ending in ``n't``) must go with ``false`` or a refusal, and a sentence with
    none with ``true`` or no refusal.  State the verdict plainly: "`6S` may go on `S1`." for
    a legal move, "`QH` cannot go on `N1`: no card is beside it." for a refused one.
numbers
    Every number in the sentence (digits, a fraction such as ``7/8``, and number words
    from :data:`printkit.numberwords.NUMBER_WORDS`: "one" and ordinals are not read as
    numbers; a sign is not read, so "falls by 40" goes with ``-40``) must be a number of
    the answer or written in the claim's argument.  The numbers of an answer are the
    numbers in it, its texts that are numbers (``7/8`` too), how many items each list or
    mapping of it holds and the sum of the numbers each one holds; not a digit inside a
    name such as the square ``0,2``.  The answers of the example's other claims count
    too (the engine checked them as well): a sentence for ``outcome`` may give the scores
    that a ``scores`` claim of the same example states.
notation
    Every code span in the sentence must be found, as a whole token, in the answer, the
    claim's argument, the example's moves or the position the claims are about.

Text inside code spans is notation: it counts for the third test only.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence

from printkit.errors import Problem
from printkit.examples.load import Locator
from printkit.examples.model import ClaimResult, ClaimSpec
from printkit.examples.values import flow
from printkit.numberwords import DIGITS, numbers_in

NEGATIONS = frozenset({
    "not", "no", "cannot", "never", "nothing", "none", "nobody", "nowhere", "neither", "nor",
    "refused", "refuses", "refuse", "illegal", "forbidden", "barred", "impossible", "unable",
    "disallowed", "fails", "failed",
})
"""Words that make a sentence negative (besides any word ending in ``n't``)."""

REFUSAL_NAMES = ("reason", "refus", "why")
"""A claim whose name contains one of these answers why a move is refused."""

_CODE = re.compile(r"(`+)(.+?)\1", re.DOTALL)
_WORD = re.compile(r"[a-z]+(?:'[a-z]+)?")
_FRACTION = re.compile(r"(?<![\w/])(\d+)/(\d+)(?![\w/])")


def _prose(sentence: str) -> str:
    """The sentence with its code spans blanked and curly apostrophes made straight."""
    return _CODE.sub(" ", sentence).replace("\u2019", "'")


def negative(sentence: str) -> bool:
    """Whether the sentence (outside its code spans) has a negating word."""
    words = _WORD.findall(_prose(sentence).lower())
    return any(word in NEGATIONS or word.endswith("n't") for word in words)


def is_refusal_claim(name: str) -> bool:
    """Whether a claim named ``name`` answers why a move is refused."""
    return any(part in name.lower() for part in REFUSAL_NAMES)


def _leaves(value: object) -> Iterator[object]:
    """Every key and plain value inside ``value``, with the size of each list or mapping
    and the sum of the numbers it holds directly."""
    if isinstance(value, (Mapping, list, tuple)):
        items = list(value.values()) if isinstance(value, Mapping) else list(value)
        yield len(items)
        yield sum(i for i in items if isinstance(i, (int, float)) and not isinstance(i, bool))
        if isinstance(value, Mapping):
            yield from value
        for item in items:
            yield from _leaves(item)
    else:
        yield value


def _numbers(answers: Sequence[object], argument: str | None) -> set[float]:
    """The numbers of the answers (digits inside their names, such as the ``2`` of a square
    ``2,5``, are not among them) and every number written in the argument, signs dropped."""
    found: set[float] = set()
    for leaf in (leaf for answer in answers for leaf in _leaves(answer)):
        number = isinstance(leaf, (int, float)) and not isinstance(leaf, bool)
        if number or (isinstance(leaf, str) and DIGITS.fullmatch(leaf.strip())):
            found.add(abs(float(str(leaf))))
        elif isinstance(leaf, str):  # a fraction written as text, "7/8"
            found.update(value for _, value in _sentence_numbers(leaf.strip())
                         if _FRACTION.fullmatch(leaf.strip()))
    found.update(v for _, _, v in numbers_in(argument or ""))
    return found


def _sentence_numbers(prose: str) -> list[tuple[str, float]]:
    """The numbers of a sentence's prose, a fraction (``7/8``) read as one number."""
    out: list[tuple[str, float]] = []
    taken: list[tuple[int, int]] = []
    for match in _FRACTION.finditer(prose):
        if int(match.group(2)):
            out.append((match.group(), int(match.group(1)) / int(match.group(2))))
            taken.append(match.span())
    for start, end, value in numbers_in(prose):
        if not any(a <= start < b for a, b in taken):
            out.append((prose[start:end], value))
    return out


def _known(value: float, known: set[float]) -> bool:
    return any(abs(value - k) <= 1e-9 * max(1.0, abs(k)) for k in known)


def _texts(value: object, argument: str | None, moves: Sequence[str]) -> list[str]:
    texts = [str(leaf) for leaf in _leaves(value) if isinstance(leaf, str)]
    return [*texts, flow(value), argument or "", *moves]


def _found(token: str, texts: Sequence[str]) -> bool:
    pattern = re.compile(rf"(?<![A-Za-z0-9]){re.escape(token)}(?![A-Za-z0-9])")
    return any(pattern.search(text) for text in texts)


def disagreement(sentence: str, name: str, argument: str | None, answer: object,
                 moves: Sequence[str] = (), *, position: str = "",
                 others: Sequence[object] = ()) -> str | None:
    """Why ``sentence`` does not agree with ``answer`` (the engine's answer to the claim
    ``name`` with ``argument``, in an example with ``moves`` reaching ``position``, whose
    other claims have the answers ``others``), or ``None`` if it agrees."""
    reasons: list[str] = []
    if isinstance(answer, bool) or is_refusal_claim(name):
        refused = (not answer) if isinstance(answer, bool) else bool(answer)
        says_no = negative(sentence)
        if says_no and not refused:
            verdict = "true" if isinstance(answer, bool) else "no refusal"
            reasons.append(f"the sentence is negative but the answer is {verdict}")
        elif refused and not says_no:
            verdict = "false" if isinstance(answer, bool) else "a refusal"
            reasons.append(f"the answer is {verdict} but the sentence has no negating "
                           "word (not, no, cannot, refused...)")
    known = _numbers([answer, *others], argument)
    for typed, value in dict.fromkeys(_sentence_numbers(_prose(sentence))):
        if not _known(value, known):
            reasons.append(f"{typed!r} is not a number of the answers or of the claim's "
                           "argument")
    texts = [*_texts(answer, argument, moves), position]
    for token in dict.fromkeys(m.group(2).strip() for m in _CODE.finditer(sentence)):
        if token and not _found(token, texts):
            reasons.append(f"`{token}` is not in the answer, the claim's argument, the "
                           "example's moves or its position")
    return "; ".join(reasons) if reasons else None


def sentence_problems(where: Locator, specs: Sequence[ClaimSpec],
                      results: Sequence[ClaimResult], moves: Sequence[str],
                      position: str) -> list[Problem]:
    """A problem at each sentence (``says``) that disagrees with its claim's answer; a false
    claim is reported as false and its sentence is not read."""
    answers = {result.key: result for result in results}
    problems = []
    for spec in specs:
        result = answers.get(spec.key)
        if spec.says is None or spec.says_path is None or result is None or not result.holds:
            continue
        others = [r.actual for r in results if r.key != spec.key and r.holds]
        why = disagreement(spec.says, spec.name, spec.argument, result.actual, moves,
                           position=position, others=others)
        if why is not None:
            problems.append(where.problem(
                spec.says_path, f"the sentence for {spec.key!r} disagrees with the engine's "
                f"answer {flow(result.actual)}: {why}"))
    return problems
