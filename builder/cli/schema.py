"""`zodiac schema export`: JSON Schemas for editors, generated from the models."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from builder.cli.errors import handle_user_errors, shown

app = typer.Typer(help="JSON Schemas for editor autocompletion.", no_args_is_help=True)


@app.command(
    "export",
    epilog="\b\nExample:\n  zodiac schema export --out schemas/",
)
@handle_user_errors
def export(
    out: Annotated[
        Path, typer.Option("--out", "-o", help="Folder to write one schema per kind into.")
    ] = Path("schemas"),
) -> None:
    """Write one JSON Schema per content kind (character.schema.json, ...).

    ZODIAC's kinds go into the folder itself, every other rule set's into a subfolder
    named by its id (16-bit-tactics/monster.schema.json, ...).
    """
    from builder.cli.output import console
    from builder.schemas import write_schemas

    for path in write_schemas(out):
        console.print(f"wrote {shown(path)}", soft_wrap=True)
