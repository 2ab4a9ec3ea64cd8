"""Run configuration: settings declared once, validated early, passed explicitly."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

import yaml

from factlint.errors import ConfigError

FAIL_ON_CHOICES = ("error", "warning", "never")


@dataclass(frozen=True)
class Config:
    """Settings of one run. Build with :func:`make_config` to get validation."""

    packs: tuple[str, ...] = field(
        default=(), metadata={"help": "knowledge pack files merged over the default pack"}
    )
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
            raise ConfigError(
                f"must be one of {', '.join(FAIL_ON_CHOICES)}, got {self.fail_on!r}", key="fail_on"
            )
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


CONFIG_FILE_NAME = "factlint.yaml"


def find_config_file(start: Path | None = None) -> Path | None:
    """Return the nearest factlint.yaml, or pyproject.toml with [tool.factlint], walking up from ``start``."""
    directory = (start or Path.cwd()).resolve()
    for folder in (directory, *directory.parents):
        candidate = folder / CONFIG_FILE_NAME
        if candidate.is_file():
            return candidate
        pyproject = folder / "pyproject.toml"
        if pyproject.is_file() and "factlint" in _read_toml(pyproject).get("tool", {}):
            return pyproject
    return None


def read_config_file(path: str | Path) -> dict[str, Any]:
    """Return the settings a factlint.yaml or pyproject.toml ([tool.factlint]) declares."""
    path = Path(path)
    if path.suffix == ".toml":
        values = _read_toml(path).get("tool", {}).get("factlint", {})
    else:
        values = _read_yaml(path)
    if not isinstance(values, dict):
        raise ConfigError("the configuration must be a mapping of settings", path=str(path))
    return {str(key).replace("-", "_"): value for key, value in values.items()}


def load_config(
    path: str | Path | None = None, overrides: dict[str, Any] | None = None, *, discover: bool = True
) -> Config:
    """Return the Config of a run: the file's settings (given or discovered) with ``overrides`` on top.

    Overrides whose value is None are ignored, so unset command-line options keep the file's value.
    """
    if path is None and discover:
        path = find_config_file()
    values = read_config_file(path) if path is not None else {}
    origin = str(path) if path is not None else None
    make_config(values, origin=origin)  # name the file when its own settings are wrong
    values.update({key: value for key, value in (overrides or {}).items() if value is not None})
    return make_config(values, origin=origin)


def _read_yaml(path: Path) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise ConfigError(f"cannot read configuration: {error.strerror}", path=str(path)) from error
    try:
        return yaml.safe_load(text) or {}
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        raise ConfigError(
            f"invalid YAML: {getattr(error, 'problem', error)}",
            path=str(path),
            line=mark.line + 1 if mark else None,
        ) from error


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except OSError as error:
        raise ConfigError(f"cannot read configuration: {error.strerror}", path=str(path)) from error
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"invalid TOML: {error}", path=str(path)) from error
