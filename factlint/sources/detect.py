"""Decide whether a document is HTML, Markdown or plain text from its suffix and its content."""

from __future__ import annotations

import re

from factlint.sources.tooldumps import pasted_output_lines

MARKDOWN_SUFFIXES = (".md", ".markdown", ".mdown", ".mkd")
HTML_SUFFIXES = (".html", ".htm")

# A saved page, whatever its name: "<!DOCTYPE html" or "<html", after an XML declaration
# and comments if any. Case-insensitive, as HTML is.
_HTML_START = re.compile(
    r"\A\ufeff?\s*(?:<\?xml[^>]*>\s*)?(?:<!--.*?-->\s*)*<(?:!doctype\s+html|html)(?=[\s>])",
    re.IGNORECASE | re.DOTALL,
)

# Any one of these is a Markdown construct that plain text practically never contains.
_MARKDOWN_SIGNS = re.compile(
    r"^(?:"
    r"#{1,6}[ \t]+\S"  # ATX heading
    # pipe-table delimiter row; one run of spaces holds the optional pipe ("[ \t]*(?:\|[ \t]*)?",
    # not "[ \t]*\|?[ \t]*"), so that a line of many spaces and then text fails in linear time
    r"|[ \t]*(?:\|[ \t]*)?:?-{3,}:?[ \t]*\|"
    r"|[ \t]*(?:[-*+]|\d{1,3}[.)])[ \t]+(?:\*\*|__)[^*_\n]{1,80}?(?::(?:\*\*|__)|(?:\*\*|__):)"  # - **X:**
    r"|(?:\*\*|__)[^*_\n]{1,80}?(?::(?:\*\*|__)|(?:\*\*|__):)"  # **Label:** at line start
    r"|```|~~~"  # fenced code
    r")",
    re.MULTILINE,
)


def is_html(text: str, suffix: str) -> bool:
    """Return True if the document is an HTML page: by suffix, or by how it starts unless named Markdown."""
    lowered = suffix.lower()
    if lowered in HTML_SUFFIXES:
        return True
    return lowered not in MARKDOWN_SUFFIXES and _HTML_START.match(text[:4096]) is not None


XML_SUFFIXES = (".xml", ".rss", ".atom")
# An XML document: the XML declaration, after a byte order mark and whitespace if any.
_XML_START = re.compile(r"\A\ufeff?\s*<\?xml[\s?]")


def is_xml(text: str, suffix: str) -> bool:
    """Return True if the document is XML other than a page (XHTML is HTML): by suffix or declaration."""
    if is_html(text, suffix):
        return False
    return suffix.lower() in XML_SUFFIXES or _XML_START.match(text) is not None


def looks_like_html(raw: bytes) -> bool:
    """Return True if file bytes start like an HTML page (for choosing how to decode them)."""
    return _HTML_START.match(raw[:4096].decode("latin-1")) is not None


def is_markdown(text: str, suffix: str, has_front_matter: bool) -> bool:
    """Return True if the document should be parsed as Markdown."""
    if suffix.lower() in MARKDOWN_SUFFIXES or has_front_matter:
        return True
    first = _MARKDOWN_SIGNS.search(text)
    if first is None:
        return False
    # A tool's output pasted under its prompt is no Markdown: dmidecode's "# dmidecode 3.5" banner
    # or a root prompt's "#" is not a heading (decision 0181).
    pasted = pasted_output_lines(text)
    if not pasted:
        return True
    line, counted = 0, 0
    for sign in _MARKDOWN_SIGNS.finditer(text, first.start()):
        line += text.count("\n", counted, sign.start())
        counted = sign.start()
        if line not in pasted:
            return True
    return False


LATEX_SUFFIXES = (".tex", ".latex", ".ltx")

# Lines that open with a LaTeX structure command: a class, a package, an environment, a
# sectioning command or a list item.
_LATEX_LINE = re.compile(
    r"^[ \t]*\\(?:documentclass|usepackage|begin[ \t]*\{|end[ \t]*\{|(?:sub){0,2}section\*?[ \t]*[\[{]"
    r"|chapter\*?[ \t]*[\[{]|part\*?[ \t]*[\[{]|paragraph\*?[ \t]*\{|item\b|caption[ \t]*\{|label[ \t]*\{)",
    re.MULTILINE,
)
_LATEX_FRAME = re.compile(
    r"\\(?:documentclass|begin[ \t]*\{document\}|(?:sub){0,2}section\*?[ \t]*\{|chapter\*?[ \t]*\{)"
)
LATEX_MIN_LINES = 3


def is_latex(text: str, suffix: str) -> bool:
    """Return True if the document is LaTeX source: by suffix, or by its structure commands.

    Content alone needs a class, ``\\begin{document}`` or a sectioning command, and at least
    three lines opening with structure commands: prose that mentions one ``\\section`` is prose.
    """
    lowered = suffix.lower()
    if lowered in LATEX_SUFFIXES:
        return True
    if lowered in MARKDOWN_SUFFIXES or lowered in HTML_SUFFIXES or "\\" not in text:
        return False
    if _LATEX_FRAME.search(text) is None:
        return False
    return sum(1 for _ in _LATEX_LINE.finditer(text)) >= LATEX_MIN_LINES


RST_SUFFIXES = (".rst", ".rest")
RST_TEXT_SUFFIXES = (".txt", "")

# A section title: a line of text under (or between) lines of one repeated punctuation character
# at least as long as it; and a directive: ".. name::" opening a line.
_RST_SECTION = re.compile(
    r"^(?P<title>\S[^\n]*)\n(?P<under>(?P<char>[!-/:-@\[-`{-~])(?P=char){2,})[ \t]*$", re.MULTILINE
)
_RST_DIRECTIVE = re.compile(r"^[ \t]*\.\. +[A-Za-z][\w.+:-]*::(?:[ \t]|$)", re.MULTILINE)


def is_rst(text: str, suffix: str) -> bool:
    """Return True if the document is reStructuredText: by suffix, or (a ``.txt`` file or one
    without a suffix) by both an adorned section title and a ``.. directive::`` line."""
    lowered = suffix.lower()
    if lowered in RST_SUFFIXES:
        return True
    if lowered not in RST_TEXT_SUFFIXES or _RST_DIRECTIVE.search(text) is None:
        return False
    return any(
        len(match.group("under")) >= len(match.group("title").rstrip(" \t"))
        for match in _RST_SECTION.finditer(text)
    )


WIKITEXT_SUFFIXES = (".wiki", ".wikitext", ".mediawiki")

# Constructs of MediaWiki markup that plain prose practically never holds, one pattern each:
# an infobox, a table opener, a "== Heading ==" line, '''bold''', a [[link]], a <ref>.
_WIKITEXT_SIGNS = (
    re.compile(r"\{\{[ \t]*Infobox", re.IGNORECASE),
    re.compile(r"^\{\|", re.MULTILINE),
    # the title's spaces are in "[^=\n]+", not runs of their own either side of it ("[ \t]*[^=\n]+?[ \t]*"
    # matches the same lines, but tried every split of a long run of spaces: cubic time)
    re.compile(r"^(={2,6})[^=\n]+\1[ \t]*$", re.MULTILINE),
    re.compile(r"'''[^'\n]+'''"),
    re.compile(r"\[\[[^\[\]\n|]+(?:\|[^\[\]\n]*)?\]\]"),
    re.compile(r"<ref\b[^>]*>", re.IGNORECASE),
)
WIKITEXT_MIN_SIGNS = 3


def is_wikitext(text: str, suffix: str) -> bool:
    """Return True if the document is MediaWiki wikitext: by suffix, or for a ``.txt`` file by at
    least three different wikitext constructs (one alone is prose quoting markup)."""
    lowered = suffix.lower()
    if lowered in WIKITEXT_SUFFIXES:
        return True
    if lowered != ".txt":
        return False
    return sum(1 for sign in _WIKITEXT_SIGNS if sign.search(text)) >= WIKITEXT_MIN_SIGNS


EMAIL_SUFFIXES = (".eml", ".mbox")
# A header field (RFC 5322: a name of printable ASCII but the colon, then a colon), or a folded
# continuation of the one above it.
_HEADER_LINE = re.compile(r"[!-9;-~]+[ \t]*:|[ \t]+\S")
# Fields that a message saved from a mail program carries and a pasted one practically never
# does: "From:", "To:" and "Subject:" lines alone are a thread copied into a note.
_SAVED_MESSAGE_FIELDS = re.compile(
    r"(?:mime-version|content-type|content-transfer-encoding|message-id|received|return-path)[ \t]*:",
    re.IGNORECASE,
)
_MESSAGE_FIELDS = re.compile(r"(?:from|to|subject|date)[ \t]*:", re.IGNORECASE)


def is_email(lines: tuple[str, ...], suffix: str) -> bool:
    """Return True if the document is a saved e-mail: by suffix, or by a header block it starts with.

    Content alone needs every line up to the first blank one to be a header field, one of
    them ``From``, ``To``, ``Subject`` or ``Date`` and one a field of a saved message
    (``MIME-Version``, ``Content-Type``, ``Message-ID``, ``Received``...).
    """
    lowered = suffix.lower()
    if lowered in EMAIL_SUFFIXES:
        return True
    if lowered in MARKDOWN_SUFFIXES or lowered in HTML_SUFFIXES or lowered in LATEX_SUFFIXES:
        return False
    first = 1 if lines and lines[0].startswith("From ") else 0  # an mbox separator
    header = []
    for line in lines[first:]:
        if not line.strip():
            break
        if _HEADER_LINE.match(line) is None:
            return False
        header.append(line)
    else:
        return False  # no body: headers alone are no message
    if not header or header[0][:1] in (" ", "\t"):
        return False
    return any(_MESSAGE_FIELDS.match(line) for line in header) and any(
        _SAVED_MESSAGE_FIELDS.match(line) for line in header
    )


ASCIIDOC_SUFFIXES = (".adoc", ".asciidoc", ".asc")

# Strong signs of AsciiDoc in a .txt file: a "= Title" line with ":name:" attribute entries
# under it (the document header; "= Title =" is a wikitext heading), or a "|===" table
# delimiter beside "==" section titles.
_ASCIIDOC_HEADER = re.compile(
    r"\A(?:[ \t]*\n|//[^\n]*\n)*= \S[^\n]*(?<![ \t]=)\n(?:[^\n]+\n)?(?:[^\n]+\n)?:!?\w[\w-]*!?:(?:[ \t]|$)",
    re.MULTILINE,
)
_ASCIIDOC_TABLE = re.compile(r"^\|===[ \t]*$", re.MULTILINE)
_ASCIIDOC_SECTION = re.compile(r"^={2,6} \S", re.MULTILINE)


def is_asciidoc(text: str, suffix: str) -> bool:
    """Return True if the document is AsciiDoc: by suffix, or for a ``.txt`` file by its header
    (``= Title`` then ``:name:`` entries) or by ``|===`` tables beside ``==`` section titles."""
    lowered = suffix.lower()
    if lowered in ASCIIDOC_SUFFIXES:
        return True
    if lowered != ".txt":
        return False
    if _ASCIIDOC_HEADER.match(text) is not None:
        return True
    return _ASCIIDOC_TABLE.search(text) is not None and _ASCIIDOC_SECTION.search(text) is not None


ORG_SUFFIXES = (".org",)
# Content alone: a "#+TITLE:" keyword in the file's header (its opening run of blank, comment and
# "#+KEY:" lines, before any heading) and a "* " heading line at the start of a line.
_ORG_TITLE = re.compile(r"\A(?:[ \t]*\n|[ \t]*#[^\n]*\n)*?[ \t]*#\+title:[ \t]*\S", re.IGNORECASE)
_ORG_HEADING = re.compile(r"^\*+[ \t]+\S", re.MULTILINE)


def is_org(text: str, suffix: str) -> bool:
    """Return True if the document is an Emacs Org-mode file: by suffix, or for a ``.txt`` file by
    a ``#+TITLE:`` keyword in its header, before any text or heading, and ``* `` heading lines."""
    lowered = suffix.lower()
    if lowered in ORG_SUFFIXES:
        return True
    if lowered != ".txt":
        return False
    return _ORG_TITLE.match(text) is not None and _ORG_HEADING.search(text) is not None


# A manual page: named for its section (".1" to ".9", with a suffix such as ".1m" or ".3p") or as
# roff source; read as one only when its lines are roff requests too (a ".1" file may be anything).
ROFF_SUFFIX = re.compile(r"\.(?:[1-9][a-z]{0,3}|man|mdoc|roff)", re.IGNORECASE)
ROFF_TEXT_SUFFIXES = (".txt", "")
# The requests a page is made of: the title (.TH, mdoc .Dd/.Dt), section headings, comments.
_ROFF_PAGE = re.compile(r"^[.'][ \t]*(?:TH|Dd|Dt)[ \t]", re.MULTILINE)
_ROFF_SECTION = re.compile(r"^[.'][ \t]*(?:SH|Sh)(?:[ \t]|$)", re.MULTILINE)
_ROFF_FIRST = re.compile(r"\A(?:[ \t]*\n|[.'][ \t]*\\\".*\n)*[.'][ \t]*(?:TH|Dd)[ \t]")


def is_roff(text: str, suffix: str) -> bool:
    """Return True if the document is a manual page in troff source: a section or roff suffix and
    a title or section-heading request; a ``.txt`` file or one without a suffix must open with
    ``.TH`` or ``.Dd`` (after comments) and hold a ``.SH`` heading."""
    if ROFF_SUFFIX.fullmatch(suffix):
        return _ROFF_PAGE.search(text) is not None or _ROFF_SECTION.search(text) is not None
    if suffix.lower() not in ROFF_TEXT_SUFFIXES:
        return False
    return _ROFF_FIRST.match(text) is not None and _ROFF_SECTION.search(text) is not None
