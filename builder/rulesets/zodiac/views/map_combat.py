"""Map Combat as read at the table: a combatant's movement block, its attack reach, and
the reference book (map-combat-old.txt; R29, R30, R32).

Every number comes from ``rules.map_combat`` and ``rules.techs``; this module only picks
them for one character or monster and lays them out for JSON, the terminal and templates.
Nothing here is shown unless the project turns Map Combat on (R32), except the reference
book, which a project only prints when it asks for it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from builder.rulesets.zodiac.rules import map_combat as M
from builder.rulesets.zodiac.rules import techs as T
from builder.rulesets.zodiac.rules.tables import JUMP_BASE, MOVE_BASE

if TYPE_CHECKING:
    from builder.io.project import Entity
    from builder.workspace import Workspace


def character_movement(derived: Any) -> M.Movement:
    """Move, Jump, climbing, jump gap and falls from a character's derived stats (R29)."""
    return M.movement(derived["move"].value, derived["jump"].value, derived["hp"].value)


def monster_movement(view: Any) -> M.Movement:
    """The same for a monster's computed view (monsters start at Move 3, Jump 3: R29)."""
    d = view.derived
    return M.movement(d.move.value, d.jump.value, d.hp.value)


def attack_fields(long_range: bool, accuracy: int) -> dict[str, int]:
    """The contract keys each `attacks` entry gains when Map Combat is on (R30)."""
    reach = M.attack_reach(long_range, accuracy)
    return {
        "range": reach.range,
        "accuracy_side": reach.accuracy_side,
        "accuracy_back": reach.accuracy_back,
    }


def attack_note(long_range: bool, accuracy: int) -> str:
    """The attack line's Map Combat note: R, Accuracy by angle, the critical's shove."""
    return M.attack_reach(long_range, accuracy).note


def movement_text(mv: M.Movement) -> str:
    """One line for a terminal or a stat block: Move, Jump and what they allow."""
    return (
        f"Move {mv.move}, Jump {mv.jump}: steps up {mv.climb_per_mp:g} height levels per "
        f"Movement Point, jumps gaps of {mv.jump_gap} square{'s' if mv.jump_gap != 1 else ''}"
    )


def falls_text(mv: M.Movement) -> str:
    """The falling table in a line: '3.5 HL 5 HP, 4 HL 10 HP, ...' (R29)."""
    return ", ".join(f"{f.height_levels:g}: {f.damage:,}" for f in mv.fall_damage)


def sheet_block(mv: M.Movement) -> dict[str, Any]:
    """What a character sheet or a stat block prints under "Map Combat"."""
    return {
        **mv.to_json(),
        "movement": movement_text(mv),
        "falls": [
            {"height_levels": f"{f.height_levels:g}", "percent": f.percent, "damage": f.damage}
            for f in mv.fall_damage
        ],
        "falls_text": falls_text(mv),
    }


def monster_map_combat(ws: Workspace, m: Any, view: Any) -> dict[str, Any]:
    """A monster's Map Combat block: ``json`` (the `map_combat` object of `monster show
    --format json`: movement, its attack's R and angle Accuracy, its Techs' R/E/V) and
    the lines the terminal prints.

    A monster has no weapon, so its attack is melee (R1) and its weapon Techs melee
    Techs unless a Tech says `delivery:` (R30).
    """
    mv = monster_movement(view)
    accuracy = view.derived.accuracy.value
    reach = tech_reach_of(ws, m.techs)
    data: dict[str, Any] = mv.to_json()
    data["attack"] = attack_fields(False, accuracy)
    data["techs"] = [{"name": name, "reach": rev} for name, rev in reach]
    return {
        "json": data,
        "movement": movement_text(mv),
        "attack_note": attack_note(False, accuracy),
        "falls_text": falls_text(mv),
        "tech_reach": reach,
    }


def _monster_tech(ws: Workspace, ref: Any) -> tuple[str, Any, Any]:
    """(name, Tech or None, Enemy Skill or None) that a monster's `techs:` entry names."""
    from pydantic import ValidationError

    from builder.rulesets.zodiac.models.tech import Tech

    if not isinstance(ref, str):
        try:
            tech = Tech.model_validate({"kind": "tech", **ref})
        except (ValidationError, TypeError, ValueError):
            from builder.rulesets.zodiac.rules.monsters import tech_name

            return tech_name(ref), None, None
        return tech.name, tech, None
    index = ws.content.index()
    for kind in ("tech", "enemy_skill"):
        entity = index.get((kind, ref))
        if entity is not None:
            model = entity.model
            return model.name, model if kind == "tech" else None, model if kind != "tech" else None
    return ref.replace("-", " ").title(), None, None


def reach_of(ws: Workspace, ref: Any) -> str | None:
    """Map Combat R/E/V of a monster's Tech or Enemy Skill (R30), None when it does not resolve.

    A monster wields no weapon set, so its weapon Techs are melee unless they say
    `delivery:`. Decision: an Enemy Skill reaches like a Tech of its notation (a '#PX'
    skill as a melee Power Attack, anything else as an "other" Tech), with no area.
    """
    _, tech, skill = _monster_tech(ws, ref)
    if tech is not None:
        return M.tech_reach(tech).text
    if skill is None:
        return None
    notation = skill.attack_notation
    melee = notation is not None and notation.primary == "power_attack"
    return T.tech_reach("melee" if melee else "other").text


def tech_reach_of(ws: Workspace, refs: Sequence[Any]) -> list[tuple[str, str | None]]:
    """(name, R/E/V) of each of a monster's Techs, in the file's order (R30)."""
    return [(_monster_tech(ws, ref)[0], reach_of(ws, ref)) for ref in refs]


# --------------------------------------------------------------------------- the book


def _grid(radius: int, *, centre: str, mark: str, pad: int = 0) -> list[list[str]]:
    """A diamond as rows of cells: the centre, marked squares, and blank ones around."""
    squares = M.diamond(radius)
    size = radius + pad
    return [
        [
            centre if (dx, dy) == (0, 0) else mark if (dx, dy) in squares else ""
            for dx in range(-size, size + 1)
        ]
        for dy in range(-size, size + 1)
    ]


def _reach_rows() -> list[dict[str, str]]:
    """The supplement's "range and area effect" list as a table (R30, R32)."""
    melee = T.TECH_REACH["melee"]
    ranged = T.TECH_REACH["ranged"]
    other = T.TECH_REACH["other"]
    top = T.AREA_EFFECT_MAX_LEVELS

    def rev(base: tuple[int, int, int]) -> str:
        return T.Reach(*base).text

    def most(base: str) -> str:
        return T.tech_reach(base, top).text  # type: ignore[arg-type]

    return [
        {
            "kind": "Normal melee attack",
            "reach": f"R{M.MELEE_RANGE} E1",
            "area": "—",
            "notes": f"Target adjacent and at most {M.MELEE_MAX_HEIGHT} height level away.",
        },
        {
            "kind": "Normal ranged attack",
            "reach": f"R{T.NORMAL_RANGED_R} E1",
            "area": "—",
            "notes": (
                f"+1 R per whole height level above the target, at most R{T.NORMAL_RANGED_MAX_R}; "
                f"{M.BEYOND_RANGE_ACCURACY} Accuracy per square beyond R."
            ),
        },
        {
            "kind": "Melee Tech (and any Short Range Tech)",
            "reach": rev(melee),
            "area": f"up to {most('melee')}",
            "notes": "Power Attack and Quadra Slam with a melee weapon; Short Range: R32.",
        },
        {
            "kind": "Ranged weapon Tech",
            "reach": rev(ranged),
            "area": f"up to {most('ranged')}",
            "notes": "Weapon Techs of a Long Range weapon set. Trees and walls block missiles.",
        },
        {
            "kind": "Other Techs",
            "reach": rev(other),
            "area": f"up to {most('other')}",
            "notes": "Attack Magic, Healing, statuses and every other Tech.",
        },
    ]


def map_combat_reference_context(ws: Workspace, entities: list[Entity]) -> dict[str, Any]:
    """`books/map_combat.html`: the supplement's lists, diamonds and tables, computed.

    The text's Effect diagrams are missing; they are drawn here from its rule ("the E
    value is the number of squares, including the target square, affected horizontally
    and vertically ... in a diamond pattern").
    """
    range_example = 3
    return {
        "map_combat": ws.settings.house.map_combat,
        "heights": [
            {"what": w, "hl": f"{h:+g}" if h < 0 else f"{h:g}"} for w, h in M.HEIGHT_EXAMPLES
        ],
        "range_example": {
            "r": range_example,
            "squares": len(M.diamond(range_example)) - 1,
            "grid": _grid(range_example, centre="C", mark="R"),
        },
        "effects": [
            {
                "e": e,
                "squares": M.effect_squares(e),
                "grid": _grid(M.effect_radius(e), centre="X", mark="O", pad=4 - e),
            }
            for e in range(1, T.AREA_EFFECT_MAX_LEVELS + 2)
        ],
        "vertical_example": {
            "v": 1,
            "target": 6,
            "band": [f"{h:g}" for h in M.vertical_band(6, 1)],
            "bands": [
                {"v": v, "low": f"{lo:g}", "high": f"{hi:g}"}
                for v in range(0, T.AREA_EFFECT_MAX_LEVELS + 1)
                for lo, hi in [M.vertical_band(6, v)]
            ],
            # Height levels 10 down to 2, one column per V: is that height struck?
            "grid": [
                {
                    "hl": f"{h / 2:g}",
                    "target": h == 12,
                    "cells": [
                        M.in_vertical_band(6, v, h / 2)
                        for v in range(0, T.AREA_EFFECT_MAX_LEVELS + 1)
                    ],
                }
                for h in range(20, 3, -1)
            ],
        },
        "reach_rows": _reach_rows(),
        "area_levels": [
            {"level": n, "mp": f"+{n} Tech Level{'s' if n > 1 else ''}", "plus": f"+{n}"}
            for n in range(1, T.AREA_EFFECT_MAX_LEVELS + 1)
        ],
        "movement": {
            "move": MOVE_BASE,  # R29: "All characters have a base Move stat of 3"
            "jump": JUMP_BASE,
            "climbs": [
                {"jump": j, "climb": f"{M.climb_per_mp(j):g}", "gap": M.jump_gap(j)}
                for j in range(1, 7)
            ],
        },
        "falls": [
            {"height_levels": f"{f.height_levels:g}", "percent": f.percent}
            for f in M.fall_table(100)
        ],
        "angles": [
            {"from": "Front", "bonus": f"{M.angle_bonus('front'):+d}"},
            {"from": "Side", "bonus": f"{M.angle_bonus('side'):+d}"},
            {"from": "Behind", "bonus": f"{M.angle_bonus('back'):+d}"},
        ],
    }
