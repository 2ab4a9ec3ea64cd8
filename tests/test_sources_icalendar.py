"""Reading iCalendar and vCard exports: unfolding, parameters, escapes, sections and file places."""

from __future__ import annotations

import pathlib
import textwrap

from hypothesis import given, settings
from hypothesis import strategies as st

from factlint.models import Block, BlockKind
from factlint.sources import load_document
from factlint.sources.icalendar import (
    is_calendar,
    parse_calendar,
    parse_content_line,
    unescape_text,
    unfold,
)


def _source(text: str) -> list[str]:
    return textwrap.dedent(text).strip("\n").split("\n")


def _where(block: Block, needle: str) -> tuple[int, int]:
    return block.position(block.text.index(needle))


CALENDAR = """\
BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Example//Planner 3.1//EN
X-WR-CALNAME:Hardware reviews
BEGIN:VEVENT
UID:review-9@example.org
DTSTART;TZID="Europe/Oslo":20260610T090000
SUMMARY:Review: the Orion X2 board
DESCRIPTION:The Orion X2 has 96 GB of memory at 2.
 4 TB/s\\, and costs $11
 \\,500.\\n\\nOpen points:\\n- cooling at 450 W\\n- firmware 1.2
LOCATION:Room 4\\; east wing
BEGIN:VALARM
ACTION:DISPLAY
DESCRIPTION:Reminder 15 minutes before
END:VALARM
END:VEVENT
END:VCALENDAR
"""


def test_unfold_joins_continuations_and_keeps_each_characters_place() -> None:
    lines = ["DESCRIPTION:abc 12", " 3 GB", "\t more", "UID:x"]
    logical = unfold(lines)
    assert [line.text for line in logical] == ["DESCRIPTION:abc 123 GB more", "UID:x"]
    first = logical[0]
    assert first.places[first.text.index("123")] == (1, 17)
    assert first.places[first.text.index("3 GB")] == (2, 2)
    assert first.places[first.text.index("more")] == (3, 3)


def test_content_line_parameters_may_quote_colons_and_semicolons() -> None:
    [logical] = unfold(['ATTENDEE;CN="Lee; Ops: EU";ROLE=CHAIR:mailto:lee@example.org'])
    content = parse_content_line(logical)
    assert content is not None
    assert content.name == "ATTENDEE"
    assert content.parameter("CN") == "Lee; Ops: EU"
    assert content.parameter("ROLE") == "CHAIR"
    assert content.value.text == "mailto:lee@example.org"


def test_a_line_without_a_colon_is_not_a_content_line() -> None:
    [logical] = unfold(["just some words"])
    assert parse_content_line(logical) is None


def test_unescape_resolves_text_escapes_and_places_them_at_the_backslash() -> None:
    [logical] = unfold(["X:a\\,b\\;c\\\\d\\ne\\Nf\\qg"])
    content = parse_content_line(logical)
    assert content is not None
    value = unescape_text(content.value)
    assert value.text == "a,b;c\\d\ne\nf\\qg"
    assert value.places[1] == (1, 4)  # the "," of "\,"


def test_each_event_is_a_section_of_its_text_lines() -> None:
    document = parse_calendar(_source(CALENDAR))
    assert document.title == "Hardware reviews"
    assert document.format == "icalendar"
    kinds = [(block.kind, block.text) for block in document.blocks]
    assert kinds == [
        (BlockKind.HEADING, "Review: the Orion X2 board"),
        (BlockKind.PARAGRAPH, "The Orion X2 has 96 GB of memory at 2.4 TB/s, and costs $11,500."),
        (BlockKind.PARAGRAPH, "Open points:"),
        (BlockKind.LIST_ITEM, "- cooling at 450 W"),
        (BlockKind.LIST_ITEM, "- firmware 1.2"),
        (BlockKind.PARAGRAPH, "Room 4; east wing"),
    ]
    for block in document.blocks[1:]:
        assert block.headings == ("Review: the Orion X2 board",)
    assert document.blocks[3].list_intro == "Open points:"


def test_a_figure_split_by_a_fold_is_placed_where_it_starts() -> None:
    lines = _source(CALENDAR)
    paragraph = parse_calendar(lines).blocks[1]
    assert _where(paragraph, "2.4 TB/s") == (9, lines[8].rindex("2.") + 1)
    assert lines[8].endswith("2.")
    assert _where(paragraph, "$11,500") == (10, lines[9].index("$11") + 1)
    assert _where(paragraph, ",500") == (11, 2)  # the escaped comma's backslash
    assert paragraph.position(paragraph.text.index("TB/s")) == (10, 4)


def test_a_nested_alarm_adds_nothing() -> None:
    texts = [block.text for block in parse_calendar(_source(CALENDAR)).blocks]
    assert not any("Reminder" in text for text in texts)


def test_metadata_properties_are_not_read() -> None:
    texts = " ".join(block.text for block in parse_calendar(_source(CALENDAR)).blocks)
    for metadata in ("review-9", "20260610", "Planner", "Europe/Oslo"):
        assert metadata not in texts


def test_html_description_is_read_only_without_a_plain_one() -> None:
    lines = _source(
        """
        BEGIN:VCALENDAR
        BEGIN:VEVENT
        SUMMARY:Board review
        X-ALT-DESC;FMTTYPE=text/html:<p>The <b>Orion X2</b> draws 45
         0 W.</p>
        END:VEVENT
        BEGIN:VEVENT
        SUMMARY:Second review
        DESCRIPTION:Plain text wins.
        X-ALT-DESC;FMTTYPE=text/html:<p>Not read.</p>
        END:VEVENT
        END:VCALENDAR
        """
    )
    blocks = parse_calendar(lines).blocks
    texts = [block.text for block in blocks]
    assert texts == ["Board review", "The Orion X2 draws 450 W.", "Second review", "Plain text wins."]
    html = blocks[1]
    assert html.headings == ("Board review",)
    assert _where(html, "450 W") == (4, 59)
    assert lines[3][58:] == "45"
    assert _where(html, "0 W") == (5, 2)


def test_a_vcard_is_a_section_named_by_its_formatted_name() -> None:
    lines = _source(
        """
        BEGIN:VCARD
        VERSION:4.0
        FN:Dana Reyes
        TEL:+1 555 0100
        NOTE:Buys 16 boards a quarter.
        END:VCARD
        """
    )
    document = parse_calendar(lines)
    assert document.format == "vcard"
    assert [block.text for block in document.blocks] == ["Dana Reyes", "Buys 16 boards a quarter."]


def test_detection_by_suffix_or_first_line() -> None:
    assert is_calendar("", ".ICS")
    assert is_calendar("", ".vcf")
    assert is_calendar("\ufeffBEGIN:VCALENDAR\nVERSION:2.0\n", ".txt")
    assert is_calendar("begin:vcard\n", "")
    assert not is_calendar("Notes\nBEGIN:VCALENDAR is how a calendar starts.\n", ".txt")
    assert not is_calendar("BEGIN:VCALENDAR then prose on the same line\n", ".txt")
    assert not is_calendar("BEGIN:VCALENDAR\n\n# How to read calendar files\n", ".md")


def test_a_markdown_file_opening_with_a_calendar_line_is_markdown(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "notes.md"
    path.write_text("BEGIN:VCALENDAR\n\n# How to read calendar files\n\nThe H100 has 80 GB of memory.\n")
    document = load_document(path, "notes.md")
    assert document.format == "markdown"
    assert any(block.text == "The H100 has 80 GB of memory." for block in document.blocks)


def test_loader_reads_a_calendar_by_content(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "export.txt"
    path.write_text(CALENDAR, encoding="utf-8")
    document = load_document(path, "export.txt")
    assert document.format == "icalendar"
    assert document.title == "Hardware reviews"
    assert document.blocks[0].kind is BlockKind.HEADING


def test_crlf_line_ends_are_unfolded_like_lf(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "export.ics"
    path.write_bytes(CALENDAR.replace("\n", "\r\n").encode("utf-8"))
    document = load_document(path, "export.ics")
    assert document.blocks[1].text.startswith("The Orion X2 has 96 GB of memory at 2.4 TB/s")


_VALUE_CHARS = st.characters(min_codepoint=0x20, max_codepoint=0x7E, exclude_characters="\\")


@settings(max_examples=200, deadline=None)
@given(value=st.text(_VALUE_CHARS, min_size=1, max_size=200), width=st.integers(2, 40))
def test_any_folding_gives_back_the_value_with_true_places(value: str, width: int) -> None:
    text = "DESCRIPTION:" + value
    lines = [text[:width]] + [" " + text[start : start + width] for start in range(width, len(text), width)]
    [logical] = unfold(lines)
    assert logical.text == text
    for index, char in enumerate(logical.text):
        line, column = logical.places[index]
        assert lines[line - 1][column - 1] == char


def test_an_html_value_of_several_lines_is_placed_on_its_own_lines() -> None:
    lines = [
        "BEGIN:VCALENDAR",
        "BEGIN:VEVENT",
        "X-ALT-DESC;FMTTYPE=text/html:x\\ny",
        "END:VEVENT",
        "END:VCALENDAR",
    ]
    assert [block.text.split() for block in parse_calendar(lines).blocks] == [["x", "y"]]
    lines[2] = "X-ALT-DESC;FMTTYPE=text/html:<p>One</p>\\n<p>The H100 has 80 GB.</p>\\n<p>Three</p>"
    blocks = parse_calendar(lines).blocks
    second = next(block for block in blocks if "H100" in block.text)
    assert _where(second, "80 GB") == (3, lines[2].index("80 GB") + 1)


def test_a_quoted_printable_note_is_decoded_across_soft_breaks() -> None:
    lines = [
        "BEGIN:VCARD",
        "VERSION:2.1",
        "FN:Dana Reyes",
        "NOTE;ENCODING=QUOTED-PRINTABLE:The H100 has 80 GB of memory=0D=0Aand a TDP of 7=",
        "00 W=C2=A0max.",
        "END:VCARD",
    ]
    blocks = parse_calendar(lines).blocks
    texts = [block.text for block in blocks]
    assert texts == ["Dana Reyes", "The H100 has 80 GB of memory", "and a TDP of 700 W\xa0max."]
    assert _where(blocks[2], "700") == (4, lines[3].index("7=") + 1)
    assert _where(blocks[2], "00 W") == (5, 1)


def test_bare_parameters_and_grouped_properties_are_read() -> None:
    lines = [
        "BEGIN:VCARD",
        "FN:Dana Reyes",
        "NOTE;QUOTED-PRINTABLE:The H100 has 80 GB.",
        "item1.NOTE:The A100 has 40 GB.",
        "END:VCARD",
    ]
    texts = [block.text for block in parse_calendar(lines).blocks]
    assert texts == ["Dana Reyes", "The H100 has 80 GB.", "The A100 has 40 GB."]


def test_a_cut_off_file_and_an_unclosed_alarm_keep_their_text_in_order() -> None:
    cut = ["BEGIN:VCALENDAR", "BEGIN:VEVENT", "SUMMARY:Review", "DESCRIPTION:The H100 has 80 GB."]
    assert [block.text for block in parse_calendar(cut).blocks] == ["Review", "The H100 has 80 GB."]
    alarm = [
        "BEGIN:VCALENDAR",
        "BEGIN:VEVENT",
        "SUMMARY:First",
        "BEGIN:VALARM",
        "DESCRIPTION:Reminder",
        "END:VEVENT",
        "BEGIN:VEVENT",
        "SUMMARY:Second",
        "END:VEVENT",
        "END:VCALENDAR",
    ]
    assert [block.text for block in parse_calendar(alarm).blocks] == ["First", "Second"]


def test_a_file_wrapped_at_word_gaps_keeps_a_space_where_a_fold_replaced_one() -> None:
    lines = [
        "BEGIN:VCARD",
        "FN:Ola Nordmann",
        "NOTE:Orion X2 sample board as shown at the partner day in spring: 48 GB of GDDR7",
        " memory and 900 GB/s\\, about 40 TFLOPS",
        " BF16\\, 250 W.",
        "END:VCARD",
    ]
    [heading, note] = parse_calendar(lines).blocks
    assert heading.text == "Ola Nordmann"
    assert "GDDR7 memory and 900 GB/s, about 40 TFLOPS BF16, 250 W." in note.text
    assert _where(note, "memory") == (4, 2)
    assert note.position(note.text.index(" memory")) == (4, 1)  # the kept gap is the fold's own space


def test_a_file_folded_by_width_joins_its_folds_without_a_trace() -> None:
    text = "DESCRIPTION:The Orion X2 sample board has 48 GB of GDDR7 memory at 900 GB/s, 40 TFLOPS BF16."
    lines = [text[:75], " " + text[75:]]
    assert lines[0][-1] != " " and lines[1][1] != " "  # the fold splits a word
    [logical] = unfold(lines)
    assert logical.text == text
    # a fold kept as written: the writer put the gap on one side of it
    assert unfold(["NOTE:" + "x" * 80 + " and", "  more"])[0].text.endswith("and more")
    assert unfold(["NOTE:" + "x" * 80 + " and ", " more"])[0].text.endswith("and more")


def test_a_cards_organisation_is_kept_as_a_name_not_read_as_prose() -> None:
    lines = [
        "BEGIN:VCARD",
        "FN:Ola Nordmann",
        "ORG:Orion Boards\\; Cables AS;Field Sales;",
        "NOTE:Met at the trade fair.",
        "END:VCARD",
        "BEGIN:VCARD",
        "FN:Kari Nordmann",
        "ORG:Orion Boards\\; Cables AS",
        "END:VCARD",
    ]
    calendar = parse_calendar(lines)
    assert calendar.organisations == ("Orion Boards; Cables AS", "Field Sales")
    assert not any("Orion" in block.text for block in calendar.blocks)


def test_a_loaded_contact_file_carries_its_organisations(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "contacts.vcf"
    path.write_text("BEGIN:VCARD\nVERSION:4.0\nFN:Ola\nORG:Orion Boards AS\nEND:VCARD\n", encoding="utf-8")
    assert load_document(path, "contacts.vcf").organisations == ("Orion Boards AS",)
