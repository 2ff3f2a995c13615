"""The balance linter (`zodiac lint`): is this monster, Tech or item right for its level?

Construction checks (``checks/``) say what the book forbids; the linter says what the book
allows but a table will feel: a level-12 monster that fells a level-12 character in one
blow, a Tech no character can cast at the level its Tech Points allow, a level-8 sword in
a level-5 job band. Every finding is a warning with a ZL1xx code, the numbers, how far
off they are and a concrete suggestion. Pure: entities and settings in, diagnostics out.

Norms, and where each comes from (the manual's "Balance linter" page says the same for users):

- **A monster of level L** (Appendix I): stat total 25 + 5 x L (+10 per Exceptional
  Stats level, R26), HP 30 + 20 x VIT + 10 x L (x10 boss, R28), MP (SPR + L) / 2 (x2
  boss). The book gives no "typical" HP, so the norm is the HP of an even split (VIT =
  a fifth of the total), give or take ``hp_tolerance`` (chosen norm).
- **A character of level L** (Ch. I, R4-R6): the creation 40 points and every bonus
  point (3 a level, 4 from 60, +2 to all at every fifth level) spread evenly over the
  five stats, wearing balanced armor of the item level it can afford (below). Its Tech
  Points (Appendix IV with that Magic), Max Tech Levels (R11), HP and MP follow the book.
- **Gold and item level** (chosen norm, from the book's numbers): a character's share
  of a monster's rewards is 15 G for every 35 XP (Appendix I Step 8), so by level L it
  has earned about 200 + 3/7 x XP(L) gold (R25, Appendix III). An item of level N fits
  from the first level at which its price is at most ``item_gold_share`` of that gold
  (weapon level 9, 8,000 G, fits from level 40 at a quarter). Weapons and armor share
  one price table, which paces every slot. Artifacts (level 10, never sold) fit where
  level 9 does.
- **Potions** (Ch. V): the book's own HP and MP potions fix a price for every amount
  (straight lines between Potion, Hi-Potion and Super Potion; Ether, Hi-Ether, Super
  Ether); a project potion should cost that, give or take ``price_tolerance``.
- **The rest of the project**: a monster's HP, as a multiple of its level's norm, among
  the project's monsters within ``peer_levels`` levels (median and interquartile range,
  once there are ``min_peers`` of them).

A finding is silenced in place by a YAML comment ``# zodiac: ignore[ZL101]`` (several
codes separated by commas) on the line it points at, or on the entity's first line or
its ``name:`` / ``id:`` line for the whole entity; ``lint: {disable: [ZL101]}`` in
zodiac.yaml turns a code off for the project.
"""

from __future__ import annotations

import itertools
import math
import re
import statistics
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from builder.diagnostics import Diagnostic, place_in
from builder.models.base import Stat
from builder.problems import Problem, Severity
from builder.rulesets.zodiac.rules import character as crules
from builder.rulesets.zodiac.rules import equipment as eq
from builder.rulesets.zodiac.rules import monsters as mrules
from builder.rulesets.zodiac.rules import tables as T
from builder.rulesets.zodiac.rules.lint_settings import (  # CODES: listed with the linter
    CODES,
    DEFAULT_GOLD_SHARE,
    LintSettings,
)
from builder.rulesets.zodiac.rules.ruleset import DEFAULT, Ruleset
from builder.rulesets.zodiac.rules.techs import tech_costs, tp_cost

if TYPE_CHECKING:
    from builder.io.project import Content, Entity


_RULE_MONSTER = "App. I; lint norm"
_RULE_ITEMS = "Ch. V, App. I Step 8, R25; lint norm"
_RULE_TECH = "Ch. II, App. IV, R11; lint norm"


@cache
def even_stat(level: int) -> int:
    """One stat of a level-L character who spreads every point evenly (R4, R6; R1 down)."""
    points = T.CREATION_BASE * 5 + T.CREATION_POINTS
    points += sum(crules.bonus_points_at(lv) for lv in range(2, level + 1))
    points += T.FIFTH_LEVEL_BONUS * 5 * (level // 5)
    return min(points // 5, T.STAT_CAP)


def gold_by_level(level: int) -> int:
    """Gold a character has earned by level L: 200 + 15/35 of the XP to reach it (R1 down).

    Appendix I Step 8 pays 35 XP and 15 G per monster level, split the same way among
    the survivors, so each character's gold grows as 3/7 of its XP (chosen norm).
    """
    xp = crules.xp_for_level(level)
    return T.STARTING_GOLD + xp * mrules.GOLD_PER_LEVEL // mrules.XP_PER_LEVEL


_LEVELED_SLOTS = ("weapon", "armor", "guard")
_TOP_SOLD_LEVEL = eq.ARTIFACT_LEVEL - 1


@cache
def item_level_for(level: int, share: float = DEFAULT_GOLD_SHARE) -> int:
    """The highest item level (1-9) whose price is within ``share`` of the gold of level L.

    Weapons and armor share one price table (Ch. V); guards cost less, but a level-N guard
    goes with level-N armor, so every slot is paced by that table (chosen norm).
    """
    budget = share * gold_by_level(level)
    fits = [n for n in range(1, _TOP_SOLD_LEVEL + 1) if (eq.weapon_price(n) or 0) <= budget]
    return max(fits, default=1)


@cache
def level_for_item(item_level: int, share: float = DEFAULT_GOLD_SHARE) -> int:
    """The first character level whose gold buys an item of ``item_level`` (artifacts: 9's)."""
    wanted = min(item_level, _TOP_SOLD_LEVEL)
    for level in range(T.MIN_LEVEL, T.MAX_LEVEL + 1):
        if item_level_for(level, share) >= wanted:
            return level
    return T.MAX_LEVEL


@dataclass(frozen=True)
class Reference:
    """A character of one level, as the linter pictures it (see the module's norms)."""

    level: int
    stat: int
    armor_level: int
    hp: int
    mp: int
    tech_points: int
    max_tech_levels: int


@cache
def reference(level: int, share: float = DEFAULT_GOLD_SHARE) -> Reference:
    """HP, MP, Tech Points and Max Tech Levels of the even-spread character of level L."""
    stat = even_stat(level)
    armor_level = item_level_for(level, share)
    armor_hp, armor_mp = eq.armor_hp_mp("balanced", armor_level)
    hp = T.HP_BASE + T.HP_PER_VIT * stat + T.HP_PER_LEVEL * (level - 1) + armor_hp  # R5
    mp = T.MP_BASE + T.MP_PER_SPR * stat + level // T.MP_LEVEL_DIVISOR + armor_mp  # R5
    return Reference(
        level,
        stat,
        armor_level,
        hp,
        mp,
        crules.tech_points(level, stat),
        crules.max_tech_levels(stat),
    )


@cache
def learnable_level(tp_cost: int, tech_level: int) -> int | None:
    """The first level at which the even-spread character affords a Tech (TP and R11)."""
    for level in range(T.MIN_LEVEL, T.MAX_LEVEL + 1):
        ref = reference(level)
        if ref.tech_points >= tp_cost and ref.max_tech_levels >= tech_level:
            return level
    return None


# --- Monsters (Appendix I) -----------------------------------------------------------


@cache
def monster_norm_hp(level: int, boss: bool = False, exceptional_levels: int = 0) -> int:
    """HP of a level-L monster that puts a fifth of its stat total into VIT (chosen norm)."""
    total = mrules.stat_total(level, exceptional_levels).value
    vit = total // 5
    return mrules.derived_stats({Stat.VIT: vit}, level, boss=boss).hp.value


def hp_range(
    level: int, tolerance: float, boss: bool = False, exceptional_levels: int = 0
) -> tuple[int, int]:
    """The HP range of level L: the even-split HP, give or take ``tolerance``."""
    norm = monster_norm_hp(level, boss, exceptional_levels)
    return math.floor(norm * (1 - tolerance)), math.ceil(norm * (1 + tolerance))


def _hp_per_vit(boss: bool) -> int:
    return mrules.HP_PER_VIT * (mrules.BOSS_HP_FACTOR if boss else 1)


def _fitting_level(hp: int, tolerance: float, boss: bool, extra: int) -> int | None:
    """The level whose HP range holds ``hp``, nearest the middle of the range."""
    best: tuple[float, int] | None = None
    for level in range(T.MIN_LEVEL, T.MAX_LEVEL + 1):
        low, high = hp_range(level, tolerance, boss, extra)
        if low <= hp <= high:
            distance = abs(hp - monster_norm_hp(level, boss, extra))
            if best is None or distance < best[0]:
                best = (distance, level)
    return best[1] if best else None


def _pct(value: float, bound: float) -> int:
    return round(abs(value - bound) / bound * 100) if bound else 0


def monster_hp_problems(m: Any, settings: LintSettings) -> Iterator[Problem]:
    """ZL101: HP against the level's range (Appendix I Step 3, even split)."""
    extra = mrules.exceptional_levels(m)
    hp = mrules.derived_stats(m.stats, m.level, boss=m.boss).hp.value
    low, high = hp_range(m.level, settings.hp_tolerance, m.boss, extra)
    if low <= hp <= high:
        return
    vit = m.stats[Stat.VIT]
    per = _hp_per_vit(m.boss)
    boss = " boss" if m.boss else ""
    if hp > high:
        change = math.ceil((hp - high) / per)
        how = f"{_pct(hp, high)}% above"
        fix = f"lower VIT by {change} (to {vit - change}) and spend the points elsewhere"
    else:
        change = math.ceil((low - hp) / per)
        how = f"{_pct(hp, low)}% below"
        fix = f"raise VIT by {change} (to {vit + change}) from its other stats"
    fitting = _fitting_level(hp, settings.hp_tolerance, m.boss, extra)
    if fitting is not None and fitting != m.level:
        fix += f", or level {fitting} fits this HP"
    yield Problem(
        "ZL101",
        f"HP {hp} is {how} the level-{m.level}{boss} range {low}-{high} (an even split "
        f"of its stats, +-{settings.hp_tolerance:.0%}); {fix}",
        _RULE_MONSTER,
        ("stats", "vit"),
        Severity.WARNING,
    )


@dataclass(frozen=True)
class _Peer:
    id: str
    level: int
    boss: bool
    ratio: float  # HP / the level's even-split HP


def _peers(monsters: Sequence[Entity]) -> list[_Peer]:
    out = []
    for e in monsters:
        m = e.model
        norm = monster_norm_hp(m.level, m.boss, mrules.exceptional_levels(m))
        hp = mrules.derived_stats(m.stats, m.level, boss=m.boss).hp.value
        out.append(_Peer(e.id, m.level, m.boss, hp / norm if norm else 0.0))
    return out


def monster_peer_problems(
    e: Entity, peers: Sequence[_Peer], settings: LintSettings
) -> Iterator[Problem]:
    """ZL102: HP (as a multiple of its level's norm) beyond the peers' fences (IQR).

    Fences are at least 10% of the median away from the quartiles, so a project whose
    monsters all share one build does not flag a monster for a few points of VIT.
    """
    m = e.model
    me = next((p for p in peers if p.id == e.id), None)
    if me is None:
        return
    near = [
        p
        for p in peers
        if p.id != e.id and p.boss == m.boss and abs(p.level - m.level) <= settings.peer_levels
    ]
    if len(near) < settings.min_peers:
        return
    q1, median, q3 = statistics.quantiles([p.ratio for p in near], n=4, method="inclusive")
    spread = max(settings.iqr_factor * (q3 - q1), 0.1 * median)
    low, high = q1 - spread, q3 + spread
    if low <= me.ratio <= high:
        return
    norm = monster_norm_hp(m.level, m.boss, mrules.exceptional_levels(m))
    per = _hp_per_vit(m.boss)
    vit = m.stats[Stat.VIT]
    target = round((median * norm - (me.ratio * norm - per * vit)) / per)
    change = target - vit
    side = "above" if me.ratio > high else "below"
    levels = f"{max(1, m.level - settings.peer_levels)}-{min(99, m.level + settings.peer_levels)}"
    yield Problem(
        "ZL102",
        f"HP {round(me.ratio * norm)} is {me.ratio:.2f}x its level's even-split HP, {side} "
        f"the {len(near)} project monsters of levels {levels} ({low:.2f}x-{high:.2f}x, "
        f"median {median:.2f}x); VIT {target} ({change:+d}) gives the median",
        _RULE_MONSTER,
        ("stats", "vit"),
        Severity.WARNING,
    )


def _tech_mp(ref: Any, find: Callable[[str, str], Entity | None]) -> tuple[str, int] | None:
    """(name, MP cost) of a monster's Tech: an id of a Tech or Enemy Skill, or inline."""
    if isinstance(ref, str):
        found = find("tech", ref) or find("enemy_skill", ref)
        if found is None:
            return None
        model = found.model
        if found.kind == "enemy_skill":
            return model.name, model.mp
        cost = tech_costs(model).mp_cost
        return (model.name, cost) if cost is not None else None
    if isinstance(ref, Mapping):
        mp = ref.get("mp")
        if isinstance(mp, int) and not isinstance(mp, bool):
            return str(ref.get("name", "inline Tech")), mp
        from builder.rulesets.zodiac.models.tech import Tech

        try:
            tech = Tech.model_validate({"kind": "tech", **ref})
        except ValueError:
            return None
        cost = tech_costs(tech).mp_cost
        return (tech.name, cost) if cost is not None else None
    return None


def monster_mp_problems(m: Any, find: Callable[[str, str], Entity | None]) -> Iterator[Problem]:
    """ZL103: MP (App. I Step 3, x2 boss) below the dearest of its own Techs' MP."""
    costs = [(i, c) for i, t in enumerate(m.techs) if (c := _tech_mp(t, find)) is not None]
    if not costs:
        return
    index, (name, cost) = max(costs, key=lambda p: p[1][1])
    mp = mrules.derived_stats(m.stats, m.level, boss=m.boss).mp.value
    if mp >= cost:
        return
    factor = mrules.BOSS_MP_FACTOR if m.boss else 1
    spr_needed = 2 * math.ceil(cost / factor) - m.level
    spr = m.stats[Stat.SPR]
    yield Problem(
        "ZL103",
        f"MP {mp} cannot pay for {name} ({cost} MP) even once; raise SPR by "
        f"{spr_needed - spr} (to {spr_needed}: MP = (SPR + level) / 2"
        f"{' x 2 boss' if m.boss else ''}) or give it a cheaper Tech",
        _RULE_MONSTER,
        ("techs", index),
        Severity.WARNING,
    )


def _average_hit(dice: int, die: str, multiplier: int, ap: int) -> float:
    sides = int(die[1:])
    return dice * (sides + 1) / 2 * multiplier + ap


def monster_hit_problems(m: Any, settings: LintSettings, ruleset: Ruleset) -> Iterator[Problem]:
    """ZL104: an average normal hit (App. I Step 4, R10) against a same-level character's HP."""
    multiplier = ruleset.house.damage_die_multiplier
    d = mrules.derived_stats(m.stats, m.level, boss=m.boss)
    hit = _average_hit(d.str_dice.value, m.attack_die, multiplier, d.ap.value)
    ref = reference(m.level, settings.item_gold_share)
    limit = settings.hit_share * ref.hp
    if hit <= limit:
        return
    dice_part = hit - d.ap.value
    str_max = max(0, math.floor((limit - dice_part) / 2))
    strength = m.stats[Stat.STR]
    fix = f"lower STR by {strength - str_max} (to {str_max})"
    if str_max == 0:
        fix = "use a smaller die and lower STR"
    fitting = next(
        (
            lv
            for lv in range(m.level + 1, T.MAX_LEVEL + 1)
            if settings.hit_share * reference(lv, settings.item_gold_share).hp >= hit
        ),
        None,
    )
    if fitting is not None:
        fix += f", or level {fitting} fits this hit"
    yield Problem(
        "ZL104",
        f"its average hit {hit:g} ({d.str_dice.value}{m.attack_die} x {multiplier} + "
        f"{d.ap.value} AP) is {hit / ref.hp:.0%} of a level-{m.level} character's HP "
        f"{ref.hp}, above {settings.hit_share:.0%}; {fix}",
        _RULE_MONSTER,
        ("stats", "str"),
        Severity.WARNING,
    )


# --- Items by level (Ch. V prices; chosen norm) ---------------------------------------


def _leveled(refs: Sequence[Any]) -> Any | None:
    """The one weapon, armor or guard a reference names (None: ambiguous, relic, potion)."""
    if len(refs) != 1 or refs[0].slot not in _LEVELED_SLOTS or refs[0].level is None:
        return None
    return refs[0]


def item_level_problems(
    ref: str,
    level: int,
    path: tuple[str | int, ...],
    index: Any,
    settings: LintSettings,
    *,
    what: str,
    behind: bool = True,
) -> Iterator[Problem]:
    """ZL105/ZL121/ZL122: an item's level against the item level a level-L party affords."""
    item = _leveled(index.lookup(ref))
    if item is None:
        return
    share, tol = settings.item_gold_share, settings.item_level_tolerance
    fits = item_level_for(level, share)
    price = item.price
    cost = f"{price:,} G" if price is not None else "an artifact"
    name = f"{item.name} ({item.slot} level {item.level}, {cost})"
    gold = f"a level-{level} character has earned about {gold_by_level(level):,} G"
    if item.level > fits + tol:
        first = level_for_item(item.level, share)
        code = "ZL105" if what == "monster" else "ZL121"
        yield Problem(
            code,
            f"{name} is {item.level - fits} item levels above level {level}'s {item.slot} "
            f"level {fits} ({gold}; an item fits once it costs at most "
            f"{share:.0%} of that); level {first} fits this item, or pick one of item "
            f"level {fits + tol} or less",
            _RULE_ITEMS,
            path,
            Severity.WARNING,
        )
    elif behind and item.level < fits - settings.item_levels_behind:
        yield Problem(
            "ZL122",
            f"{name} is {fits - item.level} item levels below level {level}'s {item.slot} "
            f"level {fits} ({gold}); pick one of item level "
            f"{fits - settings.item_levels_behind} or more",
            _RULE_ITEMS,
            path,
            Severity.WARNING,
        )


def monster_item_problems(m: Any, index: Any, settings: LintSettings) -> Iterator[Problem]:
    for key in ("drops", "steals"):
        for i, ref in enumerate(getattr(m, key)):
            yield from item_level_problems(
                ref, m.level, (key, i), index, settings, what="monster", behind=False
            )


def job_item_problems(job: Any, index: Any, settings: LintSettings) -> Iterator[Problem]:
    """Each band's items at the band's first level."""
    for i, band in enumerate(job.equipment):
        for slot in ("weapon", "armor", "guard"):
            ref = getattr(band, slot)
            if ref:
                yield from item_level_problems(
                    ref, band.from_level, ("equipment", i, slot), index, settings, what="job"
                )


def character_item_problems(c: Any, index: Any, settings: LintSettings) -> Iterator[Problem]:
    level = crules.character_level(c)
    for slot in ("weapon", "armor", "guard"):
        ref = getattr(c.equipment, slot, None)
        if ref:
            yield from item_level_problems(
                ref, level, ("equipment", slot), index, settings, what="character"
            )


# --- Techs (Ch. II, Appendix IV) --------------------------------------------------------


def tech_problems(tech: Any, settings: LintSettings) -> Iterator[Problem]:
    """ZL110: MP cost against the MP of the character who can first learn the Tech.

    A clone is priced at its level's full cost: its original must be learned first.
    """
    costs = tech_costs(tech)
    if not costs.mp_cost:
        return
    tp = tp_cost(tech.tech_level)
    first = learnable_level(tp, tech.tech_level)
    if first is None:
        return
    ref = reference(first)
    if costs.mp_cost <= ref.mp * (1 + settings.mp_tolerance):
        return
    castable = next(
        (lv for lv in range(first, T.MAX_LEVEL + 1) if reference(lv).mp >= costs.mp_cost), None
    )
    when = f"level {castable} has the MP" if castable else "no level has the MP"
    yield Problem(
        "ZL110",
        f"costs {costs.mp_cost} MP ({costs.breakdown}), but a character who can first learn "
        f"it (level {first}: {ref.tech_points} Tech Points for its {tp}) has "
        f"{ref.mp} MP ({costs.mp_cost - ref.mp} short); {when}: lower its Power Level or drop a Secondary Effect that adds MP",
        _RULE_TECH,
        ("secondary",) if tech.secondary else ("tech_level",),
        Severity.WARNING,
    )


def job_schedule_problems(
    job: Any, find: Callable[[str, str], Entity | None], slack: int = 0
) -> Iterator[Problem]:
    """ZL120: a step the job's own growth reaches later than scheduled (R11, App. IV).

    The generator learns such a step later without a word; the schedule should say when.
    Up to ``slack`` levels late is a player saving up (chosen norm).
    """
    from builder.rulesets.zodiac.generate import grow, plan_enemy_skills, plan_techs

    growth = grow(job, T.MAX_LEVEL)
    mag_at = {lv: s[Stat.MAG] for lv, s in growth.stats_at.items()}
    if job.class_power.value == "blue_magic":
        plan = plan_enemy_skills(
            job, T.MAX_LEVEL, mag_at, lambda k: getattr(find("enemy_skill", k), "model", None)
        )
        rows = {e.skill: i for i, e in enumerate(job.enemy_skills)}
        key = "enemy_skills"
    else:
        plan = plan_techs(
            job, T.MAX_LEVEL, mag_at, lambda k: getattr(find("tech", k), "model", None)
        )
        rows = {e.tech: i for i, e in enumerate(job.techs)}
        key = "techs"
    for item in plan.learned:
        row = rows.get(item.key)
        if row is None:
            continue
        if item.learned_at > item.scheduled_at + slack:
            yield _schedule_problem(
                item.key, item.scheduled_at, item.learned_at, mag_at, (key, row, "at")
            )
        for n, (to, at, scheduled) in enumerate(item.upgrades):
            if at > scheduled + slack:
                yield _schedule_problem(
                    f"{item.key} to Tech Level {to}",
                    scheduled,
                    at,
                    mag_at,
                    (key, row, "upgrades", n, "at"),
                )


def _schedule_problem(
    what: str, scheduled: int, learned: int, mag_at: Mapping[int, int], path: tuple[Any, ...]
) -> Problem:
    mag = mag_at[scheduled]
    return Problem(
        "ZL120",
        f"{what} is scheduled at level {scheduled}, but this job's Tech Points "
        f"({crules.tech_points(scheduled, mag)} there, MAG {mag}) and Max Tech Levels "
        f"({crules.max_tech_levels(mag)}) with its earlier steps allow it at level {learned}; "
        f"schedule it at level {learned}",
        _RULE_TECH,
        path,
        Severity.WARNING,
    )


# --- Potions (Ch. V) ---------------------------------------------------------------------

# The book's potions that restore a number (Ch. V Potions): (amount, price). Tested
# against the shipped catalogue content/core/potions.yaml.
HP_POTIONS: tuple[tuple[int, int], ...] = ((70, 25), (300, 200), (500, 600))
MP_POTIONS: tuple[tuple[int, int], ...] = ((15, 75), (60, 600), (100, 1800))


def book_price(amount: int, table: Sequence[tuple[int, int]]) -> float:
    """The price the book's potions set for restoring ``amount``: straight lines between
    its potions, through 0 below the first, on the last line's slope above the last."""
    a0, p0 = table[0]
    if amount <= a0:
        return amount * p0 / a0
    points = list(table)
    for (a1, p1), (a2, p2) in itertools.pairwise(points):
        if amount <= a2:
            return p1 + (amount - a1) * (p2 - p1) / (a2 - a1)
    (a1, p1), (a2, p2) = points[-2], points[-1]
    return p2 + (amount - a2) * (p2 - p1) / (a2 - a1)


def potion_problems(p: Any, settings: LintSettings) -> Iterator[Problem]:
    """ZL130: a sold potion restoring HP or MP priced off the book's line."""
    if p.price is None:
        return
    parts = []
    expected = 0.0
    for amount, table, label in ((p.hp, HP_POTIONS, "HP"), (p.mp, MP_POTIONS, "MP")):
        if isinstance(amount, int) and not isinstance(amount, bool):
            expected += book_price(amount, table)
            parts.append(f"{amount} {label}")
    if not parts or expected <= 0:
        return
    low, high = expected * (1 - settings.price_tolerance), expected * (1 + settings.price_tolerance)
    if low <= p.price <= high:
        return
    side = "below" if p.price < low else "above"
    yield Problem(
        "ZL130",
        f"{p.price:,} G for {' and '.join(parts)} is {_pct(p.price, expected)}% {side} the "
        f"book's price for that ({round(expected):,} G, from its Potions and Ethers); "
        f"a price of {round(expected):,} G fits",
        "Ch. V Potions; lint norm",
        ("price",),
        Severity.WARNING,
    )


# --- Running it ------------------------------------------------------------------------

_IGNORE = re.compile(r"#\s*zodiac:\s*ignore\[([A-Za-z0-9,\s]*)\]")


def ignored_codes(line: str) -> set[str]:
    """Codes a line's ``# zodiac: ignore[ZL101, ZL104]`` comment silences."""
    out: set[str] = set()
    for match in _IGNORE.finditer(line):
        out |= {c.strip().upper() for c in match.group(1).split(",") if c.strip()}
    return out


def _lines(doc: Any) -> list[str]:
    source = getattr(doc, "_source", None)
    text = getattr(source, "text", "") if source is not None else ""
    return text.splitlines()


def _silenced(entity: Entity, diags: Sequence[Diagnostic]) -> list[Diagnostic]:
    """Drop findings an ignore comment names, on their line or the entity's own lines."""
    if not diags:
        return []
    lines = _lines(entity.doc)

    def on(line: int) -> set[str]:
        return ignored_codes(lines[line - 1]) if 0 < line <= len(lines) else set()

    doc = entity.doc
    whole = on(doc.start[0])
    for key in ("name", "id"):
        loc = doc.keys.get((key,))
        if loc is not None:
            whole |= on(loc[0])
    return [d for d in diags if d.code not in whole and d.code not in on(d.line)]


def entity_problems(
    e: Entity,
    content: Content,
    ruleset: Ruleset,
    settings: LintSettings,
    peers: Sequence[_Peer],
    index: Any,
) -> Iterable[Problem]:
    """Every finding for one entity, before placing and silencing."""
    index_of = content.index()

    def find(kind: str, key: str) -> Entity | None:
        return index_of.get((kind, key))

    m = e.model
    if e.kind == "monster":
        found = list(monster_hp_problems(m, settings))
        yield from found
        if not found:
            yield from monster_peer_problems(e, peers, settings)
        yield from monster_mp_problems(m, find)
        yield from monster_hit_problems(m, settings, ruleset)
        yield from monster_item_problems(m, index, settings)
    elif e.kind == "tech":
        yield from tech_problems(m, settings)
    elif e.kind == "job":
        yield from job_schedule_problems(m, find, settings.schedule_slack)
        yield from job_item_problems(m, index, settings)
    elif e.kind == "character":
        yield from character_item_problems(m, index, settings)
    elif e.kind == "potion":
        yield from potion_problems(m, settings)


def lint(
    content: Content, ruleset: Ruleset | None = None, settings: LintSettings | None = None
) -> list[Diagnostic]:
    """Every balance warning over ``content`` (the caller keeps the files it reports).

    An entity whose own checks fail to compute (a broken reference, a bad table cell)
    is skipped, not reported twice: validation says what is wrong with it.
    """
    from builder.rulesets.zodiac.items import item_index

    ruleset = ruleset or DEFAULT
    settings = settings or LintSettings()
    try:
        peers = _peers(content.of_kind("monster"))
    except (ValueError, KeyError, TypeError):
        peers = []
    index = item_index(content)
    out: list[Diagnostic] = []
    for e in content.entities:
        try:
            problems = list(entity_problems(e, content, ruleset, settings, peers, index))
        except (ValueError, KeyError, IndexError, TypeError):
            continue
        placed = [place_in(p, e.doc) for p in problems if p.code not in settings.disable]
        out += _silenced(e, placed)
    return out


__all__ = [
    "CODES",
    "LintSettings",
    "Reference",
    "book_price",
    "even_stat",
    "gold_by_level",
    "ignored_codes",
    "item_level_for",
    "learnable_level",
    "lint",
    "monster_norm_hp",
    "reference",
]
