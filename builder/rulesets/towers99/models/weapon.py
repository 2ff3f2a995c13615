"""The ``weapon`` kind: a weapon profile with named fields (R41).

The chapter's profile lines (``Heavy Rifle | PA | 7 | 12 | 10 | $40 | 10 lbs. |
Two-Handed, Large``) read, in order: attack value, damage, range increment, shots, cost,
weight, keywords. Whether a range increment belongs is checked (NT1xx), not refused here.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import Field

from builder.models.base import EnumIn, Id, ZModel
from builder.rulesets.towers99.models.common import DamageType


class Reach(StrEnum):
    MELEE = "melee"
    RANGED = "ranged"


class AttackValue(StrEnum):
    PA = "pa"
    SA = "sa"


class DamageCategory(StrEnum):
    PHYSICAL = "physical"  # reduced by <ER>
    ARCANE = "arcane"  # reduced by <IR>
    UNCATEGORISED = "uncategorised"  # reduced by neither


class Weapon(ZModel):
    """A weapon profile (Attacking and Defending, Damage; R41)."""

    kind: Literal["weapon"] = Field(title="Kind", description="Always `weapon`.")
    name: str = Field(min_length=1, max_length=80, title="Name", examples=["Heavy Rifle"])
    id: Id | None = Field(None, title="Id", description="Defaults to the name, kebab-case.")
    type: Annotated[Reach, EnumIn] = Field(title="Melee or ranged")
    attack: Annotated[AttackValue, EnumIn] = Field(
        AttackValue.PA, title="Attack value", description="pa or sa: the value the attack flips."
    )
    attack_bonus: int = Field(
        0, ge=-10, le=10, title="Attack bonus", description="The 1 of '1+PA'.", examples=[1]
    )
    damage: int = Field(ge=0, le=99, title="Damage", description="Base STUN damage.")
    px_adds: bool = Field(
        False, title="PX adds", description="True for '4+PX': the wielder's <PX> adds to damage."
    )
    damage_category: Annotated[DamageCategory, EnumIn] = Field(
        DamageCategory.PHYSICAL,
        title="Damage category",
        description="physical (less <ER>), arcane (less <IR>) or uncategorised.",
    )
    damage_type: DamageType | None = Field(
        None, title="Damage type", description="fire, cold, ... (Damage Types).", examples=["fire"]
    )
    range_increment: int | None = Field(
        None, ge=1, le=999, title="Range increment", description="Spaces; ranged weapons only."
    )
    thrown_range: int | None = Field(
        None,
        ge=1,
        le=999,
        title="Thrown maximum range",
        description="A melee weapon that may be thrown: its maximum range (increment = / 4).",
    )
    shots: int | None = Field(None, ge=1, le=999, title="Shots")
    cost: int | None = Field(None, ge=0, title="Cost", description="Dollars.", examples=[40])
    weight: float | None = Field(None, ge=0, le=9999, title="Weight", description="Pounds.")
    keywords: list[str] = Field(default_factory=list, max_length=20, title="Keywords")
    description: str | None = Field(None, max_length=2000, title="Description")
