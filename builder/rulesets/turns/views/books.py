"""Context builders of the books: ability cards and the combat reference here; the
combatant sheets in ``views/sheets.py`` (re-exported).

Each returns plain values only; the templates under ``templates/turns-and-actions/`` read
them and never compute.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from builder.rulesets.turns import tables as T
from builder.rulesets.turns.rules import combat as C
from builder.rulesets.turns.rules.grammar import parse_range
from builder.rulesets.turns.views.ability import ability_view
from builder.rulesets.turns.views.sheets import (
    combatant_sheets_context,
    health_track,
    pool_boxes,
)

if TYPE_CHECKING:
    from builder.io.project import Entity
    from builder.workspace import Workspace

# --------------------------------------------------------------------------- cards


def ability_cards_context(ws: Workspace, entities: list[Entity]) -> dict[str, Any]:
    """A card per ability of each combatant, resolved with its owner's numbers; then the
    abilities nobody carries, with their placeholders as written."""
    combatants = [e for e in entities if e.kind == "combatant"]
    abilities = {e.id: e for e in entities if e.kind == "ability"}
    cards: list[dict[str, Any]] = []
    owned: set[str] = set()
    for c in combatants:
        for ref in c.model.abilities:
            if ref in abilities:
                owned.add(ref)
                cards.append(ability_view(abilities[ref].model, c.model))
    cards.extend(ability_view(e.model) for i, e in abilities.items() if i not in owned)
    return {"cards": cards}


# --------------------------------------------------------------------------- sheets
# The combatant sheet lives in views/sheets.py (issue #27); its names stay importable here.

__all__ = [
    "ability_cards_context",
    "combat_reference_context",
    "combatant_sheets_context",
    "health_track",
    "pool_boxes",
]


# --------------------------------------------------------------------------- reference

WHEEL_R = 38.0
WHEEL_C = 50.0


def _wheel() -> dict[str, Any]:
    """The element wheel: the Fire -> Wind -> Water cycle as a triangle, the mirrored pairs
    (Darkness / Light, Metal / Electric) beside it. Coordinates in a 100 x 100 box."""
    nodes = []
    fills = {"fire": "#f4d6cf", "wind": "#dcefe2", "water": "#d6e3f4"}
    for i, name in enumerate(("fire", "wind", "water")):
        angle = math.radians(-90 + 120 * i)
        nodes.append(
            {"name": name, "x": round(WHEEL_C + WHEEL_R * math.cos(angle), 1),
             "y": round(WHEEL_C + WHEEL_R * math.sin(angle), 1), "fill": fills[name]}
        )  # fmt: skip
    arrows = []
    for i in range(3):
        a, b = nodes[i], nodes[(i + 1) % 3]
        # shorten each arrow so it stops at the circles (radius 11 in the box)
        dx, dy = b["x"] - a["x"], b["y"] - a["y"]
        length = math.hypot(dx, dy)
        ux, uy = dx / length, dy / length
        arrows.append(
            {"x1": round(a["x"] + 12 * ux, 1), "y1": round(a["y"] + 12 * uy, 1),
             "x2": round(b["x"] - 13 * ux, 1), "y2": round(b["y"] - 13 * uy, 1),
             "label": f"{a['name']} beats {b['name']}"}
        )  # fmt: skip
    return {"nodes": nodes, "arrows": arrows}


def _sign(n: int) -> str:
    return "+1" if n > 0 else ("-1" if n < 0 else "")


def combat_reference_context(ws: Workspace, entities: list[Entity]) -> dict[str, Any]:
    chart = [
        {
            "attack": a,
            "cells": [
                {"target": t, "shift": _sign(C.element_shift(a, t)), "n": C.element_shift(a, t)}
                for t in T.ELEMENTS
            ],
        }
        for a in T.ELEMENTS
    ]
    ranges = []
    for form, example in (("X", "3"), ("X-Y", "2-4"), ("=X", "=2"), ("-Y", "-3"),
                          ("X-", "5-"), (">X", ">5"), ("!X", "!1")):  # fmt: skip
        r = parse_range(example)
        ranges.append({"form": form, "example": example, "reads": r.reads(),
                       "cells": [r.allows(d) for d in range(8)]})  # fmt: skip
    grades = [
        {
            "name": g.name,
            "margin": (
                f"pass by {g.low}+" if g.high is None
                else f"pass by {g.low}-{g.high}" if g.low is not None and g.low >= 0
                else f"fail by {-g.high}-{-g.low}" if g.low is not None
                else f"fail by {-g.high}+"
            ),
            "obstacle": g.obstacle,
            "penalty": (
                f"x{g.obstacle_factor:g} par ({C.obstacle_penalty(10, 10 + (g.high or 0), 10)} for par 10)"
                if g.obstacle_factor else "none"
            ),
            "battle": f"{g.battle_percent}%",
        }
        for g in C.GRADES
    ]  # fmt: skip
    return {
        "ap_per_turn": T.AP_PER_TURN,
        "out_of_combat_ap": T.OUT_OF_COMBAT_AP,
        "actions": [{"name": n, "ap": ap, "note": note} for n, ap, note in T.COMMON_ACTIONS],
        "movement": [{"nth": n, "ap": C.movement_cost(n)} for n in range(1, 6)],
        "charging": [
            {"ap": ap, "turns": C.turns_to_pay(ap), "burn": C.burn_debt(ap)}
            for ap in (10, 20, 25, 30, 40, 50, 60)
        ],
        "ranges": ranges,
        "distances": list(range(8)),
        "targeting": [{"name": T.TARGETING_NAMES[t]} for t in T.TARGETING],
        "elements": T.ELEMENTS,
        "chart": chart,
        "element_lines": [
            {
                "element": e,
                "strong": sorted(T.ELEMENT_CHART[e][0]) if e != "noble" else ["everything"],
                "weak": sorted(T.ELEMENT_CHART[e][1]) if e != "noble" else ["everything"],
            }
            for e in T.ELEMENTS
        ],
        "element_example": [
            {"against": t, "damage": C.damage_against(2, 5, "water", t)}
            for t in ("fire", "wind", "water")
        ],
        "wheel": _wheel(),
        "swarm": [{**C.swarm(n).to_json(), "name": C.swarm_name(n)} for n in range(2, 9)],
        "befriend": [
            {"intelligence": i, "dcs": [C.befriend_dc(i, 100 * q // 4, 100) for q in (4, 3, 2, 1)]}
            for i in T.BEFRIEND_BASE
        ],
        "danger": [{"intelligence": i, "percent": p} for i, p in T.DANGER_PERCENT.items()],
        "falls": [{"spaces": n, "damage": C.fall_damage(n)} for n in range(1, 7)],
        "cover": [
            {"name": n, "rank": r, "per_level": C.cover_temporary_health(1, r)}
            for n, r in T.COVER_RANKS
        ],
        "cover_example": C.cover_temporary_health(2, 3),  # R50: Medium Cover at CL 2
        "tired": [
            {"instances": n, "deducted": n * T.TIRED_AP, "turns": C.tired_ap(n)}
            for n in range(1, 7)
        ],
        "tired_ap": T.TIRED_AP,
        "status_turns": T.NEGATIVE_STATUS_TURNS,
        "statuses": [
            {"name": n, "effect": e, "negative": neg}
            for neg, table in ((True, T.NEGATIVE_STATUSES), (False, T.POSITIVE_STATUSES))
            for n, e in table.items()
        ],
        "crit_ranks": [
            {"rank": r, "nat20": C.natural_twenty_rank(r), "nat1": C.natural_one_rank(r)}
            for r in range(6)
        ],
        "grades": grades,
        "obstacle_bands": [{"difficulty": d, "band": C.obstacle_band(d)} for d in (7, 8, 20, 21)],
        "battle_bands": [{"difficulty": d, "band": C.battle_band(d)} for d in (7, 8, 18, 19)],
        "placeholders": [{"name": k, "means": v} for k, v in T.PLACEHOLDER_SCORES.items()],
        "counters": T.COUNTERS_INITIATIVE,
        "tracker_rows": 20,
        "teamwork": [{"rank": r, "counts": n} for r, n in T.TEAMWORK_COUNT.items()],
    }
