"""A combatant: a player character or a monster, with vitals, scores and loadout."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import Field

from builder.models.base import EnumIn, Id, ZModel
from builder.models.schema_forms import Closed
from builder.rulesets.turns import tables as T
from builder.rulesets.turns.models.common import Element, Entry

Score = Annotated[int, Field(ge=-99, le=999)]
Pool = Annotated[int, Field(ge=0, le=99999)]


class Side(StrEnum):
    PLAYER = "player"
    MONSTER = "monster"


class Rank(StrEnum):
    REGULAR = "regular"
    MINIBOSS = "miniboss"
    BOSS = "boss"


class Vitals(ZModel):
    health: Annotated[int, Field(ge=1, le=99999)]
    stamina: Pool = 0
    mana: Pool = 0
    focus: Pool = 0


class Scores(ZModel):
    """Accuracy, Evasion and Power of one type (melee, skill or magic)."""

    accuracy: Score
    evasion: Score
    power: Score


class Levels(ZModel):
    """CL, TL and DL for placeholders (Placeholder Brackets)."""

    cl: Annotated[int, Field(ge=0, le=999)] = 1
    tl: Annotated[int, Field(ge=0, le=999)] = 1
    dl: Annotated[int, Field(ge=0, le=999)] = 1
    lb: Annotated[int, Field(ge=0, le=999)] = 0


class Harvest(ZModel):
    """Harvest check: beat ``score`` for the better ``loot`` (Experience and Rewards)."""

    score: Annotated[int, Field(ge=1, le=40)]
    loot: Annotated[str, Field(min_length=1, max_length=200)]
    drop: Annotated[str, Field(max_length=200)] | None = None


class Rewards(ZModel):
    """XP and gil the monster drops when slain; the chapter gives the sharing rules, not
    the amounts (Experience and Rewards, L849-856; `zodiac encounter rewards`)."""

    xp: Annotated[int, Field(ge=0, le=999_999)] = 0
    gil: Annotated[int, Field(ge=0, le=9_999_999)] = 0


class Combatant(Entry):
    kind: Literal["combatant"] = "combatant"
    side: Annotated[Side, EnumIn]
    rank: Annotated[Rank, EnumIn] = Rank.REGULAR
    element: Element = "neutral"
    # drone ... brilliant, read stripped in any case (TA133)
    intelligence: (
        Annotated[str, Field(max_length=30), Closed(T.INTELLIGENCE, read="lower")] | None
    ) = None
    befriendable: bool | None = None  # None: as the intelligence says
    vitals: Vitals
    initiative: Score = 0
    melee: Scores
    skill: Scores
    magic: Scores
    luck: Score = 0
    levels: Levels = Levels()
    harvest: Harvest | None = None
    rewards: Rewards | None = None
    weapons: list[Id] = Field(default_factory=list)
    abilities: list[Id] = Field(default_factory=list)
