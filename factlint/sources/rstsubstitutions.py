"""Find the substitution definitions of a reStructuredText document: ``.. |name| replace:: text``
and ``.. |name| unicode:: U+2122``; other kinds (images, dates) print nothing here."""

from __future__ import annotations

import re
from collections.abc import Sequence

from factlint.sources.rstinline import normalised
from factlint.sources.rstlines import SourceLine, dedent, indent_of, indented_end

_DEFINITION = re.compile(r"\.\. +\|(?P<name>\S(?:[^|]*?\S)?)\| +(?P<kind>[\w-]+) *::(?: +|$)")
# Character codes of the unicode directive: 0x2122, x2122, \x2122, U+2122, u2122, \u2122, &#x2122;, 8482.
_CODE = re.compile(r"(?:0x|x|\\x|U\+|u|\\u|&#x)([0-9a-fA-F]{1,8});?|([0-9]{1,8})", re.IGNORECASE)


def substitution_definitions(lines: Sequence[SourceLine]) -> dict[str, list[SourceLine]]:
    """Return the text lines each substitution name prints (its first definition wins)."""
    found: dict[str, list[SourceLine]] = {}
    for index, line in enumerate(lines):
        stripped = line.after(indent_of(line))
        match = _DEFINITION.match(stripped.text)
        if match is None:
            continue
        key = normalised(match.group("name"))
        if key in found:
            continue
        rest = stripped.after(match.end())
        end = indented_end(lines, index + 1, indent_of(line) + 1)
        body = [rest, *dedent(lines[index + 1 : end])] if rest.text else dedent(lines[index + 1 : end])
        kind = match.group("kind").lower()
        if kind == "replace":
            found[key] = [item for item in body if item.text.strip()]
        elif kind == "unicode":
            found[key] = [SourceLine(item.number, item.column, _characters(item.text)) for item in body[:1]]
        else:
            found[key] = []
    return found


def _characters(written: str) -> str:
    """Return the text a unicode directive's codes and words stand for (".." starts a comment)."""
    shown = []
    for token in written.split(" .. ", 1)[0].split():
        code = _CODE.fullmatch(token)
        if code is None:
            shown.append(token)
        else:
            number = int(code.group(1), 16) if code.group(1) else int(code.group(2))
            shown.append(chr(number) if number < 0x110000 else token)
    return "".join(shown)
