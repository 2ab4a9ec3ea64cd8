"""E-mail sources: MIME decoding, which parts are read, and every block placed in the raw file."""

from __future__ import annotations

import base64
import pathlib

import pytest

from factlint.models import BlockKind, Document
from factlint.sources import load_document
from factlint.sources.detect import is_email

QUOTED_PRINTABLE = """\
Return-Path: <lena@lab.example>
Message-ID: <r2-991@lab.example>
Date: Wed, 4 Mar 2026 10:02:11 +0100
From: Lena Voss <lena@lab.example>
To: hw-team@lab.example
Subject: =?UTF-8?Q?Quote_for_the_Vesta_nodes_=E2=80=93_8_cards_each?=
MIME-Version: 1.0
Content-Type: text/plain; charset="UTF-8"
Content-Transfer-Encoding: quoted-printable

Hi all =E2=80=94 the Vesta V2 card carries 64=C2=A0GB of HBM3 and the vendor=
 rates it at 350=C2=A0W. A full node of eight cards draws about 3.2=C2=A0kW.

  =E2=80=A2 Memory bandwidth: 2,0=
48=C2=A0GB/s per card
  =E2=80=A2 Price: $9,800 per card =3D $78,400 per node

-- Lena
"""


def _load(tmp_path: pathlib.Path, text: str | bytes, name: str = "quote.eml") -> Document:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return load_document(path, name)


def _at(document: Document, needle: str) -> tuple[int, int]:
    """Return the file (line, column) of the first block text holding ``needle``."""
    for block in document.blocks:
        offset = block.text.find(needle)
        if offset >= 0:
            return block.position(offset)
    raise AssertionError(f"{needle!r} in no block")


def _texts(document: Document) -> str:
    return "\n".join(block.text for block in document.blocks)


def test_quoted_printable_is_decoded_and_the_subject_is_the_title(tmp_path: pathlib.Path) -> None:
    document = _load(tmp_path, QUOTED_PRINTABLE)
    assert document.error is None
    assert document.format == "email"
    assert document.title == "Quote for the Vesta nodes \u2013 8 cards each"
    heading = document.blocks[0]
    assert heading.kind is BlockKind.HEADING
    assert (heading.line, heading.column) == (6, 20)  # where "Quote" stands inside the encoded word
    text = _texts(document)
    assert "64 GB of HBM3" in text  # a no-break space reads as a space
    assert "rates it at 350 W" in text  # a soft line break joins the two lines
    assert "= $78,400" in text and "=3D" not in text and "=E2" not in text


def test_headers_other_than_the_subject_are_not_prose(tmp_path: pathlib.Path) -> None:
    text = _texts(_load(tmp_path, QUOTED_PRINTABLE))
    for header in ("Return-Path", "r2-991", "+0100", "MIME-Version", "quoted-printable"):
        assert header not in text


def test_each_figure_is_placed_on_the_raw_line_it_starts_on(tmp_path: pathlib.Path) -> None:
    document = _load(tmp_path, QUOTED_PRINTABLE)
    assert _at(document, "64 GB") == (11, 44)  # after "=E2=80=94", columns count raw characters
    assert _at(document, "350 W") == (12, 14)  # the second raw line of a soft-broken line
    assert _at(document, "3.2 kW") == (12, 65)
    # A number split by a soft line break is one number, on the line where it starts.
    assert "2,048 GB/s" in _texts(document)
    assert _at(document, "2,048") == (14, 31)
    assert _at(document, "48 GB/s")[0] == 15
    assert _at(document, "$78,400") == (16, 40)


def test_base64_text_part_and_skipped_attachment(tmp_path: pathlib.Path) -> None:
    body = "The Orin-like Kappa module has 32 GB of memory.\nIt draws 60 W at most.\n"
    encoded = base64.encodebytes(body.encode("utf-8")).decode("ascii")
    attachment = base64.encodebytes(b"Kappa datasheet: 999 GB, 999 W").decode("ascii")
    message = (
        "From: a@example.org\nTo: b@example.org\nSubject: Kappa\nMIME-Version: 1.0\n"
        'Content-Type: multipart/mixed; boundary="XYZ"\n\n'
        "--XYZ\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64\n\n"
        f"{encoded}"
        "--XYZ\nContent-Type: text/plain; name=sheet.txt\n"
        "Content-Disposition: attachment; filename=sheet.txt\n"
        "Content-Transfer-Encoding: base64\n\n"
        f"{attachment}"
        "--XYZ--\n"
    )
    document = _load(tmp_path, message)
    text = _texts(document)
    assert "32 GB of memory" in text and "60 W" in text
    assert "999" not in text
    first_body_line = message.split("\n").index(encoded.split("\n")[0]) + 1
    assert _at(document, "The Orin-like")[0] == first_body_line


def test_multipart_alternative_prefers_plain_text(tmp_path: pathlib.Path) -> None:
    message = (
        "From: a@example.org\nSubject: Sigma\nMIME-Version: 1.0\n"
        'Content-Type: multipart/alternative; boundary="b1"\n\n'
        "--b1\nContent-Type: text/plain; charset=us-ascii\n\nSigma S1 runs at 450 W.\n"
        "--b1\nContent-Type: text/html; charset=us-ascii\n\n"
        "<p>Sigma S1 runs at <b>450 W</b> (HTML copy).</p>\n"
        "--b1--\n"
    )
    document = _load(tmp_path, message)
    assert "HTML copy" not in _texts(document)
    assert _at(document, "450 W") == (9, 18)


def test_html_only_message_is_read_as_a_page(tmp_path: pathlib.Path) -> None:
    message = (
        "From: a@example.org\nSubject: Tau\nMIME-Version: 1.0\n"
        "Content-Type: text/html; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n"
        "<html><body><p>The Tau T4 has 24&nbsp;GB and=\n draws 75 W.</p>\n<ul><li>Price: $1,999</li></ul>\n"
        "</body></html>\n"
    )
    document = _load(tmp_path, message)
    text = _texts(document)
    assert "<p>" not in text and "24 GB" in text and "and draws 75 W" in text
    assert _at(document, "75 W") == (8, 8)
    assert _at(document, "$1,999")[0] == 9


def test_forwarded_and_quoted_text_keep_their_lines(tmp_path: pathlib.Path) -> None:
    message = (
        "From: a@example.org\nSubject: Fwd: Rho pricing\nMIME-Version: 1.0\n"
        "Content-Type: text/plain; charset=utf-8\n\n"
        "Numbers below look right to me.\n\n"
        "---------- Forwarded message ---------\n"
        "From: Sales <sales@vendor.example>\n"
        "Subject: Rho pricing\n\n"
        "The Rho R8 costs $4.10 per hour.\n\n"
        "> Is the Rho R8 still 16 GB?\n"
        "> And 200 W?\n"
    )
    document = _load(tmp_path, message)
    text = _texts(document)
    # The forwarded header is no prose: only its subject stays, as the title of what follows.
    assert "Forwarded message" not in text and "sales@vendor" not in text and "$4.10 per hour" in text
    forwarded_subject = [block for block in document.blocks if block.text == "Rho pricing"]
    assert [(block.kind, block.line, block.column) for block in forwarded_subject] == [
        (BlockKind.HEADING, 10, 10)
    ]
    assert _at(document, "$4.10") == (12, 18)
    assert _at(document, "16 GB") == (14, 23)
    assert _at(document, "200 W") == (15, 7)
    quoted = [block for block in document.blocks if "16 GB" in block.text]
    assert quoted[0].text.startswith("Is the Rho R8")  # the quote marker is not text


def test_encoded_words_in_a_folded_subject(tmp_path: pathlib.Path) -> None:
    message = (
        "From: a@example.org\n"
        "Subject: =?ISO-8859-1?Q?Preis=FCbersicht_?=\n =?UTF-8?B?UGhpIFA0?=\n"
        "MIME-Version: 1.0\nContent-Type: text/plain\n\nBody.\n"
    )
    document = _load(tmp_path, message)
    assert document.title == "Preisübersicht Phi P4"  # no space between two encoded words (RFC 2047)
    assert (document.blocks[0].line, document.blocks[0].column) == (2, 25)
    assert _at(document, "Phi")[0] == 2  # a base64 word: placed after the run before it


def test_plain_folded_subject_keeps_each_lines_place(tmp_path: pathlib.Path) -> None:
    message = "Subject: Omega O1 has\n 48 GB per card\nMIME-Version: 1.0\n\nBody.\n"
    document = _load(tmp_path, message)
    assert document.title == "Omega O1 has 48 GB per card"
    assert _at(document, "48 GB") == (2, 2)


def test_eight_bit_latin1_part_is_decoded_by_its_charset(tmp_path: pathlib.Path) -> None:
    message = (
        b"From: a@example.org\nSubject: Gr\xfc\xdfe\nMIME-Version: 1.0\n"
        b"Content-Type: text/plain; charset=iso-8859-1\nContent-Transfer-Encoding: 8bit\n\n"
        b"Die Psi-Karte hat 12 GB, sch\xf6n. Sie braucht 90 W.\n"
    )
    document = _load(tmp_path, message)
    assert document.error is None
    assert "12 GB, schön. Sie braucht 90 W." in _texts(document)
    assert _at(document, "90 W") == (7, 45)


def test_mbox_reads_each_message(tmp_path: pathlib.Path) -> None:
    mbox = (
        "From alice@example.org Mon Mar  2 09:00:00 2026\n"
        "From: alice@example.org\nSubject: First\n\nThe Nu N1 has 8 GB.\n\n"
        "From bob@example.org Mon Mar  2 10:00:00 2026\n"
        "From: bob@example.org\nSubject: Second\n\nThe Nu N1 draws 30 W.\n"
    )
    document = _load(tmp_path, mbox, "archive.mbox")
    assert document.title == "First"
    assert [block.text for block in document.blocks if block.kind is BlockKind.HEADING] == ["First", "Second"]
    assert _at(document, "8 GB") == (5, 15)
    assert _at(document, "30 W") == (11, 17)


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        (("From: a@example.org", "MIME-Version: 1.0", "Subject: x", "", "body"), True),
        (("Received: from x", "\tby y", "Date: Tue, 3 Mar 2026", "", "body"), True),
        # A thread pasted into a note: no field a mail program writes only when saving.
        (("From: a@example.org", "To: b@example.org", "Subject: x", "", "body"), False),
        (("Subject: x", "Content-Type: text/plain", "This line is prose, not a field", "", "b"), False),
        (("MIME-Version: 1.0", "Content-Type: text/plain"), False),  # headers alone
        (("Notes", "From: a@example.org", "MIME-Version: 1.0", "", "body"), False),
    ],
)
def test_content_detection_needs_a_saved_messages_header(lines: tuple[str, ...], expected: bool) -> None:
    assert is_email(lines, ".txt") is expected


def test_named_markdown_is_never_an_email() -> None:
    assert not is_email(("From: a@example.org", "MIME-Version: 1.0", "", "body"), ".md")


def test_every_literal_character_is_placed_on_itself(tmp_path: pathlib.Path) -> None:
    document = _load(tmp_path, QUOTED_PRINTABLE)
    lines = QUOTED_PRINTABLE.split("\n")
    for block in document.blocks[1:]:  # the encoded subject is placed at its start only
        for offset, char in enumerate(block.text):
            if char.isascii() and char.isalnum():
                line, column = block.position(offset)
                assert lines[line - 1][column - 1] == char, (block.text, offset)


def test_message_forwarded_as_an_attachment_is_read_as_a_message(tmp_path: pathlib.Path) -> None:
    message = (
        "From: a@example.org\nSubject: Fwd: Chi sheet\nMIME-Version: 1.0\n"
        'Content-Type: multipart/mixed; boundary="m1"\n\n'
        "--m1\nContent-Type: text/plain\n\nSee the vendor's note below.\n"
        "--m1\nContent-Type: message/rfc822\nContent-Disposition: attachment\n\n"
        "From: vendor@example.com\nSubject: Chi C2 sheet\nContent-Type: text/plain\n\n"
        "The Chi C2 has 40 GB.\n"
        "--m1--\n"
    )
    document = _load(tmp_path, message)
    headings = [block for block in document.blocks if block.kind is BlockKind.HEADING]
    assert [(block.text, block.line) for block in headings] == [("Fwd: Chi sheet", 2), ("Chi C2 sheet", 15)]
    assert _at(document, "40 GB") == (18, 16)


def test_format_flowed_lines_are_joined(tmp_path: pathlib.Path) -> None:
    message = (
        "From: a@example.org\nSubject: Mu\nMIME-Version: 1.0\n"
        "Content-Type: text/plain; charset=utf-8; format=flowed\n\n"
        "The Mu M3 card has 141 \nGB of memory and draws 700 \nW.\n"
        ">> Quoted: 96 \n>> GB per card.\n"
        "-- \nSignature line.\n"
    )
    document = _load(tmp_path, message)
    text = _texts(document)
    assert "141 GB of memory and draws 700 W." in text
    assert "96 GB per card." in text
    assert _at(document, "GB of memory") == (7, 1)
    assert _at(document, "96 GB")[0] == 9
    assert "Signature line." in text and "-- Signature" not in text


def test_format_flowed_with_delsp_drops_the_break_space(tmp_path: pathlib.Path) -> None:
    message = (
        "From: a@example.org\nSubject: Mu\nMIME-Version: 1.0\n"
        "Content-Type: text/plain; format=flowed; delsp=yes\n\n"
        "The Mu M3 draws 7 \n00 W.\n"
    )
    document = _load(tmp_path, message)
    assert "draws 700 W." in _texts(document)
    assert _at(document, "700") == (6, 17)


def test_multipart_without_its_boundary_is_read_as_text(tmp_path: pathlib.Path) -> None:
    message = "Subject: Eta\nContent-Type: multipart/mixed; boundary=zz\n\nThe Eta E1 has 96 GB.\n"
    document = _load(tmp_path, message)
    assert _at(document, "96 GB") == (4, 16)


def _count_position_reads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the characters of text the placement reads, to catch quadratic work without timing."""
    from factlint.models import Block

    read = [0]
    original = Block.position

    def counted(self: Block, offset: int) -> tuple[int, int]:
        read[0] += offset + 1
        return original(self, offset)

    monkeypatch.setattr(Block, "position", counted)
    return read


@pytest.mark.parametrize(
    ("encoding", "body"),
    [
        ("quoted-printable", "The card has 80 G=\nB of memory and =\n" * 2000),
        ("7bit", "The card has 80 GB of memory. " * 2000 + "\n"),
    ],
)
def test_placing_a_long_paragraph_is_linear(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch, encoding: str, body: str
) -> None:
    read = _count_position_reads(monkeypatch)
    head = (
        "From: a@b.example\nSubject: Cards\nContent-Type: text/plain\n"
        f"Content-Transfer-Encoding: {encoding}\n\n"
    )
    document = _load(tmp_path, head + body)
    text = _texts(document)
    assert text.count("80 GB") == 2000
    assert read[0] < 1_000_000  # per-character position lookups from offset 0 would read ~10^9
    paragraph = next(block for block in document.blocks if "80 GB" in block.text)
    assert paragraph.position(len(paragraph.text) - 1)[0] > 5


def test_raw_file_places_bytes_of_a_long_line_without_rescanning_it() -> None:
    from factlint.sources.mimetext import RawFile

    line = "é" + "x" * 50_000
    raw = RawFile.of([line])
    assert raw.position(2) == (1, 2)
    assert raw.position(len(raw.data)) == (1, len(line) + 1)
    assert [raw.position(offset)[1] for offset in range(0, 50_002, 10_000)] == [
        1,
        10_000,
        20_000,
        30_000,
        40_000,
        50_000,
    ]


def test_format_flowed_many_lines_join_into_one(tmp_path: pathlib.Path) -> None:
    head = "From: a@b.example\nSubject: Cards\nContent-Type: text/plain; format=flowed\n\n"
    document = _load(tmp_path, head + "The card has 80 GB \n" * 3000 + "end\n")
    paragraph = next(block for block in document.blocks if "80 GB" in block.text)
    assert paragraph.text.count("80 GB") == 3000
    assert paragraph.position(paragraph.text.rindex("80 GB")) == (3004, 14)


@pytest.mark.parametrize(
    ("charset", "body", "encoding"),
    [
        ("rot13", b"The card has 80\xa0GB of memory.\n", "8bit"),
        ("hex", b"The card has 80=C2=A0GB of memory.\n", "quoted-printable"),
    ],
)
def test_a_charset_that_is_not_a_text_encoding_reads_as_utf8(
    tmp_path: pathlib.Path, charset: str, body: bytes, encoding: str
) -> None:
    head = (
        f"From: a@b.example\nSubject: Cards\nContent-Type: text/plain; charset={charset}\n"
        f"Content-Transfer-Encoding: {encoding}\n\n"
    ).encode()
    document = _load(tmp_path, head + body)
    assert document.error is None
    assert "80" in _texts(document) and "GB of memory" in _texts(document)


def test_mbox_separator_is_not_part_of_the_previous_message(tmp_path: pathlib.Path) -> None:
    mbox = (
        "From alice@example.org Mon Mar  2 09:00:00 2026\n"
        "From: alice@example.org\nSubject: First\n\nThe Nu N1 has 8 GB.\n\n"
        "From bob@example.org Mon Mar  2 10:00:00 2026\n"
        "From: bob@example.org\nSubject: Second\n\nThe Nu N1 draws 30 W.\n"
    )
    document = _load(tmp_path, mbox, "archive.mbox")
    assert "From bob" not in _texts(document)
    assert "2026" not in _texts(document)
    assert [block.text for block in document.blocks] == [
        "First",
        "The Nu N1 has 8 GB.",
        "Second",
        "The Nu N1 draws 30 W.",
    ]


def test_multipart_without_its_boundary_hides_part_headers_and_boundary_lines(tmp_path: pathlib.Path) -> None:
    message = (
        "Subject: Eta\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=zz\n\n"
        "--XX\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 7bit\n\n"
        "The Eta E1 has 96 GB.\n--XX--\n"
    )
    document = _load(tmp_path, message)
    assert [block.text for block in document.blocks] == ["Eta", "The Eta E1 has 96 GB."]
    assert _at(document, "96 GB") == (9, 16)


def test_latin1_email_found_by_content_in_a_text_file_is_read(tmp_path: pathlib.Path) -> None:
    message = (
        b"From: a@b.example\nSubject: Caf\xe9\nMIME-Version: 1.0\n"
        b"Content-Type: text/plain; charset=iso-8859-1\nContent-Transfer-Encoding: 8bit\n\n"
        b"The caf\xe9 card has 48 GB.\n"
    )
    as_text = _load(tmp_path, message, "note.txt")
    as_email = _load(tmp_path, message, "note.eml")
    assert as_text.error is None and as_text.format == as_email.format
    assert [block.text for block in as_text.blocks] == [block.text for block in as_email.blocks]
    assert "The café card has 48 GB." in _texts(as_text)
