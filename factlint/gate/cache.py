"""The claims cache: each document's claims stored under its content hash, pack fingerprint and version."""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import os
import tempfile
from pathlib import Path

from factlint.models import Claim, Document, ValueForm

CACHE_FORMAT = 1
GITIGNORE = "# factlint's claims cache: safe to delete, never commit it.\n*\n"


@functools.cache
def extraction_code_fingerprint() -> str:
    """Return a hash of the code that turns files into claims (sources, claims, models).

    The version alone would keep serving stale claims while the extractor changes between
    releases (an editable install); hashing a few dozen small files per run is cheap.
    """
    package = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    files = [
        package / "models.py",
        *sorted((package / "sources").rglob("*")),
        *sorted((package / "claims").rglob("*")),
    ]
    for path in files:
        if path.is_file() and path.suffix in (".py", ".yaml"):
            digest.update(path.name.encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


class ClaimCache:
    """Claims per document in a folder of JSON files; a changed document, pack or version misses."""

    def __init__(self, directory: str | Path, pack_fingerprint: str, tool_version: str) -> None:
        self.directory = Path(directory)
        self.pack_fingerprint = pack_fingerprint
        self.tool_version = tool_version
        self.hits = 0

    def key(self, document: Document) -> str:
        """Return the cache key of a document: its path, content, the pack and factlint's version and code."""
        parts = (
            str(CACHE_FORMAT),
            self.tool_version,
            extraction_code_fingerprint(),
            self.pack_fingerprint,
            document.path,
            document.sha256,
        )
        return hashlib.sha256("\0".join(parts).encode()).hexdigest()

    def load(self, document: Document) -> list[Claim] | None:
        """Return the cached claims of a document, or None on a miss (or an unreadable entry)."""
        if document.error is not None or not document.sha256:
            return None
        try:
            records = json.loads((self.directory / f"{self.key(document)}.json").read_text(encoding="utf-8"))
            claims = [Claim(**{**record, "form": ValueForm(record["form"])}) for record in records]
        except (OSError, ValueError, TypeError, KeyError):
            return None
        self.hits += 1
        return claims

    def store(self, document: Document, claims: list[Claim]) -> None:
        """Save a document's claims; a cache that cannot be written is skipped silently."""
        if document.error is not None or not document.sha256:
            return
        records = [{**dataclasses.asdict(claim), "form": claim.form.value} for claim in claims]
        try:
            self._prepare()
            handle, temporary = tempfile.mkstemp(dir=self.directory, suffix=".tmp")
            with os.fdopen(handle, "w", encoding="utf-8") as stream:
                json.dump(records, stream)
            os.replace(temporary, self.directory / f"{self.key(document)}.json")
        except OSError:
            return

    def _prepare(self) -> None:
        self.directory.mkdir(parents=True, exist_ok=True)
        ignore = self.directory / ".gitignore"
        if not ignore.exists():
            ignore.write_text(GITIGNORE, encoding="utf-8")
