"""The combat chapter's tables and examples (99-towers-combat.txt), cell by cell."""

from __future__ import annotations

import pytest

from builder.rulesets.towers99 import tables as T
from builder.rulesets.towers99.rules import combat as C

# ------------------------------------------------------------------ Combat Clock


def test_wrongway_tony_acts_in_phase_5_and_15_when_surprised():
    # "He keeps the King (value 13) and adds his <N> of 2 ... He will act ... in phase 5"
    assert C.start_phase(13 + 2) == 5
    assert C.start_phase(15, surprised=True) == 15


@pytest.mark.parametrize(("ci", "phase"), [(0, 20), (1, 19), (19, 1), (20, 0), (25, 0)])
def test_start_phase_caps_initiative_at_20(ci, phase):
    assert C.start_phase(ci) == phase
    assert C.start_phase(ci, surprised=True) == phase + 10


def test_negative_initiative_is_refused():
    with pytest.raises(C.RuleError):
        C.start_phase(-1)


def test_shift_position_at_15_lands_at_18():
    assert C.phase_after(15, C.action_cost(C.action("shift-position"))) == 18
    assert C.clock_steps(15, ["shift-position"]) == [18]


def test_shift_combination_is_2_plus_the_action():
    assert C.shift_combination_cost(C.action("attack")) == 7
    assert C.shift_combination_cost(C.action("charge")) == 10
    assert C.clock_steps(5, ["shift+attack", "opportunity-attack", "aim"]) == [12, 15, 20]


@pytest.mark.parametrize(
    "act", ["speak", "drop-object", "discard-chip-to-heal", "forced-delay", "shift-position"]
)
def test_shift_never_combines_with_free_delay_or_shift(act):
    assert C.shift_forbidden(C.action(act)) is not None
    with pytest.raises(C.RuleError):
        C.shift_combination_cost(C.action(act))


def test_hold_and_use_a_skill_have_no_fixed_cost():
    for act in ("hold", "use-a-skill"):
        with pytest.raises(C.RuleError, match="no fixed cost"):
            C.action_cost(C.action(act))
    assert C.action_cost(C.action("speak")) == 0


def test_opportunity_attack_costs_three_phases():
    assert C.after_opportunity_attack(12) == 15


# The Action List, every row: (id, cost, group, provokes).
ACTION_ROWS = [
    ("aid", 3, "", "never"),
    ("aim", 5, "", "never"),
    ("attack", 5, "attack", "ranged"),
    ("cast-a-spell", 5, "", "never"),
    ("charge", 8, "attack move", "leaving"),
    ("combat-move", 5, "move", "leaving"),
    ("concentrate", 5, "", "never"),
    ("discard-chip-to-heal", None, "", "never"),
    ("drop-object", None, "", "never"),
    ("drop-prone", 3, "", "never"),
    ("draw-a-weapon", 6, "", "never"),
    ("escape", 5, "", "never"),
    ("forced-delay", 5, "", "never"),
    ("full-defense", 10, "", "never"),
    ("hold", None, "", "never"),
    ("initiate-grapple", 5, "", "never"),
    ("interact-with-the-environment", 5, "", "always"),
    ("interact-with-inventory", 10, "", "always"),
    ("pick-up-an-object", 3, "", "always"),
    ("power-attack", 7, "attack", "ranged"),
    ("reckless-move", 7, "move", "leaving"),
    ("recover", 5, "", "never"),
    ("reload-a-weapon", 5, "", "always"),
    ("running-leap", 10, "move", "leaving"),
    ("shake-minor-condition", 5, "", "never"),
    ("shift-position", 3, "", "never"),
    ("speak", None, "", "never"),
    ("stand-from-prone", 4, "", "always"),
    ("use-a-skill", None, "", "never"),
    ("use-an-item", 5, "", "always"),
]


def test_action_list_row_by_row():
    got = [(a.id, a.cost, a.group, a.provokes) for a in T.ACTIONS]
    assert got == ACTION_ROWS
    timings = {a.id: a.timing for a in T.ACTIONS if a.cost is None}
    assert timings == {
        "discard-chip-to-heal": "free",
        "drop-object": "free",
        "hold": "special",
        "speak": "free",
        "use-a-skill": "varies",
    }


def test_attack_and_move_groups_are_the_chapters():
    attack = {a.name for a in T.ACTIONS if "attack" in a.group.split()}
    move = {a.name for a in T.ACTIONS if "move" in a.group.split()}
    assert attack == {"Attack", "Charge", "Power Attack"}
    assert move == {"Charge", "Combat Move", "Reckless Move", "Running Leap"}


def test_unknown_action_is_refused():
    with pytest.raises(C.RuleError, match="no action"):
        C.action("dance")


# ------------------------------------------------------------------------ ranges


def test_range_increment_8_example():
    bands = [b.to_json() for b in C.range_bands(8)]
    assert bands == [
        {"from": 0, "to": 8, "modifier": "none"},
        {"from": 9, "to": 16, "modifier": "shift-1"},
        {"from": 17, "to": 24, "modifier": "flip-1"},
        {"from": 25, "to": 32, "modifier": "shift-1 flip-1"},
    ]
    assert C.range_modifier(0, 8) == "none"
    assert C.range_modifier(9, 8) == "shift-1"
    assert C.range_modifier(24, 8) == "flip-1"
    assert C.range_modifier(32, 8) == "shift-1 flip-1"
    assert C.range_modifier(33, 8) is None  # "Greater than 4 | Impossible"


def test_range_penalty_table():
    assert T.RANGE_PENALTIES == {1: "none", 2: "shift-1", 3: "flip-1", 4: "shift-1 flip-1"}
    assert T.MAX_INCREMENTS == 4


@pytest.mark.parametrize(("max_range", "inc"), [(12, 3), (20, 5), (10, 2), (3, 1)])
def test_thrown_increment_is_max_range_over_4(max_range, inc):
    assert C.thrown_increment(max_range) == inc


# ------------------------------------------------------------------------- sizes


@pytest.mark.parametrize(
    ("size", "rank", "side"),
    [
        ("minuscule", -4, 1),
        ("miniscule", -4, 1),
        ("diminutive", -3, 1),
        ("tiny", -2, 1),
        ("small", -1, 1),
        ("medium", 0, 1),
        ("large", 1, 2),
        ("huge", 2, 3),
        ("gargantuan", 3, 4),
        ("colossal", 4, 5),
    ],
)
def test_size_table(size, rank, side):
    assert C.size_rank(size) == rank
    assert C.space_side(size) == side


def test_size_space_table():
    from fractions import Fraction as F

    assert {
        "minuscule": F(1, 4),
        "diminutive": F(1, 3),
        "tiny": F(1, 2),
        "small": 1,
        "medium": 1,
        "large": 2,
        "huge": 3,
        "gargantuan": 4,
        "colossal": 5,
    } == T.SIZE_SPACE


def test_large_revenant_attacking_medium_jimmy():
    s = C.size_shifts("large", "medium")
    assert (s.attacker, s.defender, s.net) == (-1, 0, -1)
    same = C.size_shifts("huge", "huge")
    # "The modifiers of two individuals of the same size will always cancel out"
    assert same.net == 0
    assert C.size_shifts("small", "large").net == 2


def test_unknown_size_is_refused():
    with pytest.raises(C.RuleError):
        C.size_rank("enormous")


# ------------------------------------------------------------------------ damage


def test_heavy_rifle_two_hearts_against_er_1():
    hit = C.hit_damage(7, 2, resilience=1)
    assert (hit.stun, hit.lethal) == (8, 2)


def test_longblade_adds_px():
    assert C.hit_damage(4, 0, px=2).stun == 6
    assert C.hit_damage(4, 1, px=2, resilience=3) == C.Hit(4, 1)


def test_minimum_one_stun_and_lethal_never_above_stun():
    assert C.hit_damage(1, 0, resilience=5) == C.Hit(1, 0)
    assert C.hit_damage(0, 3, resilience=9) == C.Hit(1, 1)


def test_immunity_and_susceptibility():
    assert C.hit_damage(8, 2, immune=True) == C.Hit(0, 0)
    # Berhardt: 8 Arcane (cold) less his IR 2 = 6, doubled
    assert C.hit_damage(8, 0, resilience=2, susceptible=True) == C.Hit(12, 0)
    assert C.hit_damage(8, 1, resilience=2, susceptible=True) == C.Hit(14, 2)


def test_endurance_3_dies_at_minus_6():
    assert C.dead_at(3) == -6
    assert C.lethal_state(-6, 7, 3) == "dead"
    assert C.lethal_state(-5, 7, 3) == "dying"
    assert C.lethal_state(-1, 7, 3) == "dying"
    assert C.lethal_state(0, 7, 3) == "disabled"
    assert C.lethal_state(1, 7, 3) == "wounded"
    assert C.lethal_state(7, 7, 3) == "healthy"


def test_falling_20_feet():
    assert C.falling(20) == C.Fall(20, 8)
    assert C.falling(5) == C.Fall(5, 2)
    assert C.falling(4) == C.Fall(0, 0)
    assert C.falling(12) == C.Fall(10, 4)


# ------------------------------------------------------------------ tactical map


def test_counting_diagonals_1_2_1_2():
    # "the first diagonal takes the count from 2 to 3. The next ... from 4 to 6 ... (6 to 7)"
    assert [C.grid_distance(n, n) for n in range(5)] == [0, 1, 3, 4, 6]
    assert C.grid_distance(2, 0) == 2
    assert C.grid_distance(5, 3) == 6
    assert C.grid_distance(-3, 1) == 3


def test_burst_squares():
    assert C.burst_squares(1) == 9
    assert C.burst_squares(2) == 21
    assert C.burst_squares(3) == 37
    assert C.burst_squares(0) == 1


def test_aura_squares():
    # Aura 1 and 2 around a medium creature, without its own square (Burst minus 1).
    assert C.aura_squares(1) == 8
    assert C.aura_squares(2) == 20
    assert C.aura_squares(3) == 36
    assert C.aura_squares(1, side=2) == 12  # a large creature
    assert C.aura_squares(2, side=2) == 28


def test_damage_types_are_the_chapters_list():
    assert T.DAMAGE_TYPES == ("acid", "cold", "electricity", "fire", "poison", "psychic")
