"""A pack's word lists hold words: YAML's booleans, numbers, nulls and mappings are refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from factlint.errors import ConfigError
from factlint.pack import load_pack


@pytest.mark.parametrize(
    ("listed", "shown"),
    [("yes", "True"), ("12", "12"), ("null", "None"), ("{a: b}", "{'a': 'b'}")],
)
def test_a_word_list_refuses_what_is_no_word(tmp_path: Path, listed: str, shown: str) -> None:
    path = tmp_path / "pack.yaml"
    path.write_text(f"name: mine\nname_cues:\n  - card\n  - {listed}\n", encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_pack([path])
    assert caught.value.path == str(path)
    assert caught.value.key == "name_cues[1]"
    assert caught.value.line == 4
    assert shown in str(caught.value)


def test_an_entity_alias_that_is_no_word_names_its_place(tmp_path: Path) -> None:
    path = tmp_path / "pack.yaml"
    path.write_text(
        "entities:\n  - name: Widget 9\n    kind: product\n    aliases: [W9, no]\n", encoding="utf-8"
    )
    with pytest.raises(ConfigError) as caught:
        load_pack([path])
    assert caught.value.key == "entities[0].aliases[1]"
    assert caught.value.line == 4


def test_a_quoted_word_is_read(tmp_path: Path) -> None:
    path = tmp_path / "pack.yaml"
    path.write_text("non_claim_words:\n  - 'yes'\n  - '12'\n", encoding="utf-8")
    pack = load_pack([path])
    assert {"yes", "12"} <= set(pack.non_claim_words)
