"""`zodiac character new`: a guided start through Chapter I's creation steps (issue 26).

Plain line input, not a menu library: the contract types `back`, `y` and
`str=11,mag=6,...` as words at any question, which a line prompt takes as it is and a
pseudo-terminal test drives answer by answer (questionary's menus want arrow keys).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from builder.cli.errors import handle_user_errors, shown

EPILOG = (
    "\b\nExamples:\n"
    "  zodiac character new\n"
    "  zodiac character new --project my-campaign\n"
    "  zodiac character new --answers vivi-answers.yaml --out characters/vivi.yaml\n\n"
    "Asks Chapter I's steps one at a time (name, stats, Class Power, armor, Command and\n"
    "Support Skill, Techs, purchases); type `back` to return to the previous question, an\n"
    "empty answer takes the [default]. --answers FILE is a YAML mapping keyed by the\n"
    "character's field names (name, base_stats, class_power, ...); a field left out takes\n"
    "the default. The file goes to the project's characters/ folder, then `zodiac show`\n"
    "prints it. Exit codes: 0 written, 2 misuse (no terminal and no --answers, a refused\n"
    "answer in FILE, the file exists), 130 interrupted (nothing written), 3 a bug."
)


def _interactive() -> bool:
    import sys

    return sys.stdin.isatty() and sys.stdout.isatty()


def _root(project: Path | None) -> Path:
    from builder.errors import UsageError
    from builder.io.project import PROJECT_FILE, find_project_root

    if project is not None:
        if not (project / PROJECT_FILE).is_file():
            raise UsageError(f"--project {project}: no {PROJECT_FILE} in that folder")
        return project
    root = find_project_root(Path.cwd())
    if root is None:
        raise UsageError(
            f"no {PROJECT_FILE} here or above: run `zodiac init my-campaign`, then "
            "`cd my-campaign && zodiac character new` (or pass --project)"
        )
    return root


def _read_answers(path: Path) -> dict:
    from builder.errors import UsageError
    from builder.io.yaml import load_file

    if not path.is_file():
        raise UsageError(f"--answers {path}: no such file")
    loaded = load_file(path)
    if loaded.problems or len(loaded.documents) != 1:
        why = loaded.problems[0][1].message if loaded.problems else "one YAML document expected"
        raise UsageError(f"--answers {path}: {why}")
    data = loaded.documents[0].data
    if not isinstance(data, dict):
        raise UsageError(f"--answers {path}: a mapping of field names to answers expected")
    return data


@handle_user_errors
def new(
    answers: Annotated[
        Path | None,
        typer.Option("--answers", help="A YAML mapping of answers keyed by field name."),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option("--out", "-o", help="Write here instead of PROJECT/characters/<name>.yaml."),
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Overwrite the file if it already exists.")
    ] = False,
    project: Annotated[
        Path | None, typer.Option("--project", help="The project (default: the current one).")
    ] = None,
) -> None:
    """Make a new character by answering the book's creation steps, one at a time."""
    from builder.cli.output import console, err_console, safe
    from builder.errors import UsageError
    from builder.io.atomic import write_text_atomic
    from builder.models.base import norm_id
    from builder.rulesets.zodiac.wizard import CharacterWizard, schema_comment
    from builder.wizard import AnswerError, Wizard
    from builder.workspace import open_workspace

    if answers is None and not _interactive():
        raise UsageError(
            "not a terminal and no --answers FILE: run `zodiac character new` in a terminal, "
            "or give the answers as a YAML file (--answers FILE)"
        )
    root = _root(project)
    ws = open_workspace([root])
    if ws.rule_set.id != "zodiac":
        raise UsageError(
            f"`zodiac character new` makes ZODIAC characters; {root} is a "
            f"{ws.rule_set.label} project (copy one of its characters, then `zodiac validate`)"
        )

    def target_for(name: str) -> Path:
        return out or root / "characters" / f"{norm_id(name) or 'character'}.yaml"

    maker = CharacterWizard(
        ws.content, ws.settings, replaces=lambda name: target_for(name) if force else None
    )
    wizard = Wizard(maker.questions())
    if answers is not None:
        try:
            chosen = wizard.from_mapping(_read_answers(answers))
        except AnswerError as exc:
            raise UsageError(f"--answers {answers}: {exc}") from exc
    else:

        def ask(prompt: str) -> str:
            return input(prompt)

        def say(line: str) -> None:
            console.print(safe(line), soft_wrap=True, highlight=False)

        console.print(
            "A new ZODIAC character, step by step (Chapter I). Type `back` to return to "
            "the previous question; Enter takes the [default]; Ctrl-C stops, writing nothing.",
            soft_wrap=True,
        )
        try:
            chosen = wizard.ask_all(ask, say)
        except (KeyboardInterrupt, EOFError):
            err_console.print("\nstopped: nothing was written")
            raise typer.Exit(130) from None
    target = target_for(chosen["name"])
    if target.exists() and not force:
        raise UsageError(f"{target} already exists; pass --force to overwrite it")
    if target.is_dir():
        raise UsageError(f"{target} is a folder; name a file")
    target.parent.mkdir(parents=True, exist_ok=True)
    text = maker.render(chosen, schema=schema_comment(target, root))
    left = maker.problems(chosen)
    if left:  # pragma: no cover - every answer was checked as it came
        raise UsageError(f"the character would not validate: {left[0][1]}")
    write_text_atomic(target, text)
    err_console.print(f"wrote {shown(target)}", soft_wrap=True)
    from builder.rulesets.zodiac.commands.character import show

    show(target)
