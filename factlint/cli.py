"""The command-line interface: parse options, load config, call the API, choose the exit code."""

from __future__ import annotations

import dataclasses
import enum
import sys
from collections.abc import Callable, Sequence
from importlib import resources
from pathlib import Path
from typing import Any, NoReturn

import click

from factlint import __version__, api
from factlint.config import FAIL_ON_CHOICES, OUTPUT_FORMATS, Config, load_config, starter_config
from factlint.errors import FactlintError
from factlint.gate.baseline import baseline_from_conflicts, dumps_baseline
from factlint.gate.changes import changed_since as changed_since_paths
from factlint.models import Claim, Document, Reconciliation, Report

FORMAT_NAMES = OUTPUT_FORMATS
DEFAULT_BASELINE = "factlint-baseline.json"


class ExitCode(enum.IntEnum):
    """The process exit codes of every command."""

    CLEAN = 0  # nothing at or above --fail-on
    CONFLICTS = 1  # open conflicts at or above --fail-on
    ERROR = 2  # usage, configuration or tool error


class CliError(click.ClickException):
    """A user or tool error: printed as one ``Error: path:line: message`` line, exit code 2."""

    exit_code = ExitCode.ERROR


class FactlintGroup(click.Group):
    """The command group; turns factlint's own errors into one clean error line."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except FactlintError as error:
            raise CliError(str(error)) from error


@click.group(cls=FactlintGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="factlint")
def cli() -> None:
    """Find the numeric facts your documents disagree on.

    \b
    Example:
      factlint check docs/
    """


def _run_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """Add the options that override settings of the configuration file (see factlint.config)."""
    options = [
        click.option(
            "--config",
            "config_file",
            type=click.Path(dir_okay=False),
            help="factlint.yaml or pyproject.toml.",
        ),
        click.option(
            "--pack", "packs", multiple=True, type=click.Path(dir_okay=False), help="Extra knowledge pack."
        ),
        click.option(
            "--cache/--no-cache", default=None, help="Reuse claims of unchanged documents (default: on)."
        ),
        click.option(
            "--jobs", "-j", type=click.IntRange(min=1), help="Extract documents in N parallel processes."
        ),
        click.option(
            "--timeout",
            type=click.FloatRange(min=0),
            metavar="SECONDS",
            help="Report a document as an error when reading or extracting it takes longer (0: no limit).",
        ),
    ]
    for option in reversed(options):
        command = option(command)
    return command


@cli.command()
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--format", "-f", "fmt", type=click.Choice(FORMAT_NAMES), help="Report format (default: text).")
@click.option("--output", "-o", type=click.Path(dir_okay=False), help="Write the report to FILE, not stdout.")
@click.option("--fail-on", type=click.Choice(FAIL_ON_CHOICES), help="Lowest severity that fails the run.")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when conflicts are found.")
@click.option("--color/--no-color", default=None, help="Colour the text report (default: when a terminal).")
@click.option(
    "--baseline", type=click.Path(dir_okay=False), help="Only conflicts missing from this baseline fail."
)
@click.option(
    "--changed-since", metavar="REF", help="Report only conflicts involving files changed since REF."
)
@click.option(
    "--against", multiple=True, type=click.Path(), help="Corpus to check PATHS against (repeatable)."
)
@_run_options
def check(
    paths: tuple[str, ...],
    fmt: str | None,
    output: str | None,
    exit_zero: bool,
    color: bool | None,
    changed_since: str | None,
    against: tuple[str, ...],
    **settings: Any,
) -> NoReturn:
    """Reconcile the documents under PATHS and report the facts they disagree on.

    Exits 0 when clean, 1 when open conflicts (or findings) at or above --fail-on remain,
    2 on errors. With --against, PATHS are the new documents and only conflicts they take
    part in are reported; --changed-since does the same for files changed in git.

    \b
    Example:
      factlint check docs/ --format sarif --output factlint.sarif
      factlint check drafts/new.md --against docs/ --format github
    """
    config = _config(**settings)
    documents = _require_paths(paths or config.paths)
    focus: list[Any] | None = list(paths) if against else None
    if changed_since:
        focus = [*(focus or []), *changed_since_paths(changed_since)]
    with _ProgressBar() as progress:
        report = api.check([*documents, *against], config, focus=focus, progress=progress.update)
    _log_findings(report)
    _emit(report, fmt or config.format, output, color)
    for extra_format, target in config.formats:
        _emit(report, extra_format, target, color=False)
    sys.exit(ExitCode.CLEAN if exit_zero else exit_code(report, config))


@cli.command()
@click.argument("paths", nargs=-1, type=click.Path())
@click.option(
    "--output", "-o", type=click.Path(dir_okay=False), help="Baseline file [default: factlint-baseline.json]."
)
@_run_options
def baseline(paths: tuple[str, ...], output: str | None, **settings: Any) -> None:
    """Record the current conflicts so that only new ones fail later runs (check --baseline).

    Conflicts are keyed by fact (entity, scope, attribute, qualifiers) and the set of
    competing values, not by line, so editing around a known conflict keeps it known.

    \b
    Example:
      factlint baseline docs/ --output factlint-baseline.json
    """
    config = _config(**settings)
    target = output or config.baseline or DEFAULT_BASELINE
    report = api.check(_require_paths(paths or config.paths), dataclasses.replace(config, baseline=None))
    recorded = baseline_from_conflicts(report.conflicts)
    _reports().write_output(dumps_baseline(recorded, __version__), target)
    click.echo(f"factlint: recorded {len(recorded.entries)} conflicts in {target}", err=True)


@cli.command()
@click.option("--output", "-o", type=click.Path(dir_okay=False), default="factlint.yaml", show_default=True)
def init(output: str) -> None:
    """Write a commented starter factlint.yaml (never overwrites an existing file).

    \b
    Example:
      factlint init && $EDITOR factlint.yaml
    """
    if Path(output).exists():
        raise CliError(f"{output}: already exists; not overwriting it")
    Path(output).write_text(starter_config(), encoding="utf-8")
    click.echo(f"factlint: wrote {output}", err=True)


@cli.command()
@click.argument("paths", nargs=-1, type=click.Path())
@click.option(
    "--format", "-f", "fmt", type=click.Choice(("csv", "json")), default="csv", help="Table format."
)
@click.option("--output", "-o", type=click.Path(dir_okay=False), help="Write the claims to FILE, not stdout.")
@_run_options
def extract(paths: tuple[str, ...], fmt: str, output: str | None, **settings: Any) -> None:
    """Print the claims table of the documents under PATHS, without reconciling.

    \b
    Example:
      factlint extract docs/ --format csv --output claims.csv
    """
    config = _config(**settings)
    extraction = api.extract_run(_require_paths(paths or config.paths), config)
    report = Report(__version__, extraction.sources, extraction.claims, Reconciliation(conflicts=()))
    _emit(report, fmt, output, color=False)


@cli.command()
@click.argument("claim_id")
@click.argument("paths", nargs=-1, type=click.Path())
@_run_options
def explain(claim_id: str, paths: tuple[str, ...], **settings: Any) -> None:
    """Show how the claim CLAIM_ID was read: rule, confidence, quote and context.

    CLAIM_ID may be a unique prefix of the id shown in reports.

    \b
    Example:
      factlint explain c-3f2a docs/
    """
    config = _config(**settings)
    extraction = api.extract_run(_require_paths(paths or config.paths), config)
    matches = [claim for claim in extraction.claims if claim.id.startswith(claim_id)]
    if len(matches) != 1:
        problem = "no claim has" if not matches else f"{len(matches)} claims have"
        raise CliError(f"{problem} an id starting with {claim_id!r}")
    documents = {document.path: document for document in extraction.documents}
    click.echo(describe_claim(matches[0], documents.get(matches[0].source)))


@cli.command()
@click.argument("conflict_id")
@click.argument("paths", nargs=-1, type=click.Path())
@_run_options
def resolve(conflict_id: str, paths: tuple[str, ...], **settings: Any) -> None:
    """Print a resolutions-file entry for the conflict CONFLICT_ID, to paste and complete.

    CONFLICT_ID may be a unique prefix of the id shown in reports. The entry proposes
    the consensus value when there is one; keep the right value, or write ignore.

    \b
    Example:
      factlint resolve k-91c0 docs/ >> factlint-resolutions.yaml
    """
    config = _config(**settings)
    report = api.check(_require_paths(paths or config.paths), config)
    matches = [conflict for conflict in report.conflicts if conflict.id.startswith(conflict_id)]
    if len(matches) != 1:
        problem = "no conflict has" if not matches else f"{len(matches)} conflicts have"
        raise CliError(f"{problem} an id starting with {conflict_id!r}")
    click.echo(api.resolution_entry(matches[0]), nl=False)


@cli.command()
def schema() -> None:
    """Print the JSON Schema of the --format json report.

    \b
    Example:
      factlint schema > factlint-report.schema.json
    """
    schemas = sorted(
        (entry for entry in resources.files("factlint.schemas").iterdir() if entry.name.endswith(".json")),
        key=lambda entry: entry.name,
    )
    if not schemas:
        raise CliError("no JSON schema is installed with factlint")
    click.echo(schemas[0].read_text(encoding="utf-8"), nl=False)


def exit_code(report: Report, config: Config) -> ExitCode:
    """Return CONFLICTS when an open conflict or a finding is at or above ``config.fail_on``, else CLEAN."""
    failing = api.failing_conflicts(report, config.fail_on) or api.failing_findings(report, config.fail_on)
    return ExitCode.CONFLICTS if failing else ExitCode.CLEAN


def describe_claim(claim: Claim, document: Document | None) -> str:
    """Return a short human explanation of one claim."""
    value = f"{claim.low}-{claim.high}" if claim.form.value != "exact" else f"{claim.value}"
    lines = [
        f"{claim.id}  {claim.source}:{claim.line}:{claim.column}",
        f"  fact:       {claim.entity} / {claim.scope or '-'} / {claim.attribute}",
        f"  value:      {value} {claim.unit} ({claim.form.value}) written as {claim.text!r}",
        f"  qualifier:  {claim.qualifier or '-'}",
        f"  rule:       {claim.rule or '-'}",
        f"  confidence: {claim.confidence:.2f}",
        f"  quote:      {claim.quote}",
    ]
    extras = [f"{name}={getattr(claim, name)}" for name in ("precision", "sparsity", "baseline", "measure")]
    lines.append(
        f"  qualifiers: {', '.join(extra for extra in extras if not extra.endswith('=None')) or '-'}"
    )
    block = _block_of(claim, document)
    if block is not None:
        lines.append(f"  context:    {' > '.join(block.headings) or '(top of document)'}")
        if block.label:
            lines.append(f"  label:      {block.label}")
    return "\n".join(lines)


def _block_of(claim: Claim, document: Document | None) -> Any:
    if document is None:
        return None
    above = [block for block in document.blocks if block.line <= claim.line]
    return above[-1] if above else None


def _config(config_file: str | None = None, **overrides: Any) -> Config:
    """Return the configuration file's settings with the command-line options given on top."""
    overrides["packs"] = overrides.get("packs") or None  # an empty --pack keeps the file's packs
    return load_config(config_file, overrides)


def _log_findings(report: Report) -> None:
    """Write the run's findings (suppressions, stale baseline entries) and cache use to stderr."""
    for finding in report.findings:
        where = f"{finding.path}:{finding.line}" if finding.line else finding.path or "factlint"
        click.echo(f"{where}: {finding.severity}: {finding.message} [{finding.kind}]", err=True)
    if report.cache_hits:
        # On stderr, not in the report: a report must not differ between a cached and a fresh run.
        click.echo(
            f"factlint: claims of {report.cache_hits} of {len(report.sources)} documents from the cache",
            err=True,
        )


class _ProgressBar:
    """A rich progress bar on stderr for long extractions in a terminal; silent otherwise."""

    MINIMUM = 20  # documents to extract before a bar is worth drawing

    def __init__(self) -> None:
        self._progress: Any = None
        self._task: Any = None

    def __enter__(self) -> _ProgressBar:
        return self

    def __exit__(self, *exc: object) -> None:
        if self._progress is not None:
            self._progress.stop()

    def update(self, done: int, total: int) -> None:
        """Advance the bar to ``done`` of ``total`` documents, starting it when the run is long."""
        if self._progress is None:
            if total < self.MINIMUM or not sys.stderr.isatty():
                return
            from rich.console import Console
            from rich.progress import Progress

            self._progress = Progress(console=Console(stderr=True), transient=True)
            self._task = self._progress.add_task("extracting claims", total=total)
            self._progress.start()
        self._progress.update(self._task, completed=done)


def _reports() -> Any:
    from factlint import reports  # imported on use: the renderers load templates and rich

    return reports


def _require_paths(paths: Sequence[str]) -> list[str]:
    if not paths:
        raise CliError("give at least one PATH to read")
    return list(paths)


def _emit(report: Report, fmt: str, output: str | None, color: bool | None) -> None:
    """Render ``report`` and write it to ``output`` (atomically) or stdout; nothing else goes to stdout."""
    reports = _reports()
    use_color = bool(color) if color is not None else output is None and sys.stdout.isatty()
    text = reports.render(report, reports.OutputFormat(fmt), color=use_color and fmt == "text")
    if output:
        reports.write_output(text, output)
    else:
        click.echo(text, nl=not text.endswith("\n"))


def main(args: Sequence[str] | None = None) -> Any:
    """Run the command line (the ``factlint`` console script)."""
    return cli.main(args=args, prog_name="factlint")


if __name__ == "__main__":  # python -m factlint.cli, as well as python -m factlint
    main()
