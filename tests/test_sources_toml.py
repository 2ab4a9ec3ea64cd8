"""TOML sources: tomllib's values at the places a line scanner finds, tables as records, comments as prose."""

from __future__ import annotations

import pathlib
import tomllib

from hypothesis import given, settings
from hypothesis import strategies as st

from factlint.claims import extract_claims
from factlint.config import make_config
from factlint.models import Block, BlockKind, Claim
from factlint.pack import load_pack
from factlint.sources import load_document, load_sources
from factlint.sources.tomlscan import scan_toml

# A Rust crate's manifest: versions, editions, features and build settings, not one claim.
_MANIFEST = """\
[package]
name = "tensor-probe"
version = "0.14.2"
edition = "2021"
rust-version = "1.74"
authors = ["Ana Ruiz <ana@example.org>"]

[dependencies]
serde = { version = "1.0.203", features = ["derive"] }
tokio = { version = "1.38", default-features = false }
half = "2.4"

[profile.release]
opt-level = 3
lto = true
codegen-units = 1
"""

# A cluster inventory of our own: a pool per array-of-tables entry, a nested machine table,
# comments above a header and after values.
_CLUSTER = """\
# Inventory of the west hall (schema 7). Memory in GB, power in W, rates in USD per hour.
title = "west hall inventory"

[site]
racks = 14

# The H200 pool: eight per chassis, 141 GB of HBM3e each.

[[pools]]
model = "H200"
chassis = "HGX H200"
gpu_count = 8
gpu_mem_gb = 141
tdp_w = 700            # configurable, air-cooled
release = 2024-11-18

[[pools]]
model = "L40S"
mem_gb = 48
tdp_w = 350
notes = '''
Rented overflow; the 24 GB SKU is not stocked.'''
on_demand_usd_hr = 1.95
spot_usd_hr = 0.98     # spot is 50% off
"""

# A benchmark harness of other products: sizes in device names, a measured peak, runtime settings.
_HARNESS = """\
[run]
batch_sizes = [1, 8, 32]
seeds = [7, 11]
warmup_s = 30
cache_dir = "/scratch/cache-2026"

[[devices]]
id = "l4"
name = "NVIDIA L4 24GB"
mem_gb = 24
fp8_tflops = 242        # tensor cores, with sparsity
tdp_w = 72
measured_peak_w = 70    # run 12, resnet50 bs32
launched = "2023-03-21"
enabled = true

[[devices]]
name = "AMD Instinct MI210"
mem_gb = 64
mem_bw_gbs = 1638.4
tdp_w = 300             # revision 1 had 330 here, a typo
"""


def _document_blocks(tmp_path: pathlib.Path, text: str, name: str = "config.toml") -> tuple[Block, ...]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    document = load_document(path, name)
    assert document.error is None and document.problems == ()
    return document.blocks


def _claims(tmp_path: pathlib.Path, text: str, name: str = "config.toml") -> list[Claim]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return extract_claims(load_document(path, name), load_pack())


def _facts(claims: list[Claim]) -> set[tuple[int, str, str, str, float]]:
    return {(claim.line, claim.entity, claim.scope, claim.attribute, claim.value) for claim in claims}


def test_a_crate_manifest_states_no_claims(tmp_path: pathlib.Path) -> None:
    assert _claims(tmp_path, _MANIFEST, "Cargo.toml") == []


def test_a_cluster_config_gives_each_pool_its_figures(tmp_path: pathlib.Path) -> None:
    facts = _facts(_claims(tmp_path, _CLUSTER))
    assert {
        (13, "H200", "chip", "memory_capacity", 141.0),
        (14, "H200", "chip", "power", 700.0),
        (19, "L40S", "chip", "memory_capacity", 48.0),
        (20, "L40S", "chip", "power", 350.0),
        (24, "L40S", "chip", "cost_savings", 50.0),
    } <= facts
    # the 24 GB SKU names a variant, the racks count nothing of the vocabulary
    assert not any(fact[4] in (24.0, 14.0) for fact in facts)


def test_a_harness_reads_units_from_keys_and_leaves_settings(tmp_path: pathlib.Path) -> None:
    claims = _claims(tmp_path, _HARNESS)
    facts = _facts(claims)
    assert {
        (10, "L4", "chip", "memory_capacity", 24.0),
        (12, "L4", "chip", "power", 72.0),
        (13, "L4", "chip", "power", 70.0),  # a measured peak is a finding about the card
        (19, "MI210", "chip", "memory_capacity", 64.0),
        (21, "MI210", "chip", "power", 300.0),  # "a typo" is said of the 330, not of the 300
    } <= facts
    fp8 = next(claim for claim in claims if claim.line == 11)
    assert (fp8.value, fp8.precision, fp8.sparsity, fp8.scope) == (242.0, "FP8", "sparse", "chip")
    # batch sizes, seeds, warm-up seconds, paths, booleans and the size in a name are no claims
    assert not {claim.line for claim in claims} & {2, 3, 4, 5, 9, 15}
    assert not any(claim.value == 330.0 for claim in claims)


def test_values_keep_their_file_places(tmp_path: pathlib.Path) -> None:
    rows = [block for block in _document_blocks(tmp_path, _HARNESS) if block.kind is BlockKind.TABLE_ROW]
    l4 = next(row for row in rows if row.text.startswith("NVIDIA L4"))
    # the naming key comes first and the id beside it is left out
    assert l4.table_headers[:3] == ("name", "mem gb", "fp8 tflops")
    assert l4.position(0) == (9, 9)
    assert l4.position(l4.text.index("242")) == (11, 14)
    assert l4.position(l4.text.index("2023-03-21")) == (14, 13)


def test_comments_are_prose_of_their_table_or_of_the_header_below(tmp_path: pathlib.Path) -> None:
    paragraphs = {
        block.line: block
        for block in _document_blocks(tmp_path, _CLUSTER)
        if block.kind is BlockKind.PARAGRAPH
    }
    # set apart by a blank line, with only blank lines before the header: it introduces the pool
    assert paragraphs[7].headings == ("pools",) and paragraphs[7].label == "H200"
    # a comment after a value with a figure is a paragraph of its own, labelled with the record
    assert paragraphs[24].text == "spot is 50% off" and paragraphs[24].label == "L40S"
    # a multi-line literal string under a prose key is a paragraph of its record at its own line
    notes = paragraphs[22]
    assert notes.label == "L40S" and notes.position(notes.text.index("24 GB")) == (22, 22)


def test_a_comment_right_after_a_value_stays_with_its_table(tmp_path: pathlib.Path) -> None:
    text = '[[nodes]]\nmodel = "B200"\nmem_gb = 192\n# was 180 in the draft\n\n[[nodes]]\nmodel = "B300"\n'
    paragraph = next(block for block in _document_blocks(tmp_path, text) if block.kind is BlockKind.PARAGRAPH)
    assert paragraph.line == 4 and paragraph.label == "B200"


def test_invalid_toml_is_read_as_plain_text_with_a_problem(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text("[pools\nmem_gb = 80\nThe H100 has 80 GB.\n", encoding="utf-8")
    document = load_document(path, "broken.toml")
    assert document.error is None
    assert len(document.problems) == 1 and "not valid TOML" in document.problems[0]
    assert document.problems[0].startswith("line 1:")


def test_folders_do_not_pick_up_toml_files(tmp_path: pathlib.Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\n', encoding="utf-8")
    (tmp_path / "notes.md").write_text("The H100 has 80 GB.\n", encoding="utf-8")
    paths = [document.path for document in load_sources([str(tmp_path)], make_config({}))]
    assert paths == [f"{tmp_path}/notes.md"]


def test_scanner_reads_dotted_keys_inline_tables_and_long_strings() -> None:
    text = (
        'a.b = 1\n"q.k" = { x = [1, 2], y = "s" }\n'
        'm = """\nline one\nline "two"""""\n'
        "[[t]]\n[[t.u]]\nv = 1979-05-27 07:32:00Z\n[[t]]\n[[t.u]]\nv = 'lit'\n"
    )
    assert tomllib.loads(text)["m"] == 'line one\nline "two""'
    places = scan_toml(text).values
    assert places["a", "b"].raw == "1"
    assert (places["q.k", "x", 1].line, places["q.k", "x", 1].column) == (2, 19)
    assert places[("m",)].line == 4 and places[("m",)].quote == '"""' and places[("m",)].raw.endswith('two""')
    assert places["t", 0, "u", 0, "v"].raw == "1979-05-27 07:32:00Z"
    assert places["t", 1, "u", 0, "v"].raw == "lit"


_KEYS = st.from_regex(r"[a-z][a-z0-9_]{0,6}", fullmatch=True)
_SCALARS = st.one_of(
    st.integers(-(10**9), 10**9),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.booleans(),
    st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=12),
)


def _scalar_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return repr(value)


@st.composite
def _documents(draw: st.DrawFn) -> str:
    """A TOML document of top-level values, tables and arrays of tables, with comments between."""
    lines: list[str] = []
    for _ in range(draw(st.integers(1, 4))):
        header = draw(st.sampled_from(["", "[{}]", "[[{}]]"]))
        if header:
            lines.append(header.format(draw(_KEYS) + "_t"))
        for key in draw(st.lists(_KEYS, min_size=1, max_size=4, unique=True)):
            shape = draw(st.sampled_from(["scalar", "array", "inline"]))
            if shape == "scalar":
                value = _scalar_text(draw(_SCALARS))
            elif shape == "array":
                items = [_scalar_text(draw(_SCALARS)) for _ in range(draw(st.integers(0, 3)))]
                value = "[\n  " + ",  # c\n  ".join(items) + "\n]" if items else "[]"
            else:
                value = "{ x = " + _scalar_text(draw(_SCALARS)) + " }"
            lines.append(f"{key}_{len(lines)} = {value}  # note")
        if not header:
            break  # top-level keys only before the first header
    return "\n".join(lines) + "\n"


def _leaves(value: object, path: tuple[str | int, ...] = ()) -> dict[tuple[str | int, ...], object]:
    if isinstance(value, dict):
        return {k: v for key, inner in value.items() for k, v in _leaves(inner, (*path, key)).items()}
    if isinstance(value, list):
        return {k: v for index, inner in enumerate(value) for k, v in _leaves(inner, (*path, index)).items()}
    return {path: value}


@settings(max_examples=150, deadline=None)
@given(_documents())
def test_scanner_places_every_value_tomllib_reads(text: str) -> None:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return  # a header repeated by the strategy: not TOML
    places = scan_toml(text).values
    for path, value in _leaves(data).items():
        place = places[path]
        source = place.raw if not place.quote else f"{place.quote}{place.raw}{place.quote}"
        assert tomllib.loads(f"v = {source}")["v"] == value


def test_tables_opened_by_dotted_headers_and_keys_are_records(tmp_path: pathlib.Path) -> None:
    text = '[server.gpu]\nmodel = "H100"\nmem_gb = 80\n\n[fleet]\nl4.count = 4\nl4.tdp_w = 72\n'
    facts = _facts(_claims(tmp_path, text))
    assert {(3, "H100", "chip", "memory_capacity", 80.0), (7, "L4", "chip", "power", 72.0)} <= facts
    rows = [block for block in _document_blocks(tmp_path, text) if block.kind is BlockKind.TABLE_ROW]
    assert [row.text for row in rows] == ["H100 | 80", "l4 | 4 | 72"]
    assert rows[1].position(0) == (6, 1)  # the implicit table is named where its key first stands
