"""Print a stable fingerprint of every block the sources stage produces, to prove a speed-up changed nothing.

python benchmarks/sources_fingerprint.py [--out fingerprints.txt] [extra paths...]

Covers the benchmark corpus (/tmp/factlint-bench), tests/eval/docs, tests/fixtures/sources,
examples/, ../shared/corpus/seeds, every Markdown document parsed again with markdown-it-py
only (the fallback path), plain-text parsing of every Markdown file, and a few thousand random
Markdown-ish documents from a fixed seed. Each line is "name sha256-of-repr"; the last line is
the digest of all lines. Compare two runs with ``diff``.
"""

from __future__ import annotations

import argparse
import hashlib
import pathlib
import random
import sys

from factlint.config import Config
from factlint.sources import load_sources
from factlint.sources.markdown import parse_markdown
from factlint.sources.plaintext import parse_plain_text
from factlint.sources.reader import decode_source

ROOT = pathlib.Path(__file__).resolve().parents[1]
DEFAULT_PATHS = [
    pathlib.Path("/tmp/factlint-bench"),
    ROOT / "tests" / "eval" / "docs",
    ROOT / "tests" / "fixtures" / "sources",
    ROOT / "examples",
    ROOT.parent / "shared" / "corpus" / "seeds",
]
_WORDS = [
    "Vega", "has", "2.8", "TB/s.", "e.g.", "(note)", "**Bold:**", "**B**:", "__U:__", "[[Link]]",
    "[a](b)", "*em*", "x", "#5", "a|b", "\\|", "`c`", "\u00a0", "96\u00a0GB", "\x0c", "\u2028", "\t",
    "Memory:", "<b>", "***", "…", "U.S.", "No.", "3.", "end.", "Why?", "Wow!", "\"Quote.\"", "(a.", "b)",
]  # fmt: skip
_PREFIXES = [
    "", "", "", "", "  ", " ", "    ", "- ", "* ", "+ ", "1. ", "2. ", "1) ", "  - ", "    - ", "   1. ",
    "-  ", "> ", "# ", "## ", "### ", "#", "• ", "(2) ", "\t", "**Label:** ",
]  # fmt: skip
_FIXED_LINES = [
    "", "", "", "| A | B |", "|---|---|", "| :-- | --: |", "| 1 GB | 2 GB |", "| only |", "A | B",
    "--|--", "```", "~~~", "```py", "---", "***", "* * *", "===", "-", "1.", "> quoted", "<div>",
    "[ref]: http://x", "## Closing ##", "# #", "Skip to content", "Memory\t96 GB\t2 TB/s", "a\tb",
]  # fmt: skip


def _digest(value: object) -> str:
    return hashlib.sha256(repr(value).encode("utf-8")).hexdigest()


def _random_documents(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    documents = []
    for _ in range(count):
        lines = []
        for _ in range(rng.randint(0, 30)):
            if rng.random() < 0.25:
                lines.append(rng.choice(_FIXED_LINES))
            else:
                words = " ".join(rng.choice(_WORDS) for _ in range(rng.randint(1, 8)))
                lines.append(rng.choice(_PREFIXES) + words)
        documents.append("\n".join(lines))
    return documents


def fingerprint_lines(paths: list[pathlib.Path], random_count: int) -> list[str]:
    """Return one "name digest" line per document and per check."""
    out = []
    for root in paths:
        if not root.exists():
            print(f"missing, skipped: {root}", file=sys.stderr)
            continue
        for document in load_sources([str(root)], Config()):
            out.append(f"load {document.path} {_digest(document)}")
            file = pathlib.Path(document.path)
            source = decode_source(file.read_bytes())
            if source.error is None:
                slow = parse_markdown(source.lines, source.body_line, fast=False)
                out.append(f"slow {document.path} {_digest(slow)}")
                plain = parse_plain_text(source.lines, source.body_line)
                out.append(f"plain {document.path} {_digest(plain)}")
    for number, text in enumerate(_random_documents(random_count, seed=20261122)):
        lines = text.split("\n")
        fast = parse_markdown(lines)
        slow = parse_markdown(lines, fast=False)
        out.append(f"random-md {number} {_digest(fast)} {_digest(slow)}")
        out.append(f"random-txt {number} {_digest(parse_plain_text(lines))}")
    return out


def main() -> int:
    """Print (or write) the fingerprint lines and their overall digest."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=pathlib.Path, help="extra files or folders")
    parser.add_argument("--out", type=pathlib.Path, help="write the lines here instead of stdout")
    parser.add_argument("--random", type=int, default=3000, help="random documents to include")
    options = parser.parse_args()
    lines = fingerprint_lines(DEFAULT_PATHS + options.paths, options.random)
    total = hashlib.sha256("\n".join(lines).encode("utf-8")).hexdigest()
    text = "\n".join([*lines, f"total {total}"]) + "\n"
    if options.out:
        options.out.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    print(f"{len(lines)} fingerprints, total {total}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
