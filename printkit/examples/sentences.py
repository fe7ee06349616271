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
    Every number in the sentence (digits, and number words from
    :data:`printkit.numberwords.NUMBER_WORDS`: "one" and ordinals are not read as numbers)
    must be a number of the answer (a number in it, a text of it that is a number, or how
    many items a list or mapping of it holds; not a digit inside a name such as the square
    ``0,2``) or a number written in the claim's argument.
notation
    Every code span in the sentence must be found, as a whole token, in the answer, the
    claim's argument or the example's moves.

Text inside code spans is notation: it counts for the third test only.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence

from printkit.examples.values import flow
from printkit.numberwords import DIGITS, numbers_in

NEGATIONS = frozenset({
    "not", "no", "cannot", "never", "nothing", "none", "nobody", "nowhere", "neither", "nor",
    "refused", "refuses", "refuse", "illegal", "forbidden", "barred", "impossible", "unable",
    "disallowed",
})
"""Words that make a sentence negative (besides any word ending in ``n't``)."""

REFUSAL_NAMES = ("reason", "refus", "why")
"""A claim whose name contains one of these answers why a move is refused."""

_CODE = re.compile(r"(`+)(.+?)\1", re.DOTALL)
_WORD = re.compile(r"[a-z]+(?:'[a-z]+)?")


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
    """Every key and plain value inside ``value``, with the size of each list or mapping."""
    if isinstance(value, Mapping):
        yield len(value)
        for key, item in value.items():
            yield key
            yield from _leaves(item)
    elif isinstance(value, (list, tuple)):
        yield len(value)
        for item in value:
            yield from _leaves(item)
    else:
        yield value


def _numbers(value: object, argument: str | None) -> set[float]:
    """The numbers of an answer (digits inside its names, such as the ``2`` of a square
    ``2,5``, are not among them) and every number written in the argument."""
    found: set[float] = set()
    for leaf in _leaves(value):
        number = isinstance(leaf, (int, float)) and not isinstance(leaf, bool)
        if number or (isinstance(leaf, str) and DIGITS.fullmatch(leaf.strip())):
            found.add(float(str(leaf)))
    found.update(v for _, _, v in numbers_in(argument or ""))
    return found


def _texts(value: object, argument: str | None, moves: Sequence[str]) -> list[str]:
    texts = [str(leaf) for leaf in _leaves(value) if isinstance(leaf, str)]
    return [*texts, flow(value), argument or "", *moves]


def _found(token: str, texts: Sequence[str]) -> bool:
    pattern = re.compile(rf"(?<![A-Za-z0-9]){re.escape(token)}(?![A-Za-z0-9])")
    return any(pattern.search(text) for text in texts)


def _number_text(value: float) -> str:
    return str(int(value)) if value == int(value) else str(value)


def disagreement(sentence: str, name: str, argument: str | None, answer: object,
                 moves: Sequence[str] = ()) -> str | None:
    """Why ``sentence`` does not agree with ``answer`` (the engine's answer to the claim
    ``name`` with ``argument``, in an example with ``moves``), or ``None`` if it does."""
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
    known = _numbers(answer, argument)
    prose = _prose(sentence)
    for start, end, value in numbers_in(prose):
        if value not in known:
            reasons.append(f"{prose[start:end]!r} ({_number_text(value)}) is not a number "
                           "of the answer or of the claim's argument")
    texts = _texts(answer, argument, moves)
    for match in _CODE.finditer(sentence):
        token = match.group(2).strip()
        if token and not _found(token, texts):
            reasons.append(f"`{token}` is not in the answer, the claim's argument or the "
                           "example's moves")
    return "; ".join(reasons) if reasons else None
