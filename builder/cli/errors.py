"""User errors end as a message and an exit code, never a traceback (RenderCV's pattern).

Exit codes: 0 clean (warnings allowed), 1 content errors, 2 misuse (a bad option, a
path that cannot be read or written), 3 an internal error, 130 interrupted.

Anything unexpected is a bug in zodiac, and is reported as one: ``internal error:
Type: message``, the version, and the command to report; the traceback only with the
root ``--debug`` flag or ``ZODIAC_DEBUG=1``. Every command is wrapped by
`handle_user_errors`, and the root group (``builder.cli.app``) catches what happens
outside a command, so `CliRunner` and the console script behave the same.
"""

from __future__ import annotations

import functools
import os
import shlex
import sys
import traceback
from collections.abc import Callable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, ParamSpec, TypeVar

import typer

try:  # typer >= 0.2x has its own exception tree ...
    from typer.exceptions import TyperException as _TyperError
except ImportError:  # ... older releases raise click's
    from click.exceptions import ClickException as _TyperError

from builder.errors import ContentErrors, UsageError, WriteError
from builder.text import printable, shorten

if TYPE_CHECKING:
    from builder.workspace import Workspace

P = ParamSpec("P")
R = TypeVar("R")

EXIT_CONTENT = 1
EXIT_USAGE = 2
EXIT_INTERNAL = 3
EXIT_INTERRUPTED = 130
DEBUG_ENV = "ZODIAC_DEBUG"


@dataclass
class Invocation:
    """The command line being run, for the bug report, and whether to show tracebacks."""

    argv: list[str] = field(default_factory=list)
    debug: bool = False


_INVOCATION: ContextVar[Invocation | None] = ContextVar("zodiac_invocation", default=None)


def start_invocation(argv: Sequence[str]) -> None:
    """Remember the arguments of this run (called by the root group before parsing)."""
    _INVOCATION.set(Invocation(list(argv)))


def set_debug(debug: bool) -> None:
    """The root ``--debug`` flag: show tracebacks of internal errors."""
    run = _INVOCATION.get()
    if run is None:
        run = Invocation(list(sys.argv[1:]))
        _INVOCATION.set(run)
    run.debug = debug


def debug_enabled() -> bool:
    run = _INVOCATION.get()
    env = os.environ.get(DEBUG_ENV, "").strip().lower()
    return bool(run and run.debug) or env not in ("", "0", "false", "no")


def command_line() -> str:
    """``zodiac ARGS...`` as typed, shell-quoted and safe to print."""
    run = _INVOCATION.get()
    args = run.argv if run is not None else sys.argv[1:]
    return shlex.join(["zodiac", *(printable(a) for a in args)])


def shown(value: object, limit: int | None = 300) -> str:
    """A user's path or value for a rich console: controls escaped, no markup, not a novel."""
    from rich.markup import escape

    text = printable(str(value))
    return escape(shorten(text, limit) if limit else text)


def report_error(exc: BaseException) -> int:
    """Print what went wrong for people and return the exit code (see the module docstring)."""
    from builder.cli.output import err_console, print_diagnostics

    if isinstance(exc, ContentErrors):
        print_diagnostics(exc.diagnostics)
        return EXIT_CONTENT
    if isinstance(exc, KeyboardInterrupt):
        err_console.print("interrupted")
        return EXIT_INTERRUPTED
    if isinstance(exc, (UsageError, WriteError)):
        message = shown(exc, None)
    elif isinstance(exc, UnicodeEncodeError):
        bad = exc.object[exc.start : exc.end] if isinstance(exc.object, str) else ""
        message = (
            f"cannot print {shown(repr(bad))} in this terminal's encoding "
            f"({shown(exc.encoding)}); set PYTHONIOENCODING=utf-8:backslashreplace"
        )
    elif isinstance(exc, OSError) and exc.filename is not None:
        # The file system said no (a folder we may not read, a file that vanished): not a bug.
        message = f"{shown(exc.filename)}: {shown(exc.strerror or type(exc).__name__).lower()}"
    else:
        return report_internal_error(exc)
    if debug_enabled():
        _print_traceback(exc)
    err_console.print(f"[bold red]error:[/bold red] {message}", soft_wrap=True)
    return EXIT_USAGE


def report_internal_error(exc: BaseException) -> int:
    """``internal error: Type: message`` and how to report it; the traceback with --debug."""
    from builder import __version__
    from builder.cli.output import err_console

    if debug_enabled():
        _print_traceback(exc)
    err_console.print(
        f"[bold red]internal error:[/bold red] {type(exc).__name__}: {shown(exc, 2000)}",
        soft_wrap=True,
    )
    err_console.print(
        f"this is a bug in zodiac {__version__}; please report it with the command you ran: "
        f"{shown(command_line(), None)}",
        soft_wrap=True,
    )
    if not debug_enabled():
        err_console.print(f"(run it again with --debug, or {DEBUG_ENV}=1, to see the traceback)")
    return EXIT_INTERNAL


def _print_traceback(exc: BaseException) -> None:
    sys.stderr.write("".join(traceback.format_exception(exc)))
    sys.stderr.flush()


def passes_through(exc: BaseException) -> bool:
    """Exceptions typer itself turns into exits and messages (and broken pipes)."""
    return isinstance(
        exc, (typer.Exit, typer.Abort, _TyperError, SystemExit, BrokenPipeError)
    ) or not isinstance(exc, (Exception, KeyboardInterrupt))


def handle_user_errors(func: Callable[P, R]) -> Callable[P, R]:
    """Wrap a command: every exception becomes a message and an exit code (see above)."""

    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return func(*args, **kwargs)
        except BaseException as exc:
            if passes_through(exc):
                raise
            raise typer.Exit(report_error(exc)) from exc

    wrapper.handles_errors = True  # type: ignore[attr-defined]  # checked by a test
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
