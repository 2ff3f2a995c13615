"""Equipment arithmetic (Chapter V): the book's tables as data, the formulas as code.

Everything here is pure: tables are module-level constants (each names the book
table it transcribes), functions take plain values or any object with ``id`` and
``param`` attributes (a model's ability, or a small tuple-like stand-in), and return
small frozen dataclasses. The tables the models validate against too (status names,
stat lists) are in ``builder.rulesets.zodiac.tables.equipment``, below both.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol

from builder.explain import Term
from builder.models.base import norm_key
from builder.rulesets.zodiac.rules.rounding import per
from builder.rulesets.zodiac.tables.equipment import (
    ARMOR_ELEMENT_ABILITIES,
    ARMOR_STAT_BONUS,
    ARMOR_STATUS_IMMUNITY_COST,
    DRAW_OUT_STATUS,
    RELIC_STATUS_IMMUNITY_COST,
    WEAPON_STATUS_EFFECT_COST,
    canonical_status,
)

# --------------------------------------------------------------------------- shared


class AbilityLike(Protocol):
    """An ability or relic option: an id and an optional parameter."""

    @property
    def id(self) -> str: ...

    @property
    def param(self) -> Any: ...


@dataclass(frozen=True, slots=True)
class Ab:
    """A stand-in ability for callers (and tests) that have no model at hand."""

    id: str
    param: Any = None


ITEM_LEVELS: tuple[int, ...] = tuple(range(1, 11))
ARTIFACT_LEVEL = 10

# --------------------------------------------------------------------------- weapons

# Chapter V, Weapon Construction System: the bonus table. Points spent on one side
# (physical -> AP, magical -> MAP) pick a column; the row is the weapon level 1-10.
WEAPON_POWER_BONUS: dict[int, tuple[int, ...]] = {
    1: (0, 0, 0, 0, 10, 20, 30, 40, 50, 70),
    2: (10, 15, 20, 30, 40, 50, 60, 70, 80, 100),
    3: (15, 25, 30, 40, 55, 70, 85, 100, 115, 150),
    4: (20, 30, 40, 50, 70, 90, 110, 130, 150, 200),
    5: (30, 45, 60, 80, 100, 120, 140, 160, 180, 230),
}
# Same table, "COST IN GOLD" column; the level-10 artifact is never sold (R25).
WEAPON_PRICE: tuple[int | None, ...] = (75, 150, 400, 800, 1200, 2000, 3000, 5000, 8000, None)
# Chapter V, die class paragraph (R21): 1 point d6, 2-4 points d8, 5 points d10.
DIE_BY_POINTS: dict[int, int] = {1: 6, 2: 8, 3: 8, 4: 8, 5: 10}
WEAPON_POWER_POINTS = 6  # R21: 6 points split between physical and magical
WEAPON_SIDE_MIN = 1
WEAPON_SIDE_MAX = 5
WEAPON_ABILITY_POOL = 10  # R21: over the nine regular weapons
LONG_RANGE_POOL_COST = 2  # Long Range: "takes 2 points off of the TOTAL"
WEAPON_ARTIFACT_POOL = 4  # R21: the level-10 artifact's own pool
MAX_WEAPON_ABILITIES = 2  # R21: Elemental counts as one of the two

# Chapter V, Weapon Abilities: point costs. ``None`` means "see its own table"
# (Status Effect) or "a set-level rule, not a per-weapon cost" (Long Range).
WEAPON_ABILITY_COST: dict[str, int | None] = {
    "dedicated": 2,
    "drain": 3,
    "elemental": 0,
    "keen_edge": 2,
    "long_range": None,
    "spell_effect": 2,
    "stat_bonus": 2,
    "status_effect": None,
}
DRAIN_PERCENT = 20  # Drain Weapon: 20% of the damage done
DEDICATED_MULTIPLIER = 2  # Dedicated Weapon: damage doubled vs the chosen kind
KEEN_EDGE_CRITICAL = -10  # Keen Edge: subtract 10 from Critical
SPELL_EFFECT_CHANCE = 15  # Spell Effect: 15% after a successful attack roll
SPELL_EFFECT_TECH_LEVEL = 1  # Spell Effect: a first-level Magical Attack Tech
WEAPON_STATUS_CHANCE = 30  # Status Effect: 30% chance

# Chapter V, Weapon Stat Bonus table: (base, per weapon level); no weapon raises
# Strength. R22: the amount is base + per_level x weapon level.
WEAPON_STAT_BONUS: dict[str, tuple[int, int]] = {
    "mag": (3, 2),
    "agi": (3, 2),
    "vit": (1, 1),
    "spr": (1, 1),
}

# Chapter VI, Weapon Range: short-range weapons take -60 against flying targets.
SHORT_RANGE_FLYING_PENALTY = -60
# Chapter IV, Weapon Guard: +2 Evade per level of the equipped weapon.
WEAPON_GUARD_EVADE_PER_LEVEL = 2
# Chapter VI, Unarmed Attacks: die class d4, Strength halved for the attack.
UNARMED_DIE = 4


@dataclass(frozen=True, slots=True)
class Pool:
    """Ability points a set may spend: the nine regular items, and the artifact."""

    regular: int
    artifact: int


@dataclass(frozen=True, slots=True)
class PoolUsage:
    """A pool's size next to what a set spends of it."""

    regular: int
    regular_used: int
    artifact: int
    artifact_used: int


@dataclass(frozen=True, slots=True)
class ItemBonus:
    """What one item adds to its wearer; ``+`` sums a whole outfit.

    ``critical`` is added to Critical (negative is better). ``elements`` maps an
    element to its best affinity (weak, resist, immune, absorb); ``attack_element``
    is a weapon's Elemental. ``physical_damage_pct`` / ``magical_damage_pct`` are
    added to damage taken (Defense -25, Weakness +25). Stat bonuses are never
    capped: equipped stats may pass 250 (R7).
    """

    ap: int = 0
    map: int = 0
    die: int | None = None
    magic_die: int | None = None
    hp: int = 0
    mp: int = 0
    evade: int = 0
    resist: int = 0
    critical: int = 0
    stats: Mapping[str, int] = field(default_factory=dict)
    elements: Mapping[str, str] = field(default_factory=dict)
    status_immunities: frozenset[str] = frozenset()
    attack_element: str | None = None
    physical_damage_pct: int = 0
    magical_damage_pct: int = 0
    elemental_boost: Mapping[str, int] = field(default_factory=dict)
    move: int = 0
    jump: int = 0

    def __add__(self, other: ItemBonus) -> ItemBonus:
        stats = dict(self.stats)
        for k, v in other.stats.items():
            stats[k] = stats.get(k, 0) + v
        elements = dict(self.elements)
        for k, v in other.elements.items():
            if k not in elements or AFFINITY_RANK[v] > AFFINITY_RANK[elements[k]]:
                elements[k] = v
        boost = dict(self.elemental_boost)
        for k, v in other.elemental_boost.items():
            boost[k] = max(boost.get(k, 0), v)
        return ItemBonus(
            ap=self.ap + other.ap,
            map=self.map + other.map,
            die=other.die if other.die is not None else self.die,
            magic_die=other.magic_die if other.magic_die is not None else self.magic_die,
            hp=self.hp + other.hp,
            mp=self.mp + other.mp,
            evade=self.evade + other.evade,
            resist=self.resist + other.resist,
            critical=self.critical + other.critical,
            stats=stats,
            elements=elements,
            status_immunities=self.status_immunities | other.status_immunities,
            attack_element=other.attack_element or self.attack_element,
            physical_damage_pct=self.physical_damage_pct + other.physical_damage_pct,
            magical_damage_pct=self.magical_damage_pct + other.magical_damage_pct,
            elemental_boost=boost,
            move=self.move + other.move,
            jump=self.jump + other.jump,
        )


# Decision: when two items disagree about an element, the best protection wins
# (absorb > immune > resist > weak); a weakness shows only if nothing protects.
AFFINITY_RANK: dict[str, int] = {"weak": 0, "resist": 1, "immune": 2, "absorb": 3}


def _check_level(level: int) -> None:
    if level not in ITEM_LEVELS:
        raise ValueError(f"item level must be 1-10, not {level}")


def is_artifact(level: int) -> bool:
    """Level 10 is the artifact: its own pool, never for sale."""
    return level == ARTIFACT_LEVEL


def weapon_power_bonus(points: int, level: int) -> int:
    """AP (or MAP) bonus of a weapon of ``level`` whose side got ``points`` (Ch. V table)."""
    _check_level(level)
    return WEAPON_POWER_BONUS[points][level - 1]


def die_for_points(points: int) -> int:
    """Die sides for a side's points (R21): 6, 8 or 10."""
    return DIE_BY_POINTS[points]


def die_label(sides: int) -> str:
    return f"d{sides}"


def weapon_price(level: int) -> int | None:
    """Gold price of a weapon; ``None`` for the artifact (R25)."""
    _check_level(level)
    return WEAPON_PRICE[level - 1]


def weapon_pools(long_range: bool) -> Pool:
    """R21: 10 points (8 if Long Range) over levels 1-9, 4 for the artifact."""
    regular = WEAPON_ABILITY_POOL - (LONG_RANGE_POOL_COST if long_range else 0)
    return Pool(regular, WEAPON_ARTIFACT_POOL)


def item_points_limit(level: int) -> int:
    """R21/R23: an item carries at most floor(level / 2) ability points."""
    return level // 2


def stat_bonus_amount(table: Mapping[str, tuple[int, int]], stat: str, level: int) -> int:
    """R22: 'Base +X, +Y per level' gives X + Y x item level."""
    base, per_level = table[stat]
    return base + per_level * level


def weapon_ability_cost(ability: AbilityLike) -> int:
    """Points one weapon ability costs; Long Range costs nothing per weapon.

    Status Effect prices by its status (Ch. V Status Effect table); an unknown
    status raises ``KeyError`` (the model rejects those first).
    """
    aid = str(ability.id)
    if aid == "status_effect":
        return WEAPON_STATUS_EFFECT_COST[canonical_status(str(ability.param))]
    cost = WEAPON_ABILITY_COST[aid]
    return cost or 0


def weapon_points_used(abilities: Iterable[AbilityLike]) -> int:
    """Points a weapon's abilities take from its set's pool."""
    return sum(weapon_ability_cost(a) for a in abilities)


def weapon_bonus(
    physical_points: int, magical_points: int, level: int, abilities: Iterable[AbilityLike] = ()
) -> ItemBonus:
    """What a weapon gives: AP/MAP by column, dice by points, and its abilities' effects."""
    stats: dict[str, int] = {}
    critical = 0
    element = None
    for a in abilities:
        aid = str(a.id)
        if aid == "stat_bonus":
            stat = str(a.param)
            stats[stat] = stats.get(stat, 0) + stat_bonus_amount(WEAPON_STAT_BONUS, stat, level)
        elif aid == "keen_edge":
            critical += KEEN_EDGE_CRITICAL
        elif aid == "elemental":
            element = str(a.param)
    return ItemBonus(
        ap=weapon_power_bonus(physical_points, level),
        map=weapon_power_bonus(magical_points, level),
        die=die_for_points(physical_points),
        magic_die=die_for_points(magical_points),
        critical=critical,
        stats=stats,
        attack_element=element,
    )


def weapon_guard_evade(weapon_level: int) -> int:
    """Chapter IV Weapon Guard: +2 Evade per level of the equipped weapon."""
    return WEAPON_GUARD_EVADE_PER_LEVEL * weapon_level


def flying_penalty(long_range: bool) -> int:
    """Chapter VI Weapon Range: attack-roll modifier against flying targets."""
    return 0 if long_range else SHORT_RANGE_FLYING_PENALTY


def drain_percent(abilities: Iterable[AbilityLike]) -> int:
    """Chapter V Drain Weapon: % of the damage done the wielder regains (0 without it)."""
    return DRAIN_PERCENT if any(str(a.id) == "drain" for a in abilities) else 0


def drain_heal(damage: int, percent: int = DRAIN_PERCENT, target_hp: int | None = None) -> int:
    """HP a Drain Weapon hit restores: ``percent`` of the damage (R1), at most the
    target's current HP when known (Ch. V Drain Weapon)."""
    healed = damage * percent // 100
    return healed if target_hp is None else min(healed, target_hp)


def sell_price(price: int | None) -> int | None:
    """R25: selling returns half the price; None where never sold.

    Book reading (no ruling yet): R2 rounds *costs* halved up; a sale is a gain, so R1's
    rounding down applies (a 25 G Potion sells for 12 G, a 75 G Iron Sword for 37 G).
    """
    return None if price is None else per(price, 2)


def price_terms(
    slot: str, level: int | None, points: int = 0, artifact: bool = False
) -> tuple[Term, ...]:
    """How an item's price is reached, as ``builder.explain.Term``s (`show --explain`).

    Weapons, armor and guards read their level's row of the Ch. V price tables; relics
    cost 500 G a point (R24); artifacts are never sold (R25).
    """
    if artifact:
        return (Term("artifact: never sold in shops", None, "artifact", rule="R25"),)
    if slot == "relic":
        price = relic_price(points)
        return (
            Term(
                f"{RELIC_PRICE_PER_POINT} G x {points} points",
                price,
                "table:relic_price",
                (Term(f"{points} points", points, "abilities"),),
                rule="R24",
            ),
        )
    table = {"weapon": weapon_price, "armor": armor_price, "guard": guard_price}.get(slot)
    if table is None or level is None:
        return ()
    return (
        Term(
            f"{slot} price table, level {level}",
            table(level),
            f"table:{slot}_price",
            (Term(f"level {level}", level, "written"),),
            rule="Ch. V",
        ),
    )


def sell_price_terms(price: int | None) -> tuple[Term, ...]:
    """Half the price, rounded down (R25, R1), as a term."""
    if price is None:
        return (Term("never sold, so never bought back", None, "artifact", rule="R25"),)
    return (
        Term(
            f"half of {price} G",
            price // 2,
            "rule",
            (Term("the price", price, "price"),),
            rule="R25, R1",
        ),
    )


@dataclass(frozen=True, slots=True)
class UnarmedAttack:
    """Chapter VI Unarmed Attacks: d4, and half Strength for AP and Strength Dice."""

    die: int
    strength: int
    ap: int
    str_dice: int


def unarmed_attack(strength: int) -> UnarmedAttack:
    """Halved Strength rounds down (R1); Strength Dice = 1 + STR / 100 (Ch. I Step 5)."""
    half = strength // 2
    return UnarmedAttack(die=UNARMED_DIE, strength=half, ap=half, str_dice=1 + half // 100)


# --------------------------------------------------------------------------- draw out

DRAW_OUT_PROPERTIES: tuple[str, ...] = (
    "break",
    "demi_attack",
    "healing",
    "immunity",
    "magical_attack",
    "mp_attack",
    "resistance",
    "stat_booster",
    "status_effect",
)
DRAW_OUT_LOSS_CHANCE = 20  # 20% per Draw Out to lose the power (artifact: for the battle)
# Draw Out Break: (highest weapon level of the band, fraction of STR/MAG/AGI removed).
DRAW_OUT_BREAK_FRACTION: tuple[tuple[int, Fraction], ...] = (
    (3, Fraction(1, 5)),
    (6, Fraction(1, 4)),
    (10, Fraction(1, 3)),
)
# Draw Out Demi Attack: (highest weapon level of the band, fraction of current HP).
DRAW_OUT_DEMI_FRACTION: tuple[tuple[int, Fraction], ...] = (
    (5, Fraction(1, 4)),
    (10, Fraction(1, 3)),
)
DRAW_OUT_HEALING_BASE = 10  # Healing: 10 + 25 x Weapon Level HP
DRAW_OUT_HEALING_PER_LEVEL = 25
DRAW_OUT_STAT_BOOST_PER_LEVEL = 5  # Stat Booster: +5 per Weapon Level, 1d3+1 rounds
DRAW_OUT_STAT_BOOST_STATS: tuple[str, ...] = ("str", "mag", "agi")
DRAW_OUT_MP_DAMAGE_DIVISOR = 10  # MP Attack: MP lost = damage / 10
DRAW_OUT_STATUS_POINTS_PER_LEVEL = 5  # Status Effect: 5 points per level to raise chances
DRAW_OUT_STATUS_MAX_CHANCE = 85
DRAW_OUT_MAX_STATUSES = 2


def _band(table: Sequence[tuple[int, Fraction]], level: int) -> Fraction:
    for top, value in table:
        if level <= top:
            return value
    raise ValueError(f"weapon level must be 1-10, not {level}")


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


@dataclass(frozen=True, slots=True)
class DrawOutEffect:
    """The level-dependent numbers of one Draw Out property (fields unused stay None)."""

    property: str
    level: int
    fraction: Fraction | None = None
    amount: int | None = None
    rounds: int | None = None
    extra_dice: int | None = None
    chances: Mapping[str, int | None] = field(default_factory=dict)


def draw_out_status_chances(level: int, chances: Mapping[str, int | None]) -> dict[str, int | None]:
    """Final chance per status: the given chance, or the base chance when none is given."""
    out: dict[str, int | None] = {}
    for name, chance in chances.items():
        status = canonical_status(name)
        base = DRAW_OUT_STATUS[status][1]
        out[status] = None if base is None else (base if chance is None else chance)
    return out


def draw_out_status_points(chances: Mapping[str, int | None]) -> int:
    """Chance points spent above the base chances (5 per weapon level are available)."""
    spent = 0
    for name, chance in chances.items():
        base = DRAW_OUT_STATUS[canonical_status(name)][1]
        if base is not None and chance is not None:
            spent += chance - base
    return spent


def draw_out_effect(prop: str, level: int, param: Any = None) -> DrawOutEffect:
    """Numbers of a Draw Out property at a weapon level (Ch. V Draw Out).

    Decision: Magical Attack's "(Weapon Level / 3)" extra dice rounds down (R1);
    the book says "rounded up" only for Immunity and Resistance rounds.
    """
    _check_level(level)
    if prop == "break":
        return DrawOutEffect(prop, level, fraction=_band(DRAW_OUT_BREAK_FRACTION, level))
    if prop == "demi_attack":
        return DrawOutEffect(prop, level, fraction=_band(DRAW_OUT_DEMI_FRACTION, level))
    if prop == "healing":
        amount = DRAW_OUT_HEALING_BASE + DRAW_OUT_HEALING_PER_LEVEL * level
        return DrawOutEffect(prop, level, amount=amount)
    if prop == "immunity":
        return DrawOutEffect(prop, level, rounds=_ceil_div(level, 3))
    if prop == "resistance":
        return DrawOutEffect(prop, level, rounds=1 + _ceil_div(level, 3))
    if prop in ("magical_attack", "mp_attack"):
        return DrawOutEffect(prop, level, extra_dice=level // 3)
    if prop == "stat_booster":
        return DrawOutEffect(prop, level, amount=DRAW_OUT_STAT_BOOST_PER_LEVEL * level)
    if prop == "status_effect":
        return DrawOutEffect(prop, level, chances=draw_out_status_chances(level, param or {}))
    raise ValueError(f"unknown Draw Out property {prop!r}")


# --------------------------------------------------------------------------- armor

ARMOR_TYPES: tuple[str, ...] = ("enhance", "balanced", "defense")
# Chapter V, Armor table: HP / MP bonus per armor type, levels 1-10.
ARMOR_HP_MP: dict[str, tuple[tuple[int, int], ...]] = {
    "enhance": (
        (10, 3), (15, 4), (20, 8), (35, 12), (50, 20),
        (65, 25), (80, 30), (100, 40), (125, 50), (175, 65),
    ),
    "balanced": (
        (15, 2), (20, 3), (40, 4), (70, 6), (100, 10),
        (130, 14), (160, 18), (200, 20), (250, 25), (350, 35),
    ),
    "defense": (
        (20, 0), (30, 0), (60, 0), (100, 0), (150, 0),
        (200, 0), (250, 0), (300, 0), (375, 0), (500, 0),
    ),
}  # fmt: skip
# Same table, PRICE column (artifact not for sale, R25).
ARMOR_PRICE: tuple[int | None, ...] = (75, 150, 400, 800, 1200, 2000, 3000, 5000, 8000, None)
# Chapter V, Guard table: EVASION BONUS and PRICE columns.
GUARD_EVADE: tuple[int, ...] = (2, 4, 6, 8, 10, 12, 14, 16, 18, 23)
GUARD_PRICE: tuple[int | None, ...] = (30, 75, 200, 400, 600, 1000, 1500, 2500, 4000, None)

# R23: pool layouts -> (armor pool, guard pool); the artifact pool follows the
# regular pool (10 -> 5, 5 -> 3).
ARMOR_POOL_LAYOUTS: dict[str, tuple[int, int]] = {"standard": (10, 5), "swapped": (5, 10)}
ARMOR_ARTIFACT_POOL: dict[int, int] = {10: 5, 5: 3}

# Chapter V, Armor Abilities: point costs; ``None`` = special (credit or table).
ARMOR_ABILITY_COST: dict[str, int | None] = {
    "defense": 3,
    "magic_defense": 3,
    "elemental_absorbency": 3,
    "elemental_immunity": 2,
    "elemental_resistance": 1,
    "stat_bonus": 2,
    "status_immunity": None,
    "physical_weakness": None,
    "magical_weakness": None,
    "elemental_weakness": None,
}
# Weaknesses pay toward other abilities on the same piece (R23).
ARMOR_WEAKNESS_CREDIT: dict[str, int] = {
    "physical_weakness": 3,
    "magical_weakness": 3,
    "elemental_weakness": 1,
}
ARMOR_DAMAGE_PCT = 25  # Defense -25%, Weakness +25% damage taken
GUARD_ONLY_STATS: frozenset[str] = frozenset({"vit", "spr"})
ARMOR_EXTRA_IMMUNITY_COST = 1


def armor_hp_mp(armor_type: str, level: int) -> tuple[int, int]:
    """(HP, MP) bonus of an armor (Ch. V Armor table)."""
    _check_level(level)
    return ARMOR_HP_MP[norm_key(armor_type)][level - 1]


def armor_price(level: int) -> int | None:
    _check_level(level)
    return ARMOR_PRICE[level - 1]


def guard_evade(level: int) -> int:
    """Evade bonus of a guard (Ch. V Guard table)."""
    _check_level(level)
    return GUARD_EVADE[level - 1]


def guard_price(level: int) -> int | None:
    _check_level(level)
    return GUARD_PRICE[level - 1]


def armor_pools(layout: str) -> dict[str, Pool]:
    """R23: the 'armors' and 'guards' pools of a set, by layout (standard / swapped)."""
    armor, guard = ARMOR_POOL_LAYOUTS[norm_key(layout)]
    return {
        "armors": Pool(armor, ARMOR_ARTIFACT_POOL[armor]),
        "guards": Pool(guard, ARMOR_ARTIFACT_POOL[guard]),
    }


def _statuses(param: Any) -> list[str]:
    if param is None:
        return []
    if isinstance(param, str):
        return [canonical_status(param)]
    return [canonical_status(str(p)) for p in param]


def option_statuses(param: Any) -> list[str]:
    """The statuses a Status Immunity option names, canonical, repeats kept (checks warn)."""
    return _statuses(param)


def armor_status_immunity_cost(statuses: Iterable[str]) -> int:
    """Dearest immunity, plus 1 point per further distinct immunity (Ch. V)."""
    distinct = {canonical_status(s) for s in statuses}
    if not distinct:
        return 0
    top = max(ARMOR_STATUS_IMMUNITY_COST[s] for s in distinct)
    return top + ARMOR_EXTRA_IMMUNITY_COST * (len(distinct) - 1)


@dataclass(frozen=True, slots=True)
class PieceCost:
    """An armor or guard's ability points: gross, weakness credit used, and net (R23)."""

    gross: int
    credit: int
    net: int


def armor_piece_cost(abilities: Iterable[AbilityLike]) -> PieceCost:
    """R23: weaknesses only offset abilities on the same piece and never go below 0.

    All Status Immunity entries of a piece are priced together (dearest + 1 each).
    """
    gross = 0
    credit_available = 0
    statuses: list[str] = []
    for a in abilities:
        aid = str(a.id)
        if aid in ARMOR_WEAKNESS_CREDIT:
            credit_available += ARMOR_WEAKNESS_CREDIT[aid]
        elif aid == "status_immunity":
            statuses.extend(_statuses(a.param))
        else:
            gross += ARMOR_ABILITY_COST[aid] or 0
    gross += armor_status_immunity_cost(statuses)
    credit = min(credit_available, gross)
    return PieceCost(gross=gross, credit=credit, net=gross - credit)


def _armor_ability_effects(level: int, abilities: Iterable[AbilityLike]) -> dict[str, Any]:
    stats: dict[str, int] = {}
    elements: dict[str, str] = {}
    immunities: set[str] = set()
    resist = phys = mag = 0
    for a in abilities:
        aid = str(a.id)
        if aid == "stat_bonus":
            amount = stat_bonus_amount(ARMOR_STAT_BONUS, str(a.param), level)
            if a.param == "resist":
                resist += amount
            else:
                stats[str(a.param)] = stats.get(str(a.param), 0) + amount
        elif aid in ARMOR_ELEMENT_ABILITIES:
            aff = ARMOR_ELEMENT_ABILITIES[aid]
            el = str(a.param)
            if el not in elements or AFFINITY_RANK[aff] > AFFINITY_RANK[elements[el]]:
                elements[el] = aff
        elif aid == "status_immunity":
            immunities.update(_statuses(a.param))
        elif aid == "defense":
            phys -= ARMOR_DAMAGE_PCT
        elif aid == "magic_defense":
            mag -= ARMOR_DAMAGE_PCT
        elif aid == "physical_weakness":
            phys += ARMOR_DAMAGE_PCT
        elif aid == "magical_weakness":
            mag += ARMOR_DAMAGE_PCT
    return {
        "stats": stats,
        "elements": elements,
        "status_immunities": frozenset(immunities),
        "resist": resist,
        "physical_damage_pct": phys,
        "magical_damage_pct": mag,
    }


def armor_bonus(armor_type: str, level: int, abilities: Iterable[AbilityLike] = ()) -> ItemBonus:
    """What an armor gives: HP/MP by type and level, plus its abilities."""
    hp, mp = armor_hp_mp(armor_type, level)
    return ItemBonus(hp=hp, mp=mp, **_armor_ability_effects(level, abilities))


def guard_bonus(level: int, abilities: Iterable[AbilityLike] = ()) -> ItemBonus:
    """What a guard gives: Evade by level, plus its abilities."""
    return ItemBonus(evade=guard_evade(level), **_armor_ability_effects(level, abilities))


# --------------------------------------------------------------------------- relics

RELIC_MAX_POINTS = 8  # R24: each non-artifact relic
RELIC_TOTAL_POINTS = 30  # R24: all non-artifact relics of a character
RELIC_MAX_COUNT = 8
ARTIFACT_RELIC_MAX_POINTS = 16
ARTIFACT_RELIC_COUNT = 2
RELIC_PRICE_PER_POINT = 500  # "500 G times the point value"

# Relic option id -> category. One option per category, except Status Immunity (R24).
RELIC_OPTION_CATEGORY: dict[str, str] = {
    "elemental_resistance": "elemental_protection",
    "elemental_immunity": "elemental_protection",
    "elemental_absorption": "elemental_protection",
    "elemental_resistance_all": "elemental_protection",
    "stat_boost": "stat_boost",
    "status_immunity": "status_immunity",
    "status_immunity_all": "status_immunity",
    "elemental_boost": "combat_bonus",
    "critical_boost": "combat_bonus",
    "move_boost": "move",
    "jump_boost": "jump",
}
RELIC_REPEATABLE_CATEGORIES: frozenset[str] = frozenset({"status_immunity"})
MAP_COMBAT_OPTIONS: frozenset[str] = frozenset({"move_boost", "jump_boost"})

# Chapter V, Elemental Protection table. R24: the second "Resistance (one element)
# 10 points" row is read as resistance to all eight elements.
RELIC_ELEMENTAL_PROTECTION_COST: dict[str, int] = {
    "elemental_resistance": 2,
    "elemental_immunity": 3,
    "elemental_absorption": 6,
    "elemental_resistance_all": 10,
}
RELIC_ELEMENT_AFFINITY: dict[str, str] = {
    "elemental_resistance": "resist",
    "elemental_immunity": "immune",
    "elemental_absorption": "absorb",
    "elemental_resistance_all": "resist",
}
# Chapter V, Stat Boost table: total bonus stats -> point cost.
RELIC_STAT_BOOST_COST: dict[int, int] = {10: 2, 15: 3, 20: 6, 25: 10, 30: 13, 40: 16}
RELIC_ALL_STATUS_IMMUNITY_COST = 16
# Chapter V, Combat Bonuses: Elemental Boost (+dice -> points), Critical Boost
# (Critical reduction -> points).
RELIC_ELEMENTAL_BOOST_COST: dict[int, int] = {1: 4, 2: 6}
RELIC_CRITICAL_BOOST_COST: dict[int, int] = {5: 4, 10: 8}
# Decision (house rule, Map Combat supplement, R29 "only relics raise them"): the
# supplement gives no price, so Move and Jump are priced against Critical Boost,
# the other tactical bonus: Move +1 4 points, +2 8; Jump +1 2 points, +2 4
# (Move decides reach every turn; Jump rarely matters). Off unless the project
# enables Map Combat.
RELIC_MOVE_BOOST_COST: dict[int, int] = {1: 4, 2: 8}
RELIC_JUMP_BOOST_COST: dict[int, int] = {1: 2, 2: 4}
ELEMENTS: tuple[str, ...] = ("fire", "ice", "water", "lightning", "earth", "wind", "holy", "shadow")


def relic_option_cost(option: AbilityLike) -> int | None:
    """Points of one relic option; ``None`` when its amount is not a row of the table."""
    oid = str(option.id)
    p = option.param
    if oid in RELIC_ELEMENTAL_PROTECTION_COST:
        return RELIC_ELEMENTAL_PROTECTION_COST[oid]
    if oid == "stat_boost":
        return RELIC_STAT_BOOST_COST.get(sum((p or {}).values()))
    if oid == "status_immunity":
        return sum(RELIC_STATUS_IMMUNITY_COST[s] for s in _statuses(p))
    if oid == "status_immunity_all":
        return RELIC_ALL_STATUS_IMMUNITY_COST
    if oid == "elemental_boost":
        return RELIC_ELEMENTAL_BOOST_COST.get((p or {}).get("dice"))
    if oid == "critical_boost":
        return RELIC_CRITICAL_BOOST_COST.get(p)
    if oid == "move_boost":
        return RELIC_MOVE_BOOST_COST.get(p)
    if oid == "jump_boost":
        return RELIC_JUMP_BOOST_COST.get(p)
    raise ValueError(f"unknown relic option {oid!r}")


def relic_points(options: Iterable[AbilityLike]) -> int:
    """Points of a relic (options off the table count 0; the checks report them)."""
    return sum(relic_option_cost(o) or 0 for o in options)


def relic_price(points: int, artifact: bool = False) -> int | None:
    """500 G x points (R24); artifact relics are never sold (R25)."""
    return None if artifact else RELIC_PRICE_PER_POINT * points


def relic_bonus(options: Iterable[AbilityLike]) -> ItemBonus:
    """What a relic gives while equipped (one relic at a time, R9)."""
    stats: dict[str, int] = {}
    elements: dict[str, str] = {}
    immunities: set[str] = set()
    boost: dict[str, int] = {}
    critical = move = jump = 0
    for o in options:
        oid, p = str(o.id), o.param
        if oid == "elemental_resistance_all":
            elements.update(dict.fromkeys(ELEMENTS, "resist"))
        elif oid in RELIC_ELEMENT_AFFINITY:
            elements[str(p)] = RELIC_ELEMENT_AFFINITY[oid]
        elif oid == "stat_boost":
            for k, v in (p or {}).items():
                stats[str(k)] = stats.get(str(k), 0) + v
        elif oid == "status_immunity":
            immunities.update(_statuses(p))
        elif oid == "status_immunity_all":
            immunities.update(RELIC_STATUS_IMMUNITY_COST)
        elif oid == "elemental_boost":
            boost[str(p["element"])] = p["dice"]
        elif oid == "critical_boost":
            critical -= p
        elif oid == "move_boost":
            move += p
        elif oid == "jump_boost":
            jump += p
    return ItemBonus(
        critical=critical,
        stats=stats,
        elements=elements,
        status_immunities=frozenset(immunities),
        elemental_boost=boost,
        move=move,
        jump=jump,
    )


# --------------------------------------------------------------------------- set summaries


class LeveledItem(Protocol):
    @property
    def level(self) -> int: ...

    @property
    def abilities(self) -> Sequence[AbilityLike]: ...


def weapon_pool_usage(long_range: bool, weapons: Iterable[LeveledItem]) -> PoolUsage:
    """Weapon set pools next to the points the set spends (for `equipment show`)."""
    pool = weapon_pools(long_range)
    regular = artifact = 0
    for w in weapons:
        pts = weapon_points_used(w.abilities)
        if is_artifact(w.level):
            artifact += pts
        else:
            regular += pts
    return PoolUsage(pool.regular, regular, pool.artifact, artifact)


def armor_pool_usage(pool: Pool, pieces: Iterable[LeveledItem]) -> PoolUsage:
    """Armor or guard pool next to the net points the pieces spend (R23)."""
    regular = artifact = 0
    for piece in pieces:
        pts = armor_piece_cost(piece.abilities).net
        if is_artifact(piece.level):
            artifact += pts
        else:
            regular += pts
    return PoolUsage(pool.regular, regular, pool.artifact, artifact)


@dataclass(frozen=True, slots=True)
class RelicUsage:
    """A character's relic allowance (R24) next to what the relic set uses."""

    points: int
    max_points: int
    count: int
    max_count: int
    artifacts: int
    max_artifacts: int


class RelicLike(Protocol):
    @property
    def artifact(self) -> bool: ...

    @property
    def options(self) -> Sequence[AbilityLike]: ...


def relic_pool_usage(relics: Sequence[RelicLike]) -> RelicUsage:
    """Non-artifact points and counts, artifact count (for `equipment show`)."""
    regular = [r for r in relics if not r.artifact]
    artifacts = [r for r in relics if r.artifact]
    return RelicUsage(
        points=sum(relic_points(r.options) for r in regular),
        max_points=RELIC_TOTAL_POINTS,
        count=len(regular),
        max_count=RELIC_MAX_COUNT,
        artifacts=len(artifacts),
        max_artifacts=ARTIFACT_RELIC_COUNT,
    )
