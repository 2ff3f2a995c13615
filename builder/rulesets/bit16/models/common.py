"""Pieces the 16 Bit Tactics kinds share: step dice, the stat block's thresholds, abilities."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

from pydantic import Field

from builder.models.base import EnumIn, Id, ZModel
from builder.models.schema_forms import Closed


class Die(StrEnum):
    """A step die (Game Terms: ATK, M.Atk; Skills)."""

    D4 = "d4"
    D6 = "d6"
    D8 = "d8"
    D10 = "d10"
    D12 = "d12"

    @property
    def faces(self) -> int:
        return int(self.value[1:])


DieIn = Annotated[Die, EnumIn]
# Skills are "rated from D6-D12" (L133, rules.tables.SKILL_DICE): the model reads the die
# as text so one rule, BT101, refuses any other (d4 or d20 alike) with one message; the
# schema offers only these (tested equal).
SKILL_DICE_SCHEMA: tuple[str, ...] = ("d6", "d8", "d10", "d12")
SkillDieIn = Annotated[str, EnumIn, Field(min_length=1, max_length=12), Closed(SKILL_DICE_SCHEMA)]
Count = Annotated[int, Field(ge=0, le=9999)]
Small = Annotated[int, Field(ge=0, le=99)]


class Thresholds(ZModel):
    """Defence thresholds (Game Terms): a roll equal to or under one gives its band."""

    eva: Small
    def2: Small = Field(alias="2def")
    def_: Small = Field(alias="def")
    m_eva: Small
    m_def2: Small = Field(alias="2m_def")
    m_def: Small


class Ability(ZModel):
    """A job ability or spell with its AP cost (Rewards: 'noted on the job sheet')."""

    name: str = Field(min_length=1, max_length=60)
    id: Id | None = None
    spell: bool = False
    ap: Count
    mp: Count | None = None  # a spell's MP is its AP unless it says otherwise
    range: Small | None = None
    ae: Small | None = None
    two_weapons: bool = False  # "Unless an equipped ability says otherwise" (Using 2 Weapons)
    effect: str = Field(default="", max_length=400)
