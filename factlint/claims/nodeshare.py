"""Counts of one node's chips: "each node holds four MI300A", "64 nodes with 8 GPUs each".

Such a count is the node's, not that of the cluster, pod, card or chip the sentence is
about: a node is a server, so only a server or an instance may take it.
"""

from __future__ import annotations

import re

from factlint.claims.fastre import compile_folded
from factlint.claims.language import Language, alternation

_OWNERS = ("server", "instance")  # kinds a node's own count belongs to


class NodeShares:
    """Knows the language's words that give a count to each of several nodes."""

    def __init__(self, language: Language) -> None:
        openers = alternation(language.node_share_openers)
        verbs = alternation(language.node_share_verbs)
        plurals = alternation(language.node_share_plurals)
        self._before_re = compile_folded(
            rf"(?:\b{openers}\s*,?\s*(?:(?:{verbs}|with)\s+)?|\b{plurals}\s+{verbs}\s+)(?:the\s+|its\s+)?$",
            re.I,
        )
        self._with_before_re = compile_folded(rf"\b{plurals}\s+with\s+$", re.I)
        self._each_after_re = compile_folded(
            r"(?:\s+[\w.\-]+){0,4}?\s*each\b(?!\s+(?:with|of|having|at|rated|carrying))", re.I
        )

    def is_node_share(self, text: str, start: int, counted_end: int, owner_kind: str | None) -> bool:
        """Return True when the count at ``start`` is each node's and ``owner_kind`` is no node."""
        if owner_kind in _OWNERS:
            return False
        window = text[max(0, start - 48) : start]
        if self._before_re.search(window):
            return True
        return bool(self._with_before_re.search(window) and self._each_after_re.match(text, counted_end))
