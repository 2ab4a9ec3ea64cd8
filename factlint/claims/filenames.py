"""File names that name a product: "amd/mi430x.yaml", "nvidia/rubin-cpx.json", "tpu_v5e.md".

Data packages, repositories and sites keep one file per product and call it by the product's
slug: its name lower-cased, with hyphens or underscores for spaces. A changelog, a README or a
commit message then names the product by that file ("`nvidia/h20.yaml`: memory bandwidth is
4.0 TB/s"), and a table lists the files a release adds as its rows. The name matcher reads
"mi430x.yaml" as one token (dotted tokens are whole codes, "p5.48xlarge"), so the file's stem
never reaches the pack's names. Here a file name whose stem spells a whole pack name or alias
becomes an alias of that product for the document. A stem naming only part of a product
("mi430x-notes.md", "h100-vs-b200.md") or nothing ("results.json") is left alone.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache

from factlint.claims.language import alternation
from factlint.sources.packaged import packaged_file

Finder = Callable[[str], Sequence[tuple[int, int, str]]]  # text -> (start, end, entity) mentions
_STEM = re.compile(r"[A-Za-z0-9][A-Za-z0-9_\-]*\Z")
_STEM_REACH = 60  # longest stem looked back for before an extension
_SEPARATORS = re.compile(r"[_\-]+")


@lru_cache(maxsize=1)
def _extension() -> re.Pattern[str]:
    """Return the pattern of a dot and a file extension of filenames.yaml, not followed by a name
    character."""
    raw = packaged_file("factlint.claims", "filenames.yaml")
    extensions = alternation(raw.words("extensions"), words=False, hyphens=False)
    return re.compile(rf"\.(?:{extensions})(?![\w\-])", re.I)


def file_name_aliases(text: str, find: Finder) -> tuple[tuple[str, str], ...]:
    """Return (file name, entity) pairs for the file names in ``text`` whose stem spells exactly one
    product, hyphens and underscores read as spaces ("rubin-cpx.yaml" -> Rubin CPX)."""
    if "." not in text:
        return ()
    found: dict[str, str] = {}
    for extension in _extension().finditer(text):
        stem = _STEM.search(text, max(0, extension.start() - _STEM_REACH), extension.start())
        if stem is None or not any(char.isalpha() for char in stem.group(0)):
            continue
        file_name = text[stem.start() : extension.end()]
        if file_name in found:
            continue
        spelled = _SEPARATORS.sub(" ", stem.group(0)).strip()
        mentions = find(spelled)
        if len(mentions) == 1 and mentions[0][0] == 0 and mentions[0][1] == len(spelled):
            found[file_name] = mentions[0][2]
    return tuple(found.items())
