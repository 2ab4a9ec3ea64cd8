"""Generate a deterministic synthetic corpus of accelerator documents in mixed styles for benchmarking.

    python benchmarks/generate_corpus.py --out /tmp/factlint-bench --docs 1000 --seed 7

Documents are spec sheets (YAML front matter + key/value and comparison tables),
news articles (prose, bold labels, bullets), encyclopedia entries (.txt), scraped
pages (navigation junk, run-together labels), comparison tables and changelogs,
about entities of the default knowledge pack, with varied numbers and sentences.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from factlint.pack import KnowledgePack, load_pack

MONTHS = (
    *("January", "February", "March", "April", "May", "June"),
    *("July", "August", "September", "October", "November", "December"),
)
PRECISIONS = ("FP8", "BF16", "FP16", "TF32", "INT8")
MEMORY_TYPES = ("HBM2e", "HBM3", "HBM3e", "HBM")
HEDGES = ("about ", "roughly ", "~", "up to ", "", "", "", "")
FILLER = (
    "Analysts expect demand to stay strong through the next product cycle.",
    "The vendor did not comment on yields or supply.",
    "Software support remains the deciding factor for most buyers.",
    "Customers cite the compiler toolchain as the main migration cost.",
    "Pricing varies by region and commitment term.",
    "Early adopters report stable training runs at large scale.",
    "The company positions the part against general-purpose GPUs.",
    "Independent benchmarks are still scarce.",
    "Most frameworks need a dedicated plugin before models compile for the chip.",
    "Operators that are missing fall back to the host CPU, which slows training noticeably.",
    "The team behind the design previously built networking silicon for data centres.",
    "Availability differs between regions, and reserved capacity is often sold out.",
    "A reference design for the server chassis was published alongside the launch.",
    "Several research labs have moved part of their training to the new hardware.",
    "Documentation covers distributed training, checkpointing and mixed precision in detail.",
    "Support for dynamic shapes improved with the latest compiler release.",
    "Critics argue that lock-in to one cloud offsets much of the price advantage.",
    "The roadmap promises tighter integration with popular open-source serving stacks.",
    "Profiling tools show per-core utilisation and memory traffic in a browser dashboard.",
    "Migration guides walk through porting a transformer model step by step.",
)


def _padding(rng: random.Random, paragraphs: int) -> list[str]:
    """Return paragraphs of prose without figures, as most of a real document is."""
    return [" ".join(rng.sample(FILLER, rng.randint(3, 6))) for _ in range(paragraphs)]


@dataclass(frozen=True)
class ChipFacts:
    """Random but plausible figures for one chip in one document."""

    name: str
    memory_gb: int
    bandwidth_tbs: float
    compute_tflops: int
    precision: str
    process_nm: int
    power_w: int
    cores: int
    year: int
    month: int


@dataclass(frozen=True)
class InstanceFacts:
    """Random but plausible figures for one container entity (instance, server, pod)."""

    name: str
    chip: str
    chips: int
    memory_gb: int
    network_gbps: int
    price_per_hour: float


def chip_facts(rng: random.Random, name: str) -> ChipFacts:
    """Return random figures for the chip ``name``."""
    return ChipFacts(
        name=name,
        memory_gb=rng.choice((16, 24, 32, 48, 64, 80, 94, 96, 128, 141, 144, 192, 256, 288)),
        bandwidth_tbs=round(rng.uniform(0.8, 8.0), rng.choice((1, 2))),
        compute_tflops=rng.choice((190, 197, 312, 459, 667, 918, 989, 1299, 1835, 1979, 2615, 4500)),
        precision=rng.choice(PRECISIONS),
        process_nm=rng.choice((3, 4, 5, 6, 7, 16)),
        power_w=rng.choice((75, 150, 300, 350, 400, 500, 600, 700, 750, 900, 1000, 1200)),
        cores=rng.choice((2, 4, 8, 16, 32, 64)),
        year=rng.randint(2018, 2026),
        month=rng.randint(1, 12),
    )


def instance_facts(rng: random.Random, pack: KnowledgePack, name: str) -> InstanceFacts:
    """Return random figures for the container ``name`` (its chip and count from the pack)."""
    entity = pack.entity(name)
    contains = entity.contains if entity else None
    chips = (contains.count if contains and contains.count else None) or rng.choice((4, 8, 12, 16, 64))
    per_chip = rng.choice((16, 32, 80, 96, 141, 192))
    return InstanceFacts(
        name=name,
        chip=contains.entity if contains else "accelerator",
        chips=chips,
        memory_gb=chips * per_chip,
        network_gbps=rng.choice((100, 200, 400, 800, 1600, 3200, 6400)),
        price_per_hour=round(rng.uniform(1.0, 120.0), 2),
    )


def _date(rng: random.Random, facts: ChipFacts) -> str:
    style = rng.randrange(4)
    if style == 0:
        return f"{MONTHS[facts.month - 1]} {facts.year}"
    if style == 1:
        return str(facts.year)
    if style == 2:
        return f"{rng.choice(('early', 'mid', 'late'))} {facts.year}"
    return f"Q{(facts.month - 1) // 3 + 1} {facts.year}"


def _prose(rng: random.Random, chip: ChipFacts) -> list[str]:
    hedge = rng.choice(HEDGES)
    memory_type = rng.choice(MEMORY_TYPES)
    options = [
        f"The {chip.name} carries {hedge}{chip.memory_gb} GB of {memory_type} per chip.",
        f"Each {chip.name} offers {chip.memory_gb}GB of {memory_type} and {chip.bandwidth_tbs} TB/s of "
        "memory bandwidth.",
        f"Memory bandwidth on the {chip.name} reaches {hedge}{int(chip.bandwidth_tbs * 1000):,} GB/s.",
        f"{chip.name} delivers {chip.compute_tflops:,} TFLOPS of {chip.precision} compute"
        f"{rng.choice(('', ' (dense)', ' with sparsity'))}.",
        f"It is built on a {chip.process_nm}nm process and draws {chip.power_w} W.",
        f"The {chip.name} was announced in {_date(rng, chip)} and became generally available "
        f"in {chip.year + rng.randint(0, 1)}.",
        f"Each {chip.name} packs {chip.cores} cores, according to the vendor.",
        f"Vendors claim {rng.randint(2, 5)}x the performance of the previous generation for the {chip.name}.",
        f"Moving to the {chip.name} cuts training cost by {rng.randint(20, 40)}-{rng.randint(41, 60)}%.",
    ]
    rng.shuffle(options)
    return options[: rng.randint(4, len(options))]


def spec_sheet(rng: random.Random, pack: KnowledgePack, chips: list[str], containers: list[str]) -> str:
    """Return a Markdown spec sheet with front matter, a key/value table and a comparison table."""
    main = chip_facts(rng, rng.choice(chips))
    rivals = [chip_facts(rng, name) for name in rng.sample(chips, 3)]
    lines = [
        "---",
        f"title: {main.name} spec sheet",
        f"aliases: [{main.name} chip]",
        f"tags: [spec-sheet, {rng.choice(('gpu', 'asic', 'accelerator'))}]",
        "---",
        "",
        f"# {main.name} at a glance",
        "",
        rng.choice(FILLER),
        "",
        "| Property | Value |",
        "|----------|-------|",
        f"| HBM capacity | {main.memory_gb} GB per chip |",
        f"| Memory bandwidth | {main.bandwidth_tbs} TB/s |",
        f"| {main.precision} compute | {main.compute_tflops:,} TFLOPS |",
        f"| Process | {rng.choice(('', 'likely ', 'TSMC '))}{main.process_nm}nm |",
        f"| TDP | {rng.choice(('', 'up to '))}{main.power_w} W |",
        f"| Announced | {_date(rng, main)} |",
        "",
        "## Compared",
        "",
        "| Spec | " + " | ".join(chip.name for chip in [main, *rivals]) + " |",
        "|------|" + "---|" * (len(rivals) + 1),
        "| HBM | " + " | ".join(f"{chip.memory_gb} GB" for chip in [main, *rivals]) + " |",
        "| Bandwidth | " + " | ".join(f"{chip.bandwidth_tbs} TB/s" for chip in [main, *rivals]) + " |",
        "| Power | " + " | ".join(f"{chip.power_w} W" for chip in [main, *rivals]) + " |",
        "",
    ]
    lines += ["## Notes", "", *(f"{paragraph}\n" for paragraph in _padding(rng, rng.randint(3, 8)))]
    for container in rng.sample(containers, min(2, len(containers))):
        box = instance_facts(rng, pack, container)
        lines.append(
            f"**{box.name}:** {box.chips} {box.chip} chips, {box.memory_gb:,} GB of memory, "
            f"${box.price_per_hour:.2f}/hour on-demand."
        )
        lines.append("")
    return "\n".join(lines)


def news_article(rng: random.Random, pack: KnowledgePack, chips: list[str], containers: list[str]) -> str:
    """Return a Markdown news article: paragraphs, a bold-labelled paragraph and a bullet list."""
    featured = [chip_facts(rng, name) for name in rng.sample(chips, rng.randint(2, 4))]
    lines = [f"# {featured[0].name} and {featured[1].name}: what changed", ""]
    for chip in featured:
        lines.append(" ".join([*_prose(rng, chip), rng.choice(FILLER)]))
        lines.append("")
        lines += [f"{paragraph}\n" for paragraph in _padding(rng, rng.randint(2, 4))]
    box = instance_facts(rng, pack, rng.choice(containers))
    lines += [
        f"**{box.name}:** the instance combines {rng.choice(('up to ', ''))}{box.chips} {box.chip} chips "
        f"with {box.network_gbps:,} Gbps of EFA networking.",
        "",
        "Highlights:",
        "",
        f"- {box.name} rents for ${box.price_per_hour:.2f}/hour in {rng.choice(('US East', 'Tokyo'))}.",
        f"- Teams report {rng.randint(20, 50)}% lower cost than comparable GPU instances.",
        f"- Tested with Neuron SDK 2.{rng.randint(10, 22)} and Llama 3.{rng.randint(0, 3)} checkpoints.",
        f"- More details are expected at re:Invent {rng.randint(2022, 2026)}.",
        "",
    ]
    return "\n".join(lines)


def encyclopedia(rng: random.Random, pack: KnowledgePack, chips: list[str], containers: list[str]) -> str:
    """Return a plain-text encyclopedia entry of long paragraphs."""
    chip = chip_facts(rng, rng.choice(chips))
    box = instance_facts(rng, pack, rng.choice(containers))
    paragraphs = [
        chip.name,
        " ".join(_prose(rng, chip) + rng.sample(FILLER, 3)),
        f"In the cloud, {box.name} instances gather {box.chips} {box.chip} chips and {box.memory_gb:,} GB of "
        f"accelerator memory, and list at {box.price_per_hour:.2f} USD per hour. "
        + " ".join(rng.sample(FILLER, 2)),
        *_padding(rng, rng.randint(3, 8)),
    ]
    return "\n\n".join(paragraphs) + "\n"


def scraped_page(rng: random.Random, pack: KnowledgePack, chips: list[str], containers: list[str]) -> str:
    """Return scraped text: navigation junk, run-together labels and bullets."""
    chip = chip_facts(rng, rng.choice(chips))
    return "\n".join(
        [
            "Home | Products | Pricing | Docs | Sign in",
            "Skip to content",
            f"Accelerators > {chip.name}",
            "",
            chip.name,
            "Specifications",
            f"Memory capacity{chip.memory_gb}GB",
            f"Memory bandwidth{int(chip.bandwidth_tbs * 1000)} GBps",
            f"Peak {chip.precision.lower()}{chip.compute_tflops} TFLOPS",
            f"Cores per chip{chip.cores}",
            "",
            f"• Available since {MONTHS[chip.month - 1]} {chip.year}",
            f"• {rng.randint(2, 4)}x faster than the previous generation",
            f"• Built on {chip.process_nm} nm",
            "",
            f"Cookie settings   Privacy   © {rng.randint(2020, 2026)}",
            "",
        ]
    )


def version_table(rng: random.Random, pack: KnowledgePack, chips: list[str], containers: list[str]) -> str:
    """Return a Markdown table with one row per entity and one column per attribute."""
    rows = [chip_facts(rng, name) for name in rng.sample(chips, min(len(chips), rng.randint(4, 10)))]
    lines = [
        "# Generations compared",
        "",
        *_padding(rng, rng.randint(1, 3)),
        "",
        "| Product | Announced | HBM | Bandwidth | Peak BF16 | Node |",
        "|---------|-----------|-----|-----------|-----------|------|",
    ]
    for chip in rows:
        lines.append(
            f"| {chip.name} | {MONTHS[chip.month - 1][:3]} {chip.year} | {chip.memory_gb} GB | "
            f"{chip.bandwidth_tbs} TB/s | {chip.compute_tflops:,} TFLOPS | {chip.process_nm} nm |"
        )
    lines.append("")
    return "\n".join(lines)


def changelog(rng: random.Random, pack: KnowledgePack, chips: list[str], containers: list[str]) -> str:
    """Return a Markdown changelog whose version numbers and dates are not claims."""
    lines = ["# Changelog", ""]
    for release in range(rng.randint(3, 6), 0, -1):
        chip = chip_facts(rng, rng.choice(chips))
        lines += [
            f"## [{rng.randint(1, 4)}.{release}.{rng.randint(0, 9)}] - {rng.randint(2022, 2026)}-"
            f"{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}",
            "",
            f"- {chip.name}: {chip.memory_gb} GB of HBM per chip, {chip.bandwidth_tbs} TB/s.",
            f"- {chip.name} power corrected to {chip.power_w} W (see #{rng.randint(100, 999)}).",
            f"- {rng.choice(FILLER)}",
            "",
        ]
    return "\n".join(lines)


STYLES: tuple[tuple[str, str, Callable[..., str]], ...] = (
    ("spec", "md", spec_sheet),
    ("news", "md", news_article),
    ("encyclopedia", "txt", encyclopedia),
    ("scraped", "txt", scraped_page),
    ("table", "md", version_table),
    ("changelog", "md", changelog),
)


def generate(out: Path, documents: int, seed: int) -> int:
    """Write ``documents`` files into ``out``; return the number of bytes written."""
    rng = random.Random(seed)
    pack = load_pack()
    chips = sorted(entity.name for entity in pack.entities if entity.kind == "chip")
    containers = sorted(entity.name for entity in pack.entities if entity.kind in ("instance", "server"))
    out.mkdir(parents=True, exist_ok=True)
    written = 0
    for number in range(documents):
        style, suffix, render = STYLES[number % len(STYLES)]
        text = render(rng, pack, chips, containers)
        path = out / f"{number:05d}-{style}.{suffix}"
        path.write_text(text, encoding="utf-8")
        written += len(text.encode("utf-8"))
    return written


def main() -> None:
    """Parse the command line and generate the corpus."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True, help="folder to write the documents into")
    parser.add_argument("--docs", type=int, default=1000, help="number of documents (default 1000)")
    parser.add_argument("--seed", type=int, default=7, help="random seed (same seed, same corpus)")
    options = parser.parse_args()
    written = generate(options.out, options.docs, options.seed)
    print(f"wrote {options.docs} documents, {written / 1e6:.2f} MB, into {options.out}")


if __name__ == "__main__":
    main()
