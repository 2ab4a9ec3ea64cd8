"""Which file suffixes a reader takes by name and which it takes only when the content looks right."""

from __future__ import annotations

from dataclasses import dataclass

from factlint.sources.packaged import PackagedFile


@dataclass(frozen=True)
class SuffixRule:
    """The suffixes a reader claims outright and those (``.txt``, none) whose content it inspects."""

    named: frozenset[str]
    by_content: frozenset[str]

    @classmethod
    def from_file(cls, known: PackagedFile) -> SuffixRule:
        """Return the rule of a reader's YAML file: its ``suffixes`` and ``content_suffixes`` lists."""
        return cls(known.folded_words("suffixes"), known.folded_words("content_suffixes"))

    def decides(self, suffix: str) -> bool | None:
        """Return True for a suffix the reader claims, False for one it never reads, and None when
        the document's content must decide."""
        lowered = suffix.lower()
        if lowered in self.named:
            return True
        if lowered not in self.by_content:
            return False
        return None
