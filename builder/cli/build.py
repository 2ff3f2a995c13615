"""`zodiac build`: validate, then print every book of a content project to PDF."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from builder.cli.errors import handle_user_errors

EPILOG = (
    "\b\nExamples:\n"
    "  zodiac build content/example\n"
    "  zodiac build --only bestiary --html\n"
    "  zodiac build my-campaign --out /tmp/print"
)


@handle_user_errors
def build(
    project: Annotated[
        Path | None,
        typer.Argument(
            help="Project folder (holding zodiac.yaml). Default: found from the current folder."
        ),
    ] = None,
    out: Annotated[
        Path | None, typer.Option("--out", "-o", help="Output folder. Default: PROJECT/dist.")
    ] = None,
    only: Annotated[
        str | None, typer.Option("--only", help="Build only this book (output name or title).")
    ] = None,
    html: Annotated[
        bool, typer.Option("--html", help="Also write the HTML next to each PDF.")
    ] = False,
    jobs_n: Annotated[
        int | None,
        typer.Option(
            "--jobs",
            "-j",
            min=1,
            help="Processes printing at once. Default: one per core, at most 4.",
        ),
    ] = None,
) -> None:
    """Validate the project, then render its books to PDF (errors stop the build; warnings don't)."""
    from rich.markup import escape
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
    from rich.table import Table

    from builder import build as b
    from builder.cli.output import console, print_diagnostics, print_summary
    from builder.errors import UsageError
    from builder.io.project import PROJECT_FILE, find_project_root
    from builder.render.pdf import RenderError
    from builder.workspace import open_workspace

    root = find_project_root(project or Path.cwd())
    if root is None or (project is not None and root != project.resolve()):
        where = project or Path.cwd()
        raise UsageError(f"no {PROJECT_FILE} in {where}; create one with `zodiac init {where}`")
    ws = open_workspace([root])
    diags = ws.report.sorted()
    print_diagnostics(diags)
    if ws.report.errors or ws.config is None:
        print_summary(ws.report)
        console.print(
            "[bold red]build stopped:[/bold red] fix the errors above; nothing was written"
        )
        raise typer.Exit(1)
    out_dir = out or root / "dist"
    jobs = b.plan(ws, ws.config, out_dir, only)
    if only and not jobs:
        names = ", ".join(bk.output for bk in ws.config.books)
        raise UsageError(f"no book named {only!r}; the project's books are: {names}")
    rows = []
    with Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    ) as progress:
        task = progress.add_task(f"rendering {len(jobs)} file(s)", total=len(jobs))
        try:
            for job, built in b.run_parallel(ws, jobs, html=html, workers=jobs_n):
                rows.append(built)
                progress.update(task, advance=1, description=f"wrote {job.label}")
        except RenderError as exc:
            progress.stop()
            console.print(f"[bold red]error:[/bold red] {escape(str(exc))}", soft_wrap=True)
            console.print(
                "[dim]files already written stay; the failed one kept its previous version[/dim]"
            )
            raise typer.Exit(1) from None
    order = {job.out: i for i, job in enumerate(jobs)}
    rows.sort(key=lambda built: order.get(built.path, 0))
    table = Table(
        title=f"{ws.config.title}: {len(rows)} file(s) written to {_rel(out_dir)}",
        title_justify="left",
    )
    table.add_column("file", overflow="fold")
    table.add_column("pages", justify="right")
    table.add_column("size", justify="right")
    for built in rows:
        table.add_row(
            str(built.path.relative_to(out_dir)),
            str(built.pages),
            f"{built.size_bytes / 1024:,.0f} KiB",
        )
    console.print(table)


def _rel(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)
