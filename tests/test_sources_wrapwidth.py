"""Hard-wrapped plain text: which line breaks are the wrapping's and which end a paragraph."""

from __future__ import annotations

import textwrap

from factlint.models import BlockKind
from factlint.sources.plaintext import parse_plain_text
from factlint.sources.wrapwidth import dangles, fills_line, near_margin, wrap_width

PROSE = textwrap.dedent(
    """\
    The committee met twice this spring to review the shared cluster and its budget
    for the coming year, and agreed that the older nodes should stay in service.
    The new racks arrive in the autumn, once the room has been refitted for them.
    Each rack will hold four servers, with its own cooling and power distribution.
    Short last line.

    A second paragraph follows after a blank line, as hard-wrapped text usually has.
    The facilities team will confirm the delivery dates before the end of the month.
    """
).splitlines()


def _texts(lines: list[str]) -> list[str]:
    return [block.text for block in parse_plain_text(lines)]


def test_wrap_width_of_wrapped_prose() -> None:
    width = wrap_width(PROSE)
    assert width is not None and 78 <= width <= 82


def test_no_wrap_width_for_short_lines() -> None:
    address = ["Lab Services", "12 Harbour Road", "Springfield", "Tel. 555 0100"] * 3
    assert wrap_width(address) is None


def test_fills_line_and_near_margin() -> None:
    assert fills_line("x" * 76, "overflowing word", 80)
    assert not fills_line("x" * 60, "short", 80)
    assert near_margin("y" * 75, 80) and not near_margin("y" * 60, 80)
    assert not near_margin("Memory    80 GB    Power    700 W   and more text here", 56)


def test_sentence_ending_near_the_margin_keeps_the_paragraph() -> None:
    texts = _texts(PROSE)
    assert texts[0].startswith("The committee") and texts[0].endswith("Short last line.")
    assert texts[1].startswith("A second paragraph")


def test_one_sentence_lines_are_not_joined() -> None:
    lines = [
        "Meeting notes from the hardware review, kept by the lab manager for the record.",
        "The review covered three candidate servers and the cooling budget for next year.",
        "We agreed to wait for the second quote before choosing between the two vendors.",
        "Several members asked whether the old cluster could be kept running until then.",
        "Next review: first Monday of the month, same room, with the facilities team there.",
        "Minutes were approved without changes and will be filed with the others as usual.",
    ]
    assert len(_texts(lines)) == len(lines)


def test_new_indent_starts_a_new_paragraph() -> None:
    lines = [
        *PROSE[:4],
        "  Indented: a new paragraph starts here, at another indent than before.",
        *PROSE[6:],
    ]
    texts = _texts(lines)
    assert texts[0].endswith("power distribution.") and texts[1].startswith("Indented:")


def test_wrapped_list_item_runs_back_to_the_margin() -> None:
    lines = [
        "      1.  The buyer ordered twelve servers from the reseller at a unit price of",
        "$289,000, payable in two instalments, with delivery promised before the summer.",
        "      2.  The reseller confirmed the order and quoted a lead time of ten weeks for",
        "every server, which it later extended twice without giving any reason.",
        "      3.  The buyer paid the first instalment on time and asked for a delivery",
        "date in writing, which the reseller never gave in any of its later letters.",
        "      4.  Short item",
        "Flush-left sentence after a short item is a paragraph of its own, as written.",
    ]
    blocks = parse_plain_text(lines)
    assert [b.kind for b in blocks] == [BlockKind.LIST_ITEM] * 4 + [BlockKind.PARAGRAPH]
    assert "$289,000" in blocks[0].text


def test_chat_lines_stay_messages() -> None:
    lines = [
        "[09:14] dana: the quote for the eight-GPU nodes came in higher than last time.",
        "[09:15] omar: did they say why? the memory prices went up again this quarter.",
        "[09:15] dana: yes, they blamed it on the memory and the new cooling they need.",
        "[09:16] omar: ok, then let us wait for the second vendor before we decide it.",
        "[09:17] dana: agreed, I will ask them for a firm price by the end of the week.",
        "[09:18] omar: thanks, and please copy the facilities team on that e-mail too.",
    ]
    assert len(parse_plain_text(lines)) == len(lines)


def test_line_ending_on_a_function_word_is_no_title() -> None:
    lines = [
        "We signed for two servers at a price of",
        "$515,000, delivered to the Leeds site.",
        "",
        "Pricing update for the H200 NVL",
        "$32,000 per card for orders of ten or more.",
    ]
    blocks = parse_plain_text(lines)
    assert [b.kind for b in blocks] == [BlockKind.PARAGRAPH, BlockKind.HEADING, BlockKind.PARAGRAPH]
    assert blocks[0].text.endswith("Leeds site.")
    assert dangles("at a price of") and not dangles("Pricing update for the H200 NVL")
