"""Levels, XP and AP (Rewards; R34, R35, R38, R48), and level-up / level-down as data."""

from __future__ import annotations

import re
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


# --- level-up and level-down (Rewards; R34, R35, R38, R48) ----------------------------

STATS = ("hp", "mp", "dmg", "mdmg")

# The note level-up leaves on the `xp:` line, one per level it made: the XP (and as much
# AP, R35) of the battle that reached the level, so level-down takes off exactly that.
_NOTE = re.compile(r"\+(\d{1,7}) XP/AP at level (\d{1,2})")
_JOIN = "; "


class LevelError(ValueError):
    """A level-up or level-down that cannot be made; ``path`` is where in the document
    the reason is written (``("xp",)``), or ``()`` for a bad option."""

    def __init__(self, message: str, path: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.path = path


@dataclass(frozen=True)
class LevelStep:
    """One level gained or undone: the battle's XP and AP, the job held, the stats (R38).

    ``award`` XP are added (up) or taken off (down), and as many AP on ``job``'s ledger
    (R35), so the AP over all jobs stay within the XP as they were (R48; BT109 checks
    the new file, unless the house rule ``free_ap`` is on). ``before`` / ``after``: HP,
    MP, DMG and M.Dmg summed over the level history (R38).
    """

    from_level: int
    to_level: int
    xp: int  # XP now
    new_xp: int
    xp_needed: int  # the higher level's XP Min (PC Level table)
    award: int
    job: str  # the job held in the battle that reached the higher level
    gains: Mapping[str, int]  # that job's per-level gains
    ap: int  # AP on ``job`` now
    new_ap: int
    before: Mapping[str, int]
    after: Mapping[str, int]

    @property
    def up(self) -> bool:
        return self.to_level > self.from_level


def note(award: int, level: int) -> str:
    """The note for the `xp:` line: ``'+4 XP/AP at level 2'``."""
    return f"+{award} XP/AP at level {level}"


def noted_award(comment: str | None, level: int) -> int | None:
    """The XP the last note of ``comment`` records for ``level``, if it is there."""
    if not comment:
        return None
    last = comment.rsplit(_JOIN, 1)[-1].strip()
    m = _NOTE.fullmatch(last)
    return int(m.group(1)) if m and int(m.group(2)) == level else None


def with_note(comment: str | None, award: int, level: int) -> str:
    """``comment`` (the user's, or earlier notes) with this level's note after it."""
    return f"{comment}{_JOIN}{note(award, level)}" if comment else note(award, level)


def without_note(comment: str, award: int, level: int) -> str | None:
    """``comment`` as it was before `with_note` (None: there was no comment)."""
    mine = note(award, level)
    if comment == mine:
        return None
    if comment.endswith(_JOIN + mine):
        return comment[: -len(_JOIN + mine)]
    raise ValueError(f"{comment!r} does not end with {mine!r}")


def ap_total(ledgers: Mapping[str, Any]) -> int:
    """AP earned over all jobs (R48 holds it to the XP)."""
    return sum(record.ap_earned for record in ledgers.values())


def _stats(level_jobs: Sequence[str], gains: Mapping[str, Mapping[str, int]]) -> dict[str, int]:
    return {s: summed_gains(level_jobs, gains, s).value for s in STATS}


def _ledger(c: Any, job: str, why: str) -> int:
    record = c.jobs.get(job)
    if record is None or "ap_earned" not in record.model_fields_set:
        raise LevelError(
            f"{why} go on {job}'s AP ledger, and jobs: has no `{job}: {{ap_earned: N}}`; "
            f"add `{job}: {{ap_earned: 0}}` under jobs: first (AP is specific to the job, R35)",
            ("jobs",),
        )
    return int(record.ap_earned)


def plan_level_up(
    c: Any,
    gains: Mapping[str, Mapping[str, int]],
    *,
    job: str | None = None,
    award: int | None = None,
) -> LevelStep:
    """The next level of character ``c``: the battle that reaches it gives ``award`` XP
    (default: the XP that just reaches it) and as much AP on ``job`` (default: the
    primary job), which is the job held at the new level (R35, R38).

    One level at a time: an award that reaches two is refused with how to split it.
    """
    level = len(c.level_jobs)
    if level >= MAX_LEVEL:
        raise LevelError(f"{c.name} is level {MAX_LEVEL}, the table's end (R34)", ("xp",))
    held = job or c.primary_job
    if held not in gains:
        raise LevelError(f"there is no job '{held}' in the project")
    need = PC_XP_MIN[level + 1]
    given = need - c.xp if award is None else award
    total = c.xp + given
    if given < 1 or total < need:
        raise LevelError(
            f"{c.xp} XP + {given} = {total} XP is still level {level}: level {level + 1} "
            f"needs {need} XP (Rewards, R34); give --xp {need - c.xp} or more",
            ("xp",),
        )
    if level + 2 <= MAX_LEVEL and total >= PC_XP_MIN[level + 2]:
        most = PC_XP_MIN[level + 2] - 1 - c.xp
        raise LevelError(
            f"{c.xp} XP + {given} = {total} XP is level {level_for_xp(total)}; level-up adds "
            f"one level: give --xp {most} for level {level + 1}, then level up again with "
            f"--xp {given - most}",
            ("xp",),
        )
    if total > 999_999:
        raise LevelError(f"{total} XP is more than a character file holds (999,999)", ("xp",))
    ap = _ledger(c, held, f"the {given} AP of the battle")
    history = list(c.level_jobs)
    return LevelStep(
        from_level=level,
        to_level=level + 1,
        xp=c.xp,
        new_xp=total,
        xp_needed=need,
        award=given,
        job=held,
        gains=dict(gains[held]),
        ap=ap,
        new_ap=ap + given,
        before=_stats(history, gains),
        after=_stats([*history, held], gains),
    )


def plan_level_down(
    c: Any, gains: Mapping[str, Mapping[str, int]], *, award: int | None
) -> LevelStep:
    """Undo the last level: ``award`` XP (the noted one, or ``--xp``) come off the XP and
    as many AP off the ledger of the job held at that level; its history entry goes."""
    level = len(c.level_jobs)
    if level <= 1:
        raise LevelError(
            f"{c.name} is level 1; there is no level to undo (`zodiac character level-up` "
            "gains one)",
            ("level_jobs",),
        )
    if award is None:
        raise LevelError(
            f"the XP of the battle that reached level {level} is not noted on xp: (level-up "
            f"writes `# {note(0, level).replace('+0', '+N')}` there); pass --xp N, the XP and "
            "AP to take off",
            ("xp",),
        )
    held = c.level_jobs[-1]
    total = c.xp - award
    need, floor = PC_XP_MIN[level], PC_XP_MIN[level - 1]
    if not floor <= total < need:
        raise LevelError(
            f"{c.xp} XP - {award} = {total} XP is not level {level - 1} ({floor}-{need - 1} "
            f"XP, R34); take off between {c.xp - need + 1} and {c.xp - floor} with --xp",
            ("xp",),
        )
    ap = _ledger(c, held, f"the {award} AP to take off")
    if ap < award:
        raise LevelError(
            f"{held} has {ap} AP earned, fewer than the {award} to take off; AP is specific to "
            "the job it was earned on (R35)",
            ("jobs", held, "ap_earned"),
        )
    history = list(c.level_jobs)
    return LevelStep(
        from_level=level,
        to_level=level - 1,
        xp=c.xp,
        new_xp=total,
        xp_needed=need,
        award=award,
        job=held,
        gains=dict(gains.get(held, {})),
        ap=ap,
        new_ap=ap - award,
        before=_stats(history, gains),
        after=_stats(history[:-1], gains),
    )
