"""`zodiac validate`: check content files against the models and the book's rules."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer

from builder.cli.errors import handle_user_errors

EPILOG = (
    "\b\nExamples:\n"
    "  zodiac validate content/examples/zodiac\n"
    "  zodiac validate content/examples/zodiac/monsters/ --format json\n\n"
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
    from builder.cli.output import print_diagnostics, print_json, print_note, print_summary
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
    empty = not ws.report.diagnostics and not _has_content(ws.content.entities, paths)
    if fmt is Format.json:
        print_json([d.to_json() for d in ws.report.sorted()])
        if empty:  # stdout stays valid JSON
            print_note(_nothing_found(paths), to_stderr=True)
    else:
        print_diagnostics(ws.report.sorted())
        if empty:
            print_note(_nothing_found(paths))
        print_summary(ws.report)
    raise typer.Exit(1 if ws.report.errors else 0)


def _has_content(entities: list[Any], paths: list[Path]) -> bool:
    """Whether any entry was read from the paths named (not only the shipped catalogues).

    A folder without content validates "clean" in 0 files, which reads as success to a
    newcomer who pointed at the wrong folder; it is not an error (exit code 0) either.
    """
    named = [p.resolve() for p in paths]
    return any(e.doc.path.resolve().is_relative_to(p) for e in entities for p in named)


def _nothing_found(paths: list[Path]) -> str:
    shown = ", ".join(str(p) for p in paths)
    return (
        f"no content found in {shown}: content files are *.yaml / *.yml documents "
        "starting with `kind:` (`zodiac init NAME` writes a starter project)"
    )
