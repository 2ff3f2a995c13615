"""The Map Combat supplement's arithmetic (map-combat-old.txt; R29, R30, R32).

Pure functions of plain numbers: climbing and jumping from Jump, fall damage from max HP,
the reach of a normal attack and its Accuracy by angle, the Vertical band of a Tech, and
the diamonds Range and Effect draw on the grid. Tech Range/Effect/Vertical is
``rules.techs.tech_reach`` (R30); this module reuses it rather than repeating its table.
Height levels come in halves, so they are computed as ``Fraction`` and shown as floats.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from builder.rulesets.zodiac.models.tech import Tech
from builder.rulesets.zodiac.rules import techs as T
from builder.rulesets.zodiac.rules.techs import NORMAL_RANGED_MAX_R, normal_ranged_range

# --- The supplement's numbers ------------------------------------------------------------

HEIGHT_STEP = Fraction(1, 2)  # "Height Levels come in increments of 0.5"
FALL_SAFE_LEVELS = 3  # R29: no damage for a fall of 3 height levels or less
FALL_PERCENT_PER_HALF = 5  # R29: 5% of max HP per half height level beyond 3
FALL_TABLE_FROM, FALL_TABLE_TO = Fraction(7, 2), Fraction(8)  # what sheets print
MELEE_RANGE = 1  # R30: the target must be adjacent
MELEE_MAX_HEIGHT = 1  # R30: and at most 1 height level away
BEYOND_RANGE_ACCURACY = -20  # R30: per square beyond a ranged attack's R
ANGLE_ACCURACY: dict[str, int] = {"front": 0, "side": 5, "back": 10}  # R30
CRITICAL_SHOVE_SQUARES = 1  # "If a critical hit is scored, the victim is shoved back one square"

# The supplement's example Height Levels (R32: examples only; nothing computed uses them).
HEIGHT_EXAMPLES: tuple[tuple[str, float], ...] = (
    ("Average human", 1.0),
    ("Stair steps (one square = four steps)", 0.5),
    ("Large rock", 0.5),
    ("Boulder", 1.0),
    ("One-story house, at its peak", 3.0),
    ("City wall", 5.0),
    ("Small hole", -0.5),
    ("Pit trap", -3.0),
)

Angle = Literal["front", "side", "back"]


def _halves(height_levels: float | Fraction) -> Fraction:
    """A height as an exact Fraction; the supplement's heights are multiples of 0.5."""
    return Fraction(height_levels).limit_denominator(1000)


# --- Moving ------------------------------------------------------------------------------


def climb_per_mp(jump: int) -> float:
    """R29: the most a character can step up for one Movement Point is Jump / 2, not rounded.

    Book: "Amos has a Jump value of 3, so he can cross a Height Level of 1.5 or less".
    """
    return jump / 2


def can_step_up(jump: int, rise: float) -> bool:
    """Whether one Movement Point can climb ``rise`` height levels (down is always allowed)."""
    return _halves(rise) <= Fraction(jump, 2)


def jump_gap(jump: int) -> int:
    """Squares of river or chasm a character clears: Jump - 1, landing on the Jump-th square.

    Book: "a character with Jump 3 could jump over a river up to two squares wide".
    """
    return max(jump - 1, 0)


def fall_percent(height_levels: float) -> int:
    """R29: 5% of max HP for every whole half height level fallen beyond 3."""
    fall = _halves(height_levels)
    if fall < 0:
        raise ValueError(f"a fall is a distance down, not {height_levels}")
    beyond = max(fall - FALL_SAFE_LEVELS, Fraction(0))
    return (beyond // HEIGHT_STEP) * FALL_PERCENT_PER_HALF


def fall_damage(height_levels: float, max_hp: int) -> int:
    """HP lost falling ``height_levels``: the percent of max HP, rounded down (R1)."""
    return max_hp * fall_percent(height_levels) // 100


@dataclass(frozen=True, slots=True)
class Fall:
    """One row of a falling table: how far, what share of max HP, how many HP."""

    height_levels: float
    percent: int
    damage: int

    def to_json(self) -> dict[str, float | int]:
        return {"height_levels": self.height_levels, "damage": self.damage}


def fall_table(max_hp: int) -> tuple[Fall, ...]:
    """Falls of 3.5 to 8 height levels in half steps, for a sheet or a card (R29)."""
    rows = []
    h = FALL_TABLE_FROM
    while h <= FALL_TABLE_TO:
        rows.append(Fall(float(h), fall_percent(h), fall_damage(h, max_hp)))
        h += HEIGHT_STEP
    return tuple(rows)


@dataclass(frozen=True, slots=True)
class Movement:
    """A combatant's Map Combat movement: the `map_combat` object of `show --format json`."""

    move: int
    jump: int
    climb_per_mp: float
    jump_gap: int
    fall_damage: tuple[Fall, ...]

    def to_json(self) -> dict[str, object]:
        return {
            "move": self.move,
            "jump": self.jump,
            "climb_per_mp": self.climb_per_mp,
            "jump_gap": self.jump_gap,
            "fall_damage": [f.to_json() for f in self.fall_damage],
        }


def movement(move: int, jump: int, max_hp: int) -> Movement:
    """Move, Jump and what follows from them for a combatant with ``max_hp`` (R29)."""
    return Movement(move, jump, climb_per_mp(jump), jump_gap(jump), fall_table(max_hp))


# --- Attacking ---------------------------------------------------------------------------


def angle_bonus(angle: Angle) -> int:
    """Accuracy for attacking from the front (0), the side (+5) or behind (+10) (R30)."""
    return ANGLE_ACCURACY[angle]


def normal_attack_range(ranged: bool, height_advantage: float = 0) -> int:
    """R of a normal attack: melee R1; ranged R4 + floor(height advantage), at most R8 (R30)."""
    return normal_ranged_range(height_advantage) if ranged else MELEE_RANGE


def beyond_range_accuracy(distance: int, attack_range: int) -> int:
    """A ranged attack past its R: -20 Accuracy per square beyond (R30); 0 within range."""
    return BEYOND_RANGE_ACCURACY * max(distance - attack_range, 0)


@dataclass(frozen=True, slots=True)
class AttackReach:
    """A normal attack on the grid: its R and its Accuracy from each angle (R30)."""

    ranged: bool
    range: int
    accuracy_front: int
    accuracy_side: int
    accuracy_back: int

    @property
    def note(self) -> str:
        """The attack line's Map Combat note, e.g. for sheets and `character show`."""
        if self.ranged:
            reach = (
                f"R{self.range} (+1 per height level above the target, max "
                f"R{NORMAL_RANGED_MAX_R}; {BEYOND_RANGE_ACCURACY} Accuracy per square beyond)"
            )
        else:
            reach = f"R{self.range} (target within {MELEE_MAX_HEIGHT} height level)"
        return (
            f"{reach}; Accuracy {self.accuracy_side} from the side, {self.accuracy_back} "
            f"from behind; a critical shoves the target back {CRITICAL_SHOVE_SQUARES} square"
        )


def attack_reach(ranged: bool, accuracy: int) -> AttackReach:
    """R and angle Accuracy of a normal attack with ``accuracy`` on level ground (R30)."""
    return AttackReach(
        ranged=ranged,
        range=normal_attack_range(ranged),
        accuracy_front=accuracy + angle_bonus("front"),
        accuracy_side=accuracy + angle_bonus("side"),
        accuracy_back=accuracy + angle_bonus("back"),
    )


# --- Area and height ---------------------------------------------------------------------


def vertical_band(target_height: float, vertical: int) -> tuple[float, float]:
    """Height levels a Tech with V ``vertical`` strikes when aimed at ``target_height``.

    Book: "a spell with V: 1 that is targeted at a square on Height Level 6 will strike
    anything ... on a Height Level between 5 and 7".
    """
    if vertical < 0:
        raise ValueError(f"Vertical is 0 or more, not {vertical}")
    return (target_height - vertical, target_height + vertical)


def in_vertical_band(target_height: float, vertical: int, height: float) -> bool:
    """Whether something standing at ``height`` is inside the band (its ends included)."""
    low, high = vertical_band(target_height, vertical)
    return low <= height <= high


def effect_radius(effect: int) -> int:
    """E counts the target square: E1 is the target alone, E2 one square around it..."""
    if effect < 1:
        raise ValueError(f"Effect is 1 or more, not {effect}")
    return effect - 1


def diamond(radius: int) -> frozenset[tuple[int, int]]:
    """Squares (dx, dy) at most ``radius`` steps away counting only along the grid (no
    diagonals): the shape Range and Effect both draw."""
    return frozenset(
        (dx, dy)
        for dx in range(-radius, radius + 1)
        for dy in range(-radius, radius + 1)
        if abs(dx) + abs(dy) <= radius
    )


def effect_squares(effect: int) -> int:
    """How many squares an E value covers: 1, 5, 13, 25 for E1-E4."""
    return len(diamond(effect_radius(effect)))


# --- a Tech's reach ----------------------------------------------------------------


def tech_delivery(tech: Tech, *, ranged_weapon: bool = False) -> str:
    """How a Tech reaches its target in Map Combat (R30, R32).

    Short Range restricts any Tech to melee (R32); otherwise the Tech's own `delivery:`
    wins; otherwise weapon Techs follow the wielder's weapon set (a Long Range set makes
    them ranged) and every other Tech is "other".
    """
    if tech.has("short_range"):
        return "melee"
    if tech.delivery is not None:
        return str(tech.delivery)
    if str(tech.primary) in WEAPON_PRIMARIES:
        return "ranged" if ranged_weapon else "melee"
    return "other"


WEAPON_PRIMARIES = frozenset({"power_attack", "quadra_slam"})


def tech_reach(tech: Tech, *, ranged_weapon: bool = False) -> T.Reach:
    """R30: R/E/V by delivery (melee R3, ranged R6, other R4), +1 each per Area Effect level."""
    area = tech.param("area_effect")
    levels = (int(area) if isinstance(area, int) else 1) if tech.has("area_effect") else 0
    delivery = tech_delivery(tech, ranged_weapon=ranged_weapon)
    return T.tech_reach(delivery, min(levels, T.AREA_EFFECT_MAX_LEVELS))  # type: ignore[arg-type]
