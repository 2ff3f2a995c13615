"""Printing for the CLI: diagnostics, summaries and JSON."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.markup import escape

from builder.diagnostics import Diagnostic, Report

console = Console(highlight=False, soft_wrap=False)
err_console = Console(stderr=True, highlight=False)

_STYLE = {"error": "bold red", "warning": "yellow"}


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def print_diagnostics(diags: Sequence[Diagnostic], *, to_stderr: bool = False) -> None:
    out = err_console if to_stderr else console
    for d in diags:
        style = _STYLE.get(str(d.severity), "")
        rule = f" [dim]\\[{escape(d.rule)}][/dim]" if d.rule else ""
        out.print(
            f"{escape(d.path)}:{d.line}:{d.column}: [{style}]{d.severity}[/{style}] "
            f"[bold]{d.code}[/bold] {escape(d.message)}{rule}",
            soft_wrap=True,
        )


def print_summary(report: Report) -> None:
    style = "bold red" if report.errors else ("yellow" if report.warnings else "green")
    mark = "✗" if report.errors else "✓"
    console.print(f"[{style}]{mark} {report.summary()}[/{style}]")
