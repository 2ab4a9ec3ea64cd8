"""Run configuration: settings declared once, validated early, passed explicitly."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from factlint.errors import ConfigError

FAIL_ON_CHOICES = ("error", "warning", "never")


@dataclass(frozen=True)
class Config:
    """Settings of one run. Build with :func:`make_config` to get validation."""

    packs: tuple[str, ...] = field(default=(), metadata={"help": "knowledge pack files merged over the default pack"})
    fail_on: str = field(default="error", metadata={"help": "lowest conflict severity that fails the run"})
    hedge_margin: float = field(
        default=0.10, metadata={"help": "relative widening of 'about'/'~' values before comparing"}
    )
    tolerances: tuple[tuple[str, float], ...] = field(
        default=(), metadata={"help": "per-attribute relative tolerance, e.g. {memory_bandwidth: 0.05}"}
    )
    include: tuple[str, ...] = field(
        default=("*.md", "*.markdown", "*.txt"), metadata={"help": "file name globs read from folders"}
    )
    exclude: tuple[str, ...] = field(default=(), metadata={"help": "path globs never read"})

    def __post_init__(self) -> None:
        if self.fail_on not in FAIL_ON_CHOICES:
            raise ConfigError(f"must be one of {', '.join(FAIL_ON_CHOICES)}, got {self.fail_on!r}", key="fail_on")
        if not 0 <= self.hedge_margin < 1:
            raise ConfigError(f"must lie in [0, 1), got {self.hedge_margin!r}", key="hedge_margin")
        for attribute, tolerance in self.tolerances:
            if not 0 <= tolerance < 1:
                raise ConfigError(f"must lie in [0, 1), got {tolerance!r}", key=f"tolerances.{attribute}")

    def tolerance(self, attribute: str) -> float:
        """Return the extra relative tolerance configured for an attribute (0 by default)."""
        return dict(self.tolerances).get(attribute, 0.0)


def settings_help() -> list[tuple[str, Any, str]]:
    """Return (name, default, help) for every setting, in declaration order."""
    return [(f.name, f.default, f.metadata.get("help", "")) for f in fields(Config)]


def make_config(values: dict[str, Any] | None = None, *, origin: str | None = None) -> Config:
    """Return a validated Config from plain values (a parsed file plus overrides)."""
    values = dict(values or {})
    known = {f.name for f in fields(Config)}
    for key in values:
        if key not in known:
            raise ConfigError(f"unknown setting (known: {', '.join(sorted(known))})", path=origin, key=key)
    if isinstance(values.get("tolerances"), dict):
        values["tolerances"] = tuple(sorted((str(k), float(v)) for k, v in values["tolerances"].items()))
    for key in ("packs", "include", "exclude"):
        if key in values and isinstance(values[key], str):
            values[key] = (values[key],)
        if key in values:
            values[key] = tuple(values[key])
    try:
        return Config(**values)
    except ConfigError as error:
        raise ConfigError(error.message.split(": ", 1)[-1], path=origin, key=error.key) from error
    except (TypeError, ValueError) as error:
        raise ConfigError(str(error), path=origin) from error
