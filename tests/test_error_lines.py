"""A problem on a very long source line (a CSV of megabytes on one line, a minified file)
shows a window of the line around the column, and only that window is cleaned for the
terminal: printing it costs the same whatever the line's length."""

from __future__ import annotations

import pytest

from printkit import errors
from printkit.errors import SHOWN, DefinitionError, Location, Problem


def test_only_the_shown_window_of_a_long_line_is_cleaned(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    cleaned: list[int] = []
    real = errors._printable

    def counting(text: str) -> str:
        cleaned.append(len(text))
        return real(text)

    monkeypatch.setattr(errors, "_printable", counting)
    line = "ab\x07," * 2_000_000  # 8 MB, with a bell character to clean
    column = 6_000_001
    problems = [Problem(f"bad cell {n}", Location("big.csv", 1, column, line, 3))
                for n in range(20)]
    text = DefinitionError(problems).render()
    assert cleaned and max(cleaned) <= SHOWN
    shown = text.splitlines()[1]
    assert "\x07" not in shown and "?" in shown and shown.count("...") == 2
    marker = text.splitlines()[2]
    # the caret stands under the character the column names
    assert shown[marker.index("^")] == line[column - 1].replace("\x07", "?")


def test_a_short_line_is_shown_whole_with_its_caret() -> None:
    problem = Problem("unknown key", Location("d.yaml", 3, 3, "  colur:\tred\x00", 5))
    assert problem.render().splitlines() == [
        "d.yaml:3:3: error: unknown key",
        "    3 |   colur:\tred?",
        "      |   ^^^^^",
    ]
