"""The end of a level change, the same for every rule set that levels characters:
refusals (stale `expect:` values, a new file with errors), the preview, `--dry-run`, the
question, and the safe write with a backup. Each rule set computes its own change and
prints its own summary of it (`print_change`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import typer

from builder.cli.errors import shown


def interactive() -> bool:
    """Prompts only on a terminal; scripts and CI get a usage error instead of a hang."""
    import sys

    return sys.stdin.isatty() and sys.stdout.isatty()


def _number(value: Any) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def expect_lines(changed: Any) -> list[str]:
    """One line per `expect:` value the level changes (a StaleExpectation each)."""
    from builder.cli.output import safe

    return [f"  expect {safe(s.path)}: {_number(s.old)} -> {_number(s.new)}" for s in changed]


def print_diff(diff: str) -> None:
    """The change to the file as a unified diff, added lines green, removed red."""
    from builder.cli.output import console, safe

    for line in diff.splitlines():
        style = "green" if line.startswith("+") else "red" if line.startswith("-") else ""
        console.print(f"[{style}]{safe(line)}[/{style}]" if style else safe(line), soft_wrap=True)


def finish_level_change(
    change: Any,
    file: Path,
    *,
    from_level: int,
    to_level: int,
    print_change: Callable[[Any], None],
    yes: bool,
    dry_run: bool,
) -> None:
    """Errors stop; --dry-run stops; else ask (or --yes) and write safely with a backup."""
    from builder.cli.output import console, err_console, print_diagnostics
    from builder.diagnostics import display_path
    from builder.errors import ContentErrors, UsageError
    from builder.io.atomic import backup_path, write_bytes_atomic

    if change.stale:  # the only errors: the character's golden values of the old level
        err_console.print(
            f"{shown(file)} was not changed: its expect: values describe level "
            f"{from_level}; at level {to_level} they would be",
            soft_wrap=True,
        )
        for line in expect_lines(change.stale):
            err_console.print(line, soft_wrap=True)
        err_console.print(
            "pass --update-expect to rewrite these numbers with the level "
            "(manual: Expected values)",
            soft_wrap=True,
        )
        raise ContentErrors([])
    if not change.ok:
        print_diagnostics(change.diagnostics)
        err_console.print(
            f"{shown(file)} was not changed: the new file would have the errors above "
            "(their lines are those of the new file)",
            soft_wrap=True,
        )
        raise ContentErrors([])
    print_diagnostics(change.diagnostics, to_stderr=True)  # warnings only
    print_change(change)
    if change.updated:
        console.print("expect: values rewritten (--update-expect):")
        for line in expect_lines(change.updated):
            console.print(line, soft_wrap=True)
    if dry_run:
        console.print("dry run: nothing was written")
        return
    if not yes:
        if not interactive():
            raise UsageError("not a terminal: pass --yes to write the file, or --dry-run to look")
        if not typer.confirm(f"Write {file}?", default=False):
            console.print("nothing was written")
            return
    write_bytes_atomic(file, change.new_bytes, backup=True, unchanged=change.source.snapshot)
    console.print(
        f"wrote {shown(file)} (level {to_level}); the previous version is in "
        f"{shown(display_path(backup_path(file)))}",
        soft_wrap=True,
    )
