"""16 Bit Tactics arithmetic: every table of the text cell by cell, and its examples."""

from __future__ import annotations

from fractions import Fraction

import pytest

from builder.rulesets.bit16.rules import combat, progression, tables

# Rewards, "Enemy Level / XP/AP", as printed.
ENEMY_TABLE = [
    (1, 1),
    (2, 3),
    (3, 6),
    (4, 10),
    (5, 15),
    (6, 21),
    (7, 28),
    (8, 36),
    (9, 45),
    (10, 55),
]
# Rewards, "PC Level / XP Min", as printed (R34: level 2 at 10, not the prose's 25).
PC_TABLE = [
    (1, 0),
    (2, 10),
    (3, 40),
    (4, 100),
    (5, 200),
    (6, 350),
    (7, 560),
    (8, 840),
    (9, 1200),
    (10, 1650),
]


@pytest.mark.parametrize(("level", "xp"), ENEMY_TABLE)
def test_enemy_table_cell(level, xp):
    assert tables.ENEMY_XP[level] == xp
    assert progression.enemy_xp(level) == xp


def test_enemy_table_has_exactly_the_text_rows():
    assert list(tables.ENEMY_XP.items()) == ENEMY_TABLE


def test_enemy_above_level_10_follows_the_table_rule_r34():
    assert progression.enemy_xp(11) == 66
    assert progression.enemy_xp(12) == 78
    with pytest.raises(ValueError):
        progression.enemy_xp(0)


@pytest.mark.parametrize(("level", "least"), PC_TABLE)
def test_pc_table_cell(level, least):
    assert tables.PC_XP_MIN[level] == least
    assert progression.level_for_xp(least) == level
    if least:
        assert progression.level_for_xp(least - 1) == level - 1


def test_pc_table_has_exactly_the_text_rows():
    assert list(tables.PC_XP_MIN.items()) == PC_TABLE


def test_example_1649_is_level_9_and_1650_is_level_10():
    assert progression.level_for_xp(1649) == 9
    assert progression.level_for_xp(1650) == 10
    assert progression.level_for_xp(99999) == 10


def test_level_2_needs_10_xp_not_25_r34():
    assert progression.level_for_xp(9) == 1
    assert progression.level_for_xp(10) == 2
    assert progression.level_for_xp(25) == 2


def test_xp_to_next_level():
    assert progression.xp_to_next_level(0) == 10
    assert progression.xp_to_next_level(131) == 69
    assert progression.xp_to_next_level(1649) == 1
    assert progression.xp_to_next_level(1650) is None
    with pytest.raises(ValueError):
        progression.level_for_xp(-1)


def test_example_4_pcs_defeat_4_level_1_enemies_award_4():
    a = progression.battle_award([1, 1, 1, 1], 4)
    assert (a.base_xp, a.difficulty, a.award, a.ap) == (4, Fraction(1), 4, 4)
    assert a.to_json() == {"base_xp": 4, "difficulty": 1.0, "award": 4, "ap": 4}


def test_example_6_pcs_defeat_3_level_1_enemies_15_rounds_to_2():
    a = progression.battle_award([1, 1, 1], 6)
    assert a.base_xp == 3
    assert a.difficulty == Fraction(1, 2)
    assert a.base_xp * a.difficulty == Fraction(3, 2)
    assert a.award == 2
    assert a.to_json() == {"base_xp": 3, "difficulty": 0.5, "award": 2, "ap": 2}


def test_example_level_10_enemy_gives_55_xp_and_55_ap():
    a = progression.battle_award([10], 1)
    assert (a.base_xp, a.award, a.ap) == (55, 55, 55)


@pytest.mark.parametrize(
    ("value", "rounded"),
    [
        (Fraction(3, 2), 2),
        (Fraction(5, 2), 3),
        (Fraction(7, 4), 2),
        (Fraction(5, 4), 1),
        (Fraction(0), 0),
    ],
)
def test_round_half_up_r35(value, rounded):
    assert progression.round_half_up(value) == rounded


def test_award_needs_a_pc():
    with pytest.raises(ValueError):
        progression.battle_award([1], 0)


STATUS_TABLE = [("d12", 6), ("d10", 5), ("d8", 4), ("d6", 3), ("d4", 2)]


@pytest.mark.parametrize(("die", "rounds"), STATUS_TABLE)
def test_status_rounds_cell_r36(die, rounds):
    assert combat.status_rounds(die) == rounds
    assert combat.status_rounds(die, stop=True) == -(-rounds // 2)


def test_example_d12_caster_6_rounds_d10_caster_5():
    assert combat.status_rounds("d12") == 6
    assert combat.status_rounds("d10") == 5
    assert combat.status_rounds("d12", stop=True) == 3
    assert combat.status_rounds("d10", stop=True) == 3


def test_combo_bonus_is_5_x_level():
    assert [progression.combo_bonus(n) for n in (1, 7, 10)] == [5, 35, 50]


def test_spell_mp_is_ap_unless_given():
    assert progression.spell_mp(12, None) == 12
    assert progression.spell_mp(12, 10) == 10


def test_limit_gauge():
    assert combat.gain_limit(9).to_json() == {"value": 10, "max": 20, "usable": True}
    assert combat.gain_limit(8).usable is False
    assert combat.gain_limit(19, 5).value == 20
    assert combat.halve_limit(15).value == 7


def test_summed_gains_r38():
    gains = {"squire": {"hp": 12}, "ninja": {"hp": 8}}
    g = progression.summed_gains(["squire", "squire", "ninja"], gains, "hp")
    assert g.value == 32
    assert g.explain() == "2 x 12 (squire) + 1 x 8 (ninja)"


def test_outcome_bands_physical():
    # d8 against EVA 1, 2DEF 2, DEF 4: 1 miss, 2 quarter, 3-4 half, 5-8 full; 8 is also a
    # Crit that still meets its band (R47)
    bands = [combat.outcome(r, 8, 1, 2, 4) for r in range(1, 9)]
    assert bands == ["miss", "quarter", "half", "half", "full", "full", "full", "full"]
    c = combat.chances("d8", 1, 2, 4)
    assert c.counts == {"miss": 1, "quarter": 1, "half": 2, "full": 4, "critical": 1}
    assert c.chance("full") == Fraction(4, 8)
    # (0 + 1/4 + 1/2 + 1/2 + 1 + 1 + 1 + 2) / 8
    assert c.mean() == Fraction(25, 32)
    assert c.to_json() == {
        "miss": 0.125,
        "quarter": 0.125,
        "half": 0.25,
        "full": 0.5,
        "critical": 0.125,
        "mean_multiplier": 0.7812,
    }


def test_crit_ignores_bands_is_the_house_rules_reading():
    """The other reading of R47: the top face meets no band and deals x2 whole."""
    bands = [combat.outcome(r, 8, 1, 2, 4, crit_ignores_bands=True) for r in range(1, 9)]
    assert bands == ["miss", "quarter", "half", "half", "full", "full", "full", "critical"]
    c = combat.chances("d8", 1, 2, 4, crit_ignores_bands=True)
    assert c.counts == {"miss": 1, "quarter": 1, "half": 2, "full": 3, "critical": 1}
    assert c.mean() == Fraction(25, 32)  # the top face is in the full band either way
    d4 = combat.chances("d4", 1, 2, 4, crit_ignores_bands=True)
    assert d4.mean() == Fraction(11, 16) and d4.to_json()["mean_multiplier"] == 0.6875


def test_r47_the_issues_d4_example():
    """A d4 against EVA 1, 2DEF 2, DEF 4: 0, 1/4, 1/2, and the Crit's 1/2 doubled: 0.4375."""
    c = combat.chances("d4", 1, 2, 4)
    shares = [combat.share(r, 4, 1, 2, 4) for r in range(1, 5)]
    assert shares == [0, Fraction(1, 4), Fraction(1, 2), 1]
    assert c.mean() == Fraction(7, 16) and c.to_json()["mean_multiplier"] == 0.4375
    by_share = {str(k): v for k, v in c.dealt.items()}
    assert by_share == {"0": 1, "1/4": 1, "1/2": 1, "1": 1, "2": 0}


def test_a_crit_at_or_under_eva_still_misses_r47():
    c = combat.chances("d4", 4, 4, 4)
    assert c.counts == {"miss": 4, "quarter": 0, "half": 0, "full": 0, "critical": 1}
    assert c.mean() == 0
    house = combat.chances("d4", 4, 4, 4, crit_ignores_bands=True)
    assert house.counts == {"miss": 3, "quarter": 0, "half": 0, "full": 0, "critical": 1}
    assert house.mean() == Fraction(1, 2)  # 2 x DMG on one face of four
    with pytest.raises(ValueError):
        combat.faces("x7")


def test_skill_dice_are_d6_to_d12():
    assert tables.SKILL_DICE == ("d6", "d8", "d10", "d12")


def test_terrain_and_facing_rows():
    assert dict(tables.TERRAIN)["Water"] == "MC 2"
    assert dict(tables.TERRAIN)["Open (grass, earth, stone)"] == "MC 1"
    assert dict(tables.FACING) == {"Front": "+1 EVA", "Side": "no change", "Back": "-1 EVA"}
    assert len(tables.STATUSES) == 20
