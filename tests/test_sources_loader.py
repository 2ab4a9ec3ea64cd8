"""Finding files, reading bytes, front matter and per-document errors."""

from __future__ import annotations

import os
import pathlib

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from factlint.config import Config
from factlint.errors import UsageError
from factlint.models import BlockKind
from factlint.sources import load_document, load_sources, reader

FIXTURES = pathlib.Path(__file__).parent / "fixtures" / "sources"


@pytest.fixture
def in_fixtures(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(FIXTURES)


def test_folder_is_read_recursively_sorted_without_hidden(in_fixtures: None) -> None:
    paths = [document.path for document in load_sources(["tree"], Config())]
    assert paths == ["tree/a.md", "tree/sub/b.txt"]


def test_trailing_slash_and_explicit_file_of_any_suffix(in_fixtures: None) -> None:
    paths = [document.path for document in load_sources(["tree/", "tree/sub/c.pdf"], Config())]
    assert paths == ["tree/a.md", "tree/sub/b.txt", "tree/sub/c.pdf"]


def test_duplicates_are_read_once(in_fixtures: None) -> None:
    documents = load_sources(["tree/a.md", "tree", "./tree/a.md"], Config())
    assert [document.path for document in documents] == ["tree/a.md", "tree/sub/b.txt"]


def test_include_and_exclude_globs(in_fixtures: None) -> None:
    only_md = Config(include=("*.md",))
    assert [d.path for d in load_sources(["tree"], only_md)] == ["tree/a.md"]
    assert [d.path for d in load_sources(["tree"], Config(exclude=("sub",)))] == ["tree/a.md"]
    assert [d.path for d in load_sources(["tree"], Config(exclude=("**/sub/*",)))] == ["tree/a.md"]
    assert [d.path for d in load_sources(["tree"], Config(exclude=("tree/a.md",)))] == ["tree/sub/b.txt"]


def test_missing_path_is_a_usage_error(in_fixtures: None) -> None:
    with pytest.raises(UsageError, match=r"nowhere\.md"):
        load_sources(["tree", "nowhere.md"], Config())


def _write(tmp_path: pathlib.Path, name: str, data: bytes) -> pathlib.Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


@pytest.mark.parametrize(
    ("data", "error"),
    [
        (b"---\ntitle: [unclosed\n---\n# X\n", "line 3: front matter is not valid YAML"),
        (b"---\n- a\n- b\n---\n# X\n", "line 2: front matter must be a mapping, got list"),
        (b"---\ntitle: X\n# never closed\n", "line 1: front matter opened with '---' is never closed"),
        (b"# X\n\nabc\x00def\n", "line 3: binary file (NUL byte), not text"),
        (b"# X\n\ncaf\xe9 au lait\n", "line 3: not UTF-8 text (invalid byte 0xe9)"),
    ],
)
def test_unusable_documents_become_error_entries(tmp_path: pathlib.Path, data: bytes, error: str) -> None:
    document = load_document(_write(tmp_path, "bad.md", data), "bad.md")
    assert document.error is not None and document.error.startswith(error)
    assert document.blocks == ()
    assert len(document.sha256) == 64


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be"])
@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("notes.md", "# Kestrel X2\r\n\r\nIt carries 48 GB.\r\n"),
        ("notes.txt", "Kestrel X2\r\n\r\nIt carries 48 GB.\r\n"),
        ("export.csv", "Board,Memory\r\nKestrel X2,48 GB\r\nKestrel X4,96 GB\r\n"),
    ],
)
def test_utf16_text_with_a_byte_order_mark_is_read_whatever_its_suffix(
    tmp_path: pathlib.Path, encoding: str, name: str, text: str
) -> None:
    # What PowerShell's ">" and Notepad's "Unicode" write; "utf-16-be" gets its mark by hand.
    data = text.encode(encoding)
    if encoding == "utf-16-be":
        data = b"\xfe\xff" + data
    document = load_document(_write(tmp_path, name, data), name)
    assert document.error is None
    assert [block.line for block in document.blocks if "48 GB" in block.text] == [3 - name.endswith(".csv")]


@pytest.mark.parametrize(
    ("data", "error"),
    [
        # a UTF-32 mark starts with the UTF-16 one, and its text holds NULs as UTF-16
        ("# X\n".encode("utf-32"), "binary file (NUL byte), not text"),
        # a UTF-16 mark followed by a lone surrogate half is no UTF-16 text
        (b"\xff\xfe" + "# X\n".encode("utf-16-le") + b"\x00\xd8", "binary file (NUL byte), not text"),
    ],
)
def test_a_utf16_mark_on_bytes_that_are_not_utf16_text_is_still_refused(
    tmp_path: pathlib.Path, data: bytes, error: str
) -> None:
    document = load_document(_write(tmp_path, "odd.md", data), "odd.md")
    assert document.error is not None and error in document.error


def test_one_bad_document_does_not_stop_the_others(tmp_path: pathlib.Path) -> None:
    _write(tmp_path, "a.md", b"---\n: : :\n---\n")
    _write(tmp_path, "b.md", b"# Fine\n\nVega has 8 chips.\n")
    documents = load_sources([str(tmp_path)], Config())
    assert [d.error is None for d in documents] == [False, True]
    assert documents[1].blocks[1].text == "Vega has 8 chips."


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="needs POSIX permissions, not root")
def test_unreadable_file_is_an_error_entry(tmp_path: pathlib.Path) -> None:
    path = _write(tmp_path, "secret.md", b"# X\n")
    path.chmod(0)
    try:
        document = load_document(path, "secret.md")
    finally:
        path.chmod(0o644)
    assert document.error is not None and "cannot read file" in document.error


def test_front_matter_variants(tmp_path: pathlib.Path) -> None:
    single = load_document(_write(tmp_path, "a.md", b"---\naliases: Vega\ntags: chip\n---\nText.\n"), "a.md")
    assert (single.aliases, single.tags, single.title) == (("Vega",), ("chip",), None)
    empty = load_document(_write(tmp_path, "b.md", b"---\n---\n# Heading title\n"), "b.md")
    assert empty.error is None and empty.title == "Heading title"
    assert empty.blocks[0].line == 3
    dotted = load_document(_write(tmp_path, "c.txt", b"---\ntitle: 2024\n...\nVega text.\n"), "c.txt")
    assert dotted.format == "markdown" and dotted.title == "2024"
    assert dotted.blocks[0].line == 4


def test_crlf_and_bom_keep_line_and_column(tmp_path: pathlib.Path) -> None:
    data = "\ufeff---\r\ntitle: Vega\r\n---\r\n# Vega\r\n\r\nVega has\r\n  8 chips. Fast.\r\n".encode()
    document = load_document(_write(tmp_path, "crlf.md", data), "crlf.md")
    heading, paragraph = document.blocks
    assert (heading.line, heading.column, heading.text) == (4, 3, "Vega")
    assert paragraph.text == "Vega has\n  8 chips. Fast."
    assert paragraph.position(paragraph.text.index("8")) == (7, 3)
    assert "\r" not in paragraph.text


def test_bom_without_front_matter_counts_columns_from_the_text(tmp_path: pathlib.Path) -> None:
    document = load_document(_write(tmp_path, "bom.txt", "\ufeffVega has 8 chips.\n".encode()), "bom.txt")
    (block,) = document.blocks
    assert (block.kind, block.line, block.column) == (BlockKind.PARAGRAPH, 1, 1)


def test_sha256_is_of_raw_bytes(tmp_path: pathlib.Path) -> None:
    import hashlib

    data = b"# Vega\r\n"
    document = load_document(_write(tmp_path, "h.md", data), "h.md")
    assert document.sha256 == hashlib.sha256(data).hexdigest()


_YAML_WORD = st.sampled_from(
    ["Vega", "2024", "1.0", "yes", "No", "null", "on", "0x1F", "1e3", "2024-01-02", "a-b", "x_y", "(v2)", "3"]
)
_YAML_SCALAR = st.lists(_YAML_WORD, min_size=1, max_size=3).map(" ".join)
_YAML_VALUE = st.one_of(
    st.just(""),
    _YAML_SCALAR.map(" {}".format),
    st.lists(_YAML_SCALAR, min_size=1, max_size=3).map(lambda items: " [" + ", ".join(items) + "]"),
)
_YAML_LINE = st.tuples(st.sampled_from(["title", "aliases", "tags", "tag", "x-y", "a1"]), _YAML_VALUE)


@settings(max_examples=300)
@given(st.lists(_YAML_LINE, max_size=5))
def test_simple_front_matter_reads_as_with_the_pure_python_parser(items: list[tuple[str, str]]) -> None:
    text = "".join(f"{key}:{value}\n" for key, value in items)
    assert reader._SIMPLE_YAML.fullmatch(text)
    assert reader._load_yaml(text) == yaml.safe_load(text)


def test_other_front_matter_is_not_taken_as_simple() -> None:
    for text in ('title: "A: b"\n', "tags:\n  - x\n", "title: a # note\n", "t: [a, [b]]\n", "t: -x\n"):
        assert not reader._SIMPLE_YAML.fullmatch(text), text


def test_full_width_symbols_read_as_ascii(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "notice.txt"
    path.write_text("仕様：GPUメモリ 141GB／GPU（推定）、１４１ＧＢ～\n", encoding="utf-8")
    block = load_document(path, "notice.txt").blocks[0]
    # symbols become ASCII; digits, letters and the wave dash stay as typed
    assert block.text == "仕様:GPUメモリ 141GB/GPU(推定)、１４１ＧＢ～"


def test_a_reader_crash_becomes_that_documents_error(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "a.md").write_text("# A\n\nOrion X2 has 48 GB.\n", encoding="utf-8")
    (tmp_path / "b.tex").write_text("\\section{B}\nLyra 9 has 24 GB.\n", encoding="utf-8")

    def broken(*_: object) -> None:
        raise KeyError("token")

    monkeypatch.setattr("factlint.sources.loader.parse_latex", broken)
    documents = load_sources([str(tmp_path)], Config())
    assert [pathlib.Path(document.path).name for document in documents] == ["a.md", "b.tex"]
    assert documents[0].error is None and documents[0].blocks
    assert documents[1].error == "reading failed: KeyError: 'token'"


def test_bibliographies_graphs_and_edi_interchanges_in_a_folder_are_read_by_default(
    tmp_path: pathlib.Path,
) -> None:
    files = {
        "refs.bib": "@article{lee2024,\n  title = {A Wafer-Scale Engine},\n  note = {44 GB of SRAM}\n}\n",
        "rack.gv": 'digraph rack {\n  a [label="Card A\\n48 GB"];\n}\n',
        "order.x12": "ISA*00*          *00*          *ZZ*BUYER          *ZZ*SELLER         "
        "*240101*1200*U*00401*000000001*0*P*>~\nST*850*0001~\nPID*F****GPU CARD, 64GB GDDR6~\nSE*3*0001~\n",
        "build.xml": "<project><target name='all'/></project>\n",
        "settings.yaml": "jobs: 2\n",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    documents = {pathlib.Path(d.path).name: d for d in load_sources([str(tmp_path)], Config())}
    assert sorted(documents) == ["order.x12", "rack.gv", "refs.bib"]  # build and settings files stay out
    texts = {name: [block.text for block in document.blocks] for name, document in documents.items()}
    # each is read by its own reader, not as plain text: fields, labels and segments become blocks
    assert texts == {
        "refs.bib": ["A Wafer-Scale Engine", "44 GB of SRAM"],
        "rack.gv": ["Card A", "48 GB"],
        "order.x12": ["GPU CARD, 64GB GDDR6"],
    }


def test_text_format_catalogs_and_mermaid_diagrams_in_a_folder_are_read_by_default(
    tmp_path: pathlib.Path,
) -> None:
    files = {
        "catalog.textproto": 'card {\n  name: "Kestrel K2"\n  memory_gb: 48\n}\n',
        "floor.mermaid": 'flowchart LR\n  a["Kestrel K2<br/>48 GB"] --> b["Switch"]\n'
        "  classDef hot stroke-width:4px\n",
        "net.prototxt": 'layer {\n  name: "conv1"\n  num_output: 96\n}\n',  # a network configuration
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    documents = {pathlib.Path(d.path).name: d for d in load_sources([str(tmp_path)], Config())}
    texts = {name: [block.text for block in document.blocks] for name, document in documents.items()}
    assert texts == {
        "catalog.textproto": ["Kestrel K2 | 48"],
        "floor.mermaid": ["Kestrel K2", "48 GB", "Switch"],
    }


def test_plantuml_diagrams_and_taskpaper_outlines_in_a_folder_are_read_by_default(
    tmp_path: pathlib.Path,
) -> None:
    files = {
        "lab.puml": '@startuml\nnode "Kestrel K2 box" as k [\n  48 GB per card\n]\n@enduml\n',
        "lab.plantuml": '@startuml\nrectangle "Osprey O1" as o [\n  300 W\n]\n@enduml\n',
        "style.iuml": "skinparam shadowing false\n",  # an include file is read only when named
        "refresh.taskpaper": "Fleet:\n\t- order 4 Osprey O1 @due(2027-01-10)\n\t\t300 W each\n",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    documents = {pathlib.Path(d.path).name: d for d in load_sources([str(tmp_path)], Config())}
    assert sorted(documents) == ["lab.plantuml", "lab.puml", "refresh.taskpaper"]
    texts = {name: [block.text for block in document.blocks] for name, document in documents.items()}
    assert texts["lab.puml"][-1] == "48 GB per card"
    assert texts["lab.plantuml"][-1] == "300 W"
    assert texts["refresh.taskpaper"] == ["Fleet", "order 4 Osprey O1", "300 W each"]
