"""Independence of sources: near-identical quotes in different documents are one voice, not two."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from rapidfuzz import fuzz, process
from rapidfuzz.utils import default_process

from factlint.models import Claim, Note

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
    """Return the copy clusters of quotes repeated across documents and a note for each copied pair."""
    quotes = sorted({(claim.source, claim.quote) for claim in claims if claim.quote.strip()})
    if len(quotes) < 2:
        return CopyIndex(), ()
    texts = [quote for _, quote in quotes]
    scores = process.cdist(texts, texts, scorer=fuzz.ratio, processor=default_process, score_cutoff=threshold)
    parent = list(range(len(quotes)))

    def root(index: int) -> int:
        while parent[index] != index:
            index = parent[index]
        return index

    pairs = []
    for i in range(len(quotes)):
        for j in range(i + 1, len(quotes)):
            if quotes[i][0] != quotes[j][0] and scores[i][j] >= threshold:
                pairs.append((i, j, float(scores[i][j])))
                a, b = sorted((root(i), root(j)))
                parent[b] = a
    copied = {i for i, _, _ in pairs} | {j for _, j, _ in pairs}
    index = CopyIndex({quotes[i]: root(i) for i in sorted(copied)})
    return index, tuple(_note(quotes[i], quotes[j], score, claims) for i, j, score in pairs)


def _note(first: tuple[str, str], second: tuple[str, str], score: float, claims: Sequence[Claim]) -> Note:
    members = sorted((c for c in claims if (c.source, c.quote) in (first, second)), key=lambda c: c.id)
    lines = {key: min(c.line for c in members if (c.source, c.quote) == key) for key in (first, second)}
    return Note(
        kind="copied_text",
        message=f"{second[0]}:{lines[second]} repeats {first[0]}:{lines[first]} nearly word for word "
        f"(similarity {score:.0f}%): their claims count as one voice",
        claims=tuple(c.id for c in members),
    )
