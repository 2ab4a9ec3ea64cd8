"""Give each of several named machines the chip count a "(both 8 x B200)" aside states.

"$113.93 per hour for an AWS p6-b200.48xlarge and $88.49 per hour for a Google Cloud
a4-highgpu-8g (both 8 × B200)": the aside after the last machine counts the chips of every machine
the sentence named before it, not of the last one only, and not of nothing.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable

from factlint.models import Claim, Document

_ASIDE = re.compile(
    r"\(\s*(?:both|each|all|all (?:three|four|five))[,:]?\s+(?P<count>\d{1,3})\s*[x×]\s*"
    r"(?P<chip>[^()\n]{1,40}?)\s*\)",
    re.I,
)
_SENTENCE_END = re.compile(r"[.!?;](?=\s)")
_MACHINE_KINDS = ("instance", "server")


def give_machines_their_shared_count(
    claims: list[Claim],
    document: Document,
    names_in: Callable[[str], list[str]],
    kind_of: Callable[[str], str | None],
) -> list[Claim]:
    """Return ``claims`` with a chip_count claim for each machine a "(both N x chip)" aside covers.

    ``names_in`` gives the entities a text names, left to right; ``kind_of`` an entity's kind. The
    aside needs two or more machines (instances or servers) before it in its sentence and a chip
    after its count; a machine that already has a count at that line keeps it.
    """
    added: list[Claim] = []
    for block in document.blocks:
        for found in _ASIDE.finditer(block.text):
            chips = [name for name in names_in(found.group("chip")) if kind_of(name) == "chip"]
            if not chips:
                continue
            ends = [m.end() for m in _SENTENCE_END.finditer(block.text, 0, found.start())]
            sentence_start = ends[-1] if ends else 0
            machines = list(
                dict.fromkeys(
                    name
                    for name in names_in(block.text[sentence_start : found.start()])
                    if kind_of(name) in _MACHINE_KINDS
                )
            )
            if len(machines) < 2:
                continue
            line, column = block.position(found.start("count"))
            counted = {c.entity for c in claims if c.attribute == "chip_count" and c.line == line}
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


def _claim_id(source: str, line: int, column: int, entity: str) -> str:
    digest = hashlib.sha1(f"{source}\0{line}\0{column}\0chip_count\0{entity}".encode()).hexdigest()
    return f"c-{digest[:12]}"


__all__ = ["give_machines_their_shared_count"]
