"""Read a Unix manual page in troff source (man(7) or mdoc(7) macros) as the formatted page shows it.

Headings come from ``.SH``/``.SS`` (``.Sh``/``.Ss``); paragraphs run between paragraph
requests, and the arguments of font macros (``.B NVIDIA T4``) continue the sentence around
them, each word keeping its own file line. A ``.TP`` tag (or an ``.IP`` or mdoc ``.It`` tag)
opens the paragraph it labels. No-fill regions (``.nf``/``.fi``, ``.EX``/``.EE``, ``.Bd
-literal``) are tool output: their lines are read as plain text, line by line. Comments,
the ``.TH`` line (a version and a date, not claims), macro definitions and requests the
reader does not know print nothing; ``SEE ALSO`` and other reference sections are skipped.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from factlint.models import Block
from factlint.sources.htmltext import AnchoredText, Lead, TextGatherer, join, with_lead
from factlint.sources.htmltree import TextRun
from factlint.sources.latexblocks import LatexBlocks
from factlint.sources.outputrecords import output_blocks
from factlint.sources.roffinline import Argument, arguments, printed, roff_knowledge, words
from factlint.sources.roffplace import Columns, placed, printed_columns
from factlint.sources.rofftable import column_cells, column_rows, is_header

# A control line: "." or "'", optional blanks, the request or macro name.
_CONTROL = re.compile(r"[.'][ \t]*(?P<name>[^\s\\]*)")
# The condition of ".if"/".ie" that the reader can decide: "t" (typeset output, true) or "n" (false).
_CONDITION = re.compile(r"[ \t]*(?P<negated>!?)(?P<mode>[tn])[ \t]+")
_COMMENT = re.compile(r"(?:[.'][ \t]*)?\\[\"#]")
# A bullet or dash tag of ".IP": a list mark, not a label.
_BULLET = re.compile(r"^(?:\\\(bu|\\\[bu\]|\\\(em|\\\(en|\*|-|\\-|\u2022|o)$")
_MACRO_DEFINITIONS = frozenset(("de", "de1", "am", "am1", "ig"))
_HEADINGS = {"SH": 1, "Sh": 1, "SS": 2, "Ss": 2}
_TAGGED = frozenset(("TP", "TQ"))
_PUNCTUATION = frozenset(".,:;)]?!")


def parse_roff(lines: Sequence[str], body_line: int = 1) -> tuple[list[Block], str | None]:
    """Return the blocks of a manual page and its title (``NAME(section)`` from ``.TH`` or ``.Dt``)."""
    reader = _PageReader(lines)
    index = body_line - 1
    while index < len(lines):
        index = reader.line(index)
    reader.end_paragraph()
    reader.end_table()
    return reader.output.blocks, reader.title


@dataclass
class _ColumnList:
    """The rows of an mdoc column list read so far."""

    headers: tuple[str, ...] = ()
    rows: list[list[AnchoredText | None]] = field(default_factory=list)
    nested: int = 0  # lists opened inside it and not yet closed


@dataclass
class _PageReader:
    """Reads a page line by line into the blocks of ``output``."""

    lines: Sequence[str]
    output: LatexBlocks = field(default_factory=LatexBlocks)
    title: str | None = None
    gatherer: TextGatherer = field(default_factory=TextGatherer)
    tags: list[AnchoredText] = field(default_factory=list)  # tags waiting for their body, in order
    tag_next: bool = False  # after ".TP": the next line is the tag
    heading_next: int = 0  # after ".SH" with no words: the next line is the heading, at this level
    skipping: bool = False  # inside a reference section (SEE ALSO)
    joined: bool = False  # the last text line ended with "\c"
    definition_ends: list[int] | None = None  # the indexes of the ".." lines, once looked for
    table: _ColumnList | None = None  # inside an mdoc column list (".Bl -column")
    condition: bool | None = None  # the condition of the last ".ie" (None: undecided), which ".el" reverses

    def line(self, index: int) -> int:
        """Read ``lines[index]``; return the index of the next line to read."""
        text = self.lines[index]
        if _COMMENT.match(text):
            return index + 1
        return self._read(text, 0, index)

    def _read(self, text: str, start: int, index: int) -> int:
        """Read ``text[start:]``, a line or the body of a condition; return the index of the next line."""
        number = index + 1
        control = _CONTROL.match(text, start)
        if control is None:
            if not text[start:].strip():
                self.end_paragraph()  # a blank line in filled text is vertical space
            else:
                shown = printed(text[start:], number, start + 1)
                self._text(shown.runs, number)
                self.joined = shown.joined
            return index + 1
        name = control.group("name")
        if name in ("if", "ie", "el"):
            body = self._condition_body(name, text, control.end())
            return index + 1 if body is None else self._read(text, body, index)
        args = arguments(text, control.end())
        if name in _MACRO_DEFINITIONS:
            return self._after_definition(index)
        if name in words("font_macros") or name in words("alternating_macros"):
            if args:
                self._text(_font_runs(name, args, number), number)
                self.joined = args[-1].text.endswith("\\c")
            return index + 1
        if name in _literal_regions() or (name == "Bd" and _literal_display(args)):
            return self._literal(index, _literal_end(name))
        return self._request(name, args, number, index)

    def _condition_body(self, name: str, text: str, start: int) -> int | None:
        """Return where the one-line body of a true ``.if t``, ``.ie t`` or ``.el`` starts, or None
        (a false or undecided condition, or a body in ``\\{`` braces, prints nothing)."""
        if name == "el":
            body: int | None = len(text) - len(text[start:].lstrip(" \t"))
            truth = self.condition is False
        else:
            condition = _CONDITION.match(text, start)
            body = condition.end() if condition is not None else None
            truth = condition is not None and (condition.group("mode") == "t") != bool(
                condition.group("negated")
            )
            if name == "ie":
                self.condition = truth if condition is not None else None
        if not truth or body is None or not text[body:].strip() or text.startswith("\\{", body):
            return None
        return None if _COMMENT.match(text, body) else body

    def _request(self, name: str, args: list[Argument], number: int, index: int) -> int:
        """Read a request other than a font macro or a no-fill region."""
        if name in ("TH", "Dt"):
            if args and self.title is None:
                section = f"({args[1].text})" if len(args) > 1 else ""
                self.title = f"{args[0].text}{section}"
        elif name in _HEADINGS:
            self.end_paragraph()
            if args:
                self._heading(_HEADINGS[name], _argument_runs(args, number, " "))
            else:
                self.heading_next = _HEADINGS[name]
        elif name in _TAGGED:
            self.end_paragraph(keep_tag=True)
            self.tag_next = True
        elif name in ("Bl", "El", "It") and self._column_list(name, args, number):
            pass
        elif name in ("IP", "It"):
            self.end_paragraph(keep_tag=True)
            tag = args[:1] if name == "IP" else args
            if tag and not _BULLET.match(tag[0].text):
                self._tag(_mdoc_runs(tag, number) if name == "It" else _argument_runs(tag, number, " "))
        elif name in words("paragraph_breaks"):
            self.end_paragraph(keep_tag=name in words("tag_keeping_breaks"))
        elif name in words("line_breaks"):
            self.gatherer.line_break()
        elif name in words("link_ends"):
            self._link_end(args, number)
        elif name in words("bracketed_macros") and args:
            self._text(_bracketed(_argument_runs(args, number, " ")), number)
        elif name in words("mdoc_text_macros") and args:
            self._text(_mdoc_runs(args, number, name), number)
        return index + 1

    def _text(self, runs: Sequence[TextRun], number: int) -> None:
        """Add the runs of one printed line to the paragraph, or make them the awaited heading or tag."""
        if self.heading_next:
            level, self.heading_next = self.heading_next, 0
            self._heading(level, runs)
            return
        if self.tag_next:
            self.tag_next = False
            self._tag(runs)
            return
        if self.gatherer.length and not self.joined:
            self.gatherer.add(TextRun("\n", number, 1))
        self.joined = False
        for run in runs:
            self.gatherer.add(run)

    def _column_list(self, name: str, args: list[Argument], number: int) -> bool:
        """Read a request of an mdoc column list (``.Bl -column``, its ``.It`` rows, ``.El``); return
        whether it was one."""
        table = self.table
        if name == "Bl":
            if table is not None:
                table.nested += 1
            elif any(arg.text == "-column" for arg in args):
                self.end_paragraph()
                self.table = _ColumnList()
                return True
            return False
        if table is None or table.nested:
            if table is not None and name == "El":
                table.nested -= 1
            return False
        self.end_paragraph()
        if name == "El":
            self.end_table()
        elif not table.rows and not table.headers and is_header(args):
            cells = column_cells(args, lambda group: _gathered(_mdoc_runs(group, number)))
            table.headers = tuple(" ".join(cell.text.split()) if cell else "" for cell in cells)
        else:
            table.rows.append(column_cells(args, lambda group: _gathered(_mdoc_runs(group, number))))
        return True

    def end_table(self) -> None:
        """Emit the rows of the column list read so far, if any, and close it."""
        table, self.table = self.table, None
        if table is not None and not self.skipping:
            self.output.table(column_rows(table.rows, table.headers, self.output.path()))

    def _link_end(self, args: list[Argument], number: int) -> None:
        """End an inline link (``.UE``/``.ME``): its argument, punctuation, sticks to the link text."""
        if args:
            self.joined = True
            self._text(_argument_runs(args, number, " "), number)

    def _after_definition(self, index: int) -> int:
        """Return the index after a macro definition (``.de``) or ignored block (``.ig``): past its ``..``."""
        if self.definition_ends is None:
            self.definition_ends = [end for end, text in enumerate(self.lines) if text.rstrip() == ".."]
        found = bisect.bisect_right(self.definition_ends, index)
        if found < len(self.definition_ends):
            return self.definition_ends[found] + 1
        return index + 1

    def _heading(self, level: int, runs: Sequence[TextRun]) -> None:
        heading = _gathered(runs)
        self.tags = []
        shown = self.output.heading(level, heading)
        self.skipping = shown is not None and shown.lower() in words("skipped_sections")

    def _tag(self, runs: Sequence[TextRun]) -> None:
        """Make ``runs`` the tag that opens the next paragraph ("tag: body"), labelling it."""
        tag = _gathered(runs)
        if tag is not None:  # ".TP -a" then ".TQ --all": one item with two tags
            self.tags.append(tag)

    def end_paragraph(self, keep_tag: bool = False) -> None:
        """Emit the paragraph gathered so far, if any, and start a new one; with no paragraph, an
        unused tag waits for its body only if ``keep_tag`` (past ".PD 0", ".RS" and a second tag)."""
        gathered = self.gatherer.text()
        self.gatherer = TextGatherer()
        self.joined = False
        if gathered is None:
            if not keep_tag:
                self.tags = []
            return
        text, label = with_lead(_lead(self.tags), gathered, None)
        self.tags = []
        if not self.skipping:
            self.output.paragraph(text, label)

    def _literal(self, index: int, end_name: str) -> int:
        """Read a no-fill region from ``lines[index + 1]`` as plain-text lines; return the index after it."""
        self.end_paragraph()  # a tag over output labels no prose after it
        first = index + 1
        shown: list[str] = [""] * first
        columns: Columns = {}
        index = first
        while index < len(self.lines):
            text = self.lines[index]
            control = _CONTROL.match(text)
            if control is not None and control.group("name") == end_name:
                break
            runs = _literal_line(text, index + 1)
            shown.append("".join(run.text for run in runs))
            columns[index + 1] = printed_columns(runs)
            index += 1
        if not self.skipping and index > first:
            blocks = output_blocks(shown, first, index, self.output.path())
            self.output.table([placed(block, columns) for block in blocks])
        return index + 1


def _literal_line(text: str, number: int) -> Sequence[TextRun]:
    """Return what one line of a no-fill region prints (a font macro its words, a request nothing)."""
    if _COMMENT.match(text):
        return ()
    control = _CONTROL.match(text)
    if control is None:
        return printed(text, number, 1).runs
    name = control.group("name")
    args = arguments(text, control.end())
    if name in words("font_macros") or name in words("alternating_macros"):
        return _font_runs(name, args, number)
    return ()


def _literal_display(args: list[Argument]) -> bool:
    return any(arg.text in ("-literal", "-unfilled") for arg in args)


@cache
def _literal_regions() -> dict[str, str]:
    """Return the requests that open a no-fill region, each with the request that ends it."""
    return roff_knowledge().word_map("literal_regions")


@cache
def _mdoc_quotes() -> dict[str, tuple[str, ...]]:
    """Return the mdoc quoting macros, each with its opening and closing marks."""
    return roff_knowledge().word_lists("mdoc_quotes")


def _literal_end(name: str) -> str:
    return _literal_regions().get(name, "Ed")


def _lead(tags: list[AnchoredText]) -> Lead | None:
    """Return the lead of a paragraph labelled by ``tags`` (joined by commas), or None."""
    if not tags:
        return None
    joined, anchors, _ = join(tags, ", ")
    tag = AnchoredText(joined, tuple(anchors))
    return tag, ": ", " ".join(joined.split())


def _bracketed(runs: list[TextRun]) -> list[TextRun]:
    """Return ``runs`` in square brackets (groff's ``.OP`` option synopsis)."""
    if not runs:
        return runs
    last = runs[-1]
    return [
        TextRun("[", runs[0].line, runs[0].column),
        *runs,
        TextRun("]", last.line, last.column + len(last.text)),
    ]


def _gathered(runs: Sequence[TextRun]) -> AnchoredText | None:
    gatherer = TextGatherer()
    for run in runs:
        gatherer.add(run)
    return gatherer.text()


def _argument_runs(args: Sequence[Argument], number: int, separator: str) -> list[TextRun]:
    """Return the printed runs of request arguments, joined by ``separator``."""
    runs: list[TextRun] = []
    for position, arg in enumerate(args):
        if position and separator:
            runs.append(TextRun(separator, number, arg.offset))
        runs += printed(arg.text, number, arg.offset + 1).runs
    return runs


def _font_runs(name: str, args: Sequence[Argument], number: int) -> list[TextRun]:
    """Return what a font macro prints: its arguments with spaces, or joined (``.BR``, ``.IR`` ...)."""
    separator = "" if name in words("alternating_macros") else " "
    return _argument_runs(args, number, separator)


def _marked(runs: Sequence[TextRun], opening: str, close: str, number: int, offset: int) -> list[TextRun]:
    """Return ``runs`` with the marks mdoc adds (``-`` of a flag, brackets of a section) placed
    beside them: the opening mark at column ``offset`` (the blank before the word)."""
    marked = [TextRun(opening, number, max(offset, 1))] if opening else []
    marked += runs
    if close:
        end = runs[-1].column + len(runs[-1].text) if runs else offset + 1
        marked.append(TextRun(close, number, end))
    return marked


def _mdoc_runs(args: Sequence[Argument], number: int, macro: str = "") -> list[TextRun]:
    """Return what an mdoc macro line prints: callable macro names print nothing, ``Fl`` words
    print as flags, ``Xr name section`` as ``name(section)``, quoting macros their marks,
    closing punctuation sticks to the word before it."""
    callable_macros = words("mdoc_text_macros")
    quotes = _mdoc_quotes()
    runs: list[TextRun] = []
    closing: list[str] = []
    mode = macro
    glue = True
    for position, arg in enumerate(args):
        if arg.text in callable_macros:
            mode = arg.text
            if mode == "Ns":
                glue = True
            if mode in quotes:
                opening, close = quotes[mode]
                runs.append(TextRun((" " if runs and not glue else "") + opening, number, arg.offset + 1))
                closing.append(close)
                glue = True
            continue
        word, opening, close = arg.text, "", ""
        if mode == "Fl":
            opening = "-"
        if mode == "Xr" and position + 1 < len(args) and args[position + 1].text.isdigit():
            mode = "Xr-section"
        elif mode == "Xr-section":
            opening, close = "(", ")"
            glue = True
            mode = "Xr"
        sticks = (not opening and word in _PUNCTUATION) or glue
        if runs and not sticks:
            runs.append(TextRun(" ", number, arg.offset))
        runs += _marked(printed(word, number, arg.offset + 1).runs, opening, close, number, arg.offset)
        glue = word in ("(", "[")
    if closing and runs:
        last = runs[-1]
        runs.append(TextRun("".join(reversed(closing)), last.line, last.column + len(last.text)))
    return runs
