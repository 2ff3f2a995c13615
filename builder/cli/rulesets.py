"""`zodiac rulesets`: the games this builder knows, with their kinds (R31)."""

from __future__ import annotations

from typing import Annotated

import typer

from builder.cli.errors import handle_user_errors
from builder.cli.validate import Format

EPILOG = (
    "\b\nExamples:\n"
    "  zodiac rulesets\n"
    "  zodiac rulesets --format json | jq '.rulesets[].id'\n"
    "  zodiac init my-campaign --ruleset zodiac"
)


@handle_user_errors
def rulesets(
    fmt: Annotated[Format, typer.Option("--format", "-f", help="Output format.")] = Format.text,
) -> None:
    """List the registered rule sets: id, title, content kinds, code prefixes, lint norms."""
    from rich import box
    from rich.table import Table

    from builder.cli.output import console, print_json
    from builder.rulesets import all_rulesets

    found = all_rulesets()
    if fmt is Format.json:
        listed = [
            {
                "id": r.id,
                "title": r.title,
                "kinds": r.kinds,
                "code_prefixes": r.code_prefixes,
                "lint_norms": r.lint_norms,  # what `zodiac lint` compares with
            }
            for r in found
        ]
        print_json({"rulesets": listed})  # an object, so it carries format_version
        return
    table = Table(box=box.SIMPLE_HEAVY)
    table.add_column("id", style="bold", no_wrap=True)
    table.add_column("title")
    table.add_column("kinds")
    table.add_column("code prefixes", no_wrap=True)
    for r in found:
        table.add_row(r.id, r.title, ", ".join(r.kinds), ", ".join(r.code_prefixes))
    console.print(table)
    console.print("What `zodiac lint` holds content to:", markup=False)
    for r in found:
        norms = "; ".join(r.lint_norms) or "no balance linter"
        console.print(f"  {r.id}: {norms}", markup=False)
