"""A character: XP, skill dice, jobs (AP earned, abilities learned), level history, gear."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from builder.models.base import Id, ZModel
from builder.rulesets.bit16.models.common import Count, SkillDieIn


class Skills(ZModel):
    might: SkillDieIn
    agility: SkillDieIn
    lore: SkillDieIn
    charm: SkillDieIn


class JobRecord(ZModel):
    """AP is specific to the job on which it was earned (Rewards)."""

    ap_earned: Count = 0
    learned: list[Id] = Field(default_factory=list, max_length=60)


class Character(ZModel):
    kind: Literal["character"] = "character"
    ruleset: str | None = None
    id: Id | None = None
    name: str = Field(min_length=1, max_length=60)
    description: str = Field(default="", max_length=2000)
    xp: int = Field(ge=0, le=999_999)
    skills: Skills
    primary_job: Id
    secondary_job: Id | None = None
    # the job held at each level: [0] is the starting job (level 1), then one per level-up
    level_jobs: list[Id] = Field(min_length=1, max_length=10)
    jobs: dict[Id, JobRecord] = Field(default_factory=dict)
    abilities: list[Id] = Field(default_factory=list, max_length=30)  # in use
    equipment: list[Id] = Field(default_factory=list, max_length=10)
    notes: str = Field(default="", max_length=2000)
