"""Read a table's headers written in another language as English ("Mémoire (Go)" -> "Memory (GB)").

The words come from the language file's ``header_glossary``; they are matched as written,
so a unit symbol such as "Go" or "To" never takes an English "go" or "to".
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from factlint.models import BlockKind, Document


def translate_headers(document: Document, glossary: tuple[tuple[str, str], ...]) -> Document:
    """Return ``document`` with every table header put through ``glossary`` (the same object when
    no header changes)."""
    if not glossary:
        return document
    pattern, words = _compiled(glossary)
    blocks = []
    changed = False
    for block in document.blocks:
        if block.kind is BlockKind.TABLE_ROW and block.table_headers:
            headers = tuple(
                pattern.sub(lambda m: words[m.group(0)], header) for header in block.table_headers
            )
            if headers != block.table_headers:
                block = replace(block, table_headers=headers)
                changed = True
        blocks.append(block)
    return replace(document, blocks=tuple(blocks)) if changed else document


@lru_cache(maxsize=8)
def _compiled(glossary: tuple[tuple[str, str], ...]) -> tuple[re.Pattern[str], dict[str, str]]:
    """Return the pattern of the glossary's words, longest first, and their translations."""
    words = dict(glossary)
    body = "|".join(re.escape(word) for word in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<![\w/-])(?:{body})(?![\w/-])"), words
