"""`zodiac validate`: check content files against the models and the book's rules."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from builder.cli.errors import handle_user_errors

if TYPE_CHECKING:
    from builder.diagnostics import Report

EPILOG = (
    "\b\nExamples:\n"
    "  zodiac validate content/examples/zodiac\n"
    "  zodiac validate content/examples/zodiac/monsters/ --format json\n"
    "  zodiac validate --no-cache content/examples/zodiac\n"
    "  zodiac validate --lint content/examples/zodiac\n"
    "  zodiac validate --strict --format github content/examples/zodiac   # GitHub Actions\n"
    "  zodiac validate --format sarif content/examples/zodiac   # code scanning\n"
    "  cat monsters/goblin.yaml | zodiac validate -   # stdin, against this folder's project\n\n"
    "Exit codes: 0 no errors (warnings allowed; with --strict, no warnings either), "
    "1 otherwise, 2 misuse, 3 a bug in zodiac."
)


class Format(StrEnum):
    text = "text"
    json = "json"


class ReportFormat(StrEnum):
    """What `validate` prints: the other commands' two, and two for CI (cli/formats.py)."""

    text = "text"
    json = "json"
    github = "github"
    sarif = "sarif"


@handle_user_errors
def validate(
    paths: Annotated[
        list[Path] | None,
        typer.Argument(
            help="Files or folders (recursive over *.yaml / *.yml). Default: the current project."
        ),
    ] = None,
    fmt: Annotated[
        ReportFormat,
        typer.Option(
            "--format",
            "-f",
            help="Output format: text, json, github (workflow annotations) or sarif (2.1.0).",
        ),
    ] = ReportFormat.text,
    no_cache: Annotated[
        bool,
        typer.Option(
            "--no-cache",
            help="Parse and check every file again, ignoring the cache (also ZODIAC_NO_CACHE=1).",
        ),
    ] = False,
    lint: Annotated[
        bool,
        typer.Option("--lint", help="Also run the balance linter (`zodiac lint`): ZL warnings."),
    ] = False,
    strict: Annotated[
        bool, typer.Option("--strict", help="Treat warnings as errors (exit 1).")
    ] = False,
) -> None:
    """Check content files: one line per problem as path:line:col: severity CODE message.

    `-` reads one file's documents from stdin, checked against the project of the
    current folder. Files of several projects are checked each against its own project.
    """
    from builder.errors import UsageError
    from builder.io.project import find_project_root

    if not paths:
        root = find_project_root(Path.cwd())
        if root is None:
            raise UsageError(
                "no paths given and no zodiac.yaml in this folder or above; "
                "name files or folders, e.g. `zodiac validate content/`"
            )
        paths = [root]
    if any(str(p) == "-" for p in paths):
        if len(paths) > 1:
            raise UsageError("`-` reads stdin alone; name no other file or folder with it")
        report, content_found = _check_stdin(lint)
    else:
        report, content_found = _check_paths(paths, no_cache=no_cache, lint=lint)
    _print(report, fmt, None if content_found else paths)
    raise typer.Exit(1 if report.errors or (strict and report.warnings) else 0)


def _check_paths(paths: list[Path], *, no_cache: bool, lint: bool) -> tuple[Report, bool]:
    """Each project's files against their own project: a hook names files of any project.

    A path that does not exist, named with others (a hook's or a script's list), is one
    located error (ZY118) and the rest are still checked, as yamllint does; named alone,
    it is a usage error (exit 2).
    """
    from builder.diagnostics import Report, place
    from builder.io.project import find_project_root
    from builder.problems import Problem
    from builder.workspace import open_workspace

    missing = [p for p in paths if not p.exists()]
    if len(missing) == len(paths):
        missing = []  # nothing else to check: `open_workspace` says "no such file" (exit 2)
    diags = [
        place(
            Problem(
                "ZY118",
                "no such file or folder; name one that exists (was it moved or deleted?), "
                "or leave it out of the list",
                "I/O",
            ),
            p,
            (1, 1),
        )
        for p in missing
    ]
    files = len(missing)
    groups: dict[Path | None, list[Path]] = {}
    for p in paths:
        if p not in missing:
            groups.setdefault(find_project_root(p) if p.exists() else None, []).append(p)
    content_found = False
    for group in groups.values():
        with _progress_bar() as progress:
            ws = open_workspace(
                group,
                use_cache=not no_cache,
                verdict_only=not lint,
                progress=progress,
                report_config=True,
            )
        if lint:  # the linter needs the entities, so no cached verdict
            from builder.cli.lint import with_lint

            ws.report = with_lint(ws, group)
        diags += ws.report.diagnostics
        files += ws.report.files
        content_found = content_found or ws.content_found
    return Report(diags, files=files), content_found


# A bar appears only past this many files (a small project is done before it would show)
# and only on a terminal: on stderr, so stdout stays the report for pipes.
PROGRESS_MIN_FILES = 200


@contextmanager
def _progress_bar() -> Iterator[Callable[[str, int, int], None] | None]:
    """A transient bar on stderr for a large project: files read, then the checks."""
    from builder.cli.output import err_console

    if not err_console.is_terminal:
        yield None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        console=err_console,
        transient=True,
    )
    task = None

    def update(step: str, done: int, total: int) -> None:
        nonlocal task
        if task is None:
            if step != "reading" or total < PROGRESS_MIN_FILES:
                return
            bar.start()
            task = bar.add_task("reading files", total=total)
        if step == "checking":
            bar.update(task, description=f"checking {total:,} entries")
        else:
            bar.update(task, completed=done, total=total)

    try:
        yield update
    finally:
        bar.stop()


def _check_stdin(lint: bool) -> tuple[Report, bool]:
    """`zodiac validate -`: the documents on stdin, named `<stdin>` in the report."""
    from builder.diagnostics import Report
    from builder.workspace import STDIN, open_stdin, read_stdin

    ws = open_stdin(read_stdin(sys.stdin.buffer), Path.cwd())
    if lint and ws.rule_set.lint is not None:
        settings = ws.config.lint if ws.config is not None else None
        found = ws.rule_set.run_lint(ws.content, ws.settings, settings)
        shown = [d for d in found if d.path == str(STDIN)]
        ws.report = Report([*ws.report.diagnostics, *shown], files=ws.report.files)
    return ws.report, ws.content_found


def _print(report: Report, fmt: ReportFormat, empty_paths: list[Path] | None) -> None:
    """The report in ``fmt``; a note when nothing was found (on stderr where stdout is data)."""
    from builder.cli.output import print_diagnostics, print_json, print_note, print_summary

    empty = not report.diagnostics and empty_paths is not None
    note = _nothing_found(empty_paths) if empty and empty_paths is not None else ""
    diags = report.sorted()
    if fmt is ReportFormat.json:
        print_json([d.to_json() for d in diags])
    elif fmt is ReportFormat.sarif:
        from builder.cli.formats import sarif_log
        from builder.codes import all_codes

        print_json(sarif_log(diags, all_codes()), versioned=False)
    elif fmt is ReportFormat.github:
        from builder.cli.formats import github_annotations

        for line in github_annotations(diags):
            sys.stdout.write(line + "\n")
        print_note(report.summary(), to_stderr=True)
    else:
        print_diagnostics(diags)
        if note:
            print_note(note)
        print_summary(report)
        return
    if note:  # stdout stays valid JSON / annotations
        print_note(note, to_stderr=True)


def _nothing_found(paths: list[Path]) -> str:
    shown = ", ".join(str(p) for p in paths)
    return (
        f"no content found in {shown}: content files are *.yaml / *.yml documents "
        "starting with `kind:`; dot files, other tools' YAML and `exclude:` in zodiac.yaml "
        "are skipped (`zodiac init NAME` writes a starter project)"
    )
