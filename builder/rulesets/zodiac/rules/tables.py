"""The book's character tables (Chapter I, Chapter II Tech Points, Appendices III-IV).

Numbers are data: each constant names its table. Tests reproduce every cell of the
book's tables from these (tests/rules/test_tables.py).
"""

from __future__ import annotations

MIN_LEVEL = 1
MAX_LEVEL = 99

# Ch. I Step 2 / R4: every stat starts at 3, 25 points to add, none above 15.
CREATION_BASE = 3
CREATION_POINTS = 25
CREATION_MAX = 15

# Ch. I Character Advancement / R6.
BONUS_POINTS_PER_LEVEL = 3
BONUS_POINTS_FROM_LEVEL_60 = 4
FOURTH_POINT_LEVEL = 60
MAX_POINTS_PER_STAT_PER_LEVEL = 2
FIFTH_LEVEL_BONUS = 2
STAT_CAP = 250

# Appendix III: XP required for each level is 50 x (level - 1)^2 for every row of
# the chart (checked cell by cell against the book in the tests).
XP_STEP = 50

# Ch. II "Experience level achieved / Tech Points gained": (first level, last level, gain).
TP_BY_LEVEL: tuple[tuple[int, int, int], ...] = (
    (1, 1, 12),
    (2, 10, 2),
    (11, 20, 4),
    (21, 30, 6),
    (31, 40, 10),
    (41, 50, 20),
    (51, 60, 30),
    (61, MAX_LEVEL, 10),
)

# Ch. II "Magic stat achieved / Tech Points gained" (R3, Appendix IV):
# (first Magic value, last Magic value or None for open-ended, gain per point).
TP_BY_MAGIC: tuple[tuple[int, int | None, int], ...] = (
    (1, 10, 1),
    (11, 20, 2),
    (21, 30, 3),
    (31, 40, 4),
    (41, None, 6),
)

# Ch. I Step 5: derived stats. Base values and "+1 per N" divisors.
HP_BASE, HP_PER_VIT, HP_PER_LEVEL = 75, 5, 4
MP_BASE, MP_PER_SPR, MP_LEVEL_DIVISOR = 5, 1, 2
DICE_BASE, DICE_DIVISOR = 1, 100
ACCURACY_BASE, ACCURACY_DIVISOR = 5, 5
MAGIC_ACCURACY_BASE, MAGIC_ACCURACY_DIVISOR = 5, 5
EVADE_BASE, EVADE_DIVISOR = 25, 5
RESIST_BASE, RESIST_VIT_DIVISOR, RESIST_SPR_DIVISOR = 25, 10, 10
CRITICAL_BASE, CRITICAL_DIVISOR = 98, 15
SPEED_BASE, SPEED_AGI_DIVISOR, SPEED_LEVEL_DIVISOR = 10, 15, 10
MAX_TECH_LEVELS_BASE, MAX_TECH_LEVELS_DIVISOR = 5, 2
# Map Combat supplement / R29: Move and Jump start at 3; only relics raise them.
MOVE_BASE = 3
JUMP_BASE = 3

# Ch. IV Support Skills that change numbers.
ATTACK_UP_BASE, ATTACK_UP_DIVISOR = 5, 5
MAGIC_UP_BASE, MAGIC_UP_DIVISOR = 5, 5
MENTAL_STRENGTH_BASE, MENTAL_STRENGTH_DIVISOR = 5, 5
TOUGHNESS_BASE, TOUGHNESS_HP_PER_VIT = 35, 6
QUICKNESS_SPEED = 2
CONCENTRATE_CRITICAL_PER_15_AGI = 2
# Ch. VI Attacking: a critical hit doubles the damage; Concentrate (Ch. IV): "TRIPLE".
CRITICAL_MULTIPLIER, CONCENTRATE_CRITICAL_MULTIPLIER = 2, 3
WEAPON_GUARD_EVADE_PER_WEAPON_LEVEL = 2

STARTING_GOLD = 200  # Ch. I Step 8 / R25
