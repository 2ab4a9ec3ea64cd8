"""Counts of one node's chips: "each node holds four MI300A", "64 nodes with 8 GPUs each",
"four MI250X per node".

Such a count is the node's, not that of the cluster, pod, card or chip the sentence is
about: a node is a server, so only a server or an instance may take it.
"""

from __future__ import annotations

import re

from factlint.claims.fastre import compile_folded
from factlint.claims.language import Language, alternation

_OWNERS = ("server", "instance")  # kinds a node's own count belongs to
_SYSTEMS = ("cluster", "pod")  # kinds made of nodes, which a named node's count is not


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
        # "each El Capitan node has": a node of the system named by the capitalised words
        nouns = alternation(language.node_share_named)
        self._named_before_re = re.compile(
            rf"\b(?i:each|every)\s+(?:[A-Z][\w\-.]*\s+){{1,3}}(?i:{nouns})\s+(?i:{verbs}|with)\s+(?i:the\s+|its\s+)?$"
        )
        self._with_before_re = compile_folded(rf"\b{plurals}\s+with\s+$", re.I)
        # "four MI250X per node": the count's own closing words give it to each node
        closers = alternation(language.node_share_closers)
        self._closer_after_re = compile_folded(rf"[ \t]*,?[ \t]*{closers}", re.I)
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
        if owner_kind in _SYSTEMS and self._named_before_re.search(window):
            return True  # "each El Capitan node has four MI300A"; an HGX board's server keeps its count
        if self._closer_after_re.match(text, counted_end):
            return True
        return bool(self._with_before_re.search(window) and self._each_after_re.match(text, counted_end))
