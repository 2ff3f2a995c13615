"""A status effect as content (Ch. VI Negative / Positive Status Effects).

The book's statuses ship in ``content/core/statuses.yaml``; a project may add its own
(homebrew) with the same shape. The catalogue is the one list of status names that
Techs, equipment, potions and monsters are checked against
(``builder.rulesets.zodiac.checks.statuses``); the book's cost tables stay tables.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, model_validator

from builder.models.base import EnumIn, Id, ZModel, norm_key
from builder.models.schema_forms import Spellings

Key = Annotated[str, EnumIn]


def _key(value: Any) -> Any:
    return norm_key(value) if isinstance(value, str) else value


# 'Until Triggered' reads as until_triggered; the schema takes every such spelling
KeyIn = (BeforeValidator(_key), Spellings())

# Ch. VI gives negative effects a "Duration:" of Temporary, Permanent or Special (Stun);
# positive effects carry theirs in the text: Regen lasts the battle, Reraise until it
# revives its bearer.
Duration = Literal["temporary", "permanent", "special", "battle", "until_triggered"]
DURATIONS: tuple[str, ...] = ("temporary", "permanent", "special", "battle", "until_triggered")

# The Tech primaries that can lift a status (Ch. II Dispel, Esuna, Revive).
CureTech = Literal["dispel", "esuna", "revive"]
DISPEL_LEVELS = range(1, 5)  # Ch. II Dispel table: 1, 2, 3, 4+


class Cure(ZModel):
    """What ends a status before its time (Ch. VI "Cure:", Ch. II Dispel table)."""

    potions: list[Id] = Field(
        default_factory=list,
        title="Potions",
        description="Potion ids that cure it (Ch. V Potions).",
        examples=[["antidote"]],
    )
    techs: list[Annotated[CureTech, *KeyIn]] = Field(
        default_factory=list,
        title="Techs",
        description="Tech primaries that lift it: dispel, esuna, revive.",
        examples=[["dispel", "esuna"]],
    )
    dispel_level: int | None = Field(
        default=None,
        title="Dispel level",
        description="The lowest Dispel Tech Level that lifts it (1-4; 4 means 4+).",
        examples=[2],
    )
    damage: bool = Field(
        default=False,
        title="Ends on damage",
        description="Taking damage ends it (the book's 'Receive Damage').",
        examples=[True],
    )


class Status(ZModel):
    """One status effect: name, sign, duration, cures and a short effect line."""

    kind: Literal["status"] = Field(title="Kind", description="Always status.", examples=["status"])
    name: str = Field(title="Name", description="The status's name.", examples=["Poison"])
    id: Key | None = Field(
        default=None,
        title="Id",
        description="snake_case id other content names it by; derived from the name when omitted.",
        examples=["death_sentence"],
    )
    aliases: list[Key] = Field(
        default_factory=list,
        title="Aliases",
        description="Other names content may use for it (e.g. dsentence).",
        examples=[["dsentence"]],
    )
    positive: bool = Field(
        title="Positive",
        description="true for a boon (Haste), false for an ailment (Poison).",
        examples=[False],
    )
    duration: Annotated[Duration, *KeyIn] = Field(
        title="Duration",
        description=(
            "temporary (wears off; rounds set by what caused it), permanent (until cured), "
            "special, battle (until the battle ends) or until_triggered."
        ),
        examples=["temporary"],
    )
    cure: Cure = Field(
        default_factory=Cure,
        title="Cure",
        description="Potions and Techs that end it, and whether damage does.",
        examples=[{"potions": ["antidote"], "techs": ["dispel", "esuna"], "dispel_level": 1}],
    )
    effect: str = Field(
        title="Effect",
        description="What it does, in a line of your own words.",
        examples=["Loses 10% of max HP every tick."],
    )

    @model_validator(mode="after")
    def _derive(self) -> Status:
        if self.id is None:
            self.id = norm_key(self.name)
        return self

    def names(self) -> list[str]:
        """Every key content may use for it: the id, the name's key, the aliases."""
        out = [str(self.id), norm_key(self.name), *self.aliases]
        return list(dict.fromkeys(out))
