"""The `zodiac` command: sub-commands are registered here; each lives in its own module."""

from __future__ import annotations

import typer

from builder import __version__
from builder.cli import (
    build,
    character,
    encounter,
    equipment,
    generate,
    monster,
    project,
    rules,
    schema,
    tech,
    validate,
)

app = typer.Typer(
    name="zodiac",
    help=(
        "Validate, compute and print content for the ZODIAC Final Fantasy RPG (Third Edition).\n\n"
        "Examples:\n\n\b\n  zodiac validate content/example\n  zodiac character show content/example/characters/amos.yaml"
    ),
    rich_markup_mode=None,
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"zodiac {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False,
        "--version",
        "-V",
        help="Show the version and exit.",
        callback=_version,
        is_eager=True,
    ),
) -> None:
    """ZODIAC builder."""


app.command("validate", epilog=validate.EPILOG)(validate.validate)
app.command("init", epilog=project.INIT_EPILOG)(project.init)
app.command("build", epilog=build.EPILOG)(build.build)
app.add_typer(character.app, name="character")
character.app.command("generate", epilog=generate.EPILOG)(generate.generate)
app.add_typer(equipment.app, name="equipment")
app.add_typer(monster.app, name="monster")
app.add_typer(encounter.app, name="encounter")
app.add_typer(schema.app, name="schema")
app.add_typer(tech.app, name="tech")
app.add_typer(rules.app, name="rules")


def main() -> None:
    """Console entry point."""
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
