"""Packaged knowledge files are read strictly: a word YAML did not read as a string is refused."""

from __future__ import annotations

import re
from importlib import resources

import pytest

from factlint.errors import ConfigError
from factlint.sources.packaged import packaged_file, read_packaged, stray_word

PATH = "factlint/sources/example.yaml"


def test_an_unquoted_on_in_a_word_list_is_refused_naming_file_and_key() -> None:
    known = read_packaged("dangling_words: [at, on, per]\n", PATH)
    with pytest.raises(ConfigError, match=re.escape(f"{PATH}: dangling_words: holds True, which is no word")):
        known.words("dangling_words")


@pytest.mark.parametrize("written", ["no", "off", "yes", "No", "OFF"])
def test_every_yaml_boolean_word_is_refused(written: str) -> None:
    with pytest.raises(ConfigError, match="quote it"):
        read_packaged(f"macros: [Nm, {written}, Ar]\n", PATH).words("macros")


def test_quoted_words_are_read_as_written() -> None:
    known = read_packaged('macros: [Nm, "No", Ar]\nglyphs: {"12": "\\u00bd", em: "\\u2014"}\n', PATH)
    assert known.words("macros") == ("Nm", "No", "Ar")
    assert known.word_map("glyphs") == {"12": "½", "em": "—"}


def test_a_number_as_a_key_or_a_value_of_a_word_map_is_refused() -> None:
    with pytest.raises(ConfigError, match=re.escape(f"{PATH}: glyphs: holds 12, which is no word")):
        read_packaged('glyphs: {12: "\\u00bd"}\n', PATH).word_map("glyphs")
    with pytest.raises(ConfigError, match="slips: holds 0, which is no word"):
        read_packaged("slips: {O: 0}\n", PATH).word_map("slips")


def test_a_section_names_the_key_path() -> None:
    known = read_packaged("environments:\n  table: {tabular: 1}\n  lists: [itemize, off]\n", PATH)
    environments = known.section("environments")
    assert environments.number_map("table") == {"tabular": 1}
    with pytest.raises(ConfigError, match=re.escape(f"{PATH}: environments.lists: holds False")):
        environments.words("lists")


def test_numbers_and_shapes_are_checked() -> None:
    known = read_packaged("min_pairs: yes\nshare: 0.4\nlevel: 3\nwords: at\nrules: ['(unclosed']\n", PATH)
    assert known.number("share") == 0.4
    assert known.whole_number("level") == 3
    with pytest.raises(ConfigError, match="min_pairs: holds True, which is no whole number"):
        known.whole_number("min_pairs")
    with pytest.raises(ConfigError, match="words: must be a list of words"):
        known.words("words")
    with pytest.raises(ConfigError, match="rules: holds a pattern that does not compile"):
        known.alternation("rules")
    with pytest.raises(ConfigError, match=re.escape(f"{PATH}: absent: is missing")):
        known.words("absent")


def test_a_file_that_is_no_mapping_is_refused() -> None:
    with pytest.raises(ConfigError, match=re.escape(f"{PATH}: must be a YAML mapping")):
        read_packaged("- at\n- on\n", PATH)
    with pytest.raises(ConfigError, match=re.escape(f"{PATH}:2: invalid YAML")):
        read_packaged("words: [at\nmore: ]\n", PATH)


def test_alternation_matches_any_listed_pattern() -> None:
    known = read_packaged("levels: ['INFO', 'WARN(?:ING)?']\n", PATH)
    assert known.alternation("levels", re.IGNORECASE).fullmatch("warning") is not None
    assert known.alternation("levels").fullmatch("INFOWARN") is None


def _shipped(package: str) -> list[str]:
    return sorted(item.name for item in resources.files(package).iterdir() if item.name.endswith(".yaml"))


@pytest.mark.parametrize("name", _shipped("factlint.sources"))
def test_shipped_reader_files_hold_only_words(name: str) -> None:
    known = packaged_file("factlint.sources", name)
    strays = {key: stray_word(value) for key, value in known.data.items()}
    sections = {
        f"{key}.{inner}": stray_word(value)
        for key, section in known.data.items()
        if isinstance(section, dict)
        for inner, value in section.items()
    }
    assert {key: stray for key, stray in {**strays, **sections}.items() if stray is not None} == {}


def test_the_loader_reads_a_file_once() -> None:
    assert packaged_file("factlint.sources", "rst.yaml") is packaged_file("factlint.sources", "rst.yaml")
