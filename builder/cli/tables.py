"""Readable terminal tables (rich) for the `show` commands."""

from __future__ import annotations

from rich import box
from rich.columns import Columns
from rich.panel import Panel
from rich.table import Table

from builder.cli.output import console
from builder.models.base import STAT_NAMES, Stat
from builder.views.character import CharacterView

DERIVED_LABELS = {
    "hp": "Hit Points",
    "mp": "Magic Points",
    "ap": "Attack Power",
    "map": "Magic Attack Power",
    "str_dice": "Strength Dice",
    "mag_dice": "Magic Dice",
    "accuracy": "Accuracy",
    "magic_accuracy": "Magic Accuracy",
    "evade": "Evade",
    "resist": "Resist",
    "critical": "Critical",
    "speed": "Speed",
    "max_tech_levels": "Max Tech Levels",
    "move": "Move",
    "jump": "Jump",
}


def print_character(v: CharacterView) -> None:
    title = f"[bold]{v.name}[/bold]  level {v.level}"
    if v.level != v.file_level:
        title += f" [dim](file: level {v.file_level})[/dim]"
    xp = f"{v.xp:,} XP" if v.xp is not None else ""
    nxt = f", {v.xp_next:,} to next level" if v.xp_next is not None else " (max level)"
    info = Table.grid(padding=(0, 2))
    info.add_row("Class Power", v.class_power.replace("_", " ").title())
    info.add_row("Armor", v.armor_type.title())
    if v.weapon_class:
        info.add_row("Weapon", v.weapon_class.title())
    if v.command_skill:
        info.add_row("Command", f"{v.command_skill.name} [dim]- {v.command_skill.summary}[/dim]")
    if v.support_skill:
        info.add_row("Support", f"{v.support_skill.name} [dim]- {v.support_skill.summary}[/dim]")
    info.add_row("Experience", xp + nxt)
    console.print(Panel(info, title=title, title_align="left", box=box.ROUNDED))

    stats = Table(title="Base stats", box=box.SIMPLE_HEAVY, title_justify="left")
    stats.add_column("Stat")
    stats.add_column("Value", justify="right")
    for s in Stat:
        stats.add_row(STAT_NAMES[s], str(v.stats[s.value]))

    derived = Table(title="Derived stats", box=box.SIMPLE_HEAVY, title_justify="left")
    derived.add_column("Stat")
    derived.add_column("Value", justify="right")
    derived.add_column("How", style="dim")
    for key, label in DERIVED_LABELS.items():
        val = v.derived[key]
        derived.add_row(label, str(val.value), val.explain())
    console.print(Columns([stats, derived], padding=(0, 4)))

    if v.class_power == "tech":
        console.print(
            f"Tech Points: [bold]{v.tech_points_total}[/bold] total, {v.tech_points_spent} spent, "
            f"[bold]{v.tech_points_available}[/bold] available"
        )
    if v.unspent_bonus_points:
        console.print(f"[yellow]{v.unspent_bonus_points} bonus point(s) unspent[/yellow]")
