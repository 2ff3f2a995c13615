"""`zodiac equipment ...`: show a weapon, armor or relic set with prices, bonuses and pools."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from builder.cli.errors import handle_user_errors, open_checked
from builder.cli.show import EXPLAIN_OPTION, print_explain
from builder.cli.validate import Format
from builder.rulesets.zodiac import RULESET

if TYPE_CHECKING:
    from builder.rulesets.zodiac.views.equipment import SetView

app = typer.Typer(
    help="Equipment sets: weapons, armor and guards, relics.",
    no_args_is_help=True,
    rich_markup_mode=None,
)

SET_KINDS = ("weapon_set", "armor_set", "relic_set")

SHOW_EPILOG = (
    "\b\nExamples:\n"
    "  zodiac equipment show content/examples/zodiac/equipment/swords.yaml\n"
    "  zodiac equipment show content/examples/zodiac/equipment/wanderer-mail.yaml --format json "
    "| jq '.items[].price'\n"
    "  zodiac equipment show content/examples/zodiac/equipment/wanderer-mail.yaml --id wanderers-mail"
)


@app.command("show", epilog=SHOW_EPILOG)
@handle_user_errors
def show(
    file: Annotated[Path, typer.Argument(help="A weapon_set, armor_set or relic_set file.")],
    set_id: Annotated[
        str | None,
        typer.Option("--id", help="Which set, when the file holds several."),
    ] = None,
    fmt: Annotated[Format, typer.Option("--format", "-f", help="Output format.")] = Format.text,
    explain: Annotated[str | None, EXPLAIN_OPTION] = None,
) -> None:
    """Show each item's level, price, bonuses, abilities and points, with the pool totals."""
    from builder.cli.mount import entities_for
    from builder.cli.output import print_json
    from builder.errors import UsageError
    from builder.models.base import norm_id
    from builder.rulesets.zodiac.views.equipment import set_view

    ws = open_checked(file)
    sets = entities_for(ws, file, "equipment show", RULESET.id, SET_KINDS)
    if set_id is not None:
        sets = [e for e in sets if e.id == norm_id(set_id)]
    if not sets:
        which = f" with id '{set_id}'" if set_id else ""
        raise UsageError(f"{file} holds no weapon_set, armor_set or relic_set{which}")
    if len(sets) > 1:
        ids = ", ".join(e.id for e in sets)
        raise UsageError(f"{file} holds {len(sets)} sets ({ids}); choose one with --id")
    view = set_view(sets[0])
    if explain is not None:
        from builder.rulesets.zodiac.show import set_json

        print_explain(set_json(view), explain, fmt)
        return
    if fmt is Format.json:
        from builder.rulesets.zodiac.show import set_json

        print_json(set_json(view))
        return
    print_set(view)


def _pool_text(view: SetView) -> list[str]:
    lines = []
    for name, pool in view.pools.items():
        if "regular" in pool:
            reg, art = pool["regular"], pool["artifact"]
            lines.append(
                f"{name.title()} pool: {reg['used']} of {reg['size']} points (levels 1-9), "
                f"artifact {art['used']} of {art['size']}"
            )
        else:
            lines.append(
                f"Relics: {pool['points']} of {pool['max_points']} points in {pool['count']} of "
                f"{pool['max_count']} relics; {pool['artifacts']} of {pool['max_artifacts']} "
                "artifact relics"
            )
    return lines


def print_set(view: SetView) -> None:
    """A set as a rich table: one row per item, then the pools."""
    from rich import box
    from rich.table import Table

    from builder.cli.output import console, safe
    from builder.rulesets.zodiac.views.equipment import bonus_text

    facts = ", ".join(
        k.replace("_", " ") if v is True else f"{k.replace('_', ' ')} {v}"
        for k, v in view.facts.items()
        if v not in (False, None)
    )
    kind = f"{view.kind} · {facts}" if facts else view.kind
    console.print(f"[bold]{safe(view.name)}[/bold]  [dim]{safe(kind)}[/dim]")
    if view.description:
        console.print(f"[dim]{safe(view.description, multiline=True)}[/dim]")
    has_draw = any(i.draw_out for i in view.items)
    table = Table(box=box.SIMPLE_HEAVY)
    for col in ("", "Lv", "Name", "Price", "Bonus", "Abilities", "Pts"):
        right = col in ("Lv", "Price", "Pts")
        table.add_column(col, justify="right" if right else "left", overflow="fold")
    if has_draw:
        table.add_column("Draw Out", overflow="fold")
    slot = None
    for i in view.items:
        if i.slot != slot and view.kind == "armor_set":
            table.add_section()
        shown_slot = i.slot.title() if i.slot != slot else ""
        slot = i.slot
        price = f"{i.price:,} G" if i.price is not None else "not sold"
        row = [
            shown_slot,
            str(i.level) if i.level is not None else ("art." if i.artifact else ""),
            safe(i.name),
            price,
            bonus_text(i.bonus),
            safe(", ".join(i.abilities)),
            str(i.points),
        ]
        if has_draw:
            row.append(safe(i.draw_out or ""))
        table.add_row(*row)
    console.print(table)
    for line in _pool_text(view):
        console.print(line)
