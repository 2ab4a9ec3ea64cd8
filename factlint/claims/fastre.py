"""Case-insensitive regexes that run several times faster on ASCII text, with the same matches.

Python's ``re`` has no fast path for case-insensitive literals: a pattern such as
``(?<!\\w)(?:memory bandwidth|tflops|...)`` compiled with ``re.I`` tries every
alternative at every word start, which made cue-word and qualifier searches most of
the claims stage. :func:`compile_folded` compiles a pattern twice: as given, and,
for ASCII strings (``str.isascii`` is O(1)), a rewritten copy of its parse tree in
which every case-insensitive character becomes the explicit set of ASCII characters
that ``re.I`` lets it match (found by asking ``re`` itself, so nothing is assumed about
case folding), every character class (``\\w``, ``\\s``) the set of ASCII characters it
matches, and the alternatives of each alternation are grouped by their first
character, so the engine's quick first-character test skips the groups that cannot
start at a position. The twin's search is also told the characters a match can start
with, past any opening look-behind, so it skips the other positions without trying
them. On ASCII input both compiled patterns match exactly the same spans, in the same
order, with the same groups; anything else uses the original.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

try:  # CPython's own regex parser and compiler (re._parser since 3.11)
    import _sre  # type: ignore[import-not-found,unused-ignore]
    from re import _compiler, _parser  # type: ignore[attr-defined]
    from re._constants import (  # type: ignore[attr-defined,import-not-found,unused-ignore]
        ASSERT,
        ASSERT_NOT,
        AT,
        ATOMIC_GROUP,
        BRANCH,
        GROUPREF,
        GROUPREF_EXISTS,
        IN,
        INFO,
        LITERAL,
        MAX_REPEAT,
        MIN_REPEAT,
        NEGATE,
        NOT_LITERAL,
        POSSESSIVE_REPEAT,
        SRE_INFO_CHARSET,
        SUBPATTERN,
    )
except ImportError:  # pragma: no cover - another interpreter: keep the plain patterns
    _parser = None

_ASCII = range(128)
_IGNORECASE = int(re.IGNORECASE)  # plain ints: flag enums are slow to combine
WARM_UP = 200  # ASCII searches served by the original pattern before the twin is compiled
_NO_ASCII = 0x80  # a literal no ASCII string contains: stands for "matches nothing here"


class _Unsupported(Exception):
    """The pattern uses something the rewrite does not handle; keep the original."""


class FoldedPattern:
    """A compiled pattern with a faster twin for ASCII strings; the ``re.Pattern`` methods used here.

    Rewriting and compiling a twin costs a few milliseconds, as much as a few hundred
    searches save, so the original serves the first ``WARM_UP`` ASCII searches: a run
    over a handful of documents pays nothing, a long run gets the twin.
    """

    __slots__ = ("_any", "_ascii", "_uses", "flags", "groupindex", "groups", "pattern")

    def __init__(self, original: re.Pattern[str]) -> None:
        self._any = original
        self._ascii: re.Pattern[str] | None = None
        self._uses = 0
        self.pattern = original.pattern
        self.flags = original.flags
        self.groups = original.groups
        self.groupindex = original.groupindex

    def ascii_pattern(self, *, warm: bool = True) -> re.Pattern[str]:
        """Return the pattern used for ASCII strings: the twin, or the original if it has none.

        With ``warm`` false the twin is compiled now rather than after the warm-up.
        """
        if self._ascii is not None:
            return self._ascii
        self._uses += 1
        if warm and self._uses <= WARM_UP:
            return self._any
        self._ascii = _ascii_twin(self.pattern, self.flags) or self._any
        return self._ascii

    def _for(self, string: str) -> re.Pattern[str]:
        return (self._ascii or self.ascii_pattern()) if string.isascii() else self._any

    def search(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        """Return the first match, as ``re.Pattern.search``."""
        if string.isascii():
            return (self._ascii or self.ascii_pattern()).search(string, pos, endpos)
        return self._any.search(string, pos, endpos)

    def match(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        """Return a match at the start (or ``pos``), as ``re.Pattern.match``."""
        if string.isascii():
            return (self._ascii or self.ascii_pattern()).match(string, pos, endpos)
        return self._any.match(string, pos, endpos)

    def fullmatch(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        """Return a match of the whole string, as ``re.Pattern.fullmatch``."""
        return self._for(string).fullmatch(string, pos, endpos)

    def finditer(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> Iterator[re.Match[str]]:
        """Return an iterator over the matches, as ``re.Pattern.finditer``."""
        return self._for(string).finditer(string, pos, endpos)

    def findall(self, string: str, *args: int) -> list[Any]:
        """Return all matches, as ``re.Pattern.findall``."""
        return self._for(string).findall(string, *args)

    def sub(self, repl: Any, string: str, count: int = 0) -> str:
        """Return the string with matches replaced, as ``re.Pattern.sub``."""
        return self._for(string).sub(repl, string, count)

    def split(self, string: str, maxsplit: int = 0) -> list[str]:
        """Return the string split at matches, as ``re.Pattern.split``."""
        return self._for(string).split(string, maxsplit)

    def __repr__(self) -> str:
        return f"FoldedPattern({self.pattern!r}, {self.flags!r})"


@lru_cache(maxsize=1024)
def compile_folded(pattern: str, flags: int = 0) -> FoldedPattern:
    """Return ``re.compile(pattern, flags)`` with a faster twin for ASCII strings (cached, as re.compile)."""
    return FoldedPattern(re.compile(pattern, flags))


def _ascii_twin(pattern: str, flags: int) -> re.Pattern[str] | None:
    if _parser is None or flags & (re.LOCALE | re.ASCII | re.DEBUG):
        return None
    try:
        tree = _parser.parse(pattern, flags)
        ignore_case = bool(tree.state.flags & _IGNORECASE)
        _rewrite(tree, ignore_case)
        _prefixed(tree)
        tree.state.flags = int(tree.state.flags) & ~_IGNORECASE
        return _compiled(tree, int(flags) & ~_IGNORECASE)
    except (_Unsupported, re.error, TypeError, ValueError, AttributeError, IndexError):
        return None


def _rewrite(sub: Any, ignore_case: bool) -> None:
    """Rewrite a parsed (sub)pattern in place for ASCII strings, case folded explicitly."""
    items = sub.data
    for index, (op, av) in enumerate(items):
        if op in (LITERAL, NOT_LITERAL, IN):
            if ignore_case:
                items[index] = _folded(op, av if op is not IN else tuple(av))
            elif op is IN:  # \w and other classes as plain ASCII sets: a bit test, no Unicode lookup
                items[index] = _char_op(_matched(op, tuple(av), False))
        elif op is BRANCH:
            for alternative in av[1]:
                _rewrite(alternative, ignore_case)
            items[index] = (BRANCH, (None, _grouped(av[1])))
        elif op is SUBPATTERN:
            group, add, remove, inner = av
            inner_case = (ignore_case or bool(add & _IGNORECASE)) and not remove & _IGNORECASE
            _rewrite(inner, inner_case)
            items[index] = (SUBPATTERN, (group, add & ~_IGNORECASE, remove & ~_IGNORECASE, inner))
        elif op in (MAX_REPEAT, MIN_REPEAT, POSSESSIVE_REPEAT):
            _rewrite(av[2], ignore_case)
        elif op in (ASSERT, ASSERT_NOT):
            _rewrite(av[1], ignore_case)
        elif op is ATOMIC_GROUP:
            _rewrite(av, ignore_case)
        elif op is GROUPREF_EXISTS:
            _rewrite(av[1], ignore_case)
            if av[2] is not None:
                _rewrite(av[2], ignore_case)
        elif op is GROUPREF and ignore_case:
            raise _Unsupported(op)


def _grouped(alternatives: list[Any]) -> list[Any]:
    """Return the alternatives grouped by first character: [first char, (rest | rest ...)].

    Only when every alternative starts with a plain character test and the sets of
    first characters are disjoint or equal; the order within a group is kept, and at any
    position at most one group can match, so the first alternative that matches is the
    same as before.
    """
    hoisted = _common_assertion(alternatives)
    if hoisted is not None:
        # "(?<!\w)a…|(?<!\w)b…" is "(?<!\w)(?:a…|b…)": a zero-width test at the same position
        state = alternatives[0].state
        rests = _grouped([_parser.SubPattern(state, member.data[1:]) for member in alternatives])
        return [_parser.SubPattern(state, [hoisted, (BRANCH, (None, rests))])]
    firsts = []
    for alternative in alternatives:
        if not alternative.data or alternative.data[0][0] not in (LITERAL, NOT_LITERAL, IN):
            return alternatives
        op, av = alternative.data[0]
        firsts.append(_matched(op, _freeze(av), False))
    groups: dict[frozenset[int], list[Any]] = {}
    owners: set[int] = set()  # the first characters of the groups so far
    for first, alternative in zip(firsts, alternatives, strict=True):
        group = groups.get(first)
        if group is None:
            if not owners.isdisjoint(first):
                return alternatives
            owners.update(first)
            group = groups[first] = []
        group.append(alternative)
    if len(groups) == len(alternatives):
        return alternatives
    result = []
    for members in groups.values():
        if len(members) == 1:
            result.append(members[0])
            continue
        state = members[0].state
        rests = _grouped([_parser.SubPattern(state, member.data[1:]) for member in members])
        result.append(_parser.SubPattern(state, [members[0].data[0], (BRANCH, (None, rests))]))
    return result


def _common_assertion(alternatives: list[Any]) -> Any:
    """Return the look-around every alternative opens with, when they all open with the same one."""
    if len(alternatives) < 2 or any(len(member.data) < 2 for member in alternatives):
        return None
    first = alternatives[0].data[0]
    if first[0] not in (ASSERT, ASSERT_NOT):
        return None
    key = _shape(first)
    return first if all(_shape(member.data[0]) == key for member in alternatives[1:]) else None


def _shape(node: Any) -> Any:
    """Return a parsed node as nested tuples, comparable for equality."""
    if isinstance(node, _parser.SubPattern):
        return ("sub", tuple(_shape(item) for item in node.data))
    if isinstance(node, (list, tuple)):
        return tuple(_shape(item) for item in node)
    return node


def _compiled(tree: Any, flags: int) -> re.Pattern[str]:
    r"""Return the parsed pattern compiled, told which characters a match can start with.

    The engine skips quickly to the positions where a match may start only when it knows
    their first characters, and it finds them only for a pattern that opens with a
    character test; one that opens with a look-behind (``(?<!\w)kilo``) it tries at every
    position. The set found here, past look-arounds and optional parts, goes into the
    pattern's info block as ``re`` itself would write it; the pattern is unchanged.
    """
    code = _compiler._code(tree, flags)
    starts = _starts(tree.data)
    # INFO, skip, flags, min width, max width: no prefix nor charset known, a match never empty
    if code[0] == INFO and code[2] == 0 and code[3] > 0 and starts is not None and not starts[1]:
        charset, _ = _compiler._optimize_charset([(LITERAL, char) for char in sorted(starts[0])])
        info = [INFO, 0, SRE_INFO_CHARSET, code[3], code[4]]
        _compiler._compile_charset(charset, flags, info)
        info[1] = len(info) - 1
        code = info + code[1 + code[1] :]
    names = tree.state.groupdict
    by_index: list[str | None] = [None] * tree.state.groups
    for name, index in names.items():
        by_index[index] = name
    return _sre.compile(None, flags | tree.state.flags, code, tree.state.groups - 1, names, tuple(by_index))


def _starts(items: list[Any]) -> tuple[frozenset[int], bool] | None:
    """Return (the ASCII characters a match of ``items`` can start with, whether it can be empty).

    None when some part is not understood here (any character, a back reference).
    """
    found: frozenset[int] = frozenset()
    for op, av in items:
        if op in (LITERAL, NOT_LITERAL, IN):
            return found | _matched(op, _freeze(av), False), False
        if op in (ASSERT, ASSERT_NOT, AT):
            continue  # a look-around or an anchor takes no character
        if op is SUBPATTERN:
            inner = _starts(av[3].data)
        elif op is ATOMIC_GROUP:
            inner = _starts(av.data)
        elif op in (MAX_REPEAT, MIN_REPEAT, POSSESSIVE_REPEAT):
            inner = _starts(av[2].data)
            inner = (inner[0], inner[1] or av[0] == 0) if inner is not None else None
        elif op is BRANCH:
            alternatives = [_starts(alternative.data) for alternative in av[1]]
            if any(alternative is None for alternative in alternatives):
                return None
            inner = (
                frozenset().union(*(a[0] for a in alternatives if a is not None)),
                any(a[1] for a in alternatives if a is not None),
            )
        else:
            return None
        if inner is None:
            return None
        found |= inner[0]
        if not inner[1]:
            return found, False
    return found, True


def _prefixed(tree: Any) -> None:
    r"""Make a pattern that starts with an alternation start with plain characters.

    The engine scans quickly for a first character only when the pattern starts with a
    literal or an alternation of literals, so the leading alternation is split into one
    alternative per first character (``[tT]ensor`` becomes ``t…|T…``). A pattern that
    starts with a look-behind (``(?<!\w)``) is left alone: the look-behind already
    rejects most positions at once.
    """
    container, index = tree, 0
    while index < len(container.data) and container.data[index][0] is SUBPATTERN:
        container, index = container.data[index][1][3], 0
    if index < len(container.data) and container.data[index][0] is BRANCH:
        alternatives = _split_first(container.data[index][1][1])
        if alternatives is not None:
            container.data[index] = (BRANCH, (None, alternatives))


def _split_first(alternatives: list[Any]) -> list[Any] | None:
    """Return the alternatives with each one starting with a single literal, or None."""
    split = []
    seen: set[int] = set()
    for alternative in alternatives:
        if not alternative.data or alternative.data[0][0] not in (LITERAL, IN):
            return None
        op, av = alternative.data[0]
        codes = _matched(op, _freeze(av), False)
        if len(codes) > 4 or codes & seen:
            return None
        seen |= codes
        for code in sorted(codes):
            split.append(_parser.SubPattern(alternative.state, [(LITERAL, code), *alternative.data[1:]]))
    return split


def _freeze(av: Any) -> Any:
    return tuple(av) if isinstance(av, list) else av


@lru_cache(maxsize=4096)
def _matched(op: Any, av: Any, ignore_case: bool) -> frozenset[int]:
    """Return the ASCII characters one character test matches, by asking ``re``."""
    state = _parser.State()
    state.flags = re.UNICODE | (re.IGNORECASE if ignore_case else 0)  # as str patterns are compiled
    test = _compiler.compile(_parser.SubPattern(state, [(op, list(av) if op is IN else av)]), state.flags)
    return frozenset(code for code in _ASCII if test.fullmatch(chr(code)))


@lru_cache(maxsize=4096)
def _folded(op: Any, av: Any) -> tuple[Any, Any]:
    """Return a case-sensitive character test matching what ``op`` matches under re.I, in ASCII."""
    return _char_op(_matched(op, av, True))


def _char_op(codes: frozenset[int]) -> tuple[Any, Any]:
    if not codes:
        return (LITERAL, _NO_ASCII)
    if len(codes) == 1:
        return (LITERAL, next(iter(codes)))
    if len(codes) > 64:  # written as the complement, which also matches non-ASCII (never seen here)
        return (IN, [(NEGATE, None), *((LITERAL, code) for code in sorted(set(_ASCII) - codes))])
    return (IN, [(LITERAL, code) for code in sorted(codes)])
