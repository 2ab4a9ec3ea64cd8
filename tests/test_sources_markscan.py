"""The shared mark scanner rewrites marked spans in place and keeps every other character."""

from __future__ import annotations

import re

from factlint.sources.markscan import blanked, kept, line_end, rewrite_marked

# A toy language: ';' comments to the line's end are kept, '`' strings are kept, '@@' is blanked
# and '%{ ... }' blocks are replaced by dots, column for column.
_MARKS = re.compile(r"(?P<tick>`)|(?P<note>;)|@@|%\{")


def _tick_end(text: str, found: re.Match[str]) -> int:
    end = text.find("`", found.end())
    return len(text) if end == -1 else end + 1


def _dotted(text: str, found: re.Match[str]) -> tuple[str, int]:
    end = text.find("}", found.end())
    end = len(text) if end == -1 else end + 1
    return re.sub(r"[^\n]", ".", text[found.start() : end]), end


_HANDLERS = {
    "tick": kept(_tick_end),
    "note": kept(lambda text, found: line_end(text, found.start())),
    "@@": blanked,
    "%{": _dotted,
}


def _scan(text: str) -> str:
    return rewrite_marked(text, _MARKS, _HANDLERS)


def test_named_groups_and_plain_marks_find_their_handlers() -> None:
    text = "speed @@ 40 ; knots @@ here\nname `a;b@@` %{x\ny} tail"
    assert _scan(text) == "speed    40 ; knots @@ here\nname `a;b@@` ...\n.. tail"


def test_lines_and_columns_are_kept() -> None:
    text = "cargo = 12 @@ 3\n%{\n  hold\n} ; 7 tonnes\nrange = `9 nmi`"
    result = _scan(text)
    assert len(result) == len(text)
    assert [len(line) for line in result.split("\n")] == [len(line) for line in text.split("\n")]


def test_text_without_marks_is_unchanged() -> None:
    text = "depth 3000 m, crew 12\n"
    assert _scan(text) == text


def test_an_unclosed_span_runs_to_the_end() -> None:
    assert _scan("hull `steel @@") == "hull `steel @@"
    assert line_end("no newline", 3) == len("no newline")
