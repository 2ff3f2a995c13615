"""Levels, XP and AP (Rewards; R34, R35, R38)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from builder.rulesets.bit16.rules.tables import COMBO_PER_LEVEL, ENEMY_XP, MAX_LEVEL, PC_XP_MIN


def level_for_xp(xp: int) -> int:
    """The PC Level table read down: the highest level whose XP Min is reached (R34)."""
    if xp < 0:
        raise ValueError("XP is never negative")
    return max(level for level, least in PC_XP_MIN.items() if xp >= least)


def xp_to_next_level(xp: int) -> int | None:
    """XP still needed for the next level; None at level 10, the table's end (R34)."""
    level = level_for_xp(xp)
    return None if level >= MAX_LEVEL else PC_XP_MIN[level + 1] - xp


def enemy_xp(level: int) -> int:
    """XP (and the same AP) an enemy of ``level`` gives; above 10, n(n+1)/2 (R34)."""
    if level < 1:
        raise ValueError("enemy levels start at 1")
    return ENEMY_XP.get(level, level * (level + 1) // 2)


def round_half_up(value: Fraction) -> int:
    """'Round fractions normally' (R35): 1.5 -> 2, 2.5 -> 3."""
    return int((value * 2 + 1) // 2)


@dataclass(frozen=True)
class Award:
    """A battle's award (Rewards): every PC who fought gets ``award`` XP and as much AP."""

    base_xp: int
    enemies: int
    pcs: int
    difficulty: Fraction
    award: int

    @property
    def ap(self) -> int:
        return self.award  # "The amount of AP and XP awarded is always the same" (R35)

    def to_json(self) -> dict[str, Any]:
        return {
            "base_xp": self.base_xp,
            "difficulty": float(self.difficulty),
            "award": self.award,
            "ap": self.ap,
        }


def battle_award(enemy_levels: Iterable[int], pcs: int) -> Award:
    """Base award, difficulty (enemies / PCs), and their product rounded half up (R35)."""
    levels = list(enemy_levels)
    if pcs < 1:
        raise ValueError("a battle needs at least one PC")
    base = sum(enemy_xp(level) for level in levels)
    difficulty = Fraction(len(levels), pcs)
    return Award(base, len(levels), pcs, difficulty, round_half_up(base * difficulty))


def combo_bonus(level: int) -> int:
    """Combo Status: +DMG / M.Dmg = 5 x LV of the attacker (Limit and Limit Attacks)."""
    return COMBO_PER_LEVEL * level


@dataclass(frozen=True)
class Gained:
    """A stat summed over the level history, with each level's part (R38)."""

    value: int
    parts: tuple[tuple[str, int], ...]  # (job id, gain) per level

    def explain(self) -> str:
        counts: dict[str, tuple[int, int]] = {}
        for job, gain in self.parts:
            n, _ = counts.get(job, (0, gain))
            counts[job] = (n + 1, gain)
        return " + ".join(f"{n} x {g} ({job})" for job, (n, g) in counts.items())


def summed_gains(
    level_jobs: Sequence[str], gains: Mapping[str, Mapping[str, int]], stat: str
) -> Gained:
    """HP, MP, DMG or M.Dmg: the gains of the job held at each level, added up (R38).

    ``gains`` maps a job id to its per-level gains; a job it lacks adds nothing (the
    unknown id is a check's business, not arithmetic's).
    """
    parts = tuple((job, gains[job][stat]) for job in level_jobs if job in gains)
    return Gained(sum(g for _, g in parts), parts)


def spell_mp(ap: int, mp: int | None) -> int:
    """A spell costs MP = the AP needed to learn it, unless it says otherwise (Magical)."""
    return ap if mp is None else mp
