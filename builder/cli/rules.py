"""`zodiac rules codes`: what each diagnostic code means."""

from __future__ import annotations

from typing import Annotated

import typer

from builder.cli.errors import handle_user_errors
from builder.cli.validate import Format

app = typer.Typer(help="The rules the builder checks.", no_args_is_help=True)


@app.command(
    "codes",
    epilog="\b\nExamples:\n  zodiac rules codes\n  zodiac rules codes ZT\n  zodiac rules codes --format json",
)
@handle_user_errors
def codes(
    prefix: Annotated[
        str, typer.Argument(help="Only codes starting with this (ZC, ZT101...).")
    ] = "",
    fmt: Annotated[Format, typer.Option("--format", "-f", help="Output format.")] = Format.text,
) -> None:
    """List every diagnostic code with a one-line summary."""
    from rich.table import Table

    from builder.cli.output import console, print_json
    from builder.codes import all_codes

    chosen = {c: s for c, s in all_codes().items() if c.upper().startswith(prefix.upper())}
    if fmt is Format.json:
        print_json(chosen)
        return
    table = Table(show_header=True, box=None)
    table.add_column("code", style="bold")
    table.add_column("meaning")
    for code, summary in chosen.items():
        table.add_row(code, summary)
    console.print(table)
    if not chosen:
        console.print(f"no code starts with {prefix!r}")
        raise typer.Exit(1)
