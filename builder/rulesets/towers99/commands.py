"""`zodiac tool`: 99 Towers' table helpers (issue 11: the combat clock), mounted through
the registry (``RULESET.commands``).

`zodiac tool clock` places a combatant on the 99 Towers Combat Clock from its calculated
initiative and walks it through the actions it takes. The arithmetic is the rule set's
(``builder.rulesets.towers99.rules.combat``), imported inside the command so that
`zodiac --help` loads no rule of it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from builder.cli.errors import handle_user_errors
from builder.cli.validate import Format

if TYPE_CHECKING:
    from builder.cli.mount import Board

app = typer.Typer(
    help="Table helpers: numbers a Master needs at the table.",
    no_args_is_help=True,
    rich_markup_mode=None,
)

CLOCK_EPILOG = (
    "\b\nExamples:\n"
    "  zodiac tool clock --initiative 15\n"
    "  zodiac tool clock --initiative 15 --surprised\n"
    "  zodiac tool clock --initiative 15 --after attack --after 'shift+aim' --format json\n\n"
    "An ACTION is an action of the 99 Towers Action List ('Combat Move', reload-a-weapon),\n"
    "shift+ACTION for Shift Position added to it (2 + its cost), or opportunity-attack (+3).\n"
    "Several may be given in one --after, separated by commas. `phases` lists the phase the\n"
    "combatant acts in first, then after each action."
)


def _steps(after: list[str]) -> list[str]:
    from builder.models.base import norm_id

    out = []
    for value in after:
        for part in value.split(","):
            if not part.strip():
                continue
            shift, plus, rest = part.partition("+")
            if plus and norm_id(shift) in ("shift", "shift-position"):
                out.append(f"shift+{norm_id(rest)}")
            else:
                step = norm_id(part)
                out.append("opportunity-attack" if step in ("oa", "opportunity-attack") else step)
    return out


@app.command("clock", epilog=CLOCK_EPILOG)
@handle_user_errors
def clock(
    initiative: Annotated[
        int, typer.Option("--initiative", "-i", help="Calculated Initiative (card + [N]).")
    ],
    surprised: Annotated[
        bool, typer.Option("--surprised", help="Unaware of the foes: 10 phases later.")
    ] = False,
    after: Annotated[
        list[str] | None,
        typer.Option("--after", "-a", help="An action taken, in order (repeatable)."),
    ] = None,
    fmt: Annotated[Format, typer.Option("--format", "-f", help="Output format.")] = Format.text,
) -> None:
    """99 Towers: the phase a combatant first acts in, and after each action it takes."""
    from builder.cli.output import console, print_json, safe
    from builder.errors import UsageError
    from builder.rulesets.towers99.rules import combat as C
    from builder.rulesets.towers99.tables import ACTIONS_BY_ID

    steps = _steps(after or [])
    try:
        start = C.start_phase(initiative, surprised)
        phases = [start, *C.clock_steps(start, steps)]
    except C.RuleError as err:
        known = ", ".join(ACTIONS_BY_ID)
        hint = f" (actions: {known}, opportunity-attack)" if "no action" in str(err) else ""
        raise UsageError(f"{err}{hint}") from err
    if fmt is Format.json:
        print_json({"start_phase": start, "phases": phases})
        return
    why = f"20 - min({initiative}, 20)" + (" + 10 (surprised)" if surprised else "")
    console.print(f"[bold]First acts in phase {start}[/bold]  ({why})")
    for step, before, now in zip(steps, phases[:-1], phases[1:], strict=True):
        console.print(f"  {safe(step)}: phase {before} -> {now} (+{now - before})")


def mount(board: Board) -> None:
    """Add `zodiac tool` to the app (99 Towers' kinds are shown by `zodiac show`)."""
    board.add_group("tool", app)
