"""The book's Tech tables that content is validated against (Chapter II; R14, R17, R30).

Both ``models.tech`` (which values a field may take) and ``rules.techs`` (what they cost
and do) read these, so they live below both: this module imports nothing of the rule
set. Tables only the formulas read stay beside them in ``rules.techs``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

POWER_LEVELS: tuple[str, ...] = ("weak", "medium", "strong")

# Ch. II Secondary Effects, "Lesser Status Attack": STATUS EFFECT -> BASE ATTACK MODIFIER.
LESSER_STATUS_TABLE: dict[str, int] = {
    "stun": -60,
    "poison": -60,
    "curse": -60,
    "berserk": -65,
    "blind": -65,
    "sleep": -65,
    "slow": -65,
    "death_sentence": -65,
    "frog": -75,
    "mini": -75,
    "seal": -75,
    "confuse": -75,
    "stop": -80,
    "stone": -80,
    "charm": -80,
    "venom": -80,
}

# Default damage type of damaging primaries (a clone may switch it, R16).
# Decision: Quadra Slam strikes with the weapon (physical); the other damaging primaries
# that roll a magical attack (Fatal Blow, Near-Fatal) or follow from HP (Demi, Revenge)
# default to magical / physical as their text suggests.
DEFAULT_DAMAGE_TYPE: dict[str, str] = {
    "power_attack": "physical",
    "attack_magic": "magical",
    "quadra_slam": "physical",
    "demi_attack": "magical",
    "revenge": "physical",
    "fatal_blow": "magical",
    "near_fatal_attack": "magical",
}

# Ch. II Secondary Effects: the parameterised MP adjustments, in Tech Levels.
DRAIN_ADJUSTMENT: dict[int, int] = {25: 1, 50: 2}  # Ch. II "Drain Attack"
RANDOM_TARGET_ADJUSTMENT: dict[str, int] = {"enemy": -1, "ally": -1, "any": -2}
AREA_EFFECT_MAX_LEVELS = 3  # R30 (Map Combat)

# --- Enemy Skill notation (Ch. III) -----------------------------------------------------


@dataclass(frozen=True, slots=True)
class AttackNotation:
    """Enemy Skill notation '#PX' / '#MX' (Ch. III): level, Power Attack or Attack Magic, power."""

    level: int
    primary: Literal["power_attack", "attack_magic"]
    power_level: str

    @property
    def text(self) -> str:
        letter = "P" if self.primary == "power_attack" else "M"
        return f"{self.level}{letter}{POWER_LEVELS.index(self.power_level) + 1}"


_NOTATION = re.compile(r"^\s*([1-8])\s*([PpMm])\s*([1-3])\s*$")


def parse_attack_notation(text: str) -> AttackNotation:
    """'3M2' -> level 3 Attack Magic, medium (Ch. III Sample Enemy Skills).

    The level may run to 8 (the book's Limit Glove is 8M3), though the damage table
    stops at 6.
    """
    match = _NOTATION.match(text)
    if match is None:
        raise ValueError(
            f"attack notation {text!r} is not '#PX' or '#MX' (level 1-8, P or M, power 1-3),"
            " e.g. '3M2'"
        )
    level, letter, power = match.groups()
    primary: Literal["power_attack", "attack_magic"] = (
        "power_attack" if letter.upper() == "P" else "attack_magic"
    )
    return AttackNotation(int(level), primary, POWER_LEVELS[int(power) - 1])
