"""The 16 Bit Tactics balance linter (`zodiac lint`): is this monster, spell or job in line?

Construction checks (``checks/``, BT1xx) say what the text forbids; the linter says what
it allows but a table will feel. Every finding is a warning (BT9xx) with the numbers, how
far off they are and what would fit. Pure: entities and settings in, diagnostics out.

Norms, and where each comes from (the manual's "Balance linter" page says the same for users):

- **XP and AP by enemy level** (Rewards): an enemy of level L gives n(n+1)/2 XP and as
  much AP whatever its numbers, and the difficulty (enemies / PCs) prices one enemy at
  one PC's worth (R35). So a level-L monster should be about as tough as a level-L
  character, else its reward pays for another fight. The text prints no job tables, so
  *a character of level L* is the project's own: L times the median per-level gains of
  its jobs (R38: a level-1 character has its job's gains once). A monster's HP (BT901)
  and its higher of DMG and M.Dmg (BT902) should fall within ``hp_low``-``hp_high`` and
  ``damage_low``-``damage_high`` times that character's.
- **A spell's MP** (Magical Attacks: "a Spell costs MP = AP needed to learn it"): AP
  come only with XP (R48), so a character first has a spell's AP at the level of that
  much XP; there its job's MP (level x its MP gain, R38) should pay for it, give or take
  ``mp_tolerance`` (BT903).
- **The project's own outliers**: a monster's HP per level among the monsters within
  ``peer_levels`` levels (BT910), and a job's growth, its per-level HP + MP + DMG +
  M.Dmg, among the other jobs (BT911): quartiles -+ ``iqr_factor`` x IQR, once there
  are ``min_peers`` peers.

Silence a finding with ``# zodiac: ignore[BT901]`` on its line or the entity's name line;
``lint: {disable: [BT910]}`` turns a code off for the project.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from builder import lintkit
from builder.problems import Problem, Severity
from builder.rulesets.bit16.lint_settings import CODES, LintSettings
from builder.rulesets.bit16.rules.progression import enemy_xp, level_for_xp, spell_mp

if TYPE_CHECKING:
    from builder.diagnostics import Diagnostic
    from builder.io.project import Content, Entity

_RULE_REWARD = "Rewards (XP/AP by enemy level), R35, R38; lint norm"
_RULE_SPELL = "Magical Attacks (MP = AP), R38, R48; lint norm"
_RULE_PEERS = "lint norm: the project's own"
_GAINS = ("hp", "mp", "dmg", "mdmg")


@dataclass(frozen=True)
class MedianJob:
    """The project's median per-level gains, stat by stat: the yardstick of a level."""

    hp: float
    mp: float
    dmg: float
    mdmg: float
    jobs: int

    @property
    def hit(self) -> float:
        """Per-level DMG or M.Dmg, the higher: what the character's best attack grows by."""
        return max(self.dmg, self.mdmg)


def median_job(jobs: Sequence[Any]) -> MedianJob | None:
    """The median of each per-level gain over the project's jobs (None: no jobs)."""
    if not jobs:
        return None
    med = {s: statistics.median(getattr(j.per_level, s) for j in jobs) for s in _GAINS}
    return MedianJob(med["hp"], med["mp"], med["dmg"], med["mdmg"], len(jobs))


def _fits(value: float, per_level: float, low: float, high: float, level: int) -> int:
    """The level nearest ``level`` whose range (low-high x level x per_level) holds value."""
    if value > high * level * per_level:
        return max(1, math.ceil(value / (high * per_level)))
    return max(1, math.floor(value / (low * per_level)))


def _reward(level: int) -> str:
    return f"{enemy_xp(level)} XP/AP"


def _against_level(
    code: str,
    what: str,
    value: int,
    per_level: float,
    low: float,
    high: float,
    level: int,
    path: tuple[str, ...],
) -> Iterator[Problem]:
    if per_level <= 0:
        return
    ref = level * per_level
    ratio = value / ref
    if low <= ratio <= high:
        return
    side, bound = ("above", high) if ratio > high else ("below", low)
    fits = _fits(value, per_level, low, high, level)
    lo, hi = math.ceil(low * ref), math.floor(high * ref)
    fix = f"{what} {lo}-{hi} fits level {level}"
    if fits != level:
        fix += f", or level {fits} ({_reward(fits)}) fits this {what}"
    yield Problem(
        code,
        f"{what} {value} is {ratio:.2f}x a level-{level} character's {ref:g} ({level} x "
        f"{per_level:g} a level, the project's median job, R38), {side} {bound:g}x; a "
        f"level-{level} enemy gives {_reward(level)} (Rewards), one PC's worth (R35); {fix}",
        _RULE_REWARD,
        path,
        Severity.WARNING,
    )


def monster_problems(m: Any, yard: MedianJob | None, s: LintSettings) -> Iterator[Problem]:
    """BT901, BT902: HP and the better of DMG / M.Dmg against a same-level character."""
    if yard is None:
        return
    yield from _against_level("BT901", "HP", m.hp, yard.hp, s.hp_low, s.hp_high, m.level, ("hp",))
    key = "dmg" if m.dmg >= m.mdmg else "mdmg"
    label = "DMG" if key == "dmg" else "M.Dmg"
    yield from _against_level(
        "BT902", label, getattr(m, key), yard.hit, s.damage_low, s.damage_high, m.level, (key,)
    )


def spell_problems(job: Any, s: LintSettings) -> Iterator[Problem]:
    """BT903: each spell's MP against its job's MP when a character first has its AP."""
    gain = job.per_level.mp
    for i, ab in enumerate(job.abilities):
        if not ab.spell:
            continue
        mp = spell_mp(ab.ap, ab.mp)
        level = level_for_xp(ab.ap)  # AP come only with XP (R48)
        have = level * gain
        if mp <= have * (1 + s.mp_tolerance):
            continue
        whence = f"its own MP {mp}" if ab.mp is not None else f"MP = its {ab.ap} AP"
        if gain <= 0:
            fix = f"give {job.name} an MP gain, or make {ab.name} a job ability"
        else:
            castable = math.ceil(mp / gain)
            fix = (
                f"an MP of {math.floor(have * (1 + s.mp_tolerance))} or less fits; "
                f"a {job.name} has {mp} MP from level {castable}"
            )
        yield Problem(
            "BT903",
            f"{ab.name} costs {mp} MP ({whence}), but a {job.name} has {have} MP ({level} x "
            f"{gain}, R38) at level {level}, when a character first has {ab.ap} AP (AP come "
            f"only with XP, R48), more than {s.mp_tolerance:.0%} short; {fix}",
            _RULE_SPELL,
            ("abilities", i, "mp" if ab.mp is not None else "ap"),
            Severity.WARNING,
        )


def _outlier(
    code: str,
    me: float,
    peers: Sequence[float],
    s: LintSettings,
    describe: str,
    unit: str,
    path: tuple[str, ...],
) -> Iterator[Problem]:
    if len(peers) < s.min_peers:
        return
    f = lintkit.fences(peers, s.iqr_factor)
    if f.holds(me):
        return
    side = "above" if me > f.high else "below"
    yield Problem(
        code,
        f"{unit} {me:g} is {side} the {f.count} {describe} ({f.low:.1f}-{f.high:.1f}, "
        f"median {f.median:g}); about {f.median:g} fits",
        _RULE_PEERS,
        path,
        Severity.WARNING,
    )


def monster_peer_problems(
    e: Entity, monsters: Sequence[Entity], s: LintSettings
) -> Iterator[Problem]:
    """BT910: HP per level beyond the fences of the monsters within ``peer_levels``."""
    m = e.model
    peers = [
        o.model.hp / o.model.level
        for o in monsters
        if o is not e and abs(o.model.level - m.level) <= s.peer_levels
    ]
    lo, hi = max(1, m.level - s.peer_levels), m.level + s.peer_levels
    yield from _outlier(
        "BT910",
        round(m.hp / m.level, 1),
        peers,
        s,
        f"project monsters of levels {lo}-{hi}, HP per level",
        "HP per level",
        ("hp",),
    )


def growth(job: Any) -> int:
    """A job's growth: its per-level HP + MP + DMG + M.Dmg (chosen norm)."""
    return sum(getattr(job.per_level, k) for k in _GAINS)


def job_peer_problems(e: Entity, jobs: Sequence[Entity], s: LintSettings) -> Iterator[Problem]:
    """BT911: a job's growth beyond the fences of the project's other jobs."""
    peers = [float(growth(o.model)) for o in jobs if o is not e]
    g = e.model.per_level
    yield from _outlier(
        "BT911",
        growth(e.model),
        peers,
        s,
        f"other jobs' growth (HP {g.hp} + MP {g.mp} + DMG {g.dmg} + M.Dmg {g.mdmg} here)",
        "growth",
        ("per_level",),
    )


def lint(
    content: Content, settings: Any = None, lint_settings: LintSettings | None = None
) -> list[Diagnostic]:
    """Every balance warning over ``content`` (the caller keeps the files it reports)."""
    s = lint_settings or LintSettings()
    monsters = content.of_kind("monster")
    jobs = content.of_kind("job")
    yard = median_job([j.model for j in jobs])

    def problems(e: Entity) -> Iterator[Problem]:
        if e.kind == "monster":
            yield from monster_problems(e.model, yard, s)
            yield from monster_peer_problems(e, monsters, s)
        elif e.kind == "job":
            yield from spell_problems(e.model, s)
            yield from job_peer_problems(e, jobs, s)

    return lintkit.run(content, problems, s.disable)


__all__ = ["CODES", "LintSettings", "MedianJob", "growth", "lint", "median_job"]
