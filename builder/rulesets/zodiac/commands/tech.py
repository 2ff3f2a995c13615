"""`zodiac tech ...`: what a Tech costs and does; quick what-ifs from flags."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from builder.cli.errors import handle_user_errors, open_checked
from builder.cli.show import EXPLAIN_OPTION, print_explain
from builder.cli.validate import Format
from builder.rulesets.zodiac import RULESET

app = typer.Typer(
    help="Techs: costs, effects and what-ifs.", no_args_is_help=True, rich_markup_mode=None
)

SHOW_EPILOG = (
    "\b\nExamples:\n"
    "  zodiac tech show content/examples/zodiac/techs/attacks.yaml --name biff\n"
    "  zodiac tech show content/examples/zodiac/techs/support.yaml --name cure "
    "--character content/examples/zodiac/characters/amos.yaml\n"
    "  zodiac tech show content/examples/zodiac/techs/attacks.yaml --name biff "
    "--ap 400 --str-dice 2 --die 10 --format json\n\n"
    "Effects are computed for --character when given, else for a reference character\n"
    "(level 1, every stat 8, a d8 weapon); --ap/--map/--die... override single numbers."
)

COST_EPILOG = (
    "\b\nExamples:\n"
    "  zodiac tech cost --level 4 --power medium --primary attack_magic --secondary area_effect\n"
    "  zodiac tech cost --level 6 --power strong --primary power_attack --secondary drain=50\n"
    "  zodiac tech cost --level 4 --primary status_effect --status stun=-20 --status seal=-35\n"
    "  zodiac tech cost --level 4 --power medium --primary attack_magic --clone\n"
    "  zodiac tech cost --upgrade-from 4 --to 5 --related-level 5\n"
    "  zodiac tech cost --x-magic 26 19"
)


def _one_key(text: str) -> Any:
    """'drain=50' -> {'drain': 50}; 'area_effect' -> 'area_effect'."""
    if "=" not in text:
        return text
    key, _, value = text.partition("=")
    value = value.strip()
    try:
        return {key.strip(): int(value)}
    except ValueError:
        return {key.strip(): value}


def _load_techs(file: Path, name: str | None):  # -> tuple[Workspace, list[Entity]]
    from builder.cli.mount import entities_for
    from builder.diagnostics import did_you_mean
    from builder.errors import UsageError
    from builder.models.base import norm_id

    ws = open_checked(file)
    techs = entities_for(ws, file, "tech show", RULESET.id, ("tech",))
    if name is not None:
        wanted = norm_id(name)
        chosen = [e for e in techs if e.id == wanted]
        if not chosen:
            hint = did_you_mean(wanted, [e.id for e in techs])
            raise UsageError(f"no Tech '{name}' in {file}{hint}")
        techs = chosen
    return ws, techs


def _wielder(character: Path | None, ruleset: Any, overrides: dict[str, int | None]):
    from dataclasses import replace

    from builder.errors import UsageError
    from builder.rulesets.zodiac.views.techs import reference_wielder, wielder_from_view

    if character is None:
        w = reference_wielder(ruleset)
    else:
        from builder.rulesets.zodiac.commands.character import load_character
        from builder.rulesets.zodiac.items import item_index
        from builder.rulesets.zodiac.views.equipment import equipped_character_view

        cws, entity = load_character(character, "tech show --character")
        if entity.model.class_power.value != "tech":
            raise UsageError(f"{character} is a Blue Magic character; Techs need class_power: tech")
        view = equipped_character_view(entity.model, item_index(cws.content), ruleset=cws.settings)
        w = wielder_from_view(view)
    given = {k: v for k, v in overrides.items() if v is not None}
    if given:
        w = replace(w, **given)
        w = replace(w, label=w.label + " with " + ", ".join(f"{k}={v}" for k, v in given.items()))
    return w


@app.command("show", epilog=SHOW_EPILOG)
@handle_user_errors
def show(
    file: Annotated[Path, typer.Argument(help="A file of `kind: tech` documents.")],
    name: Annotated[
        str | None,
        typer.Option("--name", "-n", help="The Tech to show when the file holds several."),
    ] = None,
    character: Annotated[
        Path | None,
        typer.Option("--character", "-c", help="Compute effects for this character file."),
    ] = None,
    ap: Annotated[int | None, typer.Option(help="Override Attack Power.")] = None,
    map_: Annotated[int | None, typer.Option("--map", help="Override Magic Attack Power.")] = None,
    str_dice: Annotated[int | None, typer.Option(help="Override Strength Dice.")] = None,
    mag_dice: Annotated[int | None, typer.Option(help="Override Magic Dice.")] = None,
    die: Annotated[
        int | None, typer.Option(help="Override the weapon's physical die (4-12).")
    ] = None,
    magic_die: Annotated[int | None, typer.Option(help="Override the magical die (4-12).")] = None,
    mag: Annotated[int | None, typer.Option(help="Override Magic (Healing, MP Steal).")] = None,
    fmt: Annotated[Format, typer.Option("--format", "-f", help="Output format.")] = Format.text,
    explain: Annotated[str | None, EXPLAIN_OPTION] = None,
) -> None:
    """Show a Tech's MP, TP, SP and HP costs, their breakdown, and what it does."""
    from builder.cli.output import print_json
    from builder.errors import UsageError
    from builder.rulesets.zodiac.views.techs import tech_view

    ws, techs = _load_techs(file, name)
    overrides = {
        "ap": ap,
        "map": map_,
        "str_dice": str_dice,
        "mag_dice": mag_dice,
        "die": die,
        "magic_die": magic_die,
        "mag": mag,
    }
    w = _wielder(character, ws.settings, overrides)
    views = [tech_view(e.model, w, ws.settings) for e in techs]
    if fmt is Format.json or explain is not None:
        from builder.rulesets.zodiac.show import tech_json

        if len(views) > 1:
            names = ", ".join(v.id for v in views)
            raise UsageError(f"{file} holds {len(views)} Techs ({names}); pick one with --name")
        if explain is not None:
            print_explain(tech_json(views[0]), explain, fmt)
            return
        print_json(tech_json(views[0]))
        return
    from builder.rulesets.zodiac.commands.tech_tables import print_tech

    for v in views:
        print_tech(v)


@app.command("cost", epilog=COST_EPILOG)
@handle_user_errors
def cost(
    level: Annotated[int | None, typer.Option("--level", "-l", help="Tech Level 1-6.")] = None,
    power: Annotated[str | None, typer.Option("--power", help="weak, medium or strong.")] = None,
    primary: Annotated[
        str | None, typer.Option(help="Primary effect id, e.g. attack_magic.")
    ] = None,
    secondary: Annotated[
        list[str] | None,
        typer.Option("--secondary", "-s", help="Secondary effect; id or id=value. Repeatable."),
    ] = None,
    element: Annotated[str | None, typer.Option(help="Element (fire, ice, ...).")] = None,
    damage_type: Annotated[str | None, typer.Option(help="physical or magical.")] = None,
    stat: Annotated[str | None, typer.Option(help="Break Arts / Stat Booster stat.")] = None,
    status: Annotated[
        list[str] | None,
        typer.Option(help="Status Effect status; name or name=modifier. Repeatable."),
    ] = None,
    clone: Annotated[
        bool, typer.Option("--clone", help="Price it as a Cloned Power (R15).")
    ] = False,
    upgrade_from: Annotated[
        int | None, typer.Option(help="Upgrade mode: the current Tech Level.")
    ] = None,
    to: Annotated[
        int | None, typer.Option("--to", help="Upgrade mode: the Tech Level wanted.")
    ] = None,
    related_level: Annotated[
        list[int] | None,
        typer.Option(help="Upgrade mode: Tech Level of the original or a clone. Repeatable."),
    ] = None,
    x_magic: Annotated[
        tuple[int, int] | None,
        typer.Option("--x-magic", help="X-Magic: the MP costs of the two Techs (R2)."),
    ] = None,
    fmt: Annotated[Format, typer.Option("--format", "-f", help="Output format.")] = Format.text,
) -> None:
    """Price a hypothetical Tech, an upgrade, or an X-Magic pair, and check its rules."""
    from builder.cli.output import console, print_json
    from builder.errors import UsageError
    from builder.rulesets.zodiac.rules import techs as R

    if x_magic is not None:
        x = R.x_magic_cost(*x_magic)
        if fmt is Format.json:
            print_json({"base": x.base, "surcharge": x.surcharge, "mp_cost": x.total})
        else:
            console.print(f"X-Magic: {x.text} MP (surcharge half of {x.base}, rounded up; R2)")
        return
    if upgrade_from is not None or to is not None:
        if upgrade_from is None or to is None:
            raise UsageError("upgrade mode needs both --upgrade-from and --to")
        if not 1 <= upgrade_from < to <= R.MAX_TECH_LEVEL:
            raise UsageError(
                f"cannot upgrade from Tech Level {upgrade_from} to {to}; use 1-6, upward"
            )
        related = list(related_level or [])
        steps = []
        for n in range(upgrade_from, to):
            halved = any(r >= n + 1 for r in related)
            steps.append(
                {
                    "from": n,
                    "to": n + 1,
                    "tp": R.upgrade_step_cost(n, halved=halved),
                    "half": halved,
                }
            )
        total = sum(s["tp"] for s in steps)
        if fmt is Format.json:
            print_json({"from": upgrade_from, "to": to, "tp_cost": total, "steps": steps})
            return
        for s in steps:
            why = " (half: a related Tech is already there, R15)" if s["half"] else ""
            console.print(f"  TL {s['from']} -> {s['to']}: {s['tp']} TP{why}")
        console.print(f"Upgrade {upgrade_from} -> {to}: [bold]{total} TP[/bold]")
        return
    _what_if(level, power, primary, secondary, element, damage_type, stat, status, clone, fmt)


def _project_settings() -> tuple[Any, Path | None]:
    """The house rules of the ZODIAC project around the current folder, as `tech show`
    and every sheet apply them (`damage_levels`, `damage_cap`, Map Combat...); the book's
    own rules when there is none (or the project plays another rule set)."""
    from builder.errors import ContentErrors
    from builder.io.project import find_project_root, load_config
    from builder.problems import Severity
    from builder.rulesets.zodiac.rules.ruleset import DEFAULT

    root = find_project_root(Path.cwd())
    if root is None:
        return DEFAULT, None
    config, diags = load_config(root)
    errors = [d for d in diags if d.severity is Severity.ERROR]
    if errors:
        raise ContentErrors(errors)
    if config is None or config.ruleset != RULESET.id:
        return DEFAULT, None
    return RULESET.settings(config.house_rules), root


def _what_if(
    level: int | None,
    power: str | None,
    primary: str | None,
    secondary: list[str] | None,
    element: str | None,
    damage_type: str | None,
    stat: str | None,
    status: list[str] | None,
    clone: bool,
    fmt: Format,
) -> None:
    from pydantic import ValidationError

    from builder.cli.output import console, err_console, print_json, safe
    from builder.diagnostics import from_validation_error
    from builder.errors import UsageError
    from builder.models.base import norm_key
    from builder.rulesets.zodiac.checks.techs import check_tech
    from builder.rulesets.zodiac.models.tech import Tech
    from builder.rulesets.zodiac.views.techs import tech_view

    if level is None or primary is None:
        raise UsageError(
            "give at least --level and --primary (or use --upgrade-from/--to, or --x-magic)"
        )
    data: dict[str, Any] = {"name": "What-if", "tech_level": level, "primary": primary}
    for key, value in (
        ("power_level", power),
        ("element", element),
        ("damage_type", damage_type),
        ("stat", stat),
    ):
        if value is not None:
            data[key] = value
    if secondary:
        data["secondary"] = [_one_key(s) for s in secondary]
    if status:
        data["statuses"] = [_one_key(s) for s in status]
    if clone:
        data["clone_of"] = "original"
    ids = {norm_key(x.partition("=")[0]) for x in secondary or []}
    if {"drain", "area_effect"} <= ids:
        # The choice changes who is hit, not the cost (Ch. II Drain Attack).
        data["drain_area"] = "hardest_hit"
    try:
        tech = Tech.model_validate(data)
    except ValidationError as exc:
        for p in from_validation_error(exc, data=data):
            # The message names the field; it quotes the option's value escaped and short.
            err_console.print(
                f"[bold red]error[/bold red] {p.code} {safe(p.message)}", soft_wrap=True
            )
        raise typer.Exit(1) from None
    ruleset, root = _project_settings()
    problems = check_tech(tech, map_combat=ruleset.house.map_combat)
    errors = [p for p in problems if p.severity == "error"]
    for p in problems:
        style = "bold red" if p.severity == "error" else "yellow"
        err_console.print(
            f"[{style}]{p.severity}[/{style}] {p.code} {safe(p.message)} [dim]\\[{safe(p.rule)}][/dim]",
            soft_wrap=True,
        )
    if errors:
        raise typer.Exit(1)
    view = tech_view(tech, ruleset=ruleset)
    if fmt is Format.json:
        print_json(view.to_json())
        return
    from builder.rulesets.zodiac.commands.tech_tables import print_tech

    print_tech(view)
    if root is not None:
        console.print(f"House rules from {safe(str(root / 'zodiac.yaml'))}", soft_wrap=True)
