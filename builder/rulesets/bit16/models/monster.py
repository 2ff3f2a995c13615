"""A monster: its level (which sets its XP/AP) and a stat block like a job's."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from builder.models.base import Id, ZModel
from builder.rulesets.bit16.models.common import Ability, Count, DieIn, Small, Thresholds


class Monster(ZModel):
    kind: Literal["monster"] = "monster"
    ruleset: str | None = None
    id: Id | None = None
    name: str = Field(min_length=1, max_length=60)
    description: str = Field(default="", max_length=2000)
    level: int = Field(ge=1, le=99)
    atk: DieIn
    matk: DieIn
    hp: Count
    mp: Count
    dmg: Count
    mdmg: Count
    thresholds: Thresholds
    mov: Small
    jump: Small
    abilities: list[Ability] = Field(default_factory=list, max_length=30)
