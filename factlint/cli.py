"""The command-line interface: parse options, load config, call the API, choose the exit code."""

from __future__ import annotations

import enum
import sys
from collections.abc import Callable, Sequence
from importlib import resources
from typing import Any, NoReturn

import click

from factlint import __version__, api
from factlint.config import FAIL_ON_CHOICES, Config, load_config
from factlint.errors import FactlintError
from factlint.models import Claim, Document, Reconciliation, Report

FORMAT_NAMES = ("text", "markdown", "json", "csv", "sarif", "github", "junit", "html")


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


def _common_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """Add --pack and --config, shared by every command that reads documents."""
    command = click.option(
        "--pack",
        "packs",
        multiple=True,
        type=click.Path(dir_okay=False),
        help="Extra knowledge pack (repeatable).",
    )(command)
    return click.option(
        "--config",
        "config_file",
        type=click.Path(dir_okay=False),
        help="factlint.yaml or pyproject.toml to use.",
    )(command)


@cli.command()
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--format", "-f", "fmt", type=click.Choice(FORMAT_NAMES), default="text", help="Report format.")
@click.option("--output", "-o", type=click.Path(dir_okay=False), help="Write the report to FILE, not stdout.")
@click.option("--fail-on", type=click.Choice(FAIL_ON_CHOICES), help="Lowest severity that fails the run.")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when conflicts are found.")
@click.option("--color/--no-color", default=None, help="Colour the text report (default: when a terminal).")
@_common_options
def check(
    paths: tuple[str, ...],
    fmt: str,
    output: str | None,
    fail_on: str | None,
    exit_zero: bool,
    color: bool | None,
    packs: tuple[str, ...],
    config_file: str | None,
) -> NoReturn:
    """Reconcile the documents under PATHS and report the facts they disagree on.

    Exits 0 when clean, 1 when open conflicts at or above --fail-on remain, 2 on errors.

    \b
    Example:
      factlint check docs/ --format sarif --output factlint.sarif
    """
    config = _config(config_file, packs=packs or None, fail_on=fail_on)
    report = api.check(_require_paths(paths), config)
    _emit(report, fmt, output, color)
    sys.exit(ExitCode.CLEAN if exit_zero else exit_code(report, config))


@cli.command()
@click.argument("paths", nargs=-1, type=click.Path())
@click.option(
    "--format", "-f", "fmt", type=click.Choice(("csv", "json")), default="csv", help="Table format."
)
@click.option("--output", "-o", type=click.Path(dir_okay=False), help="Write the claims to FILE, not stdout.")
@_common_options
def extract(
    paths: tuple[str, ...], fmt: str, output: str | None, packs: tuple[str, ...], config_file: str | None
) -> None:
    """Print the claims table of the documents under PATHS, without reconciling.

    \b
    Example:
      factlint extract docs/ --format csv --output claims.csv
    """
    config = _config(config_file, packs=packs or None)
    extraction = api.extract_run(_require_paths(paths), config)
    report = Report(__version__, extraction.sources, extraction.claims, Reconciliation(conflicts=()))
    _emit(report, fmt, output, color=False)


@cli.command()
@click.argument("claim_id")
@click.argument("paths", nargs=-1, type=click.Path())
@_common_options
def explain(claim_id: str, paths: tuple[str, ...], packs: tuple[str, ...], config_file: str | None) -> None:
    """Show how the claim CLAIM_ID was read: rule, confidence, quote and context.

    CLAIM_ID may be a unique prefix of the id shown in reports.

    \b
    Example:
      factlint explain c-3f2a docs/
    """
    config = _config(config_file, packs=packs or None)
    extraction = api.extract_run(_require_paths(paths), config)
    matches = [claim for claim in extraction.claims if claim.id.startswith(claim_id)]
    if len(matches) != 1:
        problem = "no claim has" if not matches else f"{len(matches)} claims have"
        raise CliError(f"{problem} an id starting with {claim_id!r}")
    documents = {document.path: document for document in extraction.documents}
    click.echo(describe_claim(matches[0], documents.get(matches[0].source)))


@cli.command()
def schema() -> None:
    """Print the JSON Schema of the --format json report.

    \b
    Example:
      factlint schema > factlint-report.schema.json
    """
    schemas = sorted(
        entry for entry in resources.files("factlint.schemas").iterdir() if entry.name.endswith(".json")
    )
    if not schemas:
        raise CliError("no JSON schema is installed with factlint")
    click.echo(schemas[0].read_text(encoding="utf-8"), nl=False)


def exit_code(report: Report, config: Config) -> ExitCode:
    """Return CONFLICTS when an open conflict is at or above ``config.fail_on``, else CLEAN."""
    return ExitCode.CONFLICTS if api.failing_conflicts(report, config.fail_on) else ExitCode.CLEAN


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


def _config(config_file: str | None, **overrides: Any) -> Config:
    return load_config(config_file, overrides)


def _require_paths(paths: Sequence[str]) -> list[str]:
    if not paths:
        raise CliError("give at least one PATH to read")
    return list(paths)


def _emit(report: Report, fmt: str, output: str | None, color: bool | None) -> None:
    """Render ``report`` and write it to ``output`` (atomically) or stdout; nothing else goes to stdout."""
    from factlint import reports  # imported here: rendering modules load templates and rich

    use_color = bool(color) if color is not None else output is None and sys.stdout.isatty()
    text = reports.render(report, reports.OutputFormat(fmt), color=use_color and fmt == "text")
    if output:
        reports.write_output(text, output)
    else:
        click.echo(text, nl=not text.endswith("\n"))


def main(args: Sequence[str] | None = None) -> Any:
    """Run the command line (the ``factlint`` console script)."""
    return cli.main(args=args, prog_name="factlint")
