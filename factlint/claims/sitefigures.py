"""Power figures of a site rather than of a product: readings and plans an operator writes down,
readings at rest ("41 W idle") and a host's share ("the Arm host adds about 4 W")."""

from __future__ import annotations

import re

from factlint.claims.fastre import FoldedPattern, compile_folded
from factlint.claims.language import Language, alternation, phrase_pattern
from factlint.claims.spans import closing_at, opening_after

# Where the clause of a figure opens and ends: a survey packs several statements into one line
# with semicolons, colons and brackets ("(measured 10.1 kW at the PDU; nameplate 10.2 kW max)").
_CLAUSE_MARKS = ("; ", ": ", ". ", "! ", "? ", "[", "]", "\n\n", " -- ", " — ")
_APPROXIMATE = re.compile(r"\s*(?:(?:about|around|roughly|approximately|~)\s*)?", re.I)
_REACH_AFTER = 60  # how far past a figure a trailing cue ("9.7 kW at the PDU") may stand


class SiteFigures:
    """Tells a site's reading or plan of power ("present draw 31.4 kW", "we plan 190 kW") from a rating."""

    def __init__(self, language: Language) -> None:
        def pattern(phrases: tuple[str, ...]) -> FoldedPattern | None:
            return phrase_pattern(phrases) if phrases else None

        self._cue_re = pattern(language.operator_cues)
        after = alternation(language.operator_cues_after) if language.operator_cues_after else None
        self._after_re = compile_folded(r"[\s)]*" + after, re.I) if after else None
        self._point_re = pattern(language.site_points)
        vendor = language.vendor_cues + language.reporting_verbs
        # "the hall gives us 140 kW": a verb that reports a vendor's figure hands the writer a supply
        self._vendor_re = compile_folded(alternation(vendor) + r"(?!\s+us\b)", re.I) if vendor else None
        idle = alternation(language.idle_words) if language.idle_words else None
        # "41 W idle"; "idle draw: 90 W", "idles at about 35 W" (not "350 W (idle: 30 W)": the load's)
        self._idle_after_re = compile_folded(rf"[ \t]*{idle}", re.I) if idle else None
        # "about 35 W / idle." wrapped over two lines; not a new field ("700 W / Idle: 50 W")
        self._idle_wrapped_re = (
            compile_folded(rf"[ \t]*\r?\n[ \t]*(?={idle}(?![^\n]*[:=|]))", re.I) if idle else None
        )
        # "1460 W above is idle (no jobs yet)", "2,150 W on the meter is idle": a reading at rest
        self._idle_said_re = (
            compile_folded(
                rf"(?:[ \t]+[\w\-]+){{0,3}}?[ \t]+(?:{alternation(language.copulas)})[ \t]+"
                rf"(?:(?:just|only|all|still)[ \t]+)?{idle}(?![\w\-])",
                re.I,
            )
            if idle and language.copulas
            else None
        )
        # "idle: about 35 W", "in rest: ca 40 W": a hedge may stand between the label and the reading
        hedge = rf"(?:{alternation(language.idle_hedges)})?" if language.idle_hedges else ""
        self._idle_before_re = (
            compile_folded(rf"{idle}[ \t]*(?:[:=]|at|of|is|was)?[ \t]*{hedge}[ \t]*$", re.I) if idle else None
        )
        # "At rest the node draws about 90 W", "In rest the knot consumes ca 180 W": an idle phrase
        # opening the clause, its subject (up to three words) and a reading verb right before the figure
        self._idle_opener_re = (
            compile_folded(
                rf"(?<![\w\-]){alternation(language.idle_openers)}[ \t,]+(?:[\w\-]+[ \t]+){{0,3}}?"
                rf"{alternation(language.idle_reading_verbs)}[ \t]+{hedge}[ \t]*$",
                re.I,
            )
            if language.idle_openers and language.idle_reading_verbs
            else None
        )
        # "the Arm host adds about 4 W": a host noun opening the clause makes the figure the host's
        self._host_re = (
            compile_folded(r"(?<![\w\-])" + alternation(language.host_nouns) + r"(?![\w\-])", re.I)
            if language.host_nouns
            else None
        )
        # "<product> [two words] is limited to": the product's own limit, after its name
        self._product_limit_re = (
            compile_folded(
                r"(?:\s+[\w\-]+){0,2}\s+(?:is|are|was|were)\s+" + alternation(language.product_limits), re.I
            )
            if language.product_limits
            else None
        )

    def is_sites(self, text: str, start: int, end: int, named_ends: tuple[int, ...] = ()) -> bool:
        """Return True when the power figure at ``text[start:end]`` is the site's, not a product's.

        It is when its clause names an operator's reading or plan ("customer asks us to provision
        150 kW", "150 kW provisioned" but not "500 W of provisioned power", "9.7 kW at the PDU")
        and no vendor's word or reporting verb stands in the clause before the figure ("vendor
        has quoted ~600 kW" stays the product's), nor does a product's own limit: ``named_ends``
        are where the segment's product names end, and "the MI350X sibling is limited to 1,000 W"
        is the MI350X's.
        """
        if self._idle_after_re is not None and self._idle_after_re.match(text, end):
            return True  # a reading at rest
        if self._idle_said_re is not None and self._idle_said_re.match(text, end):
            return True
        wrapped = self._idle_wrapped_re.match(text, end) if self._idle_wrapped_re is not None else None
        if wrapped is not None and text[wrapped.end()].islower():
            return True  # the sentence goes on, in lower case, on the next line
        if self._idle_before_re is not None and self._idle_before_re.search(text, max(0, start - 30), start):
            return True
        if self._idle_opener_re is not None and self._idle_opener_re.search(text, max(0, start - 80), start):
            return True
        opening = opening_after(text, start, _CLAUSE_MARKS)
        closing = closing_at(text, end, _CLAUSE_MARKS)
        if self._is_hosts(text, opening, start, named_ends):
            return True
        if self._vendor_re is not None and self._vendor_re.search(text, opening, start):
            return False
        before = self._cue_re is not None and self._cue_re.search(text, opening, start) is not None
        if before and self._product_limit_re is not None:
            limits = (
                self._product_limit_re.match(text, named) for named in named_ends if opening <= named < start
            )
            if any(
                limit is not None and _APPROXIMATE.fullmatch(text, limit.end(), start) for limit in limits
            ):
                return False
        after = self._after_re is not None and self._after_re.match(text, end) is not None
        point = self._point_re is not None and self._point_re.search(
            text, end, min(closing, end + _REACH_AFTER)
        )
        return bool(before or after or point)

    def _is_hosts(self, text: str, opening: int, start: int, named_ends: tuple[int, ...]) -> bool:
        """Return True when a host noun stands in the figure's clause before it, with no product name
        ending in that clause ("the Arm host adds about 4 W"; not "the DGX H200 host draws 10 kW")."""
        if self._host_re is None or self._host_re.search(text, opening, start) is None:
            return False
        return not any(opening <= named <= start for named in named_ends)
