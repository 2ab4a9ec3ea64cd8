"""Fold a machine's model code written without its configuration suffix into the full code.

System builders name a machine by a model and a configuration code ("SYS-820GH-TNR2",
"AS-4125GS-TNRT"), and a quote or a thread soon shortens it to the model ("each SYS-820GH
node"). When discovery finds both, the short form is the same machine, not a second one.
A size after the hyphen ("HX-GB300-72", "v6e-8") makes another product and is never folded.
"""

from __future__ import annotations

import dataclasses
import re

from factlint.claims.discovery import MACHINE_SCOPES, Discovery

# What follows the short form in the full code: an upper-case configuration code that starts
# with a letter ("TNR2", "TNHR"), never a size ("-72", "-8") or a word ("-Plus").
_SUFFIX = re.compile(r"-[A-Z][A-Z0-9]{1,7}")


def fold_short_codes(found: tuple[Discovery, ...]) -> tuple[Discovery, ...]:
    """Return ``found`` with each machine's model code that is exactly one longer code's start,
    up to a configuration suffix, made an alias of that longer code (same kind)."""
    longer_of: dict[int, int] = {}
    for index, short in enumerate(found):
        name = short.entity.name
        if short.entity.kind not in MACHINE_SCOPES or not any(char.isdigit() for char in name):
            continue
        longer = [
            other
            for other, full in enumerate(found)
            if other != index
            and full.entity.kind == short.entity.kind
            and full.entity.name.startswith(name)
            and _SUFFIX.fullmatch(full.entity.name, len(name))
        ]
        if len(longer) == 1:
            longer_of[index] = longer[0]
    if not longer_of:
        return found
    folded = list(found)
    for index, target in longer_of.items():
        short, full = found[index], folded[target]
        entity = dataclasses.replace(
            full.entity,
            aliases=(*full.entity.aliases, *short.entity.names),
            contains=full.entity.contains or short.entity.contains,
        )
        evidence = tuple(dict.fromkeys((*full.evidence, *short.evidence)))
        folded[target] = Discovery(entity, evidence)
    return tuple(found for index, found in enumerate(folded) if index not in longer_of)
