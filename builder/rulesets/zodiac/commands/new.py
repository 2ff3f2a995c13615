"""`zodiac character new` for ZODIAC: Chapter I's creation steps (issue 26).

The questions are `rulesets/zodiac/wizard.py`'s; `builder/cli/wizard.py` asks them (or
reads `--answers FILE`), writes the file and shows it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from builder.cli.errors import handle_user_errors
from builder.cli.wizard import AnswersOpt, ForceOpt, OutOpt, ProjectOpt, SetOpt, new_command

EPILOG = (
    "\b\nExamples (in a terminal, in your project, just: zodiac character new):\n"
    "  zodiac character new --project content/examples/zodiac "
    "--answers content/examples/answers/zodiac-character.yaml\n"
    "  zodiac character new --project content/examples/zodiac "
    "--answers content/examples/answers/zodiac-character.yaml "
    "--out content/examples/zodiac/characters/vivi.yaml --force\n\n"
    "ZODIAC: asks Chapter I's steps one at a time (name, stats as str=11,mag=6,..., Class\n"
    "Power, armor, Command and Support Skill, Techs, purchases); `back` returns to the\n"
    "previous question, an empty answer takes the [default]. --answers FILE is a YAML\n"
    "mapping keyed by the character's field names (name, base_stats, class_power, ...),\n"
    "and --set FIELD=VALUE gives one (repeatable, over FILE: --set name=Vivi);\n"
    "a field left out takes the default. The file goes to the project's characters/\n"
    "folder, then `zodiac show` prints it. Exit codes: 0 written, 2 misuse (no terminal\n"
    "and no --answers, a refused answer in FILE, the file exists), 130 interrupted\n"
    "(nothing written), 3 a bug."
)


def _maker(ws: Any, replaces: Any) -> Any:
    from builder.rulesets.zodiac.wizard import CharacterWizard

    return CharacterWizard(ws.content, ws.settings, replaces=replaces)


def _schema(out: Path, root: Path) -> str | None:
    from builder.rulesets.zodiac.wizard import schema_comment

    return schema_comment(out, root)


def _show(path: Path) -> None:
    from builder.rulesets.zodiac.commands.character import show

    show(path)


new = handle_user_errors(
    new_command(
        ruleset="zodiac",
        folder="characters",
        make=_maker,
        intro="A new ZODIAC character, step by step (Chapter I).",
        doc="Make a new character by answering the book's creation steps, one at a time.",
        schema=_schema,
        show=_show,
    )
)


MONSTER_EPILOG = (
    "\b\nExamples (in a terminal, in your project, just: zodiac monster new):\n"
    "  zodiac monster new --project content/examples/zodiac "
    "--answers content/examples/answers/zodiac-monster.yaml\n\n"
    "Asks Appendix I's steps one at a time (name, level, boss y/n, type, stats summing to\n"
    "25 + 5 x Level, attack die, powers, Techs), showing HP, MP, Tech Levels and rewards as\n"
    "they change; `back` returns to the previous question. --answers FILE is a YAML\n"
    "mapping keyed by the monster's field names (name, level, boss, family, stats,\n"
    "attack_die, powers, techs); --set FIELD=VALUE gives one (level=10). The file goes to\n"
    "the project's monsters/ folder, then `zodiac monster show` prints its card view;\n"
    "--open also prints its card PDF (dist/monster-cards/<id>.pdf, as `zodiac build`\n"
    "prints the Monster Cards) and opens it. Exit codes as `character new`."
)


@handle_user_errors
def monster_new(
    project: ProjectOpt = None,
    answers: AnswersOpt = None,
    out: OutOpt = None,
    force: ForceOpt = False,
    sets: SetOpt = None,
    open_card: Annotated[
        bool,
        typer.Option(
            "--open",
            help="Print the new monster's card PDF next to its file and open it "
            "(the desktop's PDF viewer).",
        ),
    ] = False,
) -> None:
    """Make a new monster by answering Appendix I's steps, one at a time."""
    from builder.cli.wizard import run_new
    from builder.rulesets.zodiac.commands.monster import show
    from builder.rulesets.zodiac.wizard import MonsterWizard
    from builder.wizard import project_schema_line

    made = run_new(
        ruleset="zodiac",
        folder="monsters",
        make=lambda ws, replaces: MonsterWizard(ws.content, ws.settings, replaces=replaces),
        schema=lambda out, root: project_schema_line(out, root, "monster"),
        show=show,
        intro="A new ZODIAC monster, step by step (Appendix I).",
        project=project,
        answers=answers,
        out=out,
        force=force,
        sets=sets,
    )
    if open_card:  # the card the build prints, for this one monster (Appendix I's end)
        from builder.cli.wizard import open_file, print_card

        open_file(print_card(made, "monster_cards", project=project))
