"""The chapter's arithmetic: every table cell by cell and every worked example as a test."""

from __future__ import annotations

import pytest

from builder.rulesets.turns import tables as T
from builder.rulesets.turns.rules import combat as C

# --------------------------------------------------------------------------- elements (R45)

# (attack, target) -> rank shift, the whole 9 x 9 chart as R45 reads it: the attacking
# element's "strong against" adds a rank, its "vulnerable to" takes one away.
_SHIFTS = {
    ("fire", "wind"): 1, ("fire", "water"): -1,
    ("water", "fire"): 1, ("water", "wind"): -1,
    ("wind", "water"): 1, ("wind", "fire"): -1,
    ("darkness", "light"): 1, ("darkness", "darkness"): -1,
    ("light", "darkness"): 1, ("light", "light"): -1,
    ("metal", "electric"): 1, ("metal", "metal"): -1,
    ("electric", "metal"): 1, ("electric", "electric"): -1,
}  # fmt: skip
# R49: a Noble action gains a rank against anything, any action against Noble gains one,
# and one rank at most either way (Noble against Noble: +1).
_SHIFTS.update({("noble", e): 1 for e in T.ELEMENTS})
_SHIFTS.update({(e, "noble"): 1 for e in T.ELEMENTS})


@pytest.mark.parametrize("attack", T.ELEMENTS)
@pytest.mark.parametrize("target", T.ELEMENTS)
def test_element_chart_cell_by_cell(attack, target):
    # Noble: +1 both ways (R49); Neutral: nothing.
    assert C.element_shift(attack, target) == _SHIFTS.get((attack, target), 0)


def test_element_examples_of_the_chapter():
    # "instead of taking 10 (2x5) damage, it takes 15 (3x5)"
    assert C.damage(2, 5) == 10
    assert C.damage_against(2, 5, "water", "fire") == 15
    # against a wind-based monster: 5 (1x5)
    assert C.damage_against(2, 5, "water", "wind") == 5
    # against a water-based monster: no bonus
    assert C.damage_against(2, 5, "water", "water") == 10
    assert C.damage_against(2, 5, None, "fire") == 10
    assert C.damage_against(0, 5, "water", "wind") == 0  # rank never below 0


# --------------------------------------------------------------------------- checks


def test_evade_example():
    # Melee Evasion 10 against Melee Accuracy 2: "hoping to get below 8"
    assert C.evade_target(10, 2) == 8


def test_crit_score_is_rank_plus_one():
    assert [C.crit_score(r) for r in range(5)] == [1, 2, 3, 4, 5]


def test_outnumbered_examples():
    assert C.outnumbered(enemies=2, friends=1) == 1  # alone against two
    assert C.outnumbered(enemies=3, friends=3) == 0  # you and two allies against three
    assert C.outnumbered(enemies=1, friends=3) == -2


def test_teamwork_caps_at_three_and_bosses_count_more():
    assert [C.teamwork(n) for n in range(6)] == [0, 1, 2, 3, 3, 3]
    assert C.teamwork(0, "miniboss") == 1 and C.teamwork(0, "boss") == 2
    assert C.teamwork(2, "boss") == 3


def test_high_ground():
    assert [C.high_ground_bonus(n) for n in (0, 1, 2, -1)] == [0, 3, 6, 0]


# --------------------------------------------------------------------------- AP


def test_charging_at_20_ap_a_turn():
    assert [C.turns_to_pay(ap) for ap in (0, 5, 20, 21, 40, 41, 60)] == [1, 1, 1, 2, 2, 3, 3]
    assert [C.charging_turns(ap) for ap in (20, 25, 45)] == [0, 1, 2]


def test_burn_drives_ap_negative():
    assert C.burn_debt(25) == -5 and C.burn_debt(10) == 0 and C.burn_debt(25, 5) == -20


def test_movement_costs_r43():
    assert [C.movement_cost(n) for n in (1, 2, 3, 4)] == [5, 7, 9, 11]
    with pytest.raises(ValueError):
        C.movement_cost(0)


# --------------------------------------------------------------------------- swarms


@pytest.mark.parametrize(
    ("members", "row"),
    [(2, (3, -3, 1)), (3, (5, -5, 2)), (4, (7, -7, 3)), (5, (10, -10, 4)),
     (6, (12, -12, 5)), (7, (14, -14, 6)), (10, (20, -20, 9))],
)  # fmt: skip
def test_swarm_table(members, row):
    s = C.swarm(members)
    assert (s.accuracy, s.evasion, s.rank) == row
    assert s.to_json() == {
        "members": members,
        "accuracy": row[0],
        "evasion": row[1],
        "rank": row[2],
    }


def test_swarm_names_and_minimum():
    assert [C.swarm_name(n) for n in (2, 3, 4, 5, 6)] == [
        "Duo", "Trio", "Quartet", "Quintet", "6 (6+)"
    ]  # fmt: skip
    with pytest.raises(ValueError):
        C.swarm(1)


# --------------------------------------------------------------------------- befriend, danger, death


@pytest.mark.parametrize(
    ("intel", "full", "three_q", "half", "quarter"),
    [("drone", 16, 15, 14, 13), ("instinctive", 18, 17, 16, 15), ("sapient", 20, 19, 18, 17)],
)
def test_befriend_difficulty(intel, full, three_q, half, quarter):
    assert [C.befriend_dc(intel, hp, 100) for hp in (100, 75, 50, 25)] == [
        full, three_q, half, quarter
    ]  # fmt: skip


def test_befriend_examples_and_limits():
    assert C.befriend_dc("sapient", 24, 48) == 18  # a sapient monster at half health
    assert C.befriend_dc("sapient", 47, 48) == 20  # less than a quarter missing: R1
    assert C.befriend_dc("drone", -5, 20) == 12  # KO'd and below: all four quarters
    assert C.befriend_dc("wise", 10, 10) is None
    assert C.befriend_dc("brilliant", 10, 10) is None
    assert C.befriend_dc(None, 10, 10) is None
    assert [C.can_befriend(i) for i in T.INTELLIGENCE] == [True, True, True, False, False]


def test_danger_threshold_by_intelligence():
    assert [C.danger_threshold(i, 200) for i in T.INTELLIGENCE] == [20, 50, 100, 150, None]
    assert C.danger_threshold("drone", 45) == 4  # R1: 4.5 rounds down
    assert C.danger_threshold(None, 45) is None


def test_ko_and_death():
    assert C.KO_AT == 0
    assert C.death_at(60) == -30 and C.death_at(45) == -22  # R1


def test_fall_and_pit_damage():
    assert [C.fall_damage(n) for n in (0, 1, 2, 3)] == [0, 15, 30, 45]
    assert C.bottomless_pit_damage(60) == 15 and C.bottomless_pit_damage(45) == 11


# --------------------------------------------------------------------------- grades (R44, R46)


@pytest.mark.parametrize(
    ("margin", "name", "percent"),
    [(20, "Amazing", 0), (12, "Amazing", 0), (11, "Great", 50), (6, "Great", 50),
     (5, "General", 100), (0, "General", 100), (-1, "Adequate", 100), (-5, "Adequate", 100),
     (-6, "Sloppy", 200), (-11, "Sloppy", 200), (-12, "Horrible", 400), (-30, "Horrible", 400)],
)  # fmt: skip
def test_grade_bands(margin, name, percent):
    g = C.grade(10 + margin, 10)
    assert (g.name, g.battle_percent) == (name, percent)


def test_obstacle_penalties_example_r46():
    # "risk 10 points ... sloppy would penalize 15 points, and a horrible success 20"
    assert [C.obstacle_penalty(10, roll, 15) for roll in (14, 9, 3)] == [10, 15, 20]
    assert C.obstacle_penalty(10, 15, 15) == 0  # equal passes by 0 (R44)


def test_battle_costs():
    assert [C.battle_cost(20, 10 + m, 10) for m in (12, 6, 0, -1, -6, -12)] == [
        0, 10, 20, 20, 40, 80
    ]  # fmt: skip


def test_difficulty_bands_r44():
    assert [C.obstacle_band(d) for d in (7, 8, 20, 21)] == [
        "not a serious obstacle", "fair", "fair", "potentially too difficult"
    ]  # fmt: skip
    assert [C.battle_band(d) for d in (7, 8, 18, 19)] == [
        "too easy: the players win", "fair", "fair", "too hard: the players most certainly lose"
    ]  # fmt: skip


def test_tables_from_the_chapter():
    assert list(T.WEIGHT_CLASSES) == ["VL", "L", "M", "H", "VH"]
    assert T.BEFRIEND_BASE == {"drone": 16, "instinctive": 18, "sapient": 20}
    assert T.DANGER_PERCENT == {
        "drone": 10, "instinctive": 25, "sapient": 50, "wise": 75, "brilliant": None
    }  # fmt: skip
    assert T.AP_PER_TURN == 20 and T.COUNTERS_INITIATIVE == 99
    assert T.TEAMWORK_COUNT == {"regular": 1, "miniboss": 2, "boss": 3}
    assert [r for _, r in T.COVER_RANKS] == [1, 2, 3, 4, 5]
    assert len(T.ELEMENTS) == 9
