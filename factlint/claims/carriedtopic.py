"""The topic a block's earlier sentences carry over to the next one, kept as the sentences are read.

"The Trainium2 chip has 96 GB. It draws 500 W.": the second sentence names nothing, so its
figure belongs to the topic of the nearest earlier sentence that sets one. A family name
("The Gaudi line ...") stands for the one member an earlier sentence named. Each sentence
is weighed once, so a long paragraph costs time in proportion to its length.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

_UNFINISHED = re.compile(r"[,;(–—]\s*$")  # a text whose last sentence runs on


def continues_sentence(before: str) -> bool:
    """Return True when a block after ``before`` carries on the sentence ``before`` left unfinished.

    A caption cue or a paragraph split from the one before ("d-Matrix Corsair has 2 GB of SRAM,"
    / "plus 256 GB of LPDDR5") speaks of the same topic. Only a comma, semicolon or dash says
    so: a lower-case opener is as often a chat's casual new message.
    """
    return bool(_UNFINISHED.search(before))


class CarriedTopic:
    """The sentences of one block read so far, reduced to the topic they carry.

    ``topic_of`` returns the topic a sentence sets (or None), ``members_of`` the members of
    each family a sentence names, ``is_family`` whether a topic names a whole family. All
    three must depend on the sentence's text alone.
    """

    def __init__(
        self,
        topic_of: Callable[[str], str | None],
        members_of: Callable[[str], Mapping[str, frozenset[str]]],
        is_family: Callable[[str], bool],
    ) -> None:
        self._topic_of = topic_of
        self._members_of = members_of
        self._is_family = is_family
        self.clear()

    def clear(self) -> None:
        """Forget every sentence read (a footnote speaks of the document's topic, not the one before)."""
        self._sentences: list[str] = []
        self._weighed = 0  # sentences weighed for the topic they set
        self._topic_index = -1  # the nearest of them that sets one
        self._topic: str | None = None
        self._resolved: str | None = None  # that topic with a family named resolved to its member
        self._members_read = 0  # sentences whose family members are in _members
        self._members: dict[str, frozenset[str]] = {}  # family -> members its nearest naming sentence named

    def add(self, sentence: str) -> None:
        """Read one more sentence of the block (weighed only when a topic is asked for)."""
        self._sentences.append(sentence)

    def topic_index(self) -> int | None:
        """Return the position of the nearest sentence read that sets a topic, or None."""
        while self._weighed < len(self._sentences):
            topic = self._topic_of(self._sentences[self._weighed])
            if topic is not None:
                self._topic_index, self._topic, self._resolved = self._weighed, topic, None
            self._weighed += 1
        return self._topic_index if self._topic_index >= 0 else None

    def topic(self) -> str | None:
        """Return the topic the sentences read carry, a family resolved to the member named before it.

        "Why is the Gaudi 3 row slow? Our Gaudi kernels are young. The chip has 128 GB": the
        family name speaks of the member the block is about; two members named together leave
        the family.
        """
        index = self.topic_index()
        if index is None or self._topic is None:
            return None
        if self._resolved is None:
            self._resolved = self._resolve(index, self._topic)
        return self._resolved

    def _resolve(self, index: int, topic: str) -> str:
        if not self._is_family(topic):
            return topic
        while self._members_read < index:  # topics only move forward, so each sentence is read once
            self._members.update(self._members_of(self._sentences[self._members_read]))
            self._members_read += 1
        members = self._members.get(topic)
        if members is not None and len(members) == 1:
            return next(iter(members))
        return topic
