"""`zodiac validate`: check content files against the models and the book's rules."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from builder.cli.errors import handle_user_errors

EPILOG = (
    "\b\nExamples:\n"
    "  zodiac validate content/examples/zodiac\n"
    "  zodiac validate hero.yaml monsters/ --format json\n\n"
    "Exit codes: 0 no errors (warnings allowed), 1 errors found, 2 misuse, 3 a bug in zodiac."
)


class Format(StrEnum):
    text = "text"
    json = "json"


@handle_user_errors
def validate(
    paths: Annotated[
        list[Path] | None,
        typer.Argument(
            help="Files or folders (recursive over *.yaml / *.yml). Default: the current project."
        ),
    ] = None,
    fmt: Annotated[Format, typer.Option("--format", "-f", help="Output format.")] = Format.text,
) -> None:
    """Check content files: one line per problem as path:line:col: severity CODE message."""
    from builder.cli.output import print_diagnostics, print_json, print_summary
    from builder.errors import UsageError
    from builder.io.project import find_project_root
    from builder.workspace import open_workspace

    if not paths:
        root = find_project_root(Path.cwd())
        if root is None:
            raise UsageError(
                "no paths given and no zodiac.yaml in this folder or above; "
                "name files or folders, e.g. `zodiac validate content/`"
            )
        paths = [root]
    ws = open_workspace(paths)
    if fmt is Format.json:
        print_json([d.to_json() for d in ws.report.sorted()])
    else:
        print_diagnostics(ws.report.sorted())
        print_summary(ws.report)
    raise typer.Exit(1 if ws.report.errors else 0)
