"""Names are read only where the answer can use them: a text that cannot match is never searched for names."""

from __future__ import annotations

from collections.abc import Sequence

from factlint.claims.language import english
from factlint.claims.sectionparts import PartsLines, SectionPart
from factlint.claims.segments import SUBJECT, Mention
from factlint.claims.sharedsubjects import SharedSubjects
from factlint.models import BlockKind
from factlint.sources.blocks import make_block


class _Reader:
    """Returns fixed mentions and counts how often it is asked."""

    def __init__(self, mentions: Sequence[Mention] = ()) -> None:
        self.asked = 0
        self._mentions = list(mentions)

    def __call__(self, text: str = "") -> Sequence[Mention]:
        self.asked += 1
        return self._mentions


def _kind(entity: str) -> str | None:
    return {"Orion X1": "chip", "Vela 7": "chip"}.get(entity)


def both_of_before(text: str, before: str, reader: _Reader) -> tuple[str, ...]:
    return SharedSubjects(english()).both_of_before(text, before, reader)


def test_both_of_before_reads_the_text_before_only_for_a_both_sentence() -> None:
    reader = _Reader()
    assert both_of_before("The board draws 400 W.", "Orion X1 and Vela 7 ship. " * 50, reader) == ()
    assert reader.asked == 0


def test_both_of_before_still_finds_the_two_subjects() -> None:
    before = "Two cards: the Orion X1 and the Vela 7 ship this year. "
    mentions = [Mention(16, 24, "Orion X1", SUBJECT, ()), Mention(33, 39, "Vela 7", SUBJECT, ())]
    reader = _Reader(mentions)
    assert both_of_before("Both carry 64 GB.", before, reader) == ("Orion X1", "Vela 7")
    assert reader.asked == 1


def test_a_block_without_a_count_under_no_part_reads_no_names() -> None:
    lines = PartsLines(english())
    section = SectionPart()
    reader, heading = _Reader([Mention(4, 12, "Orion X1", SUBJECT, ())]), _Reader()
    block = make_block(BlockKind.PARAGRAPH, "The Orion X1 is quiet and cool.", 3, 1)
    lines.follow(section, block, reader, _kind, lambda: bool(heading()))
    assert (section.entity, reader.asked, heading.asked) == (None, 0, 0)


def test_a_parts_line_with_a_number_word_is_still_read() -> None:
    lines = PartsLines(english())
    section = SectionPart()
    text = "Accelerator: eight pieces of Orion X1"
    reader = _Reader([Mention(text.index("Orion"), len(text), "Orion X1", SUBJECT, ())])
    lines.follow(section, make_block(BlockKind.LIST_ITEM, text, 3, 1), reader, _kind, lambda: False)
    assert section.entity == "Orion X1"


def test_another_part_named_without_a_count_still_ends_the_section() -> None:
    lines = PartsLines(english())
    section = SectionPart("Orion X1")
    reader = _Reader([Mention(4, 10, "Vela 7", SUBJECT, ())])
    lines.follow(
        section,
        make_block(BlockKind.PARAGRAPH, "The Vela 7 runs cooler.", 5, 1),
        reader,
        _kind,
        lambda: False,
    )
    assert (section.entity, reader.asked) == (None, 1)
