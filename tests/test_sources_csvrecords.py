"""Records of a delimited file over several lines: read in one pass, as the line-by-line rescan read them."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from factlint.sources import csvfile
from factlint.sources.csvfile import MAX_RECORD_LINES, parse_delimited_file


def _rescanned_quote(text: str, delimiter: str) -> bool:
    """The reading the one-pass scan replaced: does ``text`` end inside a quoted field?"""
    quoted, start, position = False, True, 0
    while position < len(text):
        char = text[position]
        if quoted:
            if char == '"':
                if text.startswith('"', position + 1):
                    position += 1
                else:
                    quoted = False
        elif char == '"' and start:
            quoted = True
        elif char in (delimiter, "\n"):
            start = True
            position += 1
            continue
        elif char != " ":
            start = False
        position += 1
    return quoted


def _rescanned_records(lines: list[str], first: int, delimiter: str) -> tuple[list[str], frozenset[int]]:
    """The records as the former reading found them: the joined text rescanned after every line."""
    joined = list(lines)
    continued: set[int] = set()
    index = first
    while index < len(lines):
        end = index
        while (
            _rescanned_quote(joined[index], delimiter)
            and end + 1 < len(lines)
            and end - index < MAX_RECORD_LINES
        ):
            end += 1
            joined[index] += "\n" + lines[end]
        if end > index and _rescanned_quote(joined[index], delimiter):
            joined[index] = lines[index]
            end = index
        continued.update(range(index + 1, end + 1))
        index = end + 1
    return joined, frozenset(continued)


_LINES = st.lists(st.text(alphabet='"a ,;\t', max_size=12), max_size=12)


@settings(max_examples=400, deadline=None)
@given(_LINES, st.sampled_from([",", ";", "\t"]), st.integers(min_value=0, max_value=3))
def test_records_match_the_rescanning_reading(lines: list[str], delimiter: str, first: int) -> None:
    assert csvfile.join_records(lines, min(first, len(lines)), delimiter) == _rescanned_records(
        lines, min(first, len(lines)), delimiter
    )


def test_a_quoted_field_over_lines_is_one_record() -> None:
    lines = ["name,notes", 'Vela,"first line', "second, still quoted", 'last"" line",done', "Orca,plain"]
    joined, continued = csvfile.join_records(lines, 0, ",")
    assert joined[1] == "\n".join(lines[1:4])
    assert continued == frozenset({2, 3})


def test_a_stray_quote_joins_nothing() -> None:
    lines = ["name,size", 'Vela,"12 rack', "Orca,4"]
    assert csvfile.join_records(lines, 0, ",") == (lines, frozenset())


def test_each_line_of_a_long_record_is_read_once(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    reads: list[str] = []
    scan = csvfile._quote_state

    def counted(text: str, delimiter: str, state: csvfile._QuoteState) -> csvfile._QuoteState:
        reads.append(text)
        return scan(text, delimiter, state)

    monkeypatch.setattr(csvfile, "_quote_state", counted)
    lines = ["name,notes", 'Vela,"opens here'] + ["more text"] * 150 + ['closes here",x', "Orca,plain"]
    joined, continued = csvfile.join_records(lines, 0, ",")
    assert len(continued) == 151
    assert len(reads) == len(lines)  # one read per line, none of the record's text read again
    assert joined[1].count("\n") == 151


def test_a_long_run_of_title_lines_still_finds_the_header() -> None:
    lines = [f"note {index}" for index in range(3000)] + ["name,size", "Vela,4"]
    parsed = parse_delimited_file(lines, 1, ".csv")
    assert parsed.title == "note 0"
    assert len(parsed.blocks) == 3001
