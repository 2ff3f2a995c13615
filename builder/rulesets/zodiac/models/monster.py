"""The ``monster`` content kind (Appendix I: Monster Creation).

A monster file says what the Master chose; numbers that follow from the choices
(HP, Tech Levels, rewards) are computed by ``builder.rulesets.zodiac.rules.monsters`` and rules are
checked by ``builder.rulesets.zodiac.checks.monsters``. The model only checks shape.

Powers are written as a bare id, a one-key mapping whose value is the power's main
parameter (or a mapping of its parameters), or a mapping with ``id:``::

    powers:
      - flight
      - resistance: fire
      - exceptional_stats: {level: 2, extra: {str: 20}}
      - {id: force_of_will, tech: fira, tech_level: 2}
      - {id: acid_rain, custom: true, level: 3, name: Acid Rain}
"""

from __future__ import annotations

import difflib
from typing import Annotated, Any, Literal

from pydantic import (
    BeforeValidator,
    Field,
    GetJsonSchemaHandler,
    field_validator,
    model_validator,
)
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema

from builder.models.base import STATS, Element, EnumIn, Id, Stat, ZModel, norm_id, norm_key
from builder.models.schema_forms import NULL, Spellings, model_object, spelling_pattern
from builder.rulesets.zodiac.tables.monsters import POWERS

Key = Annotated[str, EnumIn]


def _tech_ref(value: Any) -> Any:
    return norm_id(value) if isinstance(value, str) else value


# An id or an inline Tech. The id is normalised by an annotation, not a field validator,
# so the shared control-character check sees the text first (issue "Trust").
TechRef = Annotated[str | dict[str, Any], BeforeValidator(_tech_ref)]


class PowerEntry(ZModel):
    """One monster power with its parameters; which parameters a power takes is checked later."""

    id: Key = Field(
        title="Power",
        description="A power of the Monster Power List (Appendix I), snake_case.",
        examples=["flight", "resistance", "call_minions"],
    )
    level: int | None = Field(
        None,
        ge=0,
        title="Level",
        description=(
            "Tech Levels the power costs: required for Exceptional Stats, Final Attack and "
            "custom powers; optional elsewhere (must then match the list)."
        ),
        examples=[2],
    )
    element: Annotated[Element, EnumIn] | None = Field(
        None,
        title="Element",
        description="The element of Weakness, Resistance, Immunity or an Absorbency.",
        examples=["fire", "holy"],
    )
    status: Key | None = Field(
        None,
        title="Status effect",
        description="The negative status a Status Touch inflicts.",
        examples=["poison", "sleep"],
    )
    item: Key | None = Field(
        None,
        title="Item",
        description="The potion an Item Use power carries (Potion/Ether, Hi-, Super-).",
        examples=["potion", "hi_ether"],
    )
    skill: Key | None = Field(
        None,
        title="Command Skill",
        description="The Command Skill (Chapter IV) the monster uses for 4 MP.",
        examples=["steal", "kick"],
    )
    monsters: list[Id] | None = Field(
        None,
        title="Called monsters",
        description="Ids of the monsters Call Minions or Call for Superiors brings.",
        examples=[["goblin", "goblin-archer"]],
        # `_one_or_many` below reads a single id as a list of one
        json_schema_extra={
            "anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}, NULL]
        },
    )
    tech: TechRef | None = Field(
        None,
        title="Tech",
        description="The Tech behind Force of Will or Final Attack: an id or an inline Tech.",
        examples=["fira", {"name": "Self Destruct", "tech_level": 3, "primary": "power_attack"}],
    )
    tech_level: int | None = Field(
        None,
        ge=1,
        le=6,
        title="Tech Level of the Tech",
        description="The Tech Level of ``tech`` when it is given by id and not resolved.",
        examples=[2],
    )
    extra: dict[Annotated[Stat, EnumIn], Annotated[int, Field(ge=0)]] | None = Field(
        None,
        title="Exceptional stat points",
        description="Where the 10 points per level of Exceptional Stats went (already in stats).",
        examples=[{"str": 15, "vit": 5}],
    )
    resists: Literal["physical", "magical", "shifting"] | None = Field(
        None,
        title="Unusual Defense",
        description=(
            "physical: half physical, double magical damage; magical: the reverse; "
            "shifting: reverses every 1d2 rounds."
        ),
        examples=["physical"],
    )
    variant: Literal["on_death", "self_destruct"] | None = Field(
        None,
        title="Final Attack variant",
        description="on_death: used when killed (default); self_destruct: any time, at its life.",
        examples=["on_death"],
    )
    custom: bool = Field(
        False,
        title="Custom power",
        description="A power of the Master's devising, not on the list; give it a level.",
        examples=[True],
    )
    name: str | None = Field(
        None, title="Name", description="Display name (custom powers).", examples=["Acid Rain"]
    )
    description: str | None = Field(
        None,
        title="Description",
        description="What the power does (custom powers).",
        examples=["Showers the field in acid."],
    )

    @model_validator(mode="before")
    @classmethod
    def _shape(cls, data: Any) -> Any:
        """Accept ``flight``, ``{resistance: fire}``, ``{x: {..}}`` and ``{id: x, ..}``."""
        if isinstance(data, str):
            return {"id": data}
        if not isinstance(data, dict) or "id" in data:
            return data
        if len(data) != 1:
            raise ValueError(
                "a power is a bare id, a one-key mapping such as {resistance: fire}, "
                "or a mapping with an id: key"
            )
        ((key, value),) = data.items()
        pid = norm_key(str(key))
        if value is None:
            return {"id": pid}
        if isinstance(value, dict):
            return {"id": pid, **value}
        spec = POWERS.get(pid)
        if spec is None or spec.primary is None:
            known = difflib.get_close_matches(pid, POWERS, n=1)
            hint = f"did you mean {known[0]!r}? " if known else ""
            what = "is not a known power" if spec is None else "takes no parameter"
            raise ValueError(
                f"{key!r} {what}; {hint}write a custom power as "
                "{id: my_power, custom: true, level: N}"
            )
        return {"id": pid, spec.primary: value}

    @classmethod
    def __get_pydantic_json_schema__(
        cls, core_schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        """The forms `_shape` reads: `flight`, `resistance: fire`, `{x: {..}}` or in full."""
        full = model_object(handler, core_schema)
        fields = {**full, "required": []}  # `{power: {level: 2}}`: the key is the id
        fields.pop("title", None)
        # Every key's value: nothing, the power's parameters, or a scalar (any key, as
        # `additionalProperties` with no sibling `properties`); then, by key, which scalar.
        structured = {"type": ["null", "object"]}
        by_key: dict[str, Any] = {}
        for pid, spec in POWERS.items():
            if spec.primary is None:
                by_key[pid] = structured
            else:  # `- resistance: fire`: the scalar sets this parameter
                by_key[pid] = {"anyOf": [structured, full["properties"][spec.primary]]}
        one_key: dict[str, Any] = {
            "type": "object",
            "minProperties": 1,
            "maxProperties": 1,
            "propertyNames": {"not": {"const": "id"}},
            "additionalProperties": {"anyOf": [NULL, fields, {"not": structured}]},
            "allOf": [
                {
                    "properties": by_key,
                    "patternProperties": {spelling_pattern([k]): v for k, v in by_key.items()},
                    "additionalProperties": structured,  # custom powers: no scalar
                }
            ],
        }
        return {
            "title": "Monster power",
            "description": "A bare id (`flight`), a one-key mapping (`resistance: fire`, "
            "`exceptional_stats: {level: 2}`) or a mapping with `id:`.",
            "anyOf": [
                {"anyOf": [{"type": "string", "enum": list(POWERS)}, {"type": "string"}]},
                one_key,
                full,
            ],
        }

    @field_validator("monsters", mode="before")
    @classmethod
    def _one_or_many(cls, value: Any) -> Any:
        return [value] if isinstance(value, str) else value


class Affinities(ZModel):
    """Elemental affinities (Ch. VI); each listed element is bought as the matching power."""

    weakness: list[Annotated[Element, EnumIn]] = Field(
        default_factory=list,
        title="Weakness",
        description="Double damage; each Weakness costs 0 and adds 1 Tech Level (R27).",
        examples=[["holy"]],
    )
    resistance: list[Annotated[Element, EnumIn]] = Field(
        default_factory=list,
        title="Resistance",
        description="Half damage; Level 1 power each.",
        examples=[["fire", "ice"]],
    )
    immunity: list[Annotated[Element, EnumIn]] = Field(
        default_factory=list,
        title="Immunity",
        description="No damage; Level 2 power each.",
        examples=[["earth"]],
    )
    lesser_absorbency: list[Annotated[Element, EnumIn]] = Field(
        default_factory=list,
        title="Lesser Absorbency",
        description="Heals half the damage rolled; Level 3 power each.",
        examples=[["water"]],
    )
    greater_absorbency: list[Annotated[Element, EnumIn]] = Field(
        default_factory=list,
        title="Greater Absorbency",
        description="Heals the damage rolled; Level 4 power each.",
        examples=[["shadow"]],
    )


class Part(ZModel):
    """An extra part of a Multiple Parts monster: its own HP and at most one power."""

    name: str = Field(
        min_length=1, title="Name", description="The part's name.", examples=["Left Claw"]
    )
    hp: int | None = Field(
        None,
        ge=1,
        title="HP",
        description="The part's HP; omitted parts share what is left of half the main body's HP.",
        examples=[600],
    )
    power: PowerEntry | None = Field(
        None,
        title="Monster power",
        description="The part's one power, when it is a monster power.",
        examples=["lesser_counterattack"],
    )
    tech: TechRef | None = Field(
        None,
        title="Tech",
        description="The part's one power, when it is a Tech: an id or an inline Tech.",
        examples=["thundara"],
    )
    tech_level: int | None = Field(
        None,
        ge=1,
        le=6,
        title="Tech Level",
        description="The Tech Level of ``tech`` (at most half the main body's strongest Tech).",
        examples=[2],
    )

    @model_validator(mode="after")
    def _one_power(self) -> Part:
        if self.power is not None and self.tech is not None:
            raise ValueError("a part has one power: give either power or tech, not both")
        return self


class Monster(ZModel):
    """A monster or boss built with Appendix I."""

    kind: Literal["monster"] = Field(
        title="Kind", description="Always 'monster'.", examples=["monster"]
    )
    name: str = Field(
        min_length=1, title="Name", description="The monster's name.", examples=["Bone Dragon"]
    )
    id: Id | None = Field(
        None,
        title="Id",
        description="kebab-case id; derived from the name when omitted.",
        examples=["bone-dragon"],
    )
    level: int = Field(ge=1, le=99, title="Level", description="Level 1-99.", examples=[12])
    family: str | None = Field(
        None,
        title="Family",
        description="The monster's type (Call for Help brings one of the same type).",
        examples=["dragon", "undead"],
    )
    boss: bool = Field(
        False,
        title="Boss",
        description="Boss Monster: HP x10, MP x2, bigger rewards, fixed immunities (R28).",
        examples=[True],
    )
    stats: dict[Annotated[Stat, EnumIn], Annotated[int, Field(ge=0)]] = Field(
        title="Stats",
        description="str, mag, vit, spr, agi; they sum to 25 + 5 x Level (+10 per Exceptional Stats level).",
        examples=[{"str": 30, "mag": 10, "vit": 25, "spr": 10, "agi": 10}],
    )
    # `_die` strips and lowers: `D8` reads as d8
    attack_die: Annotated[Literal["d6", "d8", "d10"], Spellings(ends=r"\s*")] = Field(
        "d6",
        title="Attack die",
        description="The die of its normal attack; it rolls Strength Dice of them.",
        examples=["d8"],
    )
    affinities: Affinities = Field(
        default_factory=Affinities,
        title="Elemental affinities",
        description="Elements by affinity; each entry is bought as the matching power.",
        examples=[{"weakness": ["fire"], "resistance": ["ice"]}],
    )
    status_immunities: list[Key] = Field(
        default_factory=list,
        title="Status immunities",
        description="Statuses it ignores; bosses add Stone, Demi, Death Sentence, instant death.",
        examples=[["poison", "sleep"]],
    )
    powers: list[PowerEntry] = Field(
        default_factory=list,
        title="Monster powers",
        description="Powers of the Monster Power List (ids, {id: param} or {id: .., level: ..}).",
        examples=[["flight", {"weak_status_touch": "poison"}, {"call_minions": ["goblin"]}]],
    )
    techs: list[TechRef] = Field(
        default_factory=list,
        title="Techs",
        description="Normal Techs it knows: Tech ids or inline Tech mappings.",
        examples=[["fira", {"name": "Bone Breath", "tech_level": 2, "primary": "attack_magic"}]],
    )
    parts: list[Part] = Field(
        default_factory=list,
        title="Extra parts",
        description="Multiple Parts: up to three extra parts besides the main body.",
        examples=[[{"name": "Left Claw", "power": "counterattack"}]],
    )
    drops: list[Id] = Field(
        default_factory=list,
        title="Drop items",
        description="Items dropped on defeat (30%; a boss always drops them).",
        examples=[["dragon-scale"]],
    )
    steals: list[Id] = Field(
        default_factory=list,
        title="Steal items",
        description="Items that can be stolen with Steal.",
        examples=[["hi-potion"]],
    )
    description: str | None = Field(
        None,
        title="Description",
        description="What it looks like and how it fights.",
        examples=["A skeletal wyrm that hoards cursed gold."],
    )

    @field_validator("attack_die", mode="before")
    @classmethod
    def _die(cls, value: Any) -> Any:
        return value.strip().lower() if isinstance(value, str) else value

    @field_validator("stats")
    @classmethod
    def _all_five(cls, value: dict[Stat, int]) -> dict[Stat, int]:
        missing = [s.value for s in STATS if s not in value]
        if missing:
            raise ValueError(f"give all five stats; missing: {', '.join(missing)}")
        return value

    @model_validator(mode="after")
    def _default_id(self) -> Monster:
        if self.id is None:
            self.id = norm_id(self.name)
        return self
