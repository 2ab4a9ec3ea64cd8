"""Substring guards in front of whole-document regex searches give the answers of the searches alone."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from factlint.claims.language import holds
from factlint.claims.shortnames import _capitals_taken

_BARES = st.sampled_from(["ATOM", "NOVA", "X9", "QZ"])
_PIECES = st.sampled_from(
    ["ATOM", "Atom", "atom", "NOVA", "Nova", "X9", "x9", "QZ", "-", ".", " ", "HB", "8", "Max"]
)


def _former(text: str, bare: str) -> bool:
    glued = re.compile(rf"\w[-.]{bare}(?![a-z])|(?<![A-Za-z]){bare}[-.]\w")
    return holds(text, bare.capitalize()) or glued.search(text) is not None


@settings(max_examples=400, deadline=None)
@given(st.lists(_PIECES, max_size=12).map("".join), _BARES)
def test_capitals_taken_as_before(text: str, bare: str) -> None:
    assert _capitals_taken(text, bare) == _former(text, bare)


def test_capitals_taken_examples() -> None:
    assert _capitals_taken("an Intel Atom board", "ATOM")
    assert _capitals_taken("the HB-ATOM.8 instance", "ATOM")
    assert not _capitals_taken("Rebellions ATOM draws 60 W", "ATOM")
    assert not _capitals_taken("nothing named here", "ATOM")
