"""The `zodiac` command: the generic verbs are registered here, each in its own module;
every rule set's own groups are mounted through the registry (``builder.cli.mount``).

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
    export,
    lint,
    project,
    rules,
    rulesets,
    schema,
    serve,
    show,
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
from builder.cli.mount import OWNERS, Board, mount_rulesets


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

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        """The builder's verbs first, then each rule set's own groups, marked with it."""
        generic, owned = [], []
        for name in self.list_commands(ctx):
            cmd = self.get_command(ctx, name)
            if cmd is None or cmd.hidden:
                continue
            text = cmd.get_short_help_str(limit=formatter.width - 6 - len(name))
            if name in OWNERS:
                owned.append((name, f"[{', '.join(_labels(OWNERS[name]))}] {text}"))
            else:
                generic.append((name, text))
        if generic:
            with formatter.section("Commands (every rule set)"):
                formatter.write_dl(generic)
        if owned:
            with formatter.section("Commands of one rule set"):
                formatter.write_dl(owned)


def _labels(ids: list[str]) -> list[str]:
    from builder import rulesets

    return [rulesets.get(i).label for i in ids]


def _help() -> str:
    """The root help: the builder, then the rule sets the registry holds (R31)."""
    from builder import rulesets

    labels = [r.label for r in rulesets.all_rulesets()]
    games = ", ".join(labels[:-1]) + f" and {labels[-1]}" if len(labels) > 1 else labels[0]
    return (
        f"Validate, compute and print the content of tabletop RPG rule books: {games} "
        "(`zodiac rulesets` lists them). A project names its rule set in zodiac.yaml; "
        "the first commands below serve every rule set, the others are one rule set's "
        "own.\n\n"
        "Examples:\n\n\b\n  zodiac validate content/examples/zodiac\n"
        "  zodiac show content/examples/16-bit-tactics/characters/bram.yaml\n"
        "  zodiac character show content/examples/zodiac/characters/amos.yaml"
    )


app = typer.Typer(
    cls=ZodiacGroup,
    name="zodiac",
    help=_help(),
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
    """The zodiac rule book builder."""
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
BOARD = Board(app)
BOARD.add_group("rules", rules.app)
BOARD.add_group("schema", schema.app)
mount_rulesets(BOARD)  # each rule set's own groups (R31), from the registry


def __getattr__(name: str) -> Any:
    """``click_command``: the app as Click sees it, for the manual's CLI reference
    (mkdocs-click reads ``builder.cli.app:click_command``); made on demand, so starting
    `zodiac` does not pay for it."""
    if name == "click_command":
        return typer.main.get_command(app)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
