"""Numbers written as English words: reading them in sentences, and spelling them out.

One list serves both the check of a claim's sentence (:mod:`printkit.examples.sentences`)
and the booklet's numeral lint and ``spell`` filter, so the words they know are the same.
"one" is left out of what is *read* as a number: in players' prose it is mostly a pronoun
("the one left", "one of the cards").
"""

from __future__ import annotations

import re

_SMALL = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
          "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
          "seventeen", "eighteen", "nineteen")
_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty",
         "ninety")
_SCALES = (("thousand", 1000), ("million", 1000_000), ("billion", 1000_000_000))

NUMBER_WORDS: dict[str, int] = {
    **{word: value for value, word in enumerate(_SMALL) if word != "one"},
    **{word: 10 * value for value, word in enumerate(_TENS) if word},
    "hundred": 100, **dict(_SCALES),
    "twice": 2, "thrice": 3, "dozen": 12,
}
"""Words read as numbers: zero and two to nineteen, the tens, hundred and the scales,
and twice, thrice and dozen.  "one" and the ordinals (second, third) are not among them."""

WORD_PATTERN = re.compile(r"(?<![\w'])(" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True))
                          + r")(?![\w'])", re.IGNORECASE)
"""A number word standing on its own (``twenty`` in ``twenty-one`` too)."""

DIGITS = re.compile(r"(?<![A-Za-z_\d])\d+(?:\.\d+)?")
"""Digits standing as a number: ``12``, ``2.5``; not the ``1`` of a name such as ``P1``."""

LARGEST_SPELLED = 10**12 - 1
"""The largest number :func:`spell` writes in words (beyond it, digits)."""


def _below_thousand(number: int) -> list[str]:
    words: list[str] = []
    hundreds, rest = divmod(number, 100)
    if hundreds:
        words += [_SMALL[hundreds], "hundred"]
    if rest and words:
        words.append("and")
    if rest >= 20:
        tens, units = divmod(rest, 10)
        words.append(_TENS[tens] + (f"-{_SMALL[units]}" if units else ""))
    elif rest:
        words.append(_SMALL[rest])
    return words


def spell(number: object) -> str:
    """A whole number in words: ``16`` -> ``"sixteen"``, ``121`` -> ``"one hundred and
    twenty-one"``, ``-3`` -> ``"minus three"``.  Anything else (a fraction, a number past
    :data:`LARGEST_SPELLED`, text) is written as it is."""
    if isinstance(number, bool) or not isinstance(number, int):
        return str(number)
    if abs(number) > LARGEST_SPELLED:
        return str(number)
    if number < 0:
        return "minus " + spell(-number)
    if number == 0:
        return "zero"
    words: list[str] = []
    rest = number
    for name, size in reversed(_SCALES):
        count, rest = divmod(rest, size)
        if count:
            words += [*_below_thousand(count), name]
    if rest and words and rest < 100:
        words.append("and")
    words += _below_thousand(rest)
    return " ".join(words)


def numbers_in(text: str) -> list[tuple[int, int, float]]:
    """``(start, end, value)`` of every number in ``text``: digits, and runs of number words
    read as one number (``two hundred and ten`` is 210, ``twenty-one`` is 21)."""
    found = [(m.start(), m.end(), float(m.group())) for m in DIGITS.finditer(text)]
    run: list[re.Match[str]] = []

    def close() -> None:
        if run:
            found.append((run[0].start(), run[-1].end(), _value([m.group() for m in run])))
            run.clear()

    for match in re.finditer(r"[A-Za-z]+(?:'[a-z]+)?", text):
        word = match.group().lower()
        gap = text[run[-1].end():match.start()] if run else ""
        after_scale = bool(run) and run[-1].group().lower() in _MULTIPLIERS
        joined = gap in (" ", "-") or (gap == " and " and after_scale)
        if word in _ALONE:
            close()
            run.append(match)
            close()
        elif word in NUMBER_WORDS or (word == "one" and run and joined):
            if run and not joined:
                close()
            run.append(match)
        elif word != "and" or not after_scale:
            close()
    close()
    return sorted(found)


_MULTIPLIERS = frozenset({"hundred", *(name for name, _ in _SCALES)})
_ALONE = frozenset({"twice", "thrice", "dozen"})


def _value(words: list[str]) -> float:
    total, current = 0, 0
    for word in (w.lower() for w in words):
        value = 1 if word == "one" else NUMBER_WORDS[word]
        if word == "hundred":
            current = max(current, 1) * 100
        elif value >= 1000:
            total += max(current, 1) * value
            current = 0
        else:
            current += value
    return float(total + current)
