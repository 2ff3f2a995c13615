"""Job rules (issue 5, item 4): a job is a plan, so it must only produce legal characters.

Each rule has a ZJ code. The same rules a character meets (R4 spread, R6 growth, Tech
and item references, weapon class and armor type, 200 G at creation) are checked once
on the plan, so a Master sees the problem in the job file rather than in every
character generated from it. ``check_character_job`` compares a character with the job
it names.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from builder.diagnostics import did_you_mean
from builder.models.base import STAT_NAMES, Stat, norm_key
from builder.problems import PathPart, Problem, Severity
from builder.rulesets.zodiac.checks.items import resolve_item
from builder.rulesets.zodiac.models.job import Job
from builder.rulesets.zodiac.rules import character as crules
from builder.rulesets.zodiac.rules.tables import (
    BONUS_POINTS_FROM_LEVEL_60,
    BONUS_POINTS_PER_LEVEL,
    MAX_POINTS_PER_STAT_PER_LEVEL,
    STARTING_GOLD,
)
from builder.text import a_or_an

if TYPE_CHECKING:
    from builder.io.project import Entity
    from builder.rulesets.zodiac.checks import CheckContext
    from builder.rulesets.zodiac.models.character import Character

CODES: dict[str, str] = {
    "ZJ101": "creation stats are not a legal spread: 3 each + 25 points, none above 15 (R4)",
    "ZJ102": "a growth entry spends the wrong number of points (3; 4 in growth_60)",
    "ZJ103": "a growth entry puts more than 2 points into one stat (R6)",
    "ZJ104": "Blue Magic learning method missing, or given to a Tech job",
    "ZJ105": "unknown Command or Support Skill",
    "ZJ110": "unknown Tech id",
    "ZJ111": "unknown Enemy Skill id",
    "ZJ112": "Techs on a Blue Magic job, or Enemy Skills on a Tech job",
    "ZJ113": "a Tech or Enemy Skill scheduled twice",
    "ZJ114": "the level-1 schedule breaks creation: at most 3 Techs, all Tech Level 1, no upgrades",
    "ZJ115": "an upgrade to a Tech Level the Tech cannot have (R12, R13)",
    "ZJ120": "schedule levels out of order (learning, upgrades or equipment bands)",
    "ZJ130": "an equipment or purchase id matches no single item of the right slot",
    "ZJ131": "a band's weapon is not of the job's weapon class",
    "ZJ132": "a band's armor is not of the job's armor type",
    "ZJ133": "starting purchases cost more than 200 G or include unsold items (R25)",
    "ZJ140": "a scheduled step is still unaffordable at level 99 with this growth (warning)",
    "ZJ150": "a character names an unknown job",
    "ZJ151": "a character's class power, armor type or weapon class differs from its job's "
    "(warning)",
}

_JOBS = "Issue 5: Jobs"
_LEARN = "Ch. II Learning Techs"
_BLUE = "Ch. III Learning Enemy Skills"


def _p(
    code: str, message: str, rule: str, *path: PathPart, severity: Severity = Severity.ERROR
) -> Problem:
    return Problem(code, message, rule, tuple(path), severity)


def check_job_entity(entity: Entity, ctx: CheckContext) -> Iterator[Problem]:
    """Registry adapter (builder.rulesets.zodiac.kinds)."""
    yield from check_job(entity.model, ctx)


def check_job(job: Job, ctx: CheckContext) -> Iterator[Problem]:
    """Every ZJ1xx rule of one job."""
    for p in crules.creation_problems(job.base_stats.as_block()):
        yield Problem("ZJ101", p.message, p.rule, p.path)
    yield from _growth(job)
    yield from _skills(job)
    yield from _class_power(job)
    blue = job.class_power.value == "blue_magic"
    errors = False
    for p in (*_enemy_skills(job, ctx), *([] if blue else _techs(job, ctx))):
        errors = errors or p.severity is Severity.ERROR
        yield p
    for p in _equipment(job, ctx):
        yield p
    if not errors:
        yield from _affordable(job, ctx)


def _growth(job: Job) -> Iterator[Problem]:
    """R6 for every pattern entry: exactly the level's points, at most 2 per stat."""
    patterns: list[tuple[str, int]] = [("growth", BONUS_POINTS_PER_LEVEL)]
    if job.growth_60 is not None:
        patterns.append(("growth_60", BONUS_POINTS_FROM_LEVEL_60))
    for key, need in patterns:
        for i, step in enumerate(getattr(job, key)):
            block = step.as_block()
            total = sum(block.values())
            if total != need:
                yield _p(
                    "ZJ102",
                    f"{key} entry {i + 1} spends {total} points; every level "
                    f"{'from 60 ' if need == 4 else 'below 60 '}gains exactly {need}",
                    "Ch. I Character Advancement, R6",
                    key,
                    i,
                )
            for stat, v in block.items():
                if v > MAX_POINTS_PER_STAT_PER_LEVEL:
                    yield _p(
                        "ZJ103",
                        f"{key} entry {i + 1} puts {v} points into {STAT_NAMES[stat]}; at most "
                        f"{MAX_POINTS_PER_STAT_PER_LEVEL} of one level's points go to one stat",
                        "Ch. I Character Advancement, R6",
                        key,
                        i,
                        stat.value,
                    )


def _skills(job: Job) -> Iterator[Problem]:
    from builder.rulesets.zodiac.catalog import skills

    cat = skills()
    if job.command_skill not in cat.command:
        hint = did_you_mean(job.command_skill, cat.command)
        yield _p(
            "ZJ105",
            f"unknown Command Skill '{job.command_skill}'{hint}",
            "Ch. IV",
            "command_skill",
        )
    if job.support_skill not in cat.support:
        hint = did_you_mean(job.support_skill, cat.support)
        yield _p(
            "ZJ105",
            f"unknown Support Skill '{job.support_skill}'{hint}",
            "Ch. IV",
            "support_skill",
        )


def _class_power(job: Job) -> Iterator[Problem]:
    blue = job.class_power.value == "blue_magic"
    if blue and job.learning is None:
        yield _p(
            "ZJ104",
            "a Blue Magic job chooses its learning method; add learning: memory, lore or "
            "assimilate",
            _BLUE,
            "class_power",
        )
    elif not blue and job.learning is not None:
        yield _p("ZJ104", "learning: is for Blue Magic jobs; remove it", _BLUE, "learning")
    if blue and job.techs:
        yield _p(
            "ZJ112",
            "a Blue Magic job learns no Techs; schedule Enemy Skills under enemy_skills:",
            "Ch. I Step 6",
            "techs",
        )
    if not blue and job.enemy_skills:
        yield _p(
            "ZJ112",
            "only Blue Magic jobs learn Enemy Skills; make class_power: blue_magic or remove "
            "enemy_skills:",
            "Ch. I Step 6",
            "enemy_skills",
        )


def _techs(job: Job, ctx: CheckContext) -> Iterator[Problem]:
    from builder.rulesets.zodiac.generate import upgrade_problem

    seen: set[str] = set()
    last_at = 1
    at_one = 0
    for i, entry in enumerate(job.techs):
        where: tuple[PathPart, ...] = ("techs", i)
        if entry.at < last_at:
            yield _p(
                "ZJ120",
                f"{entry.tech} is scheduled at level {entry.at}, before the entry above it "
                f"(level {last_at}); list the schedule in level order",
                _JOBS,
                *where,
                "at",
            )
        last_at = max(last_at, entry.at)
        if entry.tech in seen:
            yield _p("ZJ113", f"{entry.tech} is already scheduled; list it once", _LEARN, *where)
            continue
        seen.add(entry.tech)
        found = ctx.find("tech", entry.tech)
        if found is None:
            yield _p(
                "ZJ110",
                f"unknown Tech '{entry.tech}'{did_you_mean(entry.tech, ctx.ids('tech'))}",
                _LEARN,
                *where,
                "tech",
            )
            continue
        tech = found.model
        if entry.at == 1:
            at_one += 1
            if at_one == 4:
                yield _p(
                    "ZJ114",
                    "a fourth Tech at level 1; a new character begins with at most 3",
                    _LEARN,
                    *where,
                    "at",
                )
            if tech.tech_level != 1:
                yield _p(
                    "ZJ114",
                    f"{tech.name} is Tech Level {tech.tech_level}; Techs at creation are Tech "
                    "Level 1 (schedule it later)",
                    _LEARN,
                    *where,
                    "at",
                )
        level, at = tech.tech_level, entry.at
        for j, up in enumerate(entry.upgrades):
            here = (*where, "upgrades", j)
            if up.at == 1:
                yield _p(
                    "ZJ114",
                    "no upgrades at creation; upgrade at level 2 or later",
                    _LEARN,
                    *here,
                    "at",
                )
            if up.at < at:
                yield _p(
                    "ZJ120",
                    f"upgrade at level {up.at} comes before level {at} (when {entry.tech} is "
                    f"learned or last upgraded)",
                    _LEARN,
                    *here,
                    "at",
                )
            if up.to <= level:
                yield _p(
                    "ZJ120",
                    f"{entry.tech} is already Tech Level {level}; an upgrade goes higher",
                    _LEARN,
                    *here,
                    "to",
                )
                continue
            why = upgrade_problem(tech, up.to)
            if why:
                yield _p("ZJ115", f"{tech.name}: {why}", "R12", *here, "to")
            level, at = up.to, max(at, up.at)


def _enemy_skills(job: Job, ctx: CheckContext) -> Iterator[Problem]:
    if job.class_power.value != "blue_magic":
        return
    seen: set[str] = set()
    last_at = 1
    for i, entry in enumerate(job.enemy_skills):
        where: tuple[PathPart, ...] = ("enemy_skills", i)
        if entry.at < last_at:
            yield _p(
                "ZJ120",
                f"{entry.skill} is scheduled at level {entry.at}, before the entry above it "
                f"(level {last_at}); list the schedule in level order",
                _JOBS,
                *where,
            )
        last_at = max(last_at, entry.at)
        if ctx.find("enemy_skill", entry.skill) is None:
            hint = did_you_mean(entry.skill, ctx.ids("enemy_skill"))
            yield _p("ZJ111", f"unknown Enemy Skill '{entry.skill}'{hint}", _BLUE, *where)
            continue
        if entry.skill in seen:
            yield _p("ZJ113", f"{entry.skill} is already scheduled; list it once", _BLUE, *where)
        seen.add(entry.skill)


def _equipment(job: Job, ctx: CheckContext) -> Iterator[Problem]:
    """Items exist in their slot, fit the job's weapon class and armor type; 200 G (R25)."""
    from builder.rulesets.zodiac.items import item_index

    index = item_index(ctx.content)
    last = 0
    for i, band in enumerate(job.equipment):
        if band.from_level <= last:
            yield _p(
                "ZJ120",
                f"band {i + 1} starts at level {band.from_level}, not after the band above it "
                f"(level {last}); bands go in increasing order",
                _JOBS,
                "equipment",
                i,
                "from_level",
            )
        last = max(last, band.from_level)
        for slot in ("weapon", "armor", "guard", "relic"):
            ref = getattr(band, slot)
            if ref is None:
                continue
            path = ("equipment", i, slot)
            item, problems = resolve_item(index, ref, slot, path)
            for p in problems:
                yield Problem("ZJ130", p.message, p.rule, p.path)
            if item is None:
                continue
            if slot == "weapon" and item.set.weapon_class != norm_key(job.weapon_class):
                yield _p(
                    "ZJ131",
                    f"{item.name} is {a_or_an(item.set.weapon_class)} ({item.set.name}); "
                    f"{a_or_an(job.name)} "
                    f"wields {job.weapon_class} weapons",
                    "Ch. I Step 4",
                    *path,
                )
            if slot == "armor" and item.set.armor_type.value != job.armor_type.value:
                yield _p(
                    "ZJ132",
                    f"{item.name} is {item.set.armor_type.value} armor ({item.set.name}); a "
                    f"{job.name} wears {job.armor_type.value} armor",
                    "Ch. I Step 3",
                    *path,
                )
    spent = 0
    for i, purchase in enumerate(job.purchases or []):
        path = ("purchases", i, "item")
        item, problems = resolve_item(index, purchase.item, None, path)
        for p in problems:
            yield Problem("ZJ130", p.message, p.rule, p.path)
        if item is None:
            continue
        if item.price is None:
            yield _p("ZJ133", f"{item.name} is never sold; remove it from purchases:", "R25", *path)
            continue
        before = spent
        spent += item.price * purchase.count
        if spent > STARTING_GOLD >= before:
            yield _p(
                "ZJ133",
                f"purchases reach {spent} G at {item.name}; a new character has "
                f"{STARTING_GOLD} G (Ch. I Step 8)",
                "R25",
                "purchases",
                i,
            )


def _affordable(job: Job, ctx: CheckContext) -> Iterator[Problem]:
    """ZJ140: replay the plan to level 99; what still waits there never happens."""
    from builder.rulesets.zodiac.generate import grow, plan_enemy_skills, plan_techs

    growth = grow(job, 99)
    mag_at = {lv: s[Stat.MAG] for lv, s in growth.stats_at.items()}
    if job.class_power.value == "blue_magic":
        plan = plan_enemy_skills(
            job, 99, mag_at, lambda k: getattr(ctx.find("enemy_skill", k), "model", None)
        )
        key = "enemy_skills"
    else:
        plan = plan_techs(job, 99, mag_at, lambda k: getattr(ctx.find("tech", k), "model", None))
        key = "techs"
    if plan.waiting:
        yield _p(
            "ZJ140",
            "never learned even at level 99 with this growth (the generator leaves it out): "
            + "; ".join(plan.waiting),
            "R11; Ch. II Learning Techs",
            key,
            severity=Severity.WARNING,
        )


def check_character_job(c: Character, ctx: CheckContext) -> Iterator[Problem]:
    """A character that names its `job:`: the job exists; identity choices agree (warning).

    Decision: skills, stats, Techs and equipment are the character's own to change
    silently; class power, armor type and weapon class define the job, so a character
    that overrides them gets a warning (a Knight in robes is legal, but no longer the
    job it says it is: drop `job:` or pick another job).
    """
    if c.job is None:
        return
    found = ctx.find("job", c.job)
    if found is None:
        yield _p(
            "ZJ150",
            f"unknown job '{c.job}'{did_you_mean(c.job, ctx.ids('job'))}; name a `kind: job` "
            "document of the project",
            _JOBS,
            "job",
        )
        return
    job: Job = found.model
    pairs = [
        ("class_power", c.class_power.value, job.class_power.value),
        ("armor_type", c.armor_type.value, job.armor_type.value),
        (
            "weapon_class",
            norm_key(c.weapon_class) if c.weapon_class else None,
            norm_key(job.weapon_class),
        ),
    ]
    for key, mine, theirs in pairs:
        if mine is not None and mine != theirs:
            yield _p(
                "ZJ151",
                f"`{key}: {mine}` overrides the {job.name} job's {theirs}; that is allowed, but "
                "the character is no longer that job: drop `job:` or choose a matching job",
                _JOBS,
                key,
                severity=Severity.WARNING,
            )
