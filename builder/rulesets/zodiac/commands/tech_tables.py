"""Terminal tables for Techs: `zodiac tech show` and the Techs of `character show`."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.markup import escape
from rich.table import Table

from builder.cli.output import console


def _cost(row: dict[str, Any]) -> str:
    parts = []
    if row.get("sp_cost") is not None:
        parts.append(f"{row['sp_cost']} SP")
    else:
        parts.append(f"{row.get('mp_cost')} MP")
    if row.get("hp_cost"):
        parts.append(f"{row['hp_cost']} HP")
    return " + ".join(parts)


def print_character_techs(techs: list[dict[str, Any]]) -> None:
    """One row per known Tech or Enemy Skill, with its effect for this character."""
    if not techs:
        return
    blue = any(t.get("enemy_skill") for t in techs)
    table = Table(
        title="Enemy Skills" if blue else "Techs", box=box.SIMPLE_HEAVY, title_justify="left"
    )
    table.add_column("Name")
    table.add_column("TL", justify="right")
    table.add_column("Cost", justify="right")
    table.add_column("Learned", justify="right")
    if not blue:
        table.add_column("TP", justify="right")
    table.add_column("Effect", style="dim")
    for t in techs:
        name = escape(t["name"]) + (
            f" [dim](clone of {t['clone_of']})[/dim]" if t.get("clone_of") else ""
        )
        effect = escape(t.get("effect") or "")
        if t.get("reach"):
            effect += escape(f" [{t['reach']}]")
        row = [name, str(t["tech_level"]), _cost(t), f"lv {t['learned_at']}"]
        if not blue:
            row.append(str(t.get("tp_paid", "")))
        table.add_row(*row, effect)
    console.print(table)


def print_tech(view: Any) -> None:
    """The readable form of `zodiac tech show`: costs, breakdown, effects, rule notes."""
    title = f"[bold]{escape(view.name)}[/bold]  Tech Level {view.tech_level}"
    if view.power_level:
        title += f", {view.power_level}"
    info = Table(title=title, box=box.ROUNDED, show_header=False, title_justify="left")
    info.add_column("What", style="bold")
    info.add_column("Value")
    info.add_row("Primary", view.primary.replace("_", " ").title())
    if view.secondary:
        info.add_row("Secondary", escape(", ".join(map(_sec, view.secondary))))
    if view.element:
        info.add_row("Element", view.element)
    if view.clone_of:
        info.add_row("Clone of", view.clone_of)
    info.add_row("Effective level", str(view.effective_level))
    mp = "invalid" if view.mp_cost is None else str(view.mp_cost)
    info.add_row("MP", mp)
    if view.sp_cost is not None:
        info.add_row("SP", str(view.sp_cost))
    if view.hp_cost:
        info.add_row("HP", str(view.hp_cost))
    info.add_row("TP to learn", str(view.tp_cost))
    info.add_row("Cost breakdown", escape(view.breakdown))
    if view.reach:
        info.add_row("Map Combat", view.reach)
    info.add_row("Effect", escape("\n".join(view.effects)))
    if getattr(view, "lands", None):
        info.add_row("Lands", escape(view.lands))
    if view.description:
        info.add_row("Description", escape(view.description))
    console.print(info)
    console.print(f"[dim]Effect computed for: {escape(view.computed_for)}[/dim]")
    for note in view.notes:
        console.print(f"[dim]- {escape(note)}[/dim]")


def _sec(s: Any) -> str:
    if isinstance(s, dict):
        ((k, v),) = s.items()
        return f"{k}: {v}"
    return str(s)
