"""XML reader robustness: empty content, declared encodings, long lines, entities, items and depth."""

from __future__ import annotations

import pathlib

import pytest

from factlint.config import Config
from factlint.models import Block
from factlint.sources import load_document
from factlint.sources.reader import decode_source
from factlint.sources.xmlfeed import parse_xml
from factlint.sources.xmltree import _TreeBuilder, parse_xml_tree


def _blocks(source: str) -> list[Block]:
    parsed = parse_xml(source.split("\n"))
    assert parsed.error is None
    return list(parsed.blocks)


def _at(source: str, blocks: list[Block], text: str) -> str:
    """Return the file text where the blocks place ``text`` (one of them holds it)."""
    block = next(block for block in blocks if text in block.text)
    line, column = block.position(block.text.index(text))
    return source.split("\n")[line - 1][column - 1 : column - 1 + len(text)]


def test_an_empty_html_content_gives_no_block_and_no_error() -> None:
    blocks = _blocks('<feed><entry><title>T</title><content type="html"/></entry></feed>')
    assert [block.text for block in blocks] == ["T"]


@pytest.mark.parametrize("encoding", ["Shift_JIS", "EUC-JP", "GB2312", "Big5", "UTF-16"])
def test_a_declared_encoding_never_redecodes_the_decoded_text(encoding: str) -> None:
    root = parse_xml_tree(f'<?xml version="1.0" encoding="{encoding}"?>\n<a x="café">日本</a>\n')
    element = root.elements()[0]
    assert (element.tag, element.attrs["x"], element.text()) == ("a", "café", "日本")


class _CountingBytes(bytes):
    """Bytes that count how many bytes their slices copy (the work of turning offsets into columns)."""

    copied = 0

    def __getitem__(self, key):  # type: ignore[no-untyped-def]
        part = super().__getitem__(key)
        if isinstance(key, slice):
            _CountingBytes.copied += len(part)
        return part


def test_columns_of_a_one_line_export_take_linear_work() -> None:
    line = "<rss>" + "<item><title>T</title><description>&lt;b&gt;80 GB&lt;/b&gt;</description></item>" * 400
    builder = _TreeBuilder(line + "</rss>", 1)
    builder.data = _CountingBytes(builder.data)
    _CountingBytes.copied = 0
    builder.parser.Parse(builder.data, True)
    # each stretch decodes only what lies after the one before: about the line once, not once per tag
    assert _CountingBytes.copied <= 2 * len(builder.data)
    last = builder.root.elements()[0].elements()[-1].elements()[-1]
    assert line[last.column - 1 :].startswith("<description>")


def test_a_change_is_superseded_only_within_its_own_item() -> None:
    source = "\n".join(
        [
            "<rss><channel>",
            "<item><title>HW-1 node</title><history>",
            '<item field="Memory" fromString="80 GB" toString="94 GB"/></history></item>',
            "<item><title>HW-2 node</title><history>",
            '<item field="Memory" fromString="128 GB" toString="192 GB"/></history></item>',
            "</channel></rss>",
        ]
    )
    rows = [block.text for block in _blocks(source) if "|" in block.text]
    assert rows == ["Memory | 94 GB (was 80 GB)", "Memory | 192 GB (was 128 GB)"]


def test_entities_inside_escaped_html_keep_later_columns() -> None:
    source = (
        "<rss><item><title>T</title>\n<description>&lt;p&gt;AT&amp;amp;T: &quot;the H100 SXM has 80 GB"
        " of HBM3 memory.&quot; &#8212; 3.35 TB/s&lt;/p&gt;</description>\n</item></rss>"
    )
    blocks = _blocks(source)
    assert _at(source, blocks, "80 GB") == "80 GB"
    assert _at(source, blocks, "3.35 TB/s") == "3.35 TB/s"


def test_attribute_values_with_references_and_line_breaks_keep_their_places() -> None:
    source = (
        '<r><item><title>A</title>\n<history><item field="Memory" fromString="&#8776;80 GB"'
        ' toString="&#160;&#8776;94 GB"/>\n<item field="Power" fromString="700\n W" toString="1,000 W"/>'
        "</history></item></r>"
    )
    blocks = _blocks(source)
    assert _at(source, blocks, "94 GB") == "94 GB"
    assert _at(source, blocks, "80 GB") == "80 GB"
    power = next(block for block in blocks if block.text.startswith("Power"))
    assert power.text == "Power | 1,000 W (was 700 W)"
    assert _at(source, blocks, "1,000 W") == "1,000 W"
    line, column = power.position(power.text.index("W)"))
    assert source.split("\n")[line - 1][column - 1] == "W"


def test_only_blocks_of_a_comment_are_messages_in_a_one_line_export() -> None:
    source = (
        "<rss><item><title>Node sizing</title><description>The H100 has 80 GB.</description>"
        "<comments><comment>I measured 94 GB.</comment></comments></item></rss>"
    )
    messages = {block.text: block.message for block in _blocks(source)}
    assert messages == {"Node sizing": False, "The H100 has 80 GB.": False, "I measured 94 GB.": True}


def test_elements_nested_too_deep_are_reported_with_their_line() -> None:
    deep = "<x>" * 170 + "<description>80 GB</description>" + "</x>" * 170
    parsed = parse_xml(["<r>", deep, "</r>"])
    assert parsed.error is None
    assert parsed.problems == ("line 2: elements nested deeper than 160 levels are not read",)


DECLARED = (
    '<?xml version="1.0" encoding="{}"?>\n'
    "<rss><item><title>T</title><description>Café: 80 GB</description></item></rss>\n"
)


@pytest.mark.parametrize(
    ("declared", "codec"),
    [("ISO-8859-1", "utf-8"), ("ISO-8859-1", "latin-1"), ("UTF-16", "utf-16"), ("UTF-16", "utf-8")],
)
def test_declared_encodings_and_byte_order_marks_are_honoured_where_the_bytes_agree(
    tmp_path: pathlib.Path, declared: str, codec: str
) -> None:
    raw = DECLARED.format(declared).encode(codec)
    assert "Café: 80 GB" in decode_source(raw).text
    path = tmp_path / "feed.xml"
    path.write_bytes(raw)
    document = load_document(path, "feed.xml")
    assert (document.error, document.format) == (None, "xml")
    assert [block.text for block in document.blocks] == ["T", "Café: 80 GB"]


def test_folders_read_feeds_but_not_every_xml_file() -> None:
    include = Config().include
    assert "*.rss" in include and "*.atom" in include
    assert "*.xml" not in include


def test_a_utf16_feed_without_a_declaration_is_read_by_its_suffix(tmp_path: pathlib.Path) -> None:
    raw = "<rss><item><title>T</title><description>Café: 80 GB</description></item></rss>\n".encode("utf-16")
    path = tmp_path / "feed.rss"
    path.write_bytes(raw)
    document = load_document(path, "feed.rss")
    assert (document.error, document.format) == (None, "xml")
    assert [block.text for block in document.blocks] == ["T", "Café: 80 GB"]
