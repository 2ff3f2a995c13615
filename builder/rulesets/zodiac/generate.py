"""Generate a character of a job at any level (issue 5, item 5).

The plan in a job file is followed level by level the way a player would: bonus points
from the growth pattern (R6: at most 2 per stat, caps at 250, fifth-level overflow),
Techs and Enemy Skills only when the Tech Points and Max Tech Levels *at that level*
allow (Ch. II, Ch. III, R11), equipment of the level band, and purchases at creation
within 200 G (R25). What the plan cannot afford is deferred or left out, and the file
says so in comments, so the result always passes ``zodiac validate`` cleanly.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from builder.io.yaml import yaml_scalar
from builder.models.base import STATS, Stat
from builder.rulesets.zodiac.models.job import Job
from builder.rulesets.zodiac.models.tech import EnemySkill, Tech
from builder.rulesets.zodiac.rules import character as crules
from builder.rulesets.zodiac.rules import techs as R
from builder.rulesets.zodiac.rules.tables import STARTING_GOLD, STAT_CAP

if TYPE_CHECKING:
    from builder.io.project import Content
    from builder.rulesets.zodiac.items import ItemIndex
    from builder.rulesets.zodiac.rules.ruleset import Ruleset

FIFTH_BONUS = 2
MAX_PER_STAT = 2
CREATION_TECHS = 3


# --- Growth (Ch. I Character Advancement; R6) ------------------------------------


@dataclass
class Growth:
    """Advancement entries for levels 2..N, their overflow, and own stats at every level."""

    points: list[dict[Stat, int]] = field(default_factory=list)
    overflow: list[dict[Stat, int]] = field(default_factory=list)
    stats_at: dict[int, dict[Stat, int]] = field(default_factory=dict)


def _preference(job: Job, stats: dict[Stat, int]) -> list[Stat]:
    """`overflow_to` first, then the other stats lowest first (ties in book order)."""
    first = list(dict.fromkeys(job.overflow_to))
    rest = sorted((s for s in STATS if s not in first), key=lambda s: (stats[s], STATS.index(s)))
    return first + rest


def _wanted(job: Job, level: int, stats: dict[Stat, int]) -> dict[Stat, int]:
    """The pattern's points for ``level`` before caps; a 4th point from 60 (R6)."""
    if level >= 60 and job.growth_60:
        return {
            s: v
            for s, v in job.growth_60[(level - 60) % len(job.growth_60)].as_block().items()
            if v
        }
    want = {s: v for s, v in job.growth[(level - 2) % len(job.growth)].as_block().items() if v}
    if crules.bonus_points_at(level) > sum(want.values()):
        for s in _preference(job, stats):
            if want.get(s, 0) < MAX_PER_STAT and stats[s] + want.get(s, 0) < STAT_CAP:
                want[s] = want.get(s, 0) + 1
                break
    return want


def grow(job: Job, level: int) -> Growth:
    """Apply the growth pattern up to ``level``; points a capped stat cannot take move on."""
    stats = job.base_stats.as_block()
    out = Growth(stats_at={1: dict(stats)})
    for lvl in range(2, level + 1):
        points: dict[Stat, int] = {}
        spare = 0
        for s, v in _wanted(job, lvl, stats).items():
            take = min(v, STAT_CAP - stats[s])
            if take:
                points[s] = take
            spare += v - take
        for _ in range(spare):  # R6: re-route what a stat at 250 cannot take
            for s in _preference(job, stats):
                if points.get(s, 0) < MAX_PER_STAT and stats[s] + points.get(s, 0) < STAT_CAP:
                    points[s] = points.get(s, 0) + 1
                    break
        for s, v in points.items():
            stats[s] += v
        overflow: dict[Stat, int] = {}
        if crules.is_fifth_level(lvl):
            excess = 0
            for s in STATS:
                gain = min(FIFTH_BONUS, STAT_CAP - stats[s])
                stats[s] += gain
                excess += FIFTH_BONUS - gain
            for _ in range(excess):  # R6: the player re-allocates the +2 that passed 250
                for s in _preference(job, stats):
                    if stats[s] < STAT_CAP:
                        overflow[s] = overflow.get(s, 0) + 1
                        stats[s] += 1
                        break
        out.points.append({s: points[s] for s in STATS if points.get(s)})
        out.overflow.append(overflow)
        out.stats_at[lvl] = dict(stats)
    return out


# --- Techs and Enemy Skills (Ch. II Learning Techs, Ch. III; R11, R12, R15) --------


@dataclass
class Learned:
    """One Tech or Enemy Skill the character ends up knowing."""

    key: str
    learned_at: int
    scheduled_at: int
    upgrades: list[tuple[int, int, int]] = field(default_factory=list)  # (to, at, scheduled)


@dataclass
class Plan:
    """What was learned, and one note per scheduled step left out (with the reason)."""

    learned: list[Learned] = field(default_factory=list)
    missed: list[str] = field(default_factory=list)  # never possible (the job check errs)
    waiting: list[str] = field(default_factory=list)  # still unaffordable at the last level
    spent: int = 0
    available: int = 0
    levels_used: int = 0
    max_levels: int = 0

    def deferred(self) -> list[str]:
        out = []
        for item in self.learned:
            if item.learned_at != item.scheduled_at:
                out.append(f"{item.key} (level {item.scheduled_at} -> {item.learned_at})")
            for to, at, sched in item.upgrades:
                if at != sched:
                    out.append(f"{item.key} to {to} (level {sched} -> {at})")
        return out


@dataclass
class _Step:
    order: int
    at: int
    key: str
    to: int | None = None  # None: learning
    blocked: str = ""


def upgrade_problem(tech: Tech, to: int) -> str | None:
    """Why ``tech`` cannot reach Tech Level ``to`` (R12 and level-dependent Ch. II rules)."""
    allowed = R.PRIMARY_TECH_LEVELS.get(str(tech.primary))
    if allowed is not None and to not in allowed:
        return f"Tech Level {to} is not allowed for {str(tech.primary).replace('_', ' ')} (R12)"
    from builder.rulesets.zodiac.checks.techs import check_tech

    for p in check_tech(tech.model_copy(update={"tech_level": to})):
        if p.code in {"ZT104", "ZT122"}:
            return p.message
    return None


def plan_techs(
    job: Job, level: int, mag_at: dict[int, int], find: Callable[[str], Tech | None]
) -> Plan:
    """Learn the schedule in order, each step only once Tech Points and Max Tech Levels allow.

    Steps keep the job's order: a step that cannot be afforded yet waits, and the steps
    after it wait behind it (saving up, as a player would).
    """
    steps: list[_Step] = []
    for e in job.techs:
        steps.append(_Step(len(steps), e.at, e.tech))
        steps += [_Step(len(steps) + j, u.at, e.tech, u.to) for j, u in enumerate(e.upgrades)]
    steps.sort(key=lambda s: (s.at, s.order))
    plan = Plan()
    history: list[R.Learn | R.Upgrade] = []
    by_key: dict[str, Learned] = {}
    tech_level: dict[str, int] = {}
    dropped: set[str] = set()
    pending = list(steps)
    for lvl in range(1, level + 1):
        mag = mag_at[lvl]
        available = crules.tech_points(lvl, mag)
        limit = crules.max_tech_levels(mag)
        while pending and pending[0].at <= lvl:
            step = pending[0]
            tech = find(step.key)
            skip = _cannot_ever(step, tech, tech_level, dropped)
            if skip:
                plan.missed.append(skip)
                if step.to is None:
                    dropped.add(step.key)
                pending.pop(0)
                continue
            assert tech is not None
            wait = ""
            if lvl == 1 and step.to is not None:
                wait = "upgrades start at level 2"
            elif lvl == 1 and tech.tech_level != 1:
                wait = "Techs learned at creation are Tech Level 1"
            elif lvl == 1 and len(by_key) >= CREATION_TECHS:
                wait = "a new character knows at most 3 Techs"
            event: R.Learn | R.Upgrade = (
                R.Learn(step.key, tech.tech_level)
                if step.to is None
                else R.Upgrade(step.key, step.to)
            )
            if not wait:
                cost = R.tech_points_spent([*history, event]).total - plan.spent
                new_levels = {**tech_level, step.key: step.to or tech.tech_level}
                if plan.spent + cost > available:
                    wait = "Tech Points"
                elif sum(new_levels.values()) > limit:
                    wait = "Max Tech Levels"
            if wait:
                step.blocked = wait
                break
            history.append(event)
            plan.spent = R.tech_points_spent(history).total
            if step.to is None:
                item = Learned(step.key, lvl, step.at)
                by_key[step.key] = item
                plan.learned.append(item)
                tech_level[step.key] = tech.tech_level
            else:
                by_key[step.key].upgrades.append((step.to, lvl, step.at))
                tech_level[step.key] = step.to
            pending.pop(0)
        plan.available, plan.max_levels = available, limit
    plan.levels_used = sum(tech_level.values())
    for step in pending:
        if step.at <= level:
            what = step.key if step.to is None else f"{step.key} to Tech Level {step.to}"
            plan.waiting.append(
                f"{what} (level {step.at}): waiting for {step.blocked or 'earlier steps'}"
            )
    return plan


def _cannot_ever(
    step: _Step, tech: Tech | None, levels: dict[str, int], dropped: set[str]
) -> str | None:
    """A step no amount of waiting makes legal (the job check reports these as errors)."""
    what = step.key if step.to is None else f"{step.key} to Tech Level {step.to}"
    if tech is None:
        return f"{what} (level {step.at}): no such Tech in the project"
    if step.key in dropped:
        return f"{what} (level {step.at}): the Tech was not learned"
    if step.to is None:
        return f"{what} (level {step.at}): already learned" if step.key in levels else None
    if step.key not in levels:
        return f"{what} (level {step.at}): upgraded before it is learned"
    if step.key in levels and step.to <= levels[step.key]:
        return f"{what} (level {step.at}): already Tech Level {levels[step.key]}"
    why = upgrade_problem(tech, step.to)
    return f"{what} (level {step.at}): {why}" if why else None


def plan_enemy_skills(
    job: Job, level: int, mag_at: dict[int, int], find: Callable[[str], EnemySkill | None]
) -> Plan:
    """Enemy Skills in schedule order while Max Tech Levels has room (Ch. III, R11)."""
    pending = sorted(enumerate(job.enemy_skills), key=lambda p: (p[1].at, p[0]))
    plan = Plan()
    seen: set[str] = set()
    blocked = ""
    for lvl in range(1, level + 1):
        limit = crules.max_tech_levels(mag_at[lvl])
        while pending and pending[0][1].at <= lvl:
            entry = pending[0][1]
            skill = find(entry.skill)
            if skill is None or entry.skill in seen:
                why = "no such Enemy Skill" if skill is None else "already learned"
                plan.missed.append(f"{entry.skill} (level {entry.at}): {why}")
                pending.pop(0)
                continue
            if plan.levels_used + skill.tech_level > limit:
                blocked = "Max Tech Levels"
                break
            plan.levels_used += skill.tech_level
            seen.add(entry.skill)
            plan.learned.append(Learned(entry.skill, lvl, entry.at))
            pending.pop(0)
        plan.max_levels = limit
    for _, entry in pending:
        if entry.at <= level:
            plan.waiting.append(
                f"{entry.skill} (level {entry.at}): waiting for {blocked or 'earlier skills'}"
            )
    return plan


# --- Equipment and purchases (Ch. I Step 8, Ch. V; R25) ---------------------------

_SLOTS = ("weapon", "armor", "guard", "relic")


def band_for(job: Job, level: int) -> dict[str, str]:
    """The equipment of the last band starting at or below ``level``."""
    chosen = None
    for band in job.equipment:
        if band.from_level <= level:
            chosen = band
    if chosen is None:
        return {}
    return {slot: getattr(chosen, slot) for slot in _SLOTS if getattr(chosen, slot)}


def plan_purchases(job: Job, index: ItemIndex) -> tuple[list[tuple[str, int, int]], list[str]]:
    """(item, count, price each) bought at creation within 200 G, and what was not affordable.

    The job's own `purchases:` when given (in order, while gold lasts); else the level-1
    band's items (weapon, armor, guard, relic) that are sold and affordable.
    """
    wanted = (
        [(p.item, p.count) for p in job.purchases]
        if job.purchases is not None
        else [(ref, 1) for ref in band_for(job, 1).values()]
    )
    bought: list[tuple[str, int, int]] = []
    missed: list[str] = []
    gold = STARTING_GOLD
    for ref, count in wanted:
        found = index.lookup(ref)
        price = found[0].price if len(found) == 1 else None
        if price is None:
            missed.append(f"{ref}: not for sale or not a single item of the project")
            continue
        can = min(count, gold // price) if price else count
        if can:
            bought.append((ref, can, price))
            gold -= can * price
        if can < count:
            missed.append(f"{ref} x{count - can}: {price} G each, {gold} G left")
    return bought, missed


# --- Writing the file --------------------------------------------------------------


def _skill_choices(job: Job) -> list[str]:
    """Choices Chapter IV skills need at creation (ZC160-ZC170); a job file names none, so
    the generator picks plain ones and says so: edit them."""
    note = "  # picked by the generator (Ch. IV): edit"
    out: list[str] = []
    if job.command_skill == "dice":
        base = job.base_stats.as_block()
        stat = "mag" if base[Stat.MAG] > base[Stat.STR] else "str"
        out.append(f"dice_stat: {stat}{note}")
    if job.support_skill == "natural-resistance":
        out.append(f"natural_resistance: fire{note}; any of the eight elements")
    elif job.support_skill == "counter":
        out.append(f"counter: {{type: weapon, method: attack}}{note}")
    return out


def _flow(points: dict[Stat, int]) -> str:
    return "{" + ", ".join(f"{s.value}: {v}" for s, v in points.items()) + "}"


def _comment_block(title: str, lines: Sequence[str]) -> list[str]:
    if not lines:
        return []
    return [f"# {title}:", *(f"#   - {line}" for line in lines)]


def schema_line(out: Path | None) -> str | None:
    """The editor schema comment for a file at ``out``: relative inside the builder's content.

    Outside it (or on stdout) there is no stable relative path, so the line is left out.
    """
    if out is None:
        return None
    from builder.paths import content_dir, data_dir

    try:
        content, schemas = content_dir().resolve(), data_dir("schemas").resolve()
    except FileNotFoundError:  # pragma: no cover - broken install
        return None
    folder = out.resolve().parent
    if not folder.is_relative_to(content):
        return None
    rel = os.path.relpath(schemas / "character.schema.json", folder)
    return f"# yaml-language-server: $schema={Path(rel).as_posix()}"


def generate_character(
    job: Job,
    level: int,
    name: str,
    content: Content,
    ruleset: Ruleset | None = None,
    *,
    out: Path | None = None,
) -> str:
    """A complete character file (YAML text) of ``job`` at ``level`` that validates cleanly.

    ``ruleset`` is accepted for symmetry with the checks; nothing generated depends on a
    house rule except the one relic slot, which a band never exceeds.
    """
    from builder.rulesets.zodiac.checks import CheckContext
    from builder.rulesets.zodiac.items import item_index
    from builder.rulesets.zodiac.rules.character import xp_for_level

    if not 1 <= level <= 99:
        raise ValueError(f"level must be 1-99, got {level}")
    ctx = CheckContext(content)
    growth = grow(job, level)
    mag_at = {lv: s[Stat.MAG] for lv, s in growth.stats_at.items()}
    blue = job.class_power.value == "blue_magic"

    def find_tech(key: str) -> Tech | None:
        e = ctx.find("tech", key)
        return e.model if e is not None else None

    def find_skill(key: str) -> EnemySkill | None:
        e = ctx.find("enemy_skill", key)
        return e.model if e is not None else None

    plan = (
        plan_enemy_skills(job, level, mag_at, find_skill)
        if blue
        else plan_techs(job, level, mag_at, find_tech)
    )
    index = item_index(content)
    bought, not_bought = plan_purchases(job, index)
    spent = sum(count * price for _, count, price in bought)

    lines: list[str] = []
    schema = schema_line(out)
    if schema:
        lines.append(schema)
    lines += [
        f"# Generated by `zodiac character generate --job {job.key} --level {level}`.",
        "# The job's choices are defaults: edit what you like; `zodiac validate` checks it.",
        "kind: character",
        f"name: {yaml_scalar(name)}",
        f"job: {job.key}",
        f"job_title: {yaml_scalar(job.name)}",
        f"level: {level}",
        f"xp: {xp_for_level(level)}",
        f"class_power: {job.class_power.value}",
    ]
    if blue and job.learning is not None:
        lines.append(f"learning: {job.learning.value}")
    lines += [
        f"armor_type: {job.armor_type.value}",
        f"weapon_class: {yaml_scalar(job.weapon_class)}",
        f"command_skill: {job.command_skill}",
        f"support_skill: {job.support_skill}",
        *_skill_choices(job),
        "base_stats: " + _flow(job.base_stats.as_block()),
    ]
    if growth.points:
        lines.append("advancement:")
        for i, (pts, over) in enumerate(zip(growth.points, growth.overflow, strict=True)):
            entry = _flow(pts)
            if over:
                entry = entry[:-1] + f", overflow: {_flow(over)}" + "}"
            lines.append(f"  - {entry}  # level {i + 2}")
    else:
        lines.append("advancement: []")
    final = growth.stats_at[level]
    lines.append(f"# own stats at level {level}: " + _flow(final)[1:-1])

    band = band_for(job, level)
    if band:
        lines.append("equipment:")
        lines += [f"  {slot}: {ref}" for slot, ref in band.items()]
    if bought:
        lines.append("purchases:                   # at creation, from the starting 200 G (R25)")
        for ref, count, price in bought:
            extra = f", count: {count}" if count > 1 else ""
            lines.append(f"  - {{item: {ref}{extra}}}  # {count * price} G")
    lines += _comment_block("not bought at creation", not_bought)
    if level == 1:
        lines.append(f"gold: {STARTING_GOLD - spent}  # 200 G less {spent} G of purchases")
    else:
        lines.append(
            f"# gold: not generated; creation left {STARTING_GOLD - spent} G, the rest is treasure"
        )

    if blue:
        head = f"Max Tech Levels {plan.levels_used} of {plan.max_levels} used (R11)"
        lines.append(f"enemy_skills:  # {head}" if plan.learned else f"enemy_skills: []  # {head}")
        for item in plan.learned:
            lines.append(f"  - {{skill: {item.key}, learned_at: {item.learned_at}}}")
    else:
        head = (
            f"Tech Points {plan.spent} of {plan.available} spent; "
            f"Max Tech Levels {plan.levels_used} of {plan.max_levels} (R11)"
        )
        lines.append(f"techs:  # {head}" if plan.learned else f"techs: []  # {head}")
        for item in plan.learned:
            lines.append(f"  - tech: {item.key}")
            lines.append(f"    learned_at: {item.learned_at}")
            if item.upgrades:
                lines.append("    upgrades:")
                lines += [f"      - {{to: {to}, at: {at}}}" for to, at, _ in item.upgrades]
    lines += _comment_block("learned later than the job schedules (saving up)", plan.deferred())
    lines += _comment_block(
        f"scheduled but not learned by level {level}", [*plan.waiting, *plan.missed]
    )
    return "\n".join(lines) + "\n"
