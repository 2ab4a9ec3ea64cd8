"""Reading HTML pages into the blocks the Markdown reader gives, with file positions kept."""

from __future__ import annotations

import datetime as dt
import json
import pathlib
import textwrap

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from factlint import cli
from factlint.claims import extract_claims
from factlint.config import Config
from factlint.gate.suppressions import apply_suppressions, read_suppressions
from factlint.models import Block, BlockKind, Document
from factlint.pack import load_pack
from factlint.sources import load_document, load_sources
from factlint.sources.detect import is_html
from factlint.sources.fastscan import scan
from factlint.sources.html import parse_html
from factlint.sources.markdown import parse_markdown

PAGES = pathlib.Path(__file__).parent / "fixtures" / "sources" / "html"


def _page(html: str) -> tuple[list[Block], str | None]:
    return parse_html(textwrap.dedent(html).strip("\n").split("\n"))


def _load(tmp_path: pathlib.Path, name: str, data: str | bytes) -> Document:
    path = tmp_path / name
    if isinstance(data, str):
        data = textwrap.dedent(data).strip("\n").encode()
    path.write_bytes(data)
    return load_document(path, name)


def _at(block: Block, needle: str) -> tuple[int, int]:
    """Return the file position of ``needle`` in the block's text."""
    return block.position(block.text.index(needle))


def assert_text_maps_to_source(document: Document, source: str) -> None:
    """Assert every visible character of every block stands at its position in ``source``.

    A character decoded from a reference ("&amp;") maps to the reference's "&"; the
    separators the reader writes between cells and after a term map to no character.
    """
    lines = source.split("\n")
    for block in document.blocks:
        assert block.text and block.anchors and block.anchors[0] == (0, block.line, block.column)
        for offset, char in enumerate(block.text):
            if char.isspace() or (char in "|:," and block.kind is not BlockKind.PARAGRAPH):
                continue
            line, column = block.position(offset)
            written = lines[line - 1][column - 1 :]
            assert written.startswith((char, "&")), (block.text, offset, line, column, written[:20])


# -- a spec page: headings, title, a comparison table ------------------------------------


def test_spec_page_blocks_and_title() -> None:
    document = load_document(PAGES / "spec_page.html", "spec_page.html")
    assert document.format == "html" and document.error is None
    assert document.title == "Vega 7 accelerator — specifications"
    kinds = [(block.kind, block.line) for block in document.blocks]
    assert kinds == [
        (BlockKind.HEADING, 10),
        (BlockKind.PARAGRAPH, 11),
        (BlockKind.HEADING, 12),
        (BlockKind.PARAGRAPH, 14),  # the caption, read before the rows
        (BlockKind.TABLE_ROW, 19),
        (BlockKind.TABLE_ROW, 21),
        (BlockKind.TABLE_ROW, 25),
        (BlockKind.TABLE_ROW, 26),
    ]
    paragraph = document.blocks[1]
    assert paragraph.text == "The Vega 7 pairs 64 GB of memory with a 550 W board."  # &nbsp; and &#8239;
    assert _at(paragraph, "64 GB") == (11, 33)
    assert _at(paragraph, "550") == (11, 61)
    assert paragraph.headings == ("Vega 7",)
    assert_text_maps_to_source(document, (PAGES / "spec_page.html").read_text())


def test_comparison_table_rows_headers_and_cells() -> None:
    rows = [
        b for b in load_document(PAGES / "spec_page.html", "p.html").blocks if b.kind is BlockKind.TABLE_ROW
    ]
    assert {row.table_headers for row in rows} == {("Metric", "Vega 7", "Vega 8")}
    assert [[cell.text for cell in row.cells] for row in rows] == [
        ["Memory", "64 GB", "96 GB"],
        ["Bandwidth", "2.4 TB/s", "3.1 TB/s"],
        ["Process", "5 nm", ""],  # colspan: the value sits under the first column it spans
        ["Launch", "", "2025"],
    ]
    assert rows[0].text == "Memory | 64 GB | 96 GB"
    assert rows[0].headings == ("Vega 7", "Compared with Vega 8")
    # A row written over several lines: each cell keeps its own line and column.
    spread = rows[1]
    assert [spread.position(cell.column - spread.column) for cell in spread.cells] == [
        (21, 11),
        (22, 11),
        (23, 11),
    ]


def test_header_rows_colspan_and_rowspan() -> None:
    blocks, _ = _page(
        """
        <table>
        <tr><th rowspan="2">Part</th><th colspan="2">Memory</th></tr>
        <tr><th>Capacity</th><th>Bandwidth</th></tr>
        <tr><td rowspan="2">Vega 7</td><td>64 GB</td><td>2.4 TB/s</td></tr>
        <tr><td>128 GB</td><td>3.2 TB/s</td></tr>
        </table>
        """
    )
    first, second = blocks
    assert first.table_headers == ("Part", "Memory Capacity", "Memory Bandwidth")
    assert [cell.text for cell in second.cells] == ["Vega 7", "128 GB", "3.2 TB/s"]
    # The spanning label is quoted in both rows but stays where it is written.
    assert second.position(0) == first.position(0) == (4, 21)
    assert _at(second, "128") == (5, 9)


def test_first_row_of_th_is_the_header_and_a_table_without_one_has_none() -> None:
    blocks, _ = _page(
        """
        <table><tr><th>Chip</th><th>Memory</th></tr><tr><td>Vega 7</td><td>64 GB</td></tr></table>
        <table><tr><td>Memory</td><td>64 GB</td></tr><tr><td>Power</td><td>550 W</td></tr></table>
        """
    )
    assert [(b.table_headers, b.cells[0].text) for b in blocks] == [
        (("Chip", "Memory"), "Vega 7"),
        ((), "Memory"),
        ((), "Power"),
    ]


def test_layout_table_is_read_as_page_blocks() -> None:
    blocks, _ = _page(
        """
        <table role="presentation"><tr><td><h2>News</h2><p>Vega 7 has 64 GB.</p></td></tr></table>
        <table><tr><td><h2>More</h2></td><td><p>One.</p><p>Two.</p></td></tr></table>
        """
    )
    assert [(b.kind, b.text) for b in blocks] == [
        (BlockKind.HEADING, "News"),
        (BlockKind.PARAGRAPH, "Vega 7 has 64 GB."),
        (BlockKind.HEADING, "More"),
        (BlockKind.PARAGRAPH, "One."),
        (BlockKind.PARAGRAPH, "Two."),
    ]


def test_table_after_a_labelled_paragraph_takes_its_label() -> None:
    blocks, _ = _page(
        """
        <p><strong>Vega 8:</strong></p>
        <table><tr><th>Metric</th><th>Value</th></tr><tr><td>Memory</td><td>96 GB</td></tr></table>
        """
    )
    assert blocks[-1].label == "Vega 8"


# -- a news article: chrome skipped, line numbers kept -----------------------------------


def test_news_article_skips_chrome_and_keeps_line_numbers() -> None:
    document = load_document(PAGES / "news_article.html", "news_article.html")
    assert [(b.kind, b.line, b.text) for b in document.blocks] == [
        (BlockKind.HEADING, 11, "Vega 8 ships with 96 GB"),
        (BlockKind.PARAGRAPH, 12, "By A. Writer"),
        (
            BlockKind.PARAGRAPH,
            13,
            "Example Labs said on Monday that the Vega 8 is shipping.\nIt carries 96 GB of memory.",
        ),
        (BlockKind.PARAGRAPH, 21, "The board draws 600 W."),
    ]
    paragraph = document.blocks[2]
    assert _at(paragraph, "96 GB") == (14, 12)
    assert paragraph.sentence_spans() == ((0, 56), (57, 84))
    assert document.title == "Vega 8 ships"
    assert_text_maps_to_source(document, (PAGES / "news_article.html").read_text())


def test_chrome_rules_by_tag_role_id_and_class() -> None:
    blocks, _ = _page(
        """
        <div role="navigation">Home 1</div>
        <div role="contentinfo">Footer 2</div>
        <section id="site_footer">Footer 3</section>
        <div class="gdpr-notice modal">Consent 4</div>
        <span class="sr-only">Skip 5</span>
        <div aria-hidden="true">Icon 6</div>
        <div class="navigation-tabs">Tab 7</div>
        <p>Kept 8: the headroom-navigator reads <em>as content</em>.</p>
        <div class="no-sidebar"><h1>Page title</h1><p>Kept 9.</p></div>
        """
    )
    assert [b.text for b in blocks] == [
        "Kept 8: the headroom-navigator reads as content.",
        "Page title",
        "Kept 9.",
    ]
    assert [b.line for b in blocks] == [8, 9, 9]


def test_boilerplate_lines_are_dropped_as_in_scraped_text() -> None:
    blocks, _ = _page("<p>Skip to content</p>\n<p>Vega 7 has 64 GB.</p>")
    assert [b.text for b in blocks] == ["Vega 7 has 64 GB."]


# -- lists and definition lists ----------------------------------------------------------


def test_nested_lists_with_intro_and_labels() -> None:
    blocks, _ = _page(
        """
        <p><b>Vega 7:</b> the details.</p>
        <ul>
          <li>64 GB of memory
            <ul><li>in 4 stacks</li></ul>
          </li>
          <li><strong>Vega 8:</strong> 96 GB
        </ul>
        <p>After the list.</p>
        """
    )
    assert [(b.kind, b.text, b.label, b.list_intro, b.line) for b in blocks] == [
        (BlockKind.PARAGRAPH, "Vega 7: the details.", "Vega 7", None, 1),
        (BlockKind.LIST_ITEM, "64 GB of memory", "Vega 7", "Vega 7: the details.", 3),
        (BlockKind.LIST_ITEM, "in 4 stacks", "Vega 7", "64 GB of memory", 4),
        (BlockKind.LIST_ITEM, "Vega 8: 96 GB", "Vega 8", "Vega 7: the details.", 6),
        (BlockKind.PARAGRAPH, "After the list.", None, None, 8),
    ]


def test_definition_list_items_read_term_colon_value() -> None:
    source = """
        <p>The Vega 7 at a glance:</p>
        <dl>
          <dt>Memory</dt>
          <dd>64 GB of
              HBM3</dd>
          <dt>Power</dt><dt>TDP</dt>
          <dd>550 W</dd>
          <div><dt>Launch<dd>June 2024</div>
          <dt>Notes</dt>
        </dl>
        """
    blocks, _ = _page(source)
    items = blocks[1:]
    assert [(b.kind, b.text, b.label, b.list_intro) for b in items] == [
        (BlockKind.LIST_ITEM, "Memory: 64 GB of\nHBM3", "Memory", "The Vega 7 at a glance:"),
        (BlockKind.LIST_ITEM, "Power, TDP: 550 W", "Power, TDP", "The Vega 7 at a glance:"),
        (BlockKind.LIST_ITEM, "Launch: June 2024", "Launch", "The Vega 7 at a glance:"),
        (BlockKind.LIST_ITEM, "Notes", None, "The Vega 7 at a glance:"),
    ]
    memory = items[0]
    assert (memory.line, memory.column) == (3, 7)  # the term
    assert _at(memory, "64 GB") == (4, 7)  # the value, on its own line
    assert _at(memory, "HBM3") == (5, 7)
    assert _at(items[1], "TDP") == (6, 21)


def test_label_div_and_value_div_read_as_a_definition() -> None:
    source = """
        <p>The Vega 7 at a glance:</p>
        <div class="specs">
          <div class="row"><div>GPU Memory</div><div>64 GB</div></div>
          <div class="row"><div class="k">Memory Bandwidth</div>
               <div class="v">3.2 TB/s</div></div>
          <div>Max TDP</div> <div>Up to <b>550 W</b></div>
        </div>
        <div>Overview</div>
        <div>The Vega 7 ships in 2024. It is fast.</div>
        <div><div>Launched in 2024</div><div>June</div></div>
        <div>Price</div><div><p>$9,000</p></div>
        """
    blocks, _ = _page(source)
    assert [(b.kind, b.text, b.label, b.list_intro) for b in blocks[1:4]] == [
        (BlockKind.LIST_ITEM, "GPU Memory: 64 GB", "GPU Memory", "The Vega 7 at a glance:"),
        (BlockKind.LIST_ITEM, "Memory Bandwidth: 3.2 TB/s", "Memory Bandwidth", "The Vega 7 at a glance:"),
        (BlockKind.LIST_ITEM, "Max TDP: Up to 550 W", "Max TDP", "The Vega 7 at a glance:"),
    ]
    assert _at(blocks[2], "3.2 TB/s") == (5, 23)
    # A sentence, a label with a digit, or a value holding a block is no pair.
    assert [(b.kind, b.text) for b in blocks[4:]] == [
        (BlockKind.PARAGRAPH, "Overview"),
        (BlockKind.PARAGRAPH, "The Vega 7 ships in 2024. It is fast."),
        (BlockKind.PARAGRAPH, "Launched in 2024"),
        (BlockKind.PARAGRAPH, "June"),
        (BlockKind.PARAGRAPH, "Price"),
        (BlockKind.PARAGRAPH, "$9,000"),
    ]


def test_text_straight_in_a_div_is_read_and_a_promotion_is_no_chrome() -> None:
    blocks, _ = _page(
        """
        <div class="promo-banner">New: the Vega 8, with 96 GB. <a href="/v8">Learn more</a></div>
        <div class="cookie-banner">We use cookies 1.</div>
        <main>Vega 7 has 64 GB.<div>Its TDP is 550 W.</div></main>
        <footer>Footer 2</footer>
        """
    )
    assert [b.text for b in blocks] == [
        "New: the Vega 8, with 96 GB. Learn more",
        "Vega 7 has 64 GB.",
        "Its TDP is 550 W.",
    ]


# -- <br>, entities, broken markup --------------------------------------------------------


def test_br_separates_lines_and_bold_labels_start_blocks() -> None:
    blocks, _ = _page(
        """
        <p>Memory: 64 GB<br>Power: 550 W<br/>Launch: 2024</p>
        <p><b>Vega 7:</b> 64 GB<br><b>Vega 8</b>: 96 GB<br>
        shared board</p>
        """
    )
    memory, vega7, vega8 = blocks
    assert memory.text == "Memory: 64 GB\nPower: 550 W\nLaunch: 2024"
    assert [memory.text[start:end] for start, end in memory.sentence_spans()] == [
        "Memory: 64 GB",
        "Power: 550 W",
        "Launch: 2024",
    ]
    assert _at(memory, "Launch") == (1, 38)
    assert (vega7.text, vega7.label) == ("Vega 7: 64 GB", "Vega 7")
    assert (vega8.text, vega8.label, vega8.line) == ("Vega 8: 96 GB\nshared board", "Vega 8", 2)
    assert _at(vega8, "shared") == (3, 1)


def test_entities_are_decoded_and_keep_positions() -> None:
    source = (
        "<p>AT&amp;T &lt;b&gt; 3&#8212;5 GB, &copy 2025 &unknown; &amp x\u00a0 Ten&shy;sor 64&nbsp;GB</p>"
    )
    blocks, _ = _page(source)
    (block,) = blocks
    assert block.text == "AT&T <b> 3—5 GB, © 2025 &unknown; & x Tensor 64 GB"
    assert _at(block, "T <b>") == (1, 11)
    assert _at(block, "5 GB") == (1, 31)
    assert _at(block, "sor") == (1, 74)
    assert _at(block, "64") == (1, 78)
    assert_text_maps_to_source(Document("x.html", "", "html", tuple(blocks)), source)


def test_footnote_marks_are_dropped_and_powers_kept() -> None:
    source = (
        "<p>Up to 141GB<sup>2</sup> of memory<sup>[3]</sup>, launched in 2024<sup>*</sup>.</p>\n"
        "<p>About 10<sup>18</sup> operations on a 814 mm<sup>2</sup> die; NVIDIA<sup>®</sup>.</p>"
    )
    blocks, _ = parse_html(source.split("\n"))
    assert [b.text for b in blocks] == [
        "Up to 141GB of memory, launched in 2024.",
        "About 10¹⁸ operations on a 814 mm² die; NVIDIA®.",
    ]
    assert _at(blocks[0], "of memory") == (1, 28)
    assert _at(blocks[1], "¹⁸") == (2, 17)
    assert_text_maps_to_source(Document("x.html", "", "html", tuple(blocks[:1])), source)


def test_broken_markup_is_read_as_a_browser_would() -> None:
    blocks, title = _page(
        """
        <html><head><title>Broken</title>
        <p>First paragraph 1 GB
        <p>Second <b>bold <i>mixed</b> up</i> 2 GB
        </div></span>
        <ul><li>one<li>two</ul>
        <table><tr><td>Memory<td>64 GB<tr><td>Power<td>550 W</table>
        <![ not a section ]>text after junk</br>new line
        <div/>still here
        </body></html>trailing 3 GB
        """
    )
    assert title == "Broken"
    assert [(b.kind, b.text, b.line) for b in blocks] == [
        (BlockKind.PARAGRAPH, "First paragraph 1 GB", 2),
        (BlockKind.PARAGRAPH, "Second bold mixed up 2 GB", 3),
        (BlockKind.LIST_ITEM, "one", 5),
        (BlockKind.LIST_ITEM, "two", 5),
        (BlockKind.TABLE_ROW, "Memory | 64 GB", 6),
        (BlockKind.TABLE_ROW, "Power | 550 W", 6),
        (BlockKind.PARAGRAPH, "text after junk\nnew line", 7),
        (BlockKind.PARAGRAPH, "still here\ntrailing 3 GB", 8),  # "<div/>" opens a div, as in a browser
    ]


def test_deeply_nested_markup_does_not_overflow() -> None:
    blocks, _ = parse_html(["<div>" * 5000 + "Vega 7 has 64 GB." + "</div>" * 5000, "<b>" * 5000 + "<p>tail"])
    assert [b.text for b in blocks] == ["Vega 7 has 64 GB.", "tail"]


_FRAGMENTS = st.sampled_from(
    [
        "<p>", "</p>", "<li>", "<ul>", "</ul>", "<table>", "<tr>", "<td>", "<th>", "</td>", "</table>",
        "<thead>", "<td colspan=3>", "<td rowspan=0>", "<th colspan='x'>", "<dl>", "<dt>", "<dd>", "</dl>",
        "<div>", "</div>", "<b>", "</b>", "<strong>", "Vega 7:", "64 GB", "&amp;", "&nbsp;", "&#8212;",
        "&#xZZ;", "&#99999999;", "&bogus;", "&amp", "&", "<", ">", "<!--", "-->", "<![ x", "<![CDATA[",
        "]]>", "<!DOCTYPE html>", "<head>", "<title>", "</title>", "<script>", "</script>", "<nav>", "<br>",
        "</br>", "<br/>", "<div/>", "\n", " ", "\t", "Text.", "Memory: 1 GB", "<h1>", "</h1>", "<h3>",
        "<caption>", "<svg>", "<a href='x'>", "</a>", "<p class='cookie-banner'>", "<main>", "<?x ?>",
        "</>", "<a b='", "\u00ad", "\u200b", "<template>", "<select><option>1<option>2</select>",
    ]
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.lists(_FRAGMENTS, max_size=50).map("".join))
def test_any_markup_reads_without_error_and_maps_back(source: str) -> None:
    blocks, _ = parse_html(source.split("\n"))
    assert_text_maps_to_source(Document("x.html", "", "html", tuple(blocks)), source)


# -- title, detection, encodings ---------------------------------------------------------


def test_title_is_the_title_element_else_the_first_h1() -> None:
    assert _page("<title>\n  Vega   7\n</title><h1>Other</h1>")[1] == "Vega 7"
    assert (
        _page("<svg><title>Icon</title></svg><h2>Two</h2><h1>Vega <em>8</em></h1><h1>Later</h1>")[1]
        == "Vega 8"
    )
    assert _page("<p>No heading.</p>")[1] is None


@pytest.mark.parametrize(
    ("name", "text", "html"),
    [
        ("page.html", "plain words", True),
        ("page.HTM", "plain words", True),
        ("saved.txt", "<!DOCTYPE html>\n<p>x</p>", True),
        ("saved", "\n  <!-- saved --> <HTML lang=en>", True),
        ("x.xhtml", '<?xml version="1.0"?>\n<html xmlns="http://www.w3.org/1999/xhtml">', True),
        ("notes.md", "<html><p>x</p></html>", False),  # Markdown may hold HTML
        ("notes.txt", "<htmlish> is not a page", False),
        ("notes.txt", "Say <!DOCTYPE html> first.", False),
    ],
)
def test_html_is_detected_by_suffix_or_first_tag(name: str, text: str, html: bool) -> None:
    assert is_html(text, pathlib.PurePath(name).suffix) is html


def test_front_matter_before_a_page_keeps_line_numbers(tmp_path: pathlib.Path) -> None:
    document = _load(
        tmp_path, "post.html", "---\ntitle: Vega post\n---\n<h1>Heading</h1>\n<p>Vega 7 has 64 GB.</p>"
    )
    assert document.format == "html" and document.title == "Vega post"
    assert [(b.text, b.line) for b in document.blocks] == [("Heading", 4), ("Vega 7 has 64 GB.", 5)]


@pytest.mark.parametrize(
    ("head", "body", "expected"),
    [
        (b'<meta charset="windows-1252">', b"3\x965 GB \x93quoted\x94", "3–5 GB “quoted”"),
        (
            b'<meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1">',
            b"caf\xe9 \x93x\x94",
            "café “x”",  # a browser reads Latin-1 pages as windows-1252
        ),
        (b"<meta charset='shift_jis'>", "メモリ 64 GB".encode("shift_jis"), "メモリ 64 GB"),
        (b'<meta charset="utf-8">', "caf\u00e9 64 GB".encode(), "café 64 GB"),
    ],
)
def test_encoding_from_meta_charset(tmp_path: pathlib.Path, head: bytes, body: bytes, expected: str) -> None:
    data = b"<!DOCTYPE html>\n<html><head>" + head + b"</head>\n<body><p>" + body + b"</p></body></html>\n"
    document = _load(tmp_path, "page.html", data)
    assert document.error is None
    assert [(b.text, b.line) for b in document.blocks] == [(expected, 3)]


def test_page_that_cannot_be_decoded_is_an_error_naming_the_line(tmp_path: pathlib.Path) -> None:
    data = b"<html><head></head>\n<body>\n<p>caf\xe9</p>\n"
    document = _load(tmp_path, "page.html", data)
    assert document.error == "line 3: not UTF-8 text (invalid byte 0xe9)"
    assert document.format == "html" and document.blocks == ()
    unknown = _load(tmp_path, "other.html", b"<meta charset='x-no-such'>\n<p>caf\xe9</p>")
    assert unknown.error == "line 2: not UTF-8 text (invalid byte 0xe9)"


def test_utf16_page_with_byte_order_mark(tmp_path: pathlib.Path) -> None:
    data = "<html>\n<p>Vega 7 has 64\u00a0GB.</p>\n</html>".encode("utf-16")
    document = _load(tmp_path, "saved.htm", data)
    assert [(b.text, b.line, b.column) for b in document.blocks] == [("Vega 7 has 64 GB.", 2, 4)]


# -- the fast Markdown path stays out of the way -----------------------------------------


def test_html_never_goes_through_the_markdown_readers(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_: object, **__: object) -> None:
        raise AssertionError("an HTML page reached the Markdown reader")

    monkeypatch.setattr("factlint.sources.loader.parse_markdown", refuse)
    monkeypatch.setattr("factlint.sources.loader.parse_plain_text", refuse)
    document = load_document(PAGES / "spec_page.html", "spec_page.html")
    assert document.format == "html" and len(document.blocks) == 8


def test_fast_scanner_declines_html_lines() -> None:
    lines = (PAGES / "spec_page.html").read_text().split("\n")
    assert scan(lines, 0, "\n".join(lines)) is None


def test_markdown_with_inline_html_reads_the_same_fast_or_not() -> None:
    lines = textwrap.dedent(
        """
        # Vega 7

        <table><tr><td>64 GB</td></tr></table>

        Vega 7 has 64 GB.

        <div class="note">
        Vega 8 has 96 GB.
        </div>

        - item
        """
    ).split("\n")
    assert parse_markdown(lines) == parse_markdown(lines, fast=False)


# -- end to end: the same claims as the equivalent Markdown, every file reported ---------


def _facts(document: Document) -> list[tuple[object, ...]]:
    claims = extract_claims(document, load_pack())
    return [(c.line, c.entity, c.scope, c.attribute, c.value, c.unit, c.qualifier, c.quote) for c in claims]


def test_page_gives_the_claims_and_lines_of_the_equivalent_markdown() -> None:
    markdown = load_document(PAGES / "equivalent.md", "equivalent.md")
    page = load_document(PAGES / "equivalent.html", "equivalent.html")
    assert page.title == markdown.title == "Gaudi3 in brief"
    expected = [fact[:7] for fact in _facts(markdown)]
    assert len(expected) == 11
    assert [fact[:7] for fact in _facts(page)] == expected
    # Quotes are clean text: no tags, entities decoded, whitespace collapsed.
    quotes = {fact[7] for fact in _facts(page)}
    assert "The Gaudi3 carries 128 GB of HBM2e and 3.7 TB/s of memory bandwidth." in quotes
    assert "MI300X: up to 192 GB of HBM3 per chip." in quotes
    assert "Memory | 128 GB | 192 GB" in quotes
    assert not any("<" in quote or "&" in quote for quote in quotes)


def test_claim_positions_point_at_the_figures_in_the_page() -> None:
    source = (PAGES / "equivalent.html").read_text().split("\n")
    page = load_document(PAGES / "equivalent.html", "equivalent.html")
    for claim in extract_claims(page, load_pack()):
        assert source[claim.line - 1][claim.column - 1 :].startswith(claim.text.split()[0]), claim


def test_folder_mixing_markdown_and_html_reports_every_file(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # the claims cache goes here
    tmp_path = tmp_path / "docs"
    tmp_path.mkdir()
    (tmp_path / "a.md").write_text("# Gaudi3\n\nThe Gaudi3 has 128 GB of HBM2e.\n")
    (tmp_path / "b.html").write_text("<html><body><h1>Gaudi3</h1><p>The Gaudi3 has 96 GB of HBM2e.</p>")
    (tmp_path / "c.htm").write_text("<p>The Gaudi3 draws 900 W.</p>")
    (tmp_path / "d.txt").write_text("The Gaudi3 draws 900 W.\n")
    documents = load_sources([str(tmp_path)], Config())
    assert [(pathlib.Path(d.path).name, d.format) for d in documents] == [
        ("a.md", "markdown"),
        ("b.html", "html"),
        ("c.htm", "html"),
        ("d.txt", "text"),
    ]
    result = CliRunner().invoke(cli.cli, ["check", "docs", "--format", "json"])
    report = json.loads(result.output)
    assert [(pathlib.Path(s["path"]).name, s["claims"], s["error"]) for s in report["sources"]] == [
        ("a.md", 1, None),
        ("b.html", 1, None),
        ("c.htm", 1, None),
        ("d.txt", 1, None),
    ]
    assert result.exit_code == 1  # 128 GB against 96 GB
    (conflict,) = report["conflicts"]
    assert {source for value in conflict["values"] for source in value["sources"]} == {
        "docs/a.md",
        "docs/b.html",
    }


def test_block_anchors_must_start_at_the_block_and_increase() -> None:
    block = Block(BlockKind.PARAGRAPH, "AT&T 5 GB", 3, 4, anchors=((0, 3, 4), (3, 3, 11)))
    assert block.position(2) == (3, 6) and block.position(5) == (3, 13)
    with pytest.raises(ValueError, match="first anchor"):
        Block(BlockKind.PARAGRAPH, "x", 3, 4, anchors=((0, 3, 5),))
    with pytest.raises(ValueError, match="increase"):
        Block(BlockKind.PARAGRAPH, "xy", 3, 4, anchors=((0, 3, 4), (0, 4, 1)))


def test_ignore_comments_in_a_page_cover_the_next_block(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "page.html"
    path.write_text(
        "<h1>Gaudi3</h1>\n"
        '<!-- factlint: ignore reason="old sheet" -->\n'
        "<p>The Gaudi3 has 96 GB of HBM2e,\nand 3.7 TB/s.</p>\n"
        "<p>The Gaudi3 has 128 GB of HBM2e.</p>\n"
    )
    (document,) = load_sources([str(path)], Config())
    suppressions, findings = read_suppressions(document)
    outcome = apply_suppressions(extract_claims(document, load_pack()), suppressions, dt.date(2026, 1, 15))
    assert findings == [] and outcome.findings == ()
    assert [(c.line, c.value) for c in outcome.suppressed] == [(3, 96.0), (4, 3.7)]
    assert [(c.line, c.value) for c in outcome.kept] == [(5, 128.0)]
