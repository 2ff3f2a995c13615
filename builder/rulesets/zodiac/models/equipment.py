"""Equipment content: weapon sets, armor sets (armor + guards), relic sets, potions.

Abilities and relic options are written in YAML as a list whose items are a bare id
(``drain``) or a one-key mapping ``{id: parameter}`` (``elemental: fire``). The
models only check the *shape* (known ids, a parameter where one is needed, known
elements, stats and statuses); pools, limits and categories are construction rules
and live in ``builder.rulesets.zodiac.checks.equipment`` with their own codes.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import Field, GetJsonSchemaHandler, model_validator
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema

from builder.models.base import Element, EnumIn, Id, Stat, ZModel, norm_id, norm_key
from builder.models.schema_forms import NULL, loose_enum, model_object, short_forms
from builder.rulesets.zodiac.tables import equipment as eq
from builder.text import printable, shorten

_ELEMENTS = {e.value for e in Element}
_STATS = {s.value for s in Stat}


def _split_item(value: Any) -> Any:
    """``'drain'`` -> ``{id: drain}``; ``{elemental: fire}`` -> ``{id: elemental, param: fire}``."""
    if isinstance(value, str):
        return {"id": value}
    if isinstance(value, Mapping) and "id" not in value and len(value) == 1:
        ((key, param),) = value.items()
        return {"id": key, "param": param}
    return value


# JSON Schema of the parameters `_param` below reads (editors; `zodiac schema export`).
_TEXT: dict[str, Any] = {"type": "string", "minLength": 1}
_SHORT_FORMS = "A bare id (`drain`), a one-key mapping `id: parameter` or `{id: ..., param: ...}`."


def _element() -> JsonSchemaValue:
    return loose_enum(sorted(_ELEMENTS))


def _stat(stats: Any = _STATS) -> JsonSchemaValue:
    return loose_enum(sorted(stats))


def _status(table: Mapping[str, Any]) -> JsonSchemaValue:
    """A status of ``table`` in any spelling, or an alias of one (``canonical_status``)."""
    aliases = [a for a, canon in eq.STATUS_ALIASES.items() if canon in table]
    return loose_enum(sorted(table), aliases=aliases)


def _statuses(table: Mapping[str, Any]) -> JsonSchemaValue:
    """``_status_list``: one status or a list of them."""
    one = _status(table)
    return {"anyOf": [one, {"type": "array", "items": one}]}


def _need(aid: str, param: Any, what: str) -> None:
    if param is None or param == "":
        raise ValueError(f"{aid} needs a parameter: {what}, e.g. `- {aid}: ...`")


def _no_param(aid: str, param: Any) -> None:
    if param is not None:
        raise ValueError(f"{aid} takes no parameter; write it as a bare `- {aid}`")


def _one_of(aid: str, value: Any, allowed: Any, what: str) -> str:
    _need(aid, value, what)
    key = norm_key(str(value))
    if key not in allowed:
        raise ValueError(f"{aid}: {value!r} is not a {what}; choose one of {', '.join(allowed)}")
    return key


def _status_list(aid: str, value: Any, table: Mapping[str, int]) -> list[str]:
    _need(aid, value, "a status effect")
    items = [value] if isinstance(value, str) else value
    # Checked here, not assumed: the parameter's union also admits numbers and mappings.
    if not isinstance(items, list) or not all(isinstance(i, str) for i in items):
        raise ValueError(
            f"{aid} takes a status or a list of statuses, e.g. `- {aid}: poison`, "
            f"not {_shown(value)}"
        )
    out = []
    for item in items:
        status = eq.canonical_status(str(item))
        if status not in table:
            raise ValueError(eq.status_not_in_table(aid, str(item), table))
        out.append(status)
    return out


def _shown(value: Any) -> str:
    """A wrong parameter quoted in a message: escaped and short."""
    return shorten(printable(repr(value)))


def _item_id(model: Any) -> Any:
    if model.id is None:
        model.id = norm_id(model.name)
    return model


# --------------------------------------------------------------------------- weapons


class WeaponAbilityId(StrEnum):
    DEDICATED = "dedicated"
    DRAIN = "drain"
    ELEMENTAL = "elemental"
    KEEN_EDGE = "keen_edge"
    LONG_RANGE = "long_range"
    SPELL_EFFECT = "spell_effect"
    STAT_BONUS = "stat_bonus"
    STATUS_EFFECT = "status_effect"


class WeaponAbility(ZModel):
    """One weapon ability (Ch. V Weapon Abilities) with its parameter."""

    id: Annotated[WeaponAbilityId, EnumIn] = Field(
        title="Ability",
        description="Weapon ability id (Ch. V). Long Range belongs on the set, not a weapon.",
        examples=["drain", "keen_edge", "elemental"],
    )
    param: str | None = Field(
        default=None,
        title="Parameter",
        description=(
            "dedicated: the monster kind; elemental: an element; spell_effect: a Tech id "
            "(a level-1 Magical Attack); stat_bonus: mag, agi, vit or spr; status_effect: "
            "a status."
        ),
        examples=["dragons", "fire", "fira", "mag", "poison"],
    )

    @model_validator(mode="before")
    @classmethod
    def _shape(cls, value: Any) -> Any:
        return _split_item(value)

    @classmethod
    def __get_pydantic_json_schema__(
        cls, core_schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        """The forms `_shape` reads, each id with the parameter `_param` takes."""
        params: dict[str, JsonSchemaValue | None] = {
            "dedicated": _TEXT,
            "elemental": _element(),
            "spell_effect": _TEXT,
            "stat_bonus": _stat(),
            "status_effect": _status(eq.WEAPON_STATUS_EFFECT_COST),
        }
        return short_forms(
            model_object(handler, core_schema),
            {i.value: params.get(i.value) for i in WeaponAbilityId},
            param="param",
            title="Weapon ability",
            description=_SHORT_FORMS,
        )

    @model_validator(mode="after")
    def _param(self) -> WeaponAbility:
        aid, p = self.id.value, self.param
        if aid == "dedicated":
            _need(aid, p, "the kind of monster, e.g. dragons")
            self.param = str(p).strip()
        elif aid == "elemental":
            self.param = _one_of(aid, p, sorted(_ELEMENTS), "element")
        elif aid == "spell_effect":
            _need(aid, p, "a Tech id (a first-level Magical Attack)")
            self.param = norm_id(str(p))
        elif aid == "stat_bonus":
            self.param = _one_of(aid, p, sorted(_STATS), "stat")
        elif aid == "status_effect":
            (self.param,) = _status_list(aid, p, eq.WEAPON_STATUS_EFFECT_COST)
        else:
            _no_param(aid, p)
        return self


class DrawOutId(StrEnum):
    BREAK = "break"
    DEMI_ATTACK = "demi_attack"
    HEALING = "healing"
    IMMUNITY = "immunity"
    MAGICAL_ATTACK = "magical_attack"
    MP_ATTACK = "mp_attack"
    RESISTANCE = "resistance"
    STAT_BOOSTER = "stat_booster"
    STATUS_EFFECT = "status_effect"


class DrawOut(ZModel):
    """The one property a weapon releases with Draw Out (Ch. V Draw Out)."""

    id: Annotated[DrawOutId, EnumIn] = Field(
        title="Draw Out property",
        description="What the weapon releases when Drawn Out.",
        examples=["healing", "break", "status_effect"],
    )
    param: str | dict[str, int | None] | None = Field(
        default=None,
        title="Parameter",
        description=(
            "break / stat_booster: str, mag or agi; immunity / resistance: an element; "
            "magical_attack / mp_attack: an element or none; status_effect: up to two "
            "statuses, each mapped to its chance in % (omit for the base chance)."
        ),
        examples=["mag", "fire", {"stun": 40, "seal": 35}],
    )

    @model_validator(mode="before")
    @classmethod
    def _shape(cls, value: Any) -> Any:
        value = _split_item(value)
        if isinstance(value, Mapping) and norm_key(str(value.get("id", ""))) == "status_effect":
            p = value.get("param")
            if isinstance(p, str):
                value = {**value, "param": {p: None}}
            elif isinstance(p, list):
                value = {**value, "param": dict.fromkeys(map(str, p))}
        return value

    @classmethod
    def __get_pydantic_json_schema__(
        cls, core_schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        """The forms `_shape` reads, each property with the parameter `_param` takes."""
        status = _status(eq.DRAW_OUT_STATUS)
        chances = {
            "type": "object",
            "propertyNames": status,
            "additionalProperties": {"anyOf": [{"type": "integer"}, NULL]},
        }
        element_or_none = loose_enum([*sorted(_ELEMENTS), "none"])
        params: dict[str, JsonSchemaValue | None] = {
            "break": _stat(eq.DRAW_OUT_BREAK_STATS),
            "stat_booster": _stat(eq.DRAW_OUT_BREAK_STATS),
            "immunity": _element(),
            "resistance": _element(),
            "magical_attack": element_or_none,
            "mp_attack": element_or_none,
            "status_effect": {"anyOf": [status, {"type": "array", "items": status}, chances]},
        }
        return short_forms(
            model_object(handler, core_schema),
            {i.value: params.get(i.value) for i in DrawOutId},
            optional=("magical_attack", "mp_attack"),
            param="param",
            title="Draw Out property",
            description="A bare id (`healing`), a one-key mapping `id: parameter` or in full.",
        )

    @model_validator(mode="after")
    def _param(self) -> DrawOut:
        aid, p = self.id.value, self.param
        if aid in ("break", "stat_booster"):
            self.param = _one_of(aid, p, list(eq.DRAW_OUT_BREAK_STATS), "stat")
        elif aid in ("immunity", "resistance"):
            self.param = _one_of(aid, p, sorted(_ELEMENTS), "element")
        elif aid in ("magical_attack", "mp_attack"):
            # Omitted or `none`: non-elemental ("any element, or non-elemental", Ch. V Draw
            # Out; MP Attack deals its damage "as a Magical Attack").
            if isinstance(p, str) and norm_key(p) == "none":
                self.param = None
            elif p is not None:
                self.param = _one_of(aid, p, sorted(_ELEMENTS), "element")
        elif aid == "status_effect":
            _need(aid, p, "one or two statuses")
            if not isinstance(p, dict):
                raise ValueError("status_effect takes a list of statuses or {status: chance}")
            names = _status_list(aid, list(p), eq.DRAW_OUT_STATUS)
            self.param = dict(zip(names, p.values(), strict=True))
        else:
            _no_param(aid, p)
        return self


class Weapon(ZModel):
    """One weapon of a set; level 10 is the artifact."""

    level: int = Field(
        ge=1, le=10, title="Weapon level", description="1-10; 10 is the artifact.", examples=[1]
    )
    name: str = Field(title="Name", description="The weapon's name.", examples=["Broadsword"])
    id: Id | None = Field(
        default=None,
        title="Id",
        description="kebab-case id; derived from the name when omitted.",
        examples=["broadsword"],
    )
    abilities: list[WeaponAbility] = Field(
        default_factory=list,
        title="Abilities",
        description=(
            "At most two different abilities and floor(level / 2) points (R21); each a "
            "bare id or a one-key mapping {id: parameter}."
        ),
        examples=[["drain", {"elemental": "fire"}]],
    )
    draw_out: DrawOut | None = Field(
        default=None,
        title="Draw Out",
        description="Exactly one Draw Out property when the set declares draw_out.",
        examples=["healing", {"break": "mag"}],
    )
    description: str = Field(
        default="", title="Description", description="Flavour text.", examples=[""]
    )

    _id = model_validator(mode="after")(_item_id)


class WeaponSet(ZModel):
    """A set of ten weapons of one class (Ch. V Weapon Construction System)."""

    kind: Literal["weapon_set"] = Field(
        title="Kind", description="Always weapon_set.", examples=["weapon_set"]
    )
    name: str = Field(title="Name", description="The set's name.", examples=["Diff's Swords"])
    id: Id | None = Field(
        default=None,
        title="Id",
        description="kebab-case id; derived from the name when omitted.",
        examples=["diffs-swords"],
    )
    weapon_class: str = Field(
        title="Weapon class",
        description="Free text (sword, bow, staff...), stored snake_case.",
        examples=["sword", "great_axe"],
    )
    physical_points: int = Field(
        title="Physical points",
        description="Points for AP (1-5); with magical_points they total 6 (R21).",
        examples=[5],
    )
    magical_points: int = Field(
        title="Magical points",
        description="Points for MAP (1-5); with physical_points they total 6 (R21).",
        examples=[1],
    )
    long_range: bool = Field(
        default=False,
        title="Long Range",
        description="Every weapon of the set is ranged; the ability pool drops to 8 (R21).",
        examples=[False],
    )
    draw_out: bool = Field(
        default=False,
        title="Draw Out",
        description="The set declares Draw Out properties (one per weapon).",
        examples=[False],
    )
    weapons: list[Weapon] = Field(
        title="Weapons",
        description="Ten weapons, levels 1-10 each exactly once.",
        examples=[[{"level": 1, "name": "Short Sword"}]],
    )
    description: str = Field(
        default="", title="Description", description="Flavour text.", examples=[""]
    )

    @model_validator(mode="after")
    def _norm(self) -> WeaponSet:
        self.weapon_class = norm_key(self.weapon_class)
        return _item_id(self)


# --------------------------------------------------------------------------- armor


class ArmorType(StrEnum):
    DEFENSE = "defense"
    ENHANCE = "enhance"
    BALANCED = "balanced"


class PoolLayout(StrEnum):
    STANDARD = "standard"
    SWAPPED = "swapped"


class ArmorAbilityId(StrEnum):
    DEFENSE = "defense"
    MAGIC_DEFENSE = "magic_defense"
    PHYSICAL_WEAKNESS = "physical_weakness"
    MAGICAL_WEAKNESS = "magical_weakness"
    ELEMENTAL_ABSORBENCY = "elemental_absorbency"
    ELEMENTAL_IMMUNITY = "elemental_immunity"
    ELEMENTAL_RESISTANCE = "elemental_resistance"
    ELEMENTAL_WEAKNESS = "elemental_weakness"
    STAT_BONUS = "stat_bonus"
    STATUS_IMMUNITY = "status_immunity"


class ArmorAbility(ZModel):
    """One armor or guard ability (Ch. V Armor Abilities) with its parameter."""

    id: Annotated[ArmorAbilityId, EnumIn] = Field(
        title="Ability",
        description="Armor ability id (Ch. V).",
        examples=["defense", "elemental_resistance", "status_immunity"],
    )
    param: str | list[str] | None = Field(
        default=None,
        title="Parameter",
        description=(
            "elemental_*: an element; stat_bonus: str, mag, agi, resist (vit, spr on guards "
            "only); status_immunity: a status or a list of statuses."
        ),
        examples=["fire", "resist", ["poison", "stone"]],
    )

    @model_validator(mode="before")
    @classmethod
    def _shape(cls, value: Any) -> Any:
        return _split_item(value)

    @classmethod
    def __get_pydantic_json_schema__(
        cls, core_schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        """The forms `_shape` reads, each id with the parameter `_param` takes."""
        params: dict[str, JsonSchemaValue | None] = {
            **dict.fromkeys(eq.ARMOR_ELEMENT_ABILITIES, _element()),
            "stat_bonus": _stat(eq.ARMOR_STAT_BONUS),
            "status_immunity": _statuses(eq.ARMOR_STATUS_IMMUNITY_COST),
        }
        return short_forms(
            model_object(handler, core_schema),
            {i.value: params.get(i.value) for i in ArmorAbilityId},
            param="param",
            title="Armor ability",
            description=_SHORT_FORMS.replace("drain", "defense"),
        )

    @model_validator(mode="after")
    def _param(self) -> ArmorAbility:
        aid, p = self.id.value, self.param
        if aid in eq.ARMOR_ELEMENT_ABILITIES:
            self.param = _one_of(aid, p, sorted(_ELEMENTS), "element")
        elif aid == "stat_bonus":
            self.param = _one_of(aid, p, list(eq.ARMOR_STAT_BONUS), "stat")
        elif aid == "status_immunity":
            self.param = _status_list(aid, p, eq.ARMOR_STATUS_IMMUNITY_COST)
        else:
            _no_param(aid, p)
        return self


class ArmorPiece(ZModel):
    """One armor or guard; level 10 is the artifact."""

    level: int = Field(
        ge=1, le=10, title="Level", description="1-10; 10 is the artifact.", examples=[1]
    )
    name: str = Field(title="Name", description="The piece's name.", examples=["Leather Vest"])
    id: Id | None = Field(
        default=None,
        title="Id",
        description="kebab-case id; derived from the name when omitted.",
        examples=["leather-vest"],
    )
    abilities: list[ArmorAbility] = Field(
        default_factory=list,
        title="Abilities",
        description="Net points at most floor(level / 2) (R23); weaknesses pay toward others.",
        examples=[[{"elemental_resistance": "fire"}, "magical_weakness", "defense"]],
    )
    description: str = Field(
        default="", title="Description", description="Flavour text.", examples=[""]
    )

    _id = model_validator(mode="after")(_item_id)


class ArmorSet(ZModel):
    """Ten armors and ten guards (Ch. V Armor Construction System)."""

    kind: Literal["armor_set"] = Field(
        title="Kind", description="Always armor_set.", examples=["armor_set"]
    )
    name: str = Field(title="Name", description="The set's name.", examples=["Knight's Plate"])
    id: Id | None = Field(
        default=None,
        title="Id",
        description="kebab-case id; derived from the name when omitted.",
        examples=["knights-plate"],
    )
    armor_type: Annotated[ArmorType, EnumIn] = Field(
        title="Armor type",
        description="defense (big HP), enhance (MP) or balanced.",
        examples=["defense"],
    )
    pools: Annotated[PoolLayout, EnumIn] = Field(
        default=PoolLayout.STANDARD,
        title="Pool layout",
        description="standard: armor 10 / guards 5 points; swapped: armor 5 / guards 10 (R23).",
        examples=["standard"],
    )
    armors: list[ArmorPiece] = Field(
        title="Armors",
        description="Ten armors, levels 1-10 each exactly once.",
        examples=[[{"level": 1, "name": "Leather Vest"}]],
    )
    guards: list[ArmorPiece] = Field(
        title="Guards",
        description="Ten guards, levels 1-10 each exactly once.",
        examples=[[{"level": 1, "name": "Buckler"}]],
    )
    description: str = Field(
        default="", title="Description", description="Flavour text.", examples=[""]
    )

    _id = model_validator(mode="after")(_item_id)


# --------------------------------------------------------------------------- relics


class RelicOptionId(StrEnum):
    ELEMENTAL_RESISTANCE = "elemental_resistance"
    ELEMENTAL_IMMUNITY = "elemental_immunity"
    ELEMENTAL_ABSORPTION = "elemental_absorption"
    ELEMENTAL_RESISTANCE_ALL = "elemental_resistance_all"
    STAT_BOOST = "stat_boost"
    STATUS_IMMUNITY = "status_immunity"
    STATUS_IMMUNITY_ALL = "status_immunity_all"
    ELEMENTAL_BOOST = "elemental_boost"
    CRITICAL_BOOST = "critical_boost"
    MOVE_BOOST = "move_boost"
    JUMP_BOOST = "jump_boost"


class RelicOption(ZModel):
    """One relic option (Ch. V Relic Construction System)."""

    id: Annotated[RelicOptionId, EnumIn] = Field(
        title="Option",
        description=(
            "elemental_* (Elemental Protection; _all is R24's all-element resistance), "
            "stat_boost, status_immunity(_all), elemental_boost / critical_boost (Combat "
            "Bonuses), move_boost / jump_boost (Map Combat house rule)."
        ),
        examples=["stat_boost", "elemental_absorption", "critical_boost"],
    )
    param: str | int | list[str] | dict[str, int | str] | None = Field(
        default=None,
        title="Parameter",
        description=(
            "elemental_resistance/immunity/absorption: an element; stat_boost: {stat: amount} "
            "totalling 10, 15, 20, 25, 30 or 40; status_immunity: a status or a list; "
            "elemental_boost: {element, dice: 1|2}; critical_boost: 5|10; move/jump_boost: 1|2."
        ),
        examples=["fire", {"str": 10, "agi": 5}, {"element": "ice", "dice": 1}, 5],
    )

    @model_validator(mode="before")
    @classmethod
    def _shape(cls, value: Any) -> Any:
        return _split_item(value)

    @classmethod
    def __get_pydantic_json_schema__(
        cls, core_schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        """The forms `_shape` reads, each option with the parameter `_param` takes."""
        whole = {"type": "integer"}
        params: dict[str, JsonSchemaValue | None] = {
            "elemental_resistance": _element(),
            "elemental_immunity": _element(),
            "elemental_absorption": _element(),
            "stat_boost": {
                "type": "object",
                "minProperties": 1,
                "propertyNames": _stat(),
                "additionalProperties": {"type": "integer", "minimum": 0},
            },
            "status_immunity": _statuses(eq.RELIC_STATUS_IMMUNITY_COST),
            "elemental_boost": {
                "type": "object",
                "properties": {
                    "element": _element(),
                    "dice": {"type": ["integer", "string"], "examples": [1, 2]},
                },
                "required": ["element", "dice"],
                "additionalProperties": False,
            },
            "critical_boost": whole,
            "move_boost": whole,
            "jump_boost": whole,
        }
        return short_forms(
            model_object(handler, core_schema),
            {i.value: params.get(i.value) for i in RelicOptionId},
            param="param",
            title="Relic option",
            description=_SHORT_FORMS.replace("drain", "status_immunity_all"),
        )

    @model_validator(mode="after")
    def _param(self) -> RelicOption:
        oid, p = self.id.value, self.param
        if oid in ("elemental_resistance", "elemental_immunity", "elemental_absorption"):
            self.param = _one_of(oid, p, sorted(_ELEMENTS), "element")
        elif oid == "stat_boost":
            if not isinstance(p, dict) or not p:
                raise ValueError("stat_boost takes {stat: amount}, e.g. `- stat_boost: {str: 10}`")
            out: dict[str, int | str] = {}
            for k, v in p.items():
                stat = _one_of(oid, k, sorted(_STATS), "stat")
                if not isinstance(v, int) or v < 0:
                    raise ValueError(f"stat_boost: {k} must be a whole number >= 0, not {v!r}")
                out[stat] = int(out.get(stat, 0)) + v
            self.param = out
        elif oid == "status_immunity":
            self.param = _status_list(oid, p, eq.RELIC_STATUS_IMMUNITY_COST)
        elif oid == "elemental_boost":
            if not isinstance(p, dict) or set(p) != {"element", "dice"}:
                raise ValueError(
                    "elemental_boost takes {element: ..., dice: 1|2}, "
                    "e.g. `- elemental_boost: {element: fire, dice: 1}`"
                )
            self.param = {
                "element": _one_of(oid, p["element"], sorted(_ELEMENTS), "element"),
                "dice": p["dice"],
            }
        elif oid in ("critical_boost", "move_boost", "jump_boost"):
            if not isinstance(p, int) or isinstance(p, bool):
                raise ValueError(f"{oid} takes a whole number, e.g. `- {oid}: 1`")
        else:
            _no_param(oid, p)
        return self


class Relic(ZModel):
    """One relic: options from the categories, one per category except Status Immunity."""

    name: str = Field(title="Name", description="The relic's name.", examples=["Power Wrist"])
    id: Id | None = Field(
        default=None,
        title="Id",
        description="kebab-case id; derived from the name when omitted.",
        examples=["power-wrist"],
    )
    artifact: bool = Field(
        default=False,
        title="Artifact",
        description="One of the character's two artifact relics (up to 16 points, not sold).",
        examples=[False],
    )
    options: list[RelicOption] = Field(
        default_factory=list,
        title="Options",
        description="Each a bare id or a one-key mapping {id: parameter}.",
        examples=[[{"stat_boost": {"str": 10}}, {"status_immunity": ["poison", "blind"]}]],
    )
    description: str = Field(
        default="", title="Description", description="Flavour text.", examples=[""]
    )

    _id = model_validator(mode="after")(_item_id)


class RelicSet(ZModel):
    """A character's relics: up to 8 regular (30 points) and 2 artifacts (R24)."""

    kind: Literal["relic_set"] = Field(
        title="Kind", description="Always relic_set.", examples=["relic_set"]
    )
    name: str = Field(title="Name", description="The set's name.", examples=["Amos's Relics"])
    id: Id | None = Field(
        default=None,
        title="Id",
        description="kebab-case id; derived from the name when omitted.",
        examples=["amoss-relics"],
    )
    relics: list[Relic] = Field(
        title="Relics",
        description="The relics of one character.",
        examples=[[{"name": "Power Wrist", "options": [{"stat_boost": {"str": 10}}]}]],
    )
    description: str = Field(
        default="", title="Description", description="Flavour text.", examples=[""]
    )

    _id = model_validator(mode="after")(_item_id)


# --------------------------------------------------------------------------- potions


class Potion(ZModel):
    """A catalogue potion (Ch. V Potions); ``price`` is null where shops never sell it."""

    kind: Literal["potion"] = Field(title="Kind", description="Always potion.", examples=["potion"])
    name: str = Field(title="Name", description="The potion's name.", examples=["Hi Potion"])
    id: Id | None = Field(
        default=None,
        title="Id",
        description="kebab-case id; derived from the name when omitted.",
        examples=["hi-potion"],
    )
    effect: str = Field(title="Effect", description="What it does, briefly.", examples=["+300 HP"])
    price: int | None = Field(
        title="Price", description="Gold; null when it cannot be bought (R25).", examples=[200]
    )
    hp: int | Literal["all"] | None = Field(
        default=None, title="HP restored", description="HP restored, or all.", examples=[300]
    )
    mp: int | Literal["all"] | None = Field(
        default=None, title="MP restored", description="MP restored, or all.", examples=[15]
    )
    revive_hp_percent: int | None = Field(
        default=None,
        title="Revive",
        description="Brings a fallen target back with this % of max HP.",
        examples=[10],
    )
    cures: list[str] = Field(
        default_factory=list,
        title="Cures",
        description="Status ids it removes; [all_negative] for every negative status.",
        examples=[["poison"]],
    )

    @model_validator(mode="after")
    def _norm(self) -> Potion:
        self.cures = [
            "all_negative" if norm_key(c) == "all_negative" else eq.canonical_status(c)
            for c in self.cures
        ]
        return _item_id(self)
