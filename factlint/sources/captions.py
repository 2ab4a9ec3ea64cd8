"""Read spoken transcripts laid out as captions: subtitle files and copied caption panels.

SubRip (``.srt``) and WebVTT (``.vtt``) files, and plain text where many lines are bare
timestamps (a video's transcript panel), put timing lines between the lines of running
speech. The caption text forms paragraphs across them; every text line keeps its own
file position through the block's anchors. Timings, cue numbers and ids, and sound cues
such as ``[Music]`` are not content.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from factlint.models import Block, BlockKind
from factlint.sources.captionnotes import CueCorrection, note_corrections
from factlint.sources.packaged import packaged_file
from factlint.sources.sentences import split_sentences

CAPTION_SUFFIXES = (".srt", ".vtt")

# A line that is only a time: "1:31", "12:05", "1:02:33", "[00:01:31]", "(00:01:31.500)".
_BARE_TIME = re.compile(r"[ \t]*[\[(]?(?:\d{1,2}:)?\d{1,2}:\d{2}(?:[.,]\d{1,3})?[\])]?[ \t]*")
# A cue's timing line: "00:01:31,000 --> 00:01:36,500", "01:31.000 --> 01:36.500 align:start".
_TIMING = re.compile(
    r"[ \t]*(?:\d{1,2}:)?\d{1,2}:\d{2}[.,]\d{1,3}[ \t]+-->[ \t]+(?:\d{1,2}:)?\d{1,2}:\d{2}[.,]\d{1,3}\b.*"
)
_WEBVTT = re.compile(r"\ufeff?WEBVTT(?:[ \t].*)?")
_VTT_BLOCK = re.compile(r"(?:NOTE|STYLE|REGION)(?:[ \t].*)?")  # a WebVTT block that holds no captions
# Markup inside a cue: "<c.colour>", "<v Dana>", "<i>", "<00:01:31.520>", "{\an8}".
_TAG = re.compile(r"<[^>\n]{0,80}>|\{\\[^}\n]{0,40}\}")
# A character escape in cue text: "&amp;", "&lt;", "&nbsp;", "&lrm;", "&#8217;".
_ESCAPE = re.compile(r"&(?:#\d{1,7}|#x[0-9a-fA-F]{1,6}|[a-zA-Z]{2,8});")
_VOICE = re.compile(r"<v(?:\.[\w.-]+)?[ \t]+([^>\n]{1,60})>")
# A sound or music cue, not speech: "[Music]", "(applause)", "♪ ... ♪", "[laughs]".
_SOUND_CUE = re.compile(r"\[[^\]\d\n]{1,40}\]|♪[^♪\n]{0,80}♪?")
_SOUND_LINE = re.compile(r"[ \t]*\([^)\d\n]{1,40}\)[ \t]*")  # "(applause)" on a line of its own
# A new speaker: ">> so today", "- Thanks for having me", "DANA: ...".
_NEW_SPEAKER = re.compile(r"[ \t]*(?:>>+|-(?=[ \t]))[ \t]*")
_END_PUNCTUATION = re.compile(r"[.!?][\"'”’)\]]*(?=\s|$)")
# Bare timestamp lines among at least this many non-blank lines, making at least this share of
# them, mark a copied caption panel; a chapter list or a log stamps its lines inline instead.
_MIN_STAMPS = 4
_MIN_STAMP_SHARE = 0.25


@dataclass
class _Paragraph:
    """Caption text gathered for one paragraph: each piece is (text, 0-based line, 0-based column)."""

    pieces: list[tuple[str, int, int]] = field(default_factory=list)
    lines: int = 0  # caption lines gathered
    last_text: str = ""  # the latest caption line, to drop the repeats of rolling captions
    cue_start: int = 0  # the first piece of the cue being read


def is_caption_file(suffix: str) -> bool:
    """Return True if the suffix names a subtitle file (SubRip or WebVTT)."""
    return suffix.lower() in CAPTION_SUFFIXES


def caption_start(lines: Sequence[str], body_line: int = 1) -> int | None:
    """Return the 0-based index of the first timing line of a copied caption panel, else None.

    A plain-text document is read as captions when many of its lines are bare timestamps
    or cue timings; the lines before the first one (a title, a note) are read as plain text.
    """
    first = None
    stamps = texts = 0
    for index in range(body_line - 1, len(lines)):
        stripped = lines[index].strip()
        if not stripped:
            continue
        if _is_timing(stripped):
            stamps += 1
            if first is None:
                first = index
        else:
            texts += 1
    if first is None or stamps < _MIN_STAMPS or stamps < _MIN_STAMP_SHARE * (stamps + texts):
        return None
    return first


def parse_captions(lines: Sequence[str], start: int) -> list[Block]:
    """Return the paragraphs of caption text from the 0-based line ``start`` on.

    A paragraph runs across timing lines and cues; it ends at a sound cue, a new speaker
    or a WebVTT note. Text without sentence punctuation (auto-captions) reads each caption
    line as a sentence of its own.
    """
    blocks: list[Block] = []
    paragraph = _Paragraph()
    skipping = False  # inside a WebVTT header, NOTE, STYLE or REGION block
    voice = ""  # the speaker a WebVTT voice tag named last
    corrections = _CueCorrections(lines, start)
    fixes: list[CueCorrection] = []  # the notes' corrections of the cue being read
    for index in range(start, len(lines)):
        raw = lines[index].rstrip("\r")
        stripped = raw.strip()
        if not stripped:
            skipping = False
            _correct(paragraph, fixes)
            fixes = []
            continue
        if skipping:
            continue
        # a note is an editor's comment between cues: the speech goes on across it
        if _WEBVTT.fullmatch(stripped) or _VTT_BLOCK.fullmatch(stripped):
            skipping = True
            continue
        if _is_timing(stripped):
            _correct(paragraph, fixes)
            fixes = corrections.of_cue(lines, index)
            paragraph.cue_start = len(paragraph.pieces)
            continue
        if _is_cue_id(lines, index):
            continue
        if _SOUND_LINE.fullmatch(raw):
            _flush(paragraph, blocks)
            paragraph = _Paragraph()
            continue
        speaker = _NEW_SPEAKER.match(raw)
        voiced = _VOICE.search(raw)
        # WebVTT repeats the voice tag in every cue of a speaker: only a new speaker starts a turn.
        turn = speaker is not None or (voiced is not None and _speaker(voiced) != voice)
        # an answer right after a question speaks of what was asked: the two read as one paragraph
        if turn and not paragraph.last_text.endswith("?"):
            _flush(paragraph, blocks)
            paragraph = _Paragraph()
        voice = _speaker(voiced) if voiced is not None else voice
        pieces = _text_pieces(raw, index, speaker.end() if speaker else 0)
        text = "".join(piece for piece, _, _ in pieces).strip()
        if not text:
            if _SOUND_CUE.search(raw):  # "[Music]" between two stretches of speech
                _flush(paragraph, blocks)
                paragraph = _Paragraph()
            continue
        if text == paragraph.last_text:
            continue  # rolling captions repeat the line before with the next one under it
        if paragraph.pieces:
            last_text, last_line, last_column = paragraph.pieces[-1]
            paragraph.pieces[-1] = (last_text + "\n", last_line, last_column)
        paragraph.pieces.extend(pieces)
        paragraph.lines += 1
        paragraph.last_text = text
    _correct(paragraph, fixes)
    _flush(paragraph, blocks)
    return blocks


class _CueCorrections:
    """The corrections that the notes of a caption file make, found by the cue they name."""

    def __init__(self, lines: Sequence[str], start: int) -> None:
        self._corrections = note_corrections(lines, start)
        self._ids: set[str] = set()
        self._count = 0  # timing lines passed
        if self._corrections:
            self._ids = {
                lines[index - 1].strip().casefold()
                for index in range(max(start, 1), len(lines))
                if _TIMING.fullmatch(lines[index]) and lines[index - 1].strip()
            }

    def of_cue(self, lines: Sequence[str], timing: int) -> list[CueCorrection]:
        """Return the corrections of the cue whose timing line is ``timing``: named by its
        identifier, or by its number in the file when no cue has that identifier."""
        self._count += 1
        if not self._corrections:
            return []
        name = lines[timing - 1].strip().casefold() if timing > 0 else ""
        return [
            fix
            for fix in self._corrections
            if fix.cue.casefold() == name
            or (fix.cue.casefold() not in self._ids and fix.cue == str(self._count))
        ]


def _correct(paragraph: _Paragraph, fixes: Sequence[CueCorrection]) -> None:
    """Put each note's figure in the cue just read: in place of the captioned figure when the cue
    still shows it, else as a sentence of its own after the cue, placed at the note."""
    for fix in fixes:
        if paragraph.cue_start >= len(paragraph.pieces):
            return
        wrong = re.compile(rf"(?<![\w.,]){re.escape(fix.wrong)}(?![\w]|[.,]\d)")
        for number in range(paragraph.cue_start, len(paragraph.pieces)):
            text, line, column = paragraph.pieces[number]
            found = wrong.search(text)
            if found is not None:
                right = (fix.right.text, fix.right.line, fix.right.column)
                after = (text[found.end() :], line, column + found.end())
                replaced = [(text[: found.start()], line, column), right, after]
                paragraph.pieces[number : number + 1] = [piece for piece in replaced if piece[0]]
                break
        else:
            last_text, last_line, last_column = paragraph.pieces[-1]
            paragraph.pieces[-1] = (last_text + "\n", last_line, last_column)
            paragraph.pieces.append((fix.right.text, fix.right.line, fix.right.column))
            if fix.unit is not None:  # the space before the unit stands at the column before it
                paragraph.pieces.append((f" {fix.unit.text}.", fix.unit.line, fix.unit.column - 1))
            paragraph.lines += 1


def _speaker(voiced: re.Match[str]) -> str:
    """Return the speaker a voice tag names, compared without case or spacing."""
    return " ".join(voiced.group(1).split()).casefold()


def _is_timing(stripped: str) -> bool:
    return _BARE_TIME.fullmatch(stripped) is not None or _TIMING.fullmatch(stripped) is not None


def _is_cue_id(lines: Sequence[str], index: int) -> bool:
    """Return True if the line names the cue whose timing line follows it (SubRip numbers, WebVTT ids)."""
    following = lines[index + 1].strip() if index + 1 < len(lines) else ""
    return _TIMING.fullmatch(following) is not None


def _text_pieces(raw: str, index: int, start: int) -> list[tuple[str, int, int]]:
    """Return the stretches of speech on one line without markup or sound cues, with their columns."""
    pieces = []
    position = start
    line_end = len(raw.rstrip())
    for begin, end, replacement in _markup(raw, start):
        if begin > position:
            pieces.append((raw[position:begin], index, position))
        if replacement and begin >= position:
            pieces.append((replacement, index, begin))
        position = max(position, end)
    if position < line_end:
        pieces.append((raw[position:line_end], index, position))
    # Drop the blanks at either end so the first anchor points at the first word.
    if pieces:
        text, line, column = pieces[0]
        lead = len(text) - len(text.lstrip())
        pieces[0] = (text[lead:], line, column + lead)
        text, line, column = pieces[-1]
        pieces[-1] = (text.rstrip(), line, column)
    return [piece for piece in pieces if piece[0]]


def _markup(raw: str, start: int) -> list[tuple[int, int, str]]:
    """Return the (start, end, text read in its place) spans of tags, sound cues and character
    escapes on a line, in order: markup reads as nothing, an escape as its character."""
    spans = [(m.start(), m.end(), "") for m in _TAG.finditer(raw, start)]
    spans += [(m.start(), m.end(), "") for m in _SOUND_CUE.finditer(raw, start)]
    spans += [(m.start(), m.end(), _unescaped(m.group(0))) for m in _ESCAPE.finditer(raw, start)]
    return sorted(spans)


def _unescaped(escape: str) -> str:
    """Return the character an escape stands for; a direction mark or an unknown name reads as nothing."""
    character = html.unescape(escape)
    if character == escape:
        return ""
    return " " if character == "\u00a0" else character.replace("\u200e", "").replace("\u200f", "")


def _flush(paragraph: _Paragraph, blocks: list[Block]) -> None:
    """Append the paragraph gathered so far as a block with one anchor per stretch of text."""
    if not paragraph.pieces:
        return
    anchors = []
    offset = 0
    for text, line, column in paragraph.pieces:
        anchors.append((offset, line + 1, column + 1))
        offset += len(text)
    text = "".join(piece for piece, _, _ in paragraph.pieces)
    _, line, column = anchors[0]
    if len(_END_PUNCTUATION.findall(text)) * 4 < paragraph.lines:
        sentences = _line_spans(text)
    else:
        sentences = split_sentences(text)
    blocks.append(Block(BlockKind.PARAGRAPH, text, line, column, sentences=sentences, anchors=tuple(anchors)))


def _line_spans(text: str) -> tuple[tuple[int, int], ...]:
    """Return the sentence spans of unpunctuated captions: one per caption line, except that a
    line ending in a figure or in a word that leaves the speech open runs on into the next."""
    spans = []
    start = position = 0
    parts = text.split("\n")
    for number, part in enumerate(parts):
        position += len(part)
        if number == len(parts) - 1 or not _runs_on(part):
            spans.append((start, position))
            start = position + 1
        position += 1
    return tuple(spans)


def _runs_on(line: str) -> bool:
    """Return True if an unpunctuated caption line stops mid-sentence (in a figure or an open word)."""
    words = line.split()
    if not words:
        return False
    last = words[-1].lower()
    return last[-1:].isdigit() or last in _open_endings()


@cache
def _open_endings() -> frozenset[str]:
    words = packaged_file("factlint.sources", "captions.yaml").words("open_endings")
    return frozenset(word.lower() for word in words)
