"""Speed and turns (Ch. VI Combat Sequence; Slow, Haste, Stop): rules/speed.py."""

from __future__ import annotations

import pytest

from builder.rulesets.zodiac.rules import speed as S
from builder.rulesets.zodiac.rules.speed import Combatant


def test_the_books_constants():
    assert S.SP_PER_ACTION == 8
    assert list(S.FIRST_ROUND_ROLLS) == [1, 2, 3, 4, 5, 6, 7, 8]


def test_keef_and_the_ogre_round_by_round():
    """Keef (Speed 20, rolls 3) and the ogre (Speed 11, rolls 1): the book's example."""
    keef = S.rounds(20, 2, first_roll=3)
    ogre = S.rounds(11, 2, first_roll=1)
    assert (keef[0].sp, keef[0].actions, keef[0].leftover) == (23, 2, 7)
    assert (ogre[0].sp, ogre[0].actions, ogre[0].leftover) == (12, 1, 4)
    assert keef[1].sp == 27 and keef[1].actions == 3  # "enough for three attacks"
    assert ogre[1].sp == 15 and ogre[1].actions == 1  # "not quite enough to attack twice"


def test_keef_and_the_ogre_tick_by_tick():
    ticks, left = S.play_round([Combatant("Keef", 20, 23), Combatant("ogre", 11, 12)])
    assert [t.turns for t in ticks] == [(("Keef",), ("ogre",)), (("Keef",),)]
    assert [(c.name, c.sp) for c in left] == [("Keef", 7), ("ogre", 4)]
    assert [c.sp for c in S.next_round(left)] == [27, 15]


def test_tick_order_most_sp_then_speed_then_simultaneous():
    order = S.tick_order(
        [
            Combatant("a", 12, 16),
            Combatant("b", 15, 16),
            Combatant("c", 12, 16),
            Combatant("d", 5, 20),
            Combatant("e", 30, 7),  # fewer than 8 SP: no turn this tick
        ]
    )
    assert order == [("d",), ("b",), ("a", "c")]


def test_a_round_spends_eight_sp_per_action_and_carries_the_rest():
    for sp in range(0, 40):
        assert S.actions_for(sp) == (sp // 8, sp % 8)
    ticks, left = S.play_round([Combatant("x", 10, 31)])
    assert len(ticks) == 3 and left[0].sp == 7


@pytest.mark.parametrize(
    ("speed", "slow", "haste"),
    [(20, 10, 30), (15, 7, 22), (11, 5, 16), (1, 0, 1), (0, 0, 0)],
)
def test_slow_halves_and_haste_adds_half_rounded_down(speed, slow, haste):
    assert S.effective_speed(speed, "slow") == slow
    assert S.effective_speed(speed, "haste") == haste
    assert S.effective_speed(speed, "stop") == 0
    assert S.effective_speed(speed) == speed


def test_haste_and_slow_change_the_refresh_not_the_first_roll():
    haste = S.rounds(10, 2, first_roll=8, status="haste")  # Speed 15
    assert [(r.sp, r.actions, r.leftover) for r in haste] == [(23, 2, 7), (22, 2, 6)]
    slow = S.rounds(10, 2, first_roll=1, status="slow")  # Speed 5
    assert [(r.sp, r.actions, r.leftover) for r in slow] == [(6, 0, 6), (11, 1, 3)]


def test_stop_allows_no_action_and_keeps_the_sp():
    stopped = S.rounds(12, 3, first_roll=5, status="stop")
    assert [(r.sp, r.actions, r.leftover) for r in stopped] == [(5, 0, 5)] * 3


def test_first_round_range_and_spans_over_every_roll():
    assert S.first_round_sp(14).to_json() == [15, 22]
    assert S.first_round_sp(14, "haste").to_json() == [22, 29]
    spans = S.round_spans(14, 3)
    assert [(r.sp.to_json(), r.actions.to_json()) for r in spans] == [
        ([15, 22], [1, 2]),
        ([14, 21], [1, 2]),  # roll 1: 15 -> 1 action, 7 left, 21; roll 2: 16 -> 2, 0, 14
        ([14, 21], [1, 2]),
    ]
    one = S.round_spans(20, 2, first_roll=3)
    assert [(r.sp.text, r.actions.text, r.leftover.text) for r in one] == [
        ("23", "2", "7"),
        ("27", "3", "3"),
    ]


def test_summary_for_a_sheet():
    data = S.speed_summary(12).to_json()
    assert data["speed"] == data["sp_per_round"] == 12
    assert data["first_round_sp"] == [13, 20]
    assert data["speed_with"] == {"haste": 18, "slow": 6, "stop": 0}
    assert set(data["rounds"]) == {"normal", "haste", "slow"}
    assert [r["actions"] for r in data["rounds"]["normal"]] == [[1, 2]] * 3
    assert [r["actions"] for r in data["rounds"]["haste"]] == [[2, 3]] * 3
    assert [r["actions"] for r in data["rounds"]["slow"]] == [[0, 1]] * 3


@pytest.mark.parametrize(
    "call",
    [
        lambda: S.effective_speed(-1),
        lambda: S.effective_speed(10, "fast"),  # type: ignore[arg-type]
        lambda: S.rounds(10, 0, 1),
        lambda: S.rounds(10, S.MAX_ROUNDS + 1, 1),
        lambda: S.rounds(10, 2, 9),
        lambda: S.actions_for(-1),
        lambda: S.play_round([Combatant("x", 1, 8), Combatant("x", 2, 8)]),
    ],
)
def test_bad_input_is_refused(call):
    with pytest.raises(ValueError):
        call()
