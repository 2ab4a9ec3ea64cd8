"""Independence of sources: near-identical quotes in different documents are one voice, not two."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from rapidfuzz import fuzz, process
from rapidfuzz.utils import default_process

from factlint.models import Claim, Note

QuoteKey = tuple[str, str]  # (source, quote)
COPY_THRESHOLD = 90.0  # rapidfuzz ratio at or above which two quotes count as one text


@dataclass(frozen=True)
class CopyIndex:
    """Which quotes were copied across documents: (source, quote) -> the copy cluster it belongs to."""

    cluster_of: dict[tuple[str, str], int] = field(default_factory=dict)

    def voices(self, claims: Iterable[Claim]) -> tuple[tuple[str, ...], ...]:
        """Return the sources of the claims merged into independent voices, each voice sorted."""
        claims = list(claims)
        parent = {claim.source: claim.source for claim in claims}

        def root(source: str) -> str:
            while parent[source] != source:
                source = parent[source]
            return source

        first_source_of_cluster: dict[int, str] = {}
        for claim in sorted(claims, key=lambda c: (c.source, c.id)):
            cluster = self.cluster_of.get((claim.source, claim.quote))
            if cluster is None:
                continue
            other = first_source_of_cluster.setdefault(cluster, claim.source)
            a, b = sorted((root(claim.source), root(other)))
            parent[b] = a
        voices: dict[str, list[str]] = {}
        for source in sorted(parent):
            voices.setdefault(root(source), []).append(source)
        return tuple(tuple(members) for members in voices.values())

    def voice_count(self, claims: Iterable[Claim]) -> int:
        """Return how many independent voices state the claims."""
        return len(self.voices(claims))


def find_copies(
    claims: Sequence[Claim], threshold: float = COPY_THRESHOLD
) -> tuple[CopyIndex, tuple[Note, ...]]:
    """Return the copy clusters of quotes repeated across documents and a note for each copied pair.

    Quotes are compared only with quotes about the same fact, which keeps the work
    proportional to the claims of each fact rather than to the square of the corpus.
    """
    quotes = sorted({(claim.source, claim.quote) for claim in claims if claim.quote.strip()})
    position = {quote: index for index, quote in enumerate(quotes)}
    parent = list(range(len(quotes)))

    def root(index: int) -> int:
        while parent[index] != index:
            index = parent[index]
        return index

    by_fact: dict[tuple[object, ...], set[int]] = {}
    for claim in claims:
        if (claim.source, claim.quote) in position:
            by_fact.setdefault(claim.fact_key, set()).add(position[(claim.source, claim.quote)])
    pairs: dict[tuple[int, int], float] = {}
    for members in by_fact.values():
        indices = sorted(members)
        if len({quotes[i][0] for i in indices}) < 2:
            continue
        texts = [quotes[i][1] for i in indices]
        scores = process.cdist(
            texts, texts, scorer=fuzz.ratio, processor=default_process, score_cutoff=threshold
        )
        for a, i in enumerate(indices):
            for b in range(a + 1, len(indices)):
                j = indices[b]
                if quotes[i][0] != quotes[j][0] and scores[a][b] >= threshold:
                    pairs[(i, j)] = float(scores[a][b])
    for i, j in sorted(pairs):
        first, second = sorted((root(i), root(j)))
        parent[second] = first
    copied = {index for pair in pairs for index in pair}
    index = CopyIndex({quotes[i]: root(i) for i in sorted(copied)})
    claims_of: dict[QuoteKey, list[Claim]] = {}
    for claim in claims:
        claims_of.setdefault((claim.source, claim.quote), []).append(claim)
    notes = tuple(_note(quotes[i], quotes[j], pairs[(i, j)], claims_of) for i, j in sorted(pairs))
    return index, notes


def _note(
    first: tuple[str, str],
    second: tuple[str, str],
    score: float,
    claims_of: dict[tuple[str, str], list[Claim]],
) -> Note:
    members = sorted((*claims_of[first], *claims_of[second]), key=lambda c: c.id)
    first_line = min(c.line for c in claims_of[first])
    second_line = min(c.line for c in claims_of[second])
    return Note(
        kind="copied_text",
        message=f"{second[0]}:{second_line} repeats {first[0]}:{first_line} nearly word for word "
        f"(similarity {score:.0f}%): their claims count as one voice",
        claims=tuple(c.id for c in members),
    )
