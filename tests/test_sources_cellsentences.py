"""A delimited file's free-text field over several lines: its sentences are the row's sentences."""

from __future__ import annotations

from factlint.sources.csvfile import parse_delimited_file


def _rows(text: str) -> list:
    lines = text.splitlines()
    return [block for block in parse_delimited_file(lines, 1, ".csv").blocks if block.cells]


def test_description_over_lines_is_split_into_sentences() -> None:
    rows = _rows(
        "Key,Summary,Body,State\n"
        'OPS-3,Rack plan,"The plan used 40 kW per rack. Outdated: the vendor says 35 kW.\n'
        'See ""rack sheet"" for details.",Done\n'
    )
    [row] = rows
    sentences = [row.text[start:end] for start, end in row.sentence_spans()]
    assert sentences == [
        'OPS-3,Rack plan,"',
        "The plan used 40 kW per rack.",
        "Outdated: the vendor says 35 kW.",
        'See ""rack sheet"" for details.',
        '",Done',
    ]
    # each sentence keeps its place in the file
    assert row.position(row.text.index("See")) == (3, 1)


def test_row_on_one_line_keeps_no_sentences() -> None:
    rows = _rows('Key,Summary,Body,State\nOPS-4,Short,"One sentence. Another one.",Open\n')
    [row] = rows
    assert row.sentences == ()
