"""A character's Techs and Enemy Skills (Ch. II Learning Techs, Ch. III Blue Magic).

Kept apart from ``builder.rulesets.zodiac.models.character`` so the Tech pieces of a character file
can grow without touching the character model itself. Each entry records *when* it
was learned and upgraded, because Tech Points and Max Tech Levels are checked at every
level the character passed through.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any

from pydantic import Discriminator, Field, GetJsonSchemaHandler, Tag, model_validator
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema

from builder.models.base import EnumIn, Id, ZModel
from builder.rulesets.zodiac.models.tech import Tech


class LearningMethod(StrEnum):
    """How a Blue Mage learns Enemy Skills; chosen once at creation (Ch. III)."""

    MEMORY = "memory"
    LORE = "lore"
    ASSIMILATE = "assimilate"


class TechUpgrade(ZModel):
    """One upgrade: the Tech Level reached and the character level it was bought at."""

    to: int = Field(
        ge=2,
        le=6,
        title="Tech Level reached",
        description="The Tech Level after this upgrade (2-6); a step of several levels pays "
        "each step (R15).",
        examples=[2, 5],
    )
    at: int = Field(
        ge=1,
        le=99,
        title="At character level",
        description="The character's Experience Level when the Tech Points were spent.",
        examples=[3, 30],
    )


def _tech_ref_kind(value: Any) -> str:
    # Tag names carry "[...]" so located diagnostics drop them from the YAML path.
    return "ref[id]" if isinstance(value, str) else "ref[inline]"


TechRef = Annotated[
    Annotated[Id, Tag("ref[id]")] | Annotated[Tech, Tag("ref[inline]")],
    Discriminator(_tech_ref_kind),
]


class KnownTech(ZModel):
    """A Tech the character knows: a `kind: tech` id or an inline Tech, with its history."""

    tech: TechRef = Field(
        title="Tech",
        description="The id of a `kind: tech` document, or a whole Tech written inline. "
        "Its tech_level is the Tech Level it was learned at; `upgrades` raise it.",
        examples=[
            "cure",
            {"name": "Biff", "tech_level": 6, "power_level": "strong", "primary": "power_attack"},
        ],
    )
    learned_at: int = Field(
        1,
        ge=1,
        le=99,
        title="Learned at level",
        description="The character level it was learned at (1 = at creation: at most 3 "
        "Techs, all Tech Level 1).",
        examples=[1, 12],
    )
    clone_of: Id | None = Field(
        None,
        title="Clone of",
        description="The id of another of this character's Techs this one clones (R15, R16): "
        "half the Tech Points, one Tech Level less toward Max Tech Levels (R11).",
        examples=["fireball"],
    )
    upgrades: list[TechUpgrade] = Field(
        default_factory=list,
        title="Upgrades",
        description="Upgrades in order: `{to: Tech Level, at: character level}`.",
        examples=[[{"to": 2, "at": 3}]],
    )

    @property
    def key(self) -> str:
        """The id this character knows the Tech by."""
        return self.tech if isinstance(self.tech, str) else str(self.tech.id)

    @property
    def original(self) -> str | None:
        """The clone's original: the entry's `clone_of`, else an inline Tech's own."""
        if self.clone_of is not None:
            return self.clone_of
        return None if isinstance(self.tech, str) else self.tech.clone_of


class KnownEnemySkill(ZModel):
    """An Enemy Skill a Blue Mage knows: a bare id or `{skill: id, learned_at: level}`."""

    skill: Id = Field(
        title="Enemy Skill",
        description="The id of a `kind: enemy_skill` document (the book's are built in).",
        examples=["goblin-punch"],
    )
    learned_at: int = Field(
        1,
        ge=1,
        le=99,
        title="Learned at level",
        description="The character level it was learned at.",
        examples=[1, 7],
    )
    upgrades: Any = Field(
        None,
        title="Upgrades (not allowed)",
        description="Enemy Skills may never be upgraded (Ch. III); present only to say so.",
        json_schema_extra={"type": "null"},  # the check (ZC136) refuses any other value
    )

    @model_validator(mode="before")
    @classmethod
    def _from_yaml(cls, data: Any) -> Any:
        return {"skill": data} if isinstance(data, str) else data

    @classmethod
    def __get_pydantic_json_schema__(
        cls, core_schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        """Editors accept the bare id form too."""
        mapping = handler(core_schema)
        return {"anyOf": [{"type": "string", "title": "Enemy Skill id"}, mapping]}


LearningField = Annotated[LearningMethod, EnumIn]
