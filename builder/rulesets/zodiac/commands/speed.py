"""`zodiac rules speed`: ZODIAC's Speed Points and actions per round (Ch. VI).

Mounted on the shared `rules` group by ``builder.rulesets.zodiac.commands.mount``.
"""

from __future__ import annotations

from typing import Annotated

import typer

from builder.cli.errors import handle_user_errors
from builder.cli.validate import Format

EPILOG = (
    "\b\nExamples:\n  zodiac rules speed 20 11\n  zodiac rules speed 14 --rounds 5\n"
    "  zodiac rules speed 20 11 --roll 3 --roll 1   # Keef and the ogre (Ch. VI)\n"
    "  zodiac rules speed 20 --status haste --format json"
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
