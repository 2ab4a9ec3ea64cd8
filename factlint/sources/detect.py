"""Decide whether a document is HTML, Markdown or plain text from its suffix and its content."""

from __future__ import annotations

import re

MARKDOWN_SUFFIXES = (".md", ".markdown", ".mdown", ".mkd")
HTML_SUFFIXES = (".html", ".htm")

# A saved page, whatever its name: "<!DOCTYPE html" or "<html", after an XML declaration
# and comments if any. Case-insensitive, as HTML is.
_HTML_START = re.compile(
    r"\A\ufeff?\s*(?:<\?xml[^>]*>\s*)?(?:<!--.*?-->\s*)*<(?:!doctype\s+html|html)(?=[\s>])",
    re.IGNORECASE | re.DOTALL,
)

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


def is_html(text: str, suffix: str) -> bool:
    """Return True if the document is an HTML page: by suffix, or by how it starts unless named Markdown."""
    lowered = suffix.lower()
    if lowered in HTML_SUFFIXES:
        return True
    return lowered not in MARKDOWN_SUFFIXES and _HTML_START.match(text[:4096]) is not None


def looks_like_html(raw: bytes) -> bool:
    """Return True if file bytes start like an HTML page (for choosing how to decode them)."""
    return _HTML_START.match(raw[:4096].decode("latin-1")) is not None


def is_markdown(text: str, suffix: str, has_front_matter: bool) -> bool:
    """Return True if the document should be parsed as Markdown."""
    if suffix.lower() in MARKDOWN_SUFFIXES or has_front_matter:
        return True
    return _MARKDOWN_SIGNS.search(text) is not None
