"""A chip count written as a total over counted machines is the count of the group they form.

"The partition skarv-x consists of 12 nodes of the type R9, each with 8 GPUs, in total 96 GPUs":
the 96 sums the chips of the twelve R9 servers, so it is the count of the partition (a cluster)
named before, not of the R9. "The partition has in total 40 L4" does the same with no server
named. Only a group the text names before the figure and that holds the same chip takes the
count; with none, the count stays where it was. A count right after counted machines ("skarv-x
with 48 nodes of 4 GPUs") is each machine's, never the group's. The chip the figure names may
refine the machine's ("servers DGX A100 ..., in total 160 A100 80GB": the pack's DGX A100 holds
the generic A100): a group holding that member of the same family takes the count too.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from factlint.claims.fastre import compile_folded
from factlint.claims.language import Language, alternation
from factlint.pack import KnowledgePack

_MEMBER_SCOPES = ("instance", "server", "pod")


class GroupCounts:
    """Knows the words that mark a count as a total ("in total", "a total of", Norwegian "totalt")
    and the counted machines a count is per ("48 nodes of 4 GPUs")."""

    def __init__(self, pack: KnowledgePack, language: Language) -> None:
        self._scope_of_noun = {
            noun.lower(): scope for scope, nouns in pack.scopes if scope in _MEMBER_SCOPES for noun in nouns
        }
        # "48 nodes of 4 GPUs": the figure counts each machine's chips. Not "with": "10,624 nodes
        # with 63,744 GPUs" gives the total as often as each node's share.
        self._members_before = compile_folded(
            r"(?<![\w.,\-])\d[\d,.]*[ \t]+(" + alternation(sorted(self._scope_of_noun)) + r")[ \t]+of[ \t]+$",
            re.I,
        )
        words = sorted({*language.sum_words, *language.total_markers}, key=len, reverse=True)
        # "in total 96", "a total of 96", "totalt 96 stk.": the word right before the figure
        self._sum_before = compile_folded(
            r"(?<![\w\-])(?:a\s+)?(?:" + alternation(words, words=False) + r")(?:\s+of)?[ \t]*$", re.I
        )

    def sums(self, text: str, start: int) -> bool:
        """Return True when a total word stands right before the figure starting at ``start``."""
        return self._sum_before.search(text, max(0, start - 24), start) is not None

    def member_scope(self, text: str, start: int) -> str | None:
        """Return the scope of counted machines right before the figure at ``start`` ("48 nodes of
        4 GPUs": server), or None."""
        match = self._members_before.search(text, max(0, start - 40), start)
        return self._scope_of_noun.get(match.group(1).lower()) if match is not None else None

    @staticmethod
    def group(
        entity: str,
        named: Iterable[str],
        kind: Callable[[str], str | None],
        chip_of: Callable[[str], str | None],
        outer: Callable[[str | None, str | None], bool],
        counted: str | None = None,
        family: Callable[[str], str | None] | None = None,
    ) -> str | None:
        """Return the first of ``named`` that groups machines like ``entity``: of a larger kind
        and holding the same chip (``entity`` itself when it is a chip), or None.

        ``counted`` is the chip the figure names ("iš viso 48 vnt. MI355X"): it stands for the
        chip of a machine whose contents the pack does not know, and, when ``family`` puts it in
        the family of the machine's chip, it is the member the machine holds ("A100 80GB" of the
        generic "A100").
        """
        own = kind(entity)
        chip = entity if own == "chip" else chip_of(entity) or counted
        if chip is None:
            return None
        chips = {chip}
        if counted is not None and family is not None:
            shared = family(counted)
            if shared is not None and shared == family(chip):
                chips.add(counted)
        for candidate in named:
            if candidate == entity or chip_of(candidate) not in chips:
                continue
            if outer(kind(candidate), own) and kind(candidate) in ("pod", "cluster"):
                return candidate
        return None
