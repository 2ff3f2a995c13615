"""`zodiac character ...`: show a character's numbers at any level; level it up or down."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from builder.cli.errors import handle_user_errors, open_checked, shown
from builder.cli.levels import finish_level_change, interactive, print_diff
from builder.cli.show import EXPLAIN_OPTION, print_explain
from builder.cli.validate import Format
from builder.rulesets.zodiac import RULESET

app = typer.Typer(
    help="Characters: compute, show, level up and down.",
    no_args_is_help=True,
    rich_markup_mode=None,
)

SHOW_EPILOG = (
    "\b\nExamples:\n"
    "  zodiac character show content/examples/zodiac/characters/amos.yaml\n"
    "  zodiac character show content/examples/zodiac/characters/amos.yaml --level 5\n"
    "  zodiac character show content/examples/zodiac/characters/amos.yaml --target-evade 40\n"
    "  zodiac character show content/examples/zodiac/characters/amos.yaml --format json | jq .derived.hp"
)


def load_character(file: Path, command: str = "character show"):  # -> (Workspace, Entity)
    """The single character in ``file``, or a located error / usage error.

    A file of another rule set or kind is refused naming the command that serves it.
    """
    from builder.cli.mount import entities_for
    from builder.errors import UsageError

    ws = open_checked(file)
    chars = entities_for(ws, file, command, RULESET.id, ("character",))
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
    explain: Annotated[str | None, EXPLAIN_OPTION] = None,
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
    from builder.rulesets.zodiac.show import character_json

    if explain is not None:
        print_explain(character_json(view), explain, fmt)
        return
    if fmt is Format.json:
        print_json(character_json(view))
        return
    from builder.rulesets.zodiac.commands.tables import print_character

    print_character(view)


# --- level-up / level-down (issue 16) ---------------------------------------------------

LEVEL_UP_EPILOG = (
    "\b\nExamples:\n"
    "  zodiac character level-up content/examples/zodiac/characters/rook.yaml --dry-run\n"
    "  zodiac character level-up content/examples/zodiac/characters/rook.yaml "
    "--points str=2,vit=1 --dry-run\n"
    "  zodiac character level-up content/examples/zodiac/characters/rook.yaml "
    "--points str=2,vit=1 --learn bravery --yes\n"
    "  zodiac character level-up content/examples/zodiac/characters/rook.yaml "
    "--points mag=2,spr=1 --upgrade mug --dry-run\n\n"
    "Only the new lines and the level: / xp: values change; comments, order and spacing\n"
    "of the rest stay byte for byte. The new file is checked with its project before it\n"
    "replaces the old one, whose bytes are kept in FILE.bak. Without --points a terminal\n"
    "asks for the choices; --dry-run alone shows what the next level brings.\n"
    "The character's own expect: values describe its level: when the new level changes\n"
    "them, nothing is written unless --update-expect rewrites their numbers too.\n"
    "Exit codes: 0 written (or shown), 1 the new file would have errors (nothing written),\n"
    "2 misuse (a bad choice, a file that cannot be edited), 3 a bug in zodiac."
)

LEVEL_DOWN_EPILOG = (
    "\b\nExamples:\n"
    "  zodiac character level-down content/examples/zodiac/characters/rook.yaml --dry-run\n"
    "  zodiac character level-down content/examples/zodiac/characters/rook.yaml --yes\n\n"
    "Removes the last advancement entry and the Techs, Enemy Skills and upgrades gained at\n"
    "that level; level: goes one down and xp:, when past the lower level, becomes that\n"
    "level's first XP (the XP earned since is not recorded). FILE.bak keeps the old bytes.\n"
    "--update-expect rewrites the character's expect: numbers for the lower level."
)

UPDATE_EXPECT_OPTION = typer.Option(
    "--update-expect",
    help="Rewrite the character's own expect: numbers that the level changes (only the "
    "numbers change).",
)


def _print_next(name: str, now: int, nxt) -> None:  # nxt: rules.levelling.NextLevel
    from builder.cli.output import console, safe
    from builder.models.base import Stat

    console.print(
        f"{safe(name)}: level {now} -> {nxt.level} (needs {nxt.xp_needed:,} XP)", soft_wrap=True
    )
    console.print(
        f"  bonus points: {nxt.bonus_points} to spend, at most {nxt.max_per_stat} in one stat"
        " (Ch. I Character Advancement, R6)",
        soft_wrap=True,
    )
    if nxt.fifth_bonus:
        console.print(f"  fifth level: +{nxt.fifth_bonus} to every stat (R6)")
    if nxt.tech_points is not None:
        console.print(f"  Tech Points: +{nxt.tech_points} from the level (Appendix IV)")
    console.print(
        f"  Max Tech Levels now: {nxt.max_tech_levels} (5 + own MAG {nxt.stats[Stat.MAG]} / 2, "
        "R11); more Magic raises it",
        soft_wrap=True,
    )


def _print_change(change) -> None:  # levelling.LevelChange
    from builder.cli.output import console

    before, after = change.before, change.after
    if after is not None:
        stats = [
            f"{k.upper()} {before.stats[k]} -> {after.stats[k]}"
            for k in before.stats
            if before.stats[k] != after.stats[k]
        ]
        rows = [
            ("HP", before.derived["hp"].value, after.derived["hp"].value),
            ("MP", before.derived["mp"].value, after.derived["mp"].value),
            ("Tech Points available", before.tech_points_available, after.tech_points_available),
            (
                "Max Tech Levels",
                before.derived["max_tech_levels"].value,
                after.derived["max_tech_levels"].value,
            ),
        ]
        console.print("changes: " + (", ".join(stats) or "no stat changes"), soft_wrap=True)
        console.print(
            "         " + "; ".join(f"{n} {a} -> {b}" for n, a, b in rows), soft_wrap=True
        )
    print_diff(change.diff)


def _finish(change, file: Path, *, yes: bool, dry_run: bool) -> None:
    finish_level_change(
        change,
        file,
        from_level=change.plan.from_level,
        to_level=change.plan.to_level,
        print_change=_print_change,
        yes=yes,
        dry_run=dry_run,
    )


def _prompt_choices(nxt, learn: list[str], upgrade: list[str]):  # -> (points, learn, upgrade)
    """Ask for the bonus points (again until they parse), then Techs to learn and upgrade."""
    from builder.cli.output import err_console
    from builder.rulesets.zodiac.rules.levelling import ChoiceError, parse_points, points_refusal

    while True:  # asked again until the points parse and fit (issue 26's contract)
        text = typer.prompt(
            f"Bonus points ({nxt.bonus_points}, at most {nxt.max_per_stat} per stat, "
            "e.g. str=2,agi=1)"
        )
        try:
            points = parse_points(text)
        except ChoiceError as exc:
            err_console.print(f"{shown(exc, None)}")
            continue
        why = points_refusal(points, nxt)
        if why is None:
            break
        err_console.print(f"refused: {shown(why, None)}")
    if nxt.tech_points is not None or not learn:
        more = typer.prompt("Learn (ids, comma-separated; empty for none)", default="")
        learn = [*learn, *(x.strip() for x in more.split(",") if x.strip())]
    if nxt.tech_points is not None and not upgrade:
        more = typer.prompt(
            "Upgrade (ids or id=level, comma-separated; empty for none)", default=""
        )
        upgrade = [x.strip() for x in more.split(",") if x.strip()]
    return points, learn, upgrade


def _editable(file: Path, dry_run: bool):  # -> EditableText
    from builder.io.atomic import read_for_edit

    return read_for_edit(file, writable=not dry_run)


@app.command("level-up", epilog=LEVEL_UP_EPILOG)
@handle_user_errors
def level_up(
    file: Annotated[Path, typer.Argument(help="A character file (kind: character).")],
    points: Annotated[
        str | None,
        typer.Option("--points", help="Bonus points of the new level, e.g. str=2,agi=1 (R6)."),
    ] = None,
    overflow: Annotated[
        str | None,
        typer.Option(
            "--overflow",
            help="At a fifth level: where +2 points past 250 go instead, e.g. agi=2 (R6).",
        ),
    ] = None,
    learn: Annotated[
        list[str] | None,
        typer.Option("--learn", help="A Tech (or Enemy Skill) id learned at the new level."),
    ] = None,
    upgrade: Annotated[
        list[str] | None,
        typer.Option("--upgrade", help="A known Tech raised one Tech Level (or to N: cure=3)."),
    ] = None,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Write without asking.")] = False,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Show the changes and the diff; write nothing.")
    ] = False,
    update_expect: Annotated[bool, UPDATE_EXPECT_OPTION] = False,
) -> None:
    """Gain one level: show what it brings, add your choices to the file, keep the rest."""
    from builder.cli.output import console
    from builder.errors import UsageError
    from builder.rulesets.zodiac import levelling
    from builder.rulesets.zodiac.rules.character import character_level
    from builder.rulesets.zodiac.rules.levelling import ChoiceError, parse_points, parse_upgrade

    ws, entity = load_character(file, "character level-up")
    source = _editable(file, dry_run)
    learn, upgrade = list(learn or []), list(upgrade or [])
    try:
        nxt = levelling.preview(ws, entity)
        _print_next(entity.model.name, character_level(entity.model), nxt)
        if points is None:
            if dry_run and not interactive():
                console.print(
                    f"choose the {nxt.bonus_points} bonus points with --points, e.g. "
                    "--points str=2,agi=1; nothing was written",
                    soft_wrap=True,
                )
                return
            if not interactive():
                raise UsageError(
                    f"choose the {nxt.bonus_points} bonus points of level {nxt.level} with "
                    "--points, e.g. --points str=2,agi=1 (at most 2 in one stat)"
                )
            chosen, learn, upgrade = _prompt_choices(nxt, learn, upgrade)
        else:
            chosen = parse_points(points)
        choices = levelling.Choices(
            chosen,
            parse_points(overflow, "--overflow") if overflow else None,
            tuple(learn),
            tuple(parse_upgrade(u) for u in upgrade),
        )
        change = levelling.level_up(ws, entity, source, choices, update_expect=update_expect)
    except ChoiceError as exc:
        raise UsageError(str(exc)) from exc
    _finish(change, file, yes=yes, dry_run=dry_run)


@app.command("level-down", epilog=LEVEL_DOWN_EPILOG)
@handle_user_errors
def level_down(
    file: Annotated[Path, typer.Argument(help="A character file (kind: character).")],
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Write without asking.")] = False,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Show the changes and the diff; write nothing.")
    ] = False,
    update_expect: Annotated[bool, UPDATE_EXPECT_OPTION] = False,
) -> None:
    """Undo the last level: its points, and the Techs and upgrades gained at it."""
    from builder.cli.output import console, safe
    from builder.errors import UsageError
    from builder.rulesets.zodiac import levelling
    from builder.rulesets.zodiac.rules.levelling import ChoiceError

    ws, entity = load_character(file, "character level-down")
    source = _editable(file, dry_run)
    try:
        change = levelling.level_down(ws, entity, source, update_expect=update_expect)
    except ChoiceError as exc:
        raise UsageError(str(exc)) from exc
    plan = change.plan
    console.print(f"{safe(entity.model.name)}: level {plan.from_level} -> {plan.to_level}")
    _finish(change, file, yes=yes, dry_run=dry_run)
