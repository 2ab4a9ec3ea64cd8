"""The remembered mention filter returns exactly what filtering the list anew returns."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from factlint.claims.filtermemo import FilterMemo
from factlint.claims.segments import BASELINE, COMPARED, SUBJECT, Mention

_MENTION = st.builds(
    Mention,
    start=st.integers(0, 40),
    end=st.integers(0, 40),
    entity=st.sampled_from(("Alpha 7", "Beta X2", "Gamma", "Delta Pro")),
    role=st.sampled_from((SUBJECT, COMPARED, BASELINE)),
)
_KEY = st.tuples(st.sampled_from((("chip",), ("chip", "card"), ("system",))), st.booleans())


def _keep(mention: Mention, key: tuple[tuple[str, ...], bool]) -> bool:
    wanted, compared = key
    owner = mention.role == SUBJECT or (compared and mention.role == COMPARED)
    return owner and (len(mention.entity) > 5) == ("chip" in wanted)


@given(st.lists(st.tuples(st.lists(_MENTION, max_size=8), _KEY, st.integers(0, 3)), max_size=20))
def test_kept_equals_a_fresh_filter(
    calls: list[tuple[list[Mention], tuple[tuple[str, ...], bool], int]],
) -> None:
    memo = FilterMemo()
    previous: list[Mention] = []
    for mentions, key, reuse in calls:
        if reuse == 0:
            mentions = previous  # the same list object again, as a segment's figures pass it
        elif reuse == 1:
            mentions = list(previous)  # an equal copy
        elif reuse == 2 and previous:
            mentions = previous[:-1]  # one mention fewer: must not be answered from memory
        previous = mentions
        assert memo.kept(mentions, key, lambda m, k=key: _keep(m, k)) == [
            m for m in mentions if _keep(m, key)
        ]


def test_a_changed_list_is_filtered_anew() -> None:
    memo = FilterMemo()
    first = Mention(0, 5, "Alpha 7", SUBJECT, ())
    second = Mention(10, 15, "Beta X2", SUBJECT, ())
    mentions = [first]
    key = (("chip",), False)
    assert memo.kept(mentions, key, lambda m: _keep(m, key)) == [first]
    mentions.append(second)  # the look-alike: same list object, new content
    assert memo.kept(mentions, key, lambda m: _keep(m, key)) == [first, second]
