"""Sheets saved by European-locale spreadsheets: sep= lines, code pages, titles, key/value lines and notes."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from factlint.models import Block, BlockKind
from factlint.sources import load_document
from factlint.sources.delimited import split_fields
from factlint.sources.sheetrows import note_block, note_field


def _load(tmp_path: Path, name: str, data: bytes) -> list[Block]:
    path = tmp_path / name
    path.write_bytes(data)
    document = load_document(path, name)
    assert document.error is None, document.error
    assert document.problems == ()
    return list(document.blocks)


def _rows(blocks: list[Block]) -> list[Block]:
    return [block for block in blocks if block.kind is BlockKind.TABLE_ROW]


_GERMAN = (
    "\ufeffsep=;\n"
    "Angebotsvergleich Rechenknoten;;;;\n"
    "Stand:;14.01.2026;;;\n"
    ";;;;\n"
    "A) Kenndaten;;;;\n"
    "Produkt;Speicher (GB);TDP (W);FP32 (TFLOPS);\n"
    "Vela X2;48;300;38,7;\n"
    ";;;;\n"
    "B) Angebote;;;;\n"
    "Pos.;Produkt;Menge (Stk.);Stückpreis (USD);Bemerkung\n"
    '1;Vela X2;2;4.741,20;"Lieferung; 3 Wochen"\n'
    ";;;;\n"
    "C) Anmerkungen;;;;\n"
    "Nr.;Anmerkung;;;\n"
    '1;"Vela X2: laut Händler ""bis zu 2x"" die Leistung der Vela X1;\nnicht nachgemessen.";;;\n'
)


def test_a_sep_line_names_the_delimiter_and_is_no_title(tmp_path: Path) -> None:
    blocks = _load(tmp_path, "sheet.csv", _GERMAN.encode("utf-8"))
    headings = [(block.line, block.text) for block in blocks if block.kind is BlockKind.HEADING]
    assert headings[0] == (2, "Angebotsvergleich Rechenknoten")
    assert all("sep=" not in block.text for block in blocks)


def test_key_value_lines_are_paragraphs_keeping_their_columns(tmp_path: Path) -> None:
    blocks = _load(tmp_path, "sheet.csv", _GERMAN.encode("utf-8"))
    pair = next(block for block in blocks if block.line == 3)
    assert pair.kind is BlockKind.PARAGRAPH and pair.text == "Stand: 14.01.2026"
    assert pair.position(pair.text.index("14.01")) == (3, 8)


def test_section_titles_head_their_tables_and_a_row_of_names_opens_the_next(tmp_path: Path) -> None:
    blocks = _load(tmp_path, "sheet.csv", _GERMAN.encode("utf-8"))
    titles = [block.text for block in blocks if block.kind is BlockKind.HEADING]
    assert titles == ["Angebotsvergleich Rechenknoten", "A) Kenndaten", "B) Angebote", "C) Anmerkungen"]
    data, offer = _rows(blocks)
    assert data.line == 7 and data.headings == ("Angebotsvergleich Rechenknoten", "A) Kenndaten")
    assert data.table_headers[:2] == ("Produkt", "Speicher (GB)")
    assert offer.line == 11 and offer.headings[-1] == "B) Angebote"
    assert offer.table_headers[:3] == ("Pos", "Produkt", "Menge (Stk )")
    assert [cell.text for cell in offer.cells][3:] == ["4.741,20", "Lieferung; 3 Wochen"]


def test_a_note_row_is_a_paragraph_of_its_prose_over_lines(tmp_path: Path) -> None:
    blocks = _load(tmp_path, "sheet.csv", _GERMAN.encode("utf-8"))
    note = next(block for block in blocks if block.line == 15)
    assert note.kind is BlockKind.PARAGRAPH
    assert note.text == 'Vela X2: laut Händler "bis zu 2x" die Leistung der Vela X1;\nnicht nachgemessen.'
    assert note.headings[-1] == "C) Anmerkungen"
    assert note.position(note.text.index("2x")) == (15, _GERMAN.splitlines()[14].index("2x") + 1)
    assert note.position(note.text.index("nicht")) == (16, 1)


def test_a_label_and_a_short_field_stay_a_row(tmp_path: Path) -> None:
    text = "Rolle;Name;Datum\nAntragsteller;J. Pohl;03.03.2026\nBemerkung;drei Angebote;\n"
    blocks = _load(tmp_path, "sheet.csv", text.encode("utf-8"))
    assert [block.kind for block in blocks] == [BlockKind.TABLE_ROW, BlockKind.TABLE_ROW]


def test_a_windows_1252_export_is_read(tmp_path: Path) -> None:
    text = "Produkt;Stückpreis (USD);Markteinführung\nVela X2;4.741,20;Okt. 2020\n"
    rows = _rows(_load(tmp_path, "sheet.csv", text.encode("cp1252")))
    assert rows[0].table_headers == ("Produkt", "Stückpreis (USD)", "Markteinführung")


def test_a_windows_1250_export_is_read_when_its_letters_stand_in_words(tmp_path: Path) -> None:
    text = "Produkt;Ilość (szt.);Cena jednostkowa (USD);Pobór mocy (W)\nVela X2;2;4 741,20;300\n"
    rows = _rows(_load(tmp_path, "sheet.csv", text.encode("cp1250")))
    assert rows[0].table_headers[1] == "Ilość (szt )"
    assert rows[0].table_headers[3] == "Pobór mocy (W)"


def test_a_utf8_file_that_is_no_csv_still_fails_on_bad_bytes(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_bytes("Stückpreis 4.741,20\n".encode("cp1252"))
    assert load_document(path, "notes.txt").error is not None


_NOTE_TEXT = st.text(alphabet='ab ";,.x2\n', min_size=1, max_size=40)


@settings(max_examples=300, deadline=None)
@given(_NOTE_TEXT)
def test_every_character_of_a_note_points_at_its_place(note: str) -> None:
    prose = f"Vela X2 is {note} and more words here."
    field = '"' + prose.replace('"', '""') + '"'
    lines = f"7;{field};;".split("\n")
    fields = split_fields("\n".join(lines), ";")
    cell = note_field(fields)
    assert cell is not None and cell.text == prose
    block = note_block(lines, 0, cell, ())
    expected = []
    line, column = 0, 3  # 0-based: the field's text starts after '7;"'
    for char in prose:
        expected.append((line + 1, column + 1))
        if char == "\n":
            line, column = line + 1, 0
        else:
            column += 2 if char == '"' else 1  # a quote in the text is a doubled quote in the file
    assert [block.position(offset) for offset in range(len(prose))] == expected


def test_after_a_blank_row_a_row_of_names_of_another_width_opens_a_table(tmp_path: Path) -> None:
    text = (
        "Produkt;Speicher (GB);TDP (W);Quelle\n"
        "Vela X2;48;300;Datenblatt\n"
        ";;;\n"
        "Pos.;Produkt;Menge (Stk.)\n"
        "1;Vela X2;2\n"
    )
    rows = _rows(_load(tmp_path, "sheet.csv", text.encode("utf-8")))
    assert [row.table_headers for row in rows] == [
        ("Produkt", "Speicher (GB)", "TDP (W)", "Quelle"),
        ("Pos", "Produkt", "Menge (Stk )"),
    ]


def test_a_padded_row_of_fewer_names_after_a_blank_row_opens_a_table(tmp_path: Path) -> None:
    text = (
        "Produkt;Speicher (GB);TDP (W);Quelle\nVela X2;48;300;Datenblatt\n;;;\n"
        "Nr.;Anmerkung;;\n3;Restposten;;\n"
    )
    rows = _rows(_load(tmp_path, "sheet.csv", text.encode("utf-8")))
    assert rows[-1].table_headers == ("Nr", "Anmerkung")


def test_a_row_of_words_in_the_body_without_a_break_stays_a_row(tmp_path: Path) -> None:
    text = "Produkt;Speicher (GB);TDP (W)\nVela X2;48;300\nVela X1;n/a;n/a\nVela X3;24;150\n"
    rows = _rows(_load(tmp_path, "sheet.csv", text.encode("utf-8")))
    assert [row.line for row in rows] == [2, 3, 4]
    assert {row.table_headers for row in rows} == {("Produkt", "Speicher (GB)", "TDP (W)")}
