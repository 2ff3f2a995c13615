"""zodiac.yaml's ``lint:`` for 99 Towers, apart from the linter so loading stays light.

The balance linter (``builder.rulesets.towers99.lint``) reads these; ``zodiac.yaml`` is
validated against them on every command, which must not import the linter itself.
"""

from __future__ import annotations

from pydantic import Field, field_validator

from builder.lintkit import known_codes
from builder.models.base import ZModel

# The linter's codes (NT9xx, warnings): here so `lint: {disable: [...]}` is checked
# without the linter, and so `zodiac rules codes` lists them.
CODES: dict[str, str] = {
    "NT901": "a weapon's damage is above the chapter's profile of its kind by more than "
    "a Power Attack",
    "NT902": "a weapon's attack bonus is above the chapter's longblade's +1",
    "NT903": "a ranged weapon's range increment is far above the chapter's heavy rifle's 12",
    "NT904": "a weapon costs far less than the chapter's profiles ask for its damage",
    "NT910": "a combatant's STUN stands out among the project's combatants of its size",
}


class LintSettings(ZModel):
    """zodiac.yaml's ``lint:`` in a 99 Towers project: thresholds, each with a default."""

    damage_margin: int = Field(
        2,
        ge=0,
        le=99,
        title="Damage margin",
        description="Damage a weapon may have above the chapter's profile of its kind "
        "(Longblade 4+PX, Heavy Rifle 7); 2 is a Power Attack's +2.",
        examples=[2],
    )
    attack_bonus_margin: int = Field(
        0,
        ge=0,
        le=20,
        title="Attack bonus margin",
        description="Attack bonus a weapon may have above the longblade's +1.",
        examples=[0],
    )
    range_tolerance: float = Field(
        0.5,
        ge=0,
        le=100,
        title="Range tolerance",
        description="How far a range increment may exceed the heavy rifle's 12 (0.5: to 18).",
        examples=[0.5],
    )
    price_tolerance: float = Field(
        0.5,
        ge=0,
        le=1,
        title="Price tolerance",
        description="How far below the profiles' dollars per point of damage a weapon may "
        "cost (0.5: half).",
        examples=[0.5],
    )
    min_peers: int = Field(
        5,
        ge=2,
        le=1000,
        title="Fewest peers",
        description="Combatants of nearby sizes needed before STUN is compared with theirs.",
        examples=[5],
    )
    peer_ranks: int = Field(
        1,
        ge=0,
        le=8,
        title="Peer size ranks",
        description="Combatants within this many size ranks are a combatant's peers.",
        examples=[1],
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
        description="NT9xx codes not reported in this project.",
        examples=[["NT904"]],
    )

    @field_validator("disable")
    @classmethod
    def _known(cls, value: list[str]) -> list[str]:
        return known_codes(value, CODES)
