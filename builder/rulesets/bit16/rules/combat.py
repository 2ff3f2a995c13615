"""Attack outcomes, status durations and the Limit gauge (Making an Attack; R36, R37)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from builder.rulesets.bit16.rules.tables import LIMIT_MAX, LIMIT_USABLE, STATUS_ROUNDS

BANDS = ("miss", "quarter", "half", "full", "critical")


def faces(die: str) -> int:
    """``'d10'`` -> 10."""
    if not die.startswith("d") or not die[1:].isdigit() or int(die[1:]) < 1:
        raise ValueError(f"not a die: {die!r}")
    return int(die[1:])


def outcome(roll: int, top: int, evade: int, double: int, defence: int) -> str:
    """One roll's band: the top face is a crit (it doubles DMG); then equal to or under
    EVA misses, under-or-equal 2DEF is a quarter, under-or-equal DEF a half, else full.

    The same reading serves magic with M.Eva / 2M.Def / M.Def (R37).
    """
    if roll == top:
        return "critical"
    if roll <= evade:
        return "miss"
    if roll <= double:
        return "quarter"
    if roll <= defence:
        return "half"
    return "full"


@dataclass(frozen=True)
class Chances:
    """How often each band comes up on one roll of ``die`` (exact fractions)."""

    die: str
    counts: dict[str, int]

    def chance(self, band: str) -> Fraction:
        return Fraction(self.counts[band], faces(self.die))

    def to_json(self) -> dict[str, float]:
        return {band: round(float(self.chance(band)), 4) for band in BANDS}

    def percent(self) -> dict[str, str]:
        return {band: f"{float(self.chance(band)) * 100:.0f}%" for band in BANDS}


def chances(die: str, evade: int, double: int, defence: int) -> Chances:
    """Every face of ``die`` against the thresholds, counted by band."""
    top = faces(die)
    counts = dict.fromkeys(BANDS, 0)
    for roll in range(1, top + 1):
        counts[outcome(roll, top, evade, double, defence)] += 1
    return Chances(die, counts)


def status_rounds(caster_matk: str, *, stop: bool = False) -> int:
    """A status's rounds by the caster's M.Atk die (R36); Stop lasts half, rounded up."""
    rounds = STATUS_ROUNDS[caster_matk]
    return -(-rounds // 2) if stop else rounds


@dataclass(frozen=True)
class Limit:
    """The Limit gauge: 0-20, a Limit Attack from 10 (Limit and Limit Attacks)."""

    value: int

    @property
    def usable(self) -> bool:
        return self.value >= LIMIT_USABLE

    def to_json(self) -> dict[str, Any]:
        return {"value": self.value, "max": LIMIT_MAX, "usable": self.usable}


def gain_limit(current: int, hits: int = 1) -> Limit:
    """One point per damaging hit dealt or taken, never above 20."""
    return Limit(min(LIMIT_MAX, max(0, current + hits)))


def halve_limit(current: int) -> Limit:
    """Linked encounters: Limit is halved after each battle (rounded down: our reading)."""
    return Limit(current // 2)
