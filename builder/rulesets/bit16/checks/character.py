"""Characters: skill dice, AP ledgers, abilities in use, jobs, weapons, level history."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from builder.diagnostics import did_you_mean
from builder.models.base import norm_id
from builder.problems import Problem
from builder.rulesets.bit16.models.weapon import WeaponType
from builder.rulesets.bit16.rules.progression import level_for_xp
from builder.rulesets.bit16.rules.tables import SKILL_DICE
from builder.text import printable, shorten

if TYPE_CHECKING:
    from builder.io.project import Entity
    from builder.rulesets.bit16.checks import CheckContext
    from builder.rulesets.bit16.models.character import Character
    from builder.rulesets.bit16.models.common import Ability
    from builder.rulesets.bit16.models.job import Job
    from builder.rulesets.bit16.models.weapon import Weapon

CODES: dict[str, str] = {
    "BT101": "a skill die is outside d6-d12",
    "BT102": "AP spent on a job's abilities is more than the AP earned on it",
    "BT103": "an ability in use is neither learned on the primary job nor on the secondary",
    "BT104": "the secondary job is the primary job",
    "BT105": "more than one weapon without an ability in use that allows two",
    "BT106": "a ranged weapon without its ammo equipped",
    "BT107": "the level history is not as long as the level the XP reaches",
    "BT108": "an unknown job, ability or weapon id",
    "BT109": "more AP earned over all jobs than the character's XP (R48)",
}


def ability_id(ability: Ability) -> str:
    return ability.id or norm_id(ability.name)


def abilities_of(job: Job) -> dict[str, Ability]:
    return {ability_id(a): a for a in job.abilities}


def _job(ctx: CheckContext, job_id: str) -> Job | None:
    found = ctx.find("job", job_id)
    return found.model if found is not None else None


def _unknown(what: str, value: str, choices: list[str], path: tuple[str | int, ...]) -> Problem:
    return Problem(
        "BT108",
        f"no {what} with id '{value}' in the project{did_you_mean(value, choices)}",
        "R31",
        path,
    )


def check_character(entity: Entity, ctx: CheckContext) -> Iterator[Problem]:
    c: Character = entity.model
    yield from _skills(c)
    yield from _ap_within_xp(c, ctx)
    yield from _jobs(c, ctx)
    yield from _history(c)
    yield from _abilities(c, ctx)
    yield from _weapons(c, ctx)


def _skills(c: Character) -> Iterator[Problem]:
    """One rule for every skill die (L133), so d4 and d20 get the same message."""
    allowed = ", ".join(SKILL_DICE[:-1]) + f" or {SKILL_DICE[-1]}"
    for name in ("might", "agility", "lore", "charm"):
        die = getattr(c.skills, name)
        if die not in SKILL_DICE:
            yield Problem(
                "BT101",
                f"{name} is {shorten(printable(die))}; skills are rated from d6 to d12: "
                f"{allowed}{did_you_mean(die, list(SKILL_DICE))}",
                "Skills, L133",
                ("skills", name),
            )


def _ap_within_xp(c: Character, ctx: CheckContext) -> Iterator[Problem]:
    """R48: AP come only with XP, so the AP earned over all jobs is at most the XP; the
    error lands on the job whose AP passes it (file order), unless ``free_ap`` is on."""
    if getattr(ctx.settings, "free_ap", False):
        return
    total = 0
    for job_id, record in c.jobs.items():
        total += record.ap_earned
        if total > c.xp:
            before = total - record.ap_earned
            yield Problem(
                "BT109",
                f"{record.ap_earned} AP earned on {job_id} brings the AP over all jobs to "
                f"{total}, more than the {c.xp} XP earned; AP come only with XP, as much as "
                f"each battle's XP (R35), so {job_id} can hold at most {max(0, c.xp - before)} "
                "(or turn on house_rules.free_ap in zodiac.yaml)",
                "Rewards, R48",
                ("jobs", job_id, "ap_earned"),
            )
            return


def _jobs(c: Character, ctx: CheckContext) -> Iterator[Problem]:
    jobs = ctx.ids("job")
    for key in ("primary_job", "secondary_job"):
        value = getattr(c, key)
        if value is not None and _job(ctx, value) is None:
            yield _unknown("job", value, jobs, (key,))
    if c.secondary_job is not None and c.secondary_job == c.primary_job:
        yield Problem(
            "BT104",
            f"the secondary job is '{c.secondary_job}', the primary job too; pick another job "
            "for the secondary command or leave it out",
            "Battle Commands",
            ("secondary_job",),
        )
    for i, job_id in enumerate(c.level_jobs):
        if _job(ctx, job_id) is None:
            yield _unknown("job", job_id, jobs, ("level_jobs", i))
    for job_id, record in c.jobs.items():
        job = _job(ctx, job_id)
        if job is None:
            yield _unknown("job", job_id, jobs, ("jobs", job_id))
            continue
        known = abilities_of(job)
        spent = 0
        for i, learned in enumerate(record.learned):
            if learned not in known:
                yield _unknown(
                    f"ability of job {job_id}", learned, list(known), ("jobs", job_id, "learned", i)
                )
            else:
                spent += known[learned].ap
        if spent > record.ap_earned:
            yield Problem(
                "BT102",
                f"{spent} AP spent on {job_id}'s abilities but {record.ap_earned} AP earned on "
                f"it; AP is specific to the job on which it was earned",
                "Rewards",
                ("jobs", job_id, "learned"),
            )


def _history(c: Character) -> Iterator[Problem]:
    level = level_for_xp(c.xp)
    if len(c.level_jobs) != level:
        yield Problem(
            "BT107",
            f"{c.xp} XP is level {level}, so level_jobs needs {level} entries (the starting "
            f"job, then the job held at each level-up); it has {len(c.level_jobs)}",
            "Rewards, R34, R38",
            ("level_jobs",),
        )


def _learned(c: Character, job_id: str | None) -> set[str]:
    if job_id is None or job_id not in c.jobs:
        return set()
    return set(c.jobs[job_id].learned)


def _abilities(c: Character, ctx: CheckContext) -> Iterator[Problem]:
    primary = _learned(c, c.primary_job)
    secondary = _learned(c, c.secondary_job)
    for i, used in enumerate(c.abilities):
        if used in primary or used in secondary:
            continue
        where = f"'{c.primary_job}'" + (f" or '{c.secondary_job}'" if c.secondary_job else "")
        yield Problem(
            "BT103",
            f"ability '{used}' is in use but not learned on {where}; abilities in use come "
            "from the primary job or the secondary job's command, learned with AP"
            f"{did_you_mean(used, sorted(primary | secondary))}",
            "Battle Commands",
            ("abilities", i),
        )


def allows_two_weapons(c: Character, ctx: CheckContext) -> bool:
    for job_id in (c.primary_job, c.secondary_job):
        job = _job(ctx, job_id) if job_id else None
        if job is None:
            continue
        known = abilities_of(job)
        if any(known[a].two_weapons for a in c.abilities if a in known):
            return True
    return False


def _weapons(c: Character, ctx: CheckContext) -> Iterator[Problem]:
    weapons = ctx.ids("weapon")
    gear: list[tuple[int, Weapon]] = []
    for i, item in enumerate(c.equipment):
        found = ctx.find("weapon", item)
        if found is None:
            yield _unknown("weapon", item, weapons, ("equipment", i))
        else:
            gear.append((i, found.model))
    arms = [(i, w) for i, w in gear if w.type is not WeaponType.AMMO]
    allowed = 2 if allows_two_weapons(c, ctx) else 1
    if len(arms) > allowed:
        i, w = arms[allowed]
        yield Problem(
            "BT105",
            f"'{w.name}' is weapon {allowed + 1}; a character equips one weapon unless an "
            "ability in use allows two (and never more than two)",
            "Using 2 Weapons",
            ("equipment", i),
        )
    ammo = {w.ammo for _, w in gear if w.type is WeaponType.AMMO}
    for i, w in arms:
        if w.type is WeaponType.RANGED and (w.ammo is None or w.ammo not in ammo):
            need = f"'{w.ammo}' ammo" if w.ammo else "its ammo"
            yield Problem(
                "BT106",
                f"'{w.name}' is a ranged weapon: equip {need} too, or it cannot attack",
                "Ranged Attacks",
                ("equipment", i),
            )
