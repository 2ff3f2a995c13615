"""`zodiac monster ...`: a monster's stat block, computed from its file (Appendix I)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from builder.cli.errors import handle_user_errors, open_checked
from builder.cli.show import EXPLAIN_OPTION, print_explain
from builder.cli.validate import Format
from builder.rulesets.zodiac import RULESET

if TYPE_CHECKING:  # imported lazily at run time: `zodiac --help` stays fast
    from builder.io.project import Entity
    from builder.rulesets.zodiac.checks.monsters import ResolvedTechs
    from builder.rulesets.zodiac.models.monster import Monster, PowerEntry
    from builder.rulesets.zodiac.rules.monsters import MonsterView
    from builder.workspace import Workspace

app = typer.Typer(
    help="Monsters: compute and show stat blocks.", no_args_is_help=True, rich_markup_mode=None
)

SHOW_EPILOG = (
    "\b\nExamples:\n"
    "  zodiac monster show content/examples/zodiac/monsters/goblin.yaml\n"
    "  zodiac monster show content/examples/zodiac/monsters/cave-bat.yaml --id cave-bat\n"
    "  zodiac monster show content/examples/zodiac/monsters/goblin.yaml --format json | jq .rewards.xp"
)


def load_monster(file: Path, monster_id: str | None = None) -> tuple[Workspace, Entity]:
    """The monster in ``file`` (or the one with ``monster_id``), else a located or usage error.

    The file's project is loaded too, so Tech ids and called monsters resolve.
    """
    from builder.cli.mount import entities_for
    from builder.errors import UsageError
    from builder.models.base import norm_id

    ws = open_checked(file)
    found = entities_for(ws, file, "monster show", RULESET.id, ("monster",))
    if monster_id is not None:
        from builder.diagnostics import did_you_mean

        want = norm_id(monster_id)
        match = [e for e in found if e.id == want]
        if not match:
            raise UsageError(
                f"{file} holds no monster with id {want!r}"
                f"{did_you_mean(want, [e.id for e in found])}"
            )
        found = match
    if len(found) > 1:
        ids = ", ".join(e.id for e in found)
        raise UsageError(f"{file} holds {len(found)} monsters ({ids}); pick one with --id")
    return ws, found[0]


@app.command("show", epilog=SHOW_EPILOG)
@handle_user_errors
def show(
    file: Annotated[Path, typer.Argument(help="A monster file (kind: monster).")],
    monster_id: Annotated[
        str | None,
        typer.Option("--id", help="Which monster, when the file holds several."),
    ] = None,
    fmt: Annotated[Format, typer.Option("--format", "-f", help="Output format.")] = Format.text,
    explain: Annotated[str | None, EXPLAIN_OPTION] = None,
) -> None:
    """Show a monster's stats, derived stats, attack, powers, Tech Levels and rewards."""
    from builder.cli.output import print_json
    from builder.rulesets.zodiac.show import monster_grid, monster_json, monster_stat_block

    ws, entity = load_monster(file, monster_id)
    view, techs = monster_stat_block(ws, entity)  # the same block `zodiac show` prints
    grid = monster_grid(ws, entity, view)  # R32: None unless the project plays Map Combat
    if explain is not None:
        print_explain(monster_json(ws, entity, view, grid), explain, fmt)
        return
    if fmt is Format.json:
        print_json(monster_json(ws, entity, view, grid))
        return
    print_monster(entity.model, view, techs, grid)


# --- The readable stat block ------------------------------------------------------------


def _power_detail(p: PowerEntry, techs: ResolvedTechs) -> str:
    """A power's parameters in a few words: 'fire', 'poison', 'goblin, imp', 'Fira (Lv 2)'."""
    bits: list[str] = []
    if p.element is not None:
        bits.append(p.element.value)
    for value in (p.status, p.item, p.skill, p.resists, p.variant):
        if value:
            bits.append(str(value).replace("_", " "))
    if p.monsters:
        bits.append("calls " + ", ".join(p.monsters))
    if p.tech is not None:
        level = techs.level(p.tech, p.tech_level)
        bits.append(techs.name(p.tech) + (f" (Tech Level {level})" if level else ""))
    if p.extra:
        bits.append(", ".join(f"+{v} {k.value.upper()}" for k, v in p.extra.items()))
    return "; ".join(bits)


def print_monster(
    m: Monster, v: MonsterView, techs: ResolvedTechs, grid: dict[str, Any] | None = None
) -> None:
    """Print the stat block a Master reads at the table; ``grid``: its Map Combat block."""
    from rich import box
    from rich.columns import Columns
    from rich.panel import Panel
    from rich.table import Table

    from builder.cli.output import console, safe
    from builder.models.base import STAT_NAMES, Stat
    from builder.rulesets.zodiac.rules import monsters as R
    from builder.rulesets.zodiac.rules.character import DERIVED_LABELS

    title = f"[bold]{safe(v.name)}[/bold]  level {v.level}"
    if v.boss:
        title += "  [bold white on red] BOSS [/bold white on red]"
    info = Table.grid(padding=(0, 2))
    if m.family:
        info.add_row("Family", safe(m.family))
    info.add_row(
        "Attack",
        f"{v.damage.formula_of('AP')} = {v.damage.minimum}-{v.damage.maximum} damage",
    )
    d = v.defenses
    if d.physical != "normal" or d.magical != "normal":
        info.add_row("Defense", f"physical damage {d.physical}, magical damage {d.magical}")
    for i, note in enumerate(d.notes):
        info.add_row("" if i else "Notes", safe(note))
    for name in R.AFFINITIES:
        if v.affinities.get(name):
            info.add_row(name.replace("_", " ").title(), safe(", ".join(v.affinities[name])))
    if v.status_immunities:
        info.add_row(
            "Status immune", safe(", ".join(s.replace("_", " ") for s in v.status_immunities))
        )
    info.add_row("Stat points", v.stat_total.breakdown.split(" = ", 1)[-1])
    if m.drops:
        chance = "boss: always dropped" if v.boss else "30% on defeat"
        info.add_row("Drops", f"{safe(', '.join(m.drops))} [dim]({chance})[/dim]")
    if m.steals:
        info.add_row("Steal", safe(", ".join(m.steals)))
    if m.description:
        info.add_row("", f"[italic]{safe(m.description, multiline=True)}[/italic]")
    console.print(Panel(info, title=title, title_align="left", box=box.ROUNDED))

    stats = Table(title="Stats", box=box.SIMPLE_HEAVY, title_justify="left")
    stats.add_column("Stat")
    stats.add_column("Value", justify="right")
    for s in Stat:
        stats.add_row(STAT_NAMES[s], str(v.stats[s.value]))
    stats.add_section()
    stats.add_row("Total", str(v.stat_total.value))
    derived = Table(title="Derived stats", box=box.SIMPLE_HEAVY, title_justify="left")
    derived.add_column("Stat")
    derived.add_column("Value", justify="right")
    derived.add_column("How", style="dim")
    for key in R.DERIVED_KEYS:
        if key in ("move", "jump") and grid is None:
            continue  # Map Combat only (R32)
        fig = getattr(v.derived, key)
        derived.add_row(DERIVED_LABELS[key], str(fig.value), fig.breakdown.split(" = ", 1)[-1])
    console.print(Columns([stats, derived], padding=(0, 4)))

    n_parts = len(m.parts)
    from builder.rulesets.zodiac.catalog import monster_power_summaries

    summaries = monster_power_summaries()

    def details(p: PowerEntry) -> str:
        said = _power_detail(p, techs)
        about = p.description if p.custom else summaries.get(p.id, "")
        sep = " - " if said and about else ""
        return safe(said) + (f"[dim]{sep}{safe(about, multiline=True)}[/dim]" if about else "")

    powers = Table(title="Powers and Techs", box=box.SIMPLE_HEAVY, title_justify="left")
    powers.add_column("Name")
    powers.add_column("Level", justify="right")
    powers.add_column("Details")
    for p in m.powers:
        spec = R.POWERS.get(p.id)
        name = spec.name if spec else (p.name or p.id.replace("_", " ").title())
        level = R.power_level(p, n_parts)
        powers.add_row(safe(name), "?" if level is None else str(level), details(p))
    if m.parts and not any(p.id == "multiple_parts" for p in m.powers):
        powers.add_row(
            "Multiple Parts",
            str(R.multiple_parts_level(n_parts)),
            "[dim]implied by the parts below[/dim]",
        )
    reach = [r for _, r in grid["tech_reach"]] if grid is not None else [None] * len(m.techs)
    for tech, level, rev in zip(m.techs, techs.levels, reach, strict=True):
        where = f"[dim]{rev}[/dim]" if rev else ""
        powers.add_row(
            f"Tech: {safe(techs.name(tech))}", "?" if level is None else str(level), where
        )
    if powers.row_count:
        console.print(powers)

    if m.parts:
        parts = Table(title="Extra parts", box=box.SIMPLE_HEAVY, title_justify="left")
        parts.add_column("Part")
        parts.add_column("HP", justify="right")
        parts.add_column("Power")
        for part, hp in zip(m.parts, v.parts_hp, strict=True):
            if part.power is not None:
                spec = R.POWERS.get(part.power.id)
                what = safe(spec.name if spec else part.power.id) + " " + details(part.power)
            elif part.tech is not None:
                lv = techs.level(part.tech, part.tech_level)
                what = safe(f"Tech: {techs.name(part.tech)}") + (
                    f" (Tech Level {lv})" if lv else ""
                )
            else:
                what = ""
            parts.add_row(safe(part.name), str(hp.value), what)
        console.print(parts)

    if grid is not None:
        console.print(f"[bold]Map Combat[/bold]: {grid['movement']}")
        console.print(f"  [dim]Attack {grid['attack_note']}[/dim]", soft_wrap=True)
        console.print(
            f"  [dim]Falls (height levels: HP lost): {grid['falls_text']}[/dim]", soft_wrap=True
        )
    total, spent = v.tech_levels_total, v.tech_levels_spent
    style = "bold red" if spent.value > total.value else "bold"
    console.print(
        f"Tech Levels: [{style}]{spent.value} spent of {total.value}[/{style}]  "
        f"[dim]({safe(total.breakdown.split(' = ', 1)[1])}; spent: "
        f"{safe(spent.breakdown.split(' = ', 1)[1])})[/dim]",
        soft_wrap=True,
    )
    console.print(
        f"Rewards: [bold]{v.rewards.xp.value:,} XP[/bold], [bold]{v.rewards.gold.value:,} gold"
        f"[/bold]  [dim]({v.rewards.xp.breakdown}; {v.rewards.gold.breakdown}), shared by the "
        "surviving characters[/dim]",
        soft_wrap=True,
    )
