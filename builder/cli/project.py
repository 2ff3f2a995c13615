"""`zodiac init`: scaffold a content project.

``builder.scaffold`` refuses titles and authors with control characters and writes them
as YAML that reads back as exactly what was typed; paths are echoed escaped.
"""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Annotated

import typer

from builder.cli.errors import handle_user_errors, shown

INIT_EPILOG = (
    "\b\nExamples:\n"
    "  zodiac init my-campaign\n"
    "  zodiac init my-campaign --ruleset zodiac   # see `zodiac rulesets`\n"
    '  zodiac init . --title "The Crystal Saga" --paper letter\n'
    "  cd my-campaign && zodiac validate && zodiac build\n"
    "  zodiac character generate --project my-campaign --job lamplighter --level 5 --name Wren"
)


@handle_user_errors
def init(
    folder: Annotated[
        Path, typer.Argument(help="Folder for the new project (created if missing).")
    ] = Path("."),
    title: Annotated[
        str | None, typer.Option(help="Campaign title (default: the rule set's).")
    ] = None,
    author: Annotated[str, typer.Option(help="Author shown on covers.")] = "The Master",
    paper: Annotated[str, typer.Option(help="a4 or letter.")] = "a4",
    force: Annotated[
        bool, typer.Option("--force", help="Overwrite an existing zodiac.yaml and scaffold files.")
    ] = False,
    ruleset: Annotated[
        str, typer.Option("--ruleset", "-r", help="The game: a rule set id (`zodiac rulesets`).")
    ] = "zodiac",
) -> None:
    """Create zodiac.yaml (every book of the rule set), one small entry of each kind and
    the JSON Schemas editors read; the project validates and builds as written."""
    from builder.cli.output import console
    from builder.errors import UsageError
    from builder.scaffold import init_project

    if folder.is_file():  # a content file, not where a new project goes
        raise UsageError(
            f"{folder} is a file; `zodiac init` makes a project in a folder, e.g. "
            f"`zodiac init {shlex.quote(folder.stem or 'my-campaign')}`; "
            f"`zodiac show {shlex.quote(str(folder))}` shows an entry"
        )
    if paper.lower() not in ("a4", "letter"):
        raise UsageError(f"--paper must be a4 or letter, not '{paper}'")
    written = init_project(
        folder, title=title, author=author, paper=paper.lower(), force=force, ruleset=ruleset
    )
    for path in written:
        console.print(f"created {shown(path)}", soft_wrap=True)
    console.print(f"next: cd {shown(shlex.quote(str(folder)))} && zodiac validate", soft_wrap=True)


def require_project(project: Path | None, verb: str) -> Path:
    """The project root a whole-project verb (`build`, `serve`) works on.

    Else a usage error that says what was given: a content file or a folder inside a
    project names the project holding it (suggesting `init` there would make a second,
    empty project); only a folder outside any project is told to run `zodiac init`.
    """
    from builder.errors import UsageError
    from builder.io.project import PROJECT_FILE, find_project_root

    where = project or Path.cwd()
    root = find_project_root(where)
    if root is not None and (project is None or root == project.resolve()):
        return root
    quoted = shown(shlex.quote(str(where)))
    if root is not None:
        if root.is_relative_to(Path.cwd().resolve()):  # as the user would type it
            root = root.relative_to(Path.cwd().resolve()) or Path(".")
        what = "a file" if where.is_file() else "a folder"
        raise UsageError(
            f"{quoted} is {what} inside the project {shown(str(root))}; `zodiac {verb}` "
            f"works on a whole project: run `zodiac {verb} {shown(shlex.quote(str(root)))}`"
        )
    if where.is_file():
        raise UsageError(
            f"{quoted} is a file and no {PROJECT_FILE} holds it; `zodiac {verb}` works on a "
            f"project: `zodiac validate {quoted}` checks the file, `zodiac init my-campaign` "
            "makes a project to put it in"
        )
    raise UsageError(f"no {PROJECT_FILE} in {quoted}; create one with `zodiac init {quoted}`")
