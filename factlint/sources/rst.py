"""Segment reStructuredText into blocks: section titles, paragraphs, list items, field and table
rows, and the text of admonitions and footnotes, each placed in the file.

Built from docutils' "reStructuredText Markup Specification": the body elements are recognised
by how their first line starts, at the indentation of the text around them. What a reader of
the built page does not see as text is not read: comments, hyperlink targets, substitution
definitions (their text is read where ``|name|`` uses it), literal and code blocks (as the HTML
reader drops ``<pre>``), and directives that show code, formulas or pictures (``rst.yaml``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from factlint.models import Block
from factlint.sources.html import labelled_parts
from factlint.sources.htmltable import GridRow, SourceRow, lay_out, row_blocks
from factlint.sources.htmltext import AnchoredText, Lead, TextGatherer, with_lead
from factlint.sources.latexblocks import LatexBlocks
from factlint.sources.rstinline import Substitutions, add_inline, inline_text, rst_words
from factlint.sources.rstlines import (
    SourceLine,
    blank,
    dedent,
    file_lines,
    indent_of,
    indented_end,
    item_body,
    trim_blank,
)
from factlint.sources.rstsubstitutions import substitution_definitions
from factlint.sources.rsttable import (
    GRID_BORDER,
    SIMPLE_BORDER,
    csv_table_rows,
    grid_end,
    grid_rows,
    list_table_rows,
    simple_end,
    simple_rows,
)

_ADORNMENT = re.compile(r"([!-/:-@\[-`{-~])\1{2,}$")
_EXPLICIT = re.compile(r"\.\.(?: +|$)")
_DIRECTIVE = re.compile(r"\.\. +([A-Za-z0-9][\w.+:-]*?)[ ]?::(?: +(.*)|$)")
_FOOTNOTE = re.compile(r"\.\. +\[(\d+|#[\w.-]*|\*|[A-Za-z][\w.-]*)\](?: +|$)")
_BULLET = re.compile(r"([-*+•‣⁃])(?: +|$)")
_ENUMERATOR = r"(?:\d+|#|[a-zA-Z]|[ivxlcdm]+|[IVXLCDM]+)"
_ENUMERATED = re.compile(rf"(?:{_ENUMERATOR}[.)]|\({_ENUMERATOR}\))(?: +|$)")
_FIELD = re.compile(r":(?P<name>[^:\s\\`](?:[^:\\`]|\\.)*?)(?<![ \\]):(?: +|$)")
_LINE_BLOCK = re.compile(r"\|(?: +|$)")
_CLASSIFIER = re.compile(r" +: +")
_LITERAL_MARK = re.compile(r"(?:^|(?<=\s))::$|(?<=\S)::$")
MAX_NESTING = 40


def parse_rst(lines: Sequence[str], body_line: int = 1) -> tuple[list[Block], str | None]:
    """Return the blocks of a reStructuredText file and its title (its first section title)."""
    source = file_lines(lines, body_line)
    reader = _RstReader(Substitutions(substitution_definitions(source)))
    reader.body(source)
    return reader.output.blocks, reader.title


@dataclass
class _RstReader:
    """Reads body elements, region by region, into the blocks of ``output``."""

    substitutions: Substitutions
    output: LatexBlocks = field(default_factory=LatexBlocks)
    styles: list[tuple[str, bool]] = field(default_factory=list)  # (adornment, overlined) by level
    title: str | None = None
    lead: Lead | None = None  # opens the next block
    depth: int = 0

    def body(self, lines: Sequence[SourceLine]) -> None:
        """Read the body elements of ``lines``, a region whose own text is not indented."""
        if self.depth >= MAX_NESTING:
            self._flat(lines)
            return
        self.depth += 1
        index = 0
        while index < len(lines):
            if blank(lines[index]):
                index += 1
            else:
                index = self._element(lines, index)
        self.depth -= 1

    def _flat(self, lines: Sequence[SourceLine]) -> None:
        """Read a region nested too deep as plain paragraphs (runs of non-blank lines), not dropped."""
        run: list[SourceLine] = []
        for line in [*lines, SourceLine(0, 1, "")]:
            if not blank(line):
                run.append(line.after(indent_of(line)))
            elif run:
                text = inline_text(run, self.substitutions, one_line=False)
                if text is not None:
                    self._emit(text, None)
                run = []

    def _element(self, lines: Sequence[SourceLine], index: int) -> int:
        """Read the body element starting at ``lines[index]``; return the index after it."""
        line = lines[index]
        text = line.text
        following = lines[index + 1] if index + 1 < len(lines) else None
        if indent_of(line):
            end = indented_end(lines, index)
            self.body(dedent(lines[index:end]))
            return end
        if _EXPLICIT.match(text):
            return self._explicit(lines, index)
        if GRID_BORDER.match(text):
            end = grid_end(lines, index)
            self._table(grid_rows(lines[index:end], self.substitutions))
            return end
        if SIMPLE_BORDER.match(text) and (end := simple_end(lines, index)) > index:
            self._table(simple_rows(lines[index:end], self.substitutions))
            return end
        if (title_end := self._section(lines, index)) is not None:
            return title_end
        if _ADORNMENT.match(text) and (following is None or blank(following)):
            return index + 1  # a transition
        if (bullet := _BULLET.match(text)) is not None:
            return self._list(lines, index, lambda candidate: candidate.startswith(bullet.group(1)), _BULLET)
        if _ENUMERATED.match(text) and (
            following is None or blank(following) or indent_of(following) or _ENUMERATED.match(following.text)
        ):
            return self._list(
                lines, index, lambda candidate: _ENUMERATED.match(candidate) is not None, _ENUMERATED
            )
        if (field_match := _FIELD.match(text)) is not None:
            return self._field(lines, index, field_match)
        if _LINE_BLOCK.match(text):
            return self._line_block(lines, index)
        if text.startswith(">>>"):
            return _paragraph_end(lines, index)  # a doctest block is code
        if _is_term(lines, index):
            return self._definition(lines, index)
        return self._paragraph(lines, index)

    # -- sections ----------------------------------------------------------------------

    def _section(self, lines: Sequence[SourceLine], index: int) -> int | None:
        """Read a section title (underlined, or over- and underlined alike); None if there is none."""
        over = _ADORNMENT.match(lines[index].text)
        if over is not None:
            if index + 2 >= len(lines) or blank(lines[index + 1]):
                return None
            under = _ADORNMENT.match(lines[index + 2].text)
            if under is None or under.group(1) != over.group(1):
                return None
            self._heading(lines[index + 1], (over.group(1), True))
            return index + 3
        if index + 1 >= len(lines):
            return None
        under = _ADORNMENT.match(lines[index + 1].text)
        if under is None:
            return None
        self._heading(lines[index], (under.group(1), False))
        return index + 2

    def _heading(self, line: SourceLine, style: tuple[str, bool]) -> None:
        if style not in self.styles:
            self.styles.append(style)
        text = inline_text([line.after(indent_of(line))], self.substitutions)
        heading = self.output.heading(self.styles.index(style) + 1, text)
        if heading is not None and self.title is None:
            self.title = heading

    # -- explicit markup ---------------------------------------------------------------

    def _explicit(self, lines: Sequence[SourceLine], index: int) -> int:
        """Read a directive or a footnote; skip a comment, target or substitution definition."""
        end = indented_end(lines, index + 1)
        block = dedent(lines[index + 1 : end])
        text = lines[index].text
        if (note := _FOOTNOTE.match(text)) is not None:
            mark = AnchoredText(f"[^{note.group(1)}]:", ((0, lines[index].number, lines[index].column),))
            self.lead = (mark, " ", "")
            self.body([*self._first_line(lines[index], note.end()), *block])
            self.lead = None
            self.output.previous_paragraph = None
            return end
        directive = _DIRECTIVE.match(text)
        if directive is not None:
            argument = lines[index].after(directive.start(2)) if directive.group(2) else None
            self._directive(directive.group(1).lower(), argument, block)
            self.output.previous_paragraph = None  # a box's last paragraph introduces nothing outside it
        return end

    def _first_line(self, line: SourceLine, start: int) -> list[SourceLine]:
        rest = line.after(start)
        return [rest.after(indent_of(rest))] if rest.text.strip() else []

    def _directive(self, name: str, argument: SourceLine | None, block: list[SourceLine]) -> None:
        if name in rst_words("hidden_directives"):
            return
        options, content = _options(block)
        if name == "list-table":
            header_rows = _number(options.get("header-rows"))
            self._caption(argument)
            self._table(list_table_rows(content, header_rows, self.substitutions))
        elif name == "csv-table":
            header = options.get("header")
            delimiter = _delimiter(options.get("delim"))
            self._caption(argument)
            rows = csv_table_rows(
                content, header, _number(options.get("header-rows")), delimiter, self.substitutions
            )
            self._table(rows)
        elif name in rst_words("version_directives"):
            rest = argument.text.split(maxsplit=1) if argument else []
            first = [argument.after(argument.text.index(rest[1]))] if argument and len(rest) > 1 else []
            self.body([*first, *content])
        elif name == "rubric":
            self._caption(argument)
        elif name in rst_words("titled_directives"):
            if name in rst_words("printed_titles"):
                self._caption(argument)
            self.body(content)
        elif name in rst_words("admonitions"):
            self.body([*([argument] if argument else []), *content])
        else:  # a directive this reader does not know: its content is read, its argument is not
            self.body(content)

    def _caption(self, argument: SourceLine | None) -> None:
        text = inline_text([argument], self.substitutions) if argument is not None else None
        if text is not None:
            self.output.paragraph(text)

    # -- lists -------------------------------------------------------------------------

    def _list(
        self, lines: Sequence[SourceLine], index: int, same: Callable[[str], bool], marker: re.Pattern[str]
    ) -> int:
        """Read a bullet or enumerated list: each item's body is read as list items."""
        self.output.open_list("rst")
        while index < len(lines):
            match = marker.match(lines[index].text)
            if match is None or indent_of(lines[index]) or not same(lines[index].text):
                break
            body, index = item_body(lines, index, match.end())
            self.output.lists[-1].item = True
            self.output.lists[-1].label = None
            self.body(body)
            while index < len(lines) and blank(lines[index]):
                index += 1
        self.output.close_list()
        return index

    def _definition(self, lines: Sequence[SourceLine], index: int) -> int:
        """Read a definition list: each item "term: definition", labelled with its term."""
        self.output.open_list("definitions")
        while _is_term(lines, index):
            term_line = lines[index]
            term_text = _CLASSIFIER.split(term_line.text, maxsplit=1)[0]
            term = inline_text(
                [SourceLine(term_line.number, term_line.column, term_text)], self.substitutions
            )
            label = " ".join(term.text.split()) if term is not None else None
            self.output.lists[-1].item = True
            self.output.lists[-1].label = label
            self.lead = (term, ": ", label or "") if term is not None else None
            end = indented_end(lines, index + 1)
            self.body(dedent(lines[index + 1 : end]))
            self.lead = None
            index = end
            while index < len(lines) and blank(lines[index]):
                index += 1
        self.output.close_list()
        return index

    def _field(self, lines: Sequence[SourceLine], index: int, match: re.Match[str]) -> int:
        """Read one field (":Memory: 96 GB") as a table row "name | body"; a body of several
        elements is read as a definition of the name."""
        line = lines[index]
        name = inline_text(
            [SourceLine(line.number, line.column + 1, match.group("name"))], self.substitutions
        )
        body, end = item_body(lines, index, match.end())
        body = trim_blank(body)
        if name is not None and body and not any(blank(item) for item in body) and self._plain(body):
            value = inline_text([item.after(indent_of(item)) for item in body], self.substitutions)
            row = SourceRow((), False, line.number, line.column)
            self.output.table(row_blocks((), [GridRow(row, (name, value))], self.output.path()))
            return end
        label = " ".join(name.text.split()) if name is not None else ""
        self.lead = (name, ": ", label) if name is not None else None
        self.body(body)
        self.lead = None
        return end

    def _plain(self, body: Sequence[SourceLine]) -> bool:
        """Return True if ``body`` opens with text, not a list, table or directive."""
        first = body[0].text
        return not (_BULLET.match(first) or _EXPLICIT.match(first) or GRID_BORDER.match(first))

    # -- text --------------------------------------------------------------------------

    def _line_block(self, lines: Sequence[SourceLine], index: int) -> int:
        """Read a line block ("| " lines) as one paragraph that keeps its line breaks."""
        gatherer = TextGatherer()
        while index < len(lines) and (match := _LINE_BLOCK.match(lines[index].text)) is not None:
            end = indented_end(lines, index + 1)
            part = [
                lines[index].after(match.end()),
                *(line.after(indent_of(line)) for line in lines[index + 1 : end]),
            ]
            if len(gatherer):
                gatherer.line_break()
            add_inline(gatherer, [line for line in part if not blank(line)], self.substitutions)
            index = end
        text = gatherer.text()
        if text is not None:
            self._emit(text, None)
        return index

    def _paragraph(self, lines: Sequence[SourceLine], index: int) -> int:
        """Read a paragraph; one ending in "::" announces a literal block, which is not read."""
        end = _paragraph_end(lines, index)
        body = list(lines[index:end])
        literal = _LITERAL_MARK.search(body[-1].text)
        if literal is not None:
            last = body[-1]
            kept = last.text[: literal.start()].rstrip()
            if literal.start() and not last.text[literal.start() - 1].isspace():
                kept += ":"  # "as follows::" prints "as follows:"
            body[-1] = SourceLine(last.number, last.column, kept)
        gatherer, bold = TextGatherer(), list[tuple[int, int]]()
        add_inline(gatherer, [line for line in body if line.text], self.substitutions, bold)
        text = gatherer.text()
        if text is not None:
            # split before each line that opens with a bold label, as the HTML reader does
            for part, label in labelled_parts(text, bold):
                self._emit(part, label)
        if literal is None:
            return end
        return _literal_end(lines, end)

    def _emit(self, text: AnchoredText, label: str | None) -> None:
        text, label = with_lead(self.lead, text, label)
        self.lead = None
        self.output.text(text, label)

    def _table(self, rows: list[SourceRow]) -> None:
        if not rows:
            return
        headers, body = lay_out(rows)
        self.output.table(row_blocks(headers, body, self.output.path()))


def _is_term(lines: Sequence[SourceLine], index: int) -> bool:
    """Return True if line ``index`` is a definition list term: unindented text over indented text."""
    return (
        index + 1 < len(lines)
        and not blank(lines[index])
        and not indent_of(lines[index])
        and not blank(lines[index + 1])
        and indent_of(lines[index + 1]) > 0
        and not _EXPLICIT.match(lines[index].text)
    )


def _paragraph_end(lines: Sequence[SourceLine], index: int) -> int:
    end = index + 1
    while end < len(lines) and not blank(lines[end]) and not indent_of(lines[end]):
        end += 1
    return end


def _literal_end(lines: Sequence[SourceLine], index: int) -> int:
    """Return the index after the literal block that follows line ``index`` (indented, or quoted
    with a punctuation character opening each line)."""
    while index < len(lines) and blank(lines[index]):
        index += 1
    if index >= len(lines):
        return index
    if indent_of(lines[index]):
        return indented_end(lines, index)
    quote = lines[index].text[:1]
    if quote.isalnum() or quote.isspace():
        return index
    while index < len(lines) and lines[index].text[:1] == quote:
        index += 1
    return index


def _options(block: list[SourceLine]) -> tuple[dict[str, SourceLine], list[SourceLine]]:
    """Split a directive's block into its options (":name: value" lines at its start) and content."""
    options: dict[str, SourceLine] = {}
    index = 0
    while index < len(block) and (match := _FIELD.match(block[index].text)) is not None:
        options[match.group("name").lower()] = block[index].after(match.end())
        index += 1
        while index < len(block) and not blank(block[index]) and indent_of(block[index]):
            index += 1
    return options, trim_blank(block[index:])


def _number(option: SourceLine | None) -> int:
    written = option.text.strip() if option is not None else ""
    return int(written) if written.isascii() and written.isdigit() and len(written) < 10 else 0


def _delimiter(option: SourceLine | None) -> str:
    """Return a csv-table's ``:delim:`` character: one character, or docutils' ``tab`` or ``space``."""
    written = option.text.strip() if option is not None else ""
    named = {"tab": "\t", "space": " "}
    return named.get(written.lower(), written[:1] or ",")
