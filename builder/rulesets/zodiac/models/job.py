"""The job file: a reusable class archetype (Ch. I Step 9 "name your Class").

A job is a plan, not a character: creation stats, a repeating bonus-point pattern,
when to learn which Tech (or Enemy Skill), and what to wear at which level. The
generator (``builder.rulesets.zodiac.generate``) turns a job and a level into a character file; the
checks (``builder.rulesets.zodiac.checks.jobs``) make sure the plan can only produce legal characters.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, GetJsonSchemaHandler, model_validator
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema

from builder.models.base import STATS, EnumIn, Id, Stat, ZModel
from builder.models.schema_forms import keys_any_case, or_bare_id
from builder.rulesets.zodiac.models.character import (
    ArmorType,
    ClassPower,
    CommandSkill,
    ItemRef,
    Purchase,
    StatPoints,
    Stats,
    SupportSkill,
)
from builder.rulesets.zodiac.models.character_techs import LearningField, TechUpgrade

_STAT_KEYS = {s.value for s in STATS}


class GrowthStep(StatPoints):
    """One level's bonus points in a growth pattern (3 per level; 4 in `growth_60`)."""

    @model_validator(mode="before")
    @classmethod
    def _lower_keys(cls, data: Any) -> Any:
        if isinstance(data, dict):
            return {
                k.lower() if isinstance(k, str) and k.lower() in _STAT_KEYS else k: v
                for k, v in data.items()
            }
        return data

    @classmethod
    def __get_pydantic_json_schema__(
        cls, core_schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        """`_lower_keys` reads `STR:` as `str:`."""
        schema = super().__get_pydantic_json_schema__(core_schema, handler)
        return keys_any_case(handler, schema, sorted(_STAT_KEYS))


class JobTech(ZModel):
    """A Tech the job learns, at a character level, with its planned upgrades."""

    tech: Id = Field(
        title="Tech",
        description="The id of a `kind: tech` document of the project. It is learned at its "
        "own tech_level; `upgrades` raise it later.",
        examples=["cure"],
    )
    at: int = Field(
        1,
        ge=1,
        le=99,
        title="At character level",
        description="The level the job learns it (1 = at creation: at most 3 Techs, all Tech "
        "Level 1). The generator defers it when Tech Points or Max Tech Levels fall short.",
        examples=[1, 12],
    )
    upgrades: list[TechUpgrade] = Field(
        default_factory=list,
        title="Upgrades",
        description="Planned upgrades in order: `{to: Tech Level, at: character level}`.",
        examples=[[{"to": 2, "at": 6}]],
    )


class JobEnemySkill(ZModel):
    """An Enemy Skill a Blue Magic job picks up, and at which level."""

    skill: Id = Field(
        title="Enemy Skill",
        description="The id of a `kind: enemy_skill` document (the book's are built in).",
        examples=["goblin-punch"],
    )
    at: int = Field(
        1,
        ge=1,
        le=99,
        title="At character level",
        description="The level the job learns it; deferred while Max Tech Levels is full.",
        examples=[1, 8],
    )

    @model_validator(mode="before")
    @classmethod
    def _bare(cls, data: Any) -> Any:
        return {"skill": data} if isinstance(data, str) else data

    @classmethod
    def __get_pydantic_json_schema__(
        cls, core_schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        """`_bare` reads `- goblin-punch` as `{skill: goblin-punch}`."""
        return or_bare_id(handler, core_schema)


class EquipmentBand(ZModel):
    """What the job wears from one character level on (until the next band)."""

    from_level: int = Field(
        1,
        ge=1,
        le=99,
        title="From character level",
        description="The first character level this band applies to; bands go in increasing order.",
        examples=[1, 20],
    )
    weapon: ItemRef | None = Field(
        None,
        title="Weapon",
        description="A weapon id of the job's weapon class (`set-id/item-id` if ambiguous).",
        examples=["iron-sword"],
    )
    armor: ItemRef | None = Field(
        None,
        title="Armor",
        description="An armor id of the job's armor type.",
        examples=["iron-plate"],
    )
    guard: ItemRef | None = Field(
        None, title="Guard", description="A guard id from any armor set.", examples=["buckler"]
    )
    relic: ItemRef | None = Field(
        None, title="Relic", description="One relic id (R9).", examples=["power-wrist"]
    )


class Job(ZModel):
    """A class archetype: the choices a character of this job starts from."""

    kind: Literal["job"] = Field("job", description="Always `job`.")
    id: Id | None = Field(
        None,
        title="Id",
        description="kebab-case id; derived from the name when absent.",
        examples=["knight"],
    )
    name: str = Field(min_length=1, title="Name", examples=["Knight"])
    description: str | None = Field(
        None, title="Description", description="What the job is about, in a sentence or two."
    )
    class_power: Annotated[ClassPower, EnumIn] = Field(
        title="Class Power", description="`tech` or `blue_magic` (Ch. I Step 6).", examples=["tech"]
    )
    learning: LearningField | None = Field(
        None,
        title="Blue Magic learning method",
        description="Blue Magic jobs only: memory, lore or assimilate (Ch. III).",
        examples=["lore"],
    )
    armor_type: Annotated[ArmorType, EnumIn] = Field(
        title="Armor type",
        description="`defense`, `enhance` or `balanced` (Ch. I Step 3).",
        examples=["defense"],
    )
    weapon_class: str = Field(
        title="Weapon class",
        description="The one weapon class the job wields (a weapon set's `weapon_class`).",
        examples=["sword"],
    )
    command_skill: CommandSkill = Field(
        title="Command Skill", description="A Command Skill id (Ch. IV).", examples=["steal"]
    )
    support_skill: SupportSkill = Field(
        title="Support Skill", description="A Support Skill id (Ch. IV).", examples=["toughness"]
    )
    base_stats: Stats = Field(
        title="Creation stats",
        description="Stats at creation: 3 each plus 25 points, none above 15 (R4).",
        examples=[{"str": 15, "mag": 3, "vit": 13, "spr": 6, "agi": 3}],
    )
    growth: list[GrowthStep] = Field(
        min_length=1,
        title="Growth pattern",
        description="Bonus points per level, repeated in order from level 2 (3 points each, "
        "at most 2 in one stat; R6).",
        examples=[[{"str": 2, "vit": 1}, {"str": 1, "vit": 1, "agi": 1}]],
    )
    growth_60: list[GrowthStep] | None = Field(
        None,
        title="Growth pattern from level 60",
        description="4-point entries repeated from level 60 (R6). When absent, the fourth "
        "point goes to the first stat of `overflow_to` (else the lowest stat) that can take it.",
        examples=[[{"str": 2, "vit": 1, "agi": 1}]],
    )
    overflow_to: list[Annotated[Stat, EnumIn]] = Field(
        default_factory=list,
        title="Overflow preference",
        description="Stats, in order of preference, that take points a stat at 250 cannot "
        "(R6 fifth-level overflow and capped growth). Unlisted stats follow, lowest first.",
        examples=[["vit", "agi"]],
    )
    techs: list[JobTech] = Field(
        default_factory=list,
        title="Tech schedule",
        description="Tech jobs: which Tech at which level, with upgrades (Ch. II).",
        examples=[[{"tech": "cure", "at": 1, "upgrades": [{"to": 2, "at": 6}]}]],
    )
    enemy_skills: list[JobEnemySkill] = Field(
        default_factory=list,
        title="Enemy Skill schedule",
        description="Blue Magic jobs: Enemy Skill ids or `{skill: id, at: level}` (Ch. III).",
        examples=[["goblin-punch", {"skill": "aqualung", "at": 12}]],
    )
    equipment: list[EquipmentBand] = Field(
        default_factory=list,
        title="Equipment by level band",
        description="Bands by `from_level`; a character uses the last band at or below its level.",
        examples=[[{"from_level": 1, "weapon": "iron-sword", "armor": "iron-plate"}]],
    )
    purchases: list[Purchase] | None = Field(
        None,
        title="Purchases at creation",
        description="What a new character of this job buys with the starting 200 G (R25). "
        "When absent, the generator buys the level-1 band's items while the gold lasts.",
        examples=[[{"item": "iron-sword"}, {"item": "potion", "count": 2}]],
    )

    @property
    def key(self) -> str:
        from builder.models.base import norm_id

        return self.id or norm_id(self.name)
