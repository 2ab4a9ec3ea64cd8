"""Read a Jupyter notebook (raw ``.ipynb`` JSON) as the page it shows: cells, then their outputs.

The notebook's cells are laid out as one Markdown page, each line placed at the file line and
column its characters come from (see :mod:`jsonplaces`): a Markdown cell as written, a code
cell as a fence of its language (Python data literals read as in Markdown), and each output's
``text/plain`` or ``stream`` text as a fence of program output (printed DataFrames, CSV-like
tables and other output read as in Markdown). Headings of one cell govern the cells below, as
the notebook's outline shows them. A notebook written on one line reads the same, every line
then placed at that JSON line. See decision 0158.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from factlint.models import Block
from factlint.sources.jsonplaces import JsonSyntaxError, PlacedString, parse_placed_json
from factlint.sources.markdown import PRINTED_OUTPUT, parse_markdown
from factlint.sources.mimetext import MappedText, relocated

NOTEBOOK_SUFFIXES = frozenset({".ipynb"})
_CONTENT_SUFFIXES = frozenset({".json", ""})  # names under which a notebook is known by its keys
# A JSON document with both keys of the notebook format, whatever the file is named.
_NOTEBOOK_KEYS = (re.compile(r'"cells"\s*:'), re.compile(r'"nbformat"\s*:'))
_FENCE_OPENING = re.compile(r"[ ]{0,3}(`{3,}|~{3,})")
_BACKTICKS = re.compile(r"^[ \t]*(`{3,})", re.MULTILINE)
# Output that shows text: a stream (stdout, stderr) and the plain form of a result or display.
_TEXT_OUTPUT = "text/plain"

Place = tuple[int, int]


@dataclass(frozen=True)
class Notebook:
    """The blocks of a notebook and its first level-1 heading, or why it cannot be read."""

    blocks: tuple[Block, ...]
    title: str | None = None
    error: str | None = None  # "line N: reason"


def is_notebook(text: str, suffix: str) -> bool:
    """Return True if the file is a Jupyter notebook: by its suffix, or a JSON object holding
    both a ``"cells"`` and an ``"nbformat"`` key."""
    if suffix.lower() in NOTEBOOK_SUFFIXES:
        return True
    if suffix.lower() not in _CONTENT_SUFFIXES:
        return False
    return text.lstrip()[:1] == "{" and all(key.search(text) for key in _NOTEBOOK_KEYS)


def read_notebook(lines: Sequence[str]) -> Notebook:
    """Return the blocks of the notebook whose file lines are ``lines``, placed in the file."""
    try:
        root = parse_placed_json("\n".join(lines))
    except JsonSyntaxError as error:
        return Notebook((), error=str(error))
    cells = _cells(root)
    if cells is None:
        return Notebook((), error='line 1: not a Jupyter notebook: no "cells" list')
    page = _Page()
    language = _language(root)
    for cell in cells:
        if isinstance(cell, dict):
            page.add_cell(cell, language)
    if not page.lines:
        return Notebook(())
    blocks, title = parse_markdown(page.lines, 1)
    mapped = MappedText(tuple(page.lines), tuple(page.places))
    return Notebook(tuple(relocated(block, mapped) for block in blocks), title)


def _cells(root: object) -> list[object] | None:
    """Return the notebook's cells (nbformat 4), or its first worksheet's (nbformat 3)."""
    if not isinstance(root, dict):
        return None
    cells = root.get("cells")
    if cells is None and isinstance(root.get("worksheets"), list) and root["worksheets"]:
        first = root["worksheets"][0]
        cells = first.get("cells") if isinstance(first, dict) else None
    return cells if isinstance(cells, list) else None


def _language(root: object) -> str:
    """Return the language of the notebook's code cells, as a fence names it (Python if unsaid)."""
    metadata = root.get("metadata") if isinstance(root, dict) else None
    if isinstance(metadata, dict):
        for key, field_name in (("language_info", "name"), ("kernelspec", "language")):
            info = metadata.get(key)
            name = info.get(field_name) if isinstance(info, dict) else None
            if isinstance(name, PlacedString) and name.text.strip():
                return name.text.strip().lower()
    return "python"


@dataclass
class _Page:
    """The notebook laid out as Markdown lines, with the file place of each line's characters."""

    lines: list[str] = field(default_factory=list)
    places: list[tuple[Place, ...]] = field(default_factory=list)
    last: Place = (1, 1)  # where the text added last ends, for the lines this layout adds

    def add_cell(self, cell: dict[str, object], language: str) -> None:
        """Add one cell: Markdown as written, code and raw text fenced, then the code's outputs."""
        kind = _plain(cell.get("cell_type"))
        source = _strings(cell.get("source", cell.get("input")))
        if kind == "markdown":
            self._add_markdown(source)
        elif kind == "code":
            self._add_fenced(source, language)
            outputs = cell.get("outputs")
            for output in outputs if isinstance(outputs, list) else ():
                if isinstance(output, dict):
                    self._add_fenced(_output_text(output), PRINTED_OUTPUT)
        elif source:
            self._add_fenced(source, "text")

    def _add_markdown(self, source: list[PlacedString]) -> None:
        start = len(self.lines)
        self._add_text(source)
        fence = _open_fence(self.lines[start:])
        if fence is not None:  # a cell's unclosed fence ends with the cell, as Jupyter renders it
            self._add_line(fence)
        self._add_line("")

    def _add_fenced(self, source: list[PlacedString], info: str) -> None:
        if not source or not any(piece.text.strip() for piece in source):
            return
        runs = [len(run) for piece in source for run in _BACKTICKS.findall(piece.text)]
        fence = "`" * max([3, *(run + 1 for run in runs)])
        if source[0].offsets:
            self.last = source[0].place(0)
        self._add_line(fence + info)
        self._add_text(source)
        self._add_line(fence)
        self._add_line("")

    def _add_text(self, pieces: list[PlacedString]) -> None:
        """Add the joined text of ``pieces`` as lines (a newline inside a string ends a line)."""
        characters: list[str] = []
        places: list[Place] = []
        for piece in pieces:
            for index, character in enumerate(piece.text):
                place = piece.place(index)
                if character == "\n":
                    self._add_placed("".join(characters), (*places, place))
                    characters, places = [], []
                else:
                    characters.append(character)
                    places.append(place)
            self.last = piece.place(len(piece.text))
        if characters:
            self._add_placed("".join(characters), (*places, self.last))

    def _add_line(self, text: str) -> None:
        """Add a line the layout writes (a fence, a gap between cells), placed where the text stands."""
        self._add_placed(text, (self.last,) * (len(text) + 1))

    def _add_placed(self, text: str, places: tuple[Place, ...]) -> None:
        self.lines.append(text.replace("\r", ""))
        self.places.append(places if "\r" not in text else _without_returns(text, places))
        self.last = places[-1]


def _without_returns(text: str, places: tuple[Place, ...]) -> tuple[Place, ...]:
    """Return the places of ``text`` with those of its carriage returns dropped."""
    return tuple(place for character, place in zip(f"{text}\n", places, strict=True) if character != "\r")


def _output_text(output: dict[str, object]) -> list[PlacedString]:
    """Return the text an output shows: a stream's text, or a result's or display's plain text."""
    data = output.get("data")
    if isinstance(data, dict) and _TEXT_OUTPUT in data:
        return _strings(data[_TEXT_OUTPUT])
    return _strings(output.get("text"))  # a stream, or nbformat 3's "pyout"


def _strings(value: object) -> list[PlacedString]:
    """Return a multiline string field (a list of lines, or one string) as its strings."""
    if isinstance(value, PlacedString):
        return [value]
    if isinstance(value, list):
        return [item for item in value if isinstance(item, PlacedString)]
    return []


def _plain(value: object) -> str:
    return value.text if isinstance(value, PlacedString) else ""


def _open_fence(lines: Sequence[str]) -> str | None:
    """Return the fence that closes a code fence left open at the end of ``lines``, if any."""
    opening: str | None = None
    for line in lines:
        match = _FENCE_OPENING.match(line)
        if match is None:
            continue
        run = match.group(1)
        if opening is None:
            opening = run
        elif run[0] == opening[0] and len(run) >= len(opening) and not line[match.end() :].strip():
            opening = None
    return opening
