"""Data written as Python literals in fenced code: dicts of figures become table rows.

A notebook or README often keeps its figures in code::

    # on-demand USD per hour, per instance
    PRICES = {
        "trn2.48xlarge": 44.70,   # 16x Trainium2
        "tpu-v5e-8":      9.60,
    }

Each entry whose value is a figure becomes a TABLE_ROW with the key as its first cell
and the value under a header saying what the values are: the comment just above the
assignment (or on its opening line), else the variable's name in words ("hbm_gb" ->
"hbm gb"). An entry whose value is a dict of figures is a record, as in fenced YAML
(see datablocks); so is each dict of a list. A trailing comment that holds a figure is a
sentence about its entry's key (the key is its label). The rest of the code (imports,
calls, prompts such as ``In [3]:``, tracebacks) yields nothing. See decision 0073.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterator, Sequence

from factlint.models import Block, BlockKind
from factlint.sources.blocks import make_block
from factlint.sources.datablocks import key_words, record_block

PYTHON_LANGUAGES = frozenset({"python", "py", "python3", "ipython", "ipython3", "pycon"})
MAX_LITERAL_LINES = 200  # a literal longer than this is generated data, not a table someone typed
# "In [2]: PRICES = {", "hbm: dict[str, float] = [": a name bound to a dict or list literal
_ASSIGNMENT = re.compile(r"[ \t]*(?:In \[\d*\]:[ \t]*)?([A-Za-z_]\w*)[ \t]*(?::[^=\n]+)?=[ \t]*(?=[{\[])")
_PROMPT = re.compile(r"[ \t]*(?:(?:In \[\d*\]:|>>>|\.\.\.)[ \t]*)?")  # indent and any prompt
_COMMENT = re.compile(r"#[ \t]*(.*\S)")
_DIGIT = re.compile(r"\d")
_NUMBER = re.compile(r"[~$≈<>+\-]?\s?\d")
_Cell = tuple[str, int, int]  # text, 1-based line, 1-based column


def literal_rows(
    lines: Sequence[str], first: int, last: int, headings: tuple[str, ...], label: str | None
) -> list[Block]:
    """Return TABLE_ROW and comment blocks for the data literals of the code between 0-based
    lines ``first`` and ``last``."""
    blocks: list[Block] = []
    index = first
    while index < last:
        match = _ASSIGNMENT.match(lines[index])
        literal = _literal(lines, index, match.end(), last) if match else None
        if match is None or literal is None:
            index += 1
            continue
        node, end = literal
        what = _description(lines, first, index, match.end()) or key_words(match.group(1)).lower()
        keyed: dict[int, _Cell] = {}
        for headers, cells in _records(node, what, lines, index, match.end()):
            blocks.append(record_block(headers, cells, headings, label))
            if headers[0] == "":
                keyed.setdefault(cells[0][1], cells[0])
        blocks.extend(_comments(lines, index, match.end(), end, keyed, headings))
        index = end
    return blocks


def _literal(lines: Sequence[str], start: int, column: int, last: int) -> tuple[ast.expr, int] | None:
    """Return the literal opening at ``lines[start][column]`` and the index of the line after it."""
    for end in range(start + 1, min(last, start + MAX_LITERAL_LINES) + 1):
        if lines[end - 1].rstrip().endswith(("}", "]")):
            source = "\n".join([lines[start][column:], *lines[start + 1 : end]])
            try:
                return ast.parse(source, mode="eval").body, end
            except SyntaxError:
                continue
    return None


def _description(lines: Sequence[str], first: int, index: int, column: int) -> str | None:
    """Return what a literal's figures are: the comment on its opening line or the comments just above."""
    own = _COMMENT.search(lines[index], column)
    if own is not None:
        return own.group(1)
    above: list[str] = []
    line_index = index - 1
    while line_index >= first:
        prompt = _PROMPT.match(lines[line_index])
        text = lines[line_index][prompt.end() if prompt else 0 :]
        comment = _COMMENT.match(text)
        if comment is None:
            break
        above.insert(0, comment.group(1))
        line_index -= 1
    return " ".join(above) or None


def _records(
    node: ast.expr, what: str, lines: Sequence[str], start: int, column: int
) -> Iterator[tuple[tuple[str, ...], list[_Cell]]]:
    """Yield (headers, cells) for each entry of figures and each record of ``node``."""
    if isinstance(node, ast.List | ast.Tuple):
        for item in node.elts:
            if isinstance(item, ast.Dict):
                yield from _record(item, None, lines, start, column)
        return
    if not isinstance(node, ast.Dict):
        return
    for key, value in zip(node.keys, node.values, strict=True):
        name = _scalar(key, lines, start, column) if key is not None else None
        if name is None:
            continue
        figure = _scalar(value, lines, start, column)
        if figure is not None and _NUMBER.match(figure[0]):
            yield ("", what), [name, figure]
        elif isinstance(value, ast.Dict):
            yield from _record(value, name, lines, start, column)


def _record(
    node: ast.Dict, name: _Cell | None, lines: Sequence[str], start: int, column: int
) -> Iterator[tuple[tuple[str, ...], list[_Cell]]]:
    """Yield the record of a dict of scalars that holds a figure, headed by its keys in words."""
    headers: list[str] = [""] if name else []
    cells: list[_Cell] = [name] if name else []
    for key, value in zip(node.keys, node.values, strict=True):
        label = _scalar(key, lines, start, column) if key is not None else None
        cell = _scalar(value, lines, start, column)
        if label is not None and cell is not None:
            headers.append(key_words(label[0]))
            cells.append(cell)
    if any(_NUMBER.match(text) for text, _, _ in cells[1 if name else 0 :]):
        yield tuple(headers), cells


def _scalar(node: ast.expr, lines: Sequence[str], start: int, column: int) -> _Cell | None:
    """Return (text, line, column) of a string or number constant as written in the file."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _scalar(node.operand, lines, start, column)
        return None if inner is None else ("-" + inner[0], inner[1], inner[2] - 1)
    if not isinstance(node, ast.Constant) or isinstance(node.value, bool) or node.value is None:
        return None
    line_index = start + node.lineno - 1
    offset = column if node.lineno == 1 else 0
    raw = lines[line_index][offset:].encode("utf-8")
    position = offset + len(raw[: node.col_offset].decode("utf-8", errors="ignore"))
    if isinstance(node.value, str):
        quote = re.match(r"[rRuUbBfF]*(\"\"\"|'''|\"|')", lines[line_index][position:])
        return node.value, line_index + 1, position + (quote.end() if quote else 0) + 1
    if not isinstance(node.value, int | float):
        return None
    end_position = offset + len(raw[: node.end_col_offset].decode("utf-8", errors="ignore"))
    return lines[line_index][position:end_position], line_index + 1, position + 1


def _comments(
    lines: Sequence[str],
    start: int,
    column: int,
    end: int,
    keyed: dict[int, _Cell],
    headings: tuple[str, ...],
) -> Iterator[Block]:
    """Yield a sentence for each comment of the literal that holds a figure, labelled with the
    key of the entry on its line."""
    source = "\n".join([lines[start][column:], *lines[start + 1 : end]])
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError):
        return
    for token in tokens:
        comment = _COMMENT.match(token.string) if token.type == tokenize.COMMENT else None
        if comment is None or not _DIGIT.search(comment.group(1)):
            continue
        line = start + token.start[0]
        position = token.start[1] + comment.start(1) + (column if token.start[0] == 1 else 0)
        key = keyed.get(line)
        if key is None:
            yield make_block(BlockKind.PARAGRAPH, comment.group(1), line, position + 1, headings)
            continue
        # The comment speaks of its entry's key: read "<key>: <comment>", each part anchored in the file.
        text = f"{key[0]}: {comment.group(1)}"
        anchors = ((0, key[1], key[2]), (len(key[0]) + 2, line, position + 1))
        yield make_block(BlockKind.PARAGRAPH, text, key[1], key[2], headings, anchors=anchors)
