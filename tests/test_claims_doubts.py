"""A doubt written apart from a figure: plain and "about" figures become likely, a bound stays."""

from factlint.claims.doubts import doubt_words, made_likely
from factlint.models import Claim


def _claim(qualifier: str | None) -> Claim:
    return Claim(
        id="c1",
        source="notes.md",
        line=3,
        column=1,
        entity="MI210",
        scope="card",
        attribute="price",
        value=9000.0,
        unit="USD",
        text="$9,000",
        quote="list price $9,000, never confirmed",
        qualifier=qualifier,
    )


def test_a_doubt_outweighs_a_plain_figure_and_about_but_keeps_a_bound() -> None:
    assert made_likely(_claim(None)).qualifier == "likely"
    assert made_likely(_claim("about")).qualifier == "likely"
    assert made_likely(_claim("up to")).qualifier == "up to"


def test_doubt_words_find_any_hedge_in_any_case() -> None:
    words = doubt_words(("never confirmed", "unverified"))
    assert words.search("Price UNVERIFIED by the vendor") is not None
    assert words.search("confirmed by the vendor") is None
