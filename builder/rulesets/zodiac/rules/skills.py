"""Chapter IV Secondary Skills: the numbers a Command or Support Skill gives its user.

Pure functions of plain numbers; each returns a ``Value`` (or a ``Span`` of two) that keeps
how it was reached, so a sheet can print "Kick 11-35 = (35-105) / 3". Every division and
percentage rounds down (R1) except X-Magic's surcharge, a "half" cost that rounds up (R2).
The book's two tables (Dice, Slots) and the Counter chances are data here, tested cell by
cell in ``tests/rulesets/zodiac/test_skills.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from builder.rulesets.zodiac.rules.character import Value
from builder.rulesets.zodiac.rules.equipment import AFFINITY_RANK
from builder.rulesets.zodiac.rules.rounding import half_up, per

# --- the book's numbers (Chapter IV) -----------------------------------------------

COIN_TOSS_BASE = 10  # Coin Toss: at most 10 + (Level x 10) G a turn, 1 damage per G
COIN_TOSS_PER_LEVEL = 10
CHAKRA_HP_PCT = 25  # Chakra: 25% of the user's max HP ...
CHAKRA_MP_PCT = 10  # ... and 10% of the user's max MP
HEALTH_PCT = 20  # Health: 20% of each ally's max HP
KICK_DIVISOR = 3  # Kick: 1/3 normal damage to all enemies
JUMP_MULTIPLIER = 2  # Jump: double damage with a normal attack
PERIL_MULTIPLIER = 2  # Peril: twice a normal attack's damage ...
PERIL_DAMAGE_TAKEN_PCT = 50  # ... and +50% damage taken until the user's next turn
THROW_MULTIPLIER = 2  # Throw: a normal attack's damage doubled; the weapon is lost
RAGE_BONUS_PCT = 25  # Rage: +25% weapon damage
WISH_MULTIPLIER = 3  # Wish: an ally regains three times the HP given up
X_MAGIC_SURCHARGE_PCT = 50  # X-Magic: 50% of the two Techs' MP on top (half rounds up, R2)
RUNIC_HP_DIVISOR = 10  # Runic: 1/10 of the absorbed damage as HP ...
RUNIC_MP_DIVISOR = 5  # ... and 1/5 of that HP as MP
# Deathblow's x2 (x3 with house rule deathblow_triple) lives in rules.ruleset.
DEATHBLOW_PENALTY = -40  # Deathblow: attack roll at -40, no natural-90 hit, auto critical
STEAL_PENALTY = -25  # Steal: attack roll at -25
CLONE_PENALTY = -40  # Clone: magical attack roll at -40
MANIPULATE_PENALTY = -40  # Manipulate: magical attack roll at -40
MORPH_STAT_MULTIPLIER = 2  # Morph: Strength and Magic doubled ...
MORPH_MP_LOSS_PCT = 15  # ... and 15% of max MP lost at the end of each turn
CAPTURE_HP_PCT = 50  # Capture: the target must be below 50% of its max HP

# Dice: (lowest 5d6 roll, highest, operation, number). "flat" deals the number itself.
DICE_TABLE: tuple[tuple[int, int, str, int], ...] = (
    (5, 5, "flat", 1),
    (6, 8, "div", 10),
    (9, 12, "div", 5),
    (13, 19, "div", 2),
    (20, 26, "mul", 2),
    (27, 29, "mul", 5),
    (30, 30, "mul", 10),
)

# Slots: (lowest 3d6 roll, highest, effect id, our short words, no effect on bosses).
SLOTS_TABLE: tuple[tuple[int, int, str, str, bool], ...] = (
    (3, 3, "chaos", "a random status, good or bad, at 50% on every combatant", False),
    (4, 5, "roulette", "one random combatant drops to 0 HP", True),
    (6, 9, "single_magic", "a magical attack on one target", False),
    (10, 13, "lagomorph", "each ally regains 10% of max HP", False),
    (14, 16, "multi_magic", "a magical attack on all enemies", False),
    (17, 17, "reset", "every combatant back to full HP and MP", False),
    (18, 18, "victory", "all enemies destroyed", True),
)
SLOTS_LAGOMORPH_PCT = 10
# Slots, Single Magic: (lowest Experience Level, highest, Tech Level die sides).
SLOTS_TECH_LEVEL_DIE: tuple[tuple[int, int, int], ...] = (
    (1, 9, 2),
    (10, 19, 3),
    (20, 29, 4),
    (30, 99, 6),
)

# Counter: the chance of each method (Ch. IV Counter).
COUNTER_CHANCE: dict[str, int] = {"attack": 30, "command_skill": 30, "tech": 20, "mirror": 20}
COUNTER_METHOD_NAMES: dict[str, str] = {
    "attack": "a normal attack",
    "command_skill": "a Command Skill",
    "tech": "a Tech",
    "mirror": "a Mirror Tech",
}
COUNTER_FORBIDDEN_COMMANDS = frozenset({"chakra", "health"})
MIRROR_COUNTERS_NORMAL_ATTACKS = False  # "Mirror Techs cannot counter normal attacks"

NATURAL_RESISTANCE_AFFINITY = "resist"  # half damage from the chosen element
COVER_HP_PCT = 25  # Cover: take the hits meant for allies at 25% of max HP or less
LUCKY_REROLLS = 1  # Lucky: one reroll a battle
SECRET_HUNT_DROP_PCT = 100  # Secret Hunt: Drop Items always ...
SECRET_HUNT_STEAL_PCT = 30  # ... and 30% for Steal Items still held


# --- results ----------------------------------------------------------------------


@dataclass(frozen=True)
class Span:
    """A damage range: its lowest and highest value, each with how it was reached."""

    low: Value
    high: Value

    @property
    def text(self) -> str:
        return f"{self.low.value}-{self.high.value}"

    def explain(self) -> str:
        return f"{self.low.explain()} to {self.high.explain()}"


def _calc(text: str, value: int) -> Value:
    """A value whose breakdown is one expression (``'105 / 3'``)."""
    return Value(value, ((text, value),))


def _pct(amount: int, pct: int, label: str = "") -> Value:
    """``pct`` % of ``amount``, rounded down (R1)."""
    return _calc(f"{pct}% of {amount}{label}", per(amount * pct, 100))


# --- Command Skills -----------------------------------------------------------------


def coin_toss_cap(level: int) -> Value:
    """Most gold thrown in one turn (1 damage per G): 10 + Level x 10."""
    amount = COIN_TOSS_PER_LEVEL * level
    return Value(
        COIN_TOSS_BASE + amount,
        ((str(COIN_TOSS_BASE), COIN_TOSS_BASE), (f"{COIN_TOSS_PER_LEVEL} x {level} Level", amount)),
    )


def chakra(max_hp: int, max_mp: int) -> tuple[Value, Value]:
    """HP and MP Chakra restores: 25% and 10% of the *user's* maximums (R1)."""
    return _pct(max_hp, CHAKRA_HP_PCT, " max HP"), _pct(max_mp, CHAKRA_MP_PCT, " max MP")


def health(max_hp: int) -> Value:
    """HP Health restores to an ally with ``max_hp`` (20%, R1)."""
    return _pct(max_hp, HEALTH_PCT, " max HP")


def dice_damage(roll: int, stat: int, stat_label: str = "stat") -> Value:
    """Dice damage for a 5d6 ``roll`` (5-30) with the chosen stat (Ch. IV Dice table)."""
    for low, high, op, n in DICE_TABLE:
        if low <= roll <= high:
            if op == "flat":
                return _calc(str(n), n)
            if op == "div":
                return _calc(f"{stat} {stat_label} / {n}", per(stat, n))
            return _calc(f"{stat} {stat_label} x {n}", stat * n)
    raise ValueError(f"5d6 rolls 5-30, not {roll}")


def dice_table(stat: int, stat_label: str = "stat") -> list[tuple[str, Value]]:
    """All seven rows of the Dice table for one stat value: (``'6-8'``, damage)."""
    return [
        (str(low) if low == high else f"{low}-{high}", dice_damage(low, stat, stat_label))
        for low, high, _, _ in DICE_TABLE
    ]


def scaled(low: int, high: int, factor: int, label: str = "") -> Span:
    """A damage range multiplied by ``factor`` (Jump, Peril, Throw, Deathblow)."""
    return Span(
        _calc(f"{low} x {factor}{label}", low * factor),
        _calc(f"{high} x {factor}{label}", high * factor),
    )


def kick(low: int, high: int) -> Span:
    """Kick: a third of normal damage to every enemy (R1)."""
    return Span(
        _calc(f"{low} / {KICK_DIVISOR}", per(low, KICK_DIVISOR)),
        _calc(f"{high} / {KICK_DIVISOR}", per(high, KICK_DIVISOR)),
    )


def rage(low: int, high: int) -> Span:
    """Rage: weapon damage +25% (the bonus rounds down, R1)."""

    def one(n: int) -> Value:
        bonus = per(n * RAGE_BONUS_PCT, 100)
        return Value(n + bonus, ((str(n), n), (f"{bonus} Rage {RAGE_BONUS_PCT}%", bonus)))

    return Span(one(low), one(high))


def attack_roll(accuracy: int, penalty: int, label: str) -> Value:
    """An attack (or magical attack) roll bonus with a skill's penalty."""
    return Value(accuracy + penalty, ((str(accuracy), accuracy), (f"{penalty} {label}", penalty)))


def deathblow_hit_chance(accuracy: int, target_evade: int) -> int:
    """% of d100 rolls that hit with Deathblow: roll + Accuracy - 40 > Evade; no natural 90+."""
    return sum(1 for roll in range(1, 101) if roll + accuracy + DEATHBLOW_PENALTY > target_evade)


def slots_effect(roll: int) -> tuple[str, str, bool]:
    """(effect id, short words, no effect on bosses) of a 3d6 Slots roll (3-18)."""
    for low, high, effect, words, not_boss in SLOTS_TABLE:
        if low <= roll <= high:
            return effect, words, not_boss
    raise ValueError(f"3d6 rolls 3-18, not {roll}")


def slots_tech_level_die(level: int) -> int:
    """Sides of the die that picks Single Magic's Tech Level at Experience ``level``."""
    for low, high, sides in SLOTS_TECH_LEVEL_DIE:
        if low <= level <= high:
            return sides
    raise ValueError(f"level must be 1-99, not {level}")


def wish(hp_given: int) -> Value:
    """HP an ally regains when the user gives up ``hp_given`` HP (three times)."""
    return _calc(f"{hp_given} x {WISH_MULTIPLIER}", hp_given * WISH_MULTIPLIER)


def x_magic_surcharge(total_mp: int) -> Value:
    """Extra MP for two Techs in one turn: half their total, rounded up (R2)."""
    return _calc(f"{X_MAGIC_SURCHARGE_PCT}% of {total_mp} MP, rounded up (R2)", half_up(total_mp))


def runic(damage: int) -> tuple[Value, Value]:
    """HP and MP gained absorbing an attack of ``damage``: 1/10 as HP, 1/5 of that as MP (R1)."""
    hp = per(damage, RUNIC_HP_DIVISOR)
    return (
        _calc(f"{damage} / {RUNIC_HP_DIVISOR}", hp),
        _calc(f"{hp} HP / {RUNIC_MP_DIVISOR}", per(hp, RUNIC_MP_DIVISOR)),
    )


def morph_mp_loss(max_mp: int) -> Value:
    """MP lost at the end of each turn in Morph's stronger form (15% of max MP, R1)."""
    return _pct(max_mp, MORPH_MP_LOSS_PCT, " max MP")


# --- Support Skills -----------------------------------------------------------------


def counter_chance(method: str) -> int:
    """% chance that Counter fires, by method (Ch. IV Counter)."""
    return COUNTER_CHANCE[method]


def with_natural_resistance(elements: Mapping[str, str], element: str | None) -> dict[str, str]:
    """Equipment affinities plus Natural Resistance's element (resist: half damage).

    The best protection wins, as between two items (rules.equipment.AFFINITY_RANK): an
    item's immunity or absorbency stays; a weakness gives way to the resistance.
    """
    out = dict(elements)
    if element is not None:
        have = out.get(element)
        if have is None or AFFINITY_RANK[have] < AFFINITY_RANK[NATURAL_RESISTANCE_AFFINITY]:
            out[element] = NATURAL_RESISTANCE_AFFINITY
    return dict(sorted(out.items()))
