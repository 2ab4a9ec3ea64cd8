"""A block's carried-over topic weighs each sentence once, so a long paragraph costs linear time."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from factlint.claims import extract_claims
from factlint.claims.carriedtopic import CarriedTopic
from factlint.claims.extract import Extractor
from factlint.pack import load_pack
from factlint.sources import load_document

# A toy language: a sentence is a list of names; "Vela" is a family with members "Vela 2"
# and "Vela 3"; the first name of a sentence is its topic, unless it is "it" (none).
_FAMILY = {"Vela 2": "Vela", "Vela 3": "Vela", "Vela": "Vela", "Orion": "Orion"}


def _topic_of(sentence: str) -> str | None:
    first = sentence.split(",")[0]
    return None if first in ("", "it") else first


def _members_of(sentence: str) -> Mapping[str, frozenset[str]]:
    named: dict[str, set[str]] = {}
    for name in sentence.split(","):
        family = _FAMILY.get(name)
        if family is not None and family != name:
            named.setdefault(family, set()).add(name)
    return {family: frozenset(members) for family, members in named.items()}


def _is_family(topic: str) -> bool:
    return _FAMILY.get(topic) == topic


def _walked_back(sentences: list[str]) -> str | None:
    """The former reading: walk back to the topic, then walk back again for a member."""
    for index in range(len(sentences) - 1, -1, -1):
        topic = _topic_of(sentences[index])
        if topic is None:
            continue
        if not _is_family(topic):
            return topic
        for earlier in reversed(sentences[:index]):
            members = _members_of(earlier).get(topic)
            if members:
                return next(iter(members)) if len(members) == 1 else topic
        return topic
    return None


class _Counted:
    """Calls a function and counts the calls."""

    def __init__(self, function: Callable[..., Any]) -> None:
        self.function, self.calls = function, 0

    def __call__(self, *arguments: Any) -> Any:
        self.calls += 1
        return self.function(*arguments)


_SENTENCES = st.lists(
    st.lists(st.sampled_from(["it", "Vela", "Vela 2", "Vela 3", "Orion", "x"]), max_size=3).map(",".join),
    max_size=12,
)


@given(_SENTENCES)
def test_the_topic_after_each_sentence_is_what_walking_back_finds(sentences: list[str]) -> None:
    carried = CarriedTopic(_topic_of, _members_of, _is_family)
    for count, sentence in enumerate(sentences, 1):
        carried.add(sentence)
        assert carried.topic() == _walked_back(sentences[:count])


def test_a_family_member_named_before_the_family_is_its_topic() -> None:
    carried = CarriedTopic(_topic_of, _members_of, _is_family)
    for sentence in ["Vela 3,Orion", "x", "Vela", "it"]:
        carried.add(sentence)
    assert (carried.topic(), carried.topic_index()) == ("Vela 3", 2)
    carried.clear()
    assert carried.topic() is None
    for sentence in ["Vela 2,Vela 3", "Vela"]:
        carried.add(sentence)
    assert carried.topic() == "Vela"  # two members named together leave the family


@pytest.mark.parametrize("first", ["Vela", "Orion"])
def test_each_sentence_is_weighed_once_however_long_the_block(first: str) -> None:
    topic_of, members_of = _Counted(_topic_of), _Counted(_members_of)
    carried = CarriedTopic(topic_of, members_of, _is_family)
    sentences = (
        [first] + ["it"] * 999 + ["Vela"] * 1000
    )  # no member ever named: the old walk went back to the start
    for sentence in sentences:
        carried.add(sentence)
        carried.topic()
    assert topic_of.calls == len(sentences)
    assert members_of.calls < len(sentences)


def test_a_long_paragraph_weighs_each_sentence_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    weighed = _Counted(Extractor._topic_set_by)
    monkeypatch.setattr(Extractor, "_topic_set_by", lambda self, text: weighed(self, text))
    sentences = ["The Trainium line draws 400 W in this note."]
    sentences += [f"It reaches {100 + index} TFLOPS in run {index}." for index in range(300)]
    path = tmp_path / "long.md"
    path.write_text("# Notes\n\n" + " ".join(sentences) + "\n", encoding="utf-8")
    claims = extract_claims(load_document(path, "long.md"), load_pack())
    assert claims
    assert 0 < weighed.calls <= len(sentences)
