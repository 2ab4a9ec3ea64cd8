"""Decide whether a document is Markdown or plain text from its content, not its suffix."""

from __future__ import annotations

import re

MARKDOWN_SUFFIXES = (".md", ".markdown", ".mdown", ".mkd")

# Any one of these is a Markdown construct that plain text practically never contains.
_MARKDOWN_SIGNS = re.compile(
    r"^(?:"
    r"#{1,6}[ \t]+\S"  # ATX heading
    r"|[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*\|"  # pipe-table delimiter row
    r"|[ \t]*(?:[-*+]|\d{1,3}[.)])[ \t]+(?:\*\*|__)[^*_\n]{1,80}?(?::(?:\*\*|__)|(?:\*\*|__):)"  # - **X:**
    r"|(?:\*\*|__)[^*_\n]{1,80}?(?::(?:\*\*|__)|(?:\*\*|__):)"  # **Label:** at line start
    r"|```|~~~"  # fenced code
    r")",
    re.MULTILINE,
)


def is_markdown(text: str, suffix: str, has_front_matter: bool) -> bool:
    """Return True if the document should be parsed as Markdown."""
    if suffix.lower() in MARKDOWN_SUFFIXES or has_front_matter:
        return True
    return _MARKDOWN_SIGNS.search(text) is not None
