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

# A control line: "." or "'", optional blanks, the request or macro name.
_CONTROL = re.compile(r"^[.'][ \t]*(?P<name>[^\s\\]*)")
_COMMENT = re.compile(r"^(?:[.'][ \t]*)?\\[\"#]")
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
    return reader.output.blocks, reader.title


@dataclass
class _PageReader:
    """Reads a page line by line into the blocks of ``output``."""

    lines: Sequence[str]
    output: LatexBlocks = field(default_factory=LatexBlocks)
    title: str | None = None
    gatherer: TextGatherer = field(default_factory=TextGatherer)
    lead: Lead | None = None
    label: str | None = None
    tag_next: bool = False  # after ".TP": the next line is the tag
    heading_next: int = 0  # after ".SH" with no words: the next line is the heading, at this level
    skipping: bool = False  # inside a reference section (SEE ALSO)
    joined: bool = False  # the last text line ended with "\c"

    def line(self, index: int) -> int:
        """Read ``lines[index]``; return the index of the next line to read."""
        text = self.lines[index]
        number = index + 1
        if _COMMENT.match(text):
            return index + 1
        control = _CONTROL.match(text)
        if control is None:
            if not text.strip():
                self.end_paragraph()  # a blank line in filled text is vertical space
            else:
                self._text(printed(text, number, 1).runs, number)
            return index + 1
        name = control.group("name")
        args = arguments(text, control.end())
        if name in _MACRO_DEFINITIONS:
            return _after_definition(self.lines, index)
        if name in words("font_macros") or name in words("alternating_macros"):
            if args:
                self._text(_font_runs(name, args, number), number)
            return index + 1
        if name in _literal_regions() or (name == "Bd" and _literal_display(args)):
            return self._literal(index, _literal_end(name))
        return self._request(name, args, number, index)

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
            self.end_paragraph()
            self.tag_next = True
        elif name in ("IP", "It"):
            self.end_paragraph()
            tag = args[:1] if name == "IP" else args
            if tag and not _BULLET.match(tag[0].text):
                self._tag(_mdoc_runs(tag, number) if name == "It" else _argument_runs(tag, number, " "))
        elif name in words("paragraph_breaks"):
            self.end_paragraph()
        elif name in words("line_breaks"):
            self.gatherer.line_break()
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

    def _heading(self, level: int, runs: Sequence[TextRun]) -> None:
        heading = _gathered(runs)
        self.lead = None
        shown = self.output.heading(level, heading)
        self.skipping = shown is not None and shown.lower() in words("skipped_sections")

    def _tag(self, runs: Sequence[TextRun]) -> None:
        """Make ``runs`` the tag that opens the next paragraph ("tag: body"), labelling it."""
        tag = _gathered(runs)
        if tag is None:
            return
        if self.lead is not None:  # ".TP -a" then ".TQ --all": one item with two tags
            joined, anchors, _ = join([self.lead[0], tag], ", ")
            tag = AnchoredText(joined, tuple(anchors))
        label = " ".join(tag.text.split())
        self.lead = (tag, ": ", label)

    def end_paragraph(self) -> None:
        """Emit the paragraph gathered so far, if any, and start a new one."""
        gathered = self.gatherer.text()
        self.gatherer = TextGatherer()
        self.joined = False
        if gathered is None:
            return  # a tag waits for its body past ".PD 0", ".RS" and a second tag (".TQ")
        text, label = with_lead(self.lead, gathered, None)
        self.lead = None
        if not self.skipping:
            self.output.paragraph(text, label)

    def _literal(self, index: int, end_name: str) -> int:
        """Read a no-fill region from ``lines[index + 1]`` as plain-text lines; return the index after it."""
        self.end_paragraph()
        self.lead = None  # a tag over output labels no prose after it
        first = index + 1
        shown: list[str] = [""] * first
        index = first
        while index < len(self.lines):
            text = self.lines[index]
            control = _CONTROL.match(text)
            if control is not None and control.group("name") == end_name:
                break
            shown.append(_literal_line(text, index + 1))
            index += 1
        if not self.skipping and index > first:
            self.output.table(output_blocks(shown, first, index, self.output.path()))
        return index + 1


def _literal_line(text: str, number: int) -> str:
    """Return what one line of a no-fill region prints (a font macro its words, a request nothing)."""
    if _COMMENT.match(text):
        return ""
    control = _CONTROL.match(text)
    if control is None:
        return printed(text, number, 1).text()
    name = control.group("name")
    args = arguments(text, control.end())
    if name in words("font_macros") or name in words("alternating_macros"):
        return "".join(run.text for run in _font_runs(name, args, number))
    return ""


def _literal_display(args: list[Argument]) -> bool:
    return any(arg.text in ("-literal", "-unfilled") for arg in args)


@cache
def _literal_regions() -> dict[str, str]:
    """Return the requests that open a no-fill region, each with the request that ends it."""
    regions = roff_knowledge()["literal_regions"]
    assert isinstance(regions, dict)
    return {str(start): str(end) for start, end in regions.items()}


def _literal_end(name: str) -> str:
    return _literal_regions().get(name, "Ed")


def _after_definition(lines: Sequence[str], index: int) -> int:
    """Return the index after a macro definition (``.de``) or ignored block (``.ig``): past its ``..``."""
    for end in range(index + 1, len(lines)):
        if lines[end].rstrip() == "..":
            return end + 1
    return index + 1


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


def _mdoc_runs(args: Sequence[Argument], number: int, macro: str = "") -> list[TextRun]:
    """Return what an mdoc macro line prints: callable macro names print nothing, ``Fl`` words
    print as flags, ``Xr name section`` as ``name(section)``, quoting macros their marks,
    closing punctuation sticks to the word before it."""
    callable_macros = words("mdoc_text_macros")
    quotes = roff_knowledge()["mdoc_quotes"]
    assert isinstance(quotes, dict)
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
        word = arg.text
        if mode == "Fl":
            word = f"-{word}"
        if mode == "Xr" and position + 1 < len(args) and args[position + 1].text.isdigit():
            mode = "Xr-section"
        elif mode == "Xr-section":
            word = f"({word})"
            glue = True
            mode = "Xr"
        sticks = word in _PUNCTUATION or glue
        if runs and not sticks:
            runs.append(TextRun(" ", number, arg.offset))
        runs += printed(word, number, arg.offset + 1).runs
        glue = word in ("(", "[")
    if closing and runs:
        last = runs[-1]
        runs.append(TextRun("".join(reversed(closing)), last.line, last.column + len(last.text)))
    return runs
