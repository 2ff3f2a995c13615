"""Character arithmetic: XP, bonus points, base and derived stats, Tech Points.

Pure functions of plain values and the Ruleset (and of a character model, where the
book reads one off the character: its level). Each derived stat keeps how it was
reached ("HP 412 = 75 + 5 x 41 + 4 x 11 + 88 armor") so sheets can show the sum.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from builder.explain import Term
from builder.models.base import STAT_NAMES, STATS, Stat
from builder.problems import Problem, Severity
from builder.rulesets.zodiac.models.character import Character
from builder.rulesets.zodiac.rules import tables as T
from builder.rulesets.zodiac.rules.rounding import per
from builder.rulesets.zodiac.rules.ruleset import (
    DEFAULT,
    HouseRules,
    Ruleset,
    apply_damage_options,
    damage_scale,
    scaled_hp,
)
from builder.rulesets.zodiac.rules.speed import FIRST_ROUND_DIE, STATUSES, effective_speed

StatBlock = dict[Stat, int]


# --- Experience (Appendix III) ---------------------------------------------------


def xp_for_level(level: int) -> int:
    """XP required to reach ``level`` (Appendix III)."""
    _check_level(level)
    return T.XP_STEP * (level - 1) ** 2


def level_for_xp(xp: int) -> int:
    """The highest level whose XP requirement ``xp`` meets (capped at 99)."""
    if xp < 0:
        raise ValueError("XP cannot be negative")
    level = 1
    while level < T.MAX_LEVEL and xp_for_level(level + 1) <= xp:
        level += 1
    return level


def xp_to_next(level: int, xp: int | None = None) -> int | None:
    """XP still needed for the next level (None at 99)."""
    if level >= T.MAX_LEVEL:
        return None
    return xp_for_level(level + 1) - (xp if xp is not None else xp_for_level(level))


def character_level(c: Character) -> int:
    """The level a file describes: `level:`, else from `xp:`, else one per advancement entry."""
    if c.level is not None:
        return c.level
    if c.xp is not None:
        return level_for_xp(c.xp)
    return min(99, 1 + len(c.advancement))


def entity_level(entity: Any) -> int:
    """The level a book sorts an entity by: a character's level, else `level:` or `tech_level:`."""
    model = entity.model
    if entity.kind == "character":
        return character_level(model)
    return int(getattr(model, "level", 0) or getattr(model, "tech_level", 0) or 0)


def _check_level(level: int) -> None:
    if not T.MIN_LEVEL <= level <= T.MAX_LEVEL:
        raise ValueError(f"level must be {T.MIN_LEVEL}-{T.MAX_LEVEL}, got {level}")


# --- Tech Points (Ch. II, Appendix IV; R3, R7) ------------------------------------


def tech_points_from_levels(level: int) -> int:
    """Total Tech Points from levels alone (Appendix IV, Total Tech Points Acquired)."""
    _check_level(level)
    total = 0
    for first, last, gain in T.TP_BY_LEVEL:
        if level >= first:
            total += gain * (min(level, last) - first + 1)
    return total


def tech_points_from_magic(magic: int) -> int:
    """One-time Tech Points for having raised Magic to ``magic`` (R3: the table wins)."""
    total = 0
    for first, last, gain in T.TP_BY_MAGIC:
        top = magic if last is None else min(magic, last)
        if top >= first:
            total += gain * (top - first + 1)
    return total


def tech_points(level: int, own_magic: int) -> int:
    """Tech Points earned by a level-``level`` character with ``own_magic`` (R7: no equipment)."""
    return tech_points_from_levels(level) + tech_points_from_magic(own_magic)


def tech_points_terms(level: int, own_magic: int) -> tuple[Term, ...]:
    """How :func:`tech_points` adds up: the levels' and the Magic's tables (App. IV; R3, R7)."""
    return (
        Term(
            f"{tech_points_from_levels(level)} for level {level}",
            tech_points_from_levels(level),
            "level",
            rule="App. IV Total Tech Points Acquired",
        ),
        Term(
            f"{tech_points_from_magic(own_magic)} for own MAG {own_magic}",
            tech_points_from_magic(own_magic),
            "stat:mag",
            rule="R3, R7",
        ),
    )


def max_tech_levels(own_magic: int) -> int:
    """Max Tech Levels = 5 + floor(MAG / 2) with the character's own Magic (R7, R11)."""
    return T.MAX_TECH_LEVELS_BASE + per(own_magic, T.MAX_TECH_LEVELS_DIVISOR)


# --- Creation and advancement (Ch. I; R4, R6) ------------------------------------


def bonus_points_at(level: int) -> int:
    """Bonus points gained on reaching ``level`` (none at 1; 4 from level 60, R6)."""
    if level <= 1:
        return 0
    return (
        T.BONUS_POINTS_FROM_LEVEL_60 if level >= T.FOURTH_POINT_LEVEL else T.BONUS_POINTS_PER_LEVEL
    )


def is_fifth_level(level: int) -> bool:
    return level % 5 == 0


def creation_problems(base: Mapping[Stat, int], path: tuple = ("base_stats",)) -> list[Problem]:
    """R4: 3 each + 25 points, none above 15 (so the five sum to 40)."""
    out: list[Problem] = []
    for stat in STATS:
        value = base[stat]
        if value < T.CREATION_BASE:
            out.append(
                Problem(
                    "ZC101",
                    f"{STAT_NAMES[stat]} starts at {value}; every stat starts at "
                    f"{T.CREATION_BASE} before creation points are added",
                    "Ch. I Step 2, R4",
                    (*path, stat.value),
                )
            )
        elif value > T.CREATION_MAX:
            out.append(
                Problem(
                    "ZC102",
                    f"{STAT_NAMES[stat]} is {value} at creation; no stat may start above {T.CREATION_MAX}",
                    "Ch. I Step 2, R4",
                    (*path, stat.value),
                )
            )
    spent = sum(base[s] - T.CREATION_BASE for s in STATS)
    if spent != T.CREATION_POINTS:
        target = len(STATS) * T.CREATION_BASE + T.CREATION_POINTS
        verb = "over-spends" if spent > T.CREATION_POINTS else "leaves unspent"
        diff = abs(spent - T.CREATION_POINTS)
        out.append(
            Problem(
                "ZC103",
                f"creation stats sum to {sum(base.values())} ({spent} points spent): {verb} {diff} "
                f"of the {T.CREATION_POINTS} creation points; the five stats must sum to {target}",
                "Ch. I Step 2, R4",
                path,
                Severity.ERROR,
            )
        )
    return out


@dataclass(frozen=True)
class LevelStep:
    """What happened on reaching one level: points spent, fifth-level bonus, result."""

    level: int
    points: dict[Stat, int]
    available: int
    fifth_bonus: dict[Stat, int]
    overflow: dict[Stat, int]
    stats: StatBlock

    @property
    def spent(self) -> int:
        return sum(self.points.values())


@dataclass
class Progression:
    base: StatBlock
    steps: list[LevelStep] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    def stats_at(self, level: int) -> StatBlock:
        if level <= 1 or not self.steps:
            return dict(self.base)
        return dict(self.steps[min(level, len(self.steps) + 1) - 2].stats)

    @property
    def unspent(self) -> int:
        return sum(s.available - s.spent for s in self.steps if s.spent < s.available)


def progress(
    base: Mapping[Stat, int],
    advancement: Sequence[Mapping[Stat, int]],
    overflow: Sequence[Mapping[Stat, int] | None],
    level: int,
    path: tuple = ("advancement",),
) -> Progression:
    """Apply each level's bonus points, then the fifth-level +2 (R6), up to ``level``.

    Entry ``i`` of ``advancement`` is the level ``i + 2`` level-up. Missing entries
    are unspent points (a warning); broken entries are problems, and the stats are
    still computed with what is legal so the rest of the sheet stays useful.
    """
    prog = Progression(dict(base))
    stats = dict(base)
    for lvl in range(2, level + 1):
        i = lvl - 2
        entry = advancement[i] if i < len(advancement) else None
        available = bonus_points_at(lvl)
        where = (*path, i)
        points = {s: v for s, v in (entry or {}).items() if v}
        if entry is None:
            prog.problems.append(
                Problem(
                    "ZC110",
                    f"no bonus points recorded for level {lvl}: {available} points unspent; "
                    f"add an advancement entry for level {lvl}",
                    "Ch. I Character Advancement, R6",
                    path,
                    Severity.WARNING,
                )
            )
        else:
            spent = sum(points.values())
            if spent > available:
                prog.problems.append(
                    Problem(
                        "ZC111",
                        f"level {lvl} spends {spent} bonus points; only {available} are gained at "
                        f"level {lvl}",
                        "Ch. I Character Advancement, R6",
                        where,
                    )
                )
            elif spent < available:
                prog.problems.append(
                    Problem(
                        "ZC110",
                        f"level {lvl} spends {spent} of its {available} bonus points; "
                        f"{available - spent} unspent",
                        "Ch. I Character Advancement, R6",
                        where,
                        Severity.WARNING,
                    )
                )
            for stat, v in points.items():
                if v > T.MAX_POINTS_PER_STAT_PER_LEVEL:
                    prog.problems.append(
                        Problem(
                            "ZC112",
                            f"level {lvl} puts {v} points into {STAT_NAMES[stat]}; at most "
                            f"{T.MAX_POINTS_PER_STAT_PER_LEVEL} of one level's points may go to the same stat",
                            "Ch. I Character Advancement, R6",
                            (*where, stat.value),
                        )
                    )
                if stats[stat] + v > T.STAT_CAP:
                    prog.problems.append(
                        Problem(
                            "ZC113",
                            f"level {lvl} raises {STAT_NAMES[stat]} to {stats[stat] + v}; a stat never "
                            f"exceeds {T.STAT_CAP}; spend the points on another stat",
                            "Ch. I Character Advancement, R6",
                            (*where, stat.value),
                        )
                    )
        for stat, v in points.items():
            stats[stat] = min(T.STAT_CAP, stats[stat] + v)
        fifth: dict[Stat, int] = {}
        excess = 0
        if is_fifth_level(lvl):
            for stat in STATS:
                gain = min(T.FIFTH_LEVEL_BONUS, T.STAT_CAP - stats[stat])
                fifth[stat] = gain
                excess += T.FIFTH_LEVEL_BONUS - gain
                stats[stat] += gain
        given = {s: v for s, v in ((overflow[i] if i < len(overflow) else None) or {}).items() if v}
        given_total = sum(given.values())
        if given_total != excess:
            if excess:
                msg = (
                    f"the level {lvl} +2 bonus would pass {T.STAT_CAP}: {excess} point(s) must be "
                    f"re-allocated under `overflow:` (it gives {given_total})"
                )
            else:
                msg = (
                    f"level {lvl} re-allocates {given_total} overflow point(s) but no fifth-level "
                    f"bonus passed {T.STAT_CAP} at this level; remove `overflow:`"
                )
            prog.problems.append(
                Problem(
                    "ZC114",
                    msg,
                    "Ch. I Character Advancement, R6",
                    (*where, "overflow") if given or entry else path,
                )
            )
        applied_over: dict[Stat, int] = {}
        if given_total == excess:
            for stat, v in given.items():
                if stats[stat] + v > T.STAT_CAP:
                    prog.problems.append(
                        Problem(
                            "ZC113",
                            f"level {lvl} overflow raises {STAT_NAMES[stat]} to {stats[stat] + v}; "
                            f"re-allocate to a stat below {T.STAT_CAP}",
                            "Ch. I Character Advancement, R6",
                            (*where, "overflow", stat.value),
                        )
                    )
                    continue
                stats[stat] += v
                applied_over[stat] = v
        prog.steps.append(LevelStep(lvl, points, available, fifth, applied_over, dict(stats)))
    return prog


# --- Derived stats (Ch. I Step 5, Ch. IV Support Skills; R5, R7) ------------------


@dataclass(frozen=True)
class Value:
    """A number and how it was reached: ``parts`` are (shown text, amount) terms;
    ``terms`` the same terms as data, with their sources (`show --explain`, `expect:`)."""

    value: int
    parts: tuple[tuple[str, int], ...] = ()
    # A factor on the whole sum, e.g. ("damage_levels", 10) (Ch. VI, optional Damage Levels).
    factor: tuple[str, int] | None = None
    terms: tuple[Term, ...] = ()

    def breakdown(self) -> tuple[Term, ...]:
        """The terms as data; their amounts add up to ``value`` (a factor is one more term)."""
        if self.terms:
            return self.terms
        return tuple(Term(text, amount, "rule") for text, amount in self.parts)

    def explain(self) -> str:
        """``'75 + 5 x 41 VIT + 4 x 11 levels + 88 armor'``."""
        out = ""
        for text, amount in self.parts:
            if not out:
                out = text
            elif amount < 0:
                out += f" - {text.lstrip('-')}"
            else:
                out += f" + {text}"
        out = out or str(self.value)
        if self.factor is not None:
            out = f"({out}) x {self.factor[1]} {self.factor[0]}"
        return out


# (shown text, amount), optionally with its source and the terms that make it up.
Part = tuple[str, int] | tuple[str, int, str] | tuple[str, int, str, tuple[Term, ...]]


def _value(*parts: Part) -> Value:
    """Sum the terms, dropping zero terms after the first (a base value)."""
    kept = tuple(p for i, p in enumerate(parts) if i == 0 or p[1] != 0)
    terms = tuple(
        Term(p[0], p[1], p[2] if len(p) > 2 else "rule", p[3] if len(p) > 3 else ())  # type: ignore[misc]
        for p in kept
    )
    return Value(sum(p[1] for p in kept), tuple((p[0], p[1]) for p in kept), terms=terms)


@dataclass(frozen=True)
class EquipmentBonus:
    """What equipment adds to derived stats; zeros until the equipment issue wires it."""

    hp: int = 0
    mp: int = 0
    ap: int = 0
    map: int = 0
    evade: int = 0
    resist: int = 0
    critical: int = 0
    weapon_level: int = 0
    move: int = 0
    jump: int = 0
    stats: dict[Stat, int] = field(default_factory=dict)
    # Which item gave what: field ("hp", "evade", "str"...) -> ((item id, item name, amount),).
    by_item: Mapping[str, tuple[tuple[str, str, int], ...]] = field(default_factory=dict)

    def items_of(self, key: str) -> tuple[Term, ...]:
        """The items behind one bonus, as terms (``show --explain`` nests them)."""
        return tuple(
            Term(f"{amount} {name}", amount, f"equipment:{item}")
            for item, name, amount in self.by_item.get(key, ())
            if amount
        )


DERIVED_KEYS = (
    "hp",
    "mp",
    "ap",
    "map",
    "str_dice",
    "mag_dice",
    "accuracy",
    "magic_accuracy",
    "evade",
    "resist",
    "critical",
    "speed",
    "max_tech_levels",
    "move",
    "jump",
)

# The book's names for the derived stats (Ch. I Step 5), for tables and sheets.
DERIVED_LABELS: dict[str, str] = {
    "hp": "Hit Points",
    "mp": "Magic Points",
    "ap": "Attack Power",
    "map": "Magic Attack Power",
    "str_dice": "Strength Dice",
    "mag_dice": "Magic Dice",
    "accuracy": "Accuracy",
    "magic_accuracy": "Magic Accuracy",
    "evade": "Evade",
    "resist": "Resist",
    "critical": "Critical",
    "speed": "Speed",
    "max_tech_levels": "Max Tech Levels",
    "move": "Move",
    "jump": "Jump",
}


def derived_stats(
    own: Mapping[Stat, int],
    level: int,
    support_skill: str | None = None,
    equipment: EquipmentBonus | None = None,
    ruleset: Ruleset = DEFAULT,
) -> dict[str, Value]:
    """All derived stats of Ch. I Step 5 plus Move and Jump.

    ``own`` are the character's own stats; equipment stat bonuses are added here
    for everything but Max Tech Levels (R7).
    """
    eq = equipment or EquipmentBonus()
    s = {stat: own[stat] + eq.stats.get(stat, 0) for stat in STATS}
    STR, MAG, VIT, SPR, AGI = (s[Stat.STR], s[Stat.MAG], s[Stat.VIT], s[Stat.SPR], s[Stat.AGI])
    skill = (support_skill or "").replace("_", "-")
    flat = ruleset.house.support_flat_bonus
    gained = level - 1  # R5: levels gained

    def stat(stat_: Stat, amount: int, label: str, text: str | None = None) -> Part:
        """A term read off a stat; equipment that raised the stat is nested under it (R7)."""
        inner: tuple[Term, ...] = ()
        if eq.stats.get(stat_, 0):
            name = stat_.value.upper()
            own_term = Term(f"{own[stat_]} own {name}", own[stat_], f"stat:{stat_.value}")
            inner = (own_term, *eq.items_of(stat_.value))
        return (text or f"{amount} {label}", amount, f"stat:{stat_.value}", inner)

    def skill_term(amount: int, name: str) -> Part:
        return (f"{amount} {name}", amount, f"support_skill:{norm_skill(name)}")

    def gear(key: str, amount: int, label: str) -> Part:
        return (f"{amount} {label}", amount, "equipment", eq.items_of(key))

    hp_per_vit = T.TOUGHNESS_HP_PER_VIT if skill == "toughness" else T.HP_PER_VIT
    hp = _value(
        (str(T.HP_BASE), T.HP_BASE, "base"),
        skill_term(T.TOUGHNESS_BASE if skill == "toughness" else 0, "Toughness"),
        stat(Stat.VIT, hp_per_vit * VIT, "VIT", f"{hp_per_vit} x {VIT} VIT"),
        (f"{T.HP_PER_LEVEL} x {gained} levels", T.HP_PER_LEVEL * gained, "level"),
        (f"{eq.hp} armor", eq.hp, "equipment", eq.items_of("hp")),
    )
    scale = damage_scale(ruleset.house)
    if scale != 1:  # Ch. VI, OPTIONAL: Damage Levels add zeros to every HP
        scaled = scaled_hp(hp.value, ruleset.house)
        zeros = Term(
            f"x {scale} Damage Levels",
            scaled - hp.value,
            "house_rule:damage_levels",
            rule="Ch. VI, OPTIONAL: Damage Levels",
        )
        hp = Value(scaled, hp.parts, ("damage_levels", scale), (*hp.terms, zeros))
    mental = (T.MENTAL_STRENGTH_BASE if flat else 0) + per(SPR, T.MENTAL_STRENGTH_DIVISOR)
    mp = _value(
        _base(T.MP_BASE),
        stat(Stat.SPR, T.MP_PER_SPR * SPR, "SPR"),
        (f"{per(level, T.MP_LEVEL_DIVISOR)} levels/2", per(level, T.MP_LEVEL_DIVISOR), "level"),
        skill_term(mental if skill == "mental-strength" else 0, "Mental Strength"),
        gear("mp", eq.mp, "armor"),
    )
    attack_up = (T.ATTACK_UP_BASE if flat else 0) + per(STR, T.ATTACK_UP_DIVISOR)
    ap = _value(
        stat(Stat.STR, STR, "STR"),
        skill_term(attack_up if skill == "attack-up" else 0, "Attack Up"),
        gear("ap", eq.ap, "weapon"),
    )
    magic_up = (T.MAGIC_UP_BASE if flat else 0) + per(MAG, T.MAGIC_UP_DIVISOR)
    map_ = _value(
        stat(Stat.MAG, MAG, "MAG"),
        skill_term(magic_up if skill == "magic-up" else 0, "Magic Up"),
        gear("map", eq.map, "weapon"),
    )
    crit_step = T.CONCENTRATE_CRITICAL_PER_15_AGI if skill == "concentrate" else 1
    weapon_guard = T.WEAPON_GUARD_EVADE_PER_WEAPON_LEVEL * eq.weapon_level
    crit_agi = -crit_step * per(AGI, T.CRITICAL_DIVISOR)
    return {
        "hp": hp,
        "mp": mp,
        "ap": ap,
        "map": map_,
        "str_dice": _value(_base(T.DICE_BASE), stat(Stat.STR, per(STR, T.DICE_DIVISOR), "STR/100")),
        "mag_dice": _value(_base(T.DICE_BASE), stat(Stat.MAG, per(MAG, T.DICE_DIVISOR), "MAG/100")),
        "accuracy": _value(
            _base(T.ACCURACY_BASE), stat(Stat.AGI, per(AGI, T.ACCURACY_DIVISOR), "AGI/5")
        ),
        "magic_accuracy": _value(
            _base(T.MAGIC_ACCURACY_BASE),
            stat(Stat.MAG, per(MAG, T.MAGIC_ACCURACY_DIVISOR), "MAG/5"),
        ),
        "evade": _value(
            _base(T.EVADE_BASE),
            stat(Stat.AGI, per(AGI, T.EVADE_DIVISOR), "AGI/5"),
            gear("evade", eq.evade, "guard"),
            skill_term(weapon_guard if skill == "weapon-guard" else 0, "Weapon Guard"),
        ),
        "resist": _value(
            _base(T.RESIST_BASE),
            stat(Stat.VIT, per(VIT, T.RESIST_VIT_DIVISOR), "VIT/10"),
            stat(Stat.SPR, per(SPR, T.RESIST_SPR_DIVISOR), "SPR/10"),
            gear("resist", eq.resist, "armor"),
        ),
        "critical": _value(
            _base(T.CRITICAL_BASE),
            (
                f"{crit_agi} AGI/15"
                if crit_step == 1
                else f"{crit_agi} Concentrate (2 per 15 AGI)",
                crit_agi,
                "stat:agi" if crit_step == 1 else "support_skill:concentrate",
            ),
            gear("critical", -eq.critical, "equipment"),
        ),
        "speed": _value(
            _base(T.SPEED_BASE),
            stat(Stat.AGI, per(AGI, T.SPEED_AGI_DIVISOR), "AGI/15"),
            (
                f"{per(level, T.SPEED_LEVEL_DIVISOR)} levels/10",
                per(level, T.SPEED_LEVEL_DIVISOR),
                "level",
            ),
            skill_term(T.QUICKNESS_SPEED if skill == "quickness" else 0, "Quickness"),
        ),
        # R7: own Magic, never equipment.
        "max_tech_levels": _value(
            _base(T.MAX_TECH_LEVELS_BASE),
            _term(per(own[Stat.MAG], T.MAX_TECH_LEVELS_DIVISOR), "own MAG/2", "stat:mag"),
        ),
        "move": _value(_base(T.MOVE_BASE), gear("move", eq.move, "relic")),
        "jump": _value(_base(T.JUMP_BASE), gear("jump", eq.jump, "relic")),
    }


def norm_skill(name: str) -> str:
    """``'Mental Strength'`` -> ``'mental-strength'``: a Support Skill's id in a term's source."""
    return name.strip().lower().replace(" ", "-")


def _base(amount: int) -> Part:
    return (str(amount), amount, "base")


def _term(amount: int, label: str, source: str = "rule") -> Part:
    return (f"{amount} {label}", amount, source)


# --- Breakdowns of the character's other numbers (`show --explain`, `expect:`) ----------

_ADVANCEMENT_RULE = "Ch. I Character Advancement, R6"


def stat_terms(prog: Progression, level: int) -> dict[str, tuple[Term, ...]]:
    """How each own stat at ``level`` was reached: its creation value (``base``), then one
    term per level that raised it (``level:N``): bonus points, the fifth-level +2 and
    re-allocated overflow, as applied (a point the 250 cap refused adds nothing).

    The terms add up to ``prog.stats_at(level)``; equipment is not a term (R7: the
    `stats` block is the character's own).
    """
    out: dict[str, tuple[Term, ...]] = {}
    for stat in STATS:
        terms = [
            Term(f"{prog.base[stat]} at creation", prog.base[stat], "base", rule="Ch. I Step 2, R4")
        ]
        before = prog.base[stat]
        for step in prog.steps[: max(0, level - 1)]:
            fifth = step.fifth_bonus.get(stat, 0)
            over = step.overflow.get(stat, 0)
            points = step.stats[stat] - before - fifth - over
            before = step.stats[stat]
            source = f"level:{step.level}"
            parts = [
                Term(f"{n} {what}", n, source, rule=_ADVANCEMENT_RULE)
                for n, what in (
                    (points, "bonus point" + ("s" if points != 1 else "")),
                    (fifth, "fifth-level bonus"),
                    (over, "overflow re-allocated"),
                )
                if n
            ]
            if len(parts) == 1:
                only = parts[0]
                terms.append(
                    Term(f"{only.label} at level {step.level}", only.amount, source, rule=only.rule)
                )
            elif parts:
                total = sum(p.amount or 0 for p in parts)
                terms.append(Term(f"{total} at level {step.level}", total, source, tuple(parts)))
        out[stat.value] = tuple(terms)
    return out


def xp_to_next_terms(level: int, xp: int, *, written: bool) -> tuple[Term, ...]:
    """How :func:`xp_to_next` is reached: the next level's XP (Appendix III) less the XP
    held (``written`` in the file, else the level's own requirement). Empty at 99."""
    if level >= T.MAX_LEVEL:
        return ()
    need = xp_for_level(level + 1)
    table = "App. III"
    held = (
        Term(f"-{xp} XP as written", -xp, "written")
        if written
        else Term(f"-{xp} XP for level {level}", -xp, "table:xp", rule=table)
    )
    return (Term(f"{need} XP for level {level + 1}", need, "table:xp", rule=table), held)


def attack_damage_terms(
    dice: int,
    die: int,
    multiplier: int,
    ap: int,
    house: HouseRules | None = None,
    *,
    high: bool,
    dice_terms: tuple[Term, ...] = (),
    die_source: str = "rule",
    ap_terms: tuple[Term, ...] = (),
    unarmed: bool = False,
) -> tuple[Term, ...]:
    """One hit's least (every die at 1) or most (every die at its top) damage as terms:
    dice x face x multiplier, + AP, then the optional rules' terms (Damage Levels' zeros,
    the Damage Cap's cut) so the amounts add up to the attack's ``min`` / ``max``.

    Ch. VI Attacking: ``(1d8 x 10) + 25`` deals 35-105; R10 (x 10, or the house rule's 5).
    ``unarmed``: d4 and Strength halved for the dice and AP (Ch. VI Unarmed Attacks), so
    neither is the derived stat of the same name.
    """
    halved = "Ch. VI Unarmed Attacks"
    dice_source, ap_source = (
        ("unarmed", "unarmed") if unarmed else ("derived.str_dice", "derived.ap")
    )
    face = die if high else 1
    roll = dice * face * multiplier
    default = HouseRules.model_fields["damage_die_multiplier"].default
    mult_source = "house_rule:damage_die_multiplier" if multiplier != default else "rule"
    inputs = (
        Term(
            f"{dice} Strength Dice" + (" (STR halved)" if unarmed else ""),
            dice,
            dice_source,
            dice_terms,
            rule=halved if unarmed else "",
        ),
        Term(
            f"{face} on each d{die}",
            face,
            "unarmed" if unarmed else die_source,
            rule=halved if unarmed else "Ch. VI Attacking",
        ),
        Term(f"x {multiplier} per die", multiplier, mult_source, rule="R10"),
    )
    terms = [
        Term(
            f"{roll} dice damage ({dice} x {face} x {multiplier})",
            roll,
            "dice",
            inputs,
            rule="Ch. VI Attacking, R10",
        ),
        Term(
            f"{ap} AP" + (" (STR halved)" if unarmed else ""),
            ap,
            ap_source,
            ap_terms,
            rule=halved if unarmed else "",
        ),
    ]
    raw = roll + ap
    damage = apply_damage_options(raw, raw, house)
    scaled = raw * damage.scale
    if damage.scale != 1:
        terms.append(
            Term(
                f"x {damage.scale} Damage Levels",
                scaled - raw,
                "house_rule:damage_levels",
                rule="Ch. VI, OPTIONAL: Damage Levels",
            )
        )
    if damage.high != scaled:
        terms.append(
            Term(
                f"{damage.high - scaled} cut by the Damage Cap of {damage.cap:,}",
                damage.high - scaled,
                "house_rule:damage_cap",
                rule="Ch. VI, OPTIONAL: The Damage Cap",
            )
        )
    return tuple(terms)


def speed_terms(speed: Value) -> dict[str, tuple[Term, ...]]:
    """Turns (Ch. VI Combat Sequence) as terms, keyed under ``speed.``: SP per round is
    Speed; the first round adds 1d8 (1 to 8); Haste and Slow change Speed
    (``rules.speed.effective_speed``, book reading, no ruling yet)."""
    rule = "Ch. VI Combat Sequence"
    own = Term(f"{speed.value} Speed", speed.value, "derived.speed", speed.breakdown(), rule=rule)
    out: dict[str, tuple[Term, ...]] = {"speed": (own,), "sp_per_round": (own,)}
    for i, roll in enumerate((1, FIRST_ROUND_DIE)):
        out[f"first_round_sp.{i}"] = (own, Term(f"{roll} on 1d8", roll, "dice", rule=rule))
    for status in STATUSES:
        changed = effective_speed(speed.value, status) - speed.value
        out[f"speed_with.{status}"] = (
            own,
            Term(
                f"{changed} {status.title()}",
                changed,
                f"status:{status}",
                rule=f"{status.title()} status, book reading (no ruling yet)",
            ),
        )
    return out
