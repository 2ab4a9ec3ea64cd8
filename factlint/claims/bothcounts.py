"""Give each of several named machines the chip count a "(both 8 x B200)" aside states.

"$113.93 per hour for an AWS p6-b200.48xlarge and $88.49 per hour for a Google Cloud
a4-highgpu-8g (both 8 × B200)": the aside after the last machine counts the chips of every machine
the sentence named before it, not of the last one only, and not of nothing. "Both" takes the last
two machines named, "all three" the last three, "each" or a bare "all" every machine; the words are
english.yaml's ``listed_distributives``, ``listed_totals`` and ``list_counts``.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable

from factlint.claims.language import Language, alternation
from factlint.models import Claim, Document

_SENTENCE_END = re.compile(r"[.!?;](?=\s)")
_MACHINE_KINDS = ("instance", "server")


def give_machines_their_shared_count(
    claims: list[Claim],
    document: Document,
    names_in: Callable[[str], list[str]],
    kind_of: Callable[[str], str | None],
    language: Language,
) -> list[Claim]:
    """Return ``claims`` with a chip_count claim for each machine a "(both N x chip)" aside covers.

    ``names_in`` gives the entities a text names, left to right; ``kind_of`` an entity's kind. The
    aside needs as many machines (instances or servers) before it in its sentence as its word takes
    (two or more for "each") and a chip after its count; a machine among them that already has a
    count in the sentence keeps it.
    """
    aside, takes = _aside_pattern(language)
    added: list[Claim] = []
    for block in document.blocks:
        for found in aside.finditer(block.text):
            chips = [name for name in names_in(found.group("chip")) if kind_of(name) == "chip"]
            if not chips:
                continue
            ends = [m.end() for m in _SENTENCE_END.finditer(block.text, 0, found.start())]
            sentence_start = ends[-1] if ends else 0
            line, column = block.position(found.start("count"))
            first_line = block.position(sentence_start)[0]
            counted = {
                c.entity for c in claims if c.attribute == "chip_count" and first_line <= c.line <= line
            }
            named = [
                name
                for name in names_in(block.text[sentence_start : found.start()])
                if kind_of(name) in _MACHINE_KINDS
            ]
            # the last mention of each machine decides its place: "both" takes the last two named
            machines = list(reversed(dict.fromkeys(reversed(named))))
            number = found.group("number")
            wanted = (
                takes.get(f"{found.group('word')} {number}".lower(), 0)
                if number
                else takes.get(found.group("word").lower(), 0)
            )
            if wanted:
                if len(machines) < wanted:
                    continue
                machines = machines[-wanted:]
            elif len(machines) < 2:
                continue
            quote = block.text[sentence_start : found.end()].strip()
            for machine in machines:
                if machine in counted:
                    continue
                added.append(
                    Claim(
                        id=_claim_id(document.path, line, column, machine),
                        source=document.path,
                        line=line,
                        column=column,
                        entity=machine,
                        scope=kind_of(machine),
                        attribute="chip_count",
                        value=float(found.group("count")),
                        unit="count",
                        text=block.text[found.start("count") : found.end("chip")],
                        quote=quote,
                        confidence=0.7,
                        rule="prose.shared-count-aside; count-noun",
                    )
                )
    return claims + added if added else claims


_PATTERNS: dict[int, tuple[Language, re.Pattern[str], dict[str, int]]] = {}


def _aside_pattern(language: Language) -> tuple[re.Pattern[str], dict[str, int]]:
    """Return the "(both 8 x chip)" pattern and how many machines each opening takes (0: all)."""
    known = _PATTERNS.get(id(language))
    if known is not None and known[0] is language:
        return known[1], known[2]
    takes = {word.lower(): count for word, count in language.listed_distributives}
    for total in language.listed_totals:
        takes[total.lower()] = 0
        for word, count in language.list_counts:
            takes[f"{total} {word}".lower()] = count
    words = alternation([word for word, _ in language.listed_distributives] + list(language.listed_totals))
    numbers = alternation([word for word, _ in language.list_counts])
    pattern = re.compile(
        rf"\(\s*(?P<word>{words})(?:\s+(?P<number>{numbers}))?[,:]?\s+(?P<count>\d{{1,3}})\s*[x×]\s*"
        r"(?P<chip>[^()\n]{1,40}?)\s*\)",
        re.I,
    )
    _PATTERNS[id(language)] = (language, pattern, takes)
    return pattern, takes


def _claim_id(source: str, line: int, column: int, entity: str) -> str:
    digest = hashlib.sha1(f"{source}\0{line}\0{column}\0chip_count\0{entity}".encode()).hexdigest()
    return f"c-{digest[:12]}"


__all__ = ["give_machines_their_shared_count"]
