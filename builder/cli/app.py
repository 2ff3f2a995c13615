"""The `zodiac` command: sub-commands are registered here; each lives in its own module."""

from __future__ import annotations

import typer

from builder import __version__
from builder.cli import character, schema, validate

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
app.add_typer(character.app, name="character")
app.add_typer(schema.app, name="schema")


def main() -> None:
    """Console entry point."""
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
