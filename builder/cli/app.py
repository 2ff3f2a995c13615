"""The `zodiac` command: sub-commands are registered here; each lives in its own module.

The root group is where every run passes, in `CliRunner` as from the console script: it
remembers the command line for bug reports and turns any exception that escaped a
command into a message and an exit code (``builder.cli.errors``); `main()` adds what only
a real terminal needs.
"""

from __future__ import annotations

import sys
from typing import Any

import typer
from typer.core import TyperGroup

from builder import __version__
from builder.cli import (
    build,
    character,
    encounter,
    equipment,
    export,
    generate,
    lint,
    monster,
    project,
    rules,
    rulesets,
    schema,
    serve,
    show,
    tech,
    tool,
    validate,
)
from builder.cli.errors import (
    DEBUG_ENV,
    EXIT_INTERRUPTED,
    EXIT_USAGE,
    passes_through,
    report_error,
    set_debug,
    start_invocation,
)


class ZodiacGroup(TyperGroup):
    """The root group: records the arguments, and reports what no command handled."""

    def make_context(
        self, info_name: str | None, args: list[str], parent: Any = None, **extra: Any
    ) -> Any:
        if parent is None:
            start_invocation(args)
        return super().make_context(info_name, args, parent, **extra)

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except BaseException as exc:
            if passes_through(exc):
                raise
            raise typer.Exit(report_error(exc)) from exc


app = typer.Typer(
    cls=ZodiacGroup,
    name="zodiac",
    help=(
        "Validate, compute and print content for the ZODIAC Final Fantasy RPG (Third Edition).\n\n"
        "Examples:\n\n\b\n  zodiac validate content/examples/zodiac\n  zodiac character show content/examples/zodiac/characters/amos.yaml"
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
    debug: bool = typer.Option(
        False,
        "--debug",
        help=f"Show the traceback of an internal error (also {DEBUG_ENV}=1).",
    ),
) -> None:
    """ZODIAC builder."""
    set_debug(debug)
    from builder.floors import too_old

    problems = too_old()
    if problems:  # a downgraded WeasyPrint or Jinja2 would reopen a known hole
        from builder.cli.output import err_console

        for problem in problems:
            err_console.print(f"[bold red]error:[/bold red] {problem}", markup=True)
        raise typer.Exit(EXIT_USAGE)


app.command("validate", epilog=validate.EPILOG)(validate.validate)
app.command("lint", epilog=lint.EPILOG)(lint.lint)
app.command("init", epilog=project.INIT_EPILOG)(project.init)
app.command("build", epilog=build.EPILOG)(build.build)
app.command("export", epilog=export.EPILOG)(export.export)
app.command("show", epilog=show.EPILOG)(show.show)
app.command("serve", epilog=serve.EPILOG)(serve.serve)
app.command("rulesets", epilog=rulesets.EPILOG)(rulesets.rulesets)
app.add_typer(character.app, name="character")
character.app.command("generate", epilog=generate.EPILOG)(generate.generate)
app.add_typer(equipment.app, name="equipment")
app.add_typer(monster.app, name="monster")
app.add_typer(encounter.app, name="encounter")
app.add_typer(schema.app, name="schema")
app.add_typer(tech.app, name="tech")
app.add_typer(rules.app, name="rules")
app.add_typer(tool.app, name="tool")


def main() -> None:
    """Console entry point: output never crashes on text the terminal cannot encode."""
    for stream in (sys.stdout, sys.stderr):
        # A file name with bytes that are not UTF-8 reaches us as surrogate escapes
        # (\udcff); a strict UTF-8 terminal cannot print those, so show them escaped.
        if getattr(stream, "errors", None) == "strict" and hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    try:
        app()
    except KeyboardInterrupt:  # outside any command (while starting up)
        sys.stderr.write("interrupted\n")
        sys.exit(EXIT_INTERRUPTED)


if __name__ == "__main__":  # pragma: no cover
    main()
