"""The field name of a reverse-DNS label key: ``org.example.hw.gpu_mem_gb`` -> ``gpu_mem_gb``.

Container and deployment files (Docker and OCI labels, compose ``labels:``, systemd and
build metadata) name their keys in a reverse-DNS namespace of the publisher
(``org.opencontainers.image.version``, ``com.example.hw.tdp_w``). The namespace says who
owns the key, not what the value is: only the last dotted segment names the field, and a
record's headers read as that field so that its words (unit, part, scope) stand first.
A key whose first segment is no namespace root (``gpu.memory``, ``hbm.gb``) is kept whole.
"""

from __future__ import annotations

from functools import cache

from factlint.sources.packaged import packaged_file

_MIN_SEGMENTS = 3  # root, owner and field at least: "com.acme.tdp_w"; "io.count" is no namespace


def label_field(key: str) -> str:
    """Return the field segment of a reverse-DNS ``key``, or ``key`` itself when it is not one."""
    if "." not in key:
        return key
    segments = key.split(".")
    if len(segments) < _MIN_SEGMENTS or segments[0].lower() not in _namespace_roots():
        return key
    if not all(segment for segment in segments):  # "com..x" or a trailing dot: not a namespace
        return key
    return segments[-1]


@cache
def _namespace_roots() -> frozenset[str]:
    """Return the top-level domains a reverse-DNS label key opens with, from ``datakeys.yaml``."""
    return frozenset(
        word.lower() for word in packaged_file("factlint.sources", "datakeys.yaml").words("namespace_roots")
    )


def prefixed_name(key: str) -> str:
    """Return the name of a Kubernetes-style label key after its owner's prefix
    (``nvidia.com/gpu.memory`` -> ``gpu.memory``), or ``key`` itself when it has no prefix."""
    return key.rsplit("/", 1)[-1]
