"""The exceptions that mean factlint could not run (findings are data, never exceptions)."""

from __future__ import annotations


class FactlintError(Exception):
    """Base of factlint's own errors; carries the file and line it is about, if any."""

    def __init__(self, message: str, *, path: str | None = None, line: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line

    def __str__(self) -> str:
        where = self.path or ""
        if self.path and self.line is not None:
            where = f"{self.path}:{self.line}"
        return f"{where}: {self.message}" if where else self.message


class UsageError(FactlintError):
    """The user asked for something that cannot be done (bad option, missing path)."""


class ConfigError(FactlintError):
    """A configuration file or knowledge pack is invalid."""

    def __init__(
        self, message: str, *, path: str | None = None, key: str | None = None, line: int | None = None
    ) -> None:
        super().__init__(f"{key}: {message}" if key else message, path=path, line=line)
        self.key = key


class SourceError(FactlintError):
    """One document could not be read; the run records it and goes on."""
