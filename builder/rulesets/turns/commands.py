"""Turns and Actions' own commands: `combatant new` (issue 26), mounted through the
registry (``RULESET.commands``).

99 Towers mounts a `combatant new` too: `builder.cli.mount` makes the shared noun one
group and the verb one command that runs the project's rule set's own. The questions are
`rulesets/turns/wizard.py`'s; `builder/cli/wizard.py` asks them (or reads `--answers
FILE`), writes the file and shows it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import typer

from builder.cli.errors import handle_user_errors
from builder.cli.wizard import new_command

if TYPE_CHECKING:
    from builder.cli.mount import Board
    from builder.workspace import Workspace

app = typer.Typer(
    help="Combatants: make one by answering the sheet's questions.",
    no_args_is_help=True,
    rich_markup_mode=None,
)

NEW_EPILOG = (
    "\b\nTurns and Actions (a project with ruleset: turns-and-actions):\n"
    "  zodiac combatant new --project content/examples/turns-and-actions "
    "--answers content/examples/answers/turns-and-actions-combatant.yaml\n\n"
    "It asks the name, player or monster (a monster: rank, intelligence, befriendable),\n"
    "the element, the vitals (health=50,stamina=20,...), initiative, the melee, skill and\n"
    "magic scores (accuracy=2,evasion=10,power=3), luck, the placeholder levels\n"
    "(cl=1,tl=1,dl=1,lb=0), the two weapon slots and the abilities, showing KO, death and\n"
    "danger thresholds as they change. --answers FILE takes the same keys (name, side,\n"
    "rank, element, intelligence, befriendable, vitals, initiative, melee, skill, magic,\n"
    "luck, levels, weapons, abilities)."
)


def _maker(ws: Workspace, replaces: Any) -> Any:
    from builder.rulesets.turns.wizard import CombatantWizard

    return CombatantWizard(ws.content, replaces=replaces)


new = new_command(
    ruleset="turns-and-actions",
    folder="combatants",
    make=_maker,
    intro="A new Turns and Actions combatant, step by step (player or monster).",
    doc="Make a new combatant by answering the sheet's questions, one at a time.",
)
app.command("new", epilog=NEW_EPILOG)(handle_user_errors(new))


def mount(board: Board) -> None:
    """Add Turns and Actions' `combatant new` to the shared `combatant` noun."""
    board.add_group("combatant", app)
