"""ZODIAC's own commands: `character`, `equipment`, `monster`, `encounter`, `tech` and
`rules speed`, mounted on the app through the registry (``RULESET.commands``).

Every module imports its rule set's code inside the command, so `zodiac --help` loads no
model or rule; each command that reads a FILE checks that it is a ZODIAC file of its kind
first (``builder.cli.mount.entities_for``), and otherwise names the command that serves it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from builder.cli.mount import Board


def mount(board: Board) -> None:
    """Add ZODIAC's groups to the app, and say which command shows which kind."""
    from builder.rulesets.zodiac.commands import (
        character,
        encounter,
        equipment,
        generate,
        monster,
        new,
        speed,
        tech,
    )

    # before the group is mounted, so a verb another rule set shares (`new`) dispatches
    character.app.command("generate", epilog=generate.EPILOG)(generate.generate)
    character.app.command("new", epilog=new.EPILOG)(new.new)
    board.add_group("character", character.app)
    board.add_group("equipment", equipment.app)
    monster.app.command("new", epilog=new.MONSTER_EPILOG)(new.monster_new)
    board.add_group("monster", monster.app)
    board.add_group("encounter", encounter.app)
    board.add_group("tech", tech.app)
    board.group("rules").command("speed", epilog=speed.EPILOG)(speed.speed)
    board.shows("character", "character show")
    board.shows("monster", "monster show")
    board.shows("tech", "tech show")
    for kind in equipment.SET_KINDS:
        board.shows(kind, "equipment show")
