"""Reading SQL dumps (mysqldump, pg_dump plain format, sqlite3 .dump): rows, corrections, comments."""

from __future__ import annotations

import pathlib

import pytest

from factlint.models import Block, BlockKind, Document
from factlint.sources import load_document, sqlparse
from factlint.sources.sqldump import is_sql_dump, parse_sql_dump, read_sql_dump
from factlint.sources.sqllex import TokenKind, sql_tokens
from tests.sourcefiles import position_of

MYSQL = """\
-- MySQL dump 10.19  Distrib 10.11.6-MariaDB, for debian-linux-gnu (x86_64)
--
-- Host: inventory-db    Database: lab
-- ------------------------------------------------------
-- Server version\t10.11.6

/*!40101 SET NAMES utf8mb4 */;
DROP TABLE IF EXISTS `cards`;
CREATE TABLE `cards` (
  `card_id` int NOT NULL AUTO_INCREMENT,
  `product` varchar(80) NOT NULL,
  `hbm_gb` decimal(6,1) DEFAULT NULL,
  `board_power_w` int DEFAULT NULL,
  `street_price_usd` decimal(10,2) DEFAULT NULL,
  `remarks` text,
  PRIMARY KEY (`card_id`)
) ENGINE=InnoDB AUTO_INCREMENT=40 DEFAULT CHARSET=utf8mb4;
LOCK TABLES `cards` WRITE;
INSERT INTO `cards` VALUES (31,'Instinct MI300X',192.0,750,NULL,'CDNA 3; vendor\\'s 5 nm and 6 nm dies'),
(32,'L40S',48.0,350,7999.00,'price is a dealer\\'s offer, not confirmed');
INSERT INTO `cards` VALUES (33,'L4 (spare)',NULL,NULL,NULL,'spare part, remove');
UNLOCK TABLES;
-- L40S: the dealer raised the offer; 7999.00 no longer holds.
UPDATE `cards` SET `street_price_usd` = 8499.00 WHERE `card_id` = 32;
DELETE FROM `cards` WHERE `card_id` = 33;
"""

POSTGRES = """\
--
-- PostgreSQL database dump
--

-- Dumped from database version 16.2
-- Dumped by pg_dump version 16.2

SET statement_timeout = 0;

--
-- Name: boards; Type: TABLE; Schema: public; Owner: ops
--

CREATE TABLE public.boards (
    id integer NOT NULL,
    model character varying(64),
    mem_gb numeric(6,1),
    tdp_w integer,
    note text
);

COPY public.boards (id, model, mem_gb, tdp_w, note) FROM stdin;
1\tH100 PCIe\t80.0\t350\tPCIe card;\\tpassive cooling
2\tA40\t\\N\t300\tmemory not recorded
\\.

/* The MI210 row below was typed from the 2022 sheet:
 * its TDP of 300 W is the vendor's. */
INSERT INTO public.boards VALUES (3, 'Instinct MI210', 64.0, 300, NULL);
"""

SQLITE = """\
PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE servers(id INTEGER PRIMARY KEY, name TEXT, chip_id INTEGER REFERENCES chips(id),
  chip_count INTEGER, host_memory_gb INTEGER, system_power_kw REAL);
INSERT INTO servers VALUES(1,'DGX H100',7,8,2048,10.2);
COMMIT;
"""


def _blocks(text: str) -> list[Block]:
    return parse_sql_dump(text.split("\n"))


def _rows(blocks: list[Block]) -> list[Block]:
    return [block for block in blocks if block.kind is BlockKind.TABLE_ROW]


def _paragraphs(blocks: list[Block]) -> list[Block]:
    return [block for block in blocks if block.kind is BlockKind.PARAGRAPH]


def _load(tmp_path: pathlib.Path, name: str, text: str) -> Document:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return load_document(path, name)


def test_insert_rows_are_records_headed_by_the_column_names_without_keys_or_nulls() -> None:
    rows = _rows(_blocks(MYSQL))
    mi300x = rows[0]
    assert mi300x.table_headers == ("product", "hbm gb", "board power w")
    assert [cell.text for cell in mi300x.cells] == ["Instinct MI300X", "192.0", "750"]
    assert mi300x.line == position_of(MYSQL, "Instinct MI300X")[0]
    assert mi300x.position(mi300x.text.index("192.0")) == position_of(MYSQL, "192.0")


def test_an_update_supersedes_the_old_value_and_is_read_where_it_stands() -> None:
    rows = _rows(_blocks(MYSQL))
    l40s = next(
        row for row in rows if row.text.startswith("L40S") and row.line == position_of(MYSQL, "'L40S'")[0]
    )
    assert "7999.00" not in l40s.text  # written over by the UPDATE: superseded
    update = next(row for row in rows if row.line == position_of(MYSQL, "UPDATE")[0])
    assert update.table_headers == ("product", "street price usd")
    assert [cell.text for cell in update.cells] == ["L40S", "8499.00"]
    assert update.position(update.text.index("8499.00")) == position_of(MYSQL, "8499.00")


def test_a_deleted_row_gives_nothing() -> None:
    blocks = _blocks(MYSQL)
    assert not [block for block in blocks if "spare" in block.text]


def test_a_notes_column_is_prose_labelled_with_the_row_name_and_escapes_keep_their_columns() -> None:
    notes = [block for block in _paragraphs(_blocks(MYSQL)) if block.label is not None]
    mi300x = next(block for block in notes if block.label == "Instinct MI300X")
    assert mi300x.text == "CDNA 3; vendor's 5 nm and 6 nm dies"
    assert mi300x.position(mi300x.text.index("5 nm")) == position_of(MYSQL, "5 nm")


def test_a_notes_clause_naming_a_column_notes_that_value() -> None:
    rows = _rows(_blocks(MYSQL))
    assert not any("dealer" in row.text for row in rows)  # its price was superseded
    text = MYSQL.replace("UPDATE `cards`", "-- UPDATE `cards`")
    l40s = next(row for row in _rows(_blocks(text)) if row.text.startswith("L40S"))
    assert "7999.00 (price is a dealer's offer, not confirmed)" in l40s.text


def test_dumper_comments_and_conditional_statements_are_machinery_other_comments_prose() -> None:
    paragraphs = _paragraphs(_blocks(MYSQL))
    assert [block.text for block in paragraphs if block.label is None] == [
        "L40S: the dealer raised the offer; 7999.00 no longer holds."
    ]


def test_copy_rows_are_records_with_tab_fields_at_their_columns() -> None:
    blocks = _blocks(POSTGRES)
    rows = _rows(blocks)
    h100 = rows[0]
    assert h100.table_headers == ("model", "mem gb", "tdp w")
    assert [cell.text for cell in h100.cells] == ["H100 PCIe", "80.0", "350"]
    assert h100.position(h100.text.index("350")) == position_of(POSTGRES, "350")
    a40 = rows[1]
    assert [cell.text for cell in a40.cells] == ["A40", "300"]  # \N is NULL
    note = next(block for block in _paragraphs(blocks) if block.label == "H100 PCIe")
    assert note.text == "PCIe card;\tpassive cooling"


def test_pg_dump_comments_are_machinery_and_a_block_comment_is_one_paragraph() -> None:
    paragraphs = [block for block in _paragraphs(_blocks(POSTGRES)) if block.label is None]
    assert [block.text for block in paragraphs] == [
        "The MI210 row below was typed from the 2022 sheet:\nits TDP of 300 W is the vendor's."
    ]
    comment = paragraphs[0]
    assert comment.position(comment.text.index("300 W")) == position_of(POSTGRES, "300 W")


def test_sqlite_dump_foreign_keys_are_no_figures() -> None:
    rows = _rows(_blocks(SQLITE))
    assert rows[0].table_headers == ("name", "chip count", "host memory gb", "system power kw")
    assert [cell.text for cell in rows[0].cells] == ["DGX H100", "8", "2048", "10.2"]


def test_detection_by_suffix_and_by_how_a_dump_opens() -> None:
    assert is_sql_dump(["SELECT 1;"], ".sql")
    assert is_sql_dump(SQLITE.split("\n"), ".txt")
    assert is_sql_dump(POSTGRES.split("\n"), ".txt")
    assert not is_sql_dump(["Notes on CREATE TABLE statements", "-- MySQL dump 1"], ".txt")


def test_loader_reads_a_dump_saved_as_text(tmp_path: pathlib.Path) -> None:
    document = _load(tmp_path, "lab.txt", SQLITE)
    assert document.error is None
    assert any(block.kind is BlockKind.TABLE_ROW for block in document.blocks)


def test_lexer_reads_doubled_quotes_and_keeps_backslashes_outside_mysql() -> None:
    strings = [
        token.text
        for token in sql_tokens("INSERT INTO t VALUES ('it''s', 'a\\b');", False)
        if token.kind is TokenKind.STRING
    ]
    assert strings == ["it's", "a\\b"]
    mysql = [
        token.text for token in sql_tokens("VALUES ('a\\'b\\n')", True) if token.kind is TokenKind.STRING
    ]
    assert mysql == ["a'b\n"]


def test_an_unclosed_string_or_comment_ends_the_dump_without_error() -> None:
    assert _blocks("INSERT INTO t VALUES (1, 'open") == []
    assert _paragraphs(_blocks("/* open comment with 80 GB")) != []


def test_a_block_comment_line_opening_with_a_slash_is_read() -> None:
    assert [block.text for block in _paragraphs(_blocks("/*\n/ 80 GB per card */"))] == ["/ 80 GB per card"]


def test_where_clauses_find_rows_by_value_across_many_rows() -> None:
    values = ",".join(f"({index},'L4',{index % 50})" for index in range(3000))
    text = f"CREATE TABLE t (id int, model text, mem_gb int);\nINSERT INTO t VALUES {values};\n"
    text += "\n".join(f"UPDATE t SET mem_gb = 24 WHERE id = {index};" for index in range(0, 3000, 3))
    updates = [row for row in _rows(_blocks(text)) if row.line > 2]
    assert len(updates) == 1000
    assert updates[0].text == "L4 | 24"


def test_a_notes_clause_notes_figures_only_never_the_row_name() -> None:
    text = "CREATE TABLE c (model text, mem_gb int, notes text);\n"
    text += "INSERT INTO c VALUES ('L4', 24, 'model name is provisional');"
    row = _rows(_blocks(text))[0]
    assert [cell.text for cell in row.cells] == ["L4", "24"]


def test_a_memo_opening_with_create_tables_is_no_dump() -> None:
    memo = ["Create tables for the new inventory sheet first.", "", "The H100 has 80 GB of HBM3."]
    assert not is_sql_dump(memo, ".txt")
    assert not is_sql_dump(["CREATE TABLES first, then the H100 rows."], ".txt")
    assert is_sql_dump(["CREATE TABLE gpus (id int);"], ".txt")


def test_a_backtick_inside_a_string_does_not_switch_on_mysql_escapes() -> None:
    lines = [
        "CREATE TABLE gpus (id integer PRIMARY KEY, model text, mem_gb integer, notes text);",
        "INSERT INTO gpus VALUES (1,'H100',80,'a ` mark; logs in C:\\tmp\\');",
        "INSERT INTO gpus VALUES (2,'A100',40,NULL);",
    ]
    texts = [block.text for block in parse_sql_dump(lines) if block.kind is BlockKind.TABLE_ROW]
    assert len(texts) == 2 and "40" in texts[1], texts


def test_a_backtick_quoted_name_in_code_switches_on_mysql_escapes() -> None:
    lines = [
        "CREATE TABLE `gpus` (`id` int, `model` text, `mem_gb` int);",
        "INSERT INTO `gpus` VALUES (1,'H100 \\'SXM\\'',80);",
    ]
    rows = [block for block in parse_sql_dump(lines) if block.kind is BlockKind.TABLE_ROW]
    assert len(rows) == 1 and "H100 'SXM'" in rows[0].text


def test_repeated_updates_of_many_rows_make_one_record_each(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[object] = []

    class CountedRecord(sqlparse.Record):
        def __post_init__(self) -> None:
            made.append(self)

    monkeypatch.setattr(sqlparse, "Record", CountedRecord)
    rows = 300
    lines = ["CREATE TABLE gpus (id int PRIMARY KEY, model text, mem_gb int, tdp_w int);"]
    lines += [f"INSERT INTO gpus VALUES ({i},'H100',80,700);" for i in range(rows)]
    lines += [f"UPDATE gpus SET tdp_w = {800 + i} WHERE model = 'H100';" for i in range(rows)]
    dump = sqlparse.read_statements(sql_tokens("\n".join(lines), backslash_escapes=False))
    assert len(made) <= 4 * rows  # one per INSERT row, per UPDATE, per row's final update: not rows x updates
    assert len(dump.updates) == rows
    assert all(record.values["tdp_w"].text == str(799 + rows) for record in dump.updates)
    assert all("tdp_w" not in row.inserted.values for row in dump.tables[0].rows)


def test_updates_select_rows_by_their_current_values() -> None:
    lines = [
        "CREATE TABLE gpus (id int PRIMARY KEY, model text, tdp_w int);",
        "INSERT INTO gpus VALUES (1,'H100',700),(2,'A100',700),(3,'L4',72);",
        "UPDATE gpus SET tdp_w = 400 WHERE id = 2;",
        "UPDATE gpus SET tdp_w = 750 WHERE tdp_w = 700;",
        "UPDATE gpus SET tdp_w = 300 WHERE tdp_w = 400 AND model = 'A100';",
        "DELETE FROM gpus WHERE model = 'L4';",
        "UPDATE gpus SET tdp_w = 80 WHERE model = 'L4';",
    ]
    dump = sqlparse.read_statements(sql_tokens("\n".join(lines), backslash_escapes=False))
    current = {row.inserted.values["model"].text: row.current("tdp_w") for row in dump.tables[0].rows}
    assert {model: value.text if value else None for model, value in current.items()} == {
        "H100": "750",
        "A100": "300",
        "L4": "72",
    }
    assert [(record.line, record.values["tdp_w"].text) for record in dump.updates] == [(4, "750"), (5, "300")]


CSV_COPY = (
    "CREATE TABLE gpus (id int, model text, mem_gb numeric, notes text);\n"
    "COPY public.gpus (id, model, mem_gb, notes) FROM stdin WITH (FORMAT csv, HEADER true);\n"
    "id,model,mem_gb,notes\n"
    '1,"H100, SXM",80,"it\'s ""fast""; ships\n'
    'in May 2024"\n'
    '2,A100,,"used; 40 GB cards, quoted"\n'
    "\\.\n"
    "INSERT INTO gpus VALUES (3, 'L4', 24, NULL);\n"
)


def test_csv_copy_rows_are_records_and_the_rest_of_the_dump_is_read() -> None:
    blocks = _blocks(CSV_COPY)
    rows = _rows(blocks)
    assert [row.text for row in rows] == ["H100, SXM | 80", "L4 | 24"]  # the header line is no row
    assert rows[0].table_headers == ("model", "mem gb")
    assert rows[0].position(rows[0].text.index("80")) == position_of(CSV_COPY, "80,")
    notes = {block.label: block for block in _paragraphs(blocks)}
    assert notes["H100, SXM"].text == 'it\'s "fast"; ships\nin May 2024'
    assert notes["H100, SXM"].position(notes["H100, SXM"].text.index("in May")) == position_of(
        CSV_COPY, "in May"
    )
    assert notes["A100"].text == "used; 40 GB cards, quoted"  # an empty unquoted field is NULL


def test_copy_options_name_the_delimiter_and_the_null_mark() -> None:
    text = "COPY gpus (id, model, mem_gb) FROM stdin WITH (DELIMITER '|', NULL 'NA');\n"
    text += "1|H100|80\n2|A100|NA\n\\.\n"
    assert [row.text for row in _rows(_blocks(text))] == ["H100 | 80"]


STRAY_QUOTE = """\
CREATE TABLE gpus (id int, model text, mem_gb int, notes text);
INSERT INTO gpus VALUES (1,'H100',80,'vendor's 5 nm die');
INSERT INTO gpus VALUES (2,'A100',40,'two dies');
-- The L4 is the 72 W card.
INSERT INTO gpus VALUES (3,'L4',24,'one die');
"""


def test_a_stray_quote_loses_its_statement_only_and_says_so(tmp_path: pathlib.Path) -> None:
    blocks = _blocks(STRAY_QUOTE)
    assert [row.text for row in _rows(blocks)] == ["A100 | 40", "L4 | 24"]
    assert "The L4 is the 72 W card." in [block.text for block in _paragraphs(blocks)]
    document = _load(tmp_path, "gpus.sql", STRAY_QUOTE)
    assert document.problems == (
        "line 2: quote not closed before the statement on line 3; the statement from line 2 is not read",
    )
    fronted = read_sql_dump(["---", "title: GPUs", "---", *STRAY_QUOTE.split("\n")], body_line=4)
    assert fronted.problems == (
        "line 5: quote not closed before the statement on line 6; the statement from line 5 is not read",
    )
    last = _load(tmp_path, "last.sql", "INSERT INTO t VALUES (1, 'open")
    assert last.problems == ("line 1: quote not closed at all; the statement from line 1 is not read",)


def test_inserts_without_a_table_definition_are_read() -> None:
    text = (
        "INSERT INTO gpus VALUES (1,'H100',80,700);\nINSERT INTO cards (model, mem_gb) VALUES ('A100', 40);\n"
    )
    rows = _rows(_blocks(text))
    assert [(row.text, row.table_headers) for row in rows] == [
        ("1 | H100 | 80 | 700", ()),  # no column names: a row without headers
        ("A100 | 40", ("model", "mem gb")),
    ]
    assert rows[0].position(rows[0].text.index("700")) == position_of(text, "700")


def test_sqlite_strings_wrapped_in_replace_are_read_with_their_line_breaks() -> None:
    text = (
        "CREATE TABLE gpus(id INTEGER PRIMARY KEY, model TEXT, mem_gb INTEGER, notes TEXT);\n"
        "INSERT INTO gpus VALUES(1,'H100',80,replace('first batch\\nsecond: 700 W','\\n',char(10)));\n"
        "INSERT INTO gpus VALUES(2,'A100',40,"
        "replace(replace('a b\\r\\nc 5 W','\\r',char(13)),'\\n',char(10)));\n"
    )
    notes = {block.label: block for block in _paragraphs(_blocks(text))}
    assert notes["H100"].text == "first batch\nsecond: 700 W"
    assert notes["H100"].position(notes["H100"].text.index("700 W")) == position_of(text, "700 W")
    assert notes["A100"].text == "a b\r\nc 5 W"
    assert notes["A100"].position(notes["A100"].text.index("5 W")) == position_of(text, "5 W")


COMMENTED = """\
CREATE TABLE `gpus` (
  `id` int NOT NULL,
  `model` varchar(40) COMMENT 'marketing name',
  `mem` decimal(6,1) DEFAULT NULL COMMENT 'memory per GPU, GB',
  PRIMARY KEY (`id`)
) ENGINE=InnoDB COMMENT='Accelerators bought in 2024';
INSERT INTO `gpus` VALUES (1,'H100',80.0);
CREATE TABLE public.boards (id integer, model text, tdp integer);
COMMENT ON TABLE public.boards IS 'Boards in rack 7, all 2U';
COMMENT ON COLUMN public.boards.tdp IS 'board power (W)';
INSERT INTO public.boards VALUES (1, 'L40S', 350);
"""


def test_column_and_table_comments_are_prose_and_name_a_columns_unit() -> None:
    blocks = _blocks(COMMENTED)
    described = {block.text: block.headings for block in _paragraphs(blocks)}
    assert described == {
        "marketing name": ("gpus", "model"),
        "memory per GPU, GB": ("gpus", "mem"),
        "Accelerators bought in 2024": ("gpus",),
        "Boards in rack 7, all 2U": ("boards",),
        "board power (W)": ("boards", "tdp"),
    }
    comment = next(block for block in blocks if block.text == "memory per GPU, GB")
    assert comment.position(0) == position_of(COMMENTED, "memory per GPU")
    rows = {row.text: row.table_headers for row in _rows(blocks)}
    assert rows == {"H100 | 80.0": ("model", "mem GB"), "L40S | 350": ("model", "tdp W")}


def test_a_latin1_mysql_dump_is_decoded_as_its_set_names_says(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "latin1.sql"
    text = "-- MySQL dump 10.13\n/*!40101 SET NAMES latin1 */;\n"
    text += "CREATE TABLE `gpus` (`id` int, `model` text, `price_eur` int);\n"
    text += "INSERT INTO `gpus` VALUES (1,'Tesla M60 Caf\u00e9 \u20ac',4999);\n"
    path.write_bytes(text.encode("cp1252"))
    document = load_document(path, "latin1.sql")
    assert document.error is None
    assert [row.text for row in _rows(list(document.blocks))] == ["Tesla M60 Caf\u00e9 \u20ac | 4999"]


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        (  # doubled quotes in standard strings
            "CREATE TABLE gpus (name text, memory_gb text, power_w text);\n"
            "INSERT INTO gpus VALUES ('NVIDIA ''Hopper'' H100','it''s ''big'' 80','700');",
            "80'",
        ),
        (  # MySQL's backslash escapes
            "CREATE TABLE `gpus` (`name` text, `memory_gb` text);\n"
            "INSERT INTO `gpus` VALUES ('H100','2 x \\'big\\' 80 GB');",
            "80 GB",
        ),
        (  # a COPY row's backslash escapes
            "CREATE TABLE gpus (name text, memory_gb text);\n"
            "COPY gpus (name, memory_gb) FROM stdin;\nH100\t2 \\\\b\\\\c 80 GB\n\\.\n",
            "80 GB",
        ),
        (  # doubled quotes in a CSV COPY field
            "CREATE TABLE gpus (name text, memory_gb text);\n"
            'COPY gpus (name, memory_gb) FROM stdin WITH (FORMAT csv);\nH100,"2 ""b"" 80 GB"\n\\.\n',
            "80 GB",
        ),
        (  # a CSV COPY field over two lines
            "CREATE TABLE gpus (name text, memory_gb text);\n"
            'COPY gpus (name, memory_gb) FROM stdin WITH (FORMAT csv);\nH100,"2 x\n 80 GB"\n\\.\n',
            "80 GB",
        ),
    ],
)
def test_a_value_after_an_escape_or_a_line_break_is_placed_where_the_file_writes_it(
    text: str, needle: str
) -> None:
    rows = _rows(_blocks(text))
    assert len(rows) == 1
    assert rows[0].position(rows[0].text.index(needle[:2] + " ")) == position_of(text, needle)


def test_a_stray_quote_loses_its_statement_but_not_the_comments_after_it() -> None:
    text = (
        "CREATE TABLE t (a text, b text);\nINSERT INTO t VALUES ('A100','80 GB),\n"
        "('H100','94 GB'),\n('B200','192 GB');\n-- note: the H100 has 94 GB\n"
    )
    dump = read_sql_dump(text.split("\n"))
    assert [block.text for block in dump.blocks] == ["note: the H100 has 94 GB"]
    assert dump.problems == (
        "line 4: quote not closed at all; the statement from line 2 is not read; reading goes on at line 5",
    )
    before_insert = (
        "CREATE TABLE t (model text, mem_gb int);\nINSERT INTO t VALUES ('A100, 80);\n"
        "/* the L4 draws 72 W */\nINSERT INTO t VALUES ('L4', 24);\n"
    )
    blocks = _blocks(before_insert)
    assert [block.text for block in blocks] == ["the L4 draws 72 W", "L4 | 24"]


def test_stray_quotes_on_every_line_are_read_in_linear_time() -> None:
    # each line's escaped quote opens a string no later quote closes: each breaks, and the next
    # line is read again; a string reaching a line break a broken one read breaks there at once
    dump = read_sql_dump(["-- MySQL dump", *["x \\';"] * 5000])
    assert len(dump.problems) == 5000
