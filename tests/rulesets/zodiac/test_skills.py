"""Chapter IV Secondary Skills: the book's tables cell by cell, its worked examples, and
the numbers a character's skills print (rules.skills, views.skills; R1, R2, R25)."""

from __future__ import annotations

import pytest

from builder.rulesets.zodiac.rules import equipment as eq
from builder.rulesets.zodiac.rules import skills as S
from builder.rulesets.zodiac.rules.ruleset import DEATHBLOW_MULTIPLIER

# --- Dice (Ch. IV Dice table: 5d6 result -> damage) ------------------------------------

# (5d6 roll, damage for a stat of 45): 1, Stat/10, Stat/5, Stat/2, Stat*2, Stat*5, Stat*10.
DICE_45 = {
    5: 1,
    **dict.fromkeys(range(6, 9), 4),
    **dict.fromkeys(range(9, 13), 9),
    **dict.fromkeys(range(13, 20), 22),
    **dict.fromkeys(range(20, 27), 90),
    **dict.fromkeys(range(27, 30), 225),
    30: 450,
}


@pytest.mark.parametrize("roll", range(5, 31))
def test_dice_every_roll(roll):
    assert S.dice_damage(roll, 45, "MAG").value == DICE_45[roll]


def test_dice_table_has_the_books_seven_rows():
    rows = S.dice_table(45, "MAG")
    assert [r for r, _ in rows] == ["5", "6-8", "9-12", "13-19", "20-26", "27-29", "30"]
    assert [v.value for _, v in rows] == [1, 4, 9, 22, 90, 225, 450]
    assert [v.explain() for _, v in rows][1:3] == ["45 MAG / 10", "45 MAG / 5"]


def test_dice_divisions_round_down_r1():
    assert S.dice_damage(6, 19).value == 1  # 19 / 10 = 1.9 -> 1
    assert S.dice_damage(13, 19).value == 9  # 19 / 2 = 9.5 -> 9


@pytest.mark.parametrize("roll", [4, 31])
def test_dice_refuses_impossible_rolls(roll):
    with pytest.raises(ValueError):
        S.dice_damage(roll, 10)


# --- Slots (Ch. IV Slots tables) -------------------------------------------------------

SLOTS = {
    3: "chaos",
    4: "roulette",
    5: "roulette",
    **dict.fromkeys(range(6, 10), "single_magic"),
    **dict.fromkeys(range(10, 14), "lagomorph"),
    **dict.fromkeys(range(14, 17), "multi_magic"),
    17: "reset",
    18: "victory",
}


@pytest.mark.parametrize("roll", range(3, 19))
def test_slots_every_roll(roll):
    effect, _, not_boss = S.slots_effect(roll)
    assert effect == SLOTS[roll]
    assert not_boss == (effect in ("roulette", "victory"))  # the table's asterisks


@pytest.mark.parametrize("level", range(1, 100))
def test_slots_single_magic_tech_level_die_every_level(level):
    expected = 2 if level <= 9 else 3 if level <= 19 else 4 if level <= 29 else 6
    assert S.slots_tech_level_die(level) == expected


def test_slots_refuses_impossible_rolls():
    with pytest.raises(ValueError):
        S.slots_effect(2)
    with pytest.raises(ValueError):
        S.slots_tech_level_die(0)


# --- the other Command Skills ------------------------------------------------------------


@pytest.mark.parametrize(("level", "cap"), [(1, 20), (10, 110), (12, 130), (99, 1000)])
def test_coin_toss_cap(level, cap):
    value = S.coin_toss_cap(level)
    assert value.value == cap
    assert value.explain() == f"10 + 10 x {level} Level"


def test_chakra_uses_the_users_maximums_rounded_down():
    hp, mp = S.chakra(412, 47)
    assert (hp.value, mp.value) == (103, 4)  # 25% of 412; 10% of 47 = 4.7 -> 4 (R1)
    assert hp.explain() == "25% of 412 max HP"


def test_health_is_20_percent_of_max():
    assert S.health(412).value == 82  # 82.4 -> 82
    assert S.health(500).value == 100


def test_kick_is_a_third_of_the_books_normal_attack():
    # Ch. VI: AP 25, one Strength Die, Long Sword d8 -> 35-105.
    span = S.kick(35, 105)
    assert (span.low.value, span.high.value) == (11, 35)
    assert span.text == "11-35"


def test_jump_peril_throw_double():
    for factor in (S.JUMP_MULTIPLIER, S.PERIL_MULTIPLIER, S.THROW_MULTIPLIER):
        assert S.scaled(35, 105, factor).text == "70-210"
    assert S.PERIL_DAMAGE_TAKEN_PCT == 50


def test_rage_adds_a_quarter_rounded_down():
    span = S.rage(35, 105)
    assert span.text == "43-131"  # 35 + 8 (8.75), 105 + 26 (26.25)
    assert span.high.explain() == "105 + 26 Rage 25%"


def test_deathblow_roll_and_no_natural_90():
    roll = S.attack_roll(14, S.DEATHBLOW_PENALTY, "Deathblow")
    assert roll.value == -26
    # roll + 14 - 40 > 30 needs 57+: 44 of 100 rolls.
    assert S.deathblow_hit_chance(14, 30) == 44
    # A normal attack always hits on 90+; Deathblow does not.
    assert S.deathblow_hit_chance(14, 500) == 0
    assert S.scaled(306, 486, DEATHBLOW_MULTIPLIER).text == "612-972"


def test_wish_book_example():
    assert S.wish(100).value == 300


def test_x_magic_book_example_r2():
    surcharge = S.x_magic_surcharge(19 + 26)  # Fire 3 + Flare
    assert surcharge.value == 23  # 22.5 rounds up (R2)
    assert 45 + surcharge.value == 68
    assert S.x_magic_surcharge(44).value == 22


def test_runic_book_example():
    hp, mp = S.runic(500)
    assert (hp.value, mp.value) == (50, 10)
    assert S.runic(99)[0].value == 9  # R1


def test_morph_book_example():
    assert S.morph_mp_loss(100).value == 15


def test_counter_chances_and_mirror():
    assert S.COUNTER_CHANCE == {"attack": 30, "command_skill": 30, "tech": 20, "mirror": 20}
    assert sum(S.COUNTER_CHANCE.values()) == 100
    assert S.counter_chance("tech") == 20
    assert S.MIRROR_COUNTERS_NORMAL_ATTACKS is False
    assert {"chakra", "health"} == S.COUNTER_FORBIDDEN_COMMANDS


def test_natural_resistance_joins_the_affinities():
    assert S.with_natural_resistance({}, "fire") == {"fire": "resist"}
    # The best protection wins, as between two items: a weakness gives way ...
    assert S.with_natural_resistance({"fire": "weak"}, "fire") == {"fire": "resist"}
    # ... and an absorbency or immunity stays.
    assert S.with_natural_resistance({"fire": "absorb"}, "fire") == {"fire": "absorb"}
    assert S.with_natural_resistance({"ice": "immune"}, None) == {"ice": "immune"}


# --- Chapter V Drain Weapon, Chapter VI Weapon Range, R25 --------------------------------


def test_drain_weapon_book_example():
    assert eq.drain_heal(300) == 60  # Diff's Drain Sabre critical
    assert eq.drain_heal(300, target_hp=45) == 45  # never more than the target had
    assert eq.drain_heal(99) == 19  # R1


def test_drain_percent_only_with_the_ability():
    assert eq.drain_percent([eq.Ab("drain")]) == 20
    assert eq.drain_percent([eq.Ab("keen_edge")]) == 0


def test_flying_penalty():
    assert eq.flying_penalty(False) == -60
    assert eq.flying_penalty(True) == 0


@pytest.mark.parametrize(("price", "sell"), [(75, 37), (150, 75), (8000, 4000), (None, None)])
def test_sell_price_r25(price, sell):
    assert eq.sell_price(price) == sell
