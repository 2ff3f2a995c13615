"""User errors end as a message and an exit code, never a traceback (RenderCV's pattern)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import ParamSpec, TypeVar

import typer

from builder.errors import ContentErrors, UsageError

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
