"""Configuration files of ``key=value`` settings (.conf, .cfg, .ini, .properties) read as documents.

A configuration file states its hardware in comments more than in settings: a comment block
above ``NodeName=...`` or ``[gpu]`` describes that item in prose. Each run of prose comment
lines becomes one PARAGRAPH (a sentence may wrap from one comment line to the next), anchored
line by line at the text after the comment mark. A banner (``# ---- APU partition ----``) and
a ``[section]`` header become the heading path of what follows; the comment block directly
above a section header already belongs to that section. A comment that is a disabled setting
(``#MaxTime=...``, ``;extension=gd``, a commented-out ``[section]``) is no prose and is skipped.
The settings of a line (several ``Key=Value`` pairs in slurm.conf, one in an INI file) become
a TABLE_ROW whose headers are the keys as words, so that only keys naming an attribute of the
vocabulary (``hbm_gb``) give claims; a section's one-setting lines make one row, and outside
any section each such line is a row of its own. An unquoted value runs over its words up to
an inline comment (``tdp = 700 W  # per card``), which is read as prose. See decision 0138.
A Windows Registry export (``.reg``) is read the same way, its keys as sections and its values,
decoded by ``registry.py``, as their settings; a deleted key's values are none (decision 0248).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from factlint.models import Block, BlockKind
from factlint.sources.blocks import anchored_block
from factlint.sources.datablocks import data_keys, key_words, record_block
from factlint.sources.htmltext import AnchoredText, join
from factlint.sources.registry import (
    REGISTRY_SUFFIXES,
    is_header,
    is_value_line,
    registry_key,
    registry_value,
)

CONF_SUFFIXES = frozenset({".conf", ".cfg", ".cnf", ".ini", ".properties"})

_COMMENT = re.compile(r"[ \t]*(?:#+|;+|!)[ \t]?")  # "!" opens a comment in .properties only
_SECTION = re.compile(r"[ \t]*\[[ \t]*([^\]\n]+?)[ \t]*\][ \t]*")
_KEY = r"[A-Za-z_][\w.\-/]*(?:\[[^\]\s]*\])?"
# one setting: a key (no spaces) and "=" then a value: "CPUs=96", "tdp = 700 W", 'Gres="gpu:4"'.
# An unquoted value runs over its words up to an inline comment (" # ...", " ; ...") or the
# next "Key=" of a line of several settings (slurm.conf's "NodeName=a CPUs=96").
_PAIR = re.compile(
    rf"({_KEY})[ \t]*=[ \t]*"
    rf"(\"[^\"]*\"|'[^']*'|(?:(?:(?<==)|(?![#;]))[^\s\"']\S*(?:[ \t]+(?![#;]|{_KEY}[ \t]*=)\S+)*)?)"
)
_INLINE_COMMENT = re.compile(r"[ \t]*[#;]+[ \t]*(?=\S)")  # after a value, or after "=" with none
_SETTING_LINE = re.compile(rf"[ \t]*{_KEY}[ \t]*=")
# an inventory's host line: a host name or range, then that host's own settings
# ("gpu-07 ansible_host=10.0.0.7 gpu_count=4", "node-[01:08] mem_gb=64")
_HOST_LINE = re.compile(rf"[ \t]*[^\s=#;!\[\]][^\s=]*[ \t]+{_KEY}[ \t]*=")
_BANNER_EDGE = re.compile(r"^[\s\-=#*~_+/]{3,}|[\s\-=#*~_+/]{3,}$")
_RULE = re.compile(r"[\s\-=#*~_+/.]*")
_NUMBER = re.compile(r"[~$<>+\-]?\s?\d")
_UNIT_WORDS = frozenset({"b", "kb", "mb", "gb", "tb", "kib", "mib", "gib", "tib", "bytes", "size"})
_DETECT_MIN_SETTINGS = 3


@dataclass(frozen=True)
class _Line:
    """One classified line: its kind and, for prose and headings, its text and 1-based column."""

    # "blank", "prose", "heading", "disabled", "section", "deleted", "setting", "host", "other"
    kind: str
    text: str = ""
    column: int = 1


@dataclass(frozen=True)
class _Setting:
    """One ``key=value`` setting: its key as words, its value, and the value's 1-based place."""

    key: str
    value: str
    line: int
    column: int


def is_config_text(lines: Sequence[str]) -> bool:
    """Return True if every non-blank line of ``lines`` is a comment, a ``[section]`` header or a
    ``key=value`` setting, and there are at least three settings: a configuration file saved as .txt."""
    settings = 0
    for line in lines:
        comment = _COMMENT.match(line)
        if not line.strip() or (comment is not None and comment.end() > 0) or _SECTION.fullmatch(line):
            continue
        if not _SETTING_LINE.match(line):
            return False
        settings += 1
    return settings >= _DETECT_MIN_SETTINGS


def parse_config_file(lines: Sequence[str], body_line: int, suffix: str) -> list[Block]:
    """Return the blocks of a configuration file: its prose comments as paragraphs under their
    banners and sections, and its settings as table rows keyed by their names."""
    blocks: list[Block] = []
    headings: tuple[str, ...] = ()
    section: tuple[str, int, int] | None = None  # the section's name and its 1-based place
    banner: tuple[str, ...] = ()  # the last banner comment's title
    run: list[AnchoredText] = []  # the prose comment lines of the paragraph being read
    pending: list[AnchoredText] = []  # comment paragraphs waiting for what follows them
    record: list[_Setting] = []  # the one-setting lines of the current section
    deleted = False  # under a registry key the export deletes: its values are no claims

    def flush(under: tuple[str, ...]) -> None:
        if run:
            text, anchors, _ = join(run, "\n")
            pending.append(AnchoredText(text, tuple(anchors)))
            run.clear()
        blocks.extend(anchored_block(BlockKind.PARAGRAPH, part, under) for part in pending)
        pending.clear()

    def close_record() -> None:
        # settings outside any section are no record: each line is a row of its own
        for settings in [record] if section is not None else [[setting] for setting in record]:
            row = _settings_row(settings, section, headings)
            if row is not None:
                blocks.append(row)
        record.clear()

    for index, raw in enumerate(lines[body_line - 1 :]):
        number = body_line + index
        line = _classify(raw, suffix)
        if line.kind == "prose":
            run.append(AnchoredText(line.text, ((0, number, line.column),)))
            continue
        if run:  # a paragraph ends; it may still belong to a section header below it
            text, anchors, _ = join(run, "\n")
            pending.append(AnchoredText(text, tuple(anchors)))
            run.clear()
        if line.kind == "heading":
            close_record()
            flush(headings)
            section, banner = None, (line.text,)
            headings = banner
        elif line.kind in ("section", "deleted"):
            close_record()
            # the comments directly above a section header describe that section
            deleted = line.kind == "deleted"
            section = None if deleted else (line.text, number, line.column)
            headings = (*banner, line.text)
            flush(headings)
        elif line.kind in ("setting", "host"):
            flush(headings)
            settings, comment = _settings(raw, number, suffix)
            if deleted:
                settings = []
            if comment is not None:
                blocks.append(anchored_block(BlockKind.PARAGRAPH, comment, headings))
            if len(settings) == 1 and line.kind == "setting":
                record.extend(settings)
            else:  # several settings on one line describe one item (slurm.conf's NodeName=...)
                row = _settings_row(settings, None, headings)
                if row is not None:
                    blocks.append(row)
        elif line.kind in ("disabled", "other"):
            flush(headings)
    close_record()
    flush(headings)
    return sorted(blocks, key=lambda block: (block.line, block.column))


def _classify(line: str, suffix: str) -> _Line:
    """Return what one line of a configuration file is."""
    if not line.strip():
        return _Line("blank")
    if suffix in REGISTRY_SUFFIXES:
        return _registry_line(line)
    comment = _COMMENT.match(line)
    if comment is not None and comment.end() > 0 and (line.lstrip()[0] != "!" or suffix == ".properties"):
        body = line[comment.end() :].rstrip()
        if not body.strip() or _RULE.fullmatch(body):
            return _Line("blank")
        if _SETTING_LINE.match(body) or _SECTION.fullmatch(body):
            return _Line("disabled")
        title = _BANNER_EDGE.sub("", body).strip()
        if title != body.strip() and title:
            return _Line("heading", title, comment.end() + body.index(title[0]) + 1)
        return _Line("prose", body, comment.end() + 1)
    section = _SECTION.fullmatch(line)
    if section is not None:
        return _Line("section", section.group(1), section.start(1) + 1)
    if _SETTING_LINE.match(line):
        return _Line("setting")
    if _HOST_LINE.match(line):
        return _Line("host")
    return _Line("other")


def _registry_line(line: str) -> _Line:
    """Return what one line of a registry export is: its header is no text, a key is a section
    named by its last path component (or a deleted one), a value line is a setting, a comment
    that is itself a key or a value is a disabled setting."""
    comment = _COMMENT.match(line)
    if comment is not None and comment.end() > 0:
        body = line[comment.end() :]
        if registry_key(body) is not None or is_value_line(body):
            return _Line("disabled")
        return _classify(line, "")  # prose or a banner, as in any configuration file
    if is_header(line):
        return _Line("blank")
    key = registry_key(line)
    if key is not None:
        return _Line("deleted" if key.deleted else "section", key.name, key.column)
    return _Line("setting" if is_value_line(line) else "other")  # "other": binary data continued


def _settings(line: str, number: int, suffix: str) -> tuple[list[_Setting], AnchoredText | None]:
    """Return the settings of one line, each value placed at its first character, and the text of
    the comment after them (``tdp = 700 W  # per card``), if any."""
    if suffix in REGISTRY_SUFFIXES:
        entry = registry_value(line)
        if entry is None or entry.text is None:
            return [], None
        return [_Setting(key_words(entry.name), entry.text, number, entry.column)], None
    found: list[_Setting] = []
    for pair in _PAIR.finditer(line):
        value = pair.group(2).strip("\"'")
        if value:
            start = pair.start(2) + (1 if pair.group(2)[:1] in "\"'" else 0)
            found.append(_Setting(key_words(pair.group(1)), value, number, start + 1))
        comment = _INLINE_COMMENT.match(line, pair.end())
        if comment is not None:
            text = line[comment.end() :].rstrip()
            return found, AnchoredText(text, ((0, number, comment.end() + 1),))
    return found, None


def _settings_row(
    settings: Sequence[_Setting], section: tuple[str, int, int] | None, headings: tuple[str, ...]
) -> Block | None:
    """Return the TABLE_ROW of ``settings`` when one of their values is a number, else None.

    The row's first cell names the record it describes: a setting naming it (``model = H100``),
    else the INI section's name, placed at its header (``section``: the name, its line and column).
    A slurm.conf item (``NodeName=apu[001-032]``) names hosts, not a product, and adds no name; a
    lone setting outside any section (``H100_memory = 80 GB``) has an empty first cell, as its key
    says what it describes.
    """
    hosted = any(_host_processor(setting.key) for setting in settings)
    settings = [setting for setting in settings if not _host_setting(setting.key, hosted=hosted)]
    if not any(_NUMBER.match(setting.value) for setting in settings):
        return None
    settings = sorted(settings, key=lambda setting: setting.key.lower() not in data_keys("name_keys"))
    headers = [setting.key for setting in settings]
    cells = [(setting.value, setting.line, setting.column) for setting in settings]
    if section is not None and headers[0].lower() not in data_keys("name_keys"):
        headers.insert(0, "")
        cells.insert(0, section)
    elif section is None and len(settings) == 1:
        headers.insert(0, "")
        cells.insert(0, ("", settings[0].line, settings[0].column))
    return record_block(headers, cells, headings, None)


def _host_processor(key: str) -> bool:
    """Return True for a key that states the host's processors ("CPUs", "Cores Per Socket")."""
    return any(word in data_keys("host_setting_words") for word in key.lower().split())


def _host_setting(key: str, *, hosted: bool) -> bool:
    """Return True for a key of the host's processors, or one naming only memory in a record that
    also states the host's processors (``CPUs=96 RealMemory=491520``: the host's RAM)."""
    if _host_processor(key):
        return True
    named = " ".join(word for word in key.lower().split() if word not in _UNIT_WORDS)
    return hosted and named in data_keys("host_memory_keys")
