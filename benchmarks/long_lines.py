"""Time claim extraction of one document holding a single long line of figures; print seconds per size.

A tool dump or minified text can put thousands of figures and names on one line; per-figure
scans of the whole line make its cost grow with the square of its length. This prints the
seconds for lines of 5, 10, 25, 50 and 100 kB so the growth can be seen.

python benchmarks/long_lines.py [--sizes 5 10 25] [--seed 3] [--format txt]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

from factlint.api import extract_document
from factlint.config import make_config
from factlint.pack import load_pack
from factlint.sources import load_sources

PRODUCTS = (
    "H100 SXM",
    "H200",
    "B200",
    "A100 80GB",
    "MI300X",
    "MI325X",
    "TPU v5e",
    "Gaudi 3",
    "L40S",
    "Trainium2",
)
PIECES = (
    "{p} memory {n} GB",
    "{p}: {n} GB HBM3",
    "bandwidth {f} TB/s",
    "{p} board power {w} W",
    "tdp={w}W",
    "{n} TFLOPS FP8 dense",
    "price ${d}/hr",
    "{p} list ${k},000",
    "{c} x {p}",
    "node {c} GPUs",
    "latency {f} ms",
    "util {c}%",
    "{p} up to {f}x faster",
    "temp {c} C",
    "{n} MiB used",
)


def make_line(size: int, rng: random.Random) -> str:
    """Return one line of about ``size`` characters of mixed product names and figures."""
    parts: list[str] = []
    length = 0
    while length < size:
        piece = rng.choice(PIECES).format(
            p=rng.choice(PRODUCTS),
            n=rng.choice((16, 24, 32, 48, 64, 80, 94, 141, 192, 256, 288)),
            f=rng.choice(("1.2", "2.0", "3.35", "4.8", "0.9", "5.3", "8")),
            w=rng.choice((300, 350, 400, 560, 600, 700, 750, 1000)),
            d=rng.choice(("1.10", "2.49", "3.99", "6.98", "12.29")),
            k=rng.choice((15, 25, 30, 35, 40)),
            c=rng.randint(1, 99),
        )
        parts.append(piece)
        length += len(piece) + 3
    return " | ".join(parts)[:size]


def main() -> int:
    """Run the benchmark; return 0."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[5, 10, 25, 50, 100], help="line sizes in kB")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--format", choices=("txt", "md"), default="txt", help="document suffix")
    parser.add_argument("--timeout", type=float, default=0, help="per-document limit in seconds (0: none)")
    options = parser.parse_args()

    pack = load_pack([])
    config = make_config({})
    print(f"{'kB':>6} {'seconds':>9} {'s per kB':>9} {'claims':>7}")
    with tempfile.TemporaryDirectory() as folder:
        for size in options.sizes:
            rng = random.Random(options.seed * 1000 + size)
            path = Path(folder) / f"line{size}.{options.format}"
            path.write_text("Tool dump\n\n" + make_line(size * 1000, rng) + "\n", encoding="utf-8")
            (document,) = load_sources([str(path)], config)
            started = time.process_time()
            claims, error = extract_document(document, pack, options.timeout)
            seconds = time.process_time() - started
            note = f"  ({error})" if error else ""
            print(f"{size:>6} {seconds:>9.2f} {seconds / size:>9.3f} {len(claims):>7}{note}")
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
