"""Indonesian notation: months, quarters, units, counters, rates and look-alikes (decision 0159)."""

from __future__ import annotations

from pathlib import Path

import pytest

from factlint.claims.dates import DateReader
from factlint.claims.extract import extract_claims
from factlint.claims.language import english
from factlint.claims.notation import uses_comma_decimals
from factlint.pack import load_pack
from factlint.sources import load_document
from factlint.sources.sentences import split_sentences

_READER = DateReader(english())
_PACK = """\
entities:
  - name: MKS-H100-4
    kind: instance
    family: Makassar configurations
    contains: {entity: H100 SXM, count: 4}
    aliases: []
"""


def _claims(tmp_path: Path, text: str) -> list[tuple[str, str, object, str | None]]:
    path = tmp_path / "pengumuman-id-en.txt"
    path.write_text(text, encoding="utf-8")
    user_pack = tmp_path / "pack.yaml"
    user_pack.write_text(_PACK, encoding="utf-8")
    claims = extract_claims(load_document(path, path.name), load_pack([str(user_pack)]))
    return [(c.entity, c.attribute, c.value, c.qualifier) for c in claims]


@pytest.mark.parametrize(
    ("text", "value", "low", "high"),
    [
        ("berlaku mulai 1 Agustus 2026", "2026-08-01", None, None),
        ("since 5 Nopember 2025 (old spelling)", "2025-11-05", None, None),
        ("the Pebruari 2026 price list", "2026-02", None, None),
        ("in Triwulan IV 2026 we open", "2026", "2026-10", "2026-12"),
        ("Kuartal II 2027", "2027", "2027-04", "2027-06"),
    ],
)
def test_indonesian_months_and_quarters(text: str, value: str, low: str | None, high: str | None) -> None:
    found = [m for m in _READER.read(text) if not m.bare_year]
    assert [(m.value, m.low, m.high) for m in found][:1] == [(value, low, high)]


@pytest.mark.parametrize(
    "text",
    [
        "| Tarif, Rp/jam | 0,82 |",
        "harga 250 ribu rupiah per bulan",
    ],
)
def test_indonesian_texts_write_decimal_commas(text: str) -> None:
    assert uses_comma_decimals(text, english())


def test_indonesian_abbreviations_end_no_sentence() -> None:
    text = "Kantor kami di Jl. Gatot Subroto No. 5, Telp. 021 555 0101. Next sentence."
    assert len(split_sentences(text)) == 2


def test_per_second_rates_in_dtk_and_up_to_hingga(tmp_path: Path) -> None:
    found = _claims(
        tmp_path,
        "[Indonesian notation is kept: the comma is decimal.]\n\n"
        "Every H100 SXM in MKS-H100-4 has bandwidth 3,35 TB/dtk and power hingga 700 W.\n",
    )
    assert ("H100 SXM", "memory_bandwidth", 3.35, None) in found
    assert ("H100 SXM", "power", 700.0, "up to") in found


def test_counted_units_and_hourly_rates_in_jam(tmp_path: Path) -> None:
    found = _claims(
        tmp_path,
        "[Indonesian notation is kept: the comma is decimal.]\n\n"
        "The configuration MKS-H100-4 with 4 unit NVIDIA H100 SXM costs Rp 221.000/jam "
        "(approx. USD 13,05/jam).\n",
    )
    assert ("MKS-H100-4", "chip_count", 4.0, None) in found
    assert ("MKS-H100-4", "hourly_price", 13.05, "about") in found
    assert not any(value == 221000.0 for _, _, value, _ in found)


@pytest.mark.parametrize(
    "text",
    [
        # a tax number (NPWP) and a business number are dotted like thousands
        "PT Contoh Awan, NPWP 02.345.678.9-012.000, NIB 8120007712345. MKS-H100-4 is our plan.\n",
        # a dotted version number beside the machine
        "MKS-H100-4 runs driver 550.54.15 and CUDA 12.4 since 3 Juni 2026.\n",
    ],
)
def test_dotted_codes_and_versions_are_no_figures(tmp_path: Path, text: str) -> None:
    found = _claims(tmp_path, "[Indonesian notation is kept: the dot separates thousands.]\n\n" + text)
    assert not any(attribute != "release_date" for _, attribute, _, _ in found), found
