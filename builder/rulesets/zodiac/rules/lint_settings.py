"""zodiac.yaml's ``lint:`` settings, apart from the linter so loading a project stays light.

The balance linter (``builder.rulesets.zodiac.lint``) reads these; ``zodiac.yaml`` is
validated against them on every command, which must not import the linter itself.
"""

from __future__ import annotations

from pydantic import Field, field_validator

from builder.models.base import ZModel

# The linter's codes (ZL1xx): here so `lint: {disable: [...]}` is checked without the linter.
CODES: dict[str, str] = {
    "ZL101": "a monster's HP is outside its level's range (even split of its stat total)",
    "ZL102": "a monster's HP stands out among the project's monsters of nearby levels",
    "ZL103": "a monster's MP cannot pay for its dearest Tech once",
    "ZL104": "a monster's average normal hit takes too much of a same-level character's HP",
    "ZL105": "a monster drops or carries an item above the item level of its level",
    "ZL110": "a Tech costs more MP than a character has when its Tech Points first allow it",
    "ZL120": "a job schedules a Tech step before its Tech Points or Max Tech Levels allow it",
    "ZL121": "an item in a job's band or on a character is above the item level of its level",
    "ZL122": "an item in a job's band or on a character is far below the item level of its level",
    "ZL130": "a potion's price is off the book's price for what it restores",
}

# A quarter of the gold earned buys one item (chosen norm, see the linter's docstring).
DEFAULT_GOLD_SHARE = 0.25


class LintSettings(ZModel):
    """zodiac.yaml's ``lint:``: the linter's thresholds, each with a default."""

    hp_tolerance: float = Field(
        0.6,
        ge=0,
        le=10,
        title="HP tolerance",
        description="How far a monster's HP may stray from its level's even-split HP (0.6: +-60%).",
        examples=[0.6, 0.2],
    )
    hit_share: float = Field(
        0.5,
        gt=0,
        le=10,
        title="Largest hit",
        description="A monster's average normal hit may take at most this share of a "
        "same-level character's HP (0.5: it needs three hits).",
        examples=[0.5],
    )
    item_gold_share: float = Field(
        DEFAULT_GOLD_SHARE,
        gt=0,
        le=1,
        title="Gold share of an item",
        description="An item fits a level once its price is at most this share of the gold "
        "a character of that level has earned (0.25: a quarter).",
        examples=[0.25],
    )
    item_level_tolerance: int = Field(
        1,
        ge=0,
        le=9,
        title="Item level tolerance",
        description="Item levels an item may be above its level's before a warning.",
        examples=[1],
    )
    item_levels_behind: int = Field(
        3,
        ge=0,
        le=9,
        title="Item levels behind",
        description="Item levels a job band's or character's item may lag behind its level's.",
        examples=[3],
    )
    mp_tolerance: float = Field(
        0.25,
        ge=0,
        le=10,
        title="Tech MP tolerance",
        description="How far a Tech's MP may exceed the MP of a character who can first "
        "learn it (0.25: by a quarter).",
        examples=[0.25],
    )
    schedule_slack: int = Field(
        3,
        ge=0,
        le=98,
        title="Schedule slack",
        description="Levels a job's Tech step may come later than scheduled (saving up) "
        "before a warning.",
        examples=[3],
    )
    price_tolerance: float = Field(
        0.5,
        ge=0,
        le=10,
        title="Potion price tolerance",
        description="How far a potion's price may stray from the book's price for its effect.",
        examples=[0.5],
    )
    min_peers: int = Field(
        5,
        ge=2,
        le=1000,
        title="Fewest peers",
        description="Monsters of nearby levels needed before HP is compared with theirs.",
        examples=[5],
    )
    peer_levels: int = Field(
        3,
        ge=0,
        le=98,
        title="Peer levels",
        description="Monsters within this many levels are a monster's peers.",
        examples=[3],
    )
    iqr_factor: float = Field(
        1.5,
        gt=0,
        le=100,
        title="IQR factor",
        description="A peer outlier lies this many interquartile ranges beyond the quartiles.",
        examples=[1.5],
    )
    disable: list[str] = Field(
        default_factory=list,
        title="Disabled codes",
        description="ZL codes not reported in this project.",
        examples=[["ZL102"]],
    )

    @field_validator("disable")
    @classmethod
    def _known(cls, value: list[str]) -> list[str]:
        codes = [v.strip().upper() for v in value]
        unknown = [c for c in codes if c not in CODES]
        if unknown:
            raise ValueError(
                f"unknown lint code {unknown[0]!r}; the linter's codes are {', '.join(CODES)}"
            )
        return codes


# --- A character of level L (Ch. I, Ch. II, App. III-IV; chosen spread) -------------
