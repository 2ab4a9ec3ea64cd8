"""Spoken transcripts laid out as captions: caption panels, SubRip and WebVTT files."""

from __future__ import annotations

import pathlib

from factlint.models import Block, BlockKind
from factlint.sources import load_document
from factlint.sources.captions import caption_start


def _blocks(tmp_path: pathlib.Path, name: str, text: str) -> tuple[Block, ...]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    document = load_document(path, name)
    assert document.format == "text"
    return document.blocks


def _sentences(block: Block) -> list[str]:
    return [block.text[start:end] for start, end in block.sentence_spans()]


PANEL = """\
Field notes: a look at three inference cards
Transcript, auto-generated.

0:00
[Music]
0:02
so today we look at the first card
0:05
it has a lot of memory for the money
1:12
[Applause]
12:05
okay second part of the video
"""


def test_caption_panel_reads_text_lines_across_timestamps(tmp_path: pathlib.Path) -> None:
    blocks = _blocks(tmp_path, "panel.txt", PANEL)
    assert [(block.kind, block.line) for block in blocks] == [
        (BlockKind.HEADING, 1),  # the title and note above the captions, read as plain text
        (BlockKind.PARAGRAPH, 2),
        (BlockKind.PARAGRAPH, 7),
        (BlockKind.PARAGRAPH, 13),  # "[Applause]" ends the paragraph before it
    ]
    speech = blocks[2]
    assert speech.text == "so today we look at the first card\nit has a lot of memory for the money"
    assert "0:05" not in speech.text and "Music" not in speech.text
    # each text line keeps its own place in the file
    assert speech.position(speech.text.index("it has")) == (9, 1)
    assert speech.position(speech.text.index("memory")) == (9, 17)
    # without sentence punctuation, each caption line is a sentence
    assert _sentences(speech) == [
        "so today we look at the first card",
        "it has a lot of memory for the money",
    ]


def test_unpunctuated_caption_line_ending_in_an_open_word_runs_on(tmp_path: pathlib.Path) -> None:
    text = (
        "0:01\nits bandwidth is about 4 terabytes a\n0:04\nsecond and that is the headline\n"
        "0:07\nnext one\n0:09\nthe end\n"
    )
    (block,) = _blocks(tmp_path, "open.txt", text)
    assert _sentences(block) == [
        "its bandwidth is about 4 terabytes a\nsecond and that is the headline",
        "next one",
        "the end",
    ]


def test_caption_line_ending_in_on_runs_on(tmp_path: pathlib.Path) -> None:
    # "on" is a YAML 1.1 boolean: unquoted in captions.yaml it was read as True, never as a word
    text = (
        "0:01\nthe board keeps 48 gigabytes on\n0:04\nfour stacks of memory\n0:07\nnext one\n0:09\nthe end\n"
    )
    (block,) = _blocks(tmp_path, "on.txt", text)
    assert _sentences(block)[0] == "the board keeps 48 gigabytes on\nfour stacks of memory"


def test_punctuated_captions_split_into_sentences(tmp_path: pathlib.Path) -> None:
    text = (
        "[00:00:01]\nWe start with the first card. It is\n[00:00:04]\nquite fast. The second\n"
        "[00:00:07]\none is slow.\n[00:00:09]\n"
    )
    (block,) = _blocks(tmp_path, "punct.txt", text)
    assert _sentences(block) == [
        "We start with the first card.",
        "It is\nquite fast.",
        "The second\none is slow.",
    ]


def test_few_bare_timestamps_do_not_make_captions() -> None:
    log = ["Meeting notes", "10:30", "We agreed on the budget.", "Next meeting soon.", "Thanks all."]
    assert caption_start(log) is None
    chapters = ["0:00 Intro", "1:12 Memory", "3:40 Power", "5:05 Verdict", "7:00 Outro"]
    assert caption_start(chapters) is None


def test_subrip_file(tmp_path: pathlib.Path) -> None:
    text = (
        "1\n00:00:01,000 --> 00:00:03,000\n- Hello and welcome.\n\n"
        "2\n00:00:03,000 --> 00:00:05,000\nToday we test a card.\n\n"
        "3\n00:00:05,000 --> 00:00:07,000\n<i>It runs cool.</i>\n\n"
        "4\n00:00:07,000 --> 00:00:09,000\n- Thanks for having me.\n"
    )
    blocks = _blocks(tmp_path, "talk.srt", text)
    # a dash opens a new speaker's turn; cue numbers and timings are gone
    assert [block.text for block in blocks] == [
        "Hello and welcome.\nToday we test a card.\nIt runs cool.",
        "Thanks for having me.",
    ]
    first = blocks[0]
    assert first.line == 3 and first.column == 3
    assert first.position(first.text.index("It runs")) == (11, 4)  # after the "<i>" tag


def test_webvtt_file_skips_header_notes_and_cue_ids(tmp_path: pathlib.Path) -> None:
    text = (
        "WEBVTT - a test\n\nNOTE written by hand\nover two lines\n\n"
        "cue-1\n00:01.000 --> 00:03.000 line:90%\nfirst words\n\n"
        "00:03.000 --> 00:05.000\n<00:03.200><c> and more</c>\n\n"
        "00:05.000 --> 00:07.000\n<00:03.200><c> and more</c>\n"
    )
    (block,) = _blocks(tmp_path, "talk.vtt", text)
    assert block.text == "first words\nand more"  # the rolling repeat is dropped
    assert block.position(block.text.index("and more")) == (11, 16)


def test_folder_reads_subtitle_files(tmp_path: pathlib.Path) -> None:
    from factlint.config import Config
    from factlint.sources import load_sources

    (tmp_path / "a.srt").write_text("1\n00:00:01,000 --> 00:00:02,000\nhello\n", encoding="utf-8")
    (tmp_path / "b.vtt").write_text("WEBVTT\n\n00:01.000 --> 00:02.000\nhello\n", encoding="utf-8")
    documents = load_sources([str(tmp_path)], Config())
    assert sorted(pathlib.Path(document.path).name for document in documents) == ["a.srt", "b.vtt"]


def test_webvtt_voice_repeated_in_each_cue_keeps_one_turn(tmp_path: pathlib.Path) -> None:
    text = (
        "WEBVTT\n\n"
        "a1\n00:00:01.000 --> 00:00:04.000\n<v Priya Nair>Our second card is the Falcon 9. It shipped\n\n"
        "a2\n00:00:04.100 --> 00:00:07.000\n<v Priya Nair>in May. It draws 90 watts.\n\n"
        "a3\n00:00:07.100 --> 00:00:09.000\n<v.loud Tom>How much is it?\n\n"
        "a4\n00:00:09.100 --> 00:00:11.000\n<v priya  nair>About $900.\n"
    )
    blocks = _blocks(tmp_path, "turns.vtt", text)
    # the same speaker over two cues is one turn: the sentence cut by the cue reads whole
    assert [block.text for block in blocks] == [
        "Our second card is the Falcon 9. It shipped\nin May. It draws 90 watts.",
        "How much is it?\nAbout $900.",  # the answer joins its question
    ]
    assert _sentences(blocks[0])[1] == "It shipped\nin May."


def test_webvtt_escapes_read_as_their_characters(tmp_path: pathlib.Path) -> None:
    line = "<v Ana>Q&amp;A: the Kestrel has 96&nbsp;GB &lt;HBM3&gt;&lrm; and &#8216;more&#8217;."
    (block,) = _blocks(tmp_path, "escapes.vtt", f"WEBVTT\n\n00:01.000 --> 00:04.000\n{line}\n")
    assert block.text == "Q&A: the Kestrel has 96 GB <HBM3> and \u2018more\u2019."
    # the text after an escape keeps its own column in the file
    assert block.position(block.text.index("GB")) == (4, line.index("GB") + 1)
    assert block.position(block.text.index("HBM3")) == (4, line.index("HBM3") + 1)


NOTED = """\
WEBVTT

NOTE Edited by the events team.
In cue intro-2 the captioner heard 1.8 terabytes a second; the speaker said 1.6.
Cue 3: 250 watts should read 275 watts.
The room held 300 people.

intro-1
00:00:01.000 --> 00:00:04.000
The Kestrel card has 64 gigabytes,

intro-2
00:00:04.100 --> 00:00:07.000
and it moves 1.6 terabytes a second.

NOTE a break for questions

00:00:07.100 --> 00:00:09.000
It draws 250 watts.
"""


def test_webvtt_note_corrects_the_figure_of_the_cue_it_names(tmp_path: pathlib.Path) -> None:
    (block,) = _blocks(tmp_path, "noted.vtt", NOTED)
    # a note between cues does not end the speech; its own figures are not read
    assert "300" not in block.text and "break" not in block.text
    # cue intro-2 already shows the right figure: the note's figure follows it, placed at the note
    # (its unit taken from the captioned figure); cue 3 (the third cue) still shows the wrong one,
    # so the note's figure takes its place
    assert block.text == (
        "The Kestrel card has 64 gigabytes,\nand it moves 1.6 terabytes a second.\n"
        "1.6 terabytes a second.\nIt draws 275 watts."
    )
    note_line = NOTED.splitlines()[3]
    at = block.text.index("\n1.6 terabytes") + 1
    assert block.position(at) == (4, note_line.rindex("1.6") + 1)
    assert block.position(at + 4) == (4, note_line.index("terabytes") + 1)
    fixed_line = NOTED.splitlines()[4]
    assert block.position(block.text.index("275")) == (5, fixed_line.rindex("275") + 1)
    assert block.position(block.text.index("watts.")) == (19, 14)


def test_webvtt_note_without_a_cue_or_a_fix_changes_nothing(tmp_path: pathlib.Path) -> None:
    text = (
        "WEBVTT\n\nNOTE the captioner typed 80 watts; the slide says 85.\n"
        "NOTE cue 1 was typed by 2 people\n\n"
        "1\n00:01.000 --> 00:03.000\nIt draws 80 watts.\n"
    )
    (block,) = _blocks(tmp_path, "plain.vtt", text)
    assert block.text == "It draws 80 watts."


def test_answer_reads_with_the_question_before_it(tmp_path: pathlib.Path) -> None:
    text = (
        "WEBVTT\n\n"
        "00:01.000 --> 00:03.000\n<v Host>That was the last slide.\n\n"
        "00:03.100 --> 00:05.000\n<v Guest>How hot does the Falcon 9 card run?\n"
        "<v Host>About 70 degrees under load.\n\n"
        "00:05.100 --> 00:07.000\n<v Guest>Thanks. Next question.\n"
    )
    blocks = _blocks(tmp_path, "qa.vtt", text)
    # a new speaker starts a turn, except that an answer joins the question it replies to
    assert [block.text for block in blocks] == [
        "That was the last slide.",
        "How hot does the Falcon 9 card run?\nAbout 70 degrees under load.",
        "Thanks. Next question.",
    ]
