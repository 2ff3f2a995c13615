"""`zodiac rules codes` and `zodiac rules rulings`: what each code means, which rulings hold."""

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


@app.command(
    "speed",
    epilog=(
        "\b\nExamples:\n  zodiac rules speed 20 11\n  zodiac rules speed 14 --rounds 5\n"
        "  zodiac rules speed 20 11 --roll 3 --roll 1   # Keef and the ogre (Ch. VI)\n"
        "  zodiac rules speed 20 --status haste --format json"
    ),
)
@handle_user_errors
def speed(
    speeds: Annotated[list[int], typer.Argument(metavar="SPEED...", help="Speed stats (0-999).")],
    rounds: Annotated[int, typer.Option("--rounds", help="Rounds to show (1-50).")] = 3,
    roll: Annotated[
        list[int] | None,
        typer.Option(
            "--roll",
            help="The first round's 1d8 as rolled: once for all, or once per SPEED in order "
            "(default: every roll 1-8, shown as ranges).",
        ),
    ] = None,
    status: Annotated[
        str | None, typer.Option("--status", help="haste, slow or stop, for every round.")
    ] = None,
    fmt: Annotated[Format, typer.Option("--format", "-f", help="Output format.")] = Format.text,
) -> None:
    """Speed Points and actions per round for each Speed (Ch. VI Combat Sequence).

    Each round gives SP equal to Speed (plus 1d8 in the first), an action costs 8 SP and
    what is left carries on. Without --roll, numbers that depend on the first round's
    1d8 show as a range.
    """
    from rich.table import Table

    from builder.cli.output import console, print_json
    from builder.diagnostics import did_you_mean
    from builder.errors import UsageError
    from builder.rulesets.zodiac.rules import speed as S

    if not 1 <= rounds <= S.MAX_ROUNDS:
        raise UsageError(f"--rounds must be 1-{S.MAX_ROUNDS}, got {rounds}")
    rolls: list[int | None] = [None] * len(speeds)
    if roll:
        if len(roll) not in (1, len(speeds)):
            raise UsageError(f"give --roll once, or once per Speed ({len(speeds)} times)")
        if any(r not in S.FIRST_ROUND_ROLLS for r in roll):
            raise UsageError("--roll is the first round's 1d8: 1-8")
        rolls = list(roll) if len(roll) == len(speeds) else [roll[0]] * len(speeds)
    if any(not 0 <= s <= MAX_SPEED for s in speeds):
        raise UsageError(f"a Speed must be 0-{MAX_SPEED}")
    chosen = None
    if status is not None:
        chosen = status.strip().lower()
        if chosen not in S.STATUSES:
            hint = did_you_mean(chosen, list(S.STATUSES))
            raise UsageError(f"--status must be haste, slow or stop, not {status!r}{hint}")
    rows = [
        (s, r, S.effective_speed(s, chosen), S.round_spans(s, rounds, chosen, r))
        for s, r in zip(speeds, rolls, strict=True)
    ]
    if fmt is Format.json:
        print_json(
            {
                "sp_per_action": S.SP_PER_ACTION,
                "status": chosen,
                "speeds": [
                    {
                        "speed": s,
                        "effective_speed": eff,
                        "first_round_roll": r,
                        "rounds": [x.to_json() for x in spans],
                    }
                    for s, r, eff, spans in rows
                ],
            }
        )
        return
    table = Table(show_header=True, box=None)
    table.add_column("Speed", style="bold", justify="right", no_wrap=True)
    table.add_column("1d8", justify="right", no_wrap=True)
    for n in range(1, rounds + 1):
        table.add_column(f"round {n}", justify="right")
    for s, r, eff, spans in rows:
        label = str(s) if eff == s else f"{s} ({chosen}: {eff})"
        cells = (f"{x.actions.text} ({x.sp.text})" for x in spans)
        table.add_row(label, str(r) if r is not None else "1-8", *cells)
    console.print(table)
    console.print(
        f"Each cell: actions (SP at the round's start). SP each round = Speed (+ 1d8 in the "
        f"first); an action costs {S.SP_PER_ACTION} SP; what is left carries to the next round."
    )


MAX_SPEED = 999  # bounded work; the book's Speeds stay below 100
