"""`zodiac rules codes` and `zodiac rules rulings`: what each code means, which rulings hold.

A rule set may add its own commands to this group (ZODIAC's `rules speed`) through
``builder.cli.mount``.
"""

from __future__ import annotations

from typing import Annotated

import typer

from builder.cli.errors import handle_user_errors
from builder.cli.validate import Format

app = typer.Typer(help="The rules the builder checks.", no_args_is_help=True)


@app.command(
    "codes",
    epilog=(
        "\b\nExamples:\n  zodiac rules codes\n  zodiac rules codes ZT\n"
        "  zodiac rules codes ZT101   # its page: what it checks, a failing and a passing example\n"
        "  zodiac rules codes --format json"
    ),
)
@handle_user_errors
def codes(
    prefix: Annotated[
        str, typer.Argument(help="Only codes starting with this (ZC, ZT101...).")
    ] = "",
    fmt: Annotated[Format, typer.Option("--format", "-f", help="Output format.")] = Format.text,
) -> None:
    """List every diagnostic code with a one-line summary; a whole code shows its page.

    A page (the manual's codes/CODE) says what the code checks and the rule it cites,
    with a failing document, what `zodiac validate` prints for it, and its passing twin.
    """
    from rich.table import Table

    from builder.cli.output import console, print_json
    from builder.codes import all_codes

    every = all_codes()
    if prefix.upper() in every and fmt is Format.text:
        from builder.codepages import code_page

        # Markdown, as the manual's page and as `ruff rule` prints it
        console.print(code_page(prefix.upper()), markup=False, highlight=False, soft_wrap=True)
        return
    chosen = {c: s for c, s in every.items() if c.upper().startswith(prefix.upper())}
    if fmt is Format.json:
        print_json({"codes": chosen})  # an object, so it carries format_version
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


@app.command(
    "rulings",
    epilog=(
        "\b\nExamples:\n  zodiac rules rulings\n  zodiac rules rulings R10\n"
        "  zodiac rules rulings --format json | jq '.rulings[] | select(.house_rule)'"
    ),
)
@handle_user_errors
def rulings(
    ruling_id: Annotated[
        str | None, typer.Argument(metavar="[ID]", help="One ruling to show whole (R10).")
    ] = None,
    fmt: Annotated[Format, typer.Option("--format", "-f", help="Output format.")] = Format.text,
) -> None:
    """List the rulings the builder follows where the books are unclear (docs/RULINGS.md).

    Each has an id, the book it reads, its first sentence, and the zodiac.yaml
    house_rules switch that selects the other reading, where there is one. A second
    section lists the rules the book itself calls optional, with their switch.
    """
    from rich.table import Table

    from builder.cli.output import console, print_json, safe
    from builder.diagnostics import did_you_mean
    from builder.errors import UsageError
    from builder.rulings import all_optional_rules, all_rulings

    found = all_rulings()
    if ruling_id is not None:
        wanted = ruling_id.strip().upper()
        wanted = wanted if wanted.startswith("R") else f"R{wanted}"
        match = [r for r in found if r.id == wanted]
        if not match:
            hint = did_you_mean(wanted, [r.id for r in found])
            raise UsageError(f"no ruling '{ruling_id}' (R1-R{found[-1].number}){hint}")
        one = match[0]
        if fmt is Format.json:
            print_json({**one.to_json(), "text": one.text})
            return
        console.print(f"[bold]{one.id}[/bold]  [dim]{safe(one.book)}[/dim]")
        console.print(safe(one.text))
        if one.house_rule:
            console.print(f"switch: house_rules.{one.house_rule} in zodiac.yaml")
        return
    optional = all_optional_rules()
    if fmt is Format.json:
        print_json(
            {
                "rulings": [r.to_json() for r in found],
                "optional_rules": [{"ruleset": rs, **o.to_json()} for rs, o in optional],
            }
        )
        return
    table = Table(show_header=True, box=None)
    table.add_column("id", style="bold", no_wrap=True)
    table.add_column("book", no_wrap=True)
    table.add_column("ruling")
    table.add_column("house rule", no_wrap=True)
    for r in found:
        table.add_row(r.id, safe(r.book), safe(r.summary), r.house_rule or "")
    console.print(table)
    if optional:
        console.print("\n[bold]Optional rules of the book[/bold] (house_rules in zodiac.yaml)")
        extra = Table(show_header=True, box=None)
        extra.add_column("switch", style="bold", no_wrap=True)
        extra.add_column("default", no_wrap=True)
        extra.add_column("rule (where in the book): what it changes")
        for _, o in optional:
            switch, default = (o.switch, o.default) if o.switch else ("-", "at the table")
            extra.add_row(switch, default, f"{o.name} ({o.source}): {o.changes}")
        console.print(extra)
