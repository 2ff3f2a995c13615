"""Techs and Enemy Skills as content (DESIGN: the minimal Tech is a contract).

The models check *shape* (types, known ids, parameter values); the construction rules
of Chapter II (which effects combine, allowed levels, budgets) live in
``builder.rulesets.zodiac.checks.techs`` so each broken rule gets its own code and message.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, GetJsonSchemaHandler, Strict, model_validator
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema

from builder.models.base import (
    DamageType,
    Element,
    EnumIn,
    Id,
    Stat,
    ZModel,
    norm_id,
    norm_key,
)
from builder.models.schema_forms import NULL, Spellings, loose_enum, model_object, short_forms
from builder.rulesets.zodiac.tables.equipment import status_not_in_table
from builder.rulesets.zodiac.tables.techs import (
    AREA_EFFECT_MAX_LEVELS,
    DEFAULT_DAMAGE_TYPE,
    DRAIN_ADJUSTMENT,
    LESSER_STATUS_TABLE,
    RANDOM_TARGET_ADJUSTMENT,
    AttackNotation,
    parse_attack_notation,
)


class PrimaryEffect(StrEnum):
    """Primary Effects and Unique Powers of Chapter II (DESIGN contract ids)."""

    ATTACK_MAGIC = "attack_magic"
    BREAK_ARTS = "break_arts"
    DEMI_ATTACK = "demi_attack"
    FATAL_BLOW = "fatal_blow"
    HEALING = "healing"
    NEAR_FATAL_ATTACK = "near_fatal_attack"
    POWER_ATTACK = "power_attack"
    QUADRA_SLAM = "quadra_slam"
    REVENGE = "revenge"
    REVIVE = "revive"
    STAT_BOOSTER = "stat_booster"
    STATUS_EFFECT = "status_effect"
    ABSORBENCY = "absorbency"
    DEBILITATE = "debilitate"
    DISPEL = "dispel"
    ESUNA = "esuna"
    IMMUNITY = "immunity"
    INVULNERABILITY = "invulnerability"
    MP_STEAL = "mp_steal"
    NEUTRALIZE = "neutralize"
    RESISTANCE = "resistance"
    SCAN = "scan"
    STEAL_GOLD = "steal_gold"
    TRUE_NEUTRALIZE = "true_neutralize"


class SecondaryEffect(StrEnum):
    """Secondary Effects of Chapter II plus Friendly Fire (Map Combat, R14). DESIGN ids."""

    AREA_EFFECT = "area_effect"
    BACKFIRE = "backfire"
    CHARGE_POWER = "charge_power"
    DRAIN = "drain"
    INACCURATE = "inaccurate"
    LIMITED_USES = "limited_uses"
    LESSER_STATUS_ATTACK = "lesser_status_attack"
    MP_ATTACK = "mp_attack"
    RANDOM_TARGET = "random_target"
    SACRIFICE = "sacrifice"
    SELF_ONLY = "self_only"
    SHORT_RANGE = "short_range"
    STEAL_AS_WELL = "steal_as_well"
    FRIENDLY_FIRE = "friendly_fire"


class DrainArea(StrEnum):
    """Drain with Area Effect: the choice the book asks for when the Tech is created."""

    HARDEST_HIT = "hardest_hit"  # damage all enemies, drain only from the one hurt most
    SPLIT = "split"  # damage one enemy, share the drain among all allies


class Delivery(StrEnum):
    """Map Combat: how a Tech reaches its target, which sets its base R/E/V (R30)."""

    MELEE = "melee"  # R3 E1 V0
    RANGED = "ranged"  # R6 E1 V0
    OTHER = "other"  # R4 E1 V0


class PowerLevel(StrEnum):
    WEAK = "weak"
    MEDIUM = "medium"
    STRONG = "strong"


class StatusName(StrEnum):
    """Status conditions named by Chapter II's tables (Status Effect, Lesser Status, Dispel)."""

    STUN = "stun"
    POISON = "poison"
    BERSERK = "berserk"
    CURSE = "curse"
    DEATH_SENTENCE = "death_sentence"
    BLIND = "blind"
    SLOW = "slow"
    SLEEP = "sleep"
    SEAL = "seal"
    FROG = "frog"
    MINI = "mini"
    CONFUSE = "confuse"
    STOP = "stop"
    STONE = "stone"
    CHARM = "charm"
    VENOM = "venom"
    ZOMBIE = "zombie"
    HASTE = "haste"
    BARRIER = "barrier"
    MBARRIER = "mbarrier"
    REGEN = "regen"
    RERAISE = "reraise"
    WALL = "wall"


_STATUS_ALIASES = {"dsentence": "death_sentence", "d_sentence": "death_sentence"}


def _status_key(value: Any) -> Any:
    if not isinstance(value, str):
        return value
    key = norm_key(value)
    return _STATUS_ALIASES.get(key, key)


def _one_key(data: Any, key_name: str, value_name: str) -> Any:
    """'x' -> {key: 'x'}; {'x': v} -> {key: 'x', value: v}; a full mapping passes through."""
    if isinstance(data, str):
        return {key_name: data}
    if isinstance(data, dict) and len(data) == 1 and key_name not in data:
        ((key, value),) = data.items()
        return {key_name: key, value_name: value}
    return data


# Which parameter each Secondary Effect takes (Ch. II; DESIGN contract).
_PARAM_HELP: dict[SecondaryEffect, str] = {
    SecondaryEffect.AREA_EFFECT: f"levels 1-{AREA_EFFECT_MAX_LEVELS} (Map Combat, R30; default 1)",
    SecondaryEffect.DRAIN: "25 or 50 (percent drained)",
    SecondaryEffect.RANDOM_TARGET: "enemy, ally (-1 Tech Level) or any (-2)",
    SecondaryEffect.SACRIFICE: "no_mp or half_mp (R19)",
    SecondaryEffect.LESSER_STATUS_ATTACK: "a status from the Lesser Status Attack table",
    SecondaryEffect.MP_ATTACK: "mp_only (default) or split (half HP damage, 1/20 to MP)",
}
_REQUIRED = {
    SecondaryEffect.DRAIN,
    SecondaryEffect.RANDOM_TARGET,
    SecondaryEffect.SACRIFICE,
    SecondaryEffect.LESSER_STATUS_ATTACK,
}


class Secondary(ZModel):
    """One Secondary Effect: a bare id (``area_effect``) or a one-key mapping (``drain: 50``)."""

    id: Annotated[SecondaryEffect, EnumIn] = Field(
        title="Secondary Effect",
        description="The Secondary Effect's id.",
        examples=["area_effect", "self_only"],
    )
    value: int | str | None = Field(
        default=None,
        title="Parameter",
        description=(
            "The effect's parameter: drain 25|50; random_target enemy|ally|any; sacrifice "
            "no_mp|half_mp; lesser_status_attack a status; area_effect 1-3 levels (Map "
            "Combat); mp_attack mp_only|split. Others take none."
        ),
        examples=[50, "half_mp", "poison"],
    )

    @model_validator(mode="before")
    @classmethod
    def _from_yaml(cls, data: Any) -> Any:
        return _one_key(data, "id", "value")

    @classmethod
    def __get_pydantic_json_schema__(
        cls, core_schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        """The forms `_from_yaml` reads, each effect with the parameter `_check_value` takes."""
        aliases = [a for a, canon in _STATUS_ALIASES.items() if canon in LESSER_STATUS_TABLE]
        params: dict[str, JsonSchemaValue | None] = {
            "area_effect": {"type": "integer", "minimum": 1, "maximum": AREA_EFFECT_MAX_LEVELS},
            "drain": {"enum": sorted(DRAIN_ADJUSTMENT)},
            "random_target": loose_enum(RANDOM_TARGET_ADJUSTMENT),
            "sacrifice": loose_enum(["no_mp", "half_mp"]),
            "lesser_status_attack": loose_enum(LESSER_STATUS_TABLE, aliases=aliases),
            "mp_attack": loose_enum(["mp_only", "split"]),
        }
        return short_forms(
            model_object(handler, core_schema),
            {s.value: params.get(s.value) for s in SecondaryEffect},
            optional=[s.value for s in _PARAM_HELP if s not in _REQUIRED],
            param="value",
            title="Secondary Effect",
            description="A bare id (`area_effect`), a one-key mapping `id: parameter` or "
            "`{id: ..., value: ...}`.",
        )

    @model_validator(mode="after")
    def _check_value(self) -> Secondary:
        sid, value = self.id, self.value
        if value is None:
            if sid in _REQUIRED:
                raise ValueError(f"{sid} needs a parameter: {_PARAM_HELP[sid]}, e.g. '{sid}: ...'")
            return self
        if sid not in _PARAM_HELP:
            raise ValueError(f"{sid} takes no parameter; write it as a bare '{sid}'")
        if sid is SecondaryEffect.AREA_EFFECT:
            ok = isinstance(value, int) and 1 <= value <= AREA_EFFECT_MAX_LEVELS
        elif sid is SecondaryEffect.DRAIN:
            ok = isinstance(value, int) and value in DRAIN_ADJUSTMENT
        else:
            if not isinstance(value, str):
                ok = False
            else:
                key = _status_key(value)
                choices: set[str] = {
                    SecondaryEffect.RANDOM_TARGET: set(RANDOM_TARGET_ADJUSTMENT),
                    SecondaryEffect.SACRIFICE: {"no_mp", "half_mp"},
                    SecondaryEffect.LESSER_STATUS_ATTACK: set(LESSER_STATUS_TABLE),
                    SecondaryEffect.MP_ATTACK: {"mp_only", "split"},
                }[sid]
                ok = key in choices
                if ok:
                    self.value = key
        if not ok and sid is SecondaryEffect.LESSER_STATUS_ATTACK and isinstance(value, str):
            raise ValueError(status_not_in_table(sid.value, value, LESSER_STATUS_TABLE))
        if not ok:
            raise ValueError(f"{sid}: {value!r} is not allowed; use {_PARAM_HELP[sid]}")
        return self

    @property
    def yaml(self) -> str | dict[str, int | str]:
        """The YAML form: the bare id or ``{id: value}``."""
        return str(self.id) if self.value is None else {str(self.id): self.value}


class StatusChoice(ZModel):
    """A status of a Status Effect Tech: a bare name or ``{name: modifier}`` (R17)."""

    status: Annotated[
        StatusName,
        Strict(False),
        BeforeValidator(_status_key),
        Spellings(aliases=tuple(_STATUS_ALIASES)),
    ] = Field(
        title="Status",
        description="A status from the Status Effect table (Ch. II).",
        examples=["stun", "haste"],
    )
    modifier: int | None = Field(
        default=None,
        title="Attack modifier",
        description=(
            "The attack modifier after spending the Tech's points (10 per Tech Level, R17). "
            "Omit for the base modifier; positive effects take none."
        ),
        examples=[-20, -35],
    )

    @model_validator(mode="before")
    @classmethod
    def _from_yaml(cls, data: Any) -> Any:
        return _one_key(data, "status", "modifier")

    @classmethod
    def __get_pydantic_json_schema__(
        cls, core_schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        """The forms `_from_yaml` reads: `stun`, `stun: -20` or `{status: .., modifier: ..}`."""
        names = [s.value for s in StatusName]
        status = loose_enum(names, aliases=list(_STATUS_ALIASES))
        modifier = {"anyOf": [{"type": "integer"}, NULL]}
        one_key = {
            "type": "object",
            "minProperties": 1,
            "maxProperties": 1,
            "propertyNames": {"allOf": [status, {"not": {"const": "status"}}]},
            "additionalProperties": modifier,
        }
        return {
            "title": "Status",
            "description": "A bare status name, `status: modifier` (R17) or "
            "`{status: ..., modifier: ...}`.",
            "anyOf": [status, one_key, model_object(handler, core_schema)],
        }


class Tech(ZModel):
    """A Tech (Chapter II). See DESIGN for the minimal contract."""

    kind: Literal["tech"] = Field(
        default="tech", title="Kind", description="Always `tech`.", examples=["tech"]
    )
    id: Id | None = Field(
        default=None,
        title="Id",
        description="kebab-case id; derived from the name when omitted.",
        examples=["biff"],
    )
    name: str = Field(title="Name", description="The Tech's name.", examples=["Biff", "Cure"])
    tech_level: int = Field(
        ge=1,
        le=6,
        title="Tech Level",
        description="1-6 (R12); some primary effects allow only certain levels.",
        examples=[1, 6],
    )
    power_level: Annotated[PowerLevel, EnumIn] | None = Field(
        default=None,
        title="Power Level",
        description=(
            "weak | medium | strong. Required for Attack Magic, Power Attack, Healing and "
            "Quadra Slam; omit where the primary effect fixes it (or give the fixed one)."
        ),
        examples=["strong"],
    )
    primary: Annotated[PrimaryEffect, EnumIn] = Field(
        title="Primary Effect",
        description="The Primary Effect or Unique Power.",
        examples=["power_attack", "healing", "status_effect"],
    )
    stat: Annotated[Stat, EnumIn] | None = Field(
        default=None,
        title="Stat",
        description=(
            "Break Arts: str (Power Break), mag (Magic Break), agi (Speed Break), vit (Armor "
            "Break), spr (Spirit Break). Stat Booster: str, mag or agi. Other primaries: omit."
        ),
        examples=["str", "agi"],
    )
    statuses: list[StatusChoice] = Field(
        default_factory=list,
        title="Statuses",
        description=(
            "Status Effect only: the statuses, each a bare name (base modifier) or "
            "`name: modifier` after spending 10 points per Tech Level (R17)."
        ),
        examples=[["haste"], [{"stun": -20}, {"seal": -35}]],
    )
    element: Annotated[Element, EnumIn] | None = Field(
        default=None,
        title="Element",
        description=(
            "On a damaging Tech: the Elemental secondary effect (free, not counted). On "
            "Absorbency, Immunity and Resistance: the element protected against (required)."
        ),
        examples=["fire", "ice"],
    )
    damage_type: Annotated[DamageType, EnumIn] | None = Field(
        default=None,
        title="Damage type",
        description=(
            "physical | magical. Damaging Techs: overrides the primary's type (a clone may "
            "switch it, R16). Invulnerability: the damage it protects from (required)."
        ),
        examples=["magical"],
    )
    secondary: list[Secondary] = Field(
        default_factory=list,
        title="Secondary Effects",
        description=(
            "At most two (Elemental not counted; Lesser Status Attack may be taken twice, R14). "
            "Each a bare id or a one-key mapping `id: parameter`."
        ),
        examples=[["area_effect", {"drain": 50}], [{"sacrifice": "half_mp"}]],
    )
    drain_area: Annotated[DrainArea, EnumIn] | None = Field(
        None,
        title="Drain with Area Effect",
        description=(
            "Only with both Drain and Area Effect (Ch. II Drain Attack): `hardest_hit` damages "
            "all enemies and drains only from the one that took the most damage; `split` damages "
            "one enemy and shares the drained HP or MP among all allies."
        ),
        examples=["hardest_hit", "split"],
    )
    delivery: Annotated[Delivery, EnumIn] | None = Field(
        default=None,
        title="Delivery (Map Combat)",
        description=(
            "melee | ranged | other: the base Range/Effect/Vertical in Map Combat (R30). "
            "Omitted: weapon Techs follow the wielder's weapon set (ranged when it is Long "
            "Range), Short Range Techs are melee (R32), other Techs are other."
        ),
        examples=["ranged"],
    )
    clone_of: Id | None = Field(
        default=None,
        title="Clone of",
        description=(
            "Id of the original when this Tech is a Cloned Power; it must differ in exactly "
            "one of element or damage type (R16)."
        ),
        examples=["fireball"],
    )
    description: str | None = Field(
        default=None,
        title="Description",
        description="Free text shown on sheets.",
        examples=["A crushing overhead blow."],
    )

    @model_validator(mode="after")
    def _default_id(self) -> Tech:
        if self.id is None:
            self.id = norm_id(self.name)
        return self

    def has(self, secondary: str) -> bool:
        """Whether the Tech takes this Secondary Effect."""
        return any(s.id == secondary for s in self.secondary)

    def param(self, secondary: str) -> int | str | None:
        """The parameter of the first Secondary Effect with this id."""
        return next((s.value for s in self.secondary if s.id == secondary), None)

    @property
    def effective_damage_type(self) -> str | None:
        """The declared damage type, else the primary's default (None if it deals none)."""
        if self.damage_type is not None:
            return str(self.damage_type)
        return DEFAULT_DAMAGE_TYPE.get(str(self.primary))


class EnemySkill(ZModel):
    """A Blue Magic Enemy Skill (Chapter III). Tech Level is declared (R20)."""

    kind: Literal["enemy_skill"] = Field(
        default="enemy_skill",
        title="Kind",
        description="Always `enemy_skill`.",
        examples=["enemy_skill"],
    )
    id: Id | None = Field(
        default=None,
        title="Id",
        description="kebab-case id; derived from the name when omitted.",
        examples=["goblin-punch"],
    )
    name: str = Field(title="Name", description="The skill's name.", examples=["Goblin Punch"])
    mp: int = Field(ge=0, title="MP", description="MP cost to use the skill.", examples=[3, 19])
    tech_level: int = Field(
        ge=1,
        le=6,
        title="Tech Level",
        description=(
            "Counts toward Max Tech Levels (R11). The builder warns when `mp` matches no MP "
            "table cell of this level (R20)."
        ),
        examples=[1, 4],
    )
    attack: str | None = Field(
        default=None,
        title="Attack notation",
        description=(
            "'#PX' (Power Attack) or '#MX' (Attack Magic): level, letter, power 1 weak, "
            "2 medium, 3 strong (Ch. III)."
        ),
        examples=["3M2", "1P2"],
    )
    element: Annotated[Element, EnumIn] | None = Field(
        default=None, title="Element", description="Element of the damage.", examples=["water"]
    )
    description: str | None = Field(
        default=None,
        title="Description",
        description="What the skill does, in a line.",
        examples=["Hits one foe with the equipped weapon."],
    )

    @model_validator(mode="after")
    def _check(self) -> EnemySkill:
        if self.attack is not None:
            parse_attack_notation(self.attack)  # ValueError -> a validation error
        if self.id is None:
            self.id = norm_id(self.name)
        return self

    @property
    def attack_notation(self) -> AttackNotation | None:
        """The parsed ``attack`` (level, Power Attack or Attack Magic, power level)."""
        return parse_attack_notation(self.attack) if self.attack is not None else None
