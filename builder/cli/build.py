"""`zodiac build`: validate, then print every book of a content project to PDF.

A book that fails (a template error, a time or memory limit, a stylesheet that cannot
be loaded) keeps its previous PDF and is reported after the others are printed; the
exit code is then 1. Resources left out of a PDF (an image, a font) are warnings.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from builder.cli.errors import handle_user_errors

if TYPE_CHECKING:
    from builder.build import Job
    from builder.render.pdf import RenderError
    from builder.workspace import Workspace

EPILOG = (
    "\b\nExamples:\n"
    "  zodiac build content/examples/zodiac\n"
    "  zodiac build content/examples/zodiac --only bestiary --html\n"
    "  zodiac build my-campaign --out /tmp/print\n"
    "  zodiac build my-campaign --force       # print every file again\n\n"
    "\b\nA file whose HTML, stylesheets, fonts and images are unchanged since the last\n"
    'build, and whose PDF is still the one printed then, is kept ("unchanged").\n\n'
    # The limits are builder.build.RENDER_* (not imported here: the CLI starts fast).
    "\b\nFiles print in separate processes, each stopped after a minute (plus a second\n"
    "per entry) or 2 GiB of memory; for a book that really needs more, set\n"
    "ZODIAC_RENDER_SECONDS (per file) or ZODIAC_RENDER_MEMORY_MIB."
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
        list[str] | None,
        typer.Option(
            "--only",
            help="Build only this book (output name or title); repeat it for several.",
        ),
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
    force: Annotated[
        bool,
        typer.Option("--force", help="Print every file again, even those that are unchanged."),
    ] = False,
    no_cache: Annotated[
        bool,
        typer.Option(
            "--no-cache",
            help="Neither read nor write the cache: parse every file, print every file "
            "(also ZODIAC_NO_CACHE=1).",
        ),
    ] = False,
) -> None:
    """Validate the project, then render its books to PDF (errors stop the build; warnings don't)."""
    from rich.markup import escape
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
    from rich.table import Table

    from builder import build as b
    from builder.cache import ProjectCache
    from builder.cli.output import console, err_console, print_diagnostics, print_summary
    from builder.cli.project import require_project
    from builder.render.pdf import RenderError
    from builder.workspace import open_workspace

    root = require_project(project, "build")
    ws = open_workspace([root], use_cache=not no_cache)
    diags = ws.report.sorted()
    print_diagnostics(diags)
    if ws.report.errors or ws.config is None:
        print_summary(ws.report)
        console.print(
            "[bold red]build stopped:[/bold red] fix the errors above; nothing was written"
        )
        raise typer.Exit(1)
    out_dir = out or root / "dist"
    jobs = _planned(ws, out_dir, only)
    store = None if no_cache else ProjectCache.open(root)
    previous = {} if force else b.load_records(store, out_dir)
    rows: list[b.Built] = []
    failed: list[tuple[b.Job, RenderError]] = []
    with Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err_console,  # stdout stays the summary table, for pipes
        transient=True,
    ) as progress:
        task = progress.add_task(f"rendering {len(jobs)} file(s)", total=len(jobs))
        printing = b.run_parallel(
            ws, jobs, html=html, workers=jobs_n, previous=previous, keep=b.parts_folder(store)
        )
        for job, outcome in printing:
            if isinstance(outcome, RenderError):
                failed.append((job, outcome))
                progress.update(task, advance=1, description=f"failed {escape(job.label)}")
            else:
                rows.append(outcome)
                done = "kept" if outcome.unchanged else "wrote"
                progress.update(task, advance=1, description=f"{done} {escape(job.label)}")
    b.save_records(store, out_dir, rows, [job.out for job, _ in failed])
    order = {job.out: i for i, job in enumerate(jobs)}
    rows.sort(key=lambda built: order.get(built.path, 0))
    kept = sum(1 for built in rows if built.unchanged)
    title = f"{ws.config.title}: {len(rows) - kept} file(s) written to {_rel(out_dir)}"
    table = Table(
        title=title + (f", {kept} unchanged" if kept else ""),
        title_justify="left",
    )
    table.add_column("file", overflow="fold")
    table.add_column("pages", justify="right")
    table.add_column("size", justify="right")
    table.add_column("printed")
    for built in rows:
        table.add_row(
            str(built.path.relative_to(out_dir)),
            str(built.pages),
            f"{built.size_bytes / 1024:,.0f} KiB",
            "unchanged" if built.unchanged else "now",
        )
    if rows or not failed:
        console.print(table)
    for built in rows:
        for url, reason in built.refused:
            console.print(
                f"[bold yellow]warning:[/bold yellow] {escape(_rel(built.path))}: "
                f"{escape(_shown(url))} was left out ({escape(_shown(reason))}); "
                "put the file inside the project or fix its address",
                soft_wrap=True,
            )
    if failed:
        failed.sort(key=lambda pair: order.get(pair[0].out, 0))
        for job, error in failed:
            console.print(f"[bold red]error:[/bold red] {escape(_where(error))}", soft_wrap=True)
            kept = "its previous version stays" if job.out.exists() else "nothing was written"
            console.print(
                f"  [dim]{escape(_shown(job.label))}: {escape(_rel(job.out))} was not printed; "
                f"{kept}[/dim]",
                soft_wrap=True,
            )
        raise typer.Exit(1)


def _planned(ws: Workspace, out_dir: Path, only: list[str] | None) -> list[Job]:
    """The build's jobs: every book's, or those of each book `--only` names (issue #28).

    Every name is checked before anything prints, so a typo in the second `--only`
    never leaves the first book printed and the second silently missing.
    """
    from builder import build as b
    from builder.errors import UsageError

    assert ws.config is not None  # the caller stopped on a broken zodiac.yaml
    if not only:
        return b.plan(ws, ws.config, out_dir)
    books = ws.config.books
    for name in only:
        if not any(name in (bk.output, Path(bk.output).stem, bk.title) for bk in books):
            names = ", ".join(bk.output for bk in books)
            raise UsageError(f"no book named {name!r}; the project's books are: {names}")
    jobs: dict[Path, Job] = {}  # by output file: a book named twice prints once
    for book in books:
        if any(name in (book.output, Path(book.output).stem, book.title) for name in only):
            for job in b.plan(ws, ws.config, out_dir, book.output):
                jobs.setdefault(job.out, job)
    return list(jobs.values())


def _where(error: RenderError) -> str:
    """`template:line: message`, the template relative to the working folder when below it."""
    from builder.diagnostics import display_path
    from builder.text import printable

    template = error.template
    if Path(template).is_absolute():
        template = display_path(Path(template))
    where = f"{template}:{error.line}" if error.line else template
    return printable(f"{where}: {error.message}")


def _shown(text: str) -> str:
    from builder.text import printable, shorten

    return shorten(printable(text), 160)


def _rel(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)
