"""Figures a reader may set, not specs: "it can be lowered to 800 W", "Capping X at 300 W ...",
"we cap them at 480 W", "capped at 241 W on this box", "120 W (set by admin)".

A datasheet's notes on a configuration say how far a limit may be moved ("the cap can be
raised to 1,000 W"), and a test report opens a sentence on the setting it ran at ("Capping
each GPU at 400 W cost 7% of throughput"). Neither figure is the product's rating.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from factlint.claims.fastre import FoldedPattern, compile_folded
from factlint.claims.language import Language, alternation

_APPROXIMATE = r"(?:about\s+|around\s+|roughly\s+|~\s*)?"


@dataclass(frozen=True)
class SettablePatterns:
    """A modal before a setting verb, and a setting gerund opening a sentence; None when unset."""

    modal: FoldedPattern | None  # "can be lowered to " right before the figure
    gerund: FoldedPattern | None  # "Capping an X at " from the sentence's opening to the figure
    opener: FoldedPattern | None = None  # "capped at " right before the figure
    local: FoldedPattern | None = None  # " on this box" right after it
    marked: FoldedPattern | None = None  # " (set by admin ...)" right after it

    def is_setting(self, text: str, opening: int, start: int, end: int | None = None) -> bool:
        """Return True when the figure at ``start`` (ending at ``end``) is a setting: after a modal
        setting verb, the object of a setting gerund that opens its sentence at ``opening``, or set
        on the writer's own machine ("capped at 241 W on this box")."""
        if self.modal is not None and self.modal.search(text, max(opening, start - 60), start):
            return True
        if self.gerund is not None and self.gerund.fullmatch(text, opening, start) is not None:
            return True
        if end is not None and self.marked is not None and self.marked.match(text, end) is not None:
            return True  # "120 W (set by admin on 2026-02-02)": an output marks the value someone set
        return (
            end is not None
            and self.opener is not None
            and self.local is not None
            and self.opener.search(text, max(opening, start - 40), start) is not None
            and self.local.match(text, end) is not None
        )


def settable_patterns(language: Language) -> SettablePatterns:
    """Return the patterns of settings a language writes."""
    verbs = alternation(language.setting_openers)
    settings = []
    if language.settable_modals:
        settings.append(rf"{alternation(language.settable_modals)}\s+{verbs}\s+{_APPROXIMATE}$")
    if language.action_modals and language.settable_actions:
        # "you can cap it to 400 W": a modal, an active setting verb, then "to" or "at"
        actions = alternation(language.settable_actions)
        settings.append(rf"{alternation(language.action_modals)}\s+{actions}\s+(?:to|at)\s+{_APPROXIMATE}$")
    if language.operator_settings:
        # "we cap them at 480 W": the writer's own configuration; a short object, then "at" or "to"
        # (a tool's "set power to: 250W" writes a colon after it)
        settings.append(
            rf"\b{alternation(language.operator_settings)}(?:\s+[\w\-]+){{0,3}}?\s+(?:to|at):?\s+{_APPROXIMATE}$"
        )
    modal = compile_folded("|".join(f"(?:{setting})" for setting in settings), re.I) if settings else None
    # the gerund's object: a few words naming the product, then the preposition of the setting
    openings: list[str] = []
    if language.setting_gerunds:
        openings.append(rf"{alternation(language.setting_gerunds)}\s+(?:[\w\-'’]+\s+){{0,4}}?")
    if language.setting_imperatives:
        # "Power-cap the T4s at 60 W": an imperative needs its object ("Cap at 700 W" may be a label)
        openings.append(rf"{alternation(language.setting_imperatives)}\s+(?:[\w\-'’]+\s+){{1,4}}?")
    gerund = (
        compile_folded(rf"[\W_]*(?:{'|'.join(openings)})(?:at|to)\s+{_APPROXIMATE}", re.I)
        if openings
        else None
    )
    opener = local = None
    if language.local_places and language.local_setting_verbs:
        lowered = alternation(language.local_setting_verbs)
        opener = compile_folded(rf"\b{lowered}\s+{_APPROXIMATE}$", re.I)
        local = compile_folded(rf"\s+{alternation(language.local_places)}\b", re.I)
    marked = None
    if language.setting_marks:
        marked = compile_folded(rf"[ \t]*[(\[,][ \t]*{alternation(language.setting_marks)}\b", re.I)
    return SettablePatterns(modal, gerund, opener, local, marked)
