"""User errors end as a message and an exit code, never a traceback (RenderCV's pattern)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, ParamSpec, TypeVar

import typer

from builder.errors import ContentErrors, UsageError

if TYPE_CHECKING:
    from builder.workspace import Workspace

P = ParamSpec("P")
R = TypeVar("R")


def handle_user_errors(func: Callable[P, R]) -> Callable[P, R]:
    """Wrap a command: UsageError -> exit 2, ContentErrors -> diagnostics and exit 1."""

    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        from builder.cli.output import err_console, print_diagnostics

        try:
            return func(*args, **kwargs)
        except UsageError as exc:
            err_console.print(f"[bold red]error:[/bold red] {exc}")
            raise typer.Exit(2) from None
        except ContentErrors as exc:
            print_diagnostics(exc.diagnostics)
            raise typer.Exit(1) from None

    return wrapper


def open_checked(file: Path) -> Workspace:
    """Load ``file`` with its project for a `show`: errors stop (exit 1), warnings print.

    Every command that shows one file starts this way; each then picks its entity.
    """
    from builder.cli.output import print_diagnostics
    from builder.workspace import has_errors, open_workspace

    ws = open_workspace([file])
    diags = ws.report.sorted()
    if has_errors(diags):
        raise ContentErrors(diags)
    print_diagnostics(diags, to_stderr=True)  # warnings only
    return ws
