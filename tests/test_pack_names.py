"""The default pack's names: each names one entity, and ordinary words name none."""

from __future__ import annotations

import pytest

from factlint.claims.entities import EntityMatcher, name_key
from factlint.errors import ConfigError
from factlint.pack import load_pack

# Words that are also machine or product names; the pack may know them only with a
# word that makes them a machine ("Frontier supercomputer", "d-Matrix Corsair").
ORDINARY_WORDS = [
    "frontier", "aurora", "summit", "sierra", "alps", "eos", "colossus", "eagle", "polaris",
    "galaxy", "corsair", "atom", "rebel", "helios", "leonardo", "selene", "andromeda", "jupiter",
    "rubin", "grace", "dojo", "A2", "A4", "A16", "AI 100",
]  # fmt: skip


@pytest.fixture(scope="module")
def pack():
    return load_pack()


def test_no_name_is_claimed_by_two_entities(pack) -> None:
    owners: dict[str, str] = {}
    clashes = []
    for entity in pack.entities:
        for name in entity.names:
            owner = owners.setdefault(name_key(name), entity.name)
            if owner != entity.name:
                clashes.append(f"{name!r}: {owner} and {entity.name}")
    assert not clashes, "\n".join(clashes)


@pytest.mark.parametrize("word", ORDINARY_WORDS)
def test_an_ordinary_word_names_no_entity(pack, word: str) -> None:
    matcher = EntityMatcher(pack)
    cased = {name for entity in pack.entities for name in entity.case_sensitive}
    for surface in (word, word.capitalize(), word.upper()):
        if surface in cased:
            continue  # "Frontier" as written is the machine's name; "frontier" is a word
        text = f"They spoke of the {surface} and its 80 GB."
        assert [m.entity for m in matcher.find(text)] == [], surface


@pytest.mark.parametrize(
    ("text", "entity"),
    [
        ("Habana Gaudi 3 ships with 128 GB.", "Gaudi3"),
        ("The Tenstorrent Wormhole n300d card", "n300d"),
        ("Qualcomm Cloud AI 100 Ultra cards", "Cloud AI 100 Ultra"),
        ("NVIDIA Grace Hopper Superchip", "GH200"),
        ("the Frontier supercomputer", "Frontier"),
        ("ORNL's Summit", "Summit supercomputer"),
    ],
)
def test_a_vendor_word_does_not_cut_a_longer_name(pack, text: str, entity: str) -> None:
    assert [m.entity for m in EntityMatcher(pack).find(text)] == [entity]


@pytest.mark.parametrize(
    ("text", "entities"),
    [
        ("Each IPU-Link carries 64 GB/s.", []),  # a capitalised word hyphenated on: another thing
        ("the Trainium2-Fabric and the Trainium2", ["Trainium2"]),
        ("H100-based servers", ["H100"]),
        ("Trainium2-Powered Instances", ["Trainium2"]),  # a title-cased participle
        ("A100-80GB cards", ["A100 80GB"]),
    ],
)
def test_a_hyphenated_capitalised_word_makes_another_thing(pack, text: str, entities: list[str]) -> None:
    assert [m.entity for m in EntityMatcher(pack).find(text)] == entities


@pytest.mark.parametrize(
    ("text", "entities"),
    [
        ("Frontier draws 21 MW.", ["Frontier"]),
        ("We pushed the frontier of sparse models.", []),
        ("Frontier AI labs want more GPUs.", []),  # a capitalised word after it: another name
        ("JUPITER links GH200 superchips.", ["JUPITER", "GH200"]),
        ("Jupiter has many moons.", []),
    ],
)
def test_a_case_sensitive_name_matches_only_as_written(pack, text: str, entities: list[str]) -> None:
    assert [m.entity for m in EntityMatcher(pack).find(text)] == entities


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("entities:\n  - {name: Vega, kind: cluster, case_sensitive: [Lyra]}\n", "case_sensitive"),
        ("named_only_scopes: [galaxy]\n", "no scope 'galaxy'"),
        ("system_suffixes: ['NVL(']\n", "system_suffixes.*invalid regular expression"),
        (
            "attributes:\n  tiny_memory: {unit: MB, pint: megabyte, small_sizes_of:"
            " {attribute: sram_size, units: [megabyte], below: 1000}}\n",
            "no attribute 'sram_size'",
        ),
    ],
)
def test_a_pack_naming_what_it_does_not_define_is_refused(tmp_path, text: str, message: str) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError, match=message):
        load_pack([bad])


def test_a_user_pack_wins_a_name_it_shares_with_the_default_pack(tmp_path) -> None:
    overlay = tmp_path / "mine.yaml"
    overlay.write_text("entities:\n  - {name: Grayskull e75, kind: chip, aliases: [e75]}\n", encoding="utf-8")
    matcher = EntityMatcher(load_pack([overlay]))
    # the default pack's card `e75` has the alias "Grayskull e75"
    assert [m.entity for m in matcher.find("our e75 and the Grayskull e75")] == ["Grayskull e75"] * 2


def test_a_user_pack_adds_named_only_scopes_to_the_default_packs(tmp_path) -> None:
    overlay = tmp_path / "mine.yaml"
    overlay.write_text("named_only_scopes: [pod]\n", encoding="utf-8")
    assert load_pack([overlay]).named_only_scopes == ("cluster", "pod")
