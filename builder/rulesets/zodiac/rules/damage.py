"""Damage as it lands (Ch. VI Attacking, Defending, Elemental Affinities, Status Effects).

A blow's total, ``(die roll x 10) + AP``, is then multiplied: a critical doubles it (triples
with Concentrate), a Weakness doubles it, a Resistance halves it, Defending halves it, a Mini
target takes +50%, and a Mini or Frog attacker deals a tenth ("divided by ten"). Every
factor applies to "the total damage dealt" (Ch. VI), so they multiply as one fraction and
the product rounds down once (R1). The Damage Cap comes last: "after weaknesses and
resistances" (Ch. VI, optional).

The book's worked examples: Diff's critical of 200 is 400, Merlin's Meltdown of 700 against
Fire Resistance is 350 (Ch. VI Attacking).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from builder.rulesets.zodiac.rules.tables import (
    CONCENTRATE_CRITICAL_MULTIPLIER,
    CRITICAL_MULTIPLIER,
)

# Ch. VI Elemental Affinities: "Weakness ... double damage", "Resistance ... half damage".
WEAK, RESISTANT = Fraction(2), Fraction(1, 2)
# Ch. VI Defending: "all damage dealt to you ... is reduced by half".
DEFENDING = Fraction(1, 2)
# Ch. VI Mini: "all damage dealt to you is increased by 50%"; weapon damage dealt / 10.
MINI_TARGET = Fraction(3, 2)
MINI_ATTACKER = Fraction(1, 10)
# Ch. VI Frog: "all damage you deal- physical AND magical- is divided by ten".
FROG_ATTACKER = Fraction(1, 10)
# Ch. VI Blind: "a penalty of -30 to your attack rolls".
BLIND_PENALTY = -30


def critical_multiplier(*, concentrate: bool = False) -> int:
    """x2 (Ch. VI Attacking), x3 for a character with Concentrate (Ch. IV)."""
    return CONCENTRATE_CRITICAL_MULTIPLIER if concentrate else CRITICAL_MULTIPLIER


def landed(total: int, factor: Fraction | int = 1, cap: int | None = None) -> int:
    """``total`` times every factor, rounded down once (R1), then the Damage Cap if on.

    >>> landed(200, 2), landed(700, Fraction(1, 2))
    (400, 350)
    """
    out = int(Fraction(total) * Fraction(factor) // 1)
    return min(out, cap) if cap is not None else out


@dataclass(frozen=True)
class Outcome:
    """One case of a blow: its label, the factor on the total, and the range it gives."""

    key: str
    label: str
    factor: Fraction
    low: int
    high: int

    @property
    def text(self) -> str:
        return f"{self.low:,}-{self.high:,}" if self.low != self.high else f"{self.low:,}"

    def to_json(self) -> dict[str, object]:
        return {
            "label": self.label,
            "factor": str(self.factor),
            "min": self.low,
            "max": self.high,
        }


def outcome(
    key: str, label: str, low: int, high: int, factor: Fraction | int, cap: int | None
) -> Outcome:
    """The range ``low``-``high`` (scaled, uncapped totals) under ``factor``, then capped."""
    f = Fraction(factor)
    return Outcome(key, label, f, landed(low, f, cap), landed(high, f, cap))


def outcomes(
    low: int,
    high: int,
    *,
    crit: int | None = None,
    cap: int | None = None,
    weapon: bool = True,
    frog: bool = True,
) -> list[Outcome]:
    """The cases an attack or Tech line prints, from its uncapped range ``low``-``high``.

    ``crit`` is the critical multiplier (None: the blow cannot be critical, as a Tech
    without an attack roll, Ch. II Inaccurate). ``weapon``: Mini divides weapon damage
    (Power Attacks included) by ten, not magic (Ch. VI Mini). ``frog``: a Frog divides
    all its damage by ten, but it cannot use Techs at all (Ch. VI Frog). Curse makes
    every die a 1 (Ch. VI Curse): the low end, whatever was rolled.
    """
    out: list[Outcome] = []
    if crit is not None:
        out.append(outcome("critical", f"critical x{crit}", low, high, crit, cap))
    out += [
        outcome("vs_resistant", "vs resistant (1/2)", low, high, RESISTANT, cap),
        outcome("vs_weak", "vs weak (x2)", low, high, WEAK, cap),
    ]
    if crit is not None:
        for key, label, f in (
            ("critical_vs_resistant", "critical vs resistant", RESISTANT),
            ("critical_vs_weak", "critical vs weak", WEAK),
        ):
            out.append(outcome(key, label, low, high, crit * f, cap))
    out += [
        outcome("vs_defending", "vs defending (1/2)", low, high, DEFENDING, cap),
        outcome("vs_mini", "vs a Mini target (+50%)", low, high, MINI_TARGET, cap),
    ]
    if weapon:
        out.append(outcome("while_mini", "while Mini (1/10)", low, high, MINI_ATTACKER, cap))
    if frog:
        out.append(outcome("while_frog", "while Frog (1/10)", low, high, FROG_ATTACKER, cap))
    out.append(outcome("while_cursed", "while Cursed (every die 1)", low, low, 1, cap))
    return out


__all__ = [
    "BLIND_PENALTY",
    "DEFENDING",
    "FROG_ATTACKER",
    "MINI_ATTACKER",
    "MINI_TARGET",
    "RESISTANT",
    "WEAK",
    "Outcome",
    "critical_multiplier",
    "landed",
    "outcome",
    "outcomes",
]
