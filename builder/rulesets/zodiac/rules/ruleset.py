"""House rules: where RULINGS.md makes one reading the default and the other a switch."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any

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
    curse_temporary: bool = Field(
        False,
        title="Curse from a Tech is temporary (R51)",
        description=(
            "R51: Curse lasts until cured (Ch. VI), though Ch. II lists it among temporary "
            "effects. On: a Curse a Tech inflicts lasts as Ch. II's temporary statuses do "
            "(3 rounds from Status Effect, 1d3 from Lesser Status Attack)."
        ),
    )
    # The book's own OPTIONAL rules (Ch. IV, Ch. VI): off unless the Master turns them on.
    damage_levels: int = Field(
        0,
        ge=0,
        le=2,
        title="Damage Levels (Ch. VI, optional)",
        description=(
            "Extra zeros on every HP and damage number of players and monsters: 0 (the book's "
            "default), 1 (x10) or 2 (x100). Healing scales too, so a Cure keeps its worth."
        ),
        examples=[0, 1, 2],
    )
    damage_cap: bool | Annotated[int, Field(ge=1)] = Field(
        False,
        title="The Damage Cap (Ch. VI, optional)",
        description=(
            "No single blow deals more than the cap, after weaknesses and resistances. "
            "true: 999, with one more 9 per damage level (9,999 at damage_levels 1); "
            "a number: exactly that cap. Off by default."
        ),
        examples=[False, True, 9999],
    )
    deathblow_triple: bool = Field(
        False,
        title="Deathblow triple damage (Ch. IV, optional)",
        description=(
            "A Deathblow whose natural roll exceeds the attacker's Critical deals triple damage "
            "instead of double. Off by default."
        ),
    )
    slots_backfire: bool = Field(
        False,
        title="Slots backfire (Ch. IV, optional)",
        description=(
            "Slots' Single Magic and Multi-Magic have a 10% chance to strike an ally instead. "
            "Off by default."
        ),
    )


@dataclass(frozen=True)
class Ruleset:
    """The book's tables plus the project's house rules; passed to every rule."""

    house: HouseRules = field(default_factory=HouseRules)


DEFAULT = Ruleset()

# --- The book's optional damage rules (Ch. VI), one place for every number they touch ---

DAMAGE_CAP = 999  # Ch. VI, OPTIONAL: The Damage Cap
SLOTS_BACKFIRE_PERCENT = 10  # Ch. IV Slots: "a 10% chance that the attack backfires"
DEATHBLOW_MULTIPLIER, DEATHBLOW_TRIPLE_MULTIPLIER = 2, 3  # Ch. IV Deathblow


def damage_scale(house: HouseRules | None) -> int:
    """10 per extra zero of Damage Levels (Ch. VI, optional): 1, 10 or 100."""
    return 10 ** (house.damage_levels if house is not None else 0)


def damage_cap(house: HouseRules | None) -> int | None:
    """The most one blow deals, or None when the Damage Cap is off (Ch. VI, optional).

    Book reading (no ruling yet): the book's 999 is written for damage in three digits, so
    with Damage Levels the cap gains a 9 per zero (9,999, 99,999); a number sets it exactly.
    """
    if house is None or house.damage_cap is False:
        return None
    if house.damage_cap is True:
        return 10 ** (3 + house.damage_levels) - 1
    return int(house.damage_cap)


def scaled_hp(hp: int, house: HouseRules | None) -> int:
    """HP with the Damage Levels zeros added (Ch. VI, optional): 412 -> 4120 at level 1."""
    return hp * damage_scale(house)


def deathblow_multiplier(house: HouseRules | None) -> int:
    """A hitting Deathblow doubles damage; triple on a roll over Critical when the Master
    allows it (Ch. IV Deathblow, house rule ``deathblow_triple``)."""
    triple = house is not None and house.deathblow_triple
    return DEATHBLOW_TRIPLE_MULTIPLIER if triple else DEATHBLOW_MULTIPLIER


def slots_backfire_percent(house: HouseRules | None) -> int:
    """Slots' chance to hit an ally (Ch. IV Slots, house rule ``slots_backfire``): 10 or 0."""
    return SLOTS_BACKFIRE_PERCENT if house is not None and house.slots_backfire else 0


@dataclass(frozen=True)
class DamageRange:
    """A range of damage (or healing) after the optional rules: Damage Levels, then the cap.

    ``raw_high`` is the high end before the cap, so a reader sees what the cap took.
    """

    low: int
    high: int
    scale: int = 1
    cap: int | None = None
    raw_high: int = 0
    raw_low: int = 0  # the low end before the cap (what a halving starts from, Ch. VI)

    @property
    def capped(self) -> bool:
        return self.cap is not None and self.raw_high > self.cap

    def formula(self, text: str) -> str:
        """``'1d8 x 10 + 25'`` -> ``'(1d8 x 10 + 25) x 10, at most 9,999'`` as switched."""
        out = f"({text}) x {self.scale}" if self.scale != 1 else text
        if self.capped:
            out += f", at most {self.cap:,}"
        return out

    def notes(self) -> list[str]:
        """The switches that changed this range, for a breakdown."""
        out = []
        if self.scale != 1:
            out.append(f"damage_levels: x {self.scale} (Ch. VI, optional)")
        if self.capped:
            out.append(f"damage_cap: at most {self.cap:,} (Ch. VI, optional)")
        return out

    def to_json(self) -> dict[str, Any]:
        return {"min": self.low, "max": self.high, "scale": self.scale, "cap": self.cap}


def apply_damage_options(
    low: int, high: int, house: HouseRules | None, *, healing: bool = False
) -> DamageRange:
    """One blow's range under the project's optional rules: zeros first, then the cap.

    The cap limits damage only; healing takes the zeros (book reading, no ruling yet: HP
    gain zeros, so healing must too) but no cap.
    """
    scale = damage_scale(house)
    lo, hi = low * scale, high * scale
    cap = None if healing else damage_cap(house)
    if cap is not None:
        return DamageRange(min(lo, cap), min(hi, cap), scale, cap, hi, lo)
    return DamageRange(lo, hi, scale, None, hi, lo)


def settings(house: HouseRules | None) -> Ruleset:
    """The object every ZODIAC rule and check receives, from zodiac.yaml's house rules."""
    return Ruleset(house=house) if house is not None else DEFAULT
