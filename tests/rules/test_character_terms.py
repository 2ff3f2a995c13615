"""Breakdowns of a character's own stats, XP to next level, attack damage and turns
(`rules.character`): the terms add up to the number the rules compute, with real sources."""

from __future__ import annotations

import pytest

from builder.models.base import STATS, Stat
from builder.rulesets.zodiac.rules import character as rules
from builder.rulesets.zodiac.rules.ruleset import HouseRules, apply_damage_options
from builder.rulesets.zodiac.rules.speed import effective_speed


def _block(**kw: int) -> dict[Stat, int]:
    return {s: kw.get(s.value, 0) for s in STATS}


def _sum(terms) -> int:
    return sum(t.amount for t in terms)


def test_stat_terms_base_points_and_fifth_level():
    """Levels 2-5: 2 + 1 points into STR, then the fifth level's +2 to every stat (R6)."""
    base = _block(str=11, mag=6, vit=6, spr=11, agi=6)
    adv = [_block(str=2, agi=1), _block(vit=2, mag=1), _block(str=1, spr=2), _block(agi=3)]
    prog = rules.progress(base, adv, [None] * 4, 5)
    terms = rules.stat_terms(prog, 5)
    for stat in STATS:
        assert _sum(terms[stat.value]) == prog.stats_at(5)[stat], stat
    strength = terms["str"]
    assert [(t.amount, t.source) for t in strength] == [
        (11, "base"),
        (2, "level:2"),
        (1, "level:4"),
        (2, "level:5"),
    ]
    assert strength[0].rule == "Ch. I Step 2, R4"
    agi = terms["agi"]  # level 5: 3 points and the +2, one term with both inside
    assert (agi[-1].amount, agi[-1].source) == (5, "level:5")
    assert [(t.label, t.amount) for t in agi[-1].terms] == [
        ("3 bonus points", 3),
        ("2 fifth-level bonus", 2),
    ]


def test_stat_terms_at_an_earlier_level_stop_there():
    base = _block(str=11, mag=6, vit=6, spr=11, agi=6)
    adv = [_block(str=2, agi=1), _block(str=2, mag=1)]
    prog = rules.progress(base, adv, [None, None], 3)
    assert [t.source for t in rules.stat_terms(prog, 2)["str"]] == ["base", "level:2"]
    assert _sum(rules.stat_terms(prog, 1)["str"]) == 11


def test_stat_terms_cap_and_overflow():
    """A fifth-level +2 at 249 adds 1 (the cap, 250); the other point is re-allocated
    under `overflow:` and is a term of the stat it went to (R6)."""
    base = _block(str=247, mag=6, vit=6, spr=11, agi=6)
    adv = [_block(str=2), _block(vit=3), _block(vit=3), _block(agi=3)]
    over = [None, None, None, _block(mag=1)]
    prog = rules.progress(base, adv, over, 5)
    assert not [p for p in prog.problems if p.code in ("ZC113", "ZC114")]
    terms = rules.stat_terms(prog, 5)
    assert prog.stats_at(5)[Stat.STR] == 250 == _sum(terms["str"])
    assert terms["str"][-1].label == "1 fifth-level bonus at level 5"
    mag = terms["mag"][-1]
    assert mag.source == "level:5" and mag.amount == 3
    assert [(t.label, t.amount) for t in mag.terms] == [
        ("2 fifth-level bonus", 2),
        ("1 overflow re-allocated", 1),
    ]
    assert _sum(terms["mag"]) == prog.stats_at(5)[Stat.MAG]


@pytest.mark.parametrize(
    ("level", "xp", "written", "expected"),
    [(1, 0, False, 50), (10, 4050, False, 950), (12, 6200, True, 1000), (98, 470450, False, 9750)],
)
def test_xp_to_next_terms(level, xp, written, expected):
    """Appendix III: 50 x (level - 1)^2; level 11 needs 5,000, level 99 480,200."""
    terms = rules.xp_to_next_terms(level, xp, written=written)
    assert _sum(terms) == expected == rules.xp_to_next(level, xp)
    assert terms[0].source == "table:xp" and terms[0].amount == rules.xp_for_level(level + 1)
    assert terms[1].source == ("written" if written else "table:xp")


def test_xp_to_next_at_99_has_no_terms():
    assert rules.xp_to_next_terms(99, rules.xp_for_level(99), written=False) == ()
    assert rules.xp_to_next(99) is None


def test_attack_damage_book_example():
    """Ch. VI Attacking: AP 25, one Strength Die, a d8 Long Sword: (1d8 x 10) + 25 = 35-105."""
    low = rules.attack_damage_terms(1, 8, 10, 25, high=False)
    high = rules.attack_damage_terms(1, 8, 10, 25, high=True, die_source="equipment:x/long")
    assert (_sum(low), _sum(high)) == (35, 105)
    assert [(t.amount, t.source) for t in high] == [(80, "dice"), (25, "derived.ap")]
    assert [(t.amount, t.source) for t in high[0].terms] == [
        (1, "derived.str_dice"),
        (8, "equipment:x/long"),
        (10, "rule"),
    ]


@pytest.mark.parametrize(
    ("house", "sources"),
    [
        (HouseRules(damage_die_multiplier=5), ["dice", "derived.ap"]),
        (HouseRules(damage_levels=1), ["dice", "derived.ap", "house_rule:damage_levels"]),
        (
            HouseRules(damage_levels=1, damage_cap=2000),
            ["dice", "derived.ap", "house_rule:damage_levels", "house_rule:damage_cap"],
        ),
    ],
    ids=["x5", "damage-levels", "damage-cap"],
)
def test_attack_damage_with_the_switches(house, sources):
    """2 dice of d12, AP 170: the switches' terms make the sum the switched range."""
    for high in (False, True):
        terms = rules.attack_damage_terms(2, 12, house.damage_die_multiplier, 170, house, high=high)
        raw = 2 * (12 if high else 1) * house.damage_die_multiplier + 170
        expected = apply_damage_options(raw, raw, house).high
        assert _sum(terms) == expected, high
    assert [t.source for t in terms] == sources  # the high end
    if house.damage_die_multiplier == 5:
        assert terms[0].terms[2].source == "house_rule:damage_die_multiplier"
    if house.damage_cap:
        assert _sum(terms) == 2000 and terms[-1].amount == 2000 - 4100


def test_unarmed_sources():
    terms = rules.attack_damage_terms(1, 4, 10, 6, high=True, unarmed=True)
    assert terms[1].source == "unarmed" and terms[1].rule == "Ch. VI Unarmed Attacks"
    assert [t.source for t in terms[0].terms][:2] == ["unarmed", "unarmed"]


@pytest.mark.parametrize("speed", [0, 1, 12, 15, 20])
def test_speed_terms(speed):
    """SP per round is Speed; the first round adds 1d8; Haste/Slow as rules.speed says."""
    value = rules.Value(speed, ((str(speed), speed),))
    terms = rules.speed_terms(value)
    assert _sum(terms["sp_per_round"]) == speed
    assert (_sum(terms["first_round_sp.0"]), _sum(terms["first_round_sp.1"])) == (
        speed + 1,
        speed + 8,
    )
    for status in ("haste", "slow", "stop"):
        assert _sum(terms[f"speed_with.{status}"]) == effective_speed(speed, status)
        assert terms[f"speed_with.{status}"][1].source == f"status:{status}"
