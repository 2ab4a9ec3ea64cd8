"""Systems a document defines by name: the AI cluster „Lorelei", the partition **Tramontana**.

Announcements, award notices, filings and user bulletins name a new machine once, in quotes
or bold right after a system noun ("a production system, "Tamarack"", "its AI cluster
„Lorelei""), or unquoted, set off by commas ("our largest cluster, Osprey, entered service")
or after a naming word ("a supercomputer called Halvard"), or before a system noun after a
determiner ("the Brackenridge training cluster"; never software that runs one: "the Slurm
cluster"), and then speak of it by that name alone. A name so defined, and used again elsewhere
in the document, is a cluster of the document's own even when no pack knows it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from factlint.claims.fastre import compile_folded
from factlint.claims.language import Language, alternation

_OPEN = "\"'“”„«‚‘*_"  # quotes and Markdown emphasis that may open a defined name
_CLOSE = "\"'“”»’‘*_"
# One to three capitalised words of letters (accents too) and hyphens: "Lorelei", "El Capitan".
_NAME = r"[^\W\d_][^\W\d_\-]*(?:-[^\W\d_]+)*(?:[ \u00a0][A-Z][^\W\d_\-]*){0,2}"
# Unquoted, a name must look like a proper noun: one or two capitalised words of lower-case
# letters ("Osprey", "Blue Heron"), so that "the card, CUDA, ..." or "system, HBM4," name nothing.
_PROPER = r"[A-Z][^\W\d_A-Z]+(?:[ \u00a0][A-Z][^\W\d_A-Z]+)?"


class NamedSystems:
    """Knows the nouns after which a quoted name defines a system."""

    def __init__(self, language: Language) -> None:
        nouns = alternation(language.named_system_nouns)
        naming = alternation(language.system_naming_words)
        open_ = re.escape(_OPEN)
        close = re.escape(_CLOSE)
        self._defined = compile_folded(
            rf"{nouns}[ \u00a0]*[,:]?[ \u00a0]*[{open_}]{{1,2}}"
            rf"(?-i:(?P<name>(?=[A-Z]){_NAME}))[{close}]{{1,2}}"
            # an appositive between commas, or after a naming word
            rf"|{nouns}(?:,[ \u00a0]+(?-i:(?P<apposed>{_PROPER})),|[ \u00a0]+{naming}[ \u00a0]+"
            rf"(?-i:(?P<called>{_PROPER}))(?![\w\-]))",
            re.I,
        )
        # Before a system noun, after a determiner, perhaps quoted and with one modifier between
        # ("the Brackenridge training cluster", "our Osprey AI supercomputer", "the "Larkspur"
        # research cluster").
        premodified = alternation(language.premodified_system_nouns)
        determiners = alternation(language.system_determiners)
        self._premodified = compile_folded(
            rf"(?<![\w\-]){determiners}[ \u00a0]+[\"“„«]?(?-i:(?P<name>{_PROPER}))[\"”»]?"
            rf"(?:[ \u00a0]+(?-i:[a-z][a-z\-]+|[A-Z]{{2,4}}))?[ \u00a0]+{premodified}(?![\w\-])",
            re.I,
        )
        # Opening a line or a bullet without a determiner, as headlines and highlights write it
        # ("- Tamsin cluster reaches 18,432 GPUs"): only a name the text never writes in lower case,
        # so that a capitalised common word ("Training cluster ...") names nothing.
        self._headline = compile_folded(
            rf"^[ \t]*(?:[-*•+][ \t]+)?(?-i:(?P<name>{_PROPER}))[ \t]+{premodified}(?![\w\-])",
            re.I | re.M,
        )
        self._software = frozenset(word.lower() for word in language.cluster_software)

    def names(self, text: str) -> list[DefinedName]:
        """Return the names the text defines after a system noun and uses again elsewhere, in order,
        each with where its definition ends (the machine's chips are named after it)."""
        found: dict[str, DefinedName] = {}
        defined = [
            (
                match.group("name") or match.group("apposed") or match.group("called"),
                match.start(),
                match.end(),
            )
            for match in self._defined.finditer(text)
        ]
        defined.extend(
            (match.group("name"), match.start(), match.end())
            for match in self._premodified.finditer(text)
            if not self._software & {word.lower() for word in match.group("name").split()}
        )
        defined.extend(
            (match.group("name"), match.start(), match.end())
            for match in self._headline.finditer(text)
            if not self._software & {word.lower() for word in match.group("name").split()}
            and not _written_lower(match.group("name"), text)
        )
        for name, _, end in sorted(defined, key=lambda found: found[1]):
            if name in found:
                continue
            uses = re.findall(rf"(?<![\w\-]){re.escape(name)}(?![\w\-])", text)
            if len(uses) >= 2:
                found[name] = DefinedName(name, end)
        return list(found.values())


@dataclass(frozen=True)
class DefinedName:
    """A system's name as the document defines it, and the offset where the definition ends."""

    name: str
    end: int


def _written_lower(name: str, text: str) -> bool:
    """Return True when the text writes a word of ``name`` in lower case: a common word."""
    return any(re.search(rf"(?<![\w\-]){re.escape(word.lower())}(?![\w\-])", text) for word in name.split())
