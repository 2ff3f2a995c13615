"""Readable terminal tables (rich) for the `show` commands."""

from __future__ import annotations

from rich import box
from rich.columns import Columns
from rich.panel import Panel
from rich.table import Table

from builder.cli.output import console, safe
from builder.models.base import STAT_NAMES, Stat
from builder.rulesets.zodiac.rules.character import DERIVED_LABELS
from builder.rulesets.zodiac.views.character_base import CharacterView


def print_character(v: CharacterView) -> None:
    title = f"[bold]{safe(v.name)}[/bold]  level {v.level}"
    if v.level != v.file_level:
        title += f" [dim](file: level {v.file_level})[/dim]"
    xp = f"{v.xp:,} XP" if v.xp is not None else ""
    nxt = f", {v.xp_next:,} to next level" if v.xp_next is not None else " (max level)"
    info = Table.grid(padding=(0, 2))
    info.add_row("Class Power", v.class_power.replace("_", " ").title())
    info.add_row("Armor", v.armor_type.title())
    if v.weapon_class:
        info.add_row("Weapon", safe(v.weapon_class.title()))
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
        if key in ("move", "jump") and v.map_combat is None:
            continue  # Map Combat only (R32)
        val = v.derived[key]
        derived.add_row(label, str(val.value), val.explain())
    console.print(Columns([stats, derived], padding=(0, 4)))
    print_character_equipment(v)
    if v.speed is not None:  # turns: SP per round, actions in rounds 1-3 (Ch. VI)
        from builder.rulesets.zodiac.show import speed_rows

        for label, text in speed_rows(v.speed):
            console.print(f"[bold]{label.strip()}[/bold]: {text}")
    print_character_skills(v)
    if v.map_combat is not None:
        from builder.rulesets.zodiac.views.map_combat import falls_text, movement_text

        console.print(f"[bold]Map Combat[/bold]: {movement_text(v.map_combat)}")
        console.print(
            f"[bold]Falls[/bold] [dim](height levels: HP lost)[/dim]: {falls_text(v.map_combat)}"
        )

    if v.class_power == "tech":
        console.print(
            f"Tech Points: [bold]{v.tech_points_total}[/bold] total, {v.tech_points_spent} spent, "
            f"[bold]{v.tech_points_available}[/bold] available"
        )
    from builder.rulesets.zodiac.commands.tech_tables import print_character_techs

    print_character_techs(v.techs)
    if v.unspent_bonus_points:
        console.print(f"[yellow]{v.unspent_bonus_points} bonus point(s) unspent[/yellow]")


def print_character_skills(v: CharacterView) -> None:
    """The Command and Support Skill's numbers and creation choices (Ch. IV)."""
    if not v.skill_numbers:
        return
    table = Table(title="Skills", box=box.SIMPLE_HEAVY, title_justify="left")
    for col in ("Skill", "Value", "Note", "How"):
        table.add_column(col, justify="right" if col == "Value" else "left")
    for row in v.skill_numbers:
        table.add_row(
            safe(row["label"]), safe(row["value"]), safe(row["note"]), safe(row["breakdown"])
        )
    console.print(table)


def print_character_equipment(v: CharacterView) -> None:
    """Equipped items, attack lines, affinities and gold (Ch. V, Ch. VI Attacking)."""
    from builder.rulesets.zodiac.views.equipment import bonus_text

    if v.equipment:
        items = Table(title="Equipment", box=box.SIMPLE_HEAVY, title_justify="left")
        for col in ("Slot", "Item", "Lv", "Bonus", "Abilities"):
            items.add_column(col, justify="right" if col == "Lv" else "left")
        for i in v.equipment:
            items.add_row(
                i.slot.title(),
                f"{safe(i.name)} [dim]({safe(i.set_name)})[/dim]",
                str(i.level or ""),
                bonus_text(i.bonus),
                safe(", ".join(i.abilities)),
            )
        console.print(items)
    for a in v.attacks:
        line = f"[bold]Attack[/bold] ({safe(a.name)}): {safe(a.text)}"
        extras = [f"Accuracy {a.accuracy}", f"critical on {a.critical}+"]
        if a.element:
            extras.append(a.element)
        if a.long_range:
            extras.append("long range")
        if a.hit_chance is not None:
            extras.append(f"[bold]{a.hit_chance}%[/bold] to hit Evade {a.target_evade}")
        drain = a.drain()
        if drain is not None:
            extras.append(f"drains {drain['percent']}%: {drain['min']}-{drain['max']} HP a hit")
        if a.flying_penalty:
            flying = f"vs flying: Accuracy {a.flying_accuracy} ({a.flying_penalty})"
            if a.flying_hit_chance is not None:
                flying += f", {a.flying_hit_chance}% to hit"
            extras.append(flying)
        console.print(f"{line}  [dim]{'; '.join(extras)}[/dim]")
        # Ch. VI: a hit as it lands (critical, affinities, Defend, Mini target), and what
        # the attacker's Blind, Mini, Frog or Curse make of it.
        lands = "; ".join(f"{o.label} {o.text}" for o in a.outcomes())
        console.print(f"  [dim]{lands}; while Blind Accuracy {a.blind_accuracy}[/dim]")
        if v.map_combat is not None:
            from builder.rulesets.zodiac.views.map_combat import attack_note

            console.print(f"  [dim]Map: {attack_note(a.long_range, a.accuracy)}[/dim]")
    if v.affinities:
        shown = ", ".join(f"{el} {aff}" for el, aff in v.affinities.items())
        console.print(f"[bold]Affinities[/bold]: {shown}")
    if v.status_immunities:
        console.print(f"[bold]Status immunities[/bold]: {', '.join(v.status_immunities)}")
    if v.damage_taken_pct:
        shown = ", ".join(f"{k} {pct:+d}%" for k, pct in v.damage_taken_pct.items())
        console.print(f"[bold]Damage taken[/bold]: {shown}")
    if v.purchases:
        bought = ", ".join(
            f"{p.count} x {safe(p.name or p.item)} ({p.total} G)"
            if p.count > 1
            else f"{safe(p.name or p.item)} ({p.total} G)"
            for p in v.purchases
        )
        console.print(f"[bold]Bought at creation[/bold]: {bought}")
    if v.gold is not None:
        terms = [t for t in v.gold_breakdown if t.source != "gold"]  # "as written": no sum
        if terms:
            account = Table(title=f"Gold: {v.gold:,} G", box=box.SIMPLE_HEAVY, title_justify="left")
            for col in ("", "G", "From"):
                account.add_column(col, justify="right" if col == "G" else "left")
            for t in terms:
                account.add_row(safe(t.label), f"{t.amount:+,}", t.source)
            console.print(account)
        else:
            console.print(f"[bold]Gold[/bold]: {v.gold:,} G")
    if v.inventory_rows:
        bag = Table(title="Inventory", box=box.SIMPLE_HEAVY, title_justify="left")
        for col in ("Item", "Count", "Price", "Sells for", "From"):
            bag.add_column(col, justify="left" if col in ("Item", "From") else "right")
        for r in v.inventory_rows:
            price = f"{r.price:,} G" if r.price is not None else ""
            sells = f"{r.sell_price:,} G" if r.sell_price is not None else ""
            bag.add_row(safe(r.name), str(r.count), price, sells, r.source)
        console.print(bag)
