"""Render MediaWiki inline markup to the text a reader sees, as text runs placed in the file.

Links show their label, bold and italic quotes vanish, entities decode, ``<br>`` breaks the
line, templates show what ``wikitext.yaml`` says they show, and a ``<ref>`` body (or an
explanatory footnote template) is kept apart as a note, read after its block: a citation's
text never joins the sentence it supports, nor its number the figure it follows.
"""

from __future__ import annotations

import bisect
import html
import re
from dataclasses import dataclass, field
from functools import cache

from factlint.sources.htmltext import AnchoredText, TextGatherer
from factlint.sources.htmltree import TextRun
from factlint.sources.linestarts import LineStarts
from factlint.sources.packaged import packaged_file

_COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.DOTALL)
_PLAIN = re.compile(r"[^{\[<&'_\x00]+|.", re.DOTALL)
_TAG = re.compile(r"<(/?)([A-Za-z][\w-]*)\b[^<>]*?(/?)>")
_ENTITY = re.compile(r"&(?:#\d{1,7}|#[xX][0-9A-Fa-f]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")
_EXTERNAL = re.compile(r"\[(?:https?:|ftp:)?//[^\s\]<>]+(?:[ \t]+([^\]\n]*))?\]")
_QUOTES = re.compile(r"'{2,5}")
_ITEM_MARK = re.compile(r"(?:^|(?<=\n))[ \t]*[*#]+[ \t]*", re.MULTILINE)  # "* item" inside a list template
_MAGIC = re.compile(r"__[A-Z]{2,30}__")
_LINK_TRAIL = re.compile(r"[a-z]+")
_BREAK = re.compile(r"<br\s*/?>|</br>", re.IGNORECASE)
_SPACES = re.compile(r"\s+")
# Characters that show as a plain space: no-break and narrow spaces from entities.
_SPACE_LIKE = str.maketrans({"\u00a0": " ", "\u202f": " ", "\u2009": " ", "\u2007": " "})
_NUMBER = re.compile(r"[0-9]{1,4}")  # a template's parameter number, a date's month or day
_MAX_POSITIONAL = 100  # a numbered parameter above this is kept as a named one, not padded up to
_MAX_DEPTH = 8  # templates, links and notes nested deeper than this are not read


@dataclass(frozen=True)
class WikiKnowledge:
    """What templates, tags and links show (``wikitext.yaml``)."""

    hidden: frozenset[str]
    doubt_marks: dict[str, str]
    argument: dict[str, int]
    fixed_text: dict[str, str]
    notes: frozenset[str]
    lists: frozenset[str]
    citations: frozenset[str]
    citation_keys: tuple[str, ...]
    convert: frozenset[str]
    range_words: frozenset[str]
    convert_units: dict[str, str]
    val: frozenset[str]
    val_unit_keys: tuple[str, ...]
    dates: frozenset[str]
    months: tuple[str, ...]
    record_prefixes: tuple[str, ...]
    record_min_parameters: int
    record_hidden_keys: frozenset[str]
    hidden_namespaces: frozenset[str]
    hidden_tags: frozenset[str]
    yes_words: frozenset[str]


@cache
def knowledge() -> WikiKnowledge:
    """Return the template and markup knowledge shipped in ``wikitext.yaml``."""
    known = packaged_file("factlint.sources", "wikitext.yaml")

    def templates(key: str) -> frozenset[str]:
        return frozenset(template_name(name) for name in known.words(key))

    return WikiKnowledge(
        hidden=templates("hidden"),
        doubt_marks={template_name(name): text for name, text in known.word_map("doubt_marks").items()},
        argument={template_name(name): index for name, index in known.number_map("argument").items()},
        fixed_text={template_name(name): text for name, text in known.word_map("text").items()},
        notes=templates("notes"),
        lists=templates("lists"),
        citations=templates("citations"),
        citation_keys=known.words("citation_text_keys"),
        convert=templates("convert"),
        range_words=frozenset(known.words("convert_range_words")),
        convert_units=known.word_map("convert_units"),
        val=templates("val"),
        val_unit_keys=known.words("val_unit_keys"),
        dates=templates("dates"),
        months=known.words("months"),
        record_prefixes=tuple(template_name(name) for name in known.words("record_prefixes")),
        record_min_parameters=known.whole_number("record_min_parameters"),
        record_hidden_keys=templates("record_hidden_keys"),
        hidden_namespaces=known.folded_words("hidden_link_namespaces"),
        hidden_tags=known.folded_words("hidden_tags"),
        yes_words=known.folded_words("yes_words"),
    )


def template_name(name: str) -> str:
    """Return a template or key name as it is matched: lower case, "_" as a space, spaces collapsed."""
    return _SPACES.sub(" ", name.replace("_", " ")).strip().lower()


@dataclass
class WikiSource:
    """A wikitext file's text with comments masked (``\\x00``, newlines kept) and its line starts."""

    text: str
    first_line: int = 1
    lines: LineStarts = field(default_factory=lambda: LineStarts((0,)))
    _brackets: dict[str, Brackets] = field(default_factory=dict, repr=False)
    _closers: dict[str, list[tuple[int, int]]] = field(default_factory=dict, repr=False)

    @classmethod
    def of(cls, text: str, first_line: int = 1) -> WikiSource:
        """Return the source of ``text`` (whose first line is file line ``first_line``)."""
        masked = _COMMENT.sub(lambda match: re.sub(r"[^\n]", "\x00", match.group(0)), text)
        return cls(masked, first_line, LineStarts.of(masked, first_line))

    def position(self, offset: int) -> tuple[int, int]:
        """Return the 1-based file (line, column) of ``text[offset]``."""
        return self.lines.position(offset)

    def run(self, text: str, offset: int) -> TextRun:
        """Return ``text`` shown at the file position of ``offset``."""
        line, column = self.position(offset)
        return TextRun(text, line, column)

    def matching_end(self, start: int, opener: str, closer: str) -> int:
        """Return the offset after the ``closer`` that closes the ``opener`` at ``start``, or -1."""
        brackets = self._brackets.get(opener)
        if brackets is None:
            brackets = self._brackets[opener] = Brackets(self.text, opener, closer)
        return brackets.end(start)

    def closing_tag(self, name: str, start: int, end: int) -> tuple[int, int] | None:
        """Return the span of the first ``</name>`` in ``text[start:end]``, or None."""
        closers = self._closers.get(name)
        if closers is None:
            pattern = re.compile(rf"</{re.escape(name)}\s*>", re.IGNORECASE)
            closers = self._closers[name] = [match.span() for match in pattern.finditer(self.text)]
        index = bisect.bisect_left(closers, (start, -1))
        if index < len(closers) and closers[index][1] <= end:
            return closers[index]
        return None


class Brackets:
    """Where each ``{{`` (or ``[[``) of a text is closed, each found once: a text of many
    unclosed openers is read in linear time, not searched to its end for each of them."""

    def __init__(self, text: str, opener: str, closer: str) -> None:
        """Index the occurrences of ``opener`` and ``closer`` in ``text``."""
        self.opens = _occurrences(text, opener)
        self.closes = _occurrences(text, closer)
        self.width = len(opener)
        self.ends: dict[int, int] = {}

    def end(self, start: int) -> int:
        """Return the offset after the closer of the opener at ``start`` (as a scan from
        ``start`` pairs them, nested openers counted), or -1 if it is never closed."""
        if start in self.ends:
            return self.ends[start]
        stack = [start]
        index = start + self.width
        while stack:
            is_open, at = self._next(index)
            if at < 0:
                break
            if not is_open:
                index = self.ends[stack.pop()] = at + self.width
            elif at in self.ends:
                index = self.ends[at]
                if index < 0:
                    break
            else:
                stack.append(at)
                index = at + self.width
        for unclosed in stack:
            self.ends[unclosed] = -1
        return self.ends[start]

    def _next(self, index: int) -> tuple[bool, int]:
        """Return the next opener or closer at or after ``index``: (is an opener, offset), or -1."""
        opens = bisect.bisect_left(self.opens, index)
        closes = bisect.bisect_left(self.closes, index)
        if closes == len(self.closes):
            return False, -1
        if opens < len(self.opens) and self.opens[opens] < self.closes[closes]:
            return True, self.opens[opens]
        return False, self.closes[closes]


def _occurrences(text: str, needle: str) -> list[int]:
    """Return the offsets of every occurrence of ``needle`` in ``text``, overlapping ones too."""
    return [match.start() for match in re.finditer(f"(?={re.escape(needle)})", text)]


@dataclass(frozen=True)
class Template:
    """A ``{{...}}`` call: its name, positional and named arguments as (start, end) spans."""

    name: str
    start: int
    end: int  # after the closing braces
    positional: tuple[tuple[int, int], ...]
    named: dict[str, tuple[int, int]]


def split_top(text: str, start: int, end: int, separator: str = "|") -> list[tuple[int, int]]:
    """Return the spans of ``text[start:end]`` between ``separator``s outside ``{{ }}`` and ``[[ ]]``."""
    parts = []
    depth = 0
    index = part_start = start
    while index < end:
        two = text[index : index + 2]
        if two in ("{{", "[["):
            depth += 1
            index += 2
        elif two in ("}}", "]]") and depth:
            depth -= 1
            index += 2
        elif depth == 0 and text.startswith(separator, index):
            parts.append((part_start, index))
            index += len(separator)
            part_start = index
        else:
            index += 1
    parts.append((part_start, end))
    return parts


def parse_template(text: str, start: int, end: int) -> Template:
    """Return the template written at ``text[start:end]`` (``end`` after its closing braces)."""
    parts = split_top(text, start + 2, end - 2)
    name_start, name_end = parts[0]
    positional: list[tuple[int, int]] = []
    named: dict[str, tuple[int, int]] = {}
    for part_start, part_end in parts[1:]:
        equals = split_top(text, part_start, part_end, "=")
        if len(equals) > 1:
            key = template_name(text[part_start : equals[0][1]].replace("\x00", ""))
            index = _number(key)
            if index is not None and 1 <= index <= _MAX_POSITIONAL:
                positional += [(part_end, part_end)] * (index - len(positional))
                positional[index - 1] = _trimmed(text, equals[1][0], part_end)
            else:
                named[key] = _trimmed(text, equals[1][0], part_end)
        else:
            positional.append((part_start, part_end))
    name = template_name(text[name_start:name_end].replace("\x00", "")).removeprefix("template:")
    return Template(
        name.split(":", 1)[-1] if name.startswith("subst:") else name, start, end, tuple(positional), named
    )


def _number(text: str) -> int | None:
    """Return the number written in ASCII digits as ``text`` (at most four), or None."""
    return int(text) if _NUMBER.fullmatch(text) else None


def _trimmed(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def is_record(template: Template, text: str) -> bool:
    """Return True if a template is a record of key/value parameters (an infobox)."""
    facts = knowledge()
    if template.name.startswith(facts.record_prefixes):
        return True
    own_lines = sum(1 for start, _ in template.named.values() if "\n|" in text[max(start - 80, 0) : start])
    return own_lines >= facts.record_min_parameters


@dataclass
class Renderer:
    """Renders spans of a source to text runs; notes met on the way are kept for the caller."""

    source: WikiSource
    notes: list[list[TextRun]] = field(default_factory=list)

    def render(self, start: int, end: int) -> list[TextRun]:
        """Return the runs a reader sees for ``source.text[start:end]``."""
        runs: list[TextRun] = []
        self._render(start, end, runs, 0)
        return runs

    def _render(self, start: int, end: int, runs: list[TextRun], depth: int) -> None:
        text = self.source.text
        index = start
        while index < end:
            char = text[index]
            after = -1
            if char == "{" and text.startswith("{{", index):
                after = self.source.matching_end(index, "{{", "}}")
                if 0 < after <= end:
                    if depth < _MAX_DEPTH:
                        self._template(parse_template(text, index, after), runs, depth + 1)
                    index = after
                    continue
            elif char == "[" and text.startswith("[[", index):
                after = self.source.matching_end(index, "[[", "]]")
                if 0 < after <= end:
                    index = self._link(index, after, end, runs, depth)
                    continue
            elif char == "[":
                external = _EXTERNAL.match(text, index, end)
                if external is not None:
                    if external.group(1):
                        self._render(external.start(1), external.end(1), runs, depth + 1)
                    index = external.end()
                    continue
            elif char == "<":
                after = self._tag(index, end, runs, depth)
                if after > index:
                    index = after
                    continue
            elif char == "&":
                entity = _ENTITY.match(text, index, end)
                if entity is not None:
                    shown = html.unescape(entity.group(0)).translate(_SPACE_LIKE)
                    runs.append(self.source.run(shown, index))
                    index = entity.end()
                    continue
            elif char == "'":
                quotes = _QUOTES.match(text, index, end)
                if quotes is not None:
                    index = quotes.end()
                    continue
            elif char == "_":
                magic = _MAGIC.match(text, index, end)
                if magic is not None:
                    index = magic.end()
                    continue
            elif char == "\x00":
                index += 1
                continue
            plain = _PLAIN.match(text, index, end)
            assert plain is not None  # _PLAIN matches any one character
            runs.append(self.source.run(plain.group(0), index))
            index = plain.end()

    def _tag(self, index: int, end: int, runs: list[TextRun], depth: int) -> int:
        """Read the tag at ``index``; return the offset after it (``index`` if it is no tag)."""
        text = self.source.text
        tag = _TAG.match(text, index, end)
        if tag is None:
            return index
        closing, name, empty = tag.group(1), tag.group(2).lower(), tag.group(3)
        if _BREAK.fullmatch(tag.group(0)):
            runs.append(self.source.run("\n", index))
            return tag.end()
        if closing or empty:
            return tag.end()
        if name in ("ref", "nowiki", *knowledge().hidden_tags):
            close = self.source.closing_tag(name, tag.end(), end)
            body_end, after = close if close is not None else (end, end)
            if name == "nowiki":
                runs.append(self.source.run(html.unescape(text[tag.end() : body_end]), tag.end()))
            elif name == "ref":
                self.notes.append(self._note(tag.end(), body_end, depth))
                self._apart(after, runs)
            return after
        return tag.end()

    def _apart(self, offset: int, runs: list[TextRun]) -> None:
        """Keep the text after a removed note apart from the text before it: a page shows the
        note's mark between them, so "350 W.<ref>..</ref>3 cards" never reads "W.3"."""
        if offset < len(self.source.text) and self.source.text[offset].isalnum():
            runs.append(self.source.run(" ", offset))

    def _note(self, start: int, end: int, depth: int) -> list[TextRun]:
        """Return the runs of a note's body (none if notes are nested too deep to read)."""
        runs: list[TextRun] = []
        if depth < _MAX_DEPTH:
            self._render(start, end, runs, depth + 1)
        return runs

    def _link(self, index: int, after: int, end: int, runs: list[TextRun], depth: int) -> int:
        """Render the ``[[...]]`` link at ``index``; return where reading goes on (after its trail)."""
        text = self.source.text
        parts = split_top(text, index + 2, after - 2)
        target = text[parts[0][0] : parts[0][1]].strip()
        namespace = target.split(":", 1)[0].strip().lower() if ":" in target else ""
        if namespace in knowledge().hidden_namespaces and not target.startswith(":"):
            return after
        if depth >= _MAX_DEPTH:
            return after
        if len(parts) > 1:
            self._render(parts[-1][0], parts[-1][1], runs, depth + 1)
        else:
            start = parts[0][0] + (1 if text[parts[0][0]] == ":" else 0)
            self._render(start, parts[0][1], runs, depth + 1)
        trail = _LINK_TRAIL.match(text, after, end)
        if trail is None:
            return after
        runs.append(self.source.run(trail.group(0), after))
        return trail.end()

    def _template(self, template: Template, runs: list[TextRun], depth: int) -> None:
        facts = knowledge()
        name = template.name
        if name in facts.hidden or not name:
            return
        if name in facts.doubt_marks:
            runs.append(self.source.run(facts.doubt_marks[name], template.start))
        elif name in facts.fixed_text:
            runs.append(self.source.run(facts.fixed_text[name], template.start))
        elif name in facts.argument:
            span = self._positional(template, facts.argument[name])
            if span is not None:
                self._render(*span, runs, depth)
        elif name in facts.notes:
            span = self._positional(template, 1) or template.named.get("text")
            if span is not None:
                self.notes.append(self._note(*span, depth))
                self._apart(template.end, runs)
        elif name in facts.citations:
            for key in facts.citation_keys:
                span = template.named.get(key)
                if span is not None and span[0] < span[1]:
                    self._render(*span, runs, depth)
                    runs.append(self.source.run(". ", span[1]))
        elif name in facts.lists:
            self._list(template, runs, depth)
        elif name in facts.convert:
            self._convert(template, runs, depth)
        elif name in facts.val:
            self._val(template, runs, depth)
        elif name in facts.dates:
            self._date(template, runs)
        else:  # an unknown template: its positional arguments' text, nothing of its options
            for start, stop in template.positional:
                self._render(start, stop, runs, depth)
                runs.append(self.source.run(" ", stop))

    def _list(self, template: Template, runs: list[TextRun], depth: int) -> None:
        """Show a list template's items apart: its arguments, and the ``*`` lines inside them."""
        text = self.source.text
        items = []
        for start, end in template.positional:
            marks = list(_ITEM_MARK.finditer(text, start, end))
            if not marks:
                items.append(_trimmed(text, start, end))
                continue
            bounds = [*(match.start() for match in marks[1:]), end]
            items += [_trimmed(text, mark.end(), stop) for mark, stop in zip(marks, bounds, strict=True)]
        for index, (start, end) in enumerate(span for span in items if span[0] < span[1]):
            if index:
                runs.append(self.source.run("; ", start))
            self._render(start, end, runs, depth)

    def _positional(self, template: Template, number: int) -> tuple[int, int] | None:
        if len(template.positional) < number:
            return None
        return _trimmed(self.source.text, *template.positional[number - 1])

    def _convert(self, template: Template, runs: list[TextRun], depth: int) -> None:
        """Show ``{{convert|10|to|20|W|...}}`` as "10 to 20 W": values and unit, no conversion."""
        facts = knowledge()
        text = self.source.text
        spans = [_trimmed(text, *span) for span in template.positional]
        if not spans:
            return
        self._render(*spans[0], runs, depth)
        index = 1
        while index + 1 < len(spans) and text[slice(*spans[index])] in facts.range_words:
            runs.append(self.source.run(f" {text[slice(*spans[index])]} ", spans[index][0]))
            self._render(*spans[index + 1], runs, depth)
            index += 2
        if index < len(spans):
            code = text[slice(*spans[index])]
            runs.append(self.source.run(" ", spans[index][0]))
            runs.append(self.source.run(facts.convert_units.get(code, code), spans[index][0]))

    def _val(self, template: Template, runs: list[TextRun], depth: int) -> None:
        """Show ``{{val|1.5|0.1|u=TB/s}}`` as "1.5 ± 0.1 TB/s"."""
        text = self.source.text
        spans = [_trimmed(text, *span) for span in template.positional]
        if not spans:
            return
        prefix = template.named.get("p")
        if prefix is not None:
            self._render(*prefix, runs, depth)
        self._render(*spans[0], runs, depth)
        if len(spans) > 1 and spans[1][0] < spans[1][1]:
            runs.append(self.source.run(" ± ", spans[1][0]))
            self._render(*spans[1], runs, depth)
        exponent = template.named.get("e")
        if exponent is not None:
            runs.append(self.source.run("×10^", exponent[0]))
            self._render(*exponent, runs, depth)
        for key in knowledge().val_unit_keys:
            unit = template.named.get(key)
            if unit is not None:
                runs.append(self.source.run(" ", unit[0]))
                self._render(*unit, runs, depth)
                break

    def _date(self, template: Template, runs: list[TextRun]) -> None:
        """Show ``{{start date|2022|8|9|df=y}}`` as "9 August 2022" ("August 9, 2022" without df)."""
        text = self.source.text
        spans = [_trimmed(text, *span) for span in template.positional[:3]]
        values = [text[slice(*span)] for span in spans]
        if not values or not values[0].isdigit():
            return
        months = knowledge().months
        month = None
        number = _number(values[1]) if len(values) > 1 else None
        if number is not None and 1 <= number <= 12:
            month = months[number - 1]
        day_number = _number(values[2]) if len(values) > 2 and month else None
        day = None if day_number is None else str(day_number)
        df = template.named.get("df")
        day_first = df is not None and text[slice(*df)].strip().lower() in knowledge().yes_words
        if month is None:
            runs.append(self.source.run(values[0], spans[0][0]))
        elif day is None:
            runs += [self.source.run(f"{month} ", spans[1][0]), self.source.run(values[0], spans[0][0])]
        elif day_first:
            zeros = len(values[2]) - len(values[2].lstrip("0"))  # "08" shows as "8", from its 8
            runs += [
                self.source.run(f"{day} ", spans[2][0] + zeros),
                self.source.run(f"{month} ", spans[1][0]),
                self.source.run(values[0], spans[0][0]),
            ]
        else:
            runs += [
                self.source.run(f"{month} ", spans[1][0]),
                self.source.run(f"{day}, ", spans[2][0]),
                self.source.run(values[0], spans[0][0]),
            ]


def gather(runs: list[TextRun], *, one_line: bool = False) -> AnchoredText | None:
    """Return the text of ``runs`` with whitespace collapsed, or None if nothing shows."""
    gatherer = TextGatherer(one_line=one_line)
    for run in runs:
        gatherer.add(run)
    return gatherer.text()
