"""A definite machine noun that opens a sentence names the machine its section is about.

Under "Lot 212 - Supermicro AS-4124GQ-TNMI with 4 x MI250X", after a sentence on the chip,
"The server is rated at up to 3,000 W" is the server's figure, not the chip's the sentence
before was about. "The node", "the system", "the appliance", "the instance", "the VM" do
the same when the section's machine is of the kind the noun names.
"""

from __future__ import annotations

import re

from factlint.claims.fastre import compile_folded
from factlint.claims.language import Language, alternation
from factlint.pack import KnowledgePack

_SENTENCE_END = re.compile(r"[.!?;]\s")
_MACHINE_SCOPES = ("instance", "server", "pod")


class DefiniteMachines:
    """Knows the nouns of one machine ("server", "node", "VM") and how a sentence opens on one."""

    def __init__(self, pack: KnowledgePack, language: Language) -> None:
        self._scope_of_noun = {
            noun.lower(): scope for scope, nouns in pack.scopes if scope in _MACHINE_SCOPES for noun in nouns
        }
        for noun in language.appliance_nouns:  # "the appliance", "the chassis": a server by another name
            self._scope_of_noun.setdefault(noun.lower(), "server")
        nouns = alternation(sorted(self._scope_of_noun))
        # "The server is rated at ...", "This node draws ...": not "the server's GPUs", "the node count"
        self._opening = compile_folded(
            rf"[\s*_>•\-]*(?:the|this|that)\s+({nouns})(?![\w\-'’])(?!\s+(?:count|counts|size|sizes)\b)",
            re.I,
        )

    def subject_scope(self, text: str, start: int) -> str | None:
        """Return the scope of the definite machine noun opening the sentence before ``start``, or None."""
        sentence_start = 0
        for end in _SENTENCE_END.finditer(text, 0, start):
            sentence_start = end.end()
        opening = self._opening.match(text, sentence_start)
        if opening is None or opening.end() > start:
            return None
        return self._scope_of_noun.get(opening.group(1).lower())
