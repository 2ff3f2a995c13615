"""Printing for the CLI: diagnostics, summaries and JSON.

Whatever came from a user (file names, keys and values quoted in messages, names typed
on the command line) passes through ``builder.text.printable`` before rich's markup
``escape``: an ESC, a newline or a ``[/bold]`` in a file name prints as visible text on
one line, never as a terminal command or as markup (issue "Trust").
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console
from rich.markup import escape

from builder.diagnostics import Diagnostic, Report
from builder.text import bad_character, printable

console = Console(highlight=False, soft_wrap=False)
# stderr carries messages and the progress bar: never hard-wrapped (a piped or logged
# error stays one line, whatever rich guesses the width of a non-terminal to be).
err_console = Console(stderr=True, highlight=False, soft_wrap=True)

_STYLE = {"error": "bold red", "warning": "yellow"}

# The version of every JSON object a command prints, as its top-level `format_version`:
# raised when a key is renamed, removed or changes meaning (new keys keep it). A script
# checks it once instead of guessing from the keys. `validate --format json` prints a
# list (DESIGN contract), which carries no key: its format is this builder's version's.
FORMAT_VERSION = 1


def safe(text: object, *, multiline: bool = False) -> str:
    """User text ready for rich markup: controls shown escaped, ``[`` never read as a tag.

    ``multiline`` keeps the line breaks of prose (a description) and escapes the rest.
    """
    value = str(text)
    if multiline:
        return "\n".join(escape(printable(line)) for line in value.split("\n"))
    return escape(printable(value))


def print_json(data: Mapping[str, Any] | list[Any], *, versioned: bool = True) -> None:
    """JSON for people and for `jq`; controls are always written as ``\\u`` escapes.

    Every object printed gets ``format_version`` first, here and nowhere else, so no
    command can forget it; ``versioned=False`` only for a published format whose schema
    allows no other key (SARIF, `validate --format sarif`).
    """
    if isinstance(data, Mapping) and versioned:
        data = {
            "format_version": FORMAT_VERSION,
            **{k: v for k, v in data.items() if k != "format_version"},
        }
    text = json.dumps(data, indent=2, ensure_ascii=False)
    if not text.replace("\n", "").isprintable() and bad_character(text, multiline=True):
        # DEL, C1 controls (U+009B is a CSI to some terminals) or a lone surrogate:
        # json leaves them raw unless asked to escape everything beyond ASCII.
        text = json.dumps(data, indent=2)
    sys.stdout.write(text + "\n")


def print_note(text: str, *, to_stderr: bool = False) -> None:
    """One plain line about the run itself (not a diagnostic), escaped like any user text."""
    (err_console if to_stderr else console).print(safe(text), soft_wrap=True)


def print_diagnostics(diags: Sequence[Diagnostic], *, to_stderr: bool = False) -> None:
    out = err_console if to_stderr else console
    for d in diags:
        style = _STYLE.get(str(d.severity), "")
        rule = f" [dim]\\[{safe(d.rule)}][/dim]" if d.rule else ""
        out.print(
            f"{safe(d.path)}:{d.line}:{d.column}: [{style}]{d.severity}[/{style}] "
            f"[bold]{d.code}[/bold] {safe(d.message)}{rule}",
            soft_wrap=True,
        )


def print_summary(report: Report) -> None:
    style = "bold red" if report.errors else ("yellow" if report.warnings else "green")
    mark = "✗" if report.errors else "✓"
    console.print(f"[{style}]{mark} {safe(report.summary())}[/{style}]")
