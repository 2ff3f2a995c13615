"""Monster arithmetic (Appendix I): stats, derived stats, damage, Tech Levels, parts, rewards.

Pure functions of plain values; every result keeps a breakdown string so a monster
card can show how a number was reached ("HP 4900 = (30 + 20 x 20 + 10 x 6) x 10 boss").
The Monster Power List is data the model and the checks read too, so it lives in
``builder.rulesets.zodiac.tables.monsters``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from builder.explain import Term
from builder.models.base import STATS, Element, Stat
from builder.rulesets.zodiac.models.monster import Monster, PowerEntry
from builder.rulesets.zodiac.rules.character import DERIVED_KEYS as CHARACTER_DERIVED_KEYS
from builder.rulesets.zodiac.rules.rounding import per
from builder.rulesets.zodiac.rules.ruleset import (
    DamageRange,
    HouseRules,
    apply_damage_options,
    damage_scale,
    scaled_hp,
)
from builder.rulesets.zodiac.tables.monsters import POWERS

# --- Tables (Appendix I, Ch. I Step 5, Ch. II, Ch. IV, Ch. V) ---------------------

STAT_POINTS_BASE = 25
STAT_POINTS_PER_LEVEL = 5
EXCEPTIONAL_POINTS_PER_LEVEL = 10

HP_BASE, HP_PER_VIT, HP_PER_LEVEL = 30, 20, 10  # Appendix I Step 3
BOSS_HP_FACTOR, BOSS_MP_FACTOR = 10, 2  # Boss Monsters; R28
# "All other derived stats are calculated the same way as for players" (Ch. I Step 5, R5).
DICE_BASE, DICE_DIVISOR = 1, 100
ACCURACY_BASE, ACCURACY_DIVISOR = 5, 5
MAGIC_ACCURACY_BASE, MAGIC_ACCURACY_DIVISOR = 5, 5
EVADE_BASE, EVADE_DIVISOR = 25, 5
RESIST_BASE, RESIST_DIVISOR = 25, 10
CRITICAL_BASE, CRITICAL_DIVISOR = 98, 15
SPEED_BASE, SPEED_AGI_DIVISOR, SPEED_LEVEL_DIVISOR = 10, 15, 10
MOVE_BASE = JUMP_BASE = 3  # R29
DEFAULT_DIE_MULTIPLIER = 10  # R10 (house rule damage_die_multiplier: 5)
ATTACK_DICE = ("d6", "d8", "d10")

TECH_LEVELS_BASE, TECH_LEVELS_MAG_DIVISOR = 1, 5  # R27

XP_PER_LEVEL, GOLD_PER_LEVEL = 35, 15  # Step 8
BOSS_XP_PER_LEVEL, BOSS_GOLD_PER_LEVEL = 150, 75  # Boss Monsters; R28
BOSS_STATUS_IMMUNITIES = ("stone", "demi", "death_sentence", "instant_death")  # R28

MAX_EXTRA_PARTS = 3  # Multiple Parts: "up to three other parts"
MINION_LEVEL_GAP = 10  # Call Minions: at least 10 levels lower
SUPERIOR_LEVEL_GAP = 10  # Call for Superiors: at most 10 levels higher

AFFINITIES = ("weakness", "resistance", "immunity", "lesser_absorbency", "greater_absorbency")

# Negative status effects and their Tech Level (Ch. II, Status Effect table), for Status Touch.
NEGATIVE_STATUS_LEVELS: dict[str, int] = {
    "stun": 1,
    "poison": 1,
    "berserk": 1,
    "curse": 1,
    "death_sentence": 1,
    "blind": 2,
    "slow": 2,
    "sleep": 2,
    "seal": 2,
    "frog": 3,
    "mini": 3,
    "confusion": 3,
    "stop": 4,
    "stone": 4,
    "charm": 4,
    "venom": 4,
}
STATUS_ALIASES = {"confuse": "confusion", "dsentence": "death_sentence"}

# Command Skills of Ch. IV; Capture and Coin Toss are named unsuitable for monsters.
COMMAND_SKILLS = frozenset(
    [
        "capture",
        "coin_toss",
        "chakra",
        "clone",
        "deathblow",
        "dice",
        "draw_out",
        "health",
        "jump",
        "kick",
        "manipulate",
        "mimic",
        "morph",
        "peep",
        "peril",
        "rage",
        "runic",
        "slots",
        "steal",
        "throw",
        "wish",
        "x_magic",
    ]
)
UNSUITABLE_COMMAND_SKILLS = frozenset({"capture", "coin_toss"})

# The Monster Power List (POWERS) is in builder.rulesets.zodiac.tables.monsters.
AFFINITY_POWERS = frozenset(AFFINITIES)  # power id == affinity name
ITEM_TIERS: dict[str, frozenset[str]] = {
    "item_use": frozenset({"potion", "ether"}),
    "major_item_use": frozenset({"hi_potion", "hi_ether"}),
    "powerful_item_use": frozenset({"super_potion", "super_ether"}),
}
STATUS_TOUCH_LEVELS = {"weak_status_touch": 1, "status_touch": 3, "strong_status_touch": 5}
FORCE_OF_WILL_CAPS = {"force_of_will": 2, "greater_force_of_will": 3}
# Powers of one family where the stronger makes the weaker pointless (Decision: warn).
POWER_FAMILIES: tuple[tuple[str, ...], ...] = (
    ("lesser_counterattack", "counterattack", "greater_counterattack"),
    ("lesser_magical_counterattack", "magical_counterattack", "greater_magical_counterattack"),
    ("fear", "greater_fear"),
    ("weak_regeneration", "regeneration"),
    ("unusual_defense", "controlled_defense"),
)


# --- Results -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Figure:
    """A number and how it was reached, e.g. ``Figure(412, 'HP 412 = 30 + 20 x 17 + ...')``."""

    value: int
    breakdown: str
    # The same sum as data (`show --explain`, `expect:`); amounts add up to ``value``.
    terms: tuple[Term, ...] = ()


def _fig(label: str, value: int, text: str, *terms: Term) -> Figure:
    return Figure(value, f"{label} {value} = {text}", tuple(t for t in terms if t.amount != 0))


def _t(amount: int, label: str, source: str, rule: str = "") -> Term:
    return Term(f"{amount} {label}" if label else str(amount), amount, source, rule=rule)


def _times(
    figure: Figure, factor: int, label: str, source: str, rule: str, *, wrap: bool = True
) -> Figure:
    """``figure`` x ``factor``: its terms, then one term for what the factor adds."""
    value = figure.value * factor
    name, _, text = figure.breakdown.partition(" = ")
    text = f"({text})" if wrap else text
    more = Term(f"x {factor} {label}", value - figure.value, source, rule=rule)
    shown = f"{name.rsplit(' ', 1)[0]} {value} = {text} x {factor} {label}"
    return Figure(value, shown, (*figure.terms, more))


@dataclass(frozen=True, slots=True)
class MonsterDerived:
    """The derived stats of the ``monster show`` contract (DESIGN), each with a breakdown."""

    hp: Figure
    mp: Figure
    ap: Figure
    map: Figure
    str_dice: Figure
    mag_dice: Figure
    accuracy: Figure
    magic_accuracy: Figure
    evade: Figure
    resist: Figure
    critical: Figure
    speed: Figure
    move: Figure
    jump: Figure

    def values(self) -> dict[str, int]:
        """Plain numbers by key, as the JSON contract wants them."""
        return {k: getattr(self, k).value for k in DERIVED_KEYS}


# The character's derived stats less Max Tech Levels (DESIGN: monster show contract).
DERIVED_KEYS = tuple(k for k in CHARACTER_DERIVED_KEYS if k != "max_tech_levels")


@dataclass(frozen=True, slots=True)
class DamageLine:
    """A normal attack: ``dice`` x ``die`` x multiplier + attack power (R10)."""

    dice: int
    die: str
    multiplier: int
    attack_power: int
    minimum: int
    maximum: int
    breakdown: str
    # Damage Levels and the Damage Cap (Ch. VI, optional), already in minimum / maximum.
    damage: DamageRange | None = None

    @property
    def formula(self) -> str:
        """What to roll: ``'1d8 x 10 + 30'``, or ``'(1d8 x 10 + 30) x 10'`` with Damage Levels."""
        return self.formula_of()

    def formula_of(self, ap_label: str = "") -> str:
        """The formula with a word after the attack power (``'... + 30 AP'``), as switched."""
        text = f"{self.dice}{self.die} x {self.multiplier} + {self.attack_power}"
        text += f" {ap_label}" if ap_label else ""
        return self.damage.formula(text) if self.damage is not None else text


@dataclass(frozen=True, slots=True)
class Rewards:
    xp: Figure
    gold: Figure


@dataclass(frozen=True, slots=True)
class Defenses:
    """What Undead and Unusual/Controlled Defense do to a stat block."""

    physical: str  # damage taken: "normal", "half", "double", "shifting", "at will"
    magical: str
    healing_reversed: bool
    drain_reversed: bool
    notes: tuple[str, ...]


# --- Formulas ----------------------------------------------------------------------


def stat_total(level: int, exceptional_levels: int = 0) -> Figure:
    """Stat points to allocate: 25 + 5 x Level, +10 per Exceptional Stats level (R26)."""
    value = (
        STAT_POINTS_BASE
        + STAT_POINTS_PER_LEVEL * level
        + EXCEPTIONAL_POINTS_PER_LEVEL * exceptional_levels
    )
    terms = f"{STAT_POINTS_BASE} + {STAT_POINTS_PER_LEVEL} x {level}"
    if exceptional_levels:
        terms += f" + {EXCEPTIONAL_POINTS_PER_LEVEL} x {exceptional_levels} Exceptional Stats"
    return _fig(
        "Stat total",
        value,
        terms,
        _t(STAT_POINTS_BASE, "", "base"),
        _t(STAT_POINTS_PER_LEVEL * level, f"({STAT_POINTS_PER_LEVEL} x {level} levels)", "level"),
        _t(
            EXCEPTIONAL_POINTS_PER_LEVEL * exceptional_levels,
            f"({EXCEPTIONAL_POINTS_PER_LEVEL} x {exceptional_levels} Exceptional Stats)",
            "power:exceptional_stats",
            "R26",
        ),
    )


def _stat(stats: Mapping[Stat, int] | Mapping[str, int], stat: Stat) -> int:
    return int(stats.get(stat, stats.get(stat.value, 0)))  # type: ignore[call-overload]


def derived_stats(
    stats: Mapping[Stat, int] | Mapping[str, int],
    level: int,
    *,
    boss: bool = False,
    agile: bool = False,
) -> MonsterDerived:
    """Appendix I Step 3: HP, MP, AP, MAP by the monster formulas; the rest as for players.

    Boss HP x10 and MP x2 apply after the normal formulas (R28); Agile doubles the
    whole Evade (Decision: the doubled value is base + AGI/5, there is no guard).
    """
    STR, MAG, VIT, SPR, AGI = (_stat(stats, s) for s in STATS)
    hp_raw = HP_BASE + HP_PER_VIT * VIT + HP_PER_LEVEL * level
    hp_terms = f"{HP_BASE} + {HP_PER_VIT} x {VIT} VIT + {HP_PER_LEVEL} x {level} levels"
    hp = _fig(
        "HP",
        hp_raw,
        hp_terms,
        _t(HP_BASE, "", "base"),
        _t(HP_PER_VIT * VIT, f"({HP_PER_VIT} x {VIT} VIT)", "stat:vit"),
        _t(HP_PER_LEVEL * level, f"({HP_PER_LEVEL} x {level} levels)", "level"),
    )
    # MP = (SPR + Level) / 2, rounded down (R1).
    mp_raw = per(SPR + level, 2)
    mp_terms = f"({SPR} SPR + {level} levels) / 2"
    mp = _fig(
        "MP",
        mp_raw,
        mp_terms,
        Term(
            f"{mp_raw} ({SPR} SPR + {level} levels) / 2",
            mp_raw,
            "rule",
            (Term(f"{SPR} SPR", SPR, "stat:spr"), Term(f"{level} levels", level, "level")),
            rule="R1",
        ),
    )
    if boss:  # R28: after the normal formulas
        hp = _times(hp, BOSS_HP_FACTOR, "boss", "boss", "R28")
        mp = _times(mp, BOSS_MP_FACTOR, "boss", "boss", "R28", wrap=False)
    evade_raw = EVADE_BASE + per(AGI, EVADE_DIVISOR)
    evade_terms = f"{EVADE_BASE} + {AGI} AGI / {EVADE_DIVISOR}"
    evade = _fig(
        "Evade",
        evade_raw,
        evade_terms,
        _t(EVADE_BASE, "", "base"),
        _t(per(AGI, EVADE_DIVISOR), f"({AGI} AGI / {EVADE_DIVISOR})", "stat:agi", "R1"),
    )
    if agile:
        evade = _times(evade, 2, "Agile", "power:agile", "App. I Agile")

    def plus(name: str, base: int, stat: Stat, value: int, div: int) -> Figure:
        """``base + STAT / div`` (R1: rounded down)."""
        tag = stat.value.upper()
        return _fig(
            name,
            base + per(value, div),
            f"{base} + {value} {tag} / {div}",
            _t(base, "", "base"),
            _t(per(value, div), f"({value} {tag} / {div})", f"stat:{stat.value}", "R1"),
        )

    return MonsterDerived(
        hp=hp,
        mp=mp,
        ap=_fig("AP", 2 * STR, f"2 x {STR} STR", _t(2 * STR, f"(2 x {STR} STR)", "stat:str")),
        map=_fig("MAP", 2 * MAG, f"2 x {MAG} MAG", _t(2 * MAG, f"(2 x {MAG} MAG)", "stat:mag")),
        str_dice=plus("Strength Dice", DICE_BASE, Stat.STR, STR, DICE_DIVISOR),
        mag_dice=plus("Magic Dice", DICE_BASE, Stat.MAG, MAG, DICE_DIVISOR),
        accuracy=plus("Accuracy", ACCURACY_BASE, Stat.AGI, AGI, ACCURACY_DIVISOR),
        magic_accuracy=plus(
            "Magic Accuracy", MAGIC_ACCURACY_BASE, Stat.MAG, MAG, MAGIC_ACCURACY_DIVISOR
        ),
        evade=evade,
        resist=_fig(
            "Resist",
            RESIST_BASE + per(VIT, RESIST_DIVISOR) + per(SPR, RESIST_DIVISOR),
            f"{RESIST_BASE} + {VIT} VIT / {RESIST_DIVISOR} + {SPR} SPR / {RESIST_DIVISOR}",
            _t(RESIST_BASE, "", "base"),
            _t(per(VIT, RESIST_DIVISOR), f"({VIT} VIT / {RESIST_DIVISOR})", "stat:vit", "R1"),
            _t(per(SPR, RESIST_DIVISOR), f"({SPR} SPR / {RESIST_DIVISOR})", "stat:spr", "R1"),
        ),
        critical=_fig(
            "Critical",
            CRITICAL_BASE - per(AGI, CRITICAL_DIVISOR),
            f"{CRITICAL_BASE} - {AGI} AGI / {CRITICAL_DIVISOR}",
            _t(CRITICAL_BASE, "", "base"),
            _t(-per(AGI, CRITICAL_DIVISOR), f"({AGI} AGI / {CRITICAL_DIVISOR})", "stat:agi", "R1"),
        ),
        # R5: +1 per 10 levels, counted as floor(L / 10).
        speed=_fig(
            "Speed",
            SPEED_BASE + per(AGI, SPEED_AGI_DIVISOR) + per(level, SPEED_LEVEL_DIVISOR),
            f"{SPEED_BASE} + {AGI} AGI / {SPEED_AGI_DIVISOR} + {level} levels / "
            f"{SPEED_LEVEL_DIVISOR}",
            _t(SPEED_BASE, "", "base"),
            _t(per(AGI, SPEED_AGI_DIVISOR), f"({AGI} AGI / {SPEED_AGI_DIVISOR})", "stat:agi", "R1"),
            _t(
                per(level, SPEED_LEVEL_DIVISOR),
                f"({level} levels / {SPEED_LEVEL_DIVISOR})",
                "level",
                "R5",
            ),
        ),
        move=_fig("Move", MOVE_BASE, f"{MOVE_BASE} base", _t(MOVE_BASE, "", "base", "R29")),
        jump=_fig("Jump", JUMP_BASE, f"{JUMP_BASE} base", _t(JUMP_BASE, "", "base", "R29")),
    )


def damage_line(
    dice: int,
    die: str,
    attack_power: int,
    die_multiplier: int = DEFAULT_DIE_MULTIPLIER,
    house: HouseRules | None = None,
) -> DamageLine:
    """Step 4: (roll x multiplier) + attack power; multiplier 10 by R10, 5 as a house rule.

    Damage Levels and the Damage Cap (Ch. VI, optional) apply last, as ``house`` says.
    """
    if die not in ATTACK_DICE:
        raise ValueError(f"attack die must be one of {', '.join(ATTACK_DICE)}, got {die!r}")
    sides = int(die[1:])
    low = dice * die_multiplier + attack_power
    high = dice * sides * die_multiplier + attack_power
    text = f"{dice}{die} x {die_multiplier} + {attack_power}"
    rng = apply_damage_options(low, high, house)
    text = f"{rng.formula(text)} ({rng.low}-{rng.high})"
    return DamageLine(dice, die, die_multiplier, attack_power, rng.low, rng.high, text, rng)


def scaled_figure(fig: Figure, house: HouseRules | None) -> Figure:
    """An HP figure with the Damage Levels zeros (Ch. VI, optional): 'HP 2700 = (...) x 10'."""
    scale = damage_scale(house)
    if scale == 1:
        return fig
    label, _, terms = fig.breakdown.partition(" = ")
    label = label.rsplit(" ", 1)[0]  # drop the unscaled value
    value = scaled_hp(fig.value, house)
    zeros = Term(
        f"x {scale} Damage Levels",
        value - fig.value,
        "house_rule:damage_levels",
        rule="Ch. VI, OPTIONAL: Damage Levels",
    )
    return _fig(label, value, f"({terms}) x {scale} damage_levels", *fig.terms, zeros)


def tech_levels_total(mag: int, weaknesses: int = 0, exceptional_mag: int = 0) -> Figure:
    """R27: 1 + floor(MAG / 5) + one per Weakness; Exceptional Stats' MAG does not count."""
    own_mag = max(mag - exceptional_mag, 0)
    value = TECH_LEVELS_BASE + per(own_mag, TECH_LEVELS_MAG_DIVISOR) + weaknesses
    mag_text = f"{own_mag} MAG" if not exceptional_mag else f"({mag} - {exceptional_mag}) MAG"
    terms = f"{TECH_LEVELS_BASE} + {mag_text} / {TECH_LEVELS_MAG_DIVISOR}"
    if weaknesses:
        terms += f" + {weaknesses} Weakness"
    mag_term = _t(per(own_mag, TECH_LEVELS_MAG_DIVISOR), f"({mag_text} / 5)", "stat:mag", "R27")
    return _fig(
        "Tech Levels",
        value,
        terms,
        _t(TECH_LEVELS_BASE, "", "base"),
        mag_term,
        _t(weaknesses, "Weakness", "affinity:weakness", "R27"),
    )


def tech_levels_spent(
    techs: Sequence[tuple[str, int]], powers: Sequence[tuple[str, int]] = ()
) -> Figure:
    """R27: normal Techs and monster powers together spend Tech Levels; Level 0 is free."""
    items = [*techs, *powers]
    value = sum(level for _, level in items)
    terms = " + ".join(f"{name} {level}" for name, level in items) or "nothing"
    spent = [Term(name, level, "tech") for name, level in techs]
    spent += [Term(name, level, "power") for name, level in powers]
    return _fig("Tech Levels spent", value, terms, *spent)


def multiple_parts_level(extra_parts: int) -> int:
    """Multiple Parts costs twice the number of extra parts."""
    return 2 * extra_parts


def combination_attack_level(extra_parts: int) -> int:
    """Combination Attack's level is the number of Multiple Parts (Decision: extra parts)."""
    return extra_parts


def final_attack_tech_level(final_attack_level: int) -> int:
    """The attack unleashed by Final Attack is one level above the power."""
    return final_attack_level + 1


def part_power_cap(strongest_main_level: int) -> int:
    """An extra part's one power: half the main body's strongest Tech Level (R1: down)."""
    return per(strongest_main_level, 2)


def parts_hp(main_hp: int, declared: Sequence[int | None]) -> tuple[Figure, ...]:
    """Extra parts share half the main body's HP (R1: rounded down).

    Parts that declare ``hp`` keep it; the rest split what is left evenly, the
    remainder going to the first undeclared parts (Decision).
    """
    half = per(main_hp, 2)
    fixed = sum(h for h in declared if h is not None)
    open_ = [i for i, h in enumerate(declared) if h is None]
    left = max(half - fixed, 0)
    share, extra = divmod(left, len(open_)) if open_ else (0, 0)
    out: list[Figure] = []
    for i, h in enumerate(declared):
        if h is not None:
            out.append(_fig(f"Part {i + 1} HP", h, "declared", Term("declared", h, "written")))
        else:
            bonus = 1 if open_.index(i) < extra else 0
            out.append(
                _fig(
                    f"Part {i + 1} HP",
                    share + bonus,
                    f"({main_hp} main HP / 2 - {fixed} declared) / {len(open_)}",
                    Term(
                        f"({main_hp} main HP / 2 - {fixed} declared) / {len(open_)}",
                        share + bonus,
                        "rule",
                        rule="R1",
                    ),
                )
            )
    return tuple(out)


def rewards(level: int, boss: bool = False) -> Rewards:
    """Step 8 and Boss Monsters: XP 35 x Level, Gold 15 x Level; bosses 150 x / 75 x (R28)."""
    xp_k, gold_k = (
        (BOSS_XP_PER_LEVEL, BOSS_GOLD_PER_LEVEL) if boss else (XP_PER_LEVEL, GOLD_PER_LEVEL)
    )
    suffix = " boss" if boss else ""
    source, rule = ("boss", "R28") if boss else ("level", "App. I Step 8")
    return Rewards(
        xp=_fig(
            "XP",
            xp_k * level,
            f"{xp_k} x {level}{suffix}",
            _t(xp_k * level, f"({xp_k} x {level} levels{suffix})", source, rule),
        ),
        gold=_fig(
            "Gold",
            gold_k * level,
            f"{gold_k} x {level}{suffix}",
            _t(gold_k * level, f"({gold_k} x {level} levels{suffix})", source, rule),
        ),
    )


def status_immunities(declared: Iterable[str], boss: bool = False) -> tuple[str, ...]:
    """Declared status immunities, plus Stone, Demi, Death Sentence, instant death for bosses."""
    out = list(dict.fromkeys(declared))
    if boss:
        out += [s for s in BOSS_STATUS_IMMUNITIES if s not in out]
    return tuple(out)


def defenses(
    undead: bool = False, unusual_defense: str | None = None, controlled: bool = False
) -> Defenses:
    """Undead and Unusual/Controlled Defense as they read on a card.

    ``unusual_defense`` names what the monster resists: ``physical`` (half physical,
    double magical), ``magical`` (the reverse) or ``shifting`` (reverses every 1d2 rounds).
    """
    physical = magical = "normal"
    notes: list[str] = []
    if controlled:
        physical = magical = "at will"
        notes.append("shifts between half physical/double magical and the reverse as a free action")
    elif unusual_defense == "physical":
        physical, magical = "half", "double"
    elif unusual_defense == "magical":
        physical, magical = "double", "half"
    elif unusual_defense == "shifting":
        physical = magical = "shifting"
        notes.append("reverses its physical/magical defenses every 1d2 rounds")
    if undead:
        notes.append("healing and drain effects are reversed against it")
    return Defenses(physical, magical, undead, undead, tuple(notes))


def undead_affinities() -> dict[Element, str]:
    """Undead: absorbs Shadow, weak to Holy (Decision: Lesser Absorbency)."""
    return {Element.SHADOW: "lesser_absorbency", Element.HOLY: "weakness"}


# --- From a Monster model ----------------------------------------------------------


def power_level(entry: PowerEntry, extra_parts: int = 0) -> int | None:
    """The Tech Levels a power entry spends; None when it cannot be known."""
    spec = POWERS.get(entry.id)
    if spec is None:
        return entry.level  # custom power: its declared level
    if spec.level is not None:
        return spec.level
    if entry.id == "multiple_parts":
        return multiple_parts_level(extra_parts)
    if entry.id == "combination_attack":
        return combination_attack_level(extra_parts)
    return entry.level


def exceptional_levels(m: Monster) -> int:
    """Total level of the monster's Exceptional Stats power(s)."""
    return sum(p.level or 0 for p in m.powers if p.id == "exceptional_stats")


def exceptional_mag(m: Monster) -> int:
    """MAG bought with Exceptional Stats (R27: it adds no Tech Levels).

    Decision: when the split is not declared, assume the worst case: as many of the
    extra points as MAG can hold went to MAG.
    """
    total = 0
    for p in m.powers:
        if p.id != "exceptional_stats":
            continue
        if p.extra is not None:
            total += p.extra.get(Stat.MAG, 0)
        else:
            total += EXCEPTIONAL_POINTS_PER_LEVEL * (p.level or 0)
    return min(total, m.stats[Stat.MAG])


def affinity_entries(m: Monster) -> list[tuple[Element, str, tuple[str | int, ...]]]:
    """Every elemental affinity a monster takes as a power: (element, affinity, path)."""
    out: list[tuple[Element, str, tuple[str | int, ...]]] = []
    for name in AFFINITIES:
        for i, element in enumerate(getattr(m.affinities, name)):
            out.append((element, name, ("affinities", name, i)))
    for i, p in enumerate(m.powers):
        if p.id in AFFINITY_POWERS and p.element is not None:
            out.append((p.element, p.id, ("powers", i)))
    return out


def affinities(m: Monster) -> dict[str, list[str]]:
    """Effective affinities by kind (Undead's included), for cards and JSON."""
    out: dict[str, list[str]] = {name: [] for name in AFFINITIES}
    if any(p.id == "undead" for p in m.powers):
        for element, name in undead_affinities().items():
            out[name].append(element.value)
    for element, name, _ in affinity_entries(m):
        for other in out.values():
            if element.value in other:
                other.remove(element.value)  # a bought affinity overrides Undead's
        out[name].append(element.value)
    return out


def spent_items(
    m: Monster, tech_levels: Sequence[int | None] | None = None
) -> tuple[list[tuple[str, int]], list[tuple[str, int]], bool]:
    """(techs, powers, complete): what spends Tech Levels, and whether every level is known."""
    complete = True
    techs: list[tuple[str, int]] = []
    for i, tech in enumerate(m.techs):
        level = tech_levels[i] if tech_levels is not None and i < len(tech_levels) else None
        if level is None:
            level = tech_level_of(tech)
        if level is None:
            complete = False
            continue
        techs.append((tech_name(tech), level))
    n_parts = len(m.parts)
    powers: list[tuple[str, int]] = []
    for p in m.powers:
        if p.id in AFFINITY_POWERS:
            continue  # counted from affinity_entries below
        level = power_level(p, n_parts)
        if level is None:
            complete = False
            continue
        powers.append((POWERS[p.id].name if p.id in POWERS else p.id, level))
    if m.parts and not any(p.id == "multiple_parts" for p in m.powers):
        powers.append(("Multiple Parts", multiple_parts_level(n_parts)))
    for element, name, _ in affinity_entries(m):
        level = POWERS[name].level or 0
        powers.append((f"{POWERS[name].name} ({element.value})", level))
    return techs, powers, complete


def tech_level_of(tech: str | Mapping[str, Any]) -> int | None:
    """An inline Tech's declared ``tech_level``; None for an id (resolved elsewhere)."""
    if isinstance(tech, Mapping):
        level = tech.get("tech_level")
        return level if isinstance(level, int) else None
    return None


def tech_name(tech: str | Mapping[str, Any]) -> str:
    if isinstance(tech, Mapping):
        return str(tech.get("name", tech.get("id", "inline tech")))
    return tech


@dataclass(frozen=True, slots=True)
class MonsterView:
    """Everything a card or ``zodiac monster show`` prints (DESIGN contract)."""

    name: str
    level: int
    boss: bool
    stats: dict[str, int]
    stat_total: Figure
    derived: MonsterDerived
    damage: DamageLine
    tech_levels_total: Figure
    tech_levels_spent: Figure
    rewards: Rewards
    affinities: dict[str, list[str]]
    status_immunities: tuple[str, ...]
    defenses: Defenses
    parts_hp: tuple[Figure, ...]
    # Its Techs priced, one dict per ``techs:`` entry (name, tech_level, mp, sp, hp_cost,
    # cost, effect...): filled by the view layer (App. I: Techs "are created as normal").
    # Not in ``to_json``: that object's keys are a DESIGN contract.
    techs: tuple[dict[str, Any], ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The ``zodiac monster show --format json`` object."""
        return {
            "name": self.name,
            "level": self.level,
            "boss": self.boss,
            "stats": dict(self.stats),
            "derived": self.derived.values(),
            "tech_levels": {
                "total": self.tech_levels_total.value,
                "spent": self.tech_levels_spent.value,
            },
            "rewards": {"xp": self.rewards.xp.value, "gold": self.rewards.gold.value},
        }


def monster_view(
    m: Monster,
    tech_levels: Sequence[int | None] | None = None,
    die_multiplier: int = DEFAULT_DIE_MULTIPLIER,
    house: HouseRules | None = None,
) -> MonsterView:
    """Compute a monster's card from its model; ``tech_levels`` align with ``m.techs``.

    ``house``: the project's house rules, for the optional Damage Levels and Damage Cap.
    """
    stats = {s.value: m.stats[s] for s in STATS}
    ids = {p.id for p in m.powers}
    derived = derived_stats(m.stats, m.level, boss=m.boss, agile="agile" in ids)
    parts = parts_hp(derived.hp.value, [p.hp for p in m.parts]) if m.parts else ()
    if damage_scale(house) != 1:
        derived = replace(derived, hp=scaled_figure(derived.hp, house))
        parts = tuple(scaled_figure(f, house) for f in parts)
    weaknesses = sum(1 for _, name, _ in affinity_entries(m) if name == "weakness")
    techs, powers, _ = spent_items(m, tech_levels)
    unusual = next((p.resists for p in m.powers if p.id == "unusual_defense"), None)
    return MonsterView(
        name=m.name,
        level=m.level,
        boss=m.boss,
        stats=stats,
        stat_total=stat_total(m.level, exceptional_levels(m)),
        derived=derived,
        damage=damage_line(
            derived.str_dice.value, m.attack_die, derived.ap.value, die_multiplier, house
        ),
        tech_levels_total=tech_levels_total(m.stats[Stat.MAG], weaknesses, exceptional_mag(m)),
        tech_levels_spent=tech_levels_spent(techs, powers),
        rewards=rewards(m.level, m.boss),
        affinities=affinities(m),
        status_immunities=status_immunities(m.status_immunities, m.boss),
        defenses=defenses("undead" in ids, unusual, "controlled_defense" in ids),
        parts_hp=parts,
    )
