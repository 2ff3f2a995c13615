"""The character file (DESIGN contract: the minimal character)."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, model_validator

from builder.models.base import STATS, EnumIn, Id, Stat, ZModel, norm_id
from builder.rulesets.zodiac.models.character_techs import KnownEnemySkill, KnownTech, LearningField


class ClassPower(StrEnum):
    TECH = "tech"
    BLUE_MAGIC = "blue_magic"


class ArmorType(StrEnum):
    DEFENSE = "defense"
    ENHANCE = "enhance"
    BALANCED = "balanced"


class Stats(ZModel):
    """The five base stats."""

    str_: int = Field(
        alias="str", ge=0, title="Strength", description="Strength (STR).", examples=[11]
    )
    mag: int = Field(ge=0, title="Magic", description="Magic (MAG).", examples=[6])
    vit: int = Field(ge=0, title="Vitality", description="Vitality (VIT).", examples=[6])
    spr: int = Field(ge=0, title="Spirit", description="Spirit (SPR).", examples=[11])
    agi: int = Field(ge=0, title="Agility", description="Agility (AGI).", examples=[6])

    def as_block(self) -> dict[Stat, int]:
        return {
            Stat.STR: self.str_,
            Stat.MAG: self.mag,
            Stat.VIT: self.vit,
            Stat.SPR: self.spr,
            Stat.AGI: self.agi,
        }


class StatPoints(ZModel):
    """Points added to stats; every stat optional (0 when absent)."""

    str_: int = Field(0, alias="str", ge=0, title="Strength points", examples=[2])
    mag: int = Field(0, ge=0, title="Magic points", examples=[1])
    vit: int = Field(0, ge=0, title="Vitality points", examples=[1])
    spr: int = Field(0, ge=0, title="Spirit points", examples=[0])
    agi: int = Field(0, ge=0, title="Agility points", examples=[1])

    def as_block(self) -> dict[Stat, int]:
        return {
            Stat.STR: self.str_,
            Stat.MAG: self.mag,
            Stat.VIT: self.vit,
            Stat.SPR: self.spr,
            Stat.AGI: self.agi,
        }


class LevelUp(StatPoints):
    """One level's bonus points (entry 0 is the level-2 level-up, entry 1 level 3, ...)."""

    level: int | None = Field(
        None,
        ge=2,
        le=99,
        title="Level",
        description="Optional: the level this entry is for, checked against its position.",
        examples=[5],
    )
    overflow: StatPoints | None = Field(
        None,
        title="Overflow re-allocation",
        description=(
            "Where fifth-level +2 points go when they would raise a stat past 250 (R6). "
            "Only on a fifth level whose bonus overflows."
        ),
        examples=[{"agi": 2}],
    )

    @model_validator(mode="before")
    @classmethod
    def _lower_keys(cls, data: Any) -> Any:
        if isinstance(data, dict):
            return {
                k.lower() if isinstance(k, str) and k.lower() in {s.value for s in STATS} else k: v
                for k, v in data.items()
            }
        return data


def _item_ref(value: Any) -> Any:
    """``'Iron Sword'`` -> ``'iron-sword'``; ``'Diff's Swords/Biffcalibur'`` keeps its set part."""
    if not isinstance(value, str):
        return value
    return "/".join(norm_id(part) for part in value.split("/"))


ItemRef = Annotated[str, BeforeValidator(_item_ref)]


class Equipment(ZModel):
    """Equipped items by id (Ch. I Steps 3-4, Ch. V): one weapon, armor, guard and relic(s)."""

    weapon: ItemRef | None = Field(
        None,
        title="Weapon",
        description="A weapon id from a weapon set of the character's weapon class; "
        "`set-id/item-id` when two sets share the id. Omit to fight unarmed.",
        examples=["broadsword"],
    )
    armor: ItemRef | None = Field(
        None,
        title="Armor",
        description="An armor id from an armor set of the character's armor type.",
        examples=["chain-mail"],
    )
    guard: ItemRef | None = Field(
        None,
        title="Guard",
        description="A guard id from any armor set (anyone may use a guard).",
        examples=["buckler"],
    )
    relic: ItemRef | None = Field(
        None,
        title="Relic",
        description="The one equipped relic (R9).",
        examples=["power-wrist"],
    )
    relics: list[ItemRef] = Field(
        default_factory=list,
        title="Relics",
        description="Equipped relics when the project allows more than one (`relic_slots`).",
        examples=[["power-wrist", "ribbon"]],
    )

    @model_validator(mode="after")
    def _one_relic_key(self) -> Equipment:
        if self.relic is not None and self.relics:
            raise ValueError("give `relic:` or `relics:`, not both")
        return self

    def relic_refs(self) -> list[tuple[tuple[str | int, ...], str]]:
        """(path inside `equipment`, id) of every equipped relic."""
        if self.relic is not None:
            return [(("relic",), self.relic)]
        return [(("relics", i), r) for i, r in enumerate(self.relics)]


class Purchase(ZModel):
    """One line of the shopping list at creation (Ch. I Step 8, R25)."""

    item: ItemRef = Field(
        title="Item",
        description="An item id: a weapon, armor, guard, relic or potion.",
        examples=["potion"],
    )
    count: int = Field(1, ge=1, title="Count", description="How many.", examples=[2])

    @model_validator(mode="before")
    @classmethod
    def _bare(cls, data: Any) -> Any:
        return {"item": data} if isinstance(data, str) else data


class Character(ZModel):
    """A player character: creation stats, level-ups and choices."""

    kind: Literal["character"] = Field("character", description="Always `character`.")
    id: Id | None = Field(
        None,
        title="Id",
        description="kebab-case id; derived from the name when absent.",
        examples=["amos-the-valiant"],
    )
    name: str = Field(min_length=1, title="Name", examples=["Amos the Valiant"])
    player: str | None = Field(None, title="Player", description="Who plays this character.")
    job: Id | None = Field(
        None,
        title="Job",
        description="The id of the `kind: job` this character follows; its choices are "
        "defaults the character may override (a warning when class power, armor type or "
        "weapon class differ).",
        examples=["knight"],
    )
    job_title: str | None = Field(
        None,
        title="Class name",
        description="Free-text class name (Ch. I Step 9), e.g. Dark Knight.",
        examples=["Paladin"],
    )
    description: str | None = Field(
        None, title="Description", description="Looks, history, personality."
    )
    level: int | None = Field(
        None,
        ge=1,
        le=99,
        title="Experience Level",
        description="1-99. May be omitted when `xp` is given; when both are given they must agree.",
        examples=[12],
    )
    xp: int | None = Field(None, ge=0, title="Experience Points", examples=[6050])
    class_power: Annotated[ClassPower, EnumIn] = Field(
        title="Class Power", description="`tech` or `blue_magic` (Ch. I Step 6).", examples=["tech"]
    )
    armor_type: Annotated[ArmorType, EnumIn] = Field(
        title="Armor type",
        description="`defense`, `enhance` or `balanced` (Ch. I Step 3).",
        examples=["balanced"],
    )
    weapon_class: str | None = Field(
        None,
        title="Weapon class",
        description="The one class of weapon this character wields (Ch. I Step 4).",
        examples=["sword"],
    )
    equipment: Equipment = Field(
        default_factory=Equipment,
        title="Equipment",
        description="Equipped items by id: weapon, armor, guard, relic (Ch. V).",
        examples=[{"weapon": "broadsword", "armor": "chain-mail", "guard": "buckler"}],
    )
    purchases: list[Purchase] = Field(
        default_factory=list,
        title="Purchases at creation",
        description="What the character bought with the starting 200 G (Ch. I Step 8, R25).",
        examples=[[{"item": "dagger"}, {"item": "potion", "count": 2}]],
    )
    command_skill: Id = Field(
        title="Command Skill", description="A Command Skill id (Ch. IV).", examples=["steal"]
    )
    support_skill: Id = Field(
        title="Support Skill", description="A Support Skill id (Ch. IV).", examples=["toughness"]
    )
    base_stats: Stats = Field(
        title="Creation stats",
        description="Stats at creation: 3 each plus 25 points, none above 15 (R4).",
        examples=[{"str": 11, "mag": 6, "vit": 6, "spr": 11, "agi": 6}],
    )
    advancement: list[LevelUp] = Field(
        default_factory=list,
        title="Advancement",
        description="Bonus points gained at level 2, 3, ... in order (3 per level, 4 from level 60; R6).",
        examples=[[{"str": 2, "agi": 1}, {"vit": 1, "spr": 1, "mag": 1}]],
    )
    gold: int | None = Field(None, ge=0, title="Gold", description="Gold carried now.")
    inventory: list[str] = Field(
        default_factory=list, title="Inventory", description="Items carried."
    )
    notes: str | None = Field(None, title="Notes")
    techs: list[KnownTech] = Field(
        default_factory=list,
        title="Techs",
        description="Techs learned (Tech characters): an id or an inline Tech, with "
        "`learned_at`, optional `clone_of` and `upgrades` (Ch. II Learning Techs).",
        examples=[[{"tech": "cure", "learned_at": 1, "upgrades": [{"to": 2, "at": 3}]}]],
    )
    learning: LearningField | None = Field(
        None,
        title="Blue Magic learning method",
        description="Blue Magic only: memory, lore or assimilate, chosen at creation (Ch. III).",
        examples=["lore"],
    )
    enemy_skills: list[KnownEnemySkill] = Field(
        default_factory=list,
        title="Enemy Skills",
        description="Blue Magic only: Enemy Skill ids, or `{skill: id, learned_at: level}`; "
        "never upgraded, within Max Tech Levels (Ch. III, R11).",
        examples=[["goblin-punch", {"skill": "aqualung", "learned_at": 6}]],
    )

    @property
    def key(self) -> str:
        from builder.models.base import norm_id

        return self.id or norm_id(self.name)
