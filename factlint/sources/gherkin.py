"""Gherkin feature files read as scenarios of steps, outlines filled from their Examples (decision 0216).

A feature file (Cucumber, behave, SpecFlow, Godog) is a ``Feature:`` with ``Background:``,
``Scenario:`` and ``Scenario Outline:`` sections, each a list of steps opening with ``Given``,
``When``, ``Then``, ``And`` or ``But``. A section's title is a heading over its steps; a step's
keyword only says which phase of the test it is, so it is dropped and each step is a sentence of
its own. Tags (``@wip``) are bookkeeping and dropped; ``#`` comments are prose (a note on why a
scenario is disabled says what was wrong with it), except the ``# language:`` directive.

A scenario outline's steps are a template (``the quote shows <gpus> accelerators``): the steps
themselves state nothing, and each row of the ``Examples:`` pipe table below them is one scenario,
the template with every placeholder replaced by the row's cell under the column of that name. So a
row is read as that filled-in scenario, its figures placed at their cells: the placeholder header
is what maps a column to the attribute the step gives it. A pipe table without a Markdown separator
row is still a table: a data table under a step (and an Examples table no template names) is read
as table rows under its first row's headers. The keywords live in ``gherkin.yaml``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from factlint.models import Block, BlockKind, Cell
from factlint.sources.blocks import make_block, plain_text
from factlint.sources.htmltext import AnchoredText, join
from factlint.sources.markdown import split_row
from factlint.sources.packaged import packaged_file
from factlint.sources.sentences import split_sentences
from factlint.sources.suffixrules import SuffixRule

_DOC_STRING = re.compile(r'\s*("""|```)')


@dataclass(frozen=True)
class GherkinKeywords:
    """The suffixes, keywords and patterns of feature files (``gherkin.yaml``)."""

    suffixes: SuffixRule
    section: re.Pattern[str]
    outlines: frozenset[str]
    examples: frozenset[str]
    step: re.Pattern[str]
    tag: re.Pattern[str]
    placeholder: re.Pattern[str]
    language: re.Pattern[str]
    glued_signs: str


@cache
def gherkin_keywords() -> GherkinKeywords:
    """Return the feature-file keywords and patterns of ``gherkin.yaml``."""
    known = packaged_file("factlint.sources", "gherkin.yaml")
    sections = sorted(known.words("section_keywords"), key=len, reverse=True)
    steps = sorted(known.words("step_keywords"), key=len, reverse=True)
    return GherkinKeywords(
        suffixes=SuffixRule.from_file(known),
        section=re.compile(
            r"[ \t]*(?P<keyword>"
            + "|".join(map(re.escape, sections))
            + r")[ \t]*:[ \t]*(?P<title>.*?)[ \t]*$"
        ),
        outlines=frozenset(known.words("outline_keywords")),
        examples=frozenset(known.words("examples_keywords")),
        step=re.compile(r"[ \t]*(?:" + "|".join(map(re.escape, steps)) + r")[ \t]+(?=\S)"),
        tag=re.compile(str(known.value("tag"))),
        placeholder=re.compile(str(known.value("placeholder"))),
        language=re.compile(str(known.value("language_comment"))),
        glued_signs="".join(known.words("glued_signs")),
    )


def is_gherkin(lines: Sequence[str], suffix: str) -> bool:
    """Return True if the document is a feature file: by its suffix, or (a ``.txt`` file or one
    without a suffix) by its first line of content opening with ``Feature:`` and a section below it."""
    keywords = gherkin_keywords()
    by_suffix = keywords.suffixes.decides(suffix)
    if by_suffix is not None:
        return by_suffix
    for index, line in enumerate(lines):
        stripped = line.strip()
        if not stripped or stripped.startswith("#") or not keywords.tag.sub("", stripped).strip():
            continue
        if not stripped.startswith("Feature:"):
            return False
        return any(keywords.section.match(later) is not None for later in lines[index + 1 :])
    return False


@dataclass
class _Walk:
    """The reading state: the blocks so far, the open headings and what the current section holds."""

    keywords: GherkinKeywords
    blocks: list[Block] = field(default_factory=list)
    feature: str | None = None
    section: str | None = None
    outline: bool = False
    template: list[AnchoredText] = field(default_factory=list)
    in_examples: bool = False
    header: tuple[str, ...] | None = None
    steps: list[AnchoredText] = field(default_factory=list)
    notes: list[AnchoredText] = field(default_factory=list)

    def headings(self) -> tuple[str, ...]:
        return tuple(title for title in (self.feature, self.section) if title)


def parse_gherkin(lines: Sequence[str], body_line: int = 1) -> list[Block]:
    """Return the blocks of a feature file: a heading per section, a paragraph of steps (one sentence
    each) per scenario, a paragraph per filled-in Examples row of an outline, table rows for other
    pipe tables and a paragraph per run of comments or description lines."""
    walk = _Walk(gherkin_keywords())
    index = body_line - 1
    while index < len(lines):
        line = lines[index]
        stripped = line.strip()
        number = index + 1
        if stripped.startswith("#"):
            _comment(walk, line, number)
            index += 1
            continue
        _flush_notes(walk)
        if not stripped or not walk.keywords.tag.sub("", stripped).strip():
            index += 1
            continue
        if _DOC_STRING.match(line):
            index = _doc_string(walk, lines, index)
            continue
        section = walk.keywords.section.match(line)
        if section is not None:
            _open_section(walk, section, number)
        elif stripped.startswith("|"):
            _pipe_row(walk, line, number)
        elif (step := walk.keywords.step.match(line)) is not None:
            walk.header = None
            sentence = AnchoredText(line[step.end() :].rstrip(), ((0, number, step.end() + 1),))
            (walk.template if walk.outline and not walk.in_examples else walk.steps).append(sentence)
        else:
            column = len(line) - len(line.lstrip())
            walk.steps.append(AnchoredText(stripped, ((0, number, column + 1),)))
        index += 1
    _flush_steps(walk)
    _flush_notes(walk)
    return walk.blocks


def _comment(walk: _Walk, line: str, number: int) -> None:
    """Keep the comment on line ``number`` as a note (prose), unless it is the language directive."""
    _flush_steps(walk)
    stripped = line.strip()
    if walk.keywords.language.match(stripped) is not None:
        return
    text = stripped[1:].strip()
    if text:
        column = line.index(text, line.index("#") + 1) + 1
        walk.notes.append(AnchoredText(text, ((0, number, column),)))


def _open_section(walk: _Walk, section: re.Match[str], number: int) -> None:
    """Close what the section before held and emit the heading of the one opening on line ``number``."""
    _flush_steps(walk)
    keyword, title = section["keyword"], section["title"]
    walk.header = None
    if keyword in walk.keywords.examples:
        walk.in_examples = True
        return
    heading = title or keyword
    column = section.start("title") + 1 if title else section.start("keyword") + 1
    above = () if keyword == "Feature" or walk.feature is None else (walk.feature,)
    walk.blocks.append(make_block(BlockKind.HEADING, heading, number, column, above))
    if keyword == "Feature":
        walk.feature, walk.section = heading, None
    else:
        walk.section = heading
    walk.outline = keyword in walk.keywords.outlines
    walk.template = []
    walk.in_examples = False


def _pipe_row(walk: _Walk, line: str, number: int) -> None:
    """Read a pipe-table row: the first row of a table names its columns, each later one is a
    filled-in scenario (under an outline's Examples) or a table row."""
    cells = split_row(line)
    if walk.header is None:
        _flush_steps(walk)
        walk.header = tuple(plain_text(cell.text) for cell in cells)
        return
    if walk.in_examples and walk.template and _fills_template(walk):
        walk.blocks.append(_filled_scenario(walk, cells, number))
        return
    column = len(line) - len(line.lstrip())
    walk.blocks.append(
        make_block(
            BlockKind.TABLE_ROW,
            line[column:].rstrip(),
            number,
            column + 1,
            walk.headings(),
            table_headers=walk.header,
            cells=cells,
        )
    )


def _fills_template(walk: _Walk) -> bool:
    """Return True if some placeholder of the template names a column of the Examples table."""
    names = set(walk.header or ())
    return any(
        match[1].strip() in names
        for step in walk.template
        for match in walk.keywords.placeholder.finditer(step.text)
    )


def _filled_scenario(walk: _Walk, cells: Sequence[Cell], number: int) -> Block:
    """Return the paragraph of the template's steps with each placeholder replaced by the row's cell
    under that column: the words are placed at the row's start, each value at its cell."""
    values = {name: cell for name, cell in zip(walk.header or (), cells, strict=False)}
    start_column = cells[0].column if cells else 1
    text = ""
    anchors: list[tuple[int, int, int]] = []
    sentences: list[tuple[int, int]] = []

    def place(piece: str, column: int) -> None:
        nonlocal text
        if piece:
            anchors.append((len(text), number, column))
            text += piece

    for step in walk.template:
        if text:
            place("\n", start_column)
        begin = len(text)
        cursor = 0
        for match in walk.keywords.placeholder.finditer(step.text):
            cell = values.get(match[1].strip())
            words = step.text[cursor : match.start()]
            if cell is None:
                place(words + match[0], start_column)
            else:
                # a sign glued before the placeholder ("$<rate>") is placed on the cell with its figure
                glued = len(words) - len(words.rstrip(walk.keywords.glued_signs))
                place(words[: len(words) - glued], start_column)
                place(words[len(words) - glued :], cell.column)
                place(cell.text, cell.column)
            cursor = match.end()
        place(step.text[cursor:], start_column)
        sentences += [(begin + left, begin + right) for left, right in split_sentences(text[begin:])]
    anchors = _merged(anchors)
    return Block(
        BlockKind.PARAGRAPH,
        text,
        number,
        anchors[0][2],
        walk.headings(),
        sentences=tuple(sentences),
        anchors=tuple(anchors),
    )


def _merged(anchors: list[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
    """Return ``anchors`` without one that only continues the stretch before it."""
    kept: list[tuple[int, int, int]] = []
    for anchor in anchors:
        if kept and kept[-1][0] == anchor[0]:
            kept[-1] = anchor
        else:
            kept.append(anchor)
    return kept


def _doc_string(walk: _Walk, lines: Sequence[str], index: int) -> int:
    """Read the doc string opening on ``lines[index]`` as lines of the scenario; return the next index."""
    fence = _DOC_STRING.match(lines[index])[1]  # type: ignore[index]
    index += 1
    while index < len(lines) and not lines[index].strip().startswith(fence):
        line = lines[index]
        if line.strip():
            column = len(line) - len(line.lstrip())
            walk.steps.append(AnchoredText(line.strip(), ((0, index + 1, column + 1),)))
        index += 1
    return index + 1


def _flush_steps(walk: _Walk) -> None:
    """Emit the steps (and description lines) gathered so far as one paragraph, a sentence each."""
    if walk.steps:
        walk.blocks.append(_paragraph(walk.steps, walk.headings()))
        walk.steps = []


def _flush_notes(walk: _Walk) -> None:
    """Emit a run of comment lines as one paragraph: a comment's sentence may go on to the next line."""
    if not walk.notes:
        return
    text, anchors, _ = join(walk.notes, " ")
    _, line, column = anchors[0]
    walk.blocks.append(
        make_block(BlockKind.PARAGRAPH, text, line, column, walk.headings(), anchors=tuple(anchors))
    )
    walk.notes = []


def _paragraph(parts: Sequence[AnchoredText], headings: tuple[str, ...]) -> Block:
    """Return the paragraph of ``parts`` joined by newlines, each part's sentences its own."""
    text, anchors, starts = join(list(parts), "\n")
    sentences = [
        (start + left, start + right)
        for part, start in zip(parts, starts, strict=True)
        for left, right in split_sentences(part.text)
    ]
    _, line, column = anchors[0]
    return Block(
        BlockKind.PARAGRAPH,
        text,
        line,
        column,
        headings,
        sentences=tuple(sentences),
        anchors=tuple(anchors),
    )
