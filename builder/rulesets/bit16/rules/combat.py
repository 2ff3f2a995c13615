"""Attack outcomes, ranges, initiative, knockback falls, status durations and the Limit
gauge (Making an Attack; Range; Initiative; Knockback and Falling; R36, R37, R47)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from builder.rulesets.bit16.rules.tables import LIMIT_MAX, LIMIT_USABLE, STATUS_ROUNDS

# The four bands a roll meets (Making an Attack), and a Crit: the die's top face (R47).
BANDS = ("miss", "quarter", "half", "full", "critical")
HIT_BANDS = ("miss", "quarter", "half", "full")
# The share of DMG (M.Dmg) each band deals: 0, a quarter, a half, all of it.
SHARE: dict[str, Fraction] = {
    "miss": Fraction(0),
    "quarter": Fraction(1, 4),
    "half": Fraction(1, 2),
    "full": Fraction(1),
}
# Every share of DMG one roll can deal: a band's, or twice it on a Crit (R47).
DEALT: tuple[Fraction, ...] = (
    Fraction(0),
    Fraction(1, 4),
    Fraction(1, 2),
    Fraction(1),
    Fraction(2),
)


def faces(die: str) -> int:
    """``'d10'`` -> 10."""
    if not die.startswith("d") or not die[1:].isdigit() or int(die[1:]) < 1:
        raise ValueError(f"not a die: {die!r}")
    return int(die[1:])


def band(roll: int, evade: int, double: int, defence: int) -> str:
    """The band a roll meets: equal to or under EVA misses, under-or-equal 2DEF is a
    quarter, under-or-equal DEF a half, else full (Physical Attacks). The same reading
    serves magic with M.Eva / 2M.Def / M.Def (R37)."""
    if roll <= evade:
        return "miss"
    if roll <= double:
        return "quarter"
    if roll <= defence:
        return "half"
    return "full"


def outcome(
    roll: int, top: int, evade: int, double: int, defence: int, *, crit_ignores_bands: bool = False
) -> str:
    """One roll's band; under the house rule ``crit_ignores_bands`` the top face is
    ``'critical'`` whatever the thresholds. By R47 the top face is a Crit (see
    :func:`share`) and still meets its band like any other roll."""
    if crit_ignores_bands and roll == top:
        return "critical"
    return band(roll, evade, double, defence)


def share(
    roll: int, top: int, evade: int, double: int, defence: int, *, crit_ignores_bands: bool = False
) -> Fraction:
    """The share of DMG one roll deals: its band's (0, 1/4, 1/2, 1), doubled on a Crit
    (Crits: "doubles its DMG"). R47: a Crit at or under EVA still deals 0; the house rule
    ``crit_ignores_bands`` makes every Crit deal the doubled figure whole."""
    if roll == top:
        if crit_ignores_bands:
            return Fraction(2)
        return 2 * SHARE[band(roll, evade, double, defence)]
    return SHARE[band(roll, evade, double, defence)]


@dataclass(frozen=True)
class Chances:
    """How often each band comes up on one roll of ``die`` (exact fractions), and the
    share of DMG a roll deals on average.

    ``counts`` counts the faces meeting each band and, under ``critical``, the Crit face
    (the top face). By R47 the top face also meets its band, so the four bands cover
    every face and ``critical`` overlaps one of them; under ``crit_ignores_bands`` it
    meets none and the five counts add up to the faces. ``dealt`` counts the faces by the
    share of DMG they deal (0, 1/4, 1/2, 1, 2): what cards and sheets print.
    """

    die: str
    counts: dict[str, int]
    dealt: dict[Fraction, int]
    crit_ignores_bands: bool = False

    def chance(self, band: str) -> Fraction:
        return Fraction(self.counts[band], faces(self.die))

    def mean(self) -> Fraction:
        """The expected share of DMG one roll deals (R47): 0 to 2."""
        total = sum((s * n for s, n in self.dealt.items()), Fraction(0))
        return total / faces(self.die)

    def dealt_chance(self, dealt: Fraction) -> Fraction:
        return Fraction(self.dealt.get(dealt, 0), faces(self.die))

    def to_json(self) -> dict[str, float]:
        out = {band: round(float(self.chance(band)), 4) for band in BANDS}
        out["mean_multiplier"] = round(float(self.mean()), 4)
        return out

    def percent(self) -> dict[str, str]:
        return {band: f"{float(self.chance(band)) * 100:.0f}%" for band in BANDS}


def chances(
    die: str, evade: int, double: int, defence: int, *, crit_ignores_bands: bool = False
) -> Chances:
    """Every face of ``die`` against the thresholds, counted by band and by share dealt."""
    top = faces(die)
    counts = dict.fromkeys(BANDS, 0)
    dealt = dict.fromkeys(DEALT, 0)
    for roll in range(1, top + 1):
        counts[
            outcome(roll, top, evade, double, defence, crit_ignores_bands=crit_ignores_bands)
        ] += 1
        dealt[share(roll, top, evade, double, defence, crit_ignores_bands=crit_ignores_bands)] += 1
    if not crit_ignores_bands:
        counts["critical"] = 1  # the top face: a Crit that also met its band (R47)
    return Chances(die, counts, dealt, crit_ignores_bands)


# --------------------------------------------------------------------------- range


def ability_range(written: int | None, ae: int | None) -> int:
    """An ability's or spell's RNG: as written, else 1, or 0 for an AE attack (Range,
    L93: "If there is no number listed treat it as 1 unless it is an AE attack in which
    case treat it as 0"; AE0 is not an area, L99)."""
    if written is not None:
        return written
    return 0 if ae else 1


WEAPON_RANGE: dict[str, int] = {"melee": 1, "long": 2, "reach": 2, "ranged": 1}


def weapon_range(kind: str, written: int | None) -> int | None:
    """A weapon's RNG: as written, else 1 (Range, L93), 2 for a Long or Reach weapon
    (Melee Attacks, L235); ammo attacks with nothing (None)."""
    if kind == "ammo":
        return written
    if written is not None:
        return written
    return WEAPON_RANGE[kind]


HEIGHT_BONUS_HT = 2  # "+1 RNG if the Attacker is 2 HT above the target" (Range, L95)


def range_from_above(kind: str, rng: int | None) -> int | None:
    """A ranged weapon's RNG when its wielder stands 2 HT above the target: +1 (Range,
    L95: guns, bows, crossbows and thrown weapons); None for any other weapon."""
    if kind != "ranged" or rng is None:
        return None
    return rng + 1


# --------------------------------------------------------------------------- initiative


def initiative_phase(eva: int) -> int:
    """The phase a character or monster acts in: its EVA; phases go from the highest EVA
    down, each resolved whole before the next (Initiative, L65-71)."""
    return eva


def phases(entries: list[tuple[str, int]]) -> list[tuple[int, list[str]]]:
    """``[(name, EVA), ...]`` grouped into phases, the highest first (Initiative, L69:
    "all EVA4 characters act, then all EVA3, etc."); inside a phase each rolls."""
    grouped: dict[int, list[str]] = {}
    for name, eva in entries:
        grouped.setdefault(initiative_phase(eva), []).append(name)
    return sorted(grouped.items(), key=lambda kv: -kv[0])


# --------------------------------------------------------------------------- knockback


def fall_damage(damage: int, drop: int, jump: int) -> int:
    """What a knockback's fall adds: half the damage the attack inflicted when the push
    changes the target's level by at least its Jump, else 0 (Knockback and Falling,
    L125-127); no fall (``drop`` 0 or less) adds nothing. Half rounds down, as the
    builder's other halves (R1)."""
    if drop <= 0 or drop < jump:
        return 0
    return damage // 2


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
