"""Reading Emacs Org-mode files into blocks of what the exported page shows, with file positions kept."""

from __future__ import annotations

import pathlib
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from source_text import load_text as _load

from factlint.models import Block, BlockKind
from factlint.sources import org, orginline
from factlint.sources.detect import is_org
from factlint.sources.org import parse_org
from factlint.sources.orginline import TIMESTAMP, org_inline_text
from factlint.sources.rstlines import SourceLine
from tests.sourcefiles import placed, source_lines


def _blocks(source: str) -> list[Block]:
    return parse_org(source_lines(source))[0]


def _texts(blocks: list[Block], kind: BlockKind) -> list[str]:
    return [block.text for block in blocks if block.kind is kind]


HEADINGS = """
    #+TITLE: Card notes
    #+TODO: NEXT(n) HOLD(h@/!) | SHIPPED(s) DROPPED
    * NEXT [#A] Gaudi 3 review [1/4] [25%]                 :intel:review:
      SCHEDULED: <2026-02-03 Tue> DEADLINE: <2026-02-10 Tue 17:00>
    ** DROPPED L40S pilot
       CLOSED: [2026-02-04 Wed 09:15]
    * TODO is no keyword of this file
    * COMMENT Scratch
      The H100 has 99 GB.
    ** Under the scratch heading
       80 GB.
    * Afterwards
      The L4 has 24 GB.
"""


def test_a_heading_drops_its_state_priority_cookies_and_tags() -> None:
    blocks = _blocks(HEADINGS)
    headings = [(block.text, block.line) for block in blocks if block.kind is BlockKind.HEADING]
    assert headings == [
        ("Card notes", 1),
        ("Gaudi 3 review", 3),
        ("L40S pilot", 5),
        ("TODO is no keyword of this file", 7),
        ("Afterwards", 12),
    ]
    assert blocks[1].position(0) == (3, 13)


def test_planning_lines_settings_and_commented_subtrees_are_not_read() -> None:
    texts = [block.text for block in _blocks(HEADINGS)]
    assert not any("2026" in text or "99 GB" in text or "80 GB" in text for text in texts)
    assert _texts(_blocks(HEADINGS), BlockKind.PARAGRAPH) == ["The L4 has 24 GB."]


def test_the_title_keyword_is_the_title_and_heads_the_document(tmp_path: pathlib.Path) -> None:
    document = _load(tmp_path, "notes.org", HEADINGS)
    assert document.format == "org"
    assert document.title == "Card notes"
    assert document.blocks[-1].headings == ("Card notes", "Afterwards")


DRAWERS = """
    * Gaudi 3
      :PROPERTIES:
      :ID:        4f1c-22
      :TOTAL_POWER: 900 W
      :HBM:       128 GB
      :END:
      :LOGBOOK:
      CLOCK: [2026-02-01 Sun 10:00]--[2026-02-01 Sun 11:30] =>  1:30
      - State "DONE"       from "TODO"       [2026-02-01 Sun 11:31] \\\\
        Power re-measured at 880 W.
      - Note taken on [2026-02-02 Mon 08:00] \\\\
        Fans at 40%.
      :END:
"""


def test_a_property_drawer_is_rows_of_the_heading_subject() -> None:
    blocks = _blocks(DRAWERS)
    rows = [block for block in blocks if block.kind is BlockKind.TABLE_ROW]
    assert [row.text for row in rows] == ["TOTAL POWER | 900 W", "HBM | 128 GB"]
    assert all(row.headings == ("Gaudi 3",) for row in rows)
    assert placed(rows[0], "900 W", source_lines(DRAWERS))[0] == 4


def test_a_logbook_is_read_as_text_without_its_clock_lines_or_note_headers() -> None:
    items = _texts(_blocks(DRAWERS), BlockKind.LIST_ITEM)
    assert items == ["Power re-measured at 880 W.", "Fans at 40%."]


LISTS = """
    Checked on the bench:
    1. [X] The L40S has 48 GB.
    2) [ ] The L4 draws 72 W
       over two lines.
       - nested: the A2 has 16 GB.
    - Memory :: 96 GB
    + [2026-01-16 Fri 12:05] Retested the H100 at 700 W.

    After the list.
"""


def test_list_items_drop_checkboxes_and_log_stamps_and_label_description_items() -> None:
    blocks = _blocks(LISTS)
    items = [block for block in blocks if block.kind is BlockKind.LIST_ITEM]
    assert [item.text for item in items] == [
        "The L40S has 48 GB.",
        "The L4 draws 72 W\nover two lines.",
        "nested: the A2 has 16 GB.",
        "Memory: 96 GB",
        "Retested the H100 at 700 W.",
    ]
    assert items[0].list_intro == "Checked on the bench:"
    assert items[3].label == "Memory"
    assert placed(items[1], "over", source_lines(LISTS))[0] == 4
    assert placed(items[4], "700 W", source_lines(LISTS))[0] == 7
    assert _texts(blocks, BlockKind.PARAGRAPH)[-1] == "After the list."


TABLES = """
    #+CAPTION: Cards on the bench
    #+NAME: tbl-cards
    | <l>  | <8>    |        |
    | card | memory | power  |
    |------+--------+--------|
    | L40S | 48 GB  | 350 W  |
    | L4   | 24 GB  | 72 W   |
    #+TBLFM: $3=1000
"""


def test_a_table_reads_its_header_above_the_first_rule_without_cookie_rows_or_formulas() -> None:
    blocks = _blocks(TABLES)
    assert blocks[0].text == "Cards on the bench"
    rows = [block for block in blocks if block.kind is BlockKind.TABLE_ROW]
    assert [row.text for row in rows] == ["L40S | 48 GB | 350 W", "L4 | 24 GB | 72 W"]
    assert rows[0].table_headers == ("card", "memory", "power")
    assert placed(rows[1], "72 W", source_lines(TABLES))[0] == 7
    assert not any("1000" in block.text for block in blocks)


def test_a_table_without_a_rule_is_all_data() -> None:
    rows = _blocks("| L40S | 48 GB |\n| L4 | 24 GB |")
    assert [row.text for row in rows] == ["L40S | 48 GB", "L4 | 24 GB"]
    assert rows[0].table_headers == ()


BLOCKS = """
    #+BEGIN_QUOTE
    The H200 has 141 GB.
    #+END_QUOTE
    #+begin_src python
    power = 400  # W
    #+end_src
    #+BEGIN_EXAMPLE
    1200 W
    #+END_EXAMPLE
    #+BEGIN_COMMENT
    The H100 has 99 GB.
    #+END_COMMENT
    : fixed width 1300 W
    # a comment line of 700 W
    #+BEGIN: columnview :id global
    | ITEM | MEMORY |
    |------+--------|
    | L4   | 24 GB  |
    #+END:
"""


def test_quotes_and_dynamic_blocks_are_read_code_examples_and_comments_are_not() -> None:
    texts = [block.text for block in _blocks(BLOCKS)]
    assert texts == ["The H200 has 141 GB.", "L4 | 24 GB"]


@pytest.mark.parametrize(
    ("markup", "shown"),
    [
        ("The *L40S* has /48 GB/ of _GDDR6_.", "The L40S has 48 GB of GDDR6."),
        ("It reads =4.8 TB/s= and ~141 GB~.", "It reads 4.8 TB/s and 141 GB."),
        ("The L4 draws +60 W+ 72 W.", "The L4 draws 72 W."),
        ("The H100 has 80 GB[fn:2] and 3.35 TB/s[fn:: per the sheet].", "The H100 has 80 GB and 3.35 TB/s."),
        (
            "See [[https://example.com/l4][the L4 page]] and [[file:cards.org]].",
            "See the L4 page and cards.org.",
        ),
        ("A <<target>>target and a <<<radio>>> one.", "A target and a radio one."),
        ("About 10^{15} FLOPS in H_{2}O.", "About 10¹⁵ FLOPS in H2O."),
        ("\\alpha of 72\\nbsp{}W, 2\\times faster.", "α of 72 W, 2× faster."),
        ("Shipped <2025-11-04 Tue> to [2025-11-05 Wed 10:00] us.", "Shipped 2025-11-04 to 2025-11-05 us."),
        ("The HBM_BW key, tok/s/chip and 1+1+2.", "The HBM_BW key, tok/s/chip and 1+1+2."),
        ("A line\\\\\nbreak.", "A line\nbreak."),
    ],
)
def test_inline_markup_renders_as_the_export_shows_it(markup: str, shown: str) -> None:
    (block,) = _blocks(markup)
    assert block.text == shown


def test_footnote_definitions_are_notes() -> None:
    source = "The L4 has 24 GB.[fn:1]\n\n[fn:1] GDDR6, 300 GB/s.\n"
    blocks = _blocks(source)
    assert [block.text for block in blocks] == ["The L4 has 24 GB.", "[^1]: GDDR6, 300 GB/s."]
    assert placed(blocks[1], "300 GB/s", source_lines(source))[0] == 3


@pytest.mark.parametrize(
    ("name", "text", "expected"),
    [
        ("notes.org", "Plain words.", True),
        ("notes.txt", "#+TITLE: Notes\n\n* Cards\nThe L4 has 24 GB.", True),
        ("notes.txt", "#+TITLE: Notes\nNo heading here.", False),
        ("notes.txt", "* a bullet\n* another", False),
        ("notes.md", "#+TITLE: Notes\n* Cards", False),
    ],
)
def test_detection_needs_the_suffix_or_a_title_keyword_and_a_heading(
    name: str, text: str, expected: bool
) -> None:
    assert is_org(text, pathlib.Path(name).suffix) is expected


def test_an_org_txt_loads_as_org(tmp_path: pathlib.Path) -> None:
    document = _load(tmp_path, "log.txt", "#+TITLE: Log\n* DONE Cards\nThe L4 has 24 GB.")
    assert document.format == "org"
    assert [block.text for block in document.blocks] == ["Log", "Cards", "The L4 has 24 GB."]


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="*/_=~+[]<>|:#-+ \\{}^fn12aEND\n", max_size=120))
def test_any_markup_reads_without_crashing_and_positions_stay_in_the_file(text: str) -> None:
    lines = text.split("\n")
    for block in parse_org(lines)[0]:
        for offset in range(len(block.text)):
            line, column = block.position(offset)
            assert 1 <= line <= len(lines)
            assert column >= 1


def test_long_lines_of_unclosed_markers_keep_their_text() -> None:
    # How much work such a line costs is counted by the emphasis-closer test below; here: nothing is lost.
    blocks = _blocks(" ".join(["*a /b _c =d ~e +f"] * 2000))
    text = " ".join(block.text for block in blocks)
    assert text.count("a") >= 2000 and text.count("f") >= 2000


def test_a_note_header_without_text_below_is_dropped_whole() -> None:
    items = _texts(
        _blocks('- State "DONE"       from "TODO"       [2026-02-01 Sun 11:31]\n- The L4 has 24 GB.'),
        BlockKind.LIST_ITEM,
    )
    assert items == ["The L4 has 24 GB."]


def test_column_group_rows_and_export_snippets_show_nothing() -> None:
    blocks = _blocks("| card | memory |\n| /    | <      |\n|------+--------|\n| L4 @@html:<b>@@| 24 GB |")
    assert [block.text for block in blocks] == ["L4 | 24 GB"]


class _CountingPattern:
    """A compiled pattern that counts its ``match`` calls."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern, self.calls = pattern, 0

    def match(self, text: str) -> re.Match[str] | None:
        self.calls += 1
        return self.pattern.match(text)


@pytest.mark.parametrize("opener", [":a:", "#+begin_quote", "#+begin: x"])
def test_unclosed_drawers_and_blocks_cost_no_scan_to_the_next_heading(
    opener: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    count = 2000
    counter = _CountingPattern(org._HEADING)
    monkeypatch.setattr(org, "_HEADING", counter)
    parse_org([opener] * count + ["* Next", "The L4 has 24 GB."])
    assert counter.calls < 20 * count  # one scan to the heading per opener would be count**2 / 2


def test_closed_drawers_and_blocks_still_read_up_to_their_closer() -> None:
    source = ":NOTES:\nThe L4 has 24 GB.\n:END:\n#+BEGIN_QUOTE\nThe L40S has 48 GB.\n#+END_QUOTE\n"
    source += "#+begin_src\nx = 80\n#+end_src\n:open:\n* Next\n:END:\n"
    assert [block.text for block in _blocks(source)] == [
        "The L4 has 24 GB.",
        "The L40S has 48 GB.",
        ":open:",
        "Next",
        ":END:",
    ]


def test_timestamps_and_footnote_definitions_are_bounded() -> None:
    stamp = re.compile(TIMESTAMP)
    assert stamp.fullmatch("<2026-02-10 Tue 17:00-18:30 +1w>--<2026-02-11 Wed>") is not None
    assert stamp.match("<2026-02-10 " + "x" * 500 + ">") is None
    # a footnote definition stops at a bracket other than a link's, or at a blank line
    assert _texts(_blocks("[fn:a:[fn:a:[fn:a:] The L4 has 24 GB."), BlockKind.PARAGRAPH) == [
        "[fn:a:[fn:a: The L4 has 24 GB."
    ]
    shown = org_inline_text(
        [SourceLine(1, 1, "A [fn:a:note"), SourceLine(2, 1, ""), SourceLine(3, 1, "24 GB.]")]
    )
    assert shown is not None and "24 GB" in shown.text
    note = _blocks("The L4 [fn:1:see [[https://a.b][the page]] for it] has 24 GB.")
    assert [block.text for block in note] == ["The L4 has 24 GB."]
    for source in ["<2020-01-01 " * 3000, "* a\nSCHEDULED: " + "<2020-01-01 " * 3000, "[fn:a:" * 6000]:
        assert _blocks(source)


def test_tab_indented_text_is_placed_by_characters() -> None:
    source = "* S\n\tThe A100 has 80 GB of memory.\n- a\n\t- The H100 has 94 GB.\n\t\tIndented tab text."
    blocks = _blocks(source)
    assert [block.text for block in blocks] == [
        "S",
        "The A100 has 80 GB of memory.",
        "a",
        "The H100 has 94 GB.\nIndented tab text.",
    ]
    assert blocks[1].position(0) == (2, 2)
    assert blocks[1].position(blocks[1].text.index("80 GB")) == (2, 15)
    assert placed(blocks[3], "94 GB", source_lines(source))[0] == 4
    assert placed(blocks[3], "Indented", source_lines(source))[0] == 5
    assert parse_org(["\t\tIndented tab text."])[0][0].position(0) == (1, 3)


def test_items_nested_past_the_nesting_cap_are_read_flat() -> None:
    source = "".join(" " * depth + f"- item {depth} has 80 GB\n" for depth in range(60))
    blocks = _blocks(source)
    assert [block.text for block in blocks] == [f"item {depth} has 80 GB" for depth in range(60)]
    assert placed(blocks[59], "item 59", source_lines(source))[0] == 60


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Totals\n\n*** the A100 has 80 GB ***\n#+title: shown\n", False),
        ("* Cards\n#+TITLE: Notes\n", False),
        ("# -*- mode: org -*-\n#+OPTIONS: toc:nil\n\n#+TITLE: Notes\n* Cards\n", True),
    ],
)
def test_detection_needs_the_title_in_the_header(text: str, expected: bool) -> None:
    assert is_org(text, ".txt") is expected


@pytest.mark.parametrize("source", ["x\n" + "*a\n" * 3000, "+a " * 3000, "/a *b _c " * 1000])
def test_each_emphasis_marker_looks_up_its_closer_once(source: str, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    closer = orginline._closer

    def counted(inline: object, opener: int, end: int) -> int | None:
        calls.append(opener)
        return closer(inline, opener, end)  # type: ignore[arg-type]

    monkeypatch.setattr(orginline, "_closer", counted)
    assert _blocks(source)
    assert len(calls) <= source.count("*") + source.count("+") + source.count("/") + source.count("_")
