"""Table labels that state the figure of the accelerator a machine holds: "| Accelerator TDP |".

A datasheet comparing servers side by side gives a row "GPU TDP" or "Accelerator TDP": a
thermal design power is only ever a device's, and the label names the device, so the figure
under each server's column is the rating of the chip that server holds, not the server's
draw. A total ("Total GPU TDP") is the machine's sum, and a bare "TDP" row names no device.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from factlint.claims.fastre import FoldedPattern, compile_folded
from factlint.claims.language import Language, alternation


@dataclass(frozen=True)
class DeviceLabels:
    """The words that make a table label one chip's figure: a chip noun and a device-only figure."""

    chip_noun: FoldedPattern  # "GPU", "accelerator", "chip"
    device_figure: FoldedPattern  # "TDP", "thermal design power"
    total: FoldedPattern  # "total", "aggregate"

    @classmethod
    def build(cls, language: Language, chip_nouns: tuple[str, ...]) -> DeviceLabels:
        """Return the label words of a language and a pack's chip nouns."""
        return cls(
            chip_noun=compile_folded(alternation(chip_nouns), re.I),
            device_figure=compile_folded(alternation(language.device_headers), re.I),
            total=compile_folded(alternation(language.total_markers), re.I),
        )

    def names_device_figure(self, labels: list[str]) -> bool:
        """Return True when one of ``labels`` names a chip and a figure only a device has, no total."""
        return any(
            self.chip_noun.search(label) is not None
            and self.device_figure.search(label) is not None
            and self.total.search(label) is None
            for label in labels
        )

    def names_chip(self, labels: list[str]) -> bool:
        """Return True when one of ``labels`` names a chip and no total ("RDU cores", "Cores per GPU")."""
        return any(
            self.chip_noun.search(label) is not None and self.total.search(label) is None for label in labels
        )
