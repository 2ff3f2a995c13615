"""Chapter I arithmetic: derived stats at their breakpoints, support skills, advancement (R4-R7)."""

import pytest

from builder.models.base import Stat
from builder.rulesets.zodiac.rules.character import (
    EquipmentBonus,
    bonus_points_at,
    creation_problems,
    derived_stats,
    max_tech_levels,
    progress,
)
from builder.rulesets.zodiac.rules.ruleset import HouseRules, Ruleset

S, M, V, P, A = Stat.STR, Stat.MAG, Stat.VIT, Stat.SPR, Stat.AGI


def block(str_=8, mag=8, vit=8, spr=8, agi=8):
    return {S: str_, M: mag, V: vit, P: spr, A: agi}


def d(stats=None, level=1, skill=None, **kw):
    return {k: v.value for k, v in derived_stats(stats or block(), level, skill, **kw).items()}


# --- Step 5 table ---------------------------------------------------------------


def test_level_1_base_values():
    got = d(block(0, 0, 0, 0, 0))
    assert got == {
        "hp": 75,
        "mp": 5,
        "ap": 0,
        "map": 0,
        "str_dice": 1,
        "mag_dice": 1,
        "accuracy": 5,
        "magic_accuracy": 5,
        "evade": 25,
        "resist": 25,
        "critical": 98,
        "speed": 10,
        "max_tech_levels": 5,
        "move": 3,
        "jump": 3,
    }


def test_book_example_agility_10_gives_accuracy_7():
    assert d(block(agi=10))["accuracy"] == 7


@pytest.mark.parametrize(
    ("vit", "level", "hp"), [(8, 1, 115), (9, 1, 120), (8, 2, 119), (41, 12, 75 + 205 + 44)]
)
def test_hp_per_vitality_and_levels_gained_r5(vit, level, hp):
    assert d(block(vit=vit), level)["hp"] == hp


@pytest.mark.parametrize(("level", "mp"), [(1, 13), (2, 14), (3, 14), (4, 15), (99, 13 + 49)])
def test_mp_one_per_even_level_r5(level, mp):
    assert d(block(spr=8), level)["mp"] == mp


@pytest.mark.parametrize(("strength", "dice"), [(99, 1), (100, 2), (199, 2), (200, 3), (250, 3)])
def test_strength_dice_breakpoints(strength, dice):
    assert d(block(str_=strength))["str_dice"] == dice


@pytest.mark.parametrize(
    ("magic", "dice", "macc"), [(4, 1, 5), (5, 1, 6), (99, 1, 24), (100, 2, 25)]
)
def test_magic_dice_and_magic_accuracy_breakpoints(magic, dice, macc):
    got = d(block(mag=magic))
    assert (got["mag_dice"], got["magic_accuracy"], got["map"]) == (dice, macc, magic)


@pytest.mark.parametrize(
    ("agi", "acc", "eva", "crit", "spd"),
    [
        (4, 5, 25, 98, 10),
        (5, 6, 26, 98, 10),
        (14, 7, 27, 98, 10),
        (15, 8, 28, 97, 11),
        (30, 11, 31, 96, 12),
    ],
)
def test_agility_breakpoints(agi, acc, eva, crit, spd):
    got = d(block(agi=agi))
    assert (got["accuracy"], got["evade"], got["critical"], got["speed"]) == (acc, eva, crit, spd)


@pytest.mark.parametrize(
    ("vit", "spr", "resist"), [(9, 9, 25), (10, 9, 26), (10, 10, 27), (25, 39, 30)]
)
def test_resist_breakpoints(vit, spr, resist):
    assert d(block(vit=vit, spr=spr))["resist"] == resist


@pytest.mark.parametrize(("level", "speed"), [(9, 10), (10, 11), (19, 11), (20, 12), (99, 19)])
def test_speed_per_ten_levels_r5(level, speed):
    assert d(block(agi=0), level)["speed"] == speed


@pytest.mark.parametrize(("magic", "mtl"), [(3, 6), (8, 9), (9, 9), (10, 10), (250, 130)])
def test_max_tech_levels_r11(magic, mtl):
    assert max_tech_levels(magic) == mtl
    assert d(block(mag=magic))["max_tech_levels"] == mtl


def test_max_tech_levels_ignore_equipment_magic_r7():
    got = d(block(mag=10), equipment=EquipmentBonus(stats={M: 20}))
    assert got["max_tech_levels"] == 10  # own Magic 10
    assert got["map"] == 30  # equipped Magic 30
    assert got["magic_accuracy"] == 11


# --- Support Skills (Ch. IV) -----------------------------------------------------


def test_attack_up_book_example_strength_50():
    """'a character with a Strength stat of 50 would have +10 AP' on top of the +5."""
    assert d(block(str_=50), skill="attack-up")["ap"] == 50 + 5 + 10
    assert d(block(str_=4), skill="attack-up")["ap"] == 4 + 5 + 0


def test_attack_up_house_rule_without_flat_five():
    rs = Ruleset(HouseRules(support_flat_bonus=False))
    assert d(block(str_=50), skill="attack-up", ruleset=rs)["ap"] == 60


def test_magic_up_book_example_magic_50():
    assert d(block(mag=50), skill="magic-up")["map"] == 50 + 5 + 10


def test_mental_strength_book_example_spirit_50():
    assert d(block(spr=50), skill="mental-strength")["mp"] == 5 + 50 + 5 + 10


def test_toughness_35_and_6_per_vitality():
    assert d(block(vit=10), level=3, skill="toughness")["hp"] == 75 + 35 + 60 + 8


def test_quickness_plus_two_speed():
    assert d(block(agi=15), skill="quickness")["speed"] == 13


@pytest.mark.parametrize(("agi", "crit"), [(14, 98), (15, 96), (30, 94), (45, 92)])
def test_concentrate_two_critical_per_15_agility(agi, crit):
    assert d(block(agi=agi), skill="concentrate")["critical"] == crit


def test_weapon_guard_two_evade_per_weapon_level():
    assert (
        d(block(agi=10), skill="weapon-guard", equipment=EquipmentBonus(weapon_level=4))["evade"]
        == 27 + 8
    )
    assert d(block(agi=10), skill="weapon-guard")["evade"] == 27  # no weapon yet: hook is 0
    assert d(block(agi=10), equipment=EquipmentBonus(weapon_level=4))["evade"] == 27  # skill needed


def test_breakdown_reads_like_the_book():
    v = derived_stats(block(vit=41), 12, None, EquipmentBonus(hp=88))["hp"]
    assert v.value == 412
    assert v.explain() == "75 + 5 x 41 VIT + 4 x 11 levels + 88 armor"


# --- Creation (R4) ---------------------------------------------------------------


def test_creation_legal_spread():
    assert creation_problems(block(11, 6, 6, 11, 6)) == []


def test_creation_above_15():
    codes = [p.code for p in creation_problems(block(16, 3, 6, 6, 9))]
    assert codes == ["ZC102"]


def test_creation_below_3_and_wrong_total():
    probs = creation_problems(block(2, 3, 3, 3, 3))
    assert [p.code for p in probs] == ["ZC101", "ZC103"]
    assert probs[0].path == ("base_stats", "str")


def test_creation_overspent():
    probs = creation_problems(block(15, 15, 5, 5, 5))
    assert [p.code for p in probs] == ["ZC103"]
    assert "over-spends 5" in probs[0].message


# --- Advancement (R6) ------------------------------------------------------------


def test_bonus_points_three_then_four_from_60():
    assert [bonus_points_at(lv) for lv in (1, 2, 59, 60, 99)] == [0, 3, 3, 4, 4]


def test_fifth_level_adds_two_to_every_stat():
    adv = [{S: 2, A: 1}] * 4
    prog = progress(block(), adv, [None] * 4, 5)
    assert prog.problems == []
    assert prog.stats_at(4) == block(str_=14, agi=11)
    assert prog.stats_at(5) == block(str_=18, mag=10, vit=10, spr=10, agi=14)


def test_level_60_spends_four_points():
    adv = [{S: 1, M: 1, V: 1}] * 58 + [{S: 2, V: 2}]
    prog = progress(block(), adv, [None] * 59, 60)
    assert [p for p in prog.problems if p.severity == "error"] == []
    assert prog.unspent == 0


def test_level_60_three_points_is_unspent_warning():
    adv = [{S: 1, M: 1, V: 1}] * 59
    prog = progress(block(), adv, [None] * 59, 60)
    assert [(p.code, p.severity) for p in prog.problems] == [("ZC110", "warning")]
    assert prog.unspent == 1


def test_level_59_four_points_is_overspent():
    adv = [{S: 1, M: 1, V: 1}] * 57 + [{S: 2, V: 2}]
    prog = progress(block(), adv, [None] * 58, 59)
    assert [(p.code, p.path) for p in prog.problems] == [("ZC111", ("advancement", 57))]


def test_three_points_in_one_stat_rejected():
    prog = progress(block(), [{S: 3}], [None], 2)
    assert [(p.code, p.path) for p in prog.problems] == [("ZC112", ("advancement", 0, "str"))]


def test_missing_levels_are_unspent_warnings():
    prog = progress(block(), [], [], 3)
    assert [p.code for p in prog.problems] == ["ZC110", "ZC110"]
    assert prog.unspent == 6


def test_cap_250_fifth_level_overflow_must_be_reallocated():
    start = block(str_=249)
    adv = [{M: 1, V: 1, P: 1}] * 4
    prog = progress(start, adv, [None] * 4, 5)
    assert [p.code for p in prog.problems] == ["ZC114"]
    assert prog.stats_at(5)[S] == 250  # +1 only: the stat stops at the cap

    prog = progress(start, adv, [None, None, None, {A: 1}], 5)
    assert prog.problems == []
    assert prog.stats_at(5)[S] == 250
    assert prog.stats_at(5)[A] == 8 + 2 + 1


def test_cap_250_points_past_the_cap_rejected():
    prog = progress(block(str_=249), [{S: 2, M: 1}], [None], 2)
    assert [(p.code, p.path) for p in prog.problems] == [("ZC113", ("advancement", 0, "str"))]


def test_overflow_where_nothing_overflowed_rejected():
    prog = progress(block(), [{S: 1, M: 1, V: 1}], [{A: 2}], 2)
    assert [p.code for p in prog.problems] == ["ZC114"]


def test_overflow_into_capped_stat_rejected():
    start = block(str_=250, mag=250)
    prog = progress(start, [{V: 1, P: 1, A: 1}] * 4, [None, None, None, {M: 4}], 5)
    assert [p.code for p in prog.problems] == ["ZC113"]
