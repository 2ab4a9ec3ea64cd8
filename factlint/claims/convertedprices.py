"""Dollars restating a unit price just given in another currency.

"23,000 CNY each, so ~$3,200", "EUR 9,000 per card (about $9,800)": the dollar figure is the
same price converted, so it takes the price role the foreign amount has by its "each" or "per
card", though no price word stands near the dollars themselves.
"""

from __future__ import annotations

from factlint.claims.fastre import FoldedPattern, compile_folded
from factlint.claims.language import Language, alternation

_AMOUNT = r"\d[\d.,]*"


def converted_price_before_re(language: Language, unit_nouns: list[str]) -> FoldedPattern:
    """Return a pattern that matches, at the end of the text before a dollar figure, a unit price in
    another currency and the words that join it to its conversion."""
    other = alternation(list(language.other_currencies), words=False)
    foreign = rf"(?:(?<![\w]){other}[ \t]?{_AMOUNT}|{_AMOUNT}[ \t]?{other}(?![\w]))"
    per_unit = (
        rf"(?:(?:per|a|an|each|/)[ \t]*{alternation(unit_nouns)}"
        rf"|{alternation(list(language.apiece_words))})"
    )
    # no word guards: a comma or bracket right after "each" is a link too
    links = alternation(list(language.conversion_links), words=False)
    return compile_folded(rf"{foreign}[ \t]*{per_unit}[ \t]*(?:{links}[ \t]*){{1,3}}$")
