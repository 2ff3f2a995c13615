"""Weapon profiles (Range Modifiers, Damage Types; R41)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from builder.diagnostics import did_you_mean
from builder.problems import Problem
from builder.rulesets.towers99.models.weapon import Reach, Weapon
from builder.rulesets.towers99.tables import CHAPTER, DAMAGE_TYPES

if TYPE_CHECKING:
    from builder.io.project import Entity
    from builder.rulesets.towers99.checks import CheckContext

CODES: dict[str, str] = {
    "NT101": "a ranged weapon needs a range increment",
    "NT102": "a melee weapon has no range increment (a thrown one gives its maximum range)",
    "NT103": "a damage type is not one of the chapter's",
    "NT104": "a ranged weapon gives a range increment, not a thrown maximum range",
}

_RANGE = f"{CHAPTER}: Range Modifiers"
_TYPES = f"{CHAPTER}: Damage Types"


def damage_type_problem(code: str, value: str, path: tuple[str | int, ...]) -> Problem | None:
    """NT1xx when ``value`` is not in the chapter's list of damage types."""
    if value in DAMAGE_TYPES:
        return None
    return Problem(
        code,
        f"'{value}' is not a damage type of the chapter: use one of "
        f"{', '.join(DAMAGE_TYPES)}{did_you_mean(value, DAMAGE_TYPES)}",
        _TYPES,
        path,
    )


def check_weapon_model(w: Weapon) -> Iterator[Problem]:
    if w.type is Reach.RANGED and w.range_increment is None:
        yield Problem(
            "NT101",
            f"{w.name} is a ranged weapon without a range increment; add "
            "`range_increment:` in spaces (the heavy rifle's is 12)",
            _RANGE,
            ("type",),
        )
    if w.type is Reach.MELEE and w.range_increment is not None:
        yield Problem(
            "NT102",
            f"{w.name} is a melee weapon with a range increment of {w.range_increment}; "
            "remove it, or make it `type: ranged` (a thrown weapon gives `thrown_range:`)",
            _RANGE,
            ("range_increment",),
        )
    if w.type is Reach.RANGED and w.thrown_range is not None:
        yield Problem(
            "NT104",
            f"{w.name} is ranged: its bands come from `range_increment:`; remove `thrown_range:`",
            f"{CHAPTER}: Grappling, Throw",
            ("thrown_range",),
        )
    if w.damage_type is not None:
        p = damage_type_problem("NT103", w.damage_type, ("damage_type",))
        if p:
            yield p


def check_weapon(entity: Entity, ctx: CheckContext) -> Iterator[Problem]:
    yield from check_weapon_model(entity.model)
