"""`zodiac export [PATH] --to json|markdown|csv --out DIR`: a project's numbers, elsewhere.

Validation first (errors stop it, nothing is written), then ``builder.export`` computes
the files and writes each atomically inside ``--out``; this module only prints.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from builder.cli.errors import handle_user_errors
from builder.export import Format

EPILOG = (
    "\b\nExamples:\n"
    "  zodiac export content/examples/zodiac --to json --out exports/json\n"
    "  zodiac export content/examples/zodiac --to markdown --out exports/homebrewery\n"
    "  zodiac export content/examples/zodiac --to csv --out exports/sheets\n"
    "  zodiac export content/examples/99-towers --to csv --out exports/99-towers\n\n"
    "\b\nJSON: one <kind>.json per kind, each entity as `zodiac show --format json`\n"
    "prints it; export.schema.json, written beside them, describes them.\n"
    "Markdown: Homebrewery V3 stat blocks, one <kind>.md per kind.\n"
    "CSV: the rule set's tables (ZODIAC: equipment.csv and techs.csv; the others: one\n"
    "<kind>.csv per kind, a row of computed numbers per entry); a cell starting with\n"
    "= + - @ gets a leading '."
)


@handle_user_errors
def export(
    path: Annotated[
        Path | None,
        typer.Argument(
            help="Project folder (holding zodiac.yaml), or a content file or folder in it. "
            "Default: the project of the current folder."
        ),
    ] = None,
    *,
    out: Annotated[
        Path,
        typer.Option("--out", "-o", help="Folder to write into (created if missing)."),
    ],
    to: Annotated[Format, typer.Option("--to", "-t", help="What to write.")] = Format.json,
) -> None:
    """Export the project's computed entities as JSON, Markdown stat blocks or CSV tables."""
    from builder.cli.output import FORMAT_VERSION, console, print_diagnostics, print_summary
    from builder.errors import UsageError
    from builder.export import export_files, project_entities, write_export
    from builder.io.project import PROJECT_FILE
    from builder.workspace import open_workspace

    target = path or Path.cwd()
    if not target.exists():
        raise UsageError(f"no such file or folder: {target}")
    ws = open_workspace([target])
    diags = ws.report.sorted()
    print_diagnostics(diags, to_stderr=True)
    if ws.report.errors:
        print_summary(ws.report)
        console.print(
            "[bold red]export stopped:[/bold red] fix the errors above; nothing was written"
        )
        raise typer.Exit(1)
    entities = project_entities(ws)
    if target.is_file() and target.name != PROJECT_FILE:
        entities = ws.entities_in(target)
    elif target.is_dir() and ws.root is not None and target.resolve() != ws.root.resolve():
        inside = target.resolve()  # a folder of the project: its files alone
        entities = [e for e in entities if e.doc.path.resolve().is_relative_to(inside)]
    files = export_files(ws, to, format_version=FORMAT_VERSION, entities=entities)
    if not files:
        console.print(f"nothing to export as {to.value}: no entity of a kind it covers")
        return
    written = write_export(files, out)
    noun = ("row", "rows") if to is Format.csv else ("entry", "entries")
    for f, p in zip(files, written, strict=True):
        about = f.about or f"{f.count} {noun[f.count != 1]}"
        console.print(f"wrote {_shown(p)} ({about})", soft_wrap=True)


def _shown(path: Path) -> str:
    from builder.cli.output import safe

    return safe(str(path))
