"""factlint: find the numeric facts your documents disagree on."""

from __future__ import annotations

from typing import Any

__version__ = "0.1.0"

__all__ = ["__version__", "check"]


def __getattr__(name: str) -> Any:
    # factlint.check is loaded lazily so that importing any stage does not import the whole pipeline.
    if name == "check":
        from factlint.api import check

        return check
    raise AttributeError(f"module 'factlint' has no attribute {name!r}")
