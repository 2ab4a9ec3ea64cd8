"""Knowledge files shipped inside factlint's packages, read once and handed out typed.

A reader asks for a key's words, its words mapped to words or to whole numbers, or the alternation
of its regular expressions. A word YAML did not read as a string is refused with the file and the
key named: YAML 1.1 reads an unquoted ``on``, ``off``, ``yes`` or ``no`` as true or false and ``12``
as a number, and a reader that turned it back with ``str()`` would look for ``True`` instead.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources

import yaml

from factlint.errors import ConfigError

# libyaml reads the shipped files about nine times faster than the pure-Python loader, with the
# same data (tests/test_sources_packaged_loader.py compares the two on every shipped file).
_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass(frozen=True, eq=False)
class PackagedFile:
    """The mapping at the top of a packaged YAML file (or one of its sections), with typed access."""

    path: str  # "factlint/sources/roff.yaml", for error messages
    data: Mapping[str, object]
    prefix: str = ""  # "environments." inside a section: the key path errors name

    def value(self, key: str) -> object:
        """Return the value of ``key`` as YAML read it; a missing key is refused."""
        if key not in self.data:
            raise self._error(key, "is missing")
        return self.data[key]

    def section(self, key: str) -> PackagedFile:
        """Return the mapping of ``key`` as a file of its own whose errors name ``key.inner``."""
        return PackagedFile(self.path, self._mapping(key), f"{self.prefix}{key}.")

    def words(self, key: str) -> tuple[str, ...]:
        """Return the list of words of ``key``."""
        listed = self.value(key)
        if not isinstance(listed, list):
            raise self._error(key, "must be a list of words")
        return tuple(self._word(key, item) for item in listed)

    def folded_words(self, key: str) -> frozenset[str]:
        """Return the words of ``key`` lower-cased, as a set to test folded text against."""
        return frozenset(word.lower() for word in self.words(key))

    def word_map(self, key: str) -> dict[str, str]:
        """Return the mapping of ``key``: words to words."""
        return {self._word(key, name): self._word(key, text) for name, text in self._mapping(key).items()}

    def number_map(self, key: str) -> dict[str, int]:
        """Return the mapping of ``key``: words to whole numbers."""
        return {
            self._word(key, name): self._whole(key, number) for name, number in self._mapping(key).items()
        }

    def word_lists(self, key: str) -> dict[str, tuple[str, ...]]:
        """Return the mapping of ``key``: words to lists of words."""
        mapped = self.section(key)
        return {self._word(key, name): mapped.words(name) for name in mapped.data}

    def whole_number(self, key: str) -> int:
        """Return the whole number of ``key``."""
        return self._whole(key, self.value(key))

    def number(self, key: str) -> float:
        """Return the number of ``key`` (whole or not)."""
        number = self.value(key)
        if isinstance(number, bool) or not isinstance(number, int | float):
            raise self._error(key, f"holds {number!r}, which is no number")
        return float(number)

    def alternation(self, key: str, flags: int = 0) -> re.Pattern[str]:
        """Return one pattern matching any of the regular expressions listed under ``key``."""
        return self._compiled(key, "|".join(f"(?:{pattern})" for pattern in self.words(key)), flags)

    def patterns(self, key: str, flags: int = 0) -> tuple[re.Pattern[str], ...]:
        """Return the regular expressions that ``key`` maps names to, compiled, in the file's order."""
        return tuple(self._compiled(key, pattern, flags) for pattern in self.word_map(key).values())

    def _mapping(self, key: str) -> Mapping[str, object]:
        mapped = self.value(key)
        if not isinstance(mapped, Mapping):
            raise self._error(key, "must be a mapping")
        return mapped

    def _word(self, key: str, word: object) -> str:
        if not isinstance(word, str):
            # YAML reads an unquoted on, off, yes or no as true or false, and 12 as a number
            raise self._error(key, f"holds {word!r}, which is no word (quote it)")
        return word

    def _whole(self, key: str, number: object) -> int:
        if isinstance(number, bool) or not isinstance(number, int):
            raise self._error(key, f"holds {number!r}, which is no whole number")
        return number

    def _compiled(self, key: str, pattern: str, flags: int) -> re.Pattern[str]:
        try:
            return re.compile(pattern, flags)
        except re.error as error:
            raise self._error(key, f"holds a pattern that does not compile: {error}") from error

    def _error(self, key: str, message: str) -> ConfigError:
        return ConfigError(message, path=self.path, key=self.prefix + key)


@cache
def packaged_file(package: str, name: str) -> PackagedFile:
    """Return the packaged YAML file ``name`` of ``package`` ("factlint.sources"), read once."""
    path = f"{package.replace('.', '/')}/{name}"
    text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    return read_packaged(text, path)


def read_packaged(text: str, path: str) -> PackagedFile:
    """Return the PackagedFile of a YAML text whose top is a mapping; ``path`` names it in errors."""
    try:
        data = yaml.load(text, Loader=_SAFE_LOADER)  # a safe loader: plain data only
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        problem = getattr(error, "problem", None) or error
        raise ConfigError(
            f"invalid YAML: {problem}", path=path, line=mark.line + 1 if mark else None
        ) from error
    if not isinstance(data, Mapping):
        raise ConfigError("must be a YAML mapping", path=path)
    return PackagedFile(path, data)


def stray_word(words: object) -> object | None:
    """Return the first entry of a word list that is no string (a key of a mapping, or an item of
    a list or of a mapping's list), or None; numbers a mapping gives its words are values."""
    if isinstance(words, Mapping):
        entries = [*words, *(item for value in words.values() if isinstance(value, list) for item in value)]
    elif isinstance(words, list):
        entries = words
    else:
        return None
    for entry in entries:
        # a list of word lists ("all_of: [[memory, mem], [total, size]]") holds words one level down
        stray = stray_word(entry) if isinstance(entry, list) else (None if isinstance(entry, str) else entry)
        if stray is not None:
            return stray
    return None
