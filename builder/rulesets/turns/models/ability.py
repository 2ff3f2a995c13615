"""An ability, written like the small program the chapter says it is (Abilities)."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import Field

from builder.models.base import EnumIn, Id, ZModel
from builder.rulesets.turns.models.common import Element, Entry, Spec, Text


class Application(StrEnum):
    ACTION = "action"
    REACTION = "reaction"
    PASSIVE = "passive"


class Targeting(StrEnum):
    NEARBY = "nearby"
    LOS = "los"
    BATTLEFIELD = "battlefield"
    BEAM = "beam"


class ScoreType(StrEnum):
    MELEE = "melee"
    SKILL = "skill"
    MAGIC = "magic"


class AoE(ZModel):
    """Area of Effect: a shape, its size in spaces, and Smart (spares allies)."""

    shape: Annotated[str, Field(min_length=1, max_length=40)]
    size: Annotated[int, Field(ge=0, le=99)]
    smart: bool = False


class Damage(ZModel):
    """The ability's damage: rank (between parentheses) x the matching Power (R45)."""

    rank: Annotated[int, Field(ge=0, le=20)]
    power: Annotated[ScoreType, EnumIn]


class StatusEffect(ZModel):
    """A status effect the ability afflicts or grants (Status Effects, L209-230).

    ``turns`` left out: a negative status lasts 3 turns, a positive one until Battle
    Transience (L212-213). ``negative`` left out: as the chapter lists the name (Bleeding,
    Poison, Burning; Immune, Restore, Increase); another name must say (TA114).
    """

    name: Annotated[str, Field(min_length=1, max_length=60)]
    negative: bool | None = None
    turns: Annotated[int, Field(ge=1, le=99)] | None = None
    stackable: bool = False


class Ability(Entry):
    kind: Literal["ability"] = "ability"
    application: Annotated[Application, EnumIn]
    sideboard: bool = False
    use: Spec | None = None  # "12!AP, 4Sta, 1/battle"
    materials: dict[Annotated[str, Field(min_length=1, max_length=60)], int] | None = None
    range: Spec | None = None  # R42 grammar
    targeting: Annotated[Targeting, EnumIn] | None = None
    aoe: AoE | None = None
    accuracy: Annotated[str, Field(max_length=60)] | None = None  # [Score:Evasion] or Luck: X
    evade: Annotated[ScoreType, EnumIn] | None = None
    element: Element | None = None
    damage: Damage | None = None
    trigger: Text | None = None
    on_hit: Text | None = None
    effect: Text | None = None
    teamwork: Text | None = None
    solowork: Text | None = None
    statuses: list[StatusEffect] = Field(default_factory=list, max_length=20)
    mods: list[Annotated[Id, Field(min_length=1, max_length=60)]] = Field(default_factory=list)
    flavor: Text | None = None
