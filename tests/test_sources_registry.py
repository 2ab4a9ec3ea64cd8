"""Reading Windows Registry exports (.reg): keys as sections, typed values decoded, deletions skipped."""

from __future__ import annotations

import pathlib

from factlint.models import Block, BlockKind, Document
from factlint.sources import load_document
from factlint.sources.datablocks import key_words
from factlint.sources.registry import is_registry_export, registry_key, registry_value

EXPORT = """\
Windows Registry Editor Version 5.00

; Benchmark rig inventory, written by the lab's own tool.
; The old Slot1 key is gone: it held a card that was sent back.

[HKEY_CURRENT_USER\\Software\\Fenwick Labs\\RigTool\\Cards\\Slot0]
"FriendlyName"="AMD Instinct MI210"
"VendorDevice"="1002:740F"
"VramGB"=dword:00000040
"PowerLimitW"="300 W"
"Blob"=hex:de,ad,be,ef,\\
  00,11
"Stale"=-

[-HKEY_CURRENT_USER\\Software\\Fenwick Labs\\RigTool\\Cards\\Slot1]
"VramGB"=dword:00000018

[HKEY_CURRENT_USER\\Software\\Fenwick Labs\\RigTool\\Cards\\L4]
;"VramGB"=dword:00000010
"VramGB"=dword:00000018
"HostRamBytes"=hex(b):00,00,00,00,10,00,00,00
"Note"="say \\"hi\\" at C:\\\\lab"
"""


def _load(tmp_path: pathlib.Path, name: str, text: str) -> Document:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return load_document(path, name)


def _rows(document: Document) -> list[Block]:
    return [block for block in document.blocks if block.kind is BlockKind.TABLE_ROW]


def test_registry_exports_are_known_by_suffix_or_by_regedit_header() -> None:
    assert is_registry_export(["anything"], ".reg")
    assert is_registry_export(["REGEDIT4", ""], ".txt")
    assert is_registry_export(["\ufeffWindows Registry Editor Version 5.00"], "")
    assert not is_registry_export(["[section]", "key = 1"], ".txt")


def test_a_key_is_named_by_its_last_path_component_and_a_minus_deletes_it() -> None:
    key = registry_key("[HKEY_LOCAL_MACHINE\\SOFTWARE\\Acme\\Devices\\Gaudi2]")
    assert key is not None and (key.name, key.deleted) == ("Gaudi2", False)
    assert key.column == len("[HKEY_LOCAL_MACHINE\\SOFTWARE\\Acme\\Devices\\") + 1
    deleted = registry_key("[-HKEY_LOCAL_MACHINE\\SOFTWARE\\Acme\\Devices\\Old]")
    assert deleted is not None and (deleted.name, deleted.deleted) == ("Old", True)
    assert registry_key('"Name"="[not a key]"') is None


def test_values_are_decoded_by_their_type() -> None:
    dword = registry_value('"TdpW"=dword:0000015e')
    assert dword is not None and (dword.name, dword.text, dword.column) == ("TdpW", "350", 14)
    qword = registry_value('"Bytes"=hex(b):00,00,00,00,02,00,00,00')
    assert qword is not None and qword.text == str(2 * 2**32)
    string = registry_value('@="C:\\\\Tools\\\\probe.exe"')
    assert string is not None and (string.name, string.text, string.column) == ("", "C:\\Tools\\probe.exe", 4)
    for line in ('"Blob"=hex:01,02,03', '"Path"=hex(2):43,00,3a,00', '"Gone"=-'):
        value = registry_value(line)
        assert value is not None and value.text is None, line
    assert registry_value("; a comment") is None


def test_keys_are_records_and_deleted_keys_values_and_binary_data_give_nothing(
    tmp_path: pathlib.Path,
) -> None:
    document = _load(tmp_path, "rig.reg", EXPORT)
    rows = _rows(document)
    assert [row.text for row in rows] == [
        "AMD Instinct MI210 | 1002:740F | 64 | 300 W",
        'L4 | 24 | 68719476736 | say "hi" at C:\\lab',
    ]
    first = rows[0]
    assert first.table_headers == ("friendly Name", "vendor Device", "vram GB", "power Limit W")
    assert first.position(first.text.index("64")) == (9, 16)  # the DWORD's hexadecimal digits
    assert rows[1].headings == ("L4",)


def test_comments_are_prose_but_a_commented_out_value_is_not(tmp_path: pathlib.Path) -> None:
    document = _load(tmp_path, "rig.reg", EXPORT)
    paragraphs = [block for block in document.blocks if block.kind is BlockKind.PARAGRAPH]
    assert [block.text for block in paragraphs] == [
        "Benchmark rig inventory, written by the lab's own tool.\n"
        "The old Slot1 key is gone: it held a card that was sent back."
    ]
    assert (paragraphs[0].line, paragraphs[0].column) == (3, 3)


def test_an_export_saved_as_text_is_read_as_one(tmp_path: pathlib.Path) -> None:
    document = _load(tmp_path, "export.txt", EXPORT)
    assert len(_rows(document)) == 2


def test_pascal_case_keys_read_as_camel_case_keys_do() -> None:
    assert key_words("TdpW") == key_words("tdpW") == "tdp W"
    assert key_words("XeCores") == "xe Cores"
    assert key_words("BoardPowerW") == "board Power W"
    assert key_words("Fp32Tflops") == "fp32 Tflops"
    # a binary unit's "Gi" is no word; single words and capitals stay as written
    assert key_words("HbmGiB") == "hbm GiB"
    assert key_words("Memory") == "Memory"
    assert key_words("TDP") == "TDP"


def test_regedit_s_utf16_export_is_read(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "rig.reg"
    path.write_text(EXPORT.replace("\n", "\r\n"), encoding="utf-16")  # regedit writes UTF-16LE, a BOM, CRLF
    document = load_document(path, "rig.reg")
    assert _rows(document)[0].text == "AMD Instinct MI210 | 1002:740F | 64 | 300 W"
