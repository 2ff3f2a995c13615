"""A weapon (Melee / Long / Reach / Ranged, Making an Attack) or the ammo a ranged one needs."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import Field

from builder.models.base import EnumIn, Id, ZModel
from builder.rulesets.bit16.models.common import DieIn


class WeaponType(StrEnum):
    MELEE = "melee"
    LONG = "long"
    REACH = "reach"
    RANGED = "ranged"
    AMMO = "ammo"


class Weapon(ZModel):
    kind: Literal["weapon"] = "weapon"
    ruleset: str | None = None
    id: Id | None = None
    name: str = Field(min_length=1, max_length=60)
    description: str = Field(default="", max_length=2000)
    type: Annotated[WeaponType, EnumIn]
    atk: DieIn | None = None  # the ATK die; ammo has none
    ammo: Id | None = None  # ranged: the ammo it shoots; ammo: what it is
    range: int | None = Field(default=None, ge=0, le=99)
