"""Power figures of a site rather than of a product: readings and plans an operator writes down."""

from __future__ import annotations

import re

from factlint.claims.fastre import FoldedPattern, compile_folded
from factlint.claims.language import Language, alternation
from factlint.claims.spans import closing_at, opening_after

# Where the clause of a figure opens and ends: a survey packs several statements into one line
# with semicolons, colons and brackets ("(measured 10.1 kW at the PDU; nameplate 10.2 kW max)").
_CLAUSE_MARKS = ("; ", ": ", ". ", "! ", "? ", "[", "]", "\n\n", " -- ", " — ")
_REACH_AFTER = 60  # how far past a figure a trailing cue ("9.7 kW at the PDU") may stand


class SiteFigures:
    """Tells a site's reading or plan of power ("present draw 31.4 kW", "we plan 190 kW") from a rating."""

    def __init__(self, language: Language) -> None:
        def pattern(phrases: tuple[str, ...]) -> FoldedPattern | None:
            return compile_folded(alternation(phrases), re.I) if phrases else None

        self._cue_re = pattern(language.operator_cues)
        after = alternation(language.operator_cues_after) if language.operator_cues_after else None
        self._after_re = compile_folded(r"[\s)]*" + after, re.I) if after else None
        self._point_re = pattern(language.site_points)
        vendor = language.vendor_cues + language.reporting_verbs
        # "the hall gives us 140 kW": a verb that reports a vendor's figure hands the writer a supply
        self._vendor_re = compile_folded(alternation(vendor) + r"(?!\s+us\b)", re.I) if vendor else None

    def is_sites(self, text: str, start: int, end: int) -> bool:
        """Return True when the power figure at ``text[start:end]`` is the site's, not a product's.

        It is when its clause names an operator's reading or plan ("customer asks us to provision
        150 kW", "150 kW provisioned" but not "500 W of provisioned power", "9.7 kW at the PDU")
        and no vendor's word or reporting verb stands in the clause before the figure ("vendor
        has quoted ~600 kW" stays the product's).
        """
        opening = opening_after(text, start, _CLAUSE_MARKS)
        closing = closing_at(text, end, _CLAUSE_MARKS)
        if self._vendor_re is not None and self._vendor_re.search(text, opening, start):
            return False
        before = self._cue_re is not None and self._cue_re.search(text, opening, start) is not None
        after = self._after_re is not None and self._after_re.match(text, end) is not None
        point = self._point_re is not None and self._point_re.search(
            text, end, min(closing, end + _REACH_AFTER)
        )
        return bool(before or after or point)
