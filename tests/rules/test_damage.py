"""Damage as it lands (Ch. VI Attacking, Defending, Elemental Affinities, Status Effects).

The book's worked examples are the first two tests: Diff's critical of 200 is 400, and
Merlin's Meltdown of 700 against Fire Resistance is 350.
"""

from __future__ import annotations

from fractions import Fraction

from builder.rulesets.zodiac.rules import damage as D


def test_diffs_critical_doubles_200_to_400() -> None:
    """Ch. VI Attacking: "His total damage is 200 ... his damage is doubled to 400"."""
    assert D.landed(200, D.critical_multiplier()) == 400


def test_meltdown_700_against_fire_resistance_is_350() -> None:
    """Ch. VI Attacking: "dealing 700 points of Fire damage ... halved to 350"."""
    assert D.landed(700, D.RESISTANT) == 350


def test_concentrate_triples_a_critical() -> None:
    """Ch. IV Concentrate: "a critical hit ... deals TRIPLE its normal damage"."""
    assert D.critical_multiplier(concentrate=True) == 3
    assert D.landed(200, D.critical_multiplier(concentrate=True)) == 600


def test_factors_multiply_then_round_down_once() -> None:
    """R1: a division rounds down; Defend's half on top of a Resistance is a quarter of the
    total (Ch. VI Defending: "in addition to elemental weaknesses and resistances")."""
    assert D.landed(175, D.RESISTANT) == 87
    assert D.landed(175, D.RESISTANT * D.DEFENDING) == 43
    assert D.landed(175, D.MINI_TARGET) == 262
    assert D.landed(175, D.FROG_ATTACKER) == 17


def test_the_damage_cap_comes_after_the_weakness() -> None:
    """Ch. VI optional Damage Cap: "after weaknesses and resistances"."""
    assert D.landed(700, D.WEAK, cap=999) == 999
    assert D.landed(2400, D.RESISTANT, cap=999) == 999
    assert D.landed(1800, D.RESISTANT, cap=999) == 900


def test_outcomes_of_an_attack_line() -> None:
    """A 108-178 hit: critical, resistant, weak, defending, Mini target; own statuses."""
    got = {o.key: (o.low, o.high) for o in D.outcomes(108, 178, crit=2)}
    assert got == {
        "critical": (216, 356),
        "vs_resistant": (54, 89),
        "vs_weak": (216, 356),
        "critical_vs_resistant": (108, 178),
        "critical_vs_weak": (432, 712),
        "vs_defending": (54, 89),
        "vs_mini": (162, 267),
        "while_mini": (10, 17),
        "while_frog": (10, 17),
        "while_cursed": (108, 108),
    }


def test_a_magic_tech_has_no_critical_no_mini_and_no_frog() -> None:
    """Ch. II Inaccurate: no critical without an attack roll; Ch. VI Mini divides weapon
    damage only; Ch. VI Frog: "You cannot use Techs"."""
    keys = [o.key for o in D.outcomes(700, 700, weapon=False, frog=False)]
    assert keys == ["vs_resistant", "vs_weak", "vs_defending", "vs_mini", "while_cursed"]
    by = {o.key: o for o in D.outcomes(700, 700, weapon=False, frog=False)}
    assert (by["vs_resistant"].low, by["vs_resistant"].factor) == (350, Fraction(1, 2))
