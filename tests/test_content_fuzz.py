"""Untrusted content never crashes the readers: any table text, markup or SVG bytes give
data or a located refusal, never another exception."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.definition.data import read_table
from printkit.definition.markup import IconRef, MarkupError, Span, parse_markup
from printkit.definition.svgsafe import SvgRefused, read_drawing
from printkit.errors import Problem
from printkit.yamlsource import parse

CSV_TEXT = st.text(alphabet=st.sampled_from(list('ab,;"\n\r 1\t\u00e9*')), max_size=80)


@settings(max_examples=300, deadline=None)
@given(CSV_TEXT)
def test_any_csv_text_gives_rows_or_located_problems(text: str) -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        doc = parse("data: t.csv\n", str(folder / "game.yaml"))
        (folder / "t.csv").write_text(text, encoding="utf-8", newline="")
        found: list[Problem] = []
        table = read_table(doc, ("data",), "t.csv", folder, found)
    if table is None:
        assert found and all(p.location is not None for p in found)
    else:
        assert not found
        for row in table.rows:
            assert set(row.cells) == set(table.columns)
            for cell in row.cells.values():
                assert cell.where.line >= 1 and cell.where.column >= 1


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab *:\\\n_-1")), max_size=40))
def test_markup_gives_pieces_that_keep_the_words_or_a_place(text: str) -> None:
    try:
        pieces = parse_markup(text)
    except MarkupError as exc:
        assert 0 <= exc.offset < len(text)
        return
    for piece in pieces:
        if isinstance(piece, Span):
            assert piece.text and 0 <= piece.offset < len(text)
        else:
            assert isinstance(piece, IconRef) and text[piece.offset - 1] == ":"


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.binary(max_size=200), st.text(max_size=200).map(str.encode),
                 st.sampled_from([b'<svg viewBox="0 0 1 1"><g><g><path d="M0 0"/></g></g>',
                                  b'<svg viewBox="0 0 1 1"><path d="M0 0" fill="#abc"/></svg>',
                                  b"<svg><script>x</script></svg>"])))
def test_any_bytes_give_a_drawing_or_a_refusal(data: bytes) -> None:
    try:
        drawing = read_drawing(data)
    except SvgRefused:
        return
    assert drawing.view_box[2] > 0 and drawing.view_box[3] > 0
    assert "<script" not in drawing.body and "url(" not in drawing.body
