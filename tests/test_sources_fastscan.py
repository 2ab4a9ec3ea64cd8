"""The fast Markdown scanner must give exactly the blocks markdown-it-py gives, or step aside."""

from __future__ import annotations

import pathlib
import unittest.mock

from hypothesis import given, settings
from hypothesis import strategies as st

from factlint.sources import pieces
from factlint.sources.fastscan import scan
from factlint.sources.markdown import _parser, parse_markdown

FIXTURES = pathlib.Path(__file__).parent / "fixtures" / "sources"

_WORD = st.sampled_from(
    [
        "Vega",
        "has",
        "2.8",
        "TB/s.",
        "e.g.",
        "(note)",
        "**Bold:**",
        "**B**:",
        "[[Link]]",
        "*em*",
        "x",
        "#5",
        "a|b",
        "\u00a0",
        "96\u00a0GB",
        "\x0c",
        "\u2028",
    ]
)
_TEXT = st.lists(_WORD, min_size=1, max_size=6).map(" ".join)
_MARKER = st.sampled_from(
    ["- ", "* ", "+ ", "1. ", "2. ", "1) ", "  - ", "  * ", "    - ", "   1. ", "-  ", "3. "]
)
_LINE = st.one_of(
    _TEXT,
    st.tuples(_MARKER, _TEXT).map("".join),
    st.tuples(st.sampled_from(["# ", "## ", "### ", "#", "####### "]), _TEXT).map("".join),
    st.tuples(st.sampled_from(["  ", " ", "    "]), _TEXT).map("".join),
    st.sampled_from(
        [
            "",
            "",
            "",
            "| A | B |",
            "|---|---|",
            "| :-- | --: |",
            "| 1 GB | 2 GB |",
            "| only |",
            "A | B",
            "--|--",
            "```",
            "~~~",
            "```py",
            "---",
            "***",
            "* * *",
            "===",
            "-",
            "1.",
            "> quoted",
            "<div>",
            "[ref]: http://x",
            "## Closing ##",
            "# #",
        ]
    ),
)
_DOCUMENT = st.lists(_LINE, max_size=30)


@settings(max_examples=800, deadline=None)
@given(_DOCUMENT)
def test_fast_scan_matches_markdown_it_or_declines(lines: list[str]) -> None:
    fast = parse_markdown(lines, fast=True)
    slow = parse_markdown(lines, fast=False)
    assert fast == slow


COMMON_DOCUMENT = """# Vega

Vega is a board. It ships in 2024.

## Specs

| Spec | Vega | Rigel |
|------|-----:|:-----:|
| Memory | 24 GB | **48 GB** |

**Vega Max:** the larger board:
- 16 chips per board
  - nested 2.5 kW
- **Rigel:** 8 chips
wrapped lazily

1. first
2. second

```
| not | a | table |
```

---
Last paragraph
  with an indented continuation.
"""


def test_common_documents_take_the_fast_path() -> None:
    lines = COMMON_DOCUMENT.split("\n")
    assert scan(lines, 0, COMMON_DOCUMENT) is not None
    fast = parse_markdown(lines, fast=True)
    assert fast == parse_markdown(lines, fast=False)
    assert len(fast[0]) == 11
    notes = (FIXTURES / "notes.txt").read_text(encoding="utf-8").split("\n")
    assert scan(notes, 0, "\n".join(notes)) is not None


def test_unsupported_constructs_fall_back() -> None:
    for text in ("> quote", "Title\n=====", "<div>\nx\n</div>", "\tcode", "para\n---"):
        lines = text.split("\n")
        assert scan(lines, 0, text) is None, text


# Documents cut into sections: blank lines, then lines that may or may not start a section,
# with constructs that run across blank lines (fences, HTML blocks, lists, quotes).
_SECTION_LINE = st.one_of(
    _LINE,
    st.sampled_from(
        [
            "",
            "",
            "Text line",
            "**Label:** 2 GB",
            "__U:__ x",
            "| A | B |",
            "|---|---|",
            "# Head",
            "```",
            "````",
            "~~~",
            "   ```",
            "    ```",
            "<script>",
            "</script>",
            "<!-- note",
            "-->",
            "<div>",
            "<?php",
            "?>",
            "> quoted",
            ">",
            "  continued",
            "    indented code",
            "- item",
            "1. item",
            "***",
            "a\tb",
        ]
    ),
)


@settings(max_examples=800, deadline=None)
@given(st.lists(_SECTION_LINE, max_size=40))
def test_documents_parsed_in_sections_match_markdown_it(lines: list[str]) -> None:
    assert parse_markdown(lines, fast=True) == parse_markdown(lines, fast=False)


@settings(max_examples=800, deadline=None)
@given(st.lists(_SECTION_LINE, max_size=40), st.sampled_from([0, 1, 3]))
def test_sections_parsed_alone_give_markdown_its_tokens(lines: list[str], first: int) -> None:
    lines = ["---", "title: x", "---"][:first] + lines
    body = "\n".join(lines[first:])
    whole = _parser().parse("\n" * first + body)
    with unittest.mock.patch.object(pieces, "scan", return_value=None):  # markdown-it for every section
        pieced = pieces.pieced_tokens(lines, first, body, _parser().parse)
    if pieced is None:
        return  # a single section: parsed whole anyway
    shape = [(token.type, token.map, token.markup, token.content) for token in whole]
    assert [(token.type, token.map, token.markup, token.content) for token in pieced] == shape


def test_a_fence_left_open_is_parsed_with_the_rest() -> None:
    lines = ["Intro", "", "```", "code", "", "Still code", "", "# Not a heading"]
    assert parse_markdown(lines) == parse_markdown(lines, fast=False)
    assert [block.text for block in parse_markdown(lines)[0]] == ["Intro"]


def test_a_fence_line_indented_four_spaces_does_not_close_the_fence() -> None:
    lines = ["```", "code", "      ```", "still code", "", "Vega"]
    assert parse_markdown(lines) == parse_markdown(lines, fast=False)
    assert parse_markdown(lines)[0] == []


def test_a_heading_right_after_a_table_ends_it_on_the_fast_path() -> None:
    lines = ["| Chip | Memory |", "|---|---|", "| Vega | 24 GB |", "## Next", "Text"]
    assert scan(lines, 0, "\n".join(lines)) is not None
    blocks, _ = parse_markdown(lines)
    assert blocks == parse_markdown(lines, fast=False)[0]
    assert [block.kind.value for block in blocks] == ["table_row", "heading", "paragraph"]
