"""Shared pieces of every content model.

Whatever a user types as an id or enum value (``Attack Up``, ``attack-up``,
``attack_up``) is matched ignoring case and the difference between spaces,
hyphens and underscores (DESIGN: Content files).
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict

_SEP = re.compile(r"[\s_\-]+")


def norm_key(value: str) -> str:
    """``'Attack Up'`` / ``'attack-up'`` -> ``'attack_up'`` (enum form)."""
    return _SEP.sub("_", value.strip().lower()).strip("_")


def norm_id(value: str) -> str:
    """``'Attack Up'`` / ``'attack_up'`` -> ``'attack-up'`` (id form, kebab-case)."""
    return _SEP.sub("-", re.sub(r"[^\w\s\-]", "", value.strip().lower())).strip("-")


def _enum_input(value: Any) -> Any:
    return norm_key(value) if isinstance(value, str) else value


def _id_input(value: Any) -> Any:
    return norm_id(value) if isinstance(value, str) else value


class ZModel(BaseModel):
    """Base of every content model: unknown keys are errors, not silently ignored."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True, use_enum_values=False)


# Use as ``Annotated[MyEnum, EnumIn]`` so 'Power Attack' reads as ``power_attack``.
EnumIn = BeforeValidator(_enum_input)
# Use as ``Annotated[str, IdIn]`` so 'Attack Up' reads as ``attack-up``.
IdIn = BeforeValidator(_id_input)
Id = Annotated[str, IdIn]


class Stat(StrEnum):
    STR = "str"
    MAG = "mag"
    VIT = "vit"
    SPR = "spr"
    AGI = "agi"


STATS: tuple[Stat, ...] = tuple(Stat)
STAT_NAMES: dict[Stat, str] = {
    Stat.STR: "Strength",
    Stat.MAG: "Magic",
    Stat.VIT: "Vitality",
    Stat.SPR: "Spirit",
    Stat.AGI: "Agility",
}


class Element(StrEnum):
    FIRE = "fire"
    ICE = "ice"
    WATER = "water"
    LIGHTNING = "lightning"
    EARTH = "earth"
    WIND = "wind"
    HOLY = "holy"
    SHADOW = "shadow"


class DamageType(StrEnum):
    PHYSICAL = "physical"
    MAGICAL = "magical"
