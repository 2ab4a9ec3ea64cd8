"""Find the documents named by the user and load each into a Document of blocks."""

from __future__ import annotations

import fnmatch
import os
import pathlib
from collections.abc import Callable, Iterator, Sequence

from factlint.config import Config
from factlint.errors import UsageError
from factlint.models import Block, Document
from factlint.sources.anki import anki_header, parse_anki_export
from factlint.sources.asciidoc import read_asciidoc
from factlint.sources.bbcode import parse_bbcode
from factlint.sources.bbcodetree import BBCODE_SUFFIXES, is_bbcode
from factlint.sources.bibtex import BIBTEX_SUFFIXES, parse_bibtex
from factlint.sources.captions import caption_start, is_caption_file, parse_captions
from factlint.sources.chatlines import chat_header, parse_chat_lines
from factlint.sources.cilogs import is_ci_log, parse_ci_log
from factlint.sources.conffile import CONF_SUFFIXES, is_config_text, parse_config_file
from factlint.sources.confluence import is_confluence, parse_confluence
from factlint.sources.csvfile import CSV_SUFFIXES, parse_delimited_file
from factlint.sources.d2 import is_d2, parse_d2
from factlint.sources.datafile import DATA_FILE_SUFFIXES, DataFile, parse_data_file
from factlint.sources.detect import (
    ASCIIDOC_SUFFIXES,
    EMAIL_SUFFIXES,
    HTML_SUFFIXES,
    MARKDOWN_SUFFIXES,
    ORG_SUFFIXES,
    RST_SUFFIXES,
    WIKITEXT_SUFFIXES,
    XML_SUFFIXES,
    is_asciidoc,
    is_email,
    is_html,
    is_latex,
    is_markdown,
    is_org,
    is_roff,
    is_rst,
    is_wikitext,
    is_xml,
)
from factlint.sources.dokuwiki import is_dokuwiki, parse_dokuwiki
from factlint.sources.dot import DOT_SUFFIXES, parse_dot
from factlint.sources.edi import is_edi, parse_edi
from factlint.sources.exposition import EXPOSITION_SUFFIXES, exposition_rows, is_exposition
from factlint.sources.gherkin import is_gherkin, parse_gherkin
from factlint.sources.hcl import HCL_SUFFIXES, parse_hcl_file
from factlint.sources.html import parse_html
from factlint.sources.icalendar import is_calendar, parse_calendar
from factlint.sources.journals import is_journal, parse_journal
from factlint.sources.latex import parse_latex
from factlint.sources.ldif import is_ldif, parse_ldif
from factlint.sources.ledger import is_ledger, parse_ledger
from factlint.sources.lua import LUA_SUFFIXES, parse_lua_file
from factlint.sources.mail import parse_email
from factlint.sources.markdown import parse_markdown
from factlint.sources.mermaid import parse_mermaid
from factlint.sources.mermaidlex import is_mermaid
from factlint.sources.mimetext import relocated
from factlint.sources.netconfig import network_config_dialect, parse_network_config
from factlint.sources.nix import NIX_SUFFIXES, parse_nix_file
from factlint.sources.notebook import NOTEBOOK_SUFFIXES, is_notebook, read_notebook
from factlint.sources.opendocument import (
    is_opendocument,
    is_zipped_opendocument,
    opendocument_keys,
    read_opendocument,
    read_package_content,
)
from factlint.sources.org import parse_org
from factlint.sources.patch import is_patch, parse_patch
from factlint.sources.pdfcolumns import read_columns
from factlint.sources.plaintext import parse_plain_text
from factlint.sources.plantuml import is_plantuml, parse_plantuml
from factlint.sources.pocatalogue import is_po_catalogue, parse_po_catalogue
from factlint.sources.puppet import PUPPET_SUFFIXES, parse_puppet_file
from factlint.sources.pysource import PYTHON_SUFFIXES, parse_python_file
from factlint.sources.reader import SourceText, read_source
from factlint.sources.registry import REGISTRY_SUFFIXES, is_registry_export
from factlint.sources.roff import parse_roff
from factlint.sources.rst import parse_rst
from factlint.sources.rtfblocks import read_rtf_file
from factlint.sources.rtflex import RTF_SUFFIXES, is_rtf
from factlint.sources.scanned import repair_scanned_text
from factlint.sources.spreadsheetml import is_spreadsheetml, read_spreadsheetml
from factlint.sources.sqldump import SQL_SUFFIXES, is_sql_dump, read_sql_dump
from factlint.sources.taskpaper import is_taskpaper, parse_taskpaper
from factlint.sources.templatetags import renders_to_data, templated_data_suffix
from factlint.sources.textproto import TEXTPROTO_SUFFIXES, is_textproto, parse_textproto_file
from factlint.sources.todotxt import is_todo_list, list_title, parse_todo_list
from factlint.sources.tomlfile import TOML_SUFFIXES, parse_toml_file
from factlint.sources.wikitext import parse_wikitext
from factlint.sources.wordml import is_wordml, is_zipped_wordml, read_word_package, read_wordml
from factlint.sources.xliff import is_xliff, read_xliff
from factlint.sources.xmlfeed import parse_xml
from factlint.sources.xmltree import XmlDocument
from factlint.timelimit import DocumentTimeout, time_limit


def load_sources(paths: Sequence[str], config: Config) -> list[Document]:
    """Return one Document per file named by ``paths`` (folders read recursively), in order.

    Raises UsageError if a path does not exist; a file that cannot be read, or whose reading
    fails on a bug, becomes a Document with ``error`` set instead.
    """
    documents = []
    seen: set[pathlib.Path] = set()
    folders: dict[pathlib.Path, pathlib.Path] = {}  # folder -> its resolved path
    for path, display in _discover(paths, config):
        identity = _resolved(path, folders)
        if identity in seen:
            continue
        seen.add(identity)
        documents.append(_load_guarded(path, display, config.timeout))
    return documents


def _load_guarded(path: pathlib.Path, display_path: str, seconds: float = 0) -> Document:
    """Return ``load_document(path)``, or a Document whose ``error`` says why reading crashed or stopped."""
    try:
        with time_limit(seconds):
            return load_document(path, display_path)
    except DocumentTimeout as error:
        return Document(path=display_path, sha256="", format="text", error=f"reading {error}")
    except Exception as error:  # one unreadable document never stops the others (as api.extract_document)
        failure = f"reading failed: {type(error).__name__}: {error}"
        return Document(path=display_path, sha256="", format="text", error=failure)


def _resolved(path: pathlib.Path, folders: dict[pathlib.Path, pathlib.Path]) -> pathlib.Path:
    """Return ``path.resolve()``, resolving each folder once (one lstat per file, not per part)."""
    if path.is_symlink() or path.name in ("", ".", ".."):
        return path.resolve()
    parent = path.parent
    folder = folders.get(parent)
    if folder is None:
        folder = folders[parent] = parent.resolve()
    return folder / path.name


def _email_by_content(path: pathlib.Path, suffix: str, source: SourceText) -> tuple[bool, SourceText]:
    """Return an undecodable file re-read as e-mail bytes if its head is a message's, else ``source``."""
    kept = read_source(path, front_matter=False, bytes_kept=True)
    if kept.error is None and is_email(kept.lines, suffix):
        return True, kept
    return False, source


# configuration and dump files: a "---" line opening them is no YAML front matter
_NO_FRONT_MATTER = (
    CONF_SUFFIXES
    | REGISTRY_SUFFIXES
    | SQL_SUFFIXES
    | TOML_SUFFIXES
    | TEXTPROTO_SUFFIXES
    | PYTHON_SUFFIXES
    | NOTEBOOK_SUFFIXES
    | BIBTEX_SUFFIXES
    | DOT_SUFFIXES
)


def load_document(path: pathlib.Path, display_path: str) -> Document:
    """Return the Document read from ``path``, reported under ``display_path``."""
    suffix = path.suffix
    if is_zipped_opendocument(suffix):
        return _zipped_opendocument(path, display_path)
    if is_zipped_wordml(suffix):
        return _zipped_wordml(path, display_path)
    templated = templated_data_suffix(path.name)  # YAML under a template language (decision 0235)
    data = suffix.lower() in DATA_FILE_SUFFIXES or templated is not None
    email = suffix.lower() in EMAIL_SUFFIXES
    source = read_source(
        path,
        html=suffix.lower() in HTML_SUFFIXES,
        front_matter=not data and not email and suffix.lower() not in _NO_FRONT_MATTER,
        bytes_kept=email,
        xml=suffix.lower() in XML_SUFFIXES or suffix.lower() in opendocument_keys().flat_suffixes,
        legacy=suffix.lower() in CSV_SUFFIXES,  # a spreadsheet's export in its Windows code page
    )
    if source.not_utf8 and not email and not data:
        email, source = _email_by_content(path, suffix, source)
    if source.error is not None:
        return Document(
            path=display_path, sha256=source.sha256, format=_format_of(suffix), error=source.error
        )
    if is_notebook(source.text, suffix):
        notebook = read_notebook(source.lines)
        return Document(
            path=display_path,
            sha256=source.sha256,
            format="markdown",
            blocks=notebook.blocks,
            title=notebook.title,
            error=notebook.error,
        )
    if data:
        parsed = parse_data_file(source.lines, suffix) if templated is None else _templated_data(source)
        if templated is not None and parsed.error is not None:
            # a "#!py" Salt state, or a template that is no YAML once its tags are blanked
            return Document(
                path=display_path,
                sha256=source.sha256,
                format="text",
                blocks=tuple(_plain_text_blocks(source.lines, source.body_line)),
                problems=(f"{parsed.error}, read as plain text",),
            )
        return Document(
            path=display_path,
            sha256=source.sha256,
            format="text",
            blocks=parsed.blocks if parsed.error is None else (),
            error=parsed.error,
            problems=parsed.problems,
        )
    front = source.front_matter
    problems: tuple[str, ...] = ()
    organisations: tuple[str, ...] = ()  # a contact card's ORG names
    if (anki := anki_header(source.lines, suffix, source.body_line)) is not None:
        # an Anki deck export: a note per section, its front heading its back (decision 0224)
        blocks, heading_title, file_format = parse_anki_export(source.lines, anki), None, "anki"
    elif suffix.lower() in CSV_SUFFIXES:
        delimited = parse_delimited_file(source.lines, source.body_line, suffix)
        blocks, heading_title, problems = list(delimited.blocks), delimited.title, delimited.problems
        file_format = "text"
    elif suffix.lower() in PYTHON_SUFFIXES:
        python = parse_python_file(source.lines)
        blocks, heading_title, problems = list(python.blocks), None, python.problems
        file_format = "text"
    elif suffix.lower() in HCL_SUFFIXES:
        hcl = parse_hcl_file(source.lines)
        blocks, heading_title, problems = list(hcl.blocks), None, hcl.problems
        file_format = "text"
    elif suffix.lower() in PUPPET_SUFFIXES:  # HCL's bodies in other punctuation (decision 0225)
        manifest = parse_puppet_file(source.lines)
        blocks, heading_title, problems = list(manifest.blocks), None, manifest.problems
        file_format = "text"
    elif suffix.lower() in LUA_SUFFIXES:  # HCL's bodies in Lua's punctuation (decision 0247)
        module = parse_lua_file(source.lines)
        blocks, heading_title, problems = list(module.blocks), None, module.problems
        file_format = "text"
    elif suffix.lower() in NIX_SUFFIXES:  # HCL's bodies in Nix's punctuation (decision 0261)
        expression = parse_nix_file(source.lines)
        blocks, heading_title, problems = list(expression.blocks), None, expression.problems
        file_format = "text"
    elif suffix.lower() in BIBTEX_SUFFIXES:
        # a bibliography: entries as sections, only their prose fields read (decision 0167)
        blocks, heading_title = parse_bibtex(source.lines, source.body_line)
        file_format = "text"
    elif suffix.lower() in DOT_SUFFIXES:
        # a Graphviz graph: nodes as sections, edges as sentences, comments as prose (decision 0172)
        blocks, heading_title = parse_dot(source.lines, source.body_line)
        file_format = "text"
    elif is_d2(suffix):
        # a D2 diagram: read through the same graph reader, styling keys never read (decision 0237)
        blocks, heading_title = parse_d2(source.lines, source.body_line)
        file_format = "text"
    elif is_plantuml(source.lines, source.body_line, suffix):
        # a PlantUML diagram: read through the same graph reader, styling never read (decision 0200)
        blocks, heading_title = parse_plantuml(source.lines, source.body_line)
        file_format = "text"
    elif is_mermaid(source.lines, source.body_line, suffix):
        # a Mermaid diagram: a flowchart read as DOT graphs are, styling never read (decision 0188)
        blocks, heading_title = parse_mermaid(source.lines, source.body_line)
        file_format = "text"
    elif suffix.lower() in TOML_SUFFIXES:
        blocks, heading_title, problems = _toml_blocks(source)
        file_format = "text"
    elif is_po_catalogue(source.lines, suffix):
        # a gettext catalogue: source strings and translations, each in its own notation (decision 0226)
        blocks, heading_title, file_format = parse_po_catalogue(source.lines, source.body_line), None, "text"
    elif is_ldif(source.lines, suffix):
        # an LDAP directory export: an entry per row, change records superseding it (decision 0214)
        blocks, heading_title, file_format = parse_ldif(source.lines, source.body_line), None, "text"
    elif is_textproto(source.lines, suffix):
        # a protobuf text-format file: messages as records, comments as their notes (decision 0185)
        textproto = parse_textproto_file(source.lines)
        blocks, heading_title, problems = list(textproto.blocks), None, textproto.problems
        file_format = "text"
    elif is_taskpaper(source.lines, suffix):
        # a TaskPaper outline: projects as headings, tasks and notes below them, tags dropped (decision 0201)
        blocks, heading_title = parse_taskpaper(source.lines, source.body_line), list_title(path.name)
        file_format = "text"
    elif is_gherkin(source.lines, suffix):
        # a Gherkin feature file: steps as sentences, an outline filled from its Examples (decision 0216)
        blocks, heading_title = parse_gherkin(source.lines, source.body_line), None
        file_format = "text"
    elif is_todo_list(source.lines, path.name, suffix):
        # a todo.txt list: one task per block, its dates, tags and key:value pairs dropped (decision 0189)
        blocks, heading_title = parse_todo_list(source.lines, source.body_line), list_title(path.name)
        file_format = "text"
    elif is_edi(source.text):
        # an X12 or EDIFACT interchange: item rows, prices and free-text segments (decision 0163)
        blocks, heading_title, file_format = parse_edi(source.lines, source.body_line), None, "text"
    elif is_ledger(source.lines, suffix):
        # an accounting journal: transactions headed by their description, unit prices only (decision 0265)
        blocks, heading_title, file_format = parse_ledger(source.lines, source.body_line), None, "text"
    elif is_journal(source.lines, suffix):
        # a systemd journal or syslog: prefixes off, a paragraph per message under its host (decision 0203)
        blocks, heading_title, file_format = parse_journal(source.lines, source.body_line), None, "text"
    elif is_ci_log(source.lines, suffix, source.lone_cr):
        # a CI job log: stamps and runner markers off, each step read as what it printed (decision 0157)
        blocks, heading_title, file_format = (
            parse_ci_log(source.lines, source.body_line, source.lone_cr),
            None,
            "text",
        )
    elif (dialect := _network_dialect(source, suffix)) is not None:
        # a switch's or router's configuration: comments, banners and descriptions only (decision 0250)
        blocks, heading_title = parse_network_config(source.lines, source.body_line, dialect), None
        file_format = "text"
    elif suffix.lower() in EXPOSITION_SUFFIXES or (
        suffix.lower() in (".txt", "") and is_exposition(source.lines, source.body_line - 1)
    ):
        # an exporter's page saved whole (decision 0142)
        blocks = exposition_rows(source.lines, source.body_line - 1, len(source.lines), (), None)
        heading_title, file_format = None, "text"
    elif is_registry_export(source.lines, suffix):
        # a Windows Registry export: keys as INI sections, typed values decoded (decision 0248)
        blocks, heading_title = parse_config_file(source.lines, source.body_line, ".reg"), None
        file_format = "text"
    elif suffix.lower() in CONF_SUFFIXES or (suffix.lower() == ".txt" and is_config_text(source.lines)):
        blocks, heading_title = parse_config_file(source.lines, source.body_line, suffix.lower()), None
        file_format = "text"
    elif suffix.lower() in SQL_SUFFIXES or (suffix.lower() == ".txt" and is_sql_dump(source.lines, suffix)):
        dump = read_sql_dump(source.lines, source.body_line)
        blocks, heading_title, problems = list(dump.blocks), None, dump.problems
        file_format = "text"
    elif is_caption_file(suffix):
        blocks, heading_title = _caption_blocks(source.lines, source.body_line, source.body_line - 1), None
        file_format = "text"
    elif is_rtf(source.text):
        rtf = read_rtf_file(source.lines, source.body_line)
        blocks, heading_title, problems = list(rtf.blocks), rtf.title, rtf.problems
        file_format = "rtf"
    elif is_calendar(source.text, suffix):
        calendar = parse_calendar(source.lines, source.body_line)
        blocks, heading_title, file_format = list(calendar.blocks), calendar.title, calendar.format
        organisations = calendar.organisations
    elif is_patch(source.lines, suffix):
        blocks, heading_title = parse_patch(source.lines, source.body_line)
        file_format = "text"
    elif is_email(source.lines, suffix):
        blocks, heading_title = parse_email(source.lines, source.body_line)
        file_format = "email"
    elif (chat := chat_header(source.lines, suffix)) is not None:
        blocks, heading_title = parse_chat_lines(source.lines, chat, source.body_line), None
        file_format = "text"
    elif is_roff(source.text, suffix):
        blocks, heading_title = parse_roff(source.lines, source.body_line)
        file_format = "roff"
    elif is_asciidoc(source.text, suffix):
        asciidoc = read_asciidoc(source.lines, source.body_line)
        blocks, heading_title, problems = asciidoc.blocks, asciidoc.title, asciidoc.problems
        file_format = "asciidoc"
    elif is_confluence(source.text, suffix):
        blocks, heading_title = parse_confluence(source.lines, source.body_line)
        file_format = "html"
    elif is_html(source.text, suffix):
        blocks, heading_title = parse_html(source.lines, source.body_line)
        file_format = "html"
    elif is_opendocument(source.text, suffix):
        blocks, heading_title, problems, file_format = _document_xml_blocks(
            source, read_opendocument, "opendocument"
        )
    elif is_spreadsheetml(source.text):
        blocks, heading_title, problems, file_format = _document_xml_blocks(
            source, read_spreadsheetml, "spreadsheetml"
        )
    elif is_wordml(source.text, suffix):
        blocks, heading_title, problems, file_format = _document_xml_blocks(source, read_wordml, "wordml")
    elif is_xliff(source.text, suffix):
        # a translation file: each source and target segment in its own language's notation (0262)
        blocks, heading_title, problems, file_format = _document_xml_blocks(source, read_xliff, "xml")
    elif is_xml(source.text, suffix):
        blocks, heading_title, problems, file_format = _xml_blocks(source)
    elif is_bbcode(source.text, suffix):
        blocks, heading_title = parse_bbcode(source.lines, source.body_line)
        file_format = "bbcode"
    elif is_org(source.text, suffix):
        blocks, heading_title = parse_org(source.lines, source.body_line)
        file_format = "org"
    elif is_dokuwiki(source.text, suffix):
        blocks, heading_title = parse_dokuwiki(source.lines, source.body_line)
        file_format = "dokuwiki"
    elif is_wikitext(source.text, suffix):
        blocks, heading_title = parse_wikitext(source.lines, source.body_line)
        file_format = "wikitext"
    elif is_latex(source.text, suffix):
        latex = parse_latex(source.lines, source.body_line)
        blocks, heading_title, problems = latex.blocks, latex.title, latex.problems
        file_format = "latex"
    elif is_rst(source.text, suffix):
        blocks, heading_title = parse_rst(source.lines, source.body_line)
        file_format = "rst"
    elif is_markdown(source.text, suffix, front is not None):
        blocks, heading_title = parse_markdown(source.lines, source.body_line)
        file_format = "markdown"
    else:
        # A scraped page's first short line is as often a site name as a title: no title guessed.
        start = caption_start(source.lines, source.body_line)
        if start is None:
            blocks = _plain_text_blocks(source.lines, source.body_line)
        else:
            blocks = _caption_blocks(source.lines, source.body_line, start)
        heading_title = None
        file_format = "text"
    return Document(
        path=display_path,
        sha256=source.sha256,
        format=file_format,
        blocks=tuple(blocks),
        title=(front.title if front else None) or heading_title,
        aliases=front.aliases if front else (),
        tags=front.tags if front else (),
        organisations=organisations,
        problems=problems,
    )


def _network_dialect(source: SourceText, suffix: str) -> str | None:
    """Return the dialect of a network-device configuration, or None; a substring test skips most files."""
    if "interface " not in source.text and "set interfaces " not in source.text:
        return None
    return network_config_dialect(source.lines, suffix)


def _templated_data(source: SourceText) -> DataFile:
    """Return the records of YAML under a template language, or an error when its renderer line
    names no data renderer or the YAML does not parse once the tags are blanked."""
    if source.lines and not renders_to_data(source.lines[0]):
        return DataFile((), error=f"line 1: rendered by {source.lines[0][2:].strip()!r}, not YAML")
    return parse_data_file(source.lines, ".yaml")


def _xml_blocks(source: SourceText) -> tuple[list[Block], str | None, tuple[str, ...], str]:
    """Return the blocks, title, problems and format of an XML file; one not well-formed is plain text."""
    return _xml_read(source, parse_xml(source.lines, source.body_line), "xml")


def _document_xml_blocks(
    source: SourceText, read: Callable[[str, int], XmlDocument], file_format: str
) -> tuple[list[Block], str | None, tuple[str, ...], str]:
    """Return the blocks, title, problems and format of a flat document-XML file read by ``read``;
    one not well-formed is plain text."""
    text = "\n".join(source.lines[source.body_line - 1 :])
    return _xml_read(source, read(text, source.body_line), file_format)


def _xml_read(
    source: SourceText, parsed: XmlDocument, file_format: str
) -> tuple[list[Block], str | None, tuple[str, ...], str]:
    """Return the blocks, title, problems and format of ``parsed``, or, when the XML was not
    well-formed, ``source`` read as plain text with the parser's error as a problem."""
    if parsed.error is None:
        return list(parsed.blocks), parsed.title, parsed.problems, file_format
    blocks = parse_plain_text(source.lines, source.body_line)
    return blocks, None, (f"{parsed.error}: not well-formed XML, read as plain text",), "text"


def _package_document(display_path: str, sha256: str, file_format: str, parsed: XmlDocument) -> Document:
    """Return the Document of a zipped package whose main part ``parsed`` holds (lines are that part's)."""
    return Document(
        path=display_path,
        sha256=sha256,
        format=file_format,
        blocks=parsed.blocks,
        title=parsed.title,
        error=parsed.error,
        problems=parsed.problems,
    )


def _zipped_opendocument(path: pathlib.Path, display_path: str) -> Document:
    """Return the Document of a zipped OpenDocument package, read from its content.xml (decision 0164)."""
    content = read_package_content(path)
    if content.error is not None:
        return Document(path=display_path, sha256=content.sha256, format="opendocument", error=content.error)
    parsed = read_opendocument(content.text, styles=content.others[0] if content.others else "")
    return _package_document(display_path, content.sha256, "opendocument", parsed)


def _zipped_wordml(path: pathlib.Path, display_path: str) -> Document:
    """Return the Document of a zipped Word package, read from its word/document.xml (decision 0170)."""
    package = read_word_package(path)
    if package.error is not None:
        return Document(path=display_path, sha256=package.sha256, format="wordml", error=package.error)
    parsed = read_wordml(package.text, others=package.others)
    return _package_document(display_path, package.sha256, "wordml", parsed)


def _toml_blocks(source: SourceText) -> tuple[list[Block], str | None, tuple[str, ...]]:
    """Return the blocks, title and problems of a TOML file; one that is no valid TOML is plain text."""
    parsed = parse_toml_file(source.lines)
    if parsed.error is None:
        return list(parsed.blocks), None, ()
    blocks = parse_plain_text(source.lines, source.body_line)
    return blocks, None, (f"{parsed.error}, read as plain text",)


def _plain_text_blocks(lines: Sequence[str], body_line: int) -> list[Block]:
    """Return the blocks of plain text, its OCR damage repaired and two-column pages read column by column."""
    columns = read_columns(lines, body_line)
    flow = columns.text.lines if columns is not None else lines
    scan = repair_scanned_text(flow, body_line)
    blocks = parse_plain_text(scan.lines, body_line, page_gaps=scan.page_gaps)
    if columns is None:
        return blocks
    return [relocated(block, columns.text) for block in blocks]


def _caption_blocks(lines: Sequence[str], body_line: int, start: int) -> list[Block]:
    """Return the blocks of a transcript: plain text before its first caption line, captions after."""
    return [*parse_plain_text(lines[:start], body_line), *parse_captions(lines, start)]


# The format a suffix names, for a file that could not be read (any other suffix: "text").
_SUFFIX_FORMATS = {
    **dict.fromkeys(MARKDOWN_SUFFIXES, "markdown"),
    **dict.fromkeys(HTML_SUFFIXES, "html"),
    **dict.fromkeys(RST_SUFFIXES, "rst"),
    **dict.fromkeys(WIKITEXT_SUFFIXES, "wikitext"),
    **dict.fromkeys(ORG_SUFFIXES, "org"),
    **dict.fromkeys(EMAIL_SUFFIXES, "email"),
    **dict.fromkeys(ASCIIDOC_SUFFIXES, "asciidoc"),
    **dict.fromkeys(XML_SUFFIXES, "xml"),
    **dict.fromkeys(BBCODE_SUFFIXES, "bbcode"),
    **dict.fromkeys(RTF_SUFFIXES, "rtf"),
}


def _format_of(suffix: str) -> str:
    """Return the format a file's suffix suggests, for a file that could not be read."""
    return _SUFFIX_FORMATS.get(suffix.lower(), "text")


def _discover(paths: Sequence[str], config: Config) -> Iterator[tuple[pathlib.Path, str]]:
    """Yield (file, display path) for every file to read, in the order the user named them."""
    for named in paths:
        root = pathlib.Path(named)
        if not root.exists():
            raise UsageError(f"no such file or folder: {named}", path=named)
        display_root = _slashes(named)
        if root.is_dir():
            for relative in _walk(root, config):
                display = (
                    f"{display_root.rstrip('/')}/{relative}" if display_root not in ("", ".") else relative
                )
                if not _excluded(display, relative, config):
                    yield root / relative, display
        elif not _excluded(display_root, display_root, config):
            yield root, display_root


def _walk(root: pathlib.Path, config: Config) -> list[str]:
    """Return the POSIX paths, relative to ``root``, of the included non-hidden files below it."""
    found = []
    for folder, subfolders, files in os.walk(root):
        subfolders[:] = [name for name in subfolders if not name.startswith(".")]
        base = pathlib.Path(folder).relative_to(root).as_posix()
        for name in files:
            if name.startswith(".") or not any(fnmatch.fnmatch(name, glob) for glob in config.include):
                continue
            found.append(name if base == "." else f"{base}/{name}")
    return sorted(found)


def _excluded(display: str, relative: str, config: Config) -> bool:
    """Return True if an exclude glob matches the path, any suffix of it, or one of its folders."""
    for glob in config.exclude:
        pattern = glob.removeprefix("./").removeprefix("**/").rstrip("/")
        parts = relative.split("/")
        candidates = [display, relative] + ["/".join(parts[i:]) for i in range(1, len(parts))]
        if any(fnmatch.fnmatch(candidate, pattern) for candidate in candidates):
            return True
        if any(fnmatch.fnmatch(part, pattern) for part in display.split("/")[:-1]):
            return True
    return False


def _slashes(path: str) -> str:
    return path.replace(os.sep, "/") if os.sep != "/" else path
