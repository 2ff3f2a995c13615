"""Character construction rules (Ch. I, Ch. IV; R4-R7, R11)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from builder.catalog import skills
from builder.diagnostics import did_you_mean
from builder.models.character import Character
from builder.problems import Problem
from builder.rules import character as rules
from builder.rules.character import level_for_xp, xp_for_level

if TYPE_CHECKING:
    from builder.checks import CheckContext
    from builder.io.project import Entity

CODES: dict[str, str] = {
    "ZC101": "a creation stat below 3",
    "ZC102": "a creation stat above 15",
    "ZC103": "creation points do not add up to 25",
    "ZC104": "level and XP disagree",
    "ZC105": "advancement lists more level-ups than the level allows",
    "ZC106": "an advancement entry's `level:` does not match its position",
    "ZC110": "bonus points left unspent (warning)",
    "ZC111": "a level-up spends more bonus points than it gains",
    "ZC112": "more than 2 of one level's points in one stat",
    "ZC113": "a stat raised past 250",
    "ZC114": "fifth-level overflow not re-allocated, or re-allocated where none overflowed",
    "ZC120": "unknown Command Skill",
    "ZC121": "unknown Support Skill",
}


def character_level(c: Character) -> int:
    """The level a file describes: `level:`, else from `xp:`, else one per advancement entry."""
    if c.level is not None:
        return c.level
    if c.xp is not None:
        return level_for_xp(c.xp)
    return min(99, 1 + len(c.advancement))


def check_character(entity: Entity, ctx: CheckContext) -> Iterator[Problem]:
    c: Character = entity.model
    yield from rules.creation_problems(c.base_stats.as_block())
    level = character_level(c)
    if c.level is not None and c.xp is not None and level_for_xp(c.xp) != c.level:
        need = xp_for_level(c.level)
        nxt = f" and under {xp_for_level(c.level + 1):,}" if c.level < 99 else ""
        yield Problem(
            "ZC104",
            f"{c.xp:,} XP is level {level_for_xp(c.xp)}, not level {c.level}; level {c.level} "
            f"needs at least {need:,} XP{nxt} (or drop one of `level:`/`xp:`)",
            "Appendix III",
            ("xp",),
        )
    if len(c.advancement) > level - 1:
        yield Problem(
            "ZC105",
            f"advancement lists {len(c.advancement)} level-ups but a level-{level} character has "
            f"had {level - 1}; remove the extra entries or raise `level:`",
            "Ch. I Character Advancement",
            ("advancement", level - 1),
        )
    for i, entry in enumerate(c.advancement):
        if entry.level is not None and entry.level != i + 2:
            yield Problem(
                "ZC106",
                f"entry {i + 1} of advancement is the level {i + 2} level-up, but says `level: {entry.level}`; "
                "entries go in order from level 2",
                "Ch. I Character Advancement",
                ("advancement", i, "level"),
            )
    prog = rules.progress(
        c.base_stats.as_block(),
        [e.as_block() for e in c.advancement],
        [e.overflow.as_block() if e.overflow else None for e in c.advancement],
        level,
    )
    yield from prog.problems
    cat = skills()
    if c.command_skill not in cat.command:
        hint = (
            "; that is a Support Skill, use it under `support_skill:`"
            if c.command_skill in cat.support
            else did_you_mean(c.command_skill, cat.command)
        )
        yield Problem(
            "ZC120",
            f"unknown Command Skill '{c.command_skill}'{hint}",
            "Ch. IV Command Skills",
            ("command_skill",),
        )
    if c.support_skill not in cat.support:
        hint = (
            "; that is a Command Skill, use it under `command_skill:`"
            if c.support_skill in cat.command
            else did_you_mean(c.support_skill, cat.support)
        )
        yield Problem(
            "ZC121",
            f"unknown Support Skill '{c.support_skill}'{hint}",
            "Ch. IV Support Skills",
            ("support_skill",),
        )
