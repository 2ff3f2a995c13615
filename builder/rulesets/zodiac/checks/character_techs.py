"""A character's Techs and Enemy Skills: learning rules checked at every level passed.

Tech Points and Max Tech Levels only grow with level and Magic, so a history is legal
when no event (learning or upgrade) costs more than the character had *at that level*
(Ch. II Learning Techs; R11, R15). Blue Magic follows Ch. III.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from builder.diagnostics import did_you_mean
from builder.models.base import Stat
from builder.problems import PathPart, Problem, Severity
from builder.rulesets.zodiac.checks.techs import check_clone, check_learning_history, check_tech
from builder.rulesets.zodiac.models.character import Character
from builder.rulesets.zodiac.models.tech import EnemySkill, Tech
from builder.rulesets.zodiac.rules import character as crules
from builder.rulesets.zodiac.rules import techs as R
from builder.rulesets.zodiac.rules.character_techs import (
    ResolvedTech,
    history_of,
    replay,
    resolve_techs,
)

if TYPE_CHECKING:
    from builder.rulesets.zodiac.checks import CheckContext
    from builder.rulesets.zodiac.rules.character import Progression

CODES: dict[str, str] = {
    "ZC130": "a Tech or Enemy Skill learned or upgraded above the character's level",
    "ZC131": "a Blue Magic character lists Techs (Blue Magic gets no Tech Points)",
    "ZC132": "a Tech character lists Enemy Skills",
    "ZC133": "unknown Tech id",
    "ZC134": "unknown Enemy Skill id",
    "ZC135": "an upgrade to a Tech Level the primary effect does not allow (R12)",
    "ZC136": "an Enemy Skill upgraded (Enemy Skills never are)",
    "ZC137": "Blue Magic learning method missing, or given for a Tech character",
    "ZC138": "an Enemy Skill listed twice",
}

_LEARN = "Ch. II Learning Techs"
_BLUE = "Ch. III Learning Enemy Skills"
# Level-dependent Chapter II rules that an upgrade can newly break (ZT101 is ZC135).
_LEVEL_CODES = {"ZT104", "ZT122"}


def _p(code: str, message: str, rule: str, *path: PathPart) -> Problem:
    return Problem(code, message, rule, tuple(path), Severity.ERROR)


def _find_tech(ctx: CheckContext):  # -> Callable[[str], Tech | None]
    def find(tech_id: str) -> Tech | None:
        entity = ctx.find("tech", tech_id)
        return entity.model if entity is not None else None

    return find


def check_character_techs(
    c: Character, ctx: CheckContext, level: int, prog: Progression
) -> Iterator[Problem]:
    """Every Tech / Blue Magic rule of a character file."""
    blue = c.class_power.value == "blue_magic"
    if blue and c.learning is None:
        yield _p(
            "ZC137",
            "a Blue Magic character chooses one learning method at creation; add "
            "learning: memory, lore or assimilate",
            _BLUE,
            "class_power",
        )
    elif not blue and c.learning is not None:
        yield _p(
            "ZC137",
            "learning: is the Blue Magic learning method; a Tech character learns with Tech "
            "Points, so remove it",
            _BLUE,
            "learning",
        )
    if blue and c.techs:
        yield _p(
            "ZC131",
            "a Blue Magic character gets no Tech Points and learns no Techs; list Enemy Skills "
            "under enemy_skills: instead, or make class_power: tech",
            "Ch. I Step 6; Ch. III",
            "techs",
        )
    if not blue and c.enemy_skills:
        yield _p(
            "ZC132",
            "only Blue Magic characters learn Enemy Skills; make class_power: blue_magic or "
            "remove enemy_skills:",
            "Ch. I Step 6; Ch. III",
            "enemy_skills",
        )
    mag_at = {lv: prog.stats_at(lv)[Stat.MAG] for lv in range(1, level + 1)}
    if c.techs and not blue:
        yield from _techs(c, ctx, level, mag_at)
    if c.enemy_skills and blue:
        yield from _enemy_skills(c, ctx, level, mag_at)


def _techs(
    c: Character, ctx: CheckContext, level: int, mag_at: dict[int, int]
) -> Iterator[Problem]:
    map_combat = ctx.ruleset.house.map_combat
    resolved = resolve_techs(c.techs, _find_tech(ctx))
    by_key: dict[str, ResolvedTech] = {}
    for r in resolved:
        by_key.setdefault(r.key, r)
        where = ("techs", r.index, "tech")
        if r.tech is None:
            hint = did_you_mean(r.key, ctx.ids("tech"))
            yield _p(
                "ZC133",
                f"unknown Tech '{r.key}'{hint}; name a `kind: tech` document or write the "
                "Tech inline",
                _LEARN,
                *where,
            )
            continue
        if not isinstance(r.entry.tech, str):
            for p in check_tech(r.tech, map_combat=map_combat):
                yield p.at(*where)
        yield from _upgrade_levels(r)
    yield from _clones(resolved, by_key)
    yield from _starting(resolved)
    yield from _history(resolved, level, mag_at)


def _upgrade_levels(r: ResolvedTech) -> Iterator[Problem]:
    """R12 for every Tech Level an upgrade reaches, and the final level's MP table."""
    assert r.tech is not None
    primary = str(r.tech.primary)
    allowed = R.PRIMARY_TECH_LEVELS.get(primary)
    for j, up in enumerate(r.entry.upgrades):
        if allowed is not None and up.to not in allowed:
            yield _p(
                "ZC135",
                f"{r.tech.name} ({primary.replace('_', ' ').title()}) cannot be upgraded to "
                f"Tech Level {up.to}; it may only be Tech Level "
                f"{', '.join(map(str, allowed))}",
                "R12",
                "techs",
                r.index,
                "upgrades",
                j,
                "to",
            )
    final = r.final_level
    if r.entry.upgrades and final is not None and final != r.tech.tech_level:
        last = ("techs", r.index, "upgrades", len(r.entry.upgrades) - 1)
        upgraded = r.at_level(final)
        assert upgraded is not None
        for p in check_tech(upgraded):
            if p.code in _LEVEL_CODES:
                yield Problem(
                    p.code, f"at Tech Level {final}: {p.message}", p.rule, last, p.severity
                )


def _clones(resolved: list[ResolvedTech], by_key: dict[str, ResolvedTech]) -> Iterator[Problem]:
    """R16 between a clone and the original this character knows."""
    for r in resolved:
        original_key = r.original
        if r.tech is None or original_key is None:
            continue
        original = by_key.get(original_key)
        if original is None or original.tech is None:
            continue  # reported by the learning history (ZT190)
        where: tuple[PathPart, ...] = ("techs", r.index)
        for p in check_clone(r.tech, original.tech):
            if p.code == "ZT185":
                continue  # the history compares the levels when the clone is learned (ZT190)
            if isinstance(r.entry.tech, str):
                yield Problem(p.code, f"{r.tech.name}: {p.message}", p.rule, (*where, "tech"))
            elif p.path == ("clone_of",) and r.entry.clone_of is not None:
                yield p.at(*where)
            else:
                yield p.at(*where, "tech")


def _starting(resolved: list[ResolvedTech]) -> Iterator[Problem]:
    """At most 3 Techs at creation, all Tech Level 1 (Ch. II Learning Techs)."""
    start = [r for r in resolved if r.entry.learned_at == 1]
    for n, r in enumerate(start):
        if n == 3:
            yield _p(
                "ZT193",
                f"{len(start)} Techs learned at level 1; a new character begins with at most 3 "
                "(learn the others later with `learned_at:`)",
                _LEARN,
                "techs",
                r.index,
                "learned_at" if "learned_at" in r.entry.model_fields_set else "tech",
            )
        if r.tech is not None and r.tech.tech_level != 1:
            yield _p(
                "ZT193",
                f"{r.tech.name} is Tech Level {r.tech.tech_level} at creation; starting Techs "
                "must be Tech Level 1",
                _LEARN,
                "techs",
                r.index,
                "tech",
            )
        for j, up in enumerate(r.entry.upgrades):
            if up.at == 1:
                yield _p(
                    "ZT193",
                    "an upgrade at level 1 makes a starting Tech Level "
                    f"{up.to}; starting Techs must be Tech Level 1 (upgrade at level 2 or later)",
                    _LEARN,
                    "techs",
                    r.index,
                    "upgrades",
                    j,
                    "at",
                )


def _history(resolved: list[ResolvedTech], level: int, mag_at: dict[int, int]) -> Iterator[Problem]:
    """Order, Tech Points and Max Tech Levels at the level of every event."""
    events = history_of(resolved)
    future = [e for e in events if e.char_level > level]
    for e in future:
        key = "learned_at" if e.upgrade is None else "at"
        yield _p(
            "ZC130",
            f"{e.event.tech} at level {e.char_level}, but the character is level {level}",
            _LEARN,
            *e.path,
            key,
        )
    events = [e for e in events if e.char_level <= level]
    _, problems = check_learning_history([e.event for e in events])
    bad: set[int] = set()
    for p in problems:
        i = int(p.path[0])
        bad.add(i)
        yield Problem(p.code, p.message, p.rule, events[i].path, p.severity)
    valid = [e for i, e in enumerate(events) if i not in bad]
    done = replay(valid)
    spent = used = 0
    clones: set[str] = set()
    levels: dict[str, int] = {}
    tp_reported = ml_reported = False
    for ev, cost in zip(valid, done.costs, strict=True):
        spent += cost
        lv = ev.char_level
        mag = mag_at.get(lv, mag_at[level])
        available = crules.tech_points(lv, mag)
        if spent > available and not tp_reported:
            tp_reported = True
            yield _p(
                "ZT192",
                f"by level {lv} this history has spent {spent} Tech Points ({cost} here), but a "
                f"level-{lv} character with Magic {mag} has only {available}; learn it later "
                f"or drop {spent - available} TP of learning",
                _LEARN,
                *ev.path,
            )
        if isinstance(ev.event, R.Learn):
            levels[ev.event.tech] = ev.event.level
            if ev.event.clone_of is not None:
                clones.add(ev.event.tech)
        else:
            levels[ev.event.tech] = ev.event.to_level
        used = sum(v - 1 if k in clones else v for k, v in levels.items())
        limit = crules.max_tech_levels(mag)
        if used > limit and not ml_reported:
            ml_reported = True
            yield _p(
                "ZT191",
                f"by level {lv} the Techs use {used} Tech Levels (clones count one less), but "
                f"Max Tech Levels is {limit} (5 + MAG {mag} / 2)",
                "R11",
                *ev.path,
            )


def _enemy_skills(
    c: Character, ctx: CheckContext, level: int, mag_at: dict[int, int]
) -> Iterator[Problem]:
    """Known skills exist, are not repeated or upgraded, fit Max Tech Levels (R11)."""
    seen: set[str] = set()
    known: list[tuple[int, int, EnemySkill]] = []
    for i, entry in enumerate(c.enemy_skills):
        where = ("enemy_skills", i)
        if entry.upgrades is not None:
            yield _p(
                "ZC136",
                "Enemy Skills may never be upgraded; remove upgrades:",
                _BLUE,
                *where,
                "upgrades",
            )
        found = ctx.find("enemy_skill", entry.skill)
        if found is None:
            hint = did_you_mean(entry.skill, ctx.ids("enemy_skill"))
            yield _p(
                "ZC134",
                f"unknown Enemy Skill '{entry.skill}'{hint}",
                _BLUE,
                *where,
                "skill",
            )
            continue
        if entry.skill in seen:
            yield _p("ZC138", f"{entry.skill} is already known; list it once", _BLUE, *where)
            continue
        seen.add(entry.skill)
        if entry.learned_at > level:
            yield _p(
                "ZC130",
                f"{entry.skill} learned at level {entry.learned_at}, but the character is "
                f"level {level}",
                _BLUE,
                *where,
                "learned_at",
            )
            continue
        known.append((entry.learned_at, i, found.model))
    used = 0
    for lv, i, skill in sorted(known, key=lambda k: (k[0], k[1])):
        used += skill.tech_level
        mag = mag_at.get(lv, mag_at[level])
        limit = crules.max_tech_levels(mag)
        if used > limit:
            yield _p(
                "ZT191",
                f"by level {lv} the Enemy Skills use {used} Tech Levels, but Max Tech Levels is "
                f"{limit} (5 + MAG {mag} / 2)",
                "R11",
                "enemy_skills",
                i,
            )
            break
