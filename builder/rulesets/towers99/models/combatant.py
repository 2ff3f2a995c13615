"""The ``combatant`` kind: a character, creature or companion as combat sees it.

The chapter derives none of these values from Aspects (that is outside it): they are
inputs, as the sheet says them. Size and damage types name table rows; whether the row
exists is a coded check (NT1xx) citing the chapter.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from builder.models.base import Id, ZModel
from builder.models.schema_forms import Closed
from builder.rulesets.towers99.models.common import DamageType, Key
from builder.rulesets.towers99.tables import (
    ACTIONS_BY_ID,
    COMPANION_TYPES,
    SIZE_ALIASES,
    SIZE_RANKS,
)


def _value(title: str, description: str) -> Any:
    return Field(ge=0, le=99, title=title, description=description)


class CombatValues(ZModel):
    """Initiative [N] and the Combat Values: <PA> <SA> <PD> <ID> <PX> <SPD> <ER> <IR>."""

    n: int = _value("Initiative", "Initiative [N]: cards flipped and added for initiative.")
    pa: int = _value("Physical Attack", "<PA>")
    sa: int = _value("Spell Attack", "<SA>")
    pd: int = _value("Physical Defense", "<PD>")
    id: int = _value("Intangible Defense", "<ID>")
    px: int = _value("Physical Damage", "<PX>")
    spd: int = _value("Speed", "<SPD>, spaces per Combat Move.")
    er: int = _value("External Resilience", "<ER>: less Physical STUN.")
    ir: int = _value("Internal Resilience", "<IR>: less Arcane STUN.")


class Strength(ZModel):
    soft: int = _value("Soft Strength", "[SS]: adds to <PD> once not flat-footed.")
    hard: int = _value("Hard Strength", "[HS]: grapple damage, improvised weapons.")


class Tactic(ZModel):
    """A planned turn the Master wants checked: Aim stacks, Shift Position combinations."""

    name: str = Field(min_length=1, max_length=80, title="Name")
    weapon: Id | None = Field(None, title="Weapon", description="The weapon the attack uses.")
    aim: int = Field(0, ge=0, le=99, title="Aim", description="Aim actions in a row before it.")
    shift_with: Annotated[Id, Closed(tuple(ACTIONS_BY_ID), read="id")] | None = Field(
        None,
        title="Shift Position with",
        description="An action of the Action List that Shift Position is added to.",
    )


class Combatant(ZModel):
    kind: Literal["combatant"] = Field(title="Kind", description="Always `combatant`.")
    name: str = Field(min_length=1, max_length=80, title="Name")
    id: Id | None = Field(None, title="Id", description="Defaults to the name, kebab-case.")
    size: Annotated[Key, Closed(tuple(SIZE_RANKS), aliases=tuple(SIZE_ALIASES))] = Field(
        "medium", title="Size", description="One of the nine Creature Sizes."
    )
    size_rank: int | None = Field(
        None, title="Size rank", description="Optional; must be the table's rank for the size."
    )
    values: CombatValues = Field(title="Combat Values")
    strength: Strength = Field(title="Strength")
    endurance: int = Field(ge=0, le=99, title="Endurance", description="[E]: dead at -2 x E.")
    stun: int = Field(ge=1, le=999, title="STUN", description="Maximum STUN.")
    lethal: int = Field(ge=1, le=999, title="LETHAL", description="Maximum LETHAL.")
    immunities: list[DamageType] = Field(default_factory=list, max_length=20, title="Immunities")
    susceptibilities: list[DamageType] = Field(
        default_factory=list, max_length=20, title="Susceptibilities"
    )
    weapons: list[Id] = Field(default_factory=list, max_length=20, title="Weapons (ids)")
    owner: Id | None = Field(
        None, title="Owner", description="A companion names the combatant it belongs to."
    )
    companion_type: Annotated[Key, Closed(COMPANION_TYPES)] | None = Field(
        None, title="Companion type", description="animal, undead, summoned or construct."
    )
    tactics: list[Tactic] = Field(default_factory=list, max_length=20, title="Tactics")
    description: str | None = Field(None, max_length=4000, title="Description")
