"""A job: dice, per-level gains, thresholds, movement and its ability list."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from builder.models.base import Id, ZModel
from builder.rulesets.bit16.models.common import Ability, DieIn, Small, Thresholds


class Gains(ZModel):
    """What the job adds each level (Game Terms: Base)."""

    hp: Small
    mp: Small
    dmg: Small
    mdmg: Small


class Job(ZModel):
    kind: Literal["job"] = "job"
    ruleset: str | None = None
    id: Id | None = None
    name: str = Field(min_length=1, max_length=60)
    description: str = Field(default="", max_length=2000)
    atk: DieIn
    matk: DieIn
    per_level: Gains
    thresholds: Thresholds
    mov: Small
    jump: Small
    abilities: list[Ability] = Field(default_factory=list, max_length=60)
