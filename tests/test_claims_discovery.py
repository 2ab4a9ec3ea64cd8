"""Entity discovery: which unknown names become entities of a document, and how claims show it."""

from __future__ import annotations

from pathlib import Path

import pytest

from factlint.claims import extract_claims
from factlint.claims.discovery import CONFIDENCE, Discovery, EntityDiscoverer
from factlint.claims.entities import EntityMatcher
from factlint.claims.language import english
from factlint.cli import describe_claim
from factlint.errors import ConfigError
from factlint.models import Document
from factlint.pack import Entity, KnowledgePack, load_pack
from factlint.sources import load_document


@pytest.fixture(scope="module")
def pack() -> KnowledgePack:
    return load_pack()


@pytest.fixture(scope="module")
def discoverer(pack: KnowledgePack) -> EntityDiscoverer:
    return EntityDiscoverer(pack, english())


def _document(tmp_path: Path, text: str, name: str = "doc.md") -> Document:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return load_document(path, name)


def _discover(
    discoverer: EntityDiscoverer, pack: KnowledgePack, tmp_path: Path, text: str, name: str = "doc.md"
) -> dict[str, Discovery]:
    found = discoverer.discover(_document(tmp_path, text, name), EntityMatcher(pack))
    return {discovery.entity.name: discovery for discovery in found}


def test_a_model_named_in_a_heading_drops_its_maker(discoverer, pack, tmp_path) -> None:
    found = _discover(discoverer, pack, tmp_path, "# Larkspur LX-5\n\nThe Larkspur LX-5 has 64 GB.\n")
    assert set(found) == {"LX-5"}
    assert found["LX-5"].entity.kind == "chip"
    assert found["LX-5"].entity.aliases == ("Larkspur LX-5",)
    assert found["LX-5"].evidence == ("heading", "subject", "repeated")


def test_a_word_that_does_not_always_precede_the_model_is_no_alias(discoverer, pack, tmp_path) -> None:
    text = "Larkspur ships the LX-5 today. The LX-5 has 64 GB. Buyers of the LX-5 are happy.\n"
    found = _discover(discoverer, pack, tmp_path, text)
    assert found["LX-5"].entity.aliases == ()


def test_a_pack_vendor_prefix_gives_an_alias(discoverer, pack, tmp_path) -> None:
    found = _discover(discoverer, pack, tmp_path, "The NVIDIA R900 has 384 GB of HBM4.\n")
    assert found["R900"].entity.aliases == ("NVIDIA R900",)


def test_known_products_are_not_discovered(discoverer, pack, tmp_path) -> None:
    text = "# H100 SXM\n\nThe H100 SXM has 80 GB. The MI300X has 192 GB. Gaudi 3 has 128 GB.\n"
    assert _discover(discoverer, pack, tmp_path, text) == {}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Our rack matches the spec of a ZT-77 module.", set()),  # one passing mention
        ("The ZT-77 module draws 40 W.", {"ZT-77"}),  # a sentence's subject
        ("Our ZT-77 Arm board, bought in May, draws 40 W.", {"ZT-77"}),  # after an aside
        ("The Q-Core 7 draws 40 W.", {"Q-Core 7"}),
        ("We tried a ZT-77 and then a second ZT-77.", {"ZT-77"}),  # named twice
        ("- **ZT-77:** 40 W", {"ZT-77"}),  # a list label
        ("1. **ZT-77** – 40 W", {"ZT-77"}),
        ("Helix ZT-77 Inference Accelerator\n\nPower: 40 W", {"ZT-77"}),  # a title line
        ("| Part | Power |\n|---|---|\n| ZT-77 | 40 W |\n", {"ZT-77"}),  # a table's first column
        ("| Spec | ZT-77 |\n|---|---|\n| Power | 40 W |\n", {"ZT-77"}),  # a table's header row
        ("We tried a Z7 and then a second Z7.", set()),  # short names need a strong place
        ("The Z7 draws 40 W.", {"Z7"}),
    ],
)
def test_where_a_name_is_named_decides(discoverer, pack, tmp_path, text, expected) -> None:
    assert set(_discover(discoverer, pack, tmp_path, text + "\n")) == expected


@pytest.mark.parametrize(
    "look_alike",
    [
        "HBM3e",
        "HBM4",
        "GDDR6X",
        "LPDDR5X",
        "DDR5",
        "PCIe 5.0",
        "PCIe Gen5",
        "NVLink 4",
        "NVLink5",
        "CXL 2.0",
        "FP8",
        "BF16",
        "INT8",
        "MXFP4",
        "N3",
        "N4P",
        "Q3",
        "Q3 2025",
        "H2",
        "H2 2025",
        "FY2025",
        "Figure 2",
        "Table 3",
        "Llama 3",
        "GPT-4",
        "Mistral 7B",
        "Phase 2",
        "Windows 11",
        "March 2025",
        "Intel 4",
        "Zen 5",
        "CDNA 3",
        "L2",
        "P99",
        "MLPerf 4",
        "Neuron 2",
        "The 8",
        "MI325-002",
        "CA 94085",
        "Edit 2",
    ],
)
def test_look_alikes_are_never_products(discoverer, pack, tmp_path, look_alike) -> None:
    text = (
        f"# {look_alike}\n\n{look_alike} is new. The {look_alike} has 8 GB.\n\n"
        f"| {look_alike} | 1 |\n|---|---|\n"
    )
    assert _discover(discoverer, pack, tmp_path, text) == {}


def test_a_worded_name_keeps_a_word_never_used_alone(discoverer, pack, tmp_path) -> None:
    text = "Orion builds clusters. Stellar Array 2 pairs 32 servers. Orion Nova 5 has 8 racks.\n"
    found = _discover(discoverer, pack, tmp_path, text)
    assert set(found) == {"Stellar Array 2", "Nova 5"}
    assert found["Nova 5"].entity.aliases == ("Orion Nova 5",)


def test_part_of_a_known_name_is_not_a_new_name(discoverer, pack, tmp_path) -> None:
    text = "# WAFER-SCALE ENGINE 3\n\nThe Wafer-Scale Engine 3 has 44 GB. Engine 3 is fast.\n"
    assert _discover(discoverer, pack, tmp_path, text) == {}


def test_an_ordinary_word_before_a_number_is_no_name(discoverer, pack, tmp_path) -> None:
    text = "We ran with batch 32 by default.\n\nBatch 32 was the sweet spot. Batch 32 is our pick.\n"
    assert _discover(discoverer, pack, tmp_path, text) == {}


def test_a_word_and_a_number_is_a_name_when_the_word_is_a_proper_noun(discoverer, pack, tmp_path) -> None:
    found = _discover(
        discoverer, pack, tmp_path, "The Osprey 3 accelerator has 64 GB. Osprey 3 ships soon.\n"
    )
    assert set(found) == {"Osprey 3"}


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("The CX-4 system draws 12 kW. Each CX-4 system holds 16 chips.", "server"),
        ("The QC-8 card draws 75 W.", "card"),
        ("The QC-8 draws 75 W.", "chip"),
        ("The QC-8 cores run at 2 GHz. The QC-8 has 96 cores.", "chip"),  # its cores, not a core
        ("| System | Power |\n|---|---|\n| CX-4 | 12 kW |\n", "server"),  # the first column's header
    ],
)
def test_kind_comes_from_the_scope_noun_after_the_name(discoverer, pack, tmp_path, text, kind) -> None:
    found = _discover(discoverer, pack, tmp_path, text + "\n")
    assert [d.entity.kind for d in found.values()] == [kind]


def test_two_model_numbers_in_a_row_are_one_name(discoverer, pack, tmp_path) -> None:
    found = _discover(discoverer, pack, tmp_path, "The QR500 NVL64 rack draws 120 kW.\n")
    assert set(found) == {"QR500 NVL64"}
    assert found["QR500 NVL64"].entity.kind == "pod"


def test_a_heading_naming_just_a_product_gives_a_name_without_digits(discoverer, pack, tmp_path) -> None:
    text = "## Vantage Halcyon\n\nVantage ships the Halcyon card with 32 GB of memory.\n"
    found = _discover(discoverer, pack, tmp_path, text)
    assert set(found) == {"Halcyon"}
    assert found["Halcyon"].entity.kind == "card"
    assert found["Halcyon"].entity.aliases == ("Vantage Halcyon",)


@pytest.mark.parametrize(
    ("text", "heading"),
    [
        ("## Overview\n\nThe overview comes first. Our Overview has 3 parts.\n", "Overview"),  # ordinary word
        ("## Pricing\n\nPricing starts at $2 per hour.\n", "Pricing"),  # never before a scope noun
        ("## RTX\n\nRTX is a brand. The RTX 4090 card has 24 GB.\n", "RTX"),  # a brand of models
        ("## Corvid\n\nCorvid raised $100 million. Corvid is hiring.\n", "Corvid"),  # a company
        ("## Key Specifications\n\nKey specifications follow.\n", "Specifications"),
    ],
)
def test_headings_that_name_no_product(discoverer, pack, tmp_path, text, heading) -> None:
    found = _discover(discoverer, pack, tmp_path, text)
    assert not {heading, text.splitlines()[0].lstrip("# ")} & set(found), found


def test_claims_about_a_discovered_entity_say_so(pack, tmp_path) -> None:
    text = "# Larkspur LX-5\n\nThe Larkspur LX-5 packs 44 GB of on-chip SRAM.\n"
    document = _document(tmp_path, text)
    (claim,) = extract_claims(document, pack)
    assert claim.entity == "LX-5"
    assert claim.rule.endswith("discovered entity (heading, subject, repeated)")
    known = pack.with_entities([Entity(name="LX-5", kind="chip", aliases=("Larkspur LX-5",))])
    (same,) = extract_claims(document, known)
    assert "discovered" not in same.rule
    assert claim.confidence == pytest.approx(same.confidence * CONFIDENCE, abs=0.001)
    assert "discovered entity" in describe_claim(claim, document)


def test_discovered_entities_stay_in_their_document(pack, tmp_path) -> None:
    first = _document(tmp_path, "The LX-5 has 64 GB of memory.\n", "first.md")
    second = _document(tmp_path, "We put 64 GB of memory next to a LX-5 on the bench.\n", "second.md")
    assert [claim.entity for claim in extract_claims(first, pack)] == ["LX-5"]
    assert extract_claims(second, pack) == []
    assert pack.entity("LX-5") is None


def test_front_matter_aliases_still_join_the_title_entity(pack, tmp_path) -> None:
    text = "---\ntitle: Trainium2 notes\naliases: [Tr2]\n---\nThe Tr2 has 96 GB of memory.\n"
    (claim,) = extract_claims(_document(tmp_path, text), pack)
    assert claim.entity == "Trainium2"


def test_front_matter_alias_that_names_a_pack_entity_is_not_repointed(pack, tmp_path) -> None:
    text = "---\ntitle: Trainium2 notes\naliases: [Trainium 1]\n---\nThe Trainium 1 has 32 GB of memory.\n"
    (claim,) = extract_claims(_document(tmp_path, text), pack)
    assert claim.entity == "Trainium1"


def test_front_matter_aliases_join_no_entity_when_the_title_names_none(pack, tmp_path) -> None:
    text = "---\ntitle: {title}\naliases: [Qz9 board]\n---\nThe Qz9 board has 96 GB of memory.\n"
    (with_subject,) = extract_claims(_document(tmp_path, text.format(title="Trainium2 newsletter")), pack)
    (without,) = extract_claims(_document(tmp_path, text.format(title="Weekly newsletter")), pack)
    assert with_subject.entity == "Trainium2"
    assert without.entity != "Trainium2" and pack.entity(without.entity) is None  # discovered, not the pack's


@pytest.mark.parametrize(
    ("value", "message"),
    [("HBM*", "must be a list"), (["re:("], "invalid regular expression"), (["*"], "empty entry")],
)
def test_not_products_is_validated(tmp_path, value, message) -> None:
    path = tmp_path / "pack.yaml"
    path.write_text(f"not_products: {value!r}\n" if isinstance(value, str) else f"not_products: {value}\n")
    with pytest.raises(ConfigError, match=message):
        load_pack([path])


def test_a_pack_can_add_not_products(tmp_path) -> None:
    path = tmp_path / "pack.yaml"
    path.write_text("not_products: ['re:ZT-\\d+']\n")
    extra = load_pack([path])
    found = EntityDiscoverer(extra, english()).discover(
        _document(tmp_path, "The ZT-77 module draws 40 W.\n"), EntityMatcher(extra)
    )
    assert found == ()


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("[{kind: instance}]", "kind and a pattern"),
        ("[{kind: gizmo, pattern: 'x\\d'}]", "unknown product kind"),
        ("[{kind: instance, pattern: '(x'}]", "invalid regular expression"),
    ],
)
def test_name_patterns_are_validated(tmp_path, value, message) -> None:
    path = tmp_path / "pack.yaml"
    path.write_text(f"name_patterns: {value}\n")
    with pytest.raises(ConfigError, match=message):
        load_pack([path])


def test_a_name_of_a_pack_shape_is_an_instance_of_its_family(tmp_path) -> None:
    pack = load_pack()
    found = EntityDiscoverer(pack, english()).discover(
        _document(tmp_path, "| Size | GPUs |\n|---|---|\n| g6e.4xlarge | 1 |\n| trn2u.48xlarge | 16 |\n"),
        EntityMatcher(pack),
    )
    entities = {d.entity.name: d.entity for d in found}
    assert entities["g6e.4xlarge"].kind == "instance"
    assert entities["g6e.4xlarge"].family == "G6e"
    assert entities["trn2u.48xlarge"].family is None


# What only looks like a model number (helper round 23): each text names exactly the products given.
_LOOK_ALIKES = [
    pytest.param(
        "## Lab schedule\n\n"
        "Mon 09:30 and Wednesday 16 sessions use the Quillon Q7 board.\n"
        "Dock 14:00 pickup; Dock 14:00 return, Tue 9:45 too.\n"
        "Friday 12 is a holiday. Friday 12 has no lab.\n"
        "The Quillon Q7 draws 12 W.\n",
        {"Q7"},
        id="clock-times-and-weekdays",
    ),
    pytest.param(
        "# Shipment PX-448120\n\n"
        "Invoice 3318 covers order PX-448120 (2 x Dravo D9).\n"
        "PX-448120 shipped on Monday; Invoice 3318 is due in 30 days.\n"
        "The Dravo D9 has 48 GB of memory.\n",
        {"D9"},
        id="order-and-document-numbers",
    ),
    pytest.param(
        "## The Orrin X4 and NVFP4\n\n"
        "The Orrin X4 reaches 2 PFLOPS of NVFP4. NVFP4 has a scale per block of 16 values,\n"
        "and NVFP4 has 4 bits per value.\n",
        {"X4"},
        id="number-formats",
    ),
    pytest.param(
        "| Node | CPU | Accelerator | Memory |\n"
        "|---|---|---|---|\n"
        "| kx-01 | 2x Corvid 5520 | 4x Tarn T2 | 96 GB |\n"
        "| kx-02 | 2x Corvid 5520 | 4x Tarn T2 | 96 GB |\n\n"
        "| Model | Cores | TDP |\n"
        "|---|---|---|\n"
        "| Corvid 5520 | 48 | 290 W |\n"
        "| Tarn T2 | 1 | 350 W |\n",
        {"T2"},
        id="a-host-cpu-column-even-with-a-row-of-its-own",
    ),
    pytest.param(
        "| CPU | Cores | TDP |\n|---|---|---|\n| Corvid 5520 | 48 | 290 W |\n| Corvid 5540 | 64 | 360 W |\n",
        {"Corvid 5520", "Corvid 5540"},
        id="a-cpu-column-that-heads-its-rows-names-products",
    ),
]


def _discovered_names(
    discoverer: EntityDiscoverer, pack: KnowledgePack, tmp_path: Path, text: str
) -> set[str]:
    found = discoverer.discover(_document(tmp_path, text), EntityMatcher(pack))
    return {discovery.entity.name for discovery in found}


@pytest.mark.parametrize(("text", "expected"), _LOOK_ALIKES)
def test_look_alikes_of_model_numbers_name_no_product(discoverer, pack, tmp_path, text, expected) -> None:
    assert _discovered_names(discoverer, pack, tmp_path, text) == expected


def test_the_end_of_a_known_name_is_no_new_name(discoverer, pack, tmp_path) -> None:
    text = "Rubin Ultra NVL576 follows in 2027. The NVL576 racks hold 576 GPUs; NVL576 is huge.\n"
    assert "NVL576" not in _discovered_names(discoverer, pack, tmp_path, text)
