"""`zodiac lint`: the balance linter, warnings about entities that are legal but off-level.

The rule set's linter (``RuleSet.run_lint``) does the work; this module opens the
project, keeps the findings of the files named, and prints them as `validate` does.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from builder.cli.errors import handle_user_errors

if TYPE_CHECKING:
    from builder.diagnostics import Diagnostic, Report
    from builder.workspace import Workspace

EPILOG = (
    "\b\nExamples:\n"
    "  zodiac lint content/examples/zodiac\n"
    "  zodiac lint content/examples/zodiac/monsters/ --format json\n"
    "  cd my-campaign && zodiac lint --strict   # in a project: exit 1 on any warning\n\n"
    "\b\nSilence a finding with a comment on its line or on the entity's first line:\n"
    "  level: 12  # zodiac: ignore[ZL101]\n\n"
    "Thresholds: `lint:` in zodiac.yaml (manual: Balance linter).\n\n"
    "Exit codes: 0 no validation errors (warnings allowed; with --strict, no warnings "
    "either), 1 otherwise, 2 misuse, 3 a bug in zodiac."
)


class Format(StrEnum):
    text = "text"
    json = "json"


def lint_diagnostics(ws: Workspace, paths: Sequence[Path]) -> list[Diagnostic]:
    """The linter's findings in the files named (the rest of the project only as peers)."""
    from builder.diagnostics import display_path
    from builder.io.project import find_files

    named = {display_path(f) for f in find_files(list(paths)).files}
    settings = ws.config.lint if ws.config is not None else None
    found = ws.rule_set.run_lint(ws.content, ws.settings, settings)
    return [d for d in found if d.path in named]


def with_lint(ws: Workspace, paths: Sequence[Path]) -> Report:
    """The workspace's validation report plus the linter's warnings (`validate --lint`)."""
    from builder.diagnostics import Report

    return Report([*ws.report.diagnostics, *lint_diagnostics(ws, paths)], files=ws.report.files)


@handle_user_errors
def lint(
    paths: Annotated[
        list[Path] | None,
        typer.Argument(help="Files or folders to lint. Default: the current project."),
    ] = None,
    fmt: Annotated[Format, typer.Option("--format", "-f", help="Output format.")] = Format.text,
    strict: Annotated[
        bool, typer.Option("--strict", help="Treat the linter's warnings as errors (exit 1).")
    ] = False,
) -> None:
    """Warn about monsters, Techs, items and jobs that are off the norms of their level."""
    from builder.cli.output import print_diagnostics, print_json, print_note, print_summary
    from builder.diagnostics import Report
    from builder.errors import UsageError
    from builder.io.project import find_project_root
    from builder.workspace import open_workspace

    if not paths:
        root = find_project_root(Path.cwd())
        if root is None:
            raise UsageError(
                "no paths given and no zodiac.yaml in this folder or above; "
                "name files or folders, e.g. `zodiac lint content/`"
            )
        paths = [root]
    ws = open_workspace(paths)
    if ws.rule_set.lint is None:
        from builder.rulesets import all_rulesets

        have = ", ".join(r.label for r in all_rulesets() if r.lint) or "none"
        named = " ".join(shlex.quote(str(p)) for p in paths)
        raise UsageError(
            f"{ws.rule_set.label} has no balance linter (rule sets with one: {have}), so "
            f"no command lints its files; `zodiac validate {named}` checks their rules"
        )
    found = lint_diagnostics(ws, paths)
    report = Report(found, files=ws.report.files)
    errors = ws.report.errors
    note = (
        f"validation found {errors} error{'s' if errors != 1 else ''}; entries that fail "
        "validation are not linted (`zodiac validate` lists them)"
        if errors
        else ""
    )
    if fmt is Format.json:
        print_json([d.to_json() for d in report.sorted()])
        if note:
            print_note(note, to_stderr=True)
    else:
        print_diagnostics(report.sorted())
        if note:
            print_note(note)
        print_summary(report)
    raise typer.Exit(1 if errors or (strict and report.warnings) else 0)
