"""The header of a message forwarded or quoted inside a body: its subject is a title, the rest no prose."""

from __future__ import annotations

import textwrap

from factlint.models import Block, BlockKind
from factlint.sources.mailheaders import find_mail_headers
from factlint.sources.plaintext import parse_plain_text


def _lines(source: str) -> list[str]:
    return textwrap.dedent(source).strip("\n").split("\n")


def _blocks(source: str) -> list[Block]:
    return parse_plain_text(_lines(source))


FORWARDED = """
    Dana, the quote below looks high to me.

    ---------- Forwarded message ---------
    From: Lee Okafor <lee@vendor.example>
    Date: Mon, 9 Feb 2026 at 17:02
    Subject: Gaudi 3 nodes: 8 cards per node
    To: Dana Reyes <dana@example.com>

    Each Gaudi 3 card carries 128 GB of HBM2e.
"""


def test_a_forwarded_header_keeps_only_its_subject_as_a_heading() -> None:
    blocks = _blocks(FORWARDED)
    assert [(block.kind, block.text, block.line) for block in blocks] == [
        (BlockKind.PARAGRAPH, "Dana, the quote below looks high to me.", 1),
        (BlockKind.HEADING, "Gaudi 3 nodes: 8 cards per node", 6),
        (BlockKind.PARAGRAPH, "Each Gaudi 3 card carries 128 GB of HBM2e.", 9),
    ]
    heading = blocks[1]
    assert heading.column == len("Subject: ") + 1  # placed where the subject's text starts
    assert blocks[2].headings == ("Gaudi 3 nodes: 8 cards per node",)


def test_header_fields_of_other_languages_and_quoted_headers() -> None:
    german = find_mail_headers(_lines("Von: Jana Novak\nAn: einkauf@example.de\nBetreff: Angebot MI300X"))
    assert sorted(german) == [0, 1, 2]
    assert german[2].subject == "Angebot MI300X"
    quoted = find_mail_headers(
        _lines("> From: Sam Ito <sam@example.com>\n> Sent: Tuesday\n> Subject: Re: L40S")
    )
    assert quoted[2].subject == "Re: L40S"


def test_an_outlook_separator_opens_a_header() -> None:
    found = find_mail_headers(
        _lines("-----Original Message-----\nFrom: Sam Ito\nSent: Tuesday, 3 March 2026")
    )
    assert sorted(found) == [0, 1, 2]
    assert all(line.subject is None for line in found.values())


def test_look_alikes_are_not_headers() -> None:
    # a price range written as two fields, a lone subject line, a sender that is a figure
    assert find_mail_headers(_lines("From: $2.10/hour\nTo: $3.50/hour")) == {}
    assert find_mail_headers(_lines("Subject: pricing\nThe H200 costs $3.99 per hour.")) == {}
    assert find_mail_headers(_lines("From: 80 GB\nTo: 141 GB")) == {}
    blocks = _blocks("Upgrade path\nFrom: 80 GB\nTo: 141 GB")
    assert any("80 GB" in block.text for block in blocks)


def test_answer_labels_and_common_words_under_a_subject_stay_prose() -> None:
    source = (
        "Notes\n\nSubject: GPU memory\nA: The A100 has 80 GB of memory.\nDo: check that the H100 has 94 GB.\n"
    )
    texts = [block.text for block in _blocks(source)]
    assert any("80 GB" in text for text in texts) and any("94 GB" in text for text in texts)
    # the same short field names are a header beside an address: Italian "Da:", Portuguese "Para:"
    italian = find_mail_headers(
        _lines("Da: Mario Rossi <mario@example.it>\nA: vendite@example.it\nOggetto: Offerta")
    )
    assert sorted(italian) == [0, 1, 2] and italian[2].subject == "Offerta"
