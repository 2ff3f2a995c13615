"""`zodiac character ...`: show a character's numbers at any level."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from builder.cli.errors import handle_user_errors, open_checked
from builder.cli.validate import Format

app = typer.Typer(help="Characters: compute and show.", no_args_is_help=True, rich_markup_mode=None)

SHOW_EPILOG = (
    "\b\nExamples:\n"
    "  zodiac character show content/examples/zodiac/characters/amos.yaml\n"
    "  zodiac character show content/examples/zodiac/characters/amos.yaml --level 5\n"
    "  zodiac character show content/examples/zodiac/characters/amos.yaml --target-evade 40\n"
    "  zodiac character show content/examples/zodiac/characters/amos.yaml --format json | jq .derived.hp"
)


def load_character(file: Path):  # -> tuple[Workspace, Entity]
    """The single character in ``file``, or a located error / usage error."""
    from builder.errors import UsageError

    ws = open_checked(file)
    chars = [e for e in ws.entities_in(file) if e.kind == "character"]
    if not chars:
        raise UsageError(f"{file} holds no `kind: character` document")
    if len(chars) > 1:
        raise UsageError(
            f"{file} holds {len(chars)} characters; put one character per file to show it"
        )
    return ws, chars[0]


@app.command("show", epilog=SHOW_EPILOG)
@handle_user_errors
def show(
    file: Annotated[Path, typer.Argument(help="A character file (kind: character).")],
    level: Annotated[
        int | None,
        typer.Option(
            "--level",
            "-l",
            min=1,
            max=99,
            help="Show the character as it was at this earlier level.",
        ),
    ] = None,
    target_evade: Annotated[
        int | None,
        typer.Option(
            "--target-evade",
            min=0,
            help="Show the normal attack's chance to hit a target with this Evade.",
        ),
    ] = None,
    fmt: Annotated[Format, typer.Option("--format", "-f", help="Output format.")] = Format.text,
) -> None:
    """Show base stats, derived stats, equipment, attacks, Tech Points and level history."""
    from builder.cli.output import print_json
    from builder.errors import UsageError
    from builder.rulesets.zodiac.views.character import full_character_view

    ws, entity = load_character(file)
    view = full_character_view(ws, entity, target_evade=target_evade)
    if level is not None:
        if level > view.file_level:
            raise UsageError(
                f"--level {level} is above the character's level {view.file_level}; "
                f"choose 1-{view.file_level}"
            )
        view = full_character_view(ws, entity, level, target_evade=target_evade)
    if fmt is Format.json:
        print_json(view.to_json())
        return
    from builder.cli.tables import print_character

    print_character(view)
