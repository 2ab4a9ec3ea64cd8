"""Run configuration: settings declared once, validated early, passed explicitly."""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

import yaml

from factlint.errors import ConfigError

FAIL_ON_CHOICES = ("error", "warning", "never")
OUTPUT_FORMATS = ("text", "markdown", "json", "csv", "sarif", "github", "junit", "html")
CACHE_DIR = ".factlint_cache"


def _setting(default: Any, help: str, kind: str, example: Any = None, **extra: Any) -> Any:
    """Declare one setting: its default, help line, value kind (drives coercion) and init example."""
    return field(default=default, metadata={"help": help, "kind": kind, "example": example, **extra})


@dataclass(frozen=True)
class Config:
    """Settings of one run. Build with :func:`make_config` to get validation.

    Each field's metadata is the single declaration of the setting: ``help`` (docs and the
    ``factlint init`` template), ``kind`` (how a file value is checked and coerced: strings,
    paths, path, choice, flag, count, number, tolerances, outputs) and ``example``.
    """

    paths: tuple[str, ...] = _setting(
        (), "documents and folders checked when none are given", "paths", ["docs/"]
    )
    packs: tuple[str, ...] = _setting(
        (), "knowledge pack files merged over the default pack", "paths", ["packs/my-products.yaml"]
    )
    fail_on: str = _setting(
        "error", "lowest severity that fails the run", "choice", "error", choices=FAIL_ON_CHOICES
    )
    hedge_margin: float = _setting(
        0.10, "relative widening of 'about'/'~' values before comparing", "number", 0.1
    )
    tolerances: tuple[tuple[str, float], ...] = _setting(
        (), "per-attribute relative tolerance", "tolerances", {"memory_bandwidth": 0.05}
    )
    include: tuple[str, ...] = _setting(
        (
            "*.md",
            "*.markdown",
            "*.txt",
            "*.html",
            "*.htm",
            "*.csv",
            "*.tsv",
            "*.srt",  # subtitle files: spoken transcripts (decision 0089)
            "*.vtt",
            "*.tex",  # LaTeX source, read as the typeset page shows it
            "*.rst",  # reStructuredText (Sphinx, docutils), decision 0112
            "*.rest",
            "*.wiki",  # MediaWiki wikitext, read as the rendered page shows it (decision 0114)
            "*.wikitext",
            "*.mediawiki",
            "*.adoc",  # AsciiDoc (Asciidoctor), decision 0119
            "*.asciidoc",
            "*.org",  # Emacs Org-mode, read as the exported page shows it (decision 0120)
            "*.eml",  # a saved e-mail (MIME); an .mbox archive is read when named (decision 0113)
            # iCalendar exports; a vCard (.vcf) address book is read when named (decision 0136)
            "*.ics",
            "*.ical",
            "*.bbcode",  # BBCode forum threads (decision 0137)
            "*.rtf",  # word-processor documents in Rich Text Format (decision 0143)
            # OpenDocument text, spreadsheets and slides, flat XML or zipped (decision 0164)
            "*.odt",
            "*.ods",
            "*.odp",
            "*.fodt",
            "*.fods",
            "*.fodp",
            "*.docx",  # Word documents (WordprocessingML), decision 0170
            "*.docm",
            "*.bib",  # BibTeX bibliographies: abstracts and notes carry figures (decision 0167)
            "*.bibtex",
            "*.dot",  # Graphviz sources: node and edge labels (decision 0172)
            "*.gv",
            "*.edi",  # X12 EDI interchanges: purchase orders and their item descriptions (decision 0163)
            "*.x12",
            # Protocol Buffers text format: messages as records (decision 0185); Caffe's .prototxt is a
            # network configuration more often than a catalog, so it is read when named
            "*.textproto",
            "*.txtpb",
            "*.textpb",
            "*.pbtxt",
            "*.mermaid",  # Mermaid diagrams; an .mmd is read as one when it opens a diagram (decision 0188)
            "*.mmd",
            "*.puml",  # PlantUML diagrams, read through the same graph reader (decision 0200)
            "*.plantuml",
            "*.d2",  # D2 diagrams, read through the same graph reader (decision 0237)
            "*.taskpaper",  # TaskPaper outlines: projects as headings, tasks as items (decision 0201)
            "*.feature",  # Gherkin feature files: steps as sentences, outlines filled in (decision 0216)
            "*.po",  # gettext catalogues: each string in its own notation (decision 0226)
            "*.pot",
            "*.xlf",  # XLIFF translation files: each segment in its own language's notation (decision 0262)
            "*.xliff",
            # RSS and Atom feeds; .xml in a folder is as often a build file or sitemap (pom.xml), so it
            # is read when named or added here (decision 0129)
            "*.rss",
            "*.atom",
            # JSON-lines is data; .json/.yaml in a folder are as often configuration (factlint.yaml,
            # packs), so they are read when named or added here (decision 0080)
            "*.jsonl",
            "*.ndjson",
            "*.ipynb",  # Jupyter notebooks, read as the page they show (decision 0158)
        ),
        "file name globs read from folders",
        "strings",
        ["*.md", "*.txt"],
    )
    exclude: tuple[str, ...] = _setting((), "path globs never read", "strings", ["drafts/*"])
    format: str = _setting(
        "text", "report format of factlint check", "choice", "text", choices=OUTPUT_FORMATS
    )
    formats: tuple[tuple[str, str], ...] = _setting(
        (),
        "extra reports factlint check writes on every run: format -> file",
        "outputs",
        {"sarif": "factlint.sarif", "junit": "factlint-junit.xml"},
    )
    baseline: str | None = _setting(
        None, "baseline file: conflicts recorded in it do not fail the run", "path", "factlint-baseline.json"
    )
    cache: bool = _setting(True, "cache extracted claims per document (safe to delete)", "flag", True)
    cache_dir: str = _setting(CACHE_DIR, "folder of the claims cache", "path", CACHE_DIR)
    jobs: int = _setting(1, "documents extracted in parallel processes", "count", 4)
    timeout: float = _setting(
        120.0,
        "seconds a document may take to read, and again to extract, before it becomes an error (0: no limit)",
        "number",
        60,
    )
    resolutions: str | None = _setting(
        None, "resolutions file: accepted values and ignored conflicts", "path", "factlint-resolutions.yaml"
    )
    source_priors: tuple[tuple[str, float], ...] = _setting(
        (),
        "prior trust in [0, 1] per source path, seeding the consensus estimate",
        "tolerances",
        {"docs/vendor-datasheet.md": 0.9},
    )

    def __post_init__(self) -> None:
        if self.fail_on not in FAIL_ON_CHOICES:
            raise ConfigError(
                f"must be one of {', '.join(FAIL_ON_CHOICES)}, got {self.fail_on!r}", key="fail_on"
            )
        if self.format not in OUTPUT_FORMATS:
            raise ConfigError(
                f"must be one of {', '.join(OUTPUT_FORMATS)}, got {self.format!r}", key="format"
            )
        if not 0 <= self.hedge_margin < 1:
            raise ConfigError(f"must lie in [0, 1), got {self.hedge_margin!r}", key="hedge_margin")
        for attribute, tolerance in self.tolerances:
            if not 0 <= tolerance < 1:
                raise ConfigError(f"must lie in [0, 1), got {tolerance!r}", key=f"tolerances.{attribute}")
        for source, prior in self.source_priors:
            if not 0 <= prior <= 1:
                raise ConfigError(f"must lie in [0, 1], got {prior!r}", key=f"source_priors.{source}")
        if self.jobs < 1:
            raise ConfigError(f"must be at least 1, got {self.jobs!r}", key="jobs")
        if self.timeout < 0:
            raise ConfigError(f"must be 0 (no limit) or more, got {self.timeout!r}", key="timeout")

    def tolerance(self, attribute: str) -> float:
        """Return the extra relative tolerance configured for an attribute (0 by default)."""
        return dict(self.tolerances).get(attribute, 0.0)


def settings_help() -> list[tuple[str, Any, str]]:
    """Return (name, default, help) for every setting, in declaration order."""
    return [(f.name, f.default, f.metadata.get("help", "")) for f in fields(Config)]


def starter_config() -> str:
    """Return a starter factlint.yaml: every setting commented out, with its help, default and an example."""
    lines = [
        "# factlint configuration. Command-line options override these settings.",
        "# Uncomment a setting to change it; the values shown are examples.",
        "# Relative paths are relative to this file. Docs: README.md#configuration",
        "",
    ]
    for setting in fields(Config):
        example = setting.metadata.get("example", setting.default)
        default: object = setting.default
        if setting.metadata.get("kind") in ("tolerances", "outputs"):
            default = dict(default)  # type: ignore[call-overload]  # a tuple of pairs
        default = _yaml_value(list(default) if isinstance(default, tuple) else default)
        lines.append(f"# {setting.metadata.get('help', setting.name)} (default: {default})")
        lines.append(f"# {setting.name}: {_yaml_value(example)}")
        lines.append("")
    return "\n".join(lines)


def _yaml_value(value: Any) -> str:
    return (
        yaml.safe_dump(value, default_flow_style=True, sort_keys=False).strip().removesuffix("\n...").strip()
    )


def make_config(values: dict[str, Any] | None = None, *, origin: str | None = None) -> Config:
    """Return a validated Config from plain values (a parsed file plus overrides)."""
    values = dict(values or {})
    declared = {f.name: f for f in fields(Config)}
    for key in values:
        if key not in declared:
            raise ConfigError(f"unknown setting (known: {', '.join(sorted(declared))})", path=origin, key=key)
    values = {key: _coerce(declared[key], value, origin) for key, value in values.items()}
    try:
        return Config(**values)
    except ConfigError as error:
        raise ConfigError(error.message.split(": ", 1)[-1], path=origin, key=error.key) from error
    except (TypeError, ValueError) as error:
        raise ConfigError(str(error), path=origin) from error


def _coerce(setting: Any, value: Any, origin: str | None) -> Any:
    """Return a file or command-line value in the type its setting declares (by metadata ``kind``)."""
    kind = setting.metadata.get("kind")

    def fail(expected: str) -> ConfigError:
        return ConfigError(f"must be {expected}, got {value!r}", path=origin, key=setting.name)

    if kind in ("strings", "paths"):
        items = (value,) if isinstance(value, str) else value
        if not isinstance(items, (list, tuple)) or not all(isinstance(item, str) for item in items):
            raise fail("a string or a list of strings")
        return tuple(items)
    if kind in ("path", "choice"):
        if value is not None and not isinstance(value, str):
            raise fail("a string")
        return value
    if kind == "flag":
        if not isinstance(value, bool):
            raise fail("true or false")
        return value
    if kind == "count":
        if isinstance(value, bool) or not isinstance(value, int):
            raise fail("a whole number")
        return value
    if kind == "number":
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise fail("a number")
        return float(value)
    if kind == "outputs":
        if not isinstance(value, (dict, list, tuple)):
            raise fail("a mapping of format to file")
        pairs = tuple(value.items()) if isinstance(value, dict) else tuple(value)
        for pair in pairs:
            if len(pair) != 2 or pair[0] not in OUTPUT_FORMATS or not isinstance(pair[1], str):
                raise fail(f"a mapping of format ({', '.join(OUTPUT_FORMATS)}) to file")
        return tuple((str(fmt), str(path)) for fmt, path in pairs)
    if kind == "tolerances":
        if isinstance(value, dict):
            value = tuple(value.items())
        try:
            return tuple(sorted((str(name), float(tolerance)) for name, tolerance in value))
        except (TypeError, ValueError) as error:
            raise fail("a mapping of attribute to number") from error
    return value


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
    values = _rebase_paths(read_config_file(path), Path(path).parent) if path is not None else {}
    origin = str(path) if path is not None else None
    make_config(values, origin=origin)  # name the file when its own settings are wrong
    values.update({key: value for key, value in (overrides or {}).items() if value is not None})
    return make_config(values, origin=origin)


def _rebase_paths(values: dict[str, Any], folder: Path) -> dict[str, Any]:
    """Return file values with relative paths made relative to the cwd instead of the file's folder."""
    if folder.resolve() == Path.cwd().resolve():
        return values

    def rebase(value: Any) -> Any:
        if not isinstance(value, str) or Path(value).is_absolute():
            return value
        return os.path.relpath(folder.resolve() / value)

    declared = {f.name: f.metadata.get("kind") for f in fields(Config)}
    rebased = dict(values)
    for key, value in values.items():
        if declared.get(key) == "path":
            rebased[key] = rebase(value)
        elif declared.get(key) == "paths":
            rebased[key] = [rebase(item) for item in value] if isinstance(value, list) else rebase(value)
        elif declared.get(key) == "outputs" and isinstance(value, dict):
            rebased[key] = {fmt: rebase(target) for fmt, target in value.items()}
    return rebased


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
