"""Tech arithmetic (Chapter II): costs, effect numbers, clone and upgrade prices.

Pure and table-driven: the book's tables are module-level constants (those the models
also read are in ``builder.rulesets.zodiac.tables.techs``), the formulas are the
functions below. Ids are the DESIGN contract strings (``power_attack``,
``area_effect``...); the StrEnums of ``builder.rulesets.zodiac.models.tech`` compare equal to them,
so either may be passed. Character-dependent inputs are plain ints.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from builder.explain import Term
from builder.rulesets.zodiac.models.tech import PrimaryEffect, SecondaryEffect, Tech
from builder.rulesets.zodiac.rules.rounding import half_up, per
from builder.rulesets.zodiac.rules.ruleset import DamageRange, HouseRules, apply_damage_options
from builder.rulesets.zodiac.tables.techs import (
    AREA_EFFECT_MAX_LEVELS,
    DRAIN_ADJUSTMENT,
    LESSER_STATUS_TABLE,
    POWER_LEVELS,
    RANDOM_TARGET_ADJUSTMENT,
)

_POWER_INDEX = {p: i for i, p in enumerate(POWER_LEVELS)}

# --- Book tables -------------------------------------------------------------------------

# Ch. II "Using Techs": MP COST table, Tech Level 1-8 x (weak, medium, strong).
# Levels 7-8 exist only for effective levels raised by Secondary Effects.
MP_TABLE: dict[int, tuple[int, int, int]] = {
    1: (2, 3, 4),
    2: (4, 6, 8),
    3: (10, 12, 14),
    4: (17, 19, 21),
    5: (23, 26, 29),
    6: (33, 37, 41),
    7: (45, 49, 53),
    8: (58, 63, 68),
}

# Ch. II Secondary Effects, "Charge Power": SP by effective Tech Level 0-8 x power level.
SP_TABLE: dict[int, tuple[int, int, int]] = {
    0: (9, 9, 10),
    1: (9, 10, 11),
    2: (11, 12, 13),
    3: (14, 15, 16),
    4: (17, 18, 19),
    5: (20, 21, 22),
    6: (23, 24, 25),
    7: (26, 27, 28),
    8: (29, 30, 31),
}

# Ch. II "Learning Techs": TECH POINT COST by Tech Level.
TP_COST_TABLE: dict[int, int] = {1: 8, 2: 15, 3: 30, 4: 60, 5: 125, 6: 250}

MAX_TECH_LEVEL = 6  # Ch. II MP table footnote; R12
MAX_EFFECTIVE_LEVEL = 8  # the MP table ends at 8 (R13)

# Ch. II Primary Effects, "Power Attack": TECH LEVEL -> (BONUS DICE, MULTIPLY AP BY...).
# Attack Magic uses the same table with Magic Dice and MAP.
POWER_ATTACK_TABLE: dict[int, tuple[int, Fraction]] = {
    1: (1, Fraction(1)),
    2: (1, Fraction(3, 2)),
    3: (2, Fraction(3, 2)),
    4: (2, Fraction(2)),
    5: (3, Fraction(2)),
    6: (3, Fraction(5, 2)),
}

# Ch. II "Power Attack": die classes, lowest to highest.
DIE_CLASSES: tuple[int, ...] = (4, 6, 8, 10, 12)

# Ch. II "Healing": TECH LEVEL -> (WEAK, MEDIUM, STRONG), BONUS as a fraction of MAG.
HEALING_TABLE: dict[int, tuple[tuple[int, int, int], Fraction]] = {
    1: ((20, 30, 40), Fraction(1, 2)),
    2: ((50, 60, 70), Fraction(1, 2)),
    3: ((80, 90, 100), Fraction(1)),
    4: ((120, 130, 140), Fraction(1)),
    5: ((140, 160, 180), Fraction(3, 2)),
    6: ((200, 220, 250), Fraction(2)),
}

# Ch. II "Break Arts" / "Stat Booster": effect percentage by Tech Level.
BREAK_ARTS_PERCENT: dict[int, int] = {2: 25, 4: 33, 6: 50}
STAT_BOOSTER_PERCENT: dict[int, int] = {2: 25, 4: 33, 6: 50}
# Ch. II "Demi Attack": percent of current HP; "Revive": percent of max HP restored.
DEMI_PERCENT: dict[int, int] = {2: 33, 5: 50}
REVIVE_PERCENT: dict[int, int] = {3: 10, 5: 50, 6: 100}
# Ch. II "Revenge": fraction of the damage taken so far.
REVENGE_FRACTION: dict[int, Fraction] = {2: Fraction(1, 2), 4: Fraction(1)}


def revenge_damage(tech_level: int, maximum: int, current: int) -> int:
    """Revenge damage: a fraction of what the user has lost (Ch. II Revenge).

    With MP Attack the same fraction applies to the user's lost *MP* (max MP - current
    MP, before this Tech's MP is paid) and hits the target's MP (Ch. II MP Attack).
    Halves round down (R1).
    """
    lost = max(maximum - current, 0)
    return int(lost * REVENGE_FRACTION[tech_level])


# Ch. II "Break Arts" names by the stat they target; "Stat Booster" names.
BREAK_ARTS_NAMES: dict[str, str] = {
    "str": "Power Break",
    "mag": "Magic Break",
    "agi": "Speed Break",
    "vit": "Armor Break",
    "spr": "Spirit Break",
}
STAT_BOOSTER_NAMES: dict[str, str] = {
    "str": "Strength Boost",
    "mag": "Magic Boost",
    "agi": "Speed Boost",
}

# Ch. II "Status Effect": STATUS EFFECT -> (TECH LEVEL, BASE ATTACK MODIFIER or None if positive).
STATUS_EFFECT_TABLE: dict[str, tuple[int, int | None]] = {
    "stun": (1, -40),
    "poison": (1, -40),
    "berserk": (1, -45),
    "curse": (1, -45),
    "death_sentence": (1, -45),
    "blind": (2, -55),
    "slow": (2, -55),
    "sleep": (2, -55),
    "seal": (2, -55),
    "frog": (3, -65),
    "mini": (3, -65),
    "confuse": (3, -65),
    "stop": (4, -70),
    "stone": (4, -70),
    "charm": (4, -70),
    "venom": (4, -70),
    "haste": (3, None),
    "barrier": (3, None),
    "mbarrier": (3, None),
    "regen": (4, None),
    "reraise": (4, None),
    "wall": (5, None),
}

LESSER_STATUS_CAP = -30  # "to a maximum of -30" (R17)

# Ch. VI Status Effects, each one's "Duration:" (negative) or text (positive). Temporary
# effects last as long as "the attack that inflicted them" says; Permanent ones until
# cured "by the appropriate Potion or by a Dispel Tech". R51: Ch. VI decides, so Curse
# is Permanent though Ch. II's Status Effect text names it as a temporary effect (house
# rule `curse_temporary`: Chapter II's rounds);
# Wall, which gives no duration, is temporary like Haste, Barrier and MBarrier.
STATUS_DURATION: dict[str, str] = {
    "berserk": "temporary",
    "blind": "permanent",
    "charm": "temporary",
    "confuse": "temporary",
    "curse": "permanent",
    "death_sentence": "death_sentence",
    "frog": "permanent",
    "mini": "permanent",
    "poison": "temporary",
    "seal": "permanent",
    "sleep": "temporary",
    "slow": "temporary",
    "stone": "permanent",
    "stop": "temporary",
    "stun": "stun",
    "venom": "permanent",
    "zombie": "permanent",
    "haste": "temporary",
    "barrier": "temporary",
    "mbarrier": "temporary",
    "wall": "temporary",
    "regen": "battle",
    "reraise": "reraise",
}
# Ch. II Status Effect: "All temporary effects ... last for 3 rounds"; Lesser Status
# Attack: "Temporary effects such as Curse last for 1d3 rounds".
STATUS_TECH_ROUNDS = "3 rounds"
LESSER_STATUS_ROUNDS = "1d3 rounds"
_DURATION_TEXT: dict[str, str] = {
    "permanent": "until cured (potion or Dispel)",
    "stun": "the target's next turn only",
    "death_sentence": "HP drop to 0 at the end of the next round",
    "battle": "until the battle ends",
    "reraise": "until it revives the target",
}
# Ch. II Invulnerability: "For Tech Level 4 ... one round; at Tech Level 6 ... two rounds".
INVULNERABILITY_ROUNDS: dict[int, int] = {4: 1, 6: 2}


def status_duration(status: str, *, lesser: bool = False, house: HouseRules | None = None) -> str:
    """How long a status inflicted by a Tech lasts (Ch. II Status Effect / Lesser Status
    Attack for temporary effects, Ch. VI for the rest).

    R51: Curse lasts until cured (Ch. VI) over Chapter II's "temporary effects, such as
    Curse"; the house rule ``curse_temporary`` gives a Tech's Curse Chapter II's rounds.
    """
    kind = STATUS_DURATION[str(status)]
    if str(status) == "curse" and house is not None and house.curse_temporary:
        kind = "temporary"
    if kind == "temporary":
        return LESSER_STATUS_ROUNDS if lesser else STATUS_TECH_ROUNDS
    return _DURATION_TEXT[kind]


def invulnerability_rounds(tech_level: int) -> int:
    """Rounds of Invulnerability by Tech Level (4: 1, 6: 2; Ch. II)."""
    return INVULNERABILITY_ROUNDS[tech_level]


# Ch. II Unique Powers, "Dispel": DISPELLABLE EFFECTS by the lowest Dispel Tech Level.
DISPEL_TABLE: dict[int, tuple[str, ...]] = {
    1: ("poison", "sleep", "curse"),
    2: ("berserk", "blind", "slow"),
    3: ("frog", "mini", "seal", "confuse", "charm", "zombie"),
    4: ("stop", "stone", "venom", "death_sentence"),
}

# Ch. II Unique Powers, "Debilitate": 1d8 -> inflicted weakness.
DEBILITATE_TABLE: dict[int, str] = {
    1: "fire",
    2: "ice",
    3: "water",
    4: "lightning",
    5: "earth",
    6: "wind",
    7: "holy",
    8: "shadow",
}

# Ch. II Primary Effects and Unique Powers: allowed Tech Levels (R12). Unlisted: 1-6.
PRIMARY_TECH_LEVELS: dict[str, tuple[int, ...]] = {
    "break_arts": (2, 4, 6),
    "stat_booster": (2, 4, 6),
    "demi_attack": (2, 5),
    "revenge": (2, 4),
    "revive": (3, 5, 6),
    "fatal_blow": (2, 3, 4, 5, 6),
    "quadra_slam": (3,),
    "invulnerability": (4, 6),
    "debilitate": (3, 4, 5, 6),
    "absorbency": (6,),
    "esuna": (6,),
    "immunity": (4,),
    "mp_steal": (3,),
    "neutralize": (2,),
    "resistance": (2,),
    "scan": (1,),
    "true_neutralize": (5,),
}

# Ch. II: each primary's "(Power Level: ...)". None = Variable (the Tech chooses);
# "special" = MP Steal (always 1 MP, R13).
PRIMARY_POWER_LEVEL: dict[str, str | None] = {
    "attack_magic": None,
    "break_arts": "medium",
    "demi_attack": "medium",
    "fatal_blow": "strong",
    "healing": None,
    "near_fatal_attack": "medium",
    "power_attack": None,
    "quadra_slam": None,
    "revenge": "strong",
    "revive": "strong",
    "stat_booster": "medium",
    "status_effect": "medium",
    "absorbency": "strong",
    "debilitate": "medium",
    "dispel": "weak",
    "esuna": "medium",
    "immunity": "medium",
    "invulnerability": "strong",
    "mp_steal": "special",
    "neutralize": "strong",
    "resistance": "medium",
    "scan": "weak",
    "steal_gold": "weak",
    "true_neutralize": "strong",
}

# Ch. II "Unique Powers" (the list after the heading).
UNIQUE_POWERS: frozenset[str] = frozenset(
    {
        "absorbency",
        "debilitate",
        "dispel",
        "esuna",
        "immunity",
        "invulnerability",
        "mp_steal",
        "neutralize",
        "resistance",
        "scan",
        "steal_gold",
        "true_neutralize",
    }
)

# Techs that deal damage (Elemental, Drain). Decision: Fatal Blow and Near-Fatal Attack
# count (they take HP away); Demi and Revenge deal damage by their text.
DAMAGING_PRIMARIES: frozenset[str] = frozenset(
    {
        "attack_magic",
        "power_attack",
        "quadra_slam",
        "demi_attack",
        "revenge",
        "fatal_blow",
        "near_fatal_attack",
    }
)

# R18: beneficial primaries (Status Effect is beneficial when it grants a positive effect).
BENEFICIAL_PRIMARIES: frozenset[str] = frozenset(
    {
        "healing",
        "revive",
        "stat_booster",
        "dispel",
        "esuna",
        "immunity",
        "resistance",
        "absorbency",
        "invulnerability",
    }
)

# R18: the only primaries that may take Inaccurate.
INACCURATE_PRIMARIES: frozenset[str] = frozenset(
    {"power_attack", "attack_magic", "break_arts", "quadra_slam", "demi_attack", "revenge"}
)

# Ch. II Secondary Effects: fixed MP adjustments in Tech Levels. The parameterised ones
# (area_effect, drain, random_target) are in ``secondary_adjustment``; charge_power,
# sacrifice and elemental have none; friendly_fire is +1 MP, not a level (R14).
SECONDARY_MP_ADJUSTMENT: dict[str, int] = {
    "area_effect": 1,
    "backfire": -1,
    "charge_power": 0,
    "inaccurate": -1,
    "limited_uses": -1,
    "lesser_status_attack": 1,
    "mp_attack": 1,
    "sacrifice": 0,
    "self_only": -1,
    "short_range": -1,
    "steal_as_well": 1,
    "friendly_fire": 0,
}
FRIENDLY_FIRE_MP = 1  # R14: +1 MP on the final cost

# Attack-roll modifiers (Ch. II).
FATAL_BLOW_BASE, FATAL_BLOW_STEP = -60, 15  # from Tech Level 2
NEAR_FATAL_BASE, NEAR_FATAL_STEP = -60, 15  # from Tech Level 1
STEAL_GOLD_BASE, STEAL_GOLD_STEP, STEAL_GOLD_AREA = -40, 10, -25
STEAL_AS_WELL_BASE, STEAL_AS_WELL_AREA = -60, -20
DEBILITATE_BASE, DEBILITATE_STEP = 30, 10  # percent, from Tech Level 3
STATUS_POINTS_PER_LEVEL = 10  # R17
BACKFIRE_PERCENT = 15

# R30 (map-combat-old.txt): base Range/Effect/Vertical of Techs by how they are delivered.
TECH_REACH: dict[str, tuple[int, int, int]] = {
    "melee": (3, 1, 0),
    "ranged": (6, 1, 0),
    "other": (4, 1, 0),
}
NORMAL_RANGED_R, NORMAL_RANGED_MAX_R = 4, 8

# --- Results -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EffectLine:
    """A damage or healing formula, kept as the book writes it: '5d12 x 10 + 1000'."""

    text: str
    dice: int = 0
    die: int = 0
    multiplier: int = 0
    bonus: int = 0
    halved: bool = False  # Area Effect at Tech Level 1-2, or Quadra Slam strikes

    def total(self, roll: int = 0) -> int:
        """The number dealt for a dice ``roll`` (the sum of the dice)."""
        value = roll * self.multiplier + self.bonus
        return per(value, 2) if self.halved else value


@dataclass(frozen=True, slots=True)
class Chance:
    """An attack-roll modifier and the resulting chance: (base + MA) - resist (Ch. II)."""

    text: str
    modifier: int
    halved: bool = False

    def percent(self, magic_accuracy: int, resist: int = 0) -> int:
        """Total chance of success in percent, halved by Area Effect at TL 1-2."""
        value = self.modifier + magic_accuracy - resist
        return per(value, 2) if self.halved else value


@dataclass(frozen=True, slots=True)
class TechCosts:
    """What ``zodiac tech show`` prints. ``None`` where the Tech is invalid (see checks)."""

    tech_level: int
    power_level: str | None
    effective_level: int
    mp_cost: int | None
    tp_cost: int
    sp_cost: int | None
    hp_cost: int
    breakdown: str
    # How each cost was reached, as data (`show --explain`, `expect:`): cost name -> terms.
    terms: Mapping[str, tuple[Term, ...]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class StatusBudget:
    """R17: the levels the chosen Status Effects need and the points they spend."""

    min_level: int
    points: int
    spent: int


@dataclass(frozen=True, slots=True)
class Reach:
    """Map Combat Range / Effect / Vertical (R30)."""

    r: int
    e: int
    v: int

    @property
    def text(self) -> str:
        return f"R{self.r} E{self.e} V{self.v}"


@dataclass(frozen=True, slots=True)
class XMagicCost:
    """X-Magic (Ch. IV Command Skills): two Techs plus half their total, rounded up (R2)."""

    base: int
    surcharge: int
    total: int
    text: str


# --- What a Tech does (R18) -------------------------------------------------------------


def is_beneficial(tech: Tech) -> bool:
    """R18 "beneficial". Decision: a Status Effect Tech is beneficial when any chosen
    effect is positive."""
    if tech.primary == PrimaryEffect.STATUS_EFFECT:
        return any(STATUS_EFFECT_TABLE.get(str(c.status), (0, 0))[1] is None for c in tech.statuses)
    return str(tech.primary) in BENEFICIAL_PRIMARIES


def deals_damage(tech: Tech) -> bool:
    """Damaging primary, or MP Attack (which makes a damage roll, Ch. II MP Attack)."""
    return str(tech.primary) in DAMAGING_PRIMARIES or tech.has(SecondaryEffect.MP_ATTACK)


# --- Costs -------------------------------------------------------------------------------


def _power_index(power_level: str) -> int:
    try:
        return _POWER_INDEX[str(power_level)]
    except KeyError:
        raise ValueError(
            f"power level must be weak, medium or strong, not {power_level!r}"
        ) from None


def secondary_adjustment(secondary_id: str, value: int | str | None = None) -> int:
    """MP adjustment in Tech Levels of one Secondary Effect (Ch. II; R14, R30)."""
    sid = str(secondary_id)
    if sid == "area_effect":
        return 1 if value is None else int(value)  # R30: 1-3 levels in Map Combat
    if sid == "drain":
        return DRAIN_ADJUSTMENT[int(value)] if value is not None else DRAIN_ADJUSTMENT[25]
    if sid == "random_target":
        return RANDOM_TARGET_ADJUSTMENT[str(value)] if value is not None else -1
    if sid == "elemental":
        return 0
    return SECONDARY_MP_ADJUSTMENT[sid]


def effective_level(tech_level: int, adjustments: Iterable[int]) -> int:
    """Tech Level plus the Secondary Effects' MP adjustments (R13). Used for MP/SP only."""
    return tech_level + sum(adjustments)


def mp_cost(level: int, power_level: str) -> int:
    """MP table cell for an effective level (R13): <= 0 costs 1 MP; above 8 is invalid."""
    index = _power_index(power_level)
    if level <= 0:
        return 1
    if level > MAX_EFFECTIVE_LEVEL:
        raise ValueError(f"effective level {level} is above {MAX_EFFECTIVE_LEVEL} (R13)")
    return MP_TABLE[level][index]


def sp_cost(level: int, power_level: str) -> int:
    """Charge Power SP for the effective level without Charge Power (R13); <= 0 uses row 0."""
    index = _power_index(power_level)
    if level > MAX_EFFECTIVE_LEVEL:
        raise ValueError(f"effective level {level} is above {MAX_EFFECTIVE_LEVEL} (R13)")
    return SP_TABLE[max(level, 0)][index]


def sacrifice_cost(mp: int, variant: str) -> tuple[int, int]:
    """(MP, HP) a Sacrifice Tech costs from its normal MP cost (R19).

    ``no_mp``: 0 MP and MP x 5 HP; ``half_mp``: half the MP (rounded up, R2: a "half"
    cost) and MP x 3 HP.
    """
    if variant == "no_mp":
        return 0, mp * 5
    if variant == "half_mp":
        return half_up(mp), mp * 3
    raise ValueError(f"Sacrifice variant must be no_mp or half_mp, not {variant!r}")


def resolve_power_level(primary: str, power_level: str | None) -> str | None:
    """The Power Level that prices a Tech: the primary's fixed one, else the chosen one."""
    fixed = PRIMARY_POWER_LEVEL.get(str(primary))
    return fixed if fixed is not None else (str(power_level) if power_level else None)


def tech_costs(tech: Tech) -> TechCosts:
    """MP, SP, HP and TP of a Tech model (R13, R14, R15, R19). Never raises on bad input."""
    primary = str(tech.primary)
    power = resolve_power_level(primary, tech.power_level)
    pairs = [(str(s.id), s.value) for s in tech.secondary]
    ids = {sid for sid, _ in pairs}
    adjustments = [secondary_adjustment(sid, value) for sid, value in pairs]
    level = effective_level(tech.tech_level, adjustments)
    tp = clone_tp_cost(tech.tech_level) if tech.clone_of else tp_cost(tech.tech_level)
    parts = [f"TL {tech.tech_level}"]
    parts += [f"{adj:+d} {sid}" for (sid, _), adj in zip(pairs, adjustments, strict=True) if adj]
    text = " ".join(parts) + f" = effective {level}"
    # The effective level, as the input every cost table reads (R13).
    eff = (
        Term(f"Tech Level {tech.tech_level}", tech.tech_level, "written"),
        *(
            Term(f"{adj:+d} {sid.replace('_', ' ')}", adj, f"secondary:{sid}", rule="R13")
            for (sid, _), adj in zip(pairs, adjustments, strict=True)
            if adj
        ),
    )
    mp: int | None = None
    sp: int | None = None
    hp = 0
    terms: dict[str, tuple[Term, ...]] = {}
    tp_label = "half the TP Cost table, rounded up (clone)" if tech.clone_of else "TP Cost table"
    terms["tp_cost"] = (
        Term(
            f"{tp_label}, Tech Level {tech.tech_level}",
            tp,
            "table:tp_cost",
            (Term(f"Tech Level {tech.tech_level}", tech.tech_level, "written"),),
            rule="R15" if tech.clone_of else "Ch. II Tech Point Cost",
        ),
    )
    if primary == "mp_steal":
        mp = 1  # R13: MP Steal always costs 1 MP
        text += "; MP Steal: 1 MP"
        terms["mp_cost"] = (Term("MP Steal always costs 1", 1, "primary:mp_steal", rule="R13"),)
    elif power in POWER_LEVELS and level <= MAX_EFFECTIVE_LEVEL:
        ff = FRIENDLY_FIRE_MP if "friendly_fire" in ids else 0
        ff_term = Term(f"+{ff} Friendly Fire", ff, "secondary:friendly_fire")
        if "charge_power" in ids:
            mp = 0
            sp = sp_cost(level, power) + ff
            text += f"; Charge Power: 0 MP, {sp} SP ({power})"
            cell = Term(
                f"SP table, effective level {level}, {power}",
                sp - ff,
                "table:sp_cost",
                eff,
                rule="R13",
            )
            terms["sp_cost"] = (cell, ff_term) if ff else (cell,)
            terms["mp_cost"] = (Term("Charge Power: no MP", 0, "secondary:charge_power"),)
        else:
            mp = mp_cost(level, power)
            text += f"; {mp} MP ({power})"
            cell = Term(
                f"MP table, effective level {level}, {power}", mp, "table:mp_cost", eff, rule="R13"
            )
            mp_terms: list[Term] = [cell]
            variant = next((str(v) for sid, v in pairs if sid == "sacrifice"), None)
            if variant is not None:
                table_mp = mp
                mp, hp = sacrifice_cost(mp, variant)
                text += f"; Sacrifice {variant}: {mp} MP + {hp} HP"
                mp_terms.append(
                    Term(f"Sacrifice ({variant})", mp - table_mp, "secondary:sacrifice", rule="R19")
                )
                factor = 5 if variant == "no_mp" else 3
                terms["hp_cost"] = (
                    Term(f"{factor} x {table_mp} MP", hp, "secondary:sacrifice", rule="R19"),
                )
            if ff:
                mp += ff
                text += f"; Friendly Fire +{ff} MP = {mp} MP"
                mp_terms.append(ff_term)
            terms["mp_cost"] = tuple(mp_terms)
    return TechCosts(
        tech_level=tech.tech_level,
        power_level=power,
        effective_level=level,
        mp_cost=mp,
        tp_cost=tp,
        sp_cost=sp,
        hp_cost=hp,
        breakdown=text,
        terms=terms,
    )


def tp_cost(tech_level: int) -> int:
    """Tech Points to learn a Tech of this level (Ch. II Tech Point Cost table)."""
    return TP_COST_TABLE[tech_level]


def clone_tp_cost(tech_level: int) -> int:
    """Learning a Cloned Power costs half the full cost, rounded up (R15, R2)."""
    return half_up(TP_COST_TABLE[tech_level])


def upgrade_step_cost(level: int, *, halved: bool) -> int:
    """Upgrading from ``level`` to ``level + 1`` (R15)."""
    step = TP_COST_TABLE[level + 1] - TP_COST_TABLE[level]
    return half_up(step) if halved else step


def upgrade_cost(from_level: int, to_level: int, related_levels: Iterable[int] = ()) -> int:
    """Sum of the steps from ``from_level`` to ``to_level`` (R15).

    ``related_levels`` are the Tech Levels of the Tech's original and clones (empty for a
    Tech with no clone relation). A step n -> n+1 is half price (rounded up) when one of
    them is already at n+1 or higher.
    """
    if not 1 <= from_level < to_level <= MAX_TECH_LEVEL:
        raise ValueError(f"cannot upgrade from Tech Level {from_level} to {to_level}")
    related = list(related_levels)
    return sum(
        upgrade_step_cost(n, halved=any(r >= n + 1 for r in related))
        for n in range(from_level, to_level)
    )


def x_magic_cost(first_mp: int, second_mp: int) -> XMagicCost:
    """Two Techs in one turn: their MP plus 50% of it, rounded up (Ch. IV X-Magic; R2)."""
    base = first_mp + second_mp
    surcharge = half_up(base)
    total = base + surcharge
    return XMagicCost(base, surcharge, total, f"{first_mp} + {second_mp} + {surcharge} = {total}")


# --- Character-level helpers -------------------------------------------------------------


def max_tech_levels(mag: int) -> int:
    """Max Tech Levels = 5 + MAG / 2, rounded down (R11, R1)."""
    return 5 + per(mag, 2)


def max_tech_levels_used(techs: Iterable[tuple[int, bool]]) -> int:
    """Tech Levels used by (tech_level, is_clone) pairs: a clone counts level - 1 (R11)."""
    return sum(level - 1 if is_clone else level for level, is_clone in techs)


@dataclass(frozen=True, slots=True)
class Learn:
    """Learning a Tech (``clone_of`` names the original when it is a Cloned Power)."""

    tech: str
    level: int
    clone_of: str | None = None


@dataclass(frozen=True, slots=True)
class Upgrade:
    """Upgrading a known Tech to ``to_level``."""

    tech: str
    to_level: int


@dataclass(frozen=True, slots=True)
class TechPointsSpent:
    """Total Tech Points over a learning history, one breakdown line per event."""

    total: int
    lines: tuple[str, ...] = field(default=())


def tech_points_spent(history: Sequence[Learn | Upgrade]) -> TechPointsSpent:
    """Replay a learning history and price each event (R15). Invalid events raise ValueError.

    The clone discount of an upgrade depends on the related Techs' levels *at that time*,
    so the order of the history matters (the book's Merlin example).
    """
    levels: dict[str, int] = {}
    original_of: dict[str, str] = {}
    total = 0
    lines: list[str] = []
    for event in history:
        if isinstance(event, Learn):
            if event.tech in levels:
                raise ValueError(f"{event.tech!r} is learned twice")
            if event.clone_of is not None:
                if event.clone_of not in levels:
                    raise ValueError(f"{event.tech!r} clones unknown Tech {event.clone_of!r}")
                cost = clone_tp_cost(event.level)
                original_of[event.tech] = event.clone_of
                lines.append(f"learn {event.tech} (clone) TL {event.level}: {cost}")
            else:
                cost = tp_cost(event.level)
                lines.append(f"learn {event.tech} TL {event.level}: {cost}")
            levels[event.tech] = event.level
        else:
            if event.tech not in levels:
                raise ValueError(f"cannot upgrade unknown Tech {event.tech!r}")
            related = _related(event.tech, original_of)
            current = levels[event.tech]
            cost = upgrade_cost(current, event.to_level, [levels[t] for t in related])
            lines.append(f"upgrade {event.tech} TL {current} -> {event.to_level}: {cost}")
            levels[event.tech] = event.to_level
        total += cost
    return TechPointsSpent(total, tuple(lines))


def _related(tech: str, original_of: Mapping[str, str]) -> list[str]:
    """The original of a clone and the clones of an original (R15: not clone-to-clone)."""
    if tech in original_of:
        return [original_of[tech]]
    return [clone for clone, original in original_of.items() if original == tech]


# --- Effect numbers ----------------------------------------------------------------------


def area_halves(tech_level: int, has_area_effect: bool) -> bool:
    """Area Effect at Tech Levels 1-2 has half effect (Ch. II Area Effect)."""
    return has_area_effect and tech_level <= 2


def shift_die(die: int, power_level: str) -> int:
    """Weak: one die class lower; Strong: one higher (Ch. II Power Attack).

    Decision: the ends of the die ladder clamp (a Weak d4 stays d4, a Strong d12 stays d12).
    """
    if die not in DIE_CLASSES:
        raise ValueError(f"die class must be one of {DIE_CLASSES}, not d{die}")
    index = DIE_CLASSES.index(die) + _power_index(power_level) - 1
    return DIE_CLASSES[min(max(index, 0), len(DIE_CLASSES) - 1)]


def attack_line(
    tech_level: int,
    power_level: str,
    *,
    dice: int,
    die: int,
    attack_power: int,
    area_effect: bool = False,
    die_multiplier: int = 10,
) -> EffectLine:
    """Power Attack / Attack Magic damage: (roll x 10) + AP x multiplier (Ch. II; R10, R1).

    ``dice``/``die``/``attack_power`` are Strength Dice, the weapon's physical die and AP for
    a Power Attack; Magic Dice, the magical die and MAP for Attack Magic.
    ``die_multiplier`` is 10 (R10) unless the project's house rule says 5.
    """
    bonus_dice, multiplier = POWER_ATTACK_TABLE[tech_level]
    n = dice + bonus_dice
    d = shift_die(die, power_level)
    ap = per(attack_power * multiplier.numerator, multiplier.denominator)  # R1: rounds down
    halved = area_halves(tech_level, area_effect)
    text = f"{n}d{d} x {die_multiplier} + {ap}" + (
        " (half: Area Effect at TL 1-2)" if halved else ""
    )
    return EffectLine(text=text, dice=n, die=d, multiplier=die_multiplier, bonus=ap, halved=halved)


def quadra_slam_line(
    power_level: str,
    *,
    dice: int,
    die: int,
    attack_power: int,
    tech_level: int = 3,
    die_multiplier: int = 10,
) -> EffectLine:
    """Each of Quadra Slam's four strikes: the Power Attack at its level, half damage.

    Decision: "half damage" halves the whole strike (dice and AP), rounded down (R1).
    """
    line = attack_line(
        tech_level,
        power_level,
        dice=dice,
        die=die,
        attack_power=attack_power,
        die_multiplier=die_multiplier,
    )
    text = f"4 strikes of ({line.text}) / 2"
    return EffectLine(text, line.dice, line.die, line.multiplier, line.bonus, halved=True)


def healing_line(
    tech_level: int, power_level: str, mag: int, *, area_effect: bool = False
) -> EffectLine:
    """Healing amount: base by level and power plus the Magic bonus (Ch. II; R1)."""
    bases, fraction = HEALING_TABLE[tech_level]
    base = bases[_power_index(power_level)]
    bonus = per(mag * fraction.numerator, fraction.denominator)  # R1: MAG / 2, MAG x 1.5
    halved = area_halves(tech_level, area_effect)
    text = f"{base} + {bonus} (MAG {mag} x {fraction})" + (" / 2 (Area Effect)" if halved else "")
    return EffectLine(text=text, multiplier=0, bonus=base + bonus, halved=halved)


def effect_range(line: EffectLine, house: HouseRules | None = None) -> DamageRange:
    """The lowest and highest a damage or healing line gives, under the optional rules.

    Every die at 1 to every die at its top, halved where the line is (R1); then Damage
    Levels and, for damage only, the Damage Cap (Ch. VI, optional). Healing lines have
    no dice (``multiplier`` 0): their one amount is both ends.
    """
    low, high = line.total(line.dice), line.total(line.dice * line.die)
    return apply_damage_options(low, high, house, healing=line.multiplier == 0)


def fatal_blow_modifier(tech_level: int, *, area_effect: bool = False) -> Chance:
    """-60, +15 per Tech Level beyond 2 (Ch. II Fatal Blow)."""
    mod = FATAL_BLOW_BASE + FATAL_BLOW_STEP * (tech_level - 2)
    return Chance(f"{mod:+d}", mod, area_halves(tech_level, area_effect))


def near_fatal_modifier(tech_level: int, *, area_effect: bool = False) -> Chance:
    """-60, +15 per Tech Level beyond the first (Ch. II Near-Fatal Attack)."""
    mod = NEAR_FATAL_BASE + NEAR_FATAL_STEP * (tech_level - 1)
    return Chance(f"{mod:+d}", mod, area_halves(tech_level, area_effect))


def steal_gold_modifier(tech_level: int, *, area_effect: bool = False) -> Chance:
    """-40, +10 per Tech Level beyond the first, -25 more with Area Effect (Ch. II)."""
    mod = STEAL_GOLD_BASE + STEAL_GOLD_STEP * (tech_level - 1)
    if area_effect:
        mod += STEAL_GOLD_AREA
    return Chance(f"{mod:+d}", mod, area_halves(tech_level, area_effect))


def steal_as_well_modifier(*, area_effect: bool = False) -> Chance:
    """Steal As Well: an extra roll at -60, -20 more with Area Effect (Ch. II)."""
    mod = STEAL_AS_WELL_BASE + (STEAL_AS_WELL_AREA if area_effect else 0)
    return Chance(f"{mod:+d}", mod)


def lesser_status_modifier(status: str, tech_level: int) -> Chance:
    """Lesser Status Attack: base + 5 x Tech Level, at most -30 (R17)."""
    mod = min(LESSER_STATUS_TABLE[str(status)] + 5 * tech_level, LESSER_STATUS_CAP)
    return Chance(f"{mod:+d}", mod)


def debilitate_force_chance(tech_level: int) -> int:
    """Chance in percent to force the element: 30, +10 per Tech Level beyond 3 (Ch. II)."""
    return DEBILITATE_BASE + DEBILITATE_STEP * (tech_level - 3)


def dispel_reach(tech_level: int) -> tuple[int, tuple[str, ...]]:
    """(how many effects, which effects) a Dispel removes: 2 per level, rows <= its level."""
    effects = tuple(s for row, names in DISPEL_TABLE.items() if row <= tech_level for s in names)
    return 2 * tech_level, effects


def mp_steal_amount(mag: int) -> int:
    """MP Steal drains 5 + MAG / 10 (Ch. II; R1)."""
    return 5 + per(mag, 10)


def break_arts_percent(tech_level: int) -> int:
    """Break Arts effect in percent (Ch. II)."""
    return BREAK_ARTS_PERCENT[tech_level]


def stat_booster_percent(tech_level: int) -> int:
    """Stat Booster effect in percent (Ch. II)."""
    return STAT_BOOSTER_PERCENT[tech_level]


def status_modifier_base(status: str) -> int | None:
    """Base attack modifier of a Status Effect (None for a positive effect)."""
    return STATUS_EFFECT_TABLE[str(status)][1]


def status_budget(tech_level: int, choices: Iterable[tuple[str, int | None]]) -> StatusBudget:
    """R17: minimum level = sum of effect levels; 10 points per Tech Level raise modifiers.

    ``choices`` are (status, chosen modifier or None for the base modifier).
    """
    min_level = 0
    spent = 0
    for status, modifier in choices:
        level, base = STATUS_EFFECT_TABLE[str(status)]
        min_level += level
        if base is not None and modifier is not None:
            spent += modifier - base
    return StatusBudget(min_level, STATUS_POINTS_PER_LEVEL * tech_level, spent)


def chance_percent(modifier: int, magic_accuracy: int, resist: int = 0) -> int:
    """(Base Chance + Magic Accuracy) - Target's Resist (Ch. II Primary Effects)."""
    return modifier + magic_accuracy - resist


def tech_reach(delivery: Literal["melee", "ranged", "other"], area_levels: int = 0) -> Reach:
    """Map Combat R/E/V of a Tech: base by delivery, +1 each per Area Effect level (R30)."""
    if not 0 <= area_levels <= AREA_EFFECT_MAX_LEVELS:
        raise ValueError(f"Area Effect levels must be 0-{AREA_EFFECT_MAX_LEVELS} (R30)")
    r, e, v = TECH_REACH[delivery]
    return Reach(r + area_levels, e + area_levels, v + area_levels)


def normal_ranged_range(height_advantage: float = 0) -> int:
    """A normal ranged attack's R: 4 + height advantage rounded down, at most 8 (R30)."""
    return min(NORMAL_RANGED_R + int(height_advantage // 1), NORMAL_RANGED_MAX_R)


def mp_levels(mp: int) -> list[tuple[int, str]]:
    """Every (level, power) MP-table cell with this MP (R20)."""
    return [
        (level, POWER_LEVELS[i])
        for level, row in MP_TABLE.items()
        for i, cell in enumerate(row)
        if cell == mp
    ]
