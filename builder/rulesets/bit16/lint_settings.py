"""zodiac.yaml's ``lint:`` for 16 Bit Tactics, apart from the linter so loading stays light.

The balance linter (``builder.rulesets.bit16.lint``) reads these; ``zodiac.yaml`` is
validated against them on every command, which must not import the linter itself.
"""

from __future__ import annotations

from pydantic import Field, field_validator, model_validator

from builder.lintkit import known_codes
from builder.models.base import ZModel

# The linter's codes (BT9xx, warnings): here so `lint: {disable: [...]}` is checked
# without the linter, and so `zodiac rules codes` lists them.
CODES: dict[str, str] = {
    "BT901": "a monster's HP is far from a same-level character's, so its XP/AP pays "
    "for another level",
    "BT902": "a monster's DMG / M.Dmg is far from a same-level character's, so its XP/AP "
    "pays for another level",
    "BT903": "a spell costs more MP than its job has when a character first has its AP",
    "BT910": "a monster's HP per level stands out among the project's monsters of nearby levels",
    "BT911": "a job's growth (HP + MP + DMG + M.Dmg a level) stands out among the project's jobs",
}


class LintSettings(ZModel):
    """zodiac.yaml's ``lint:`` in a 16 Bit Tactics project: thresholds, each with a default."""

    hp_low: float = Field(
        0.5,
        gt=0,
        le=100,
        title="Lowest HP",
        description="A monster's HP may be as little as this many times a same-level "
        "character's (the project's median job, R38).",
        examples=[0.5],
    )
    hp_high: float = Field(
        3.0,
        gt=0,
        le=100,
        title="Highest HP",
        description="A monster's HP may be up to this many times a same-level character's.",
        examples=[3.0],
    )
    damage_low: float = Field(
        0.5,
        gt=0,
        le=100,
        title="Lowest damage",
        description="A monster's DMG or M.Dmg (the higher) may be as little as this many "
        "times a same-level character's.",
        examples=[0.5],
    )
    damage_high: float = Field(
        2.0,
        gt=0,
        le=100,
        title="Highest damage",
        description="A monster's DMG or M.Dmg may be up to this many times a same-level "
        "character's.",
        examples=[2.0],
    )
    mp_tolerance: float = Field(
        0.5,
        ge=0,
        le=10,
        title="Spell MP tolerance",
        description="How far a spell's MP may exceed its job's MP at the level a character "
        "first has its AP (0.5: by half).",
        examples=[0.5],
    )
    min_peers: int = Field(
        5,
        ge=2,
        le=1000,
        title="Fewest peers",
        description="Peers (monsters of nearby levels, other jobs) needed before comparing.",
        examples=[5],
    )
    peer_levels: int = Field(
        2,
        ge=0,
        le=98,
        title="Peer levels",
        description="Monsters within this many levels are a monster's peers.",
        examples=[2],
    )
    iqr_factor: float = Field(
        1.5,
        gt=0,
        le=100,
        title="IQR factor",
        description="An outlier lies this many interquartile ranges beyond the quartiles.",
        examples=[1.5],
    )
    disable: list[str] = Field(
        default_factory=list,
        title="Disabled codes",
        description="BT9xx codes not reported in this project.",
        examples=[["BT910"]],
    )

    @field_validator("disable")
    @classmethod
    def _known(cls, value: list[str]) -> list[str]:
        return known_codes(value, CODES)

    @model_validator(mode="after")
    def _ordered(self) -> LintSettings:
        """A range whose low end is above its high end flags every monster."""
        for low, high in (("hp_low", "hp_high"), ("damage_low", "damage_high")):
            if getattr(self, low) > getattr(self, high):
                raise ValueError(
                    f"{low} ({getattr(self, low)}) is above {high} "
                    f"({getattr(self, high)}); the low end must be the smaller"
                )
        return self
