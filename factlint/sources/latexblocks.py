"""Turn the text a LaTeX reader gathered into blocks: headings, paragraphs, list items and notes.

The reader (latex.py) says where a block ends; this module knows what the block is (a list
item of the list open there, else a paragraph), which headings it sits under, and reads the
footnotes a block marked as paragraphs "[^n]: ..." right after it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from factlint.models import Block, BlockKind
from factlint.sources.blocks import anchored_block, note_block
from factlint.sources.htmltext import AnchoredText
from factlint.sources.latexmarkup import Span, knowledge

# Footnotes read after one block, nested ones included: a macro whose footnote uses the macro
# again would mark notes without end, where TeX stops on "capacity exceeded".
MAX_NOTES_READ = 500


@dataclass
class OpenList:
    """An open list environment and the paragraph that introduces it."""

    name: str
    intro: str | None
    item: bool = False  # an \item has opened
    label: str | None = None  # the current item's term (description lists)


@dataclass
class LatexBlocks:
    """The blocks read so far, with the headings above the next one, the open lists and the
    footnotes marked but not yet read."""

    blocks: list[Block] = field(default_factory=list)
    headings: list[tuple[int, str]] = field(default_factory=list)
    lists: list[OpenList] = field(default_factory=list)
    notes: list[tuple[str, int, Span]] = field(default_factory=list)  # (marker, command offset, text)
    note_count: int = 0
    previous_paragraph: str | None = None

    def path(self) -> tuple[str, ...]:
        """Return the texts of the headings the next block sits under, outermost first."""
        return tuple(text for _, text in self.headings)

    def heading(self, level: int, text: AnchoredText | None) -> str | None:
        """Close the headings at ``level`` or deeper and open this one; return its text on one
        line, or None for a heading that prints nothing (it still closes the deeper ones)."""
        while self.headings and self.headings[-1][0] >= level:
            self.headings.pop()
        self.previous_paragraph = None
        if text is None:
            return None
        self.blocks.append(anchored_block(BlockKind.HEADING, text, self.path()))
        heading = " ".join(text.text.split())
        self.headings.append((level, heading))
        return heading

    def text(self, text: AnchoredText, label: str | None) -> None:
        """Add gathered text as a block: the item of the list open here, else a paragraph."""
        current = self.lists[-1] if self.lists else None
        if current is None or not current.item or current.name in knowledge().note_lists:
            self.paragraph(text, label)
            return
        self.blocks.append(
            anchored_block(
                BlockKind.LIST_ITEM, text, self.path(), label=current.label or label, list_intro=current.intro
            )
        )
        self.previous_paragraph = text.text

    def paragraph(self, text: AnchoredText, label: str | None = None) -> None:
        """Add ``text`` as a paragraph (a caption is one too)."""
        self.blocks.append(anchored_block(BlockKind.PARAGRAPH, text, self.path(), label=label))
        self.previous_paragraph = text.text

    def table(self, rows: list[Block]) -> None:
        """Add a table's row blocks; the paragraph before the table introduces no list after it."""
        self.blocks += rows
        self.previous_paragraph = None

    def open_list(self, name: str) -> None:
        """Open a list environment, introduced by the paragraph just read, if any."""
        self.lists.append(OpenList(name, self.previous_paragraph))

    def close_list(self) -> None:
        """Close the innermost list; the paragraph after it introduces nothing."""
        self.lists.pop()
        self.previous_paragraph = None

    def mark_note(self, written: str, offset: int, body: Span) -> str:
        """Return the marker of a footnote at ``offset`` (its own short mark, else its number) and
        keep its body to read after the block."""
        self.note_count += 1
        marker = written if written.isalnum() and len(written) <= 3 else str(self.note_count)
        self.notes.append((marker, offset, body))
        return marker

    def read_notes(
        self,
        collect: Callable[[Span], AnchoredText | None],
        position: Callable[[int], tuple[int, int]],
    ) -> None:
        """Add the footnotes marked so far, each as a paragraph "[^n]: ..."; ``collect`` prints a
        note's body (a note it marks is read in turn) and ``position`` places its mark."""
        for _ in range(MAX_NOTES_READ):
            if not self.notes:
                break
            marker, offset, span = self.notes.pop(0)
            body = collect(span)
            if body is None:
                continue
            self.blocks.append(note_block(marker, body, self.path(), position(offset)))
        self.notes.clear()  # notes marking notes without end ("\newcommand{\x}{\footnote{\x}}")
