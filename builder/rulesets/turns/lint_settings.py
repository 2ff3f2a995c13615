"""zodiac.yaml's ``lint:`` for Turns and Actions, apart from the linter so loading stays light.

The balance linter (``builder.rulesets.turns.lint``) reads these; ``zodiac.yaml`` is
validated against them on every command, which must not import the linter itself.
"""

from __future__ import annotations

from pydantic import Field, field_validator

from builder.lintkit import known_codes
from builder.models.base import ZModel

# The linter's codes (TA9xx, warnings): here so `lint: {disable: [...]}` is checked
# without the linter, and so `zodiac rules codes` lists them.
CODES: dict[str, str] = {
    "TA901": "an ability's cost per damage rank is far from the Unarmed Attack's 10 AP a rank",
    "TA910": "a combatant's health stands out among the project's of its side, rank and level",
}


class LintSettings(ZModel):
    """zodiac.yaml's ``lint:`` in a Turns and Actions project: thresholds with defaults."""

    resource_ap: float = Field(
        2.0,
        ge=0,
        le=100,
        title="AP per resource point",
        description="What one point of Stamina, Mana or Focus in a use cost is worth in AP.",
        examples=[2.0],
    )
    cost_tolerance: float = Field(
        0.5,
        ge=0,
        le=0.99,
        title="Cost tolerance",
        description="How far an ability's cost per damage rank may stray from the Unarmed "
        "Attack's 10 AP (0.5: 5 to 20 a rank).",
        examples=[0.5],
    )
    min_peers: int = Field(
        5,
        ge=2,
        le=1000,
        title="Fewest peers",
        description="Combatants of the same side, rank and nearby level needed before "
        "health is compared with theirs.",
        examples=[5],
    )
    peer_levels: int = Field(
        2,
        ge=0,
        le=998,
        title="Peer levels",
        description="Combatants within this many Total Levels are a combatant's peers.",
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
        description="TA9xx codes not reported in this project.",
        examples=[["TA910"]],
    )

    @field_validator("disable")
    @classmethod
    def _known(cls, value: list[str]) -> list[str]:
        return known_codes(value, CODES)
