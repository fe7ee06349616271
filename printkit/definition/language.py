"""The definition's language (``style: language:``) and where its words may be hyphenated.

Hyphenation points come from pyphen, which ships the hyphenation dictionaries of
LibreOffice; printkit only asks it where a word may break.  A language is named by a code
pyphen has a dictionary for (``en``, ``de``, ``fr``, ``pt_BR``...); ``de-CH`` is read as
``de_CH``.  Anything else is refused where it is written, with the codes closest to it.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import cache, lru_cache

import pyphen  # type: ignore[import-untyped]

from printkit.definition.schema import JSON, Checker, Node, shown
from printkit.yamlsource import PathKey

DEFAULT_LANGUAGE = "en"
"""The language of a definition that names none."""
SHORTEST_PART = 2
"""The fewest letters a hyphenated word keeps on either side of its break."""
_CODE = r"[A-Za-z]{2,3}([_-][A-Za-z]{2,4})?"


def known_language(code: str) -> str | None:
    """The dictionary pyphen uses for ``code`` (``None`` when it has none)."""
    if not re.fullmatch(_CODE, code):
        return None
    found: str | None = pyphen.language_fallback(code.replace("-", "_"))
    return found


def close_languages(code: str) -> list[str]:
    """Up to six language codes that look like ``code``, best first."""
    codes = sorted(pyphen.LANGUAGES)
    lowered = code.lower().replace("-", "_")
    close = difflib.get_close_matches(lowered, codes, n=6, cutoff=0.5)
    same_start = [c for c in codes if lowered[:1] and c.lower().startswith(lowered[:1])]
    return list(dict.fromkeys([*close, *same_start]))[:6]


@dataclass
class Language(Node):
    """A language code with a hyphenation dictionary."""

    description: str = ""

    def check(self, value: object, path: PathKey, checker: Checker) -> object:
        if not isinstance(value, str) or known_language(value) is None:
            close = close_languages(value) if isinstance(value, str) else []
            listed = f" (close: {', '.join(close)})" if close else ""
            checker.fail(path, f"{shown(value)} is not a language printkit can hyphenate"
                         f"{listed}; write a code such as en, de, fr or pt_BR")
            return None
        return value

    def json(self) -> JSON:
        return self._json({"type": "string", "pattern": f"^{_CODE}$"})


@cache
def _dictionary(language: str) -> pyphen.Pyphen:
    return pyphen.Pyphen(lang=language, left=SHORTEST_PART, right=SHORTEST_PART)


@lru_cache(maxsize=4096)
def break_points(language: str, word: str) -> tuple[int, ...]:
    """Offsets in ``word`` where it may break, after which a hyphen is added; a hard
    hyphen in the word is a break point too (with no hyphen added: see
    :func:`adds_hyphen`).  Punctuation around the letters is kept with them."""
    found = known_language(language)
    if found is None:
        return ()
    points: set[int] = set()
    for match in re.finditer(r"[^\W\d_]+", word):
        start, letters = match.start(), match.group()
        points.update(start + p for p in _dictionary(found).positions(letters))
        end = match.end()
        if end < len(word) - 1 and word[end] == "-":
            points.add(end + 1)
    return tuple(sorted(p for p in points if 0 < p < len(word)))


def adds_hyphen(word: str, point: int) -> bool:
    """Whether breaking ``word`` at ``point`` prints a hyphen at the end of the line (not
    after a hyphen the word already has)."""
    return word[point - 1] != "-"
