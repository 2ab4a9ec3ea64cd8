"""Read a file's bytes into text with front matter split off, or say why it cannot be read."""

from __future__ import annotations

import codecs
import dataclasses
import hashlib
import pathlib
import re
from dataclasses import dataclass, field

import yaml

from factlint.sources.detect import looks_like_html

_FRONT_MATTER_END = re.compile(r"^(?:---|\.\.\.)[ \t]*$", re.MULTILINE)
# Front matter made only of "key: value" and "key: [a, b]" lines with plain ASCII words reads
# the same with libyaml (same resolver and constructor, ~30x faster) as with the pure-Python
# parser; anything else goes to the pure-Python parser, so its values and error messages stay.
_PLAIN_SCALAR = r"[A-Za-z0-9(][A-Za-z0-9 ._/()+-]*[A-Za-z0-9.)]|[A-Za-z0-9]"
_PLAIN_LIST = rf"\[(?:{_PLAIN_SCALAR})(?:, (?:{_PLAIN_SCALAR}))*\]"
_SIMPLE_YAML = re.compile(rf"(?:[A-Za-z][A-Za-z0-9_-]*:(?: (?:{_PLAIN_SCALAR}|{_PLAIN_LIST}))?\n)*")
_C_SAFE_LOADER = getattr(yaml, "CSafeLoader", None)

_UTF16_BOMS = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)
# <meta charset="x">, <meta http-equiv="Content-Type" content="text/html; charset=x">,
# looked for where browsers look (HTML's prescan reads 1024 bytes; heads run longer).
_META_CHARSET = re.compile(rb"<meta\b[^>]*?charset\s*=\s*[\"']?\s*([A-Za-z0-9_.:-]+)", re.IGNORECASE)
_CHARSET_PRESCAN_BYTES = 4096
# An XML declaration naming its encoding (<?xml version="1.0" encoding="x"?>), at the file's start.
_XML_DECLARATION = re.compile(rb"\A(?:\xef\xbb\xbf)?\s*<\?xml\b")
_XML_ENCODING = re.compile(
    rb"\A(?:\xef\xbb\xbf)?\s*<\?xml\b[^>]*?\bencoding\s*=\s*[\"']([A-Za-z0-9_.:-]+)[\"']"
)
# An RTF document's code page: \ansicpgN in its header, else \mac, \pc, \pca or \ansi (RTF 1.9.1).
_RTF_START = re.compile(rb"\A(?:\xef\xbb\xbf)?[ \t\r\n]*\{\\rtf")
_RTF_CODE_PAGE = re.compile(rb"\\ansicpg(\d+)")
_RTF_CHARSETS = {b"mac": "mac_roman", b"pc": "cp437", b"pca": "cp850"}
_RTF_CHARSET = re.compile(rb"\A(?:\xef\xbb\xbf)?[ \t\r\n]*\{\\rtf\d*\\(mac|pca|pc)(?![a-z])")
# A MySQL dump's connection charset: "/*!40101 SET NAMES latin1 */;", "SET NAMES 'latin1';".
_SQL_NAMES = re.compile(rb"^(?:/\*!\d+ )?SET NAMES '?([A-Za-z0-9_]+)", re.MULTILINE | re.IGNORECASE)
# Labels that browsers read as a larger charset (WHATWG Encoding), so the page shows as its author saw it.
_BROWSER_ENCODINGS = {
    "ascii": "cp1252",
    "us-ascii": "cp1252",
    "iso-8859-1": "cp1252",
    "iso8859-1": "cp1252",
    "latin1": "cp1252",
    "l1": "cp1252",
    "iso-8859-9": "cp1254",
    "gb2312": "gbk",
    "x-gbk": "gbk",
    "tis-620": "cp874",
    "iso-8859-11": "cp874",
}


@dataclass(frozen=True)
class FrontMatter:
    """The metadata a document declares in YAML front matter."""

    title: str | None = None
    aliases: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()


@dataclass(frozen=True)
class SourceText:
    """A decoded file: text with ``\\n`` line ends and no BOM, and where its body starts."""

    sha256: str
    text: str
    body_line: int = 1  # 1-based line where the content after front matter starts
    front_matter: FrontMatter | None = None
    error: str | None = None  # "line N: reason" when the file cannot be used
    lines: tuple[str, ...] = field(default=(), repr=False)
    not_utf8: bool = False  # the error is bytes that are not UTF-8 (a reader of raw bytes may still read it)
    # 0-based indices of ``lines`` that ended at a lone "\r" (a progress bar's redraw), for a reader
    # that keeps such a line within its file line (CI logs)
    lone_cr: tuple[int, ...] = field(default=(), repr=False)


def read_source(
    path: pathlib.Path,
    *,
    html: bool = False,
    front_matter: bool = True,
    bytes_kept: bool = False,
    xml: bool = False,
    legacy: bool = False,
) -> SourceText:
    """Return the decoded text of ``path`` with its front matter, or a SourceText carrying an error.

    ``html``: the file is named as a web page, so a UTF-16 byte order mark or a ``<meta>``
    charset may say how to decode it (a page that starts like one is treated so anyway).
    ``front_matter=False``: a first line ``---`` is content (a YAML data file's document start).
    ``bytes_kept``: bytes that are not UTF-8 are kept as lone surrogates (``surrogateescape``)
    for a reader that decodes them itself (an e-mail's 8-bit parts name their own charset).
    ``xml``: the file is named as XML, so a UTF-16 byte order mark or the XML declaration's
    encoding may say how to decode it (a file that starts with a declaration is treated so anyway).
    ``legacy``: bytes that are not UTF-8 are a Windows code page's, as a spreadsheet's CSV export
    writes them (see :func:`legacy_text`).
    """
    try:
        raw = path.read_bytes()
    except OSError as error:
        return SourceText(sha256="", text="", error=f"line 1: cannot read file: {error.strerror or error}")
    return decode_source(
        raw, html=html, front_matter=front_matter, bytes_kept=bytes_kept, xml=xml, legacy=legacy
    )


def decode_source(
    raw: bytes,
    *,
    html: bool = False,
    front_matter: bool = True,
    bytes_kept: bool = False,
    xml: bool = False,
    legacy: bool = False,
) -> SourceText:
    """Return the decoded text of ``raw`` file bytes (see :func:`read_source`)."""
    digest = hashlib.sha256(raw).hexdigest()
    utf16 = _utf16_text(raw) if raw.startswith(_UTF16_BOMS) else None
    if utf16 is not None:
        text = utf16
    elif (html or xml or _utf16_xml(raw)) and raw.startswith(_UTF16_BOMS):
        text = raw.decode("utf-16", errors="replace")
    else:
        nul = raw.find(b"\x00")
        if nul >= 0:
            return SourceText(
                digest, "", error=f"line {_line_of(raw, nul)}: binary file (NUL byte), not text"
            )
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            declared = _declared(raw, html=html, xml=xml)
            if bytes_kept:
                text = raw.decode("utf-8", "surrogateescape")
            elif declared is None and legacy:
                text = legacy_text(raw)
            elif declared is None:
                bad = raw[error.start]
                line = _line_of(raw, error.start)
                reason = f"line {line}: not UTF-8 text (invalid byte 0x{bad:02x})"
                return SourceText(digest, "", error=reason, not_utf8=True)
            else:
                # As a browser does: a byte the charset lacks shows as U+FFFD, the page still reads.
                text = raw.decode(declared, errors="replace")
    text = text.removeprefix("\ufeff")
    lone_cr: tuple[int, ...] = ()
    if "\r" in text:
        text = text.replace("\r\n", "\n")
        if "\r" in text:
            lone_cr = _lone_cr_lines(text)
            text = text.replace("\r", "\n")
    text = plain_symbols(text)
    lines = tuple(text.split("\n"))
    if not front_matter or lines[0].rstrip() != "---":
        return SourceText(digest, text, lines=lines, lone_cr=lone_cr)
    return dataclasses.replace(_with_front_matter(digest, text, lines), lone_cr=lone_cr)


def _utf16_text(raw: bytes) -> str | None:
    """Return ``raw`` decoded as UTF-16 by its byte order mark, or None when it is not UTF-16 text.

    Windows tools write text as UTF-16 with a byte order mark (PowerShell's ``>``, Notepad's
    "Unicode"), whatever the file's suffix. The mark alone does not prove text: the bytes must
    decode without error and hold no NUL (a UTF-32 mark starts with the UTF-16 one).
    """
    try:
        text = raw.decode("utf-16")
    except UnicodeDecodeError:
        return None
    return None if "\x00" in text else text


def _lone_cr_lines(text: str) -> tuple[int, ...]:
    """Return the 0-based indices of the lines of ``text`` (split at line feeds and carriage returns)
    that end at a carriage return."""
    ends = (match.group() for match in re.finditer(r"[\r\n]", text))
    found = [line for line, end in enumerate(ends) if end == "\r"]
    return tuple(found)


# East Asian text types ASCII's symbols in their full-width forms ("180GB／GPU", "（注）", "仕様："):
# the same characters, one for one, so every column stays where it was. Full-width digits, letters
# and the wave dash stay: a claim's text must read as the file has it.
_FULLWIDTH = {
    code: code - 0xFEE0
    for low, high in ((0xFF01, 0xFF0F), (0xFF1A, 0xFF20), (0xFF3B, 0xFF40), (0xFF5B, 0xFF5D))
    for code in range(low, high + 1)
}
# A no-break space keeps "288 GB" on one line; it reads as a space (as HTML's whitespace does).
# The narrow and thin spaces stay: they group thousands ("4 096").
_PLAIN_SYMBOLS = {**_FULLWIDTH, 0xA0: 0x20}


# Polish letters of Windows-1250 that Windows-1252 reads as signs: "ł" as "³", "ą" as "¹", "ż" as "¿",
# "ź" as "Ÿ", "ś" as "œ" (French writes "œ" before "u": "cœur"); such a sign after a letter is a word
# of a Central European export.
_CP1250_LETTERS = re.compile(r"(?<=[^\W\d_])(?:[¹³¿Ÿ¥¯]|œ(?!u))")


def legacy_text(raw: bytes) -> str:
    """Return bytes of a Windows code page as text: Windows-1252 (Excel's Western European
    exports), or Windows-1250 when letters of it stand in words (a Polish or Czech export)."""
    western = raw.decode("cp1252", errors="replace")
    if _CP1250_LETTERS.search(western):
        return raw.decode("cp1250", errors="replace")
    return western


def plain_symbols(text: str) -> str:
    """Return ``text`` with full-width ASCII symbols and no-break spaces as plain ASCII, one for one."""
    return text.translate(_PLAIN_SYMBOLS)


def _line_of(raw: bytes, offset: int) -> int:
    return raw.count(b"\n", 0, offset) + 1


def declared_encoding(raw: bytes) -> str | None:
    """Return the Python codec of the charset a page's ``<meta>`` declares, if known and not UTF-8."""
    match = _META_CHARSET.search(raw, 0, _CHARSET_PRESCAN_BYTES)
    return _known_label(match.group(1)) if match else None


def _declared(raw: bytes, *, html: bool, xml: bool) -> str | None:
    """Return the codec a page's ``<meta>`` charset, an XML file's declaration, an RTF document's
    code page or a MySQL dump's ``SET NAMES`` names, if any."""
    if _RTF_START.match(raw):
        return rtf_declared_encoding(raw)
    if html or looks_like_html(raw):
        return declared_encoding(raw)
    if xml or _XML_DECLARATION.match(raw):
        return xml_declared_encoding(raw)
    names = _SQL_NAMES.search(raw, 0, _CHARSET_PRESCAN_BYTES)
    return _known_label(names.group(1)) if names is not None else None


def rtf_declared_encoding(raw: bytes) -> str | None:
    """Return the codec of the code page an RTF header declares (``\\ansicpg1252``; ``\\ansi`` alone:
    cp1252), for raw 8-bit text a writer left unescaped; None if it is UTF-8 or unknown."""
    page = _RTF_CODE_PAGE.search(raw, 0, _CHARSET_PRESCAN_BYTES)
    if page is not None:
        return _known_label(b"cp" + page.group(1))
    charset = _RTF_CHARSET.match(raw)
    return _RTF_CHARSETS[charset.group(1)] if charset is not None else "cp1252"


def _known_label(label: bytes) -> str | None:
    """Return the Python codec a charset label names (as a browser reads it), if known and not UTF-8."""
    text = label.decode("ascii").lower()
    try:
        name = codecs.lookup(_BROWSER_ENCODINGS.get(text, text)).name
    except LookupError:
        return None
    # UTF-8 already failed; a UTF-16 label in bytes that are not UTF-16 is wrong (browsers ignore it).
    return None if name.startswith(("utf-8", "utf-16", "utf-32")) else name


def _utf16_xml(raw: bytes) -> bool:
    """Return True if ``raw`` is UTF-16 with a byte order mark that starts with an XML declaration."""
    head = raw[:64]
    return head.startswith(_UTF16_BOMS) and head.decode("utf-16", "replace").lstrip("\ufeff").startswith(
        "<?xml"
    )


def xml_declared_encoding(raw: bytes) -> str | None:
    """Return the Python codec an XML declaration names, if known and not UTF-8 (which already failed)."""
    match = _XML_ENCODING.match(raw[:_CHARSET_PRESCAN_BYTES])
    if match is None:
        return None
    try:
        name = codecs.lookup(match.group(1).decode("ascii")).name
    except LookupError:
        return None
    return None if name.startswith(("utf-8", "utf-16", "utf-32")) else name


def _with_front_matter(digest: str, text: str, lines: tuple[str, ...]) -> SourceText:
    closing = _FRONT_MATTER_END.search(text, len(lines[0]) + 1)
    if closing is None:
        return SourceText(digest, text, error="line 1: front matter opened with '---' is never closed")
    yaml_text = text[len(lines[0]) + 1 : closing.start()]
    body_line = text.count("\n", 0, closing.start()) + 2
    try:
        data = _load_yaml(yaml_text)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = 2 + mark.line if mark is not None else 1
        problem = getattr(error, "problem", None) or str(error).splitlines()[0]
        return SourceText(digest, text, error=f"line {line}: front matter is not valid YAML: {problem}")
    if data is None:
        data = {}
    if not isinstance(data, dict):
        kind = type(data).__name__
        return SourceText(digest, text, error=f"line 2: front matter must be a mapping, got {kind}")
    return SourceText(digest, text, body_line, _front_matter(data), lines=lines)


def _load_yaml(yaml_text: str) -> object:
    """Return the YAML data of ``yaml_text``, with libyaml when the text is plainly simple."""
    if _SIMPLE_YAML.fullmatch(yaml_text) and _C_SAFE_LOADER is not None:
        return yaml.load(yaml_text, Loader=_C_SAFE_LOADER)
    return yaml.safe_load(yaml_text)


def _front_matter(data: dict) -> FrontMatter:
    title = data.get("title")
    return FrontMatter(
        title=str(title).strip() if title not in (None, "") else None,
        aliases=_strings(data.get("aliases", data.get("alias"))),
        tags=_strings(data.get("tags", data.get("tag"))),
    )


def _strings(value: object) -> tuple[str, ...]:
    """Return a YAML scalar or list as a tuple of non-empty strings."""
    if value is None:
        return ()
    items = value if isinstance(value, list | tuple) else [value]
    return tuple(str(item).strip() for item in items if item is not None and str(item).strip())
