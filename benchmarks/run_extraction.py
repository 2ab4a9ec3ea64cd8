"""Time loading and claim extraction over a folder in one process; print MB/s, documents/s, claims/s, memory.

Each document goes through `factlint.api.extract_document`, as `factlint check` runs it (cache off).

python benchmarks/run_extraction.py /tmp/factlint-bench
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
import tracemalloc
from pathlib import Path

from factlint.api import extract_document
from factlint.config import make_config
from factlint.pack import load_pack
from factlint.sources import load_sources

TARGET_MB_PER_SECOND = 5.0  # Markdown per core


def main() -> int:
    """Run the benchmark; return 0, or 1 when the Markdown throughput misses the target."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="corpus folder (see generate_corpus.py)")
    parser.add_argument("--pack", action="append", default=[], help="extra knowledge pack file")
    parser.add_argument("--tracemalloc", action="store_true", help="also trace Python allocations (slower)")
    options = parser.parse_args()

    files = sorted(path for path in options.folder.rglob("*") if path.suffix in {".md", ".txt"})
    total_bytes = sum(path.stat().st_size for path in files)
    markdown_bytes = sum(path.stat().st_size for path in files if path.suffix == ".md")
    pack = load_pack(options.pack)
    config = make_config({})
    if options.tracemalloc:
        tracemalloc.start()

    started = time.perf_counter()
    cpu_started = time.process_time()
    documents = load_sources([str(options.folder)], config)
    loaded = time.perf_counter()
    claims = 0
    markdown_seconds = 0.0
    for document in documents:
        before = time.perf_counter()
        found, error = extract_document(document, pack)  # what `factlint check` runs on each document
        if error is not None:
            print(f"{document.path}: {error}", file=sys.stderr)
        claims += len(found)
        if document.format == "markdown":
            markdown_seconds += time.perf_counter() - before
    finished = time.perf_counter()
    cpu_seconds = time.process_time() - cpu_started

    load_seconds = loaded - started
    extract_seconds = finished - loaded
    total_seconds = finished - started
    # Loading time is shared out to Markdown by its share of the bytes.
    markdown_seconds += load_seconds * (markdown_bytes / total_bytes if total_bytes else 0.0)
    markdown_rate = markdown_bytes / 1e6 / markdown_seconds if markdown_seconds else 0.0
    errors = sum(document.error is not None for document in documents)

    print(f"documents      {len(documents):>10}  ({errors} with errors)")
    print(f"bytes          {total_bytes / 1e6:>10.2f} MB  ({markdown_bytes / 1e6:.2f} MB Markdown)")
    print(f"claims         {claims:>10}")
    print(f"load           {load_seconds:>10.2f} s")
    print(f"extract        {extract_seconds:>10.2f} s")
    print(f"total          {total_seconds:>10.2f} s  ({cpu_seconds:.2f} s of CPU)")
    per_cpu_second = total_bytes / 1e6 / cpu_seconds if cpu_seconds else 0.0
    print(
        f"throughput     {total_bytes / 1e6 / total_seconds:>10.2f} MB/s  ({per_cpu_second:.2f} MB per CPU s)"
    )
    print(f"markdown       {markdown_rate:>10.2f} MB/s  (target >= {TARGET_MB_PER_SECOND} MB/s per core)")
    print(f"documents/s    {len(documents) / total_seconds:>10.1f}")
    print(f"claims/s       {claims / total_seconds:>10.1f}")
    print(f"peak RSS       {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:>10.1f} MB")
    if options.tracemalloc:
        _, peak = tracemalloc.get_traced_memory()
        print(f"peak traced    {peak / 1e6:>10.1f} MB")
    return 0 if markdown_rate >= TARGET_MB_PER_SECOND else 1


if __name__ == "__main__":
    sys.exit(main())
