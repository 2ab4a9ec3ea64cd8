"""Delimited tables (CSV, TSV, semicolon exports) in text, Markdown, fences and their own files."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from factlint.models import BlockKind
from factlint.sources import load_document
from factlint.sources.delimited import find_delimited_tables, split_fields


def _cells(rows, index):
    return [cell.text for cell in rows[index].cells]


def _rows(document):
    return [block for block in document.blocks if block.kind is BlockKind.TABLE_ROW]


def test_split_fields_honours_quotes_and_gives_columns() -> None:
    cells = split_fields('rig-7,"Vega 8, air",  64 ,', ",")
    assert [cell.text for cell in cells] == ["rig-7", "Vega 8, air", "64", ""]
    assert [cell.column for cell in cells] == [1, 8, 23, 27]


def test_a_quote_inside_a_field_is_a_mark_and_doubled_quotes_stay_in_their_field() -> None:
    cells = split_fields('A-1,19" rail, 2,"say ""hi, there""",x', ",")
    assert [cell.text for cell in cells] == ["A-1", '19" rail', "2", 'say "hi, there"', "x"]


def test_comma_table_with_header_names_split_into_words() -> None:
    lines = [
        "Exported from the lab tracker",
        "node,card,vram_gb,board_power_w",
        "lab-a,Orion X2,48,300",
        "lab-b,Lyra 9,24,220",
        "That is all for now.",
    ]
    rows = find_delimited_tables(lines)
    assert sorted(rows) == [1, 2, 3]
    assert rows[1].is_header and not rows[2].is_header
    assert rows[2].headers == ("node", "card", "vram gb", "board power w")
    assert _cells(rows, 3) == ["lab-b", "Lyra 9", "24", "220"]
    assert [cell.column for cell in rows[3].cells] == [1, 7, 14, 17]


def test_semicolon_export_keeps_its_decimal_commas() -> None:
    lines = ["modell;speicher_gb;preis_eur", "Orion X2;48;1.299,90", "Lyra 9;24;8,5"]
    rows = find_delimited_tables(lines)
    assert _cells(rows, 1) == ["Orion X2", "48", "1.299,90"]
    assert _cells(rows, 2) == ["Lyra 9", "24", "8,5"]


def test_tab_table_with_units_row_comments_and_blank_lines() -> None:
    lines = [
        "card\tvram\tpower",
        "\tGB\tW",
        "# bench row",
        "Orion X2\t48\t300",
        "",
        "Lyra 9\t24\t220-250",
        "Total\t72\t",
    ]
    rows = find_delimited_tables(lines)
    assert sorted(rows) == [0, 1, 3, 5, 6]
    assert rows[1].is_header
    assert rows[3].headers == ("card", "vram (GB)", "power (W)")
    assert _cells(rows, 5) == ["Lyra 9", "24", "220-250"]
    assert _cells(rows, 6) == ["Total", "72", ""]


def test_quoted_notes_may_be_long_sentences_but_bare_fields_may_not() -> None:
    note = "Loaned by the vendor for a month. Returned on 2025-03-02, with both cards re-flashed first."
    lines = ["rack,card,vram_gb,notes", f'r1,Orion X2,48,"{note}"', 'r2,Lyra 9,24,"spare"']
    rows = find_delimited_tables(lines)
    assert sorted(rows) == [0, 1, 2]
    assert _cells(rows, 1)[-1] == note
    bare = ["rack,card,vram_gb,notes", f"r1,Orion X2,48,{note.replace(',', '')}", "r2,Lyra 9,24,spare"]
    assert find_delimited_tables(bare) == {}


def test_prose_with_commas_is_never_a_table() -> None:
    lines = [
        "We tried the Orion, the Lyra, and the Vega last week.",
        "They cost 1,024, 2,048, and 4,096 dollars each, roughly.",
        "Next we try the Nova, the Rigel, and the Deneb cards.",
    ]
    assert find_delimited_tables(lines) == {}
    numbers = ["sizes,1,024,2,048", "1,024,2,048,4,096", "2,048,4,096,8,192"]
    assert find_delimited_tables(numbers) == {}


def test_thousands_separator_breaks_the_field_count() -> None:
    lines = ["card,vram_gb,price_usd", "Orion X2,48,1,299", "Lyra 9,24,899"]
    assert find_delimited_tables(lines) == {}
    quoted = ["card,vram_gb,price_usd", 'Orion X2,48,"1,299"', "Lyra 9,24,899"]
    assert _cells(find_delimited_tables(quoted), 1) == ["Orion X2", "48", "1,299"]


def test_a_header_with_figures_or_one_row_is_no_table() -> None:
    assert find_delimited_tables(["2023,2024,2025", "4,8,16", "5,9,17"]) == {}
    assert find_delimited_tables(["card,vram_gb,tdp_w", "Orion X2,48,300"]) == {}


@given(st.lists(st.text(alphabet='ab ,;\t"#1.\n', max_size=40), max_size=8))
def test_never_crashes(lines: list[str]) -> None:
    for index, row in find_delimited_tables(lines).items():
        assert 0 <= index < len(lines)
        assert all(cell.column >= 1 for cell in row.cells)


def test_plain_text_document_rows(tmp_path: Path) -> None:
    path = tmp_path / "export.txt"
    path.write_text("Lab cards\n\ncard,vram_gb,tdp_w\nOrion X2,48,300\nLyra 9,24,220\n", encoding="utf-8")
    rows = _rows(load_document(path, "export.txt"))
    assert [(row.line, row.column, row.text) for row in rows] == [
        (4, 1, "Orion X2,48,300"),
        (5, 1, "Lyra 9,24,220"),
    ]
    assert rows[0].table_headers == ("card", "vram gb", "tdp w")
    assert rows[0].headings == ("Lab cards",)


def test_markdown_paragraph_and_comment_between_rows(tmp_path: Path) -> None:
    path = tmp_path / "fleet.md"
    path.write_text(
        "# Fleet\n\ncard;vram_gb;tdp_w\n# first shelf\nOrion X2;48;300\nLyra 9;24;220\n", encoding="utf-8"
    )
    document = load_document(path, "fleet.md")
    kinds = [(block.kind, block.line) for block in document.blocks]
    assert kinds == [
        (BlockKind.HEADING, 1),
        (BlockKind.PARAGRAPH, 4),
        (BlockKind.TABLE_ROW, 5),
        (BlockKind.TABLE_ROW, 6),
    ]
    assert document.blocks[2].headings == ("Fleet",)


def test_markdown_fences_tagged_csv_or_untagged(tmp_path: Path) -> None:
    path = tmp_path / "fenced.md"
    path.write_text(
        "```csv\ncard,vram_gb,tdp_w\nOrion X2,48,300\nLyra 9,24,220\n```\n\n"
        "```python\nf(a, b, c)\ng(d, e, 1)\nh(x, y, 2)\n```\n\n"
        "```\ncard\tvram_gb\ttdp_w\nVega\t16\t150\nNova\t8\t75\n```\n",
        encoding="utf-8",
    )
    rows = _rows(load_document(path, "fenced.md"))
    assert [row.line for row in rows] == [3, 4, 15, 16]


def test_csv_file_is_a_document(tmp_path: Path) -> None:
    path = tmp_path / "cards.csv"
    path.write_text(
        "Lab inventory\n# measured at the wall\ncard;vram;tdp\n;GB;W\nOrion X2;48;300\nLyra 9;24;220\n",
        encoding="utf-8",
    )
    document = load_document(path, "cards.csv")
    assert document.error is None and document.title == "Lab inventory"
    assert [(block.kind, block.line) for block in document.blocks] == [
        (BlockKind.HEADING, 1),
        (BlockKind.PARAGRAPH, 2),
        (BlockKind.TABLE_ROW, 5),
        (BlockKind.TABLE_ROW, 6),
    ]
    row = document.blocks[2]
    assert row.table_headers == ("card", "vram (GB)", "tdp (W)")
    assert [(cell.text, cell.column) for cell in row.cells] == [("Orion X2", 1), ("48", 10), ("300", 13)]


def test_a_quoted_field_over_lines_makes_one_row_spanning_them(tmp_path: Path) -> None:
    path = tmp_path / "shop.csv"
    path.write_text(
        "handle,title,body,price\n"
        'orion,Orion X2,"<p>Fast.</p>\n<ul><li>48 GB</li>\n\n<li>300 W</li></ul>",1999.00\n'
        'orion,,,1499.00\nlyra,Lyra 9,"Small, cool",499.00\n',
        encoding="utf-8",
    )
    document = load_document(path, "shop.csv")
    assert document.error is None and document.problems == ()
    rows = _rows(document)
    assert [row.line for row in rows] == [2, 6, 7]
    first = rows[0]
    assert [cell.text for cell in first.cells][2] == "<p>Fast.</p>\n<ul><li>48 GB</li>\n\n<li>300 W</li></ul>"
    offset = first.text.index("300 W")
    assert first.position(offset) == (5, 5)
    price = first.cells[3]
    assert first.text[price.column - first.column :].startswith("1999.00")


def test_an_unclosed_quote_joins_no_lines(tmp_path: Path) -> None:
    path = tmp_path / "odd.csv"
    path.write_text('card,vram_gb\nOrion X2,48\n"Lyra 9,24\nVega 3,32\n', encoding="utf-8")
    rows = _rows(load_document(path, "odd.csv"))
    assert [row.line for row in rows] == [2, 4]


def test_tsv_file_trailing_empty_fields_are_trimmed(tmp_path: Path) -> None:
    path = tmp_path / "cards.tsv"
    path.write_text("card\tvram_gb\nOrion X2\t48\t\t\nLyra 9\t24\n", encoding="utf-8")
    rows = _rows(load_document(path, "cards.tsv"))
    assert [[cell.text for cell in row.cells] for row in rows] == [["Orion X2", "48"], ["Lyra 9", "24"]]


def test_a_ragged_csv_row_is_a_problem_of_its_line_and_the_other_rows_are_read(tmp_path: Path) -> None:
    path = tmp_path / "ragged.csv"
    path.write_text("card,vram_gb,tdp_w\nOrion X2,48,300\nLyra 9,24\nVega 3,32,250\n", encoding="utf-8")
    document = load_document(path, "ragged.csv")
    assert document.error is None
    assert document.problems == ("line 3: 2 fields where the header has 3",)
    assert [[cell.text for cell in row.cells] for row in _rows(document)] == [
        ["Orion X2", "48", "300"],
        ["Vega 3", "32", "250"],
    ]


def test_a_ragged_row_is_reported_as_an_error_finding_naming_its_line(tmp_path: Path) -> None:
    from factlint.api import check

    path = tmp_path / "ragged.csv"
    path.write_text("card,vram_gb,tdp_w\nOrion X2,48,300\nLyra 9,24\n", encoding="utf-8")
    report = check([str(path)])
    found = [(item.kind, item.path, item.line, item.severity) for item in report.findings]
    assert found == [("source-unreadable-part", str(path), 3, "error")]
    assert [source.error for source in report.sources] == [None]


def test_tsv_file_of_several_tabs_gives_each_table_its_own_header(tmp_path: Path) -> None:
    path = tmp_path / "export.tsv"
    path.write_text(
        "# --- tab: cards ---\ncard\tvram_gb\tnotes\nOrion X2\t48\t\n\n"
        "# --- tab: prices ---\ncard\tusd_per_hr\nOrion X2\t1.10\n",
        encoding="utf-8",
    )
    document = load_document(path, "export.tsv")
    assert document.error is None
    rows = _rows(document)
    assert [row.table_headers for row in rows] == [("card", "vram gb", "notes"), ("card", "usd per hr")]


def test_ragged_row_without_a_separator_before_it_stays_a_problem(tmp_path: Path) -> None:
    path = tmp_path / "ragged.tsv"
    path.write_text("card\tvram_gb\ttdp_w\nOrion X2\t48\t300\ncard\tusd_per_hr\n", encoding="utf-8")
    assert load_document(path, "ragged.tsv").problems == ("line 3: 2 fields where the header has 3",)


def test_csv_file_preamble_notes_and_annex_keep_their_lines(tmp_path: Path) -> None:
    path = tmp_path / "schedule.csv"
    path.write_text(
        "# Schedule 9 to lease L-41\n"
        "# Currency: EUR\n"
        "\n"
        "item,description,qty,unit_cost_eur\n"
        '1,"Rack server (2x CPU, 1 TB RAM)",2,41000.00\n'
        "2,Switch,1,9000.00\n"
        ",,,\n"
        "#\n"
        "# NOTES\n"
        "# 1. Prices fixed until delivery.\n"
        "ref,part,field,value,unit\n"
        "B1,Switch,Ports,64,count\n"
        "B2,Switch,Power,650,W\n"
        "# Signed: ________\n",
        encoding="utf-8",
    )
    document = load_document(path, "schedule.csv")
    assert document.problems == ()
    kinds = {block.line: block.kind for block in document.blocks}
    assert kinds[1] is BlockKind.PARAGRAPH and kinds[2] is BlockKind.PARAGRAPH
    assert [kinds[line] for line in (5, 6, 12, 13)] == [BlockKind.TABLE_ROW] * 4
    assert kinds[10] is BlockKind.PARAGRAPH and kinds[14] is BlockKind.PARAGRAPH
    rows = {block.line: block for block in _rows(document)}
    assert rows[5].table_headers == ("item", "description", "qty", "unit cost eur")
    assert rows[12].table_headers[:2] == ("ref", "part")


def test_a_quote_after_another_mark_opens_no_field_over_lines(tmp_path: Path) -> None:
    path = tmp_path / "shop.csv"
    path.write_text(
        'sku,name,note,vram,tdp\nA3,Orion X2,Size 3; "big,16,100\n'
        'A4,Lyra 9,small,8,75\nA5,"Acme, Inc",y,4,20\n',
        encoding="utf-8",
    )
    document = load_document(path, "shop.csv")
    rows = [block for block in document.blocks if block.kind is BlockKind.TABLE_ROW]
    assert [row.line for row in rows] == [2, 3, 4]
    assert rows[2].cells[1].text == "Acme, Inc"
