"""E-mail reading is linear in a long paragraph: the fast walks give what the former per-offset ones gave."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from factlint.models import BlockKind
from factlint.sources.blocks import make_block
from factlint.sources.mimetext import MappedText, _unflowed, block_positions

_LINES = st.lists(
    st.text(alphabet=st.sampled_from(["a", "7", " ", ">", "-"]), max_size=6),
    min_size=1,
    max_size=8,
)


def _places(lines: list[str]) -> MappedText:
    return MappedText(
        tuple(lines),
        tuple(
            tuple((row + 1, column + 1) for column in range(len(line) + 1)) for row, line in enumerate(lines)
        ),
    )


def _unflowed_joined_each_time(text: MappedText, delete_space: bool) -> MappedText:
    """The former reading, which rebuilt the whole line at every soft break."""
    lines: list[str] = []
    rows: list[tuple[tuple[int, int], ...]] = []
    flowing = False
    depth = 0
    for line, row in zip(text.lines, text.places, strict=True):
        quote = len(line) - len(line.lstrip(">"))
        skip = quote + (1 if line[quote : quote + 1] == " " else 0)
        if flowing and quote == depth:
            lines[-1] += line[skip:]
            rows[-1] = (*rows[-1][:-1], *row[skip:])
        else:
            lines.append(line[:quote] + line[skip:])
            rows.append((*row[:quote], *row[skip:]))
        depth = quote
        flowing = line.endswith(" ") and line[skip:] != "-- "
        if flowing and delete_space:
            lines[-1] = lines[-1][:-1]
            rows[-1] = (*rows[-1][:-2], rows[-1][-1])
    return MappedText(tuple(lines), tuple(rows))


@given(_LINES, st.booleans())
def test_flowed_lines_join_as_before(lines: list[str], delete_space: bool) -> None:
    text = _places(lines)
    assert _unflowed(text, delete_space) == _unflowed_joined_each_time(text, delete_space)


@given(st.text(alphabet=st.sampled_from(["a", "\n", " "]), max_size=20), st.integers(1, 5), st.integers(1, 5))
def test_each_offset_is_placed_as_block_position_places_it(text: str, line: int, column: int) -> None:
    block = make_block(BlockKind.PARAGRAPH, text, line, column)
    assert list(block_positions(block))[: len(text)] == [
        block.position(offset) for offset in range(len(text))
    ]


def test_a_long_flowed_paragraph_keeps_every_place() -> None:
    lines = [f"word {index} " for index in range(2000)] + ["end"]
    joined = _unflowed(_places(lines), delete_space=False)
    assert joined.lines == ("".join(lines),)
    assert len(joined.places[0]) == len(joined.lines[0]) + 1


def test_raw_file_scans_each_non_ascii_line_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every position on a line after the first one reuses that line's column table."""
    from factlint.sources import mimetext

    scans: list[bytes] = []
    byte_columns = mimetext._byte_columns

    def counted(line: bytes) -> list[int]:
        scans.append(line)
        return byte_columns(line)

    monkeypatch.setattr(mimetext, "_byte_columns", counted)
    raw = mimetext.RawFile.of(["plain ascii", "Preis 1’120 CHF", "ümlaut line"])
    second = raw.starts[1]
    places = [raw.position(offset) for offset in range(second, raw.starts[2])]
    assert len(scans) == 1  # a lookup for each byte of the second line, one scan of it
    # bytes 7-9 are the three bytes of "’": the "1" after it is byte 10 and the 9th character
    assert places[0] == (2, 1) and places[8] == (2, 8) and places[10] == (2, 9)
    raw.position(0)
    assert len(scans) == 1  # an ASCII line needs no table
