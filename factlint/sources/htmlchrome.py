"""Tell which elements of a page hold no content: not rendered, hidden, or page chrome."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from factlint.sources.htmltree import Element
from factlint.sources.packaged import packaged_file

# Content a browser does not show as text of the page (code blocks too, as in Markdown).
NOT_RENDERED = frozenset((
    "audio", "button", "canvas", "datalist", "head", "iframe", "map", "math", "noscript", "object",
    "pre", "script", "select", "style", "svg", "template", "textarea", "title", "video"
))  # fmt: skip
# Struck-through text: a value the page withdraws ("<s>$98.32</s> $78.66"), no longer stated.
STRUCK = frozenset(("s", "strike", "del"))
# Chrome that holds one of these is a wrapper of the page itself ("has-sidebar" on the body).
_PAGE_CONTENT = frozenset(("main", "article", "h1"))
_HIDDEN_STYLE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.IGNORECASE)
_NAME_WORDS = re.compile(r"[-_\s]+")


@dataclass(frozen=True)
class PageChrome:
    """What marks an element as page chrome (see ``html_chrome.yaml``)."""

    tags: frozenset[str]
    roles: frozenset[str]
    words: frozenset[str]
    names: frozenset[str]


@cache
def page_chrome() -> PageChrome:
    """Return the chrome rules shipped in ``html_chrome.yaml``."""
    known = packaged_file("factlint.sources", "html_chrome.yaml")
    return PageChrome(
        tags=frozenset(known.words("tags")),
        roles=frozenset(known.words("roles")),
        words=known.folded_words("words"),
        names=known.folded_words("names"),
    )


def is_skipped(element: Element) -> bool:
    """Return True for an element whose text is not content: not rendered, hidden, or page chrome."""
    tag = element.tag
    if tag in NOT_RENDERED or tag in STRUCK:
        return True
    attrs = element.attrs
    chrome = page_chrome()
    if tag in ("html", "body", "main", "article") or (not attrs and tag not in chrome.tags):
        return False
    hidden = (
        "hidden" in attrs
        or attrs.get("aria-hidden", "").strip().lower() == "true"
        or _HIDDEN_STYLE.search(attrs.get("style", "")) is not None
    )
    if not (hidden or tag in chrome.tags or attrs.get("role", "").strip().lower() in chrome.roles):
        names = [attrs.get("id", ""), *attrs.get("class", "").split()]
        lowered = [name.lower() for name in names if name]
        if not any(
            name in chrome.names or any(word in chrome.words for word in _NAME_WORDS.split(name))
            for name in lowered
        ):
            return False
        if _holds_data_table(element):
            return False  # "related" around "Compare with similar CPUs" and its table: content
    # A "chrome" wrapper around the page itself ("has-sidebar") is no chrome.
    return not any(inner.tag in _PAGE_CONTENT for inner in element.descendants())


def _holds_data_table(element: Element) -> bool:
    """Return True when a table with header cells stands below the element: a data table with
    named columns states figures, which link lists, share buttons and banners never do."""
    return any(inner.tag == "th" for inner in element.descendants())
