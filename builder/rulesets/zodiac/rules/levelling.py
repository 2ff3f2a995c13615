"""Gaining and undoing one level, as data: what the next level brings and what changes.

Pure: a character model in, a `LevelPlan` out (which entries to add to or remove from
the file, which values to set). `builder.rulesets.zodiac.levelling` turns a plan into
edits of the user's text and validates the result with every check of `zodiac
validate`; nothing here re-checks the book's limits (points per stat, Tech Points, Max
Tech Levels): the checks own them, and report them located in the new file.

The numbers come from `rules.character` (Ch. I Character Advancement, R5, R6;
Ch. II / Appendix IV Tech Points; R11 Max Tech Levels).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from builder.models.base import STAT_NAMES, STATS, Stat, norm_id
from builder.rulesets.zodiac.models.character import Character, ClassPower
from builder.rulesets.zodiac.rules import tables as T
from builder.rulesets.zodiac.rules.character import (
    bonus_points_at,
    character_level,
    is_fifth_level,
    max_tech_levels,
    progress,
    tech_points_from_levels,
    xp_for_level,
)

StatBlock = dict[Stat, int]


class ChoiceError(ValueError):
    """A level-up or level-down that cannot be planned; the message says what to do."""


@dataclass(frozen=True)
class NextLevel:
    """What reaching ``level`` brings, before any choice (Ch. I Character Advancement)."""

    level: int
    xp_needed: int
    bonus_points: int
    max_per_stat: int
    fifth_bonus: int  # +N to every stat at a fifth level, else 0 (R6)
    tech_points: int | None  # gained from the level alone (Appendix IV); None for Blue Magic
    max_tech_levels: int  # now, with own Magic (R11); Magic gains raise it
    stats: StatBlock  # own stats now


@dataclass
class LevelPlan:
    """What one level-up or level-down changes in the file (indices of the file's lists)."""

    from_level: int
    to_level: int
    level: int | None = None  # new `level:`, when the file has one
    xp: int | None = None  # new `xp:`, when the file has one and it must move
    advancement: dict[str, Any] | None = None  # entry to append
    learn: list[dict[str, Any]] = field(default_factory=list)  # `techs:` entries to append
    learn_skills: list[dict[str, Any]] = field(default_factory=list)  # `enemy_skills:`
    upgrades: list[tuple[int, dict[str, int]]] = field(default_factory=list)  # (techs index, up)
    remove_advancement: int | None = None
    remove_techs: list[int] = field(default_factory=list)
    remove_upgrades: list[tuple[int, int]] = field(default_factory=list)  # (techs index, j)
    remove_skills: list[int] = field(default_factory=list)


def parse_points(text: str, option: str = "--points") -> StatBlock:
    """``'str=2,agi=1'`` (or ``'STR 2, agi 1'``, ``'none'``) -> points per stat."""
    out: StatBlock = {}
    if text.strip().lower() in ("", "none", "0"):
        return out
    names = {s.value: s for s in STATS}
    for part in text.replace(";", ",").split(","):
        part = part.strip()
        if not part:
            continue
        name, sep, value = part.replace(":", "=").replace(" ", "=", 1).partition("=")
        stat = names.get(name.strip().lower())
        if stat is None or not sep:
            raise ChoiceError(
                f"{option}: '{part}' is not STAT=N; use the stats str, mag, vit, spr, agi, "
                "e.g. str=2,agi=1"
            )
        value = value.strip().lstrip("+")
        if not value.isdigit() or len(value) > 3:
            raise ChoiceError(f"{option}: '{part}' needs a whole number of points, e.g. {name}=2")
        if stat in out:
            raise ChoiceError(f"{option}: {name} is given twice; give each stat once")
        out[stat] = int(value)
    return out


def points_refusal(points: Mapping[Stat, int], nxt: NextLevel) -> str | None:
    """Why a level's bonus points are wrong, in ZC111 / ZC112's words; None when they fit.

    The terminal asks again with this message (issue 26) instead of writing a file the
    checks would then refuse.
    """
    for stat, v in points.items():
        if v > nxt.max_per_stat:
            return (
                f"level {nxt.level} puts {v} points into {STAT_NAMES[stat]}; at most "
                f"{nxt.max_per_stat} of one level's points may go to the same stat"
            )
    spent = sum(points.values())
    if spent > nxt.bonus_points:
        return (
            f"level {nxt.level} spends {spent} bonus points; only {nxt.bonus_points} are "
            f"gained at level {nxt.level}"
        )
    return None


def _stats_now(c: Character, level: int) -> StatBlock:
    prog = progress(
        c.base_stats.as_block(),
        [e.as_block() for e in c.advancement],
        [e.overflow.as_block() if e.overflow else None for e in c.advancement],
        level,
    )
    return prog.stats_at(level)


def next_level(c: Character) -> NextLevel:
    """What the next level brings; refuses at 99 and when levels are missing from the file."""
    level = character_level(c)
    if level >= T.MAX_LEVEL:
        raise ChoiceError(f"{c.name} is level {T.MAX_LEVEL}, the highest level")
    _require_full_advancement(c, level)
    nxt = level + 1
    stats = _stats_now(c, level)
    gained = tech_points_from_levels(nxt) - tech_points_from_levels(level)
    return NextLevel(
        level=nxt,
        xp_needed=xp_for_level(nxt),
        bonus_points=bonus_points_at(nxt),
        max_per_stat=T.MAX_POINTS_PER_STAT_PER_LEVEL,
        fifth_bonus=T.FIFTH_LEVEL_BONUS if is_fifth_level(nxt) else 0,
        tech_points=None if c.class_power is ClassPower.BLUE_MAGIC else gained,
        max_tech_levels=max_tech_levels(stats[Stat.MAG]),
        stats=stats,
    )


def _require_full_advancement(c: Character, level: int) -> None:
    have = len(c.advancement)
    if have < level - 1:
        raise ChoiceError(
            f"advancement records {have} level-up(s) but {c.name} is level {level}; add the "
            f"entries for level {have + 2}-{level} first, so the new entry is level {level + 1}'s"
        )


def _entry(points: Mapping[Stat, int], level: int, with_level: bool) -> dict[str, Any]:
    entry: dict[str, Any] = {"level": level} if with_level else {}
    entry.update({s.value: points[s] for s in STATS if points.get(s)})
    return entry


def plan_level_up(
    c: Character,
    points: Mapping[Stat, int],
    *,
    overflow: Mapping[Stat, int] | None = None,
    learn: Sequence[str] = (),
    upgrade: Sequence[tuple[str, int | None]] = (),
    tech_levels: Mapping[str, int] | None = None,
) -> LevelPlan:
    """The file changes for gaining one level with these choices.

    ``upgrade`` is (Tech id, Tech Level to reach or None for one more); ``tech_levels``
    the Tech Level each known Tech has now (from its Tech and upgrades). Learned Techs
    and upgrades are bought at the new level (their `learned_at:` / `at:`).
    """
    nxt = next_level(c)
    level = nxt.level
    plan = LevelPlan(level - 1, level)
    if c.level is not None:
        plan.level = level
    if c.xp is not None and c.xp < nxt.xp_needed:
        plan.xp = nxt.xp_needed  # decision: the XP that just reaches the new level
    with_level = bool(c.advancement) and "level" in c.advancement[-1].model_fields_set
    plan.advancement = _entry(points, level, with_level)
    if overflow:
        plan.advancement["overflow"] = {s.value: overflow[s] for s in STATS if overflow.get(s)}
    blue = c.class_power is ClassPower.BLUE_MAGIC
    known = {e.key for e in c.techs} | {e.skill for e in c.enemy_skills}
    for raw in learn:
        key = norm_id(raw)
        if not key:
            raise ChoiceError(f"--learn '{raw}' is not an id")
        if key in known:
            then = (
                "Enemy Skills are learned once (Ch. III)" if blue else f"--upgrade {key} raises it"
            )
            raise ChoiceError(f"{c.name} already knows {key}; {then}")
        known.add(key)
        if blue:
            plan.learn_skills.append({"skill": key, "learned_at": level})
        else:
            plan.learn.append({"tech": key, "learned_at": level})
    levels = dict(tech_levels or {})
    index = {e.key: i for i, e in enumerate(c.techs)}
    for raw, to in upgrade:
        key = norm_id(raw)
        if blue:
            raise ChoiceError("Enemy Skills are never upgraded (Ch. III); drop --upgrade")
        if key not in index:
            have = ", ".join(sorted(index)) or "none"
            raise ChoiceError(
                f"--upgrade {raw}: {c.name} does not know {key} (known Techs: {have}); "
                "learn it first with --learn"
            )
        now = levels.get(key)
        if now is None:
            raise ChoiceError(f"--upgrade {raw}: the Tech {key} is not found in the project")
        target = now + 1 if to is None else to
        if target <= now:
            raise ChoiceError(
                f"--upgrade {raw}: {key} is already Tech Level {now}; upgrade to {now + 1} or more"
            )
        levels[key] = target
        plan.upgrades.append((index[key], {"to": target, "at": level}))
    return plan


def parse_upgrade(text: str) -> tuple[str, int | None]:
    """``'cure'`` -> ('cure', None); ``'cure=3'`` -> ('cure', 3)."""
    name, sep, value = text.partition("=")
    if not sep:
        return name.strip(), None
    value = value.strip()
    if not value.isdigit() or len(value) > 2:
        raise ChoiceError(f"--upgrade {text}: give a Tech Level after '=', e.g. {name}=3")
    return name.strip(), int(value)


def plan_level_down(c: Character) -> LevelPlan:
    """The file changes that undo the last level: its advancement entry, the Techs and Enemy
    Skills learned at it, the upgrades bought at it; `level:` one lower, and `xp:` the first
    XP of that level when it is past it (decision: the XP earned since is not known)."""
    level = character_level(c)
    if level <= 1:
        raise ChoiceError(f"{c.name} is level 1; there is no level to undo")
    plan = LevelPlan(level, level - 1)
    if c.level is not None:
        plan.level = level - 1
    if c.xp is not None and c.xp >= xp_for_level(level):
        plan.xp = xp_for_level(level - 1)
    if len(c.advancement) >= level - 1:
        plan.remove_advancement = level - 2
    for i, entry in enumerate(c.techs):
        if entry.learned_at == level:
            plan.remove_techs.append(i)
            continue
        plan.remove_upgrades.extend((i, j) for j, up in enumerate(entry.upgrades) if up.at == level)
    plan.remove_skills = [i for i, e in enumerate(c.enemy_skills) if e.learned_at == level]
    return plan


def describe_points(points: Mapping[Stat, int]) -> str:
    """``'STR +2, AGI +1'`` for a summary line."""
    return ", ".join(f"{s.value.upper()} +{points[s]}" for s in STATS if points.get(s)) or "none"


__all__ = [
    "ChoiceError",
    "LevelPlan",
    "NextLevel",
    "describe_points",
    "next_level",
    "parse_points",
    "parse_upgrade",
    "plan_level_down",
    "plan_level_up",
]
