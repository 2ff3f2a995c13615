"""Combatants: size, damage types, companions, weapons and planned turns."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from builder.diagnostics import did_you_mean
from builder.problems import Problem
from builder.rulesets.towers99.checks.weapons import damage_type_problem
from builder.rulesets.towers99.models.combatant import Combatant, Tactic
from builder.rulesets.towers99.rules import combat as C
from builder.rulesets.towers99.tables import (
    ACTIONS_BY_ID,
    CHAPTER,
    COMPANION_TYPES,
    SIZE_ALIASES,
    SIZE_RANKS,
)

if TYPE_CHECKING:
    from builder.io.project import Entity
    from builder.rulesets.towers99.checks import CheckContext

CODES: dict[str, str] = {
    "NT110": "size is not one of the nine Creature Sizes",
    "NT111": "size_rank is not the Size Rank of the size",
    "NT112": "an immunity or susceptibility is not a damage type of the chapter",
    "NT113": "a companion's owner is not a combatant of the project (or is itself)",
    "NT114": "a weapon id names no weapon of the project",
    "NT115": "Shift Position combined with a free or zero-cost action, Delay or another Shift",
    "NT116": "Aim stacked more times than half the attack value",
    "NT117": "a tactic names an action that is not in the Action List",
    "NT118": "a tactic's weapon is not one the combatant carries",
    "NT119": "companion type is not animal, undead, summoned or construct",
}

_SIZES = f"{CHAPTER}: Creature Sizes, Size Modifiers"
_SHIFT = f"{CHAPTER}: Shift Position"
_AIM = f"{CHAPTER}: Aim"
_COMPANIONS = f"{CHAPTER}: Companions and Minions"


def check_combatant_model(c: Combatant) -> Iterator[Problem]:
    """What a combatant's own file can get wrong."""
    size = SIZE_ALIASES.get(c.size, c.size)
    if size not in SIZE_RANKS:
        yield Problem(
            "NT110",
            f"size '{c.size}' is not a Creature Size: use one of "
            f"{', '.join(SIZE_RANKS)}{did_you_mean(c.size, SIZE_RANKS)}",
            _SIZES,
            ("size",),
        )
    elif c.size_rank is not None and c.size_rank != SIZE_RANKS[size]:
        yield Problem(
            "NT111",
            f"size_rank {c.size_rank} does not match {size} (Size Rank {SIZE_RANKS[size]}); "
            "write the table's rank or leave size_rank out",
            _SIZES,
            ("size_rank",),
        )
    for field in ("immunities", "susceptibilities"):
        for i, value in enumerate(getattr(c, field)):
            p = damage_type_problem("NT112", value, (field, i))
            if p:
                yield p
    if c.companion_type is not None and c.companion_type not in COMPANION_TYPES:
        yield Problem(
            "NT119",
            f"companion type '{c.companion_type}' is not one of {', '.join(COMPANION_TYPES)}",
            f"{_COMPANIONS}, Types of Companions",
            ("companion_type",),
        )
    for i, tactic in enumerate(c.tactics):
        yield from _tactic(c, i, tactic)


def _tactic(c: Combatant, i: int, tactic: Tactic) -> Iterator[Problem]:
    if tactic.shift_with is not None:
        act = ACTIONS_BY_ID.get(tactic.shift_with)
        if act is None:
            yield Problem(
                "NT117",
                f"'{tactic.shift_with}' is not an action of the Action List"
                f"{did_you_mean(tactic.shift_with, ACTIONS_BY_ID)}",
                f"{CHAPTER}: Action List",
                ("tactics", i, "shift_with"),
            )
        elif (why := C.shift_forbidden(act)) is not None:
            yield Problem(
                "NT115",
                f"Shift Position cannot be added to {act.name}: {why}; the chapter allows it "
                "with actions that cost phases (2 + their cost)",
                _SHIFT,
                ("tactics", i, "shift_with"),
            )
    if tactic.weapon is not None and tactic.weapon not in c.weapons:
        yield Problem(
            "NT118",
            f"{c.name} does not carry '{tactic.weapon}'; add it to `weapons:` or pick one of "
            f"{', '.join(c.weapons) or 'its weapons (it has none)'}",
            f"{CHAPTER}: Attacking and Defending",
            ("tactics", i, "weapon"),
        )


def aim_limit(c: Combatant, uses: str) -> int:
    """At most half the <PA> or <SA> the attack uses (whole Aim actions, rounded down)."""
    return C.half_down(c.values.sa if uses == "sa" else c.values.pa)


def check_combatant(entity: Entity, ctx: CheckContext) -> Iterator[Problem]:
    c: Combatant = entity.model
    yield from check_combatant_model(c)
    if c.owner is not None:
        owner = ctx.find("combatant", c.owner)
        if owner is None or c.owner == entity.id:
            others = [i for i in ctx.ids("combatant") if i != entity.id]
            yield Problem(
                "NT113",
                f"owner '{c.owner}' is not another combatant of the project"
                f"{did_you_mean(c.owner, others)}; a companion names its master's id",
                f"{_COMPANIONS}, General Rules",
                ("owner",),
            )
    for i, weapon_id in enumerate(c.weapons):
        if ctx.find("weapon", weapon_id) is None:
            yield Problem(
                "NT114",
                f"no weapon '{weapon_id}' in the project"
                f"{did_you_mean(weapon_id, ctx.ids('weapon'))}",
                f"{CHAPTER}: Attacking and Defending (R41)",
                ("weapons", i),
            )
    for i, tactic in enumerate(c.tactics):
        if tactic.aim == 0:
            continue
        weapon = ctx.find("weapon", tactic.weapon) if tactic.weapon else None
        uses = weapon.model.attack.value if weapon is not None else "pa"
        limit = aim_limit(c, uses)
        if tactic.aim > limit:
            value = getattr(c.values, uses)
            yield Problem(
                "NT116",
                f"{tactic.aim} Aim actions in a row, but {c.name} may Aim at most {limit} "
                f"times (half its <{uses.upper()}> of {value}, rounded down)",
                _AIM,
                ("tactics", i, "aim"),
            )
