"""The shipped YAML files read the same with libyaml as with the pure-Python loader."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

import factlint
from factlint.errors import ConfigError
from factlint.sources.packaged import read_packaged

SHIPPED = sorted(Path(factlint.__file__).parent.rglob("*.yaml"))


def test_there_are_shipped_files_to_compare() -> None:
    assert len(SHIPPED) > 10


@pytest.mark.parametrize("path", SHIPPED, ids=lambda path: path.name)
def test_a_shipped_file_reads_the_same_with_either_loader(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    fast = read_packaged(text, str(path)).data
    plain = yaml.safe_load(text)
    assert fast == plain
    assert repr(fast) == repr(plain)  # same key order, and 1 stays an int, 1.0 a float


def test_broken_yaml_still_names_the_line_the_pure_python_loader_names() -> None:
    # both loaders stop at the end of the text, line 4, looking for the closing bracket
    with pytest.raises(ConfigError, match=re.escape("example.yaml:4: invalid YAML")):
        read_packaged("units:\n  - metre\n  - [unclosed\n", "factlint/sources/example.yaml")
