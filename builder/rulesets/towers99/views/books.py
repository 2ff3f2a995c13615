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


DISTANCE_SPAN = 7  # Counting Spaces: a grid of squares 0-6 across and down
OUTNUMBER_SPAN = 4  # friends and foes 1-4 in one melee
REST_LOST = (1, 2, 3, 4, 5, 6, 8, 10)


def distance_grid() -> list[list[int]]:
    """Counting Spaces (L324-325): spaces to a square DX across and DY down, diagonals
    counting 1, 2, 1, 2 ...; row DY, column DX."""
    return [[C.grid_distance(dx, dy) for dx in range(DISTANCE_SPAN)] for dy in range(DISTANCE_SPAN)]


def outnumbering_grid() -> list[list[str]]:
    """Outnumbering (L151): row = friends in the melee (you included), column = foes."""
    return [
        [C.outnumbering(f, e) or "–" for e in range(1, OUTNUMBER_SPAN + 1)]
        for f in range(1, OUTNUMBER_SPAN + 1)
    ]


def size_shift_rows() -> list[dict[str, Any]]:
    """Size Modifiers (L136-149): each size's own shift as attacker (<PA>) and defender
    (<PD>/<ID>), the inverse of its rank; its space (Creature Sizes); its grapple size."""
    return [
        {
            "size": s.title(),
            "rank": r,
            "space": str(T.SIZE_SPACE[s]),
            "attack": C.modifier_text({"shift": C.size_shifts(s, s).attacker}),
            "defense": C.modifier_text({"shift": C.size_shifts(s, s).defender}),
            "squeeze": max(0, r),
        }
        for s, r in T.SIZE_RANKS.items()
    ]


def cover_rows() -> list[dict[str, str]]:
    """Cover (L156-161): what each kind gives the Defender's flip."""
    when = {
        "none": "all of the target can be seen",
        "soft": "part blocked, more than half seen; a non-ally in the way of the target's "
        "size ± 1 rank; a ranged attack into a melee (not yours alone)",
        "hard": "more than half of the target blocked from sight",
        "total": "no line from attacker to target",
    }
    return [
        {
            "cover": k.title(),
            "when": when[k],
            "defender": " ".join(v) if v else ("no attack, usually" if v is None else "–"),
        }
        for k, v in T.COVER.items()
    ]


def chapter_example() -> dict[str, int]:
    """STUN Damage's worked example (L206): the heavy rifle (7) with two Hearts against
    the bandit's <ER> 1 deals 8 STUN, and 2 LETHAL (L212)."""
    hit = C.hit_damage(7, 2, resilience=1)
    return {"damage": 7, "hearts": 2, "er": 1, "stun": hit.stun, "lethal": hit.lethal}


def table_aids_context(ws: Workspace, entities: list[Entity]) -> dict[str, Any]:
    """`99-towers/table_aids.html`: the clock (and its tie-breaks), the action reference,
    the area templates, combat procedures (modifiers, damage, grappling, duels) and the
    quick reference."""
    return {
        "tie_breaks": [label for _, label in T.TIE_BREAKS],
        "distance": distance_grid(),
        "outnumbering": outnumbering_grid(),
        "size_shifts": size_shift_rows(),
        "cover": cover_rows(),
        "example": chapter_example(),
        "rest_rows": [{"lost": n, "hours": C.lethal_rest_hours(n)} for n in REST_LOST],
        "showdown": list(T.SHOWDOWN_LIST),
        "showdown_margin": T.SHOWDOWN_FOCUS_MARGIN,
        "restricted_hs": [(hs, C.restricted_hard_strength(hs)) for hs in range(1, 7)],
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
