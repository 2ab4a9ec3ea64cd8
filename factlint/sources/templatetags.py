"""YAML wrapped in a template language (Salt states, Jinja-templated Ansible, Helm templates) as data.

A Salt state or pillar file (``.sls``), an Ansible ``*.yml.j2`` template and a Helm chart's
``templates/*.yaml`` are YAML with Jinja or Go-template tags around and inside it: statements
(``{% set ... %}``, ``{% for ... %}``, ``{%- if ... -%}``), expressions (``{{ sdk_version }}``,
``{{- include "labels" . | nindent 4 }}``) and template comments (``{# ... #}``, ``{{/* ... */}}``).
The tags are what the template engine fills in; the data around them is what the writer wrote.
``without_template_tags`` blanks the tags out in place (every other character keeps its line and
column), so the YAML parser reads the data and each value stays anchored where it is written:

- a statement, and an expression on a line of its own, become spaces (the line reads as blank);
- an expression inside a line becomes ``_`` and spaces, a placeholder value that names and measures
  nothing, so ``version: {{ v }}`` and ``{{ host }}: ...`` keep their shape;
- a one-line template comment becomes a YAML comment (``#`` and its text), read as the file's
  other comments are; one over several lines is blanked.

A computed expression (``{{ 8 * 96 }}``) states no figure the writer wrote, as an HCL expression
does not (decision 0121). See decision 0235.
"""

from __future__ import annotations

import re

# A Salt state or pillar file is YAML rendered by Jinja unless its first line names another
# renderer ("#!py", "#!pyobjects"); see ``renders_to_data``.
TEMPLATED_DATA_SUFFIXES = frozenset({".sls"})
# A template of a YAML file named by the template's suffix after the data's (``x.yml.j2``).
TEMPLATE_SUFFIXES = frozenset({".j2", ".jinja", ".jinja2", ".tpl", ".tmpl", ".gotmpl"})
YAML_SUFFIXES = frozenset({".yaml", ".yml"})

_MAX_TAG = 4000  # characters a tag may span; an unclosed "{{" blanks nothing
_SPAN = f".{{0,{_MAX_TAG}}}?"
_TAG = re.compile(r"\{%" + _SPAN + r"%\}|\{\{" + _SPAN + r"\}\}|\{#" + _SPAN + r"#\}", re.DOTALL)
_TAG_OPENERS = ("{%", "{{", "{#")
# A renderer line naming a data renderer: "#!jinja|yaml", "#!yaml", "#!jinja|json", "#!yamlex".
_DATA_RENDERER = re.compile(r"\A#!.*\b(?:yaml|yamlex|json)\b", re.IGNORECASE)


def templated_data_suffix(name: str) -> str | None:
    """Return the data suffix of a file name that is YAML under a template language (``.sls`` for a
    Salt file, ``.yml`` for ``x.yml.j2``), or None for any other file name."""
    lowered = name.lower()
    stem, dot, suffix = lowered.rpartition(".")
    if not dot or not stem:
        return None
    if f".{suffix}" in TEMPLATED_DATA_SUFFIXES:
        return f".{suffix}"
    if f".{suffix}" not in TEMPLATE_SUFFIXES:
        return None
    inner = stem.rpartition(".")[2]
    return f".{inner}" if f".{inner}" in YAML_SUFFIXES and "." in stem else None


def renders_to_data(first_line: str) -> bool:
    """Return True unless a first line ``#!renderer`` names a renderer pipeline that yields no
    YAML or JSON (Salt's ``#!py``, ``#!pyobjects``): with no such line the file is data."""
    if not first_line.startswith("#!"):
        return True
    return _DATA_RENDERER.match(first_line) is not None


def has_template_tags(text: str) -> bool:
    """Return True if ``text`` holds an opening template tag (a cheap test before the blanking)."""
    return "{" in text and any(opener in text for opener in _TAG_OPENERS)


def without_template_tags(text: str) -> str:
    """Return ``text`` with its template tags blanked in place (same length, same line breaks):
    statements and lone expressions as spaces, inline expressions as a ``_`` placeholder, one-line
    template comments as YAML comments."""
    if not has_template_tags(text):
        return text
    return _TAG.sub(lambda tag: _blanked(text, tag), text)


def _blanked(text: str, tag: re.Match[str]) -> str:
    """Return what one template tag is replaced with: as many characters, line breaks kept."""
    source = tag.group(0)
    spaces = re.sub(r"[^\n]", " ", source)
    if source.startswith("{#"):
        if "\n" in source:
            return spaces
        return " #" + source[2:-2] + "  "
    if source.startswith("{%") or _alone_on_its_lines(text, tag):
        return spaces
    return "_" + spaces[1:]


def _alone_on_its_lines(text: str, tag: re.Match[str]) -> bool:
    """Return True if only whitespace or other template tags stand beside the tag on its lines."""
    start = text.rfind("\n", 0, tag.start()) + 1
    end = text.find("\n", tag.end())
    end = len(text) if end < 0 else end
    around = _TAG.sub("", text[start : tag.start()] + " " + text[tag.end() : end])
    return not around.strip()
