"""House rules: where RULINGS.md makes one reading the default and the other a switch."""

from __future__ import annotations

from dataclasses import dataclass, field

from pydantic import Field

from builder.models.base import ZModel


class HouseRules(ZModel):
    """Switches a content project sets in ``zodiac.yaml`` under ``house_rules:``."""

    damage_die_multiplier: int = Field(
        10,
        title="Damage die multiplier",
        description="Weapon and Magic dice are multiplied by this (R10: 10; the glossary's 5 is a house rule).",
        examples=[10, 5],
    )
    relic_slots: int = Field(
        1,
        ge=1,
        le=2,
        title="Relic slots",
        description="Relics equipped at once (R9: 1; the glossary's 2 is a house rule).",
        examples=[1, 2],
    )
    map_combat: bool = Field(
        False,
        title="Map Combat",
        description=(
            "Play the Map Combat supplement: Move, Jump, climbing, falls, attack ranges and "
            "Range/Effect/Vertical on sheets, cards and `show` (R32: off unless turned on)."
        ),
    )
    support_flat_bonus: bool = Field(
        True,
        title="Attack Up / Magic Up / Mental Strength include the flat +5",
        description=(
            "Support skills that say 'starting X is increased by 5 ... in addition +1 per 5' add both "
            "(default). Off: only the +1 per 5 part, as the book's example sentence can be read."
        ),
    )


@dataclass(frozen=True)
class Ruleset:
    """The book's tables plus the project's house rules; passed to every rule."""

    house: HouseRules = field(default_factory=HouseRules)


DEFAULT = Ruleset()


def settings(house: HouseRules | None) -> Ruleset:
    """The object every ZODIAC rule and check receives, from zodiac.yaml's house rules."""
    return Ruleset(house=house) if house is not None else DEFAULT
