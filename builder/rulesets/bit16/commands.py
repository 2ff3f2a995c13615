"""16 Bit Tactics' own commands: `character level-up` / `level-down` (issue #27).

They join the `character` noun ZODIAC also mounts; where both rule sets have a command
of one name, `builder.cli.mount` makes it one command that runs the file's rule set's
(so `zodiac character level-up characters/bram.yaml` in a 16 Bit Tactics project runs
this one). The rules are in `rules.progression`, the splice in `levelling`.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from builder.cli.errors import handle_user_errors, open_checked, shown
from builder.cli.levels import finish_level_change, interactive, print_diff
from builder.cli.wizard import new_command

if TYPE_CHECKING:
    from builder.cli.mount import Board

RULESET_ID = "16-bit-tactics"

app = typer.Typer(
    help="Characters: level up and down.", no_args_is_help=True, rich_markup_mode=None
)

LEVEL_UP_EPILOG = (
    "\b\n16 Bit Tactics (a project with ruleset: 16-bit-tactics):\n"
    "  zodiac character level-up content/examples/16-bit-tactics/characters/bram.yaml --dry-run\n"
    "  zodiac character level-up content/examples/16-bit-tactics/characters/bram.yaml --xp 5 --job squire --yes\n\n"
    "The battle that reaches the next level gives --xp N XP (default: the XP that just\n"
    "reaches it) and as many AP on the job held in it (--job, default the primary job),\n"
    "whose per-level HP, MP, DMG and M.Dmg the level adds (R35, R38). Only level_jobs:,\n"
    "xp:, that job's ap_earned: and a note on the xp: line (# +4 XP/AP at level 2)\n"
    "change; level-down reads the note to take off exactly that."
)

LEVEL_DOWN_EPILOG = (
    "\b\n16 Bit Tactics: the last level_jobs: entry goes, and the XP noted on the xp: line\n"
    "(or --xp N) comes off the XP and off the AP of the job held at that level: a file\n"
    "levelled up and down again comes back byte for byte."
)

XP_OPTION = typer.Option(
    "--xp",
    min=1,
    max=999_999,
    help="16 Bit Tactics: the XP (and as many AP, R35) of the battle that reached the level.",
)


def _character(file: Path, command: str):  # -> (Workspace, Entity)
    from builder.cli.mount import entities_for
    from builder.errors import UsageError

    ws = open_checked(file)
    chars = entities_for(ws, file, command, RULESET_ID, ("character",))
    if len(chars) > 1:
        raise UsageError(f"{file} holds {len(chars)} characters; put one character per file")
    return ws, chars[0]


def _print_step(name: str, step) -> None:  # step: rules.progression.LevelStep
    from builder.cli.output import console, safe

    labels = {"hp": "HP", "mp": "MP", "dmg": "DMG", "mdmg": "M.Dmg"}
    if step.up:
        console.print(
            f"{safe(name)}: level {step.from_level} -> {step.to_level} (needs "
            f"{step.xp_needed:,} XP; has {step.xp:,})",
            soft_wrap=True,
        )
        console.print(
            f"  the battle that reaches it: +{step.award:,} XP, and +{step.award:,} AP on "
            f"{safe(step.job)} (R35)",
            soft_wrap=True,
        )
        gains = ", ".join(f"{labels[k]} +{v}" for k, v in step.gains.items())
        console.print(f"  job held: {safe(step.job)}, per level {gains} (R38)", soft_wrap=True)
    else:
        console.print(
            f"{safe(name)}: level {step.from_level} -> {step.to_level}: -{step.award:,} XP, "
            f"-{step.award:,} AP on {safe(step.job)}",
            soft_wrap=True,
        )
    rows = [f"{labels[k]} {step.before[k]} -> {step.after[k]}" for k in labels]
    rows += [
        f"XP {step.xp:,} -> {step.new_xp:,}",
        f"AP on {safe(step.job)} {step.ap} -> {step.new_ap}",
    ]
    console.print("changes: " + ", ".join(rows), soft_wrap=True)


def _finish(change, file: Path, *, yes: bool, dry_run: bool) -> None:
    finish_level_change(
        change,
        file,
        from_level=change.step.from_level,
        to_level=change.step.to_level,
        print_change=lambda c: print_diff(c.diff),
        yes=yes,
        dry_run=dry_run,
    )


UPDATE_EXPECT_OPTION = typer.Option(
    "--update-expect",
    help="Rewrite the character's own expect: numbers that the level changes (only the "
    "numbers change).",
)


def _ask_job(ws, c) -> str:  # ws: Workspace, c: the character model
    """The job held in the battle that reached the level, asked until it is one of the
    character's jobs (issue 26: a terminal asks for level-up's choices)."""
    from builder.cli.output import console, err_console, safe
    from builder.models.base import norm_id

    jobs = {e.id: e.model for e in ws.content.of_kind("job")}
    for key in c.jobs:
        j = jobs.get(key)
        if j is not None:
            g = j.per_level
            console.print(
                safe(f"  {key}: {j.name}, a level +{g.hp} HP +{g.mp} MP +{g.dmg} DMG (R38)"),
                soft_wrap=True,
                highlight=False,
            )
    while True:
        answer = norm_id(typer.prompt("Job held at the new level", default=c.primary_job))
        if answer in jobs and answer in c.jobs:
            return answer
        why = (
            f"no job with id {answer} in the project (jobs: {', '.join(jobs) or 'none'})"
            if answer not in jobs
            else f"{answer} is not one of the character's jobs ({', '.join(c.jobs)}); add "
            f"`{answer}: {{ap_earned: 0}}` under jobs: first (AP is specific to the job, R35)"
        )
        err_console.print(f"refused: {shown(why, None)}", soft_wrap=True)


@app.command("level-up", epilog=LEVEL_UP_EPILOG)
@handle_user_errors
def level_up(
    file: Annotated[Path, typer.Argument(help="A character file (kind: character).")],
    xp: Annotated[int | None, XP_OPTION] = None,
    job: Annotated[
        str | None,
        typer.Option(
            "--job",
            help="16 Bit Tactics: the job held in the battle that reached the level (R38); "
            "default the primary job.",
        ),
    ] = None,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Write without asking.")] = False,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Show the changes and the diff; write nothing.")
    ] = False,
    update_expect: Annotated[bool, UPDATE_EXPECT_OPTION] = False,
) -> None:
    """Gain one level: the battle's XP and AP, the job held; the rest of the file kept."""
    from builder.errors import UsageError
    from builder.io.atomic import read_for_edit
    from builder.rulesets.bit16 import levelling

    ws, entity = _character(file, "character level-up")
    source = read_for_edit(file, writable=not dry_run)
    if job is None and not yes and interactive():
        job = _ask_job(ws, entity.model)
    try:
        change = levelling.level_up(
            ws, entity, source, job=job, award=xp, update_expect=update_expect
        )
    except levelling.LevelError as exc:
        raise UsageError(str(exc)) from exc
    _print_step(entity.model.name, change.step)
    _finish(change, file, yes=yes, dry_run=dry_run)


NEW_EPILOG = (
    "\b\n16 Bit Tactics (a project with ruleset: 16-bit-tactics):\n"
    "  zodiac character new --project content/examples/16-bit-tactics "
    "--answers content/examples/answers/16-bit-tactics-character.yaml\n\n"
    "It asks the name, the starting job, the four skill dice (might=d10,agility=d8,...)\n"
    "and the weapons; --answers FILE takes the same keys (name, primary_job, skills,\n"
    "equipment)."
)


def _maker(ws: Any, replaces: Any) -> Any:
    from builder.rulesets.bit16.wizard import CharacterWizard

    return CharacterWizard(ws.content, ws.settings, replaces=replaces)


new = new_command(
    ruleset=RULESET_ID,
    folder="characters",
    make=_maker,
    intro="A new 16 Bit Tactics character, step by step (starting job, skills, weapons).",
    doc="Make a new character by answering the book's creation steps, one at a time.",
)

app.command("new", epilog=NEW_EPILOG)(handle_user_errors(new))


@app.command("level-down", epilog=LEVEL_DOWN_EPILOG)
@handle_user_errors
def level_down(
    file: Annotated[Path, typer.Argument(help="A character file (kind: character).")],
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Write without asking.")] = False,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Show the changes and the diff; write nothing.")
    ] = False,
    update_expect: Annotated[bool, UPDATE_EXPECT_OPTION] = False,
    xp: Annotated[int | None, XP_OPTION] = None,
) -> None:
    """Undo the last level: its level_jobs entry, its XP and AP."""
    from builder.errors import UsageError
    from builder.io.atomic import read_for_edit
    from builder.rulesets.bit16 import levelling

    ws, entity = _character(file, "character level-down")
    source = read_for_edit(file, writable=not dry_run)
    try:
        change = levelling.level_down(ws, entity, source, award=xp, update_expect=update_expect)
    except levelling.LevelError as exc:
        raise UsageError(str(exc)) from exc
    _print_step(entity.model.name, change.step)
    _finish(change, file, yes=yes, dry_run=dry_run)


def mount(board: Board) -> None:
    """Add 16 Bit Tactics' `character` commands to the shared noun."""
    board.add_group("character", app)
