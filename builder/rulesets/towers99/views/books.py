"""Contexts of the 99 Towers books: table aids, combatant cards, weapon cards.

Every number is computed here from ``rules.combat`` and ``tables``; templates only read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.rulesets.towers99 import tables as T
from builder.rulesets.towers99.rules import combat as C
from builder.rulesets.towers99.views.entities import combatant_view, weapon_view

if TYPE_CHECKING:
    from builder.io.project import Entity
    from builder.workspace import Workspace

AREA_SIZES = (1, 2, 3)


def clock_rows() -> list[list[dict[str, Any]]]:
    """The Combat Clock: 10 x 10 phases 0-99; zero phases (0, 10, 20, ...) marked."""
    return [
        [{"phase": r * 10 + c, "zero": c == 0} for c in range(T.ROUND_PHASES)]
        for r in range(T.CLOCK_PHASES // T.ROUND_PHASES)
    ]


def _sort_key(a: T.Action) -> tuple[int, int, str]:
    if a.timing == "free":
        return (0, 0, a.name)
    if a.cost is None:
        return (2, 0, a.name)  # Special, Varies: last
    return (1, a.cost, a.name)


def action_rows() -> list[dict[str, Any]]:
    """The Action List sorted by cost (Free first, Special and Varies last)."""
    return [
        {
            "name": a.name,
            "cost": a.cost_text,
            "shift_cost": (
                C.shift_combination_cost(a)
                if a.cost is not None and C.shift_forbidden(a) is None
                else None
            ),
            "group": a.group,
            "oa": a.provokes != "never",
            "oa_text": T.PROVOKES_TEXT[a.provokes],
            "summary": a.summary,
            "modifiers": list(a.modifiers),
        }
        for a in sorted(T.ACTIONS, key=_sort_key)
    ]


def area_grid(cells: list[tuple[int, int]], centre: str, x: int) -> list[list[str]]:
    """Rows of '' / 'in' / ``centre`` for an area around the square (0, 0), one square of margin."""
    inside = set(cells)
    span = range(-x - 1, x + 2)
    return [
        [centre if (dx, dy) == (0, 0) else ("in" if (dx, dy) in inside else "") for dx in span]
        for dy in span
    ]


def areas() -> list[dict[str, Any]]:
    """Burst and Aura 1-3 (an Aura around a Small or Medium creature's one square)."""
    bursts = [
        {
            "name": f"Burst {x}",
            "squares": C.burst_squares(x),
            "note": "target square included",
            "grid": area_grid(C.burst_cells(x), "target", x),
        }
        for x in AREA_SIZES
    ]
    auras = [
        {
            "name": f"Aura {x}",
            "squares": C.aura_squares(x),
            "note": "Small or Medium source, its own square not included",
            "grid": area_grid(C.aura_cells(x), "source", x),
        }
        for x in AREA_SIZES
    ]
    return bursts + auras


def table_aids_context(ws: Workspace, entities: list[Entity]) -> dict[str, Any]:
    """`99-towers/table_aids.html`: the clock, the action reference and the area templates."""
    return {
        "clock": clock_rows(),
        "actions": action_rows(),
        "shift_extra": T.SHIFT_COMBINATION_EXTRA,
        "oa_cost": T.OPPORTUNITY_ATTACK_COST,
        "start_rows": [
            {"initiative": ci, "phase": C.start_phase(ci), "surprised": C.start_phase(ci, True)}
            for ci in range(1, 21)
        ],
        "areas": areas(),
        "falls": [
            {"feet": f, "stun": C.falling(f).stun, "flips": C.falling(f).flips}
            for f in (5, 10, 15, 20, 30, 40, 50)
        ],
        "sizes": [
            {"size": s.title(), "rank": r, "space": str(T.SIZE_SPACE[s])}
            for s, r in T.SIZE_RANKS.items()
        ],
    }


def combatant_cards_context(ws: Workspace, entities: list[Entity]) -> dict[str, Any]:
    """`99-towers/combatant_cards.html`: one card per combatant with its trackers."""
    weapons = {e.id: e for e in ws.content.of_kind("weapon")}
    names = {e.id: e.model.name for e in ws.content.of_kind("combatant")}
    cards = []
    for e in entities:
        v = combatant_view(e.model, e.id, weapons)
        v["owner_name"] = names.get(v["owner"]) if v["owner"] else None
        v["stun_boxes"] = list(range(v["stun"], 0, -1))
        cards.append(v)
    return {"combatants": cards}


def weapon_cards_context(ws: Workspace, entities: list[Entity]) -> dict[str, Any]:
    """`99-towers/weapon_cards.html`: one card per weapon with its range bands."""
    return {"weapons": [weapon_view(e.model, e.id) for e in entities]}
