"""Shared pieces of every content model.

Whatever a user types as an id or enum value (``Attack Up``, ``attack-up``,
``attack_up``) is matched ignoring case and the difference between spaces,
hyphens and underscores (DESIGN: Content files).

Models take only what they claim (issue "Trust"): validation is strict, so ``level:
true``, ``level: "1"`` and ``level: 1.0`` are not a level; a float field still takes a
whole number. Enum fields are the one lax spot: text names a choice after
normalising. Every text anywhere in a content file is refused when it holds a control
character, an unpaired surrogate or a noncharacter; tab and newline are allowed only
in the multi-line prose fields (``MULTILINE_FIELDS``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from enum import StrEnum
from typing import Annotated, Any

from annotated_types import GroupedMetadata
from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    GetJsonSchemaHandler,
    Strict,
    ValidationInfo,
    field_validator,
)
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema, PydanticCustomError

from builder.models.schema_forms import Spellings
from builder.problems import PathPart
from builder.text import bad_character

# Prose fields where tab and newline are ordinary (a YAML block scalar `|`).
MULTILINE_FIELDS = frozenset({"description", "notes"})

_SEP = re.compile(r"[\s_\-]+")


def norm_key(value: str) -> str:
    """``'Attack Up'`` / ``'attack-up'`` -> ``'attack_up'`` (enum form)."""
    return _SEP.sub("_", value.strip().lower()).strip("_")


def norm_id(value: str) -> str:
    """``'Attack Up'`` / ``'attack_up'`` -> ``'attack-up'`` (id form, kebab-case)."""
    return _SEP.sub("-", re.sub(r"[^\w\s\-]", "", value.strip().lower())).strip("-")


def _enum_input(value: Any) -> Any:
    return norm_key(value) if isinstance(value, str) else value


def _id_input(value: Any) -> Any:
    return norm_id(value) if isinstance(value, str) else value


def _bad_text(
    value: Any, multiline: bool, at: tuple[PathPart, ...] = ()
) -> PydanticCustomError | None:
    """The first unsafe text in a raw value (strings, list items, mapping keys and values)."""
    if isinstance(value, str):
        # isprintable() is False for every character bad_character refuses: a fast pass.
        found = None if value.isprintable() else bad_character(value, multiline=multiline)
        if found is None:
            return None
        index, what = found
        return PydanticCustomError(
            "control_character",
            "{what} at character {position}; remove it",
            {"what": what, "position": index + 1, "at": at},
        )
    if isinstance(value, list | tuple):
        for i, item in enumerate(value):
            if err := _bad_text(item, multiline, (*at, i)):
                return err
    elif isinstance(value, dict):
        for key, item in value.items():
            if err := _bad_text(key, False, (*at, key)):
                return err
            inner = key in MULTILINE_FIELDS if isinstance(key, str) else multiline
            if err := _bad_text(item, inner, (*at, key)):
                return err
    return None


class ZModel(BaseModel):
    """Base of every content model: unknown keys are errors, not silently ignored.

    Strict: a number must be a number and a boolean a boolean (issue "Trust").
    """

    model_config = ConfigDict(
        extra="forbid", populate_by_name=True, use_enum_values=False, strict=True
    )

    @field_validator("*", mode="before")
    @classmethod
    def _plain_text(cls, value: Any, info: ValidationInfo) -> Any:
        """Refuse control characters in every field's raw text, before anything normalises it.

        Text reaches terminals, PDFs and files written back: an ESC or BEL would act
        there, a U+0085 would change on the way (ZS107). ``at`` in the error carries the
        position below the field (list index, mapping key) for the diagnostic's location.
        """
        err = _bad_text(value, info.field_name in MULTILINE_FIELDS)
        if err is not None:
            raise err
        return value

    @classmethod
    def __get_pydantic_json_schema__(
        cls, core_schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        """``populate_by_name``: a field's own name (``str_``) is read like its alias."""
        schema = handler(core_schema)
        target = handler.resolve_ref_schema(schema)
        props, required = target.get("properties", {}), target.get("required", [])
        for name, field in cls.model_fields.items():
            alias = field.alias
            if alias and alias != name and alias in props:
                # a pattern, not a property: editors keep offering the alias alone
                target.setdefault("patternProperties", {})[f"^{name}$"] = props[alias]
                if alias in required:
                    required.remove(alias)
                    either = {"anyOf": [{"required": [alias]}, {"required": [name]}]}
                    target.setdefault("allOf", []).append(either)
        return schema


class _EnumIn(GroupedMetadata):
    """Text names an enum choice after normalising; the one lax spot of strict models."""

    def __iter__(self) -> Iterator[Any]:
        yield Strict(False)
        yield BeforeValidator(_enum_input)
        yield Spellings()  # the schema takes every spelling _enum_input reads


# Use as ``Annotated[MyEnum, EnumIn]`` so 'Power Attack' reads as ``power_attack``.
EnumIn = _EnumIn()
# Use as ``Annotated[str, IdIn]`` so 'Attack Up' reads as ``attack-up``.
IdIn = BeforeValidator(_id_input)
Id = Annotated[str, IdIn]


class Stat(StrEnum):
    STR = "str"
    MAG = "mag"
    VIT = "vit"
    SPR = "spr"
    AGI = "agi"


STATS: tuple[Stat, ...] = tuple(Stat)
STAT_NAMES: dict[Stat, str] = {
    Stat.STR: "Strength",
    Stat.MAG: "Magic",
    Stat.VIT: "Vitality",
    Stat.SPR: "Spirit",
    Stat.AGI: "Agility",
}


class Element(StrEnum):
    FIRE = "fire"
    ICE = "ice"
    WATER = "water"
    LIGHTNING = "lightning"
    EARTH = "earth"
    WIND = "wind"
    HOLY = "holy"
    SHADOW = "shadow"


class DamageType(StrEnum):
    PHYSICAL = "physical"
    MAGICAL = "magical"
