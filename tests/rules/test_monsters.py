"""Monster arithmetic (Appendix I) on hand-computed monsters; model shapes; the catalogue."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError
from ruamel.yaml import YAML

from builder.models.base import Element, Stat
from builder.rulesets.zodiac.models.monster import Monster
from builder.rulesets.zodiac.rules import monsters as R

CATALOGUE = Path(__file__).resolve().parents[2] / "content" / "core" / "monster_powers.yaml"


def monster(**kw: Any) -> Monster:
    data: dict[str, Any] = {
        "kind": "monster",
        "name": "Goblin",
        "level": 3,
        "stats": {"str": 12, "mag": 5, "vit": 10, "spr": 5, "agi": 8},
    }
    data.update(kw)
    return Monster.model_validate(data)


# --- A plain monster ------------------------------------------------------------------


def test_goblin_level_3_by_hand() -> None:
    # Goblin, level 3, STR 12 MAG 5 VIT 10 SPR 5 AGI 8 (sum 40 = 25 + 5 x 3):
    # HP  = 30 + 20 x 10 + 10 x 3 = 260        MP  = (5 + 3) / 2 = 4
    # AP  = 2 x 12 = 24                        MAP = 2 x 5 = 10
    # Dice 1 + 12/100 = 1, 1 + 5/100 = 1       Accuracy 5 + 8/5 = 6, Magic Accuracy 5 + 5/5 = 6
    # Evade 25 + 8/5 = 26   Resist 25 + 10/10 + 5/10 = 26   Critical 98 - 8/15 = 98
    # Speed 10 + 8/15 + 3/10 = 10 (R5)   Move/Jump 3 (R29)
    # Tech Levels 1 + 5/5 = 2 (R27); XP 35 x 3 = 105, Gold 15 x 3 = 45
    m = monster()
    v = R.monster_view(m)
    assert v.to_json() == {
        "name": "Goblin",
        "level": 3,
        "boss": False,
        "stats": {"str": 12, "mag": 5, "vit": 10, "spr": 5, "agi": 8},
        "derived": {
            "hp": 260,
            "mp": 4,
            "ap": 24,
            "map": 10,
            "str_dice": 1,
            "mag_dice": 1,
            "accuracy": 6,
            "magic_accuracy": 6,
            "evade": 26,
            "resist": 26,
            "critical": 98,
            "speed": 10,
            "move": 3,
            "jump": 3,
        },
        "tech_levels": {"total": 2, "spent": 0},
        "rewards": {"xp": 105, "gold": 45},
    }
    assert v.stat_total.value == 40
    assert v.derived.hp.breakdown == "HP 260 = 30 + 20 x 10 VIT + 10 x 3 levels"
    assert v.derived.mp.breakdown == "MP 4 = (5 SPR + 3 levels) / 2"
    assert v.rewards.xp.breakdown == "XP 105 = 35 x 3"


def test_stat_total_r26() -> None:
    assert R.stat_total(1).value == 30
    assert R.stat_total(12).value == 85
    st2 = R.stat_total(12, exceptional_levels=2)  # 25 + 60 + 20
    assert st2.value == 105
    assert st2.breakdown == "Stat total 105 = 25 + 5 x 12 + 10 x 2 Exceptional Stats"


def test_mp_rounds_down_r1() -> None:
    # (SPR 6 + Level 3) / 2 = 4.5 -> 4
    assert R.derived_stats({"spr": 6}, 3).mp.value == 4


def test_speed_level_term_r5() -> None:
    # +1 per 10 levels: level 9 gets none, level 10 gets one
    assert R.derived_stats({"agi": 0}, 9).speed.value == 10
    assert R.derived_stats({"agi": 0}, 10).speed.value == 11
    assert R.derived_stats({"agi": 30}, 99).speed.value == 10 + 2 + 9


def test_dice_per_100() -> None:
    d = R.derived_stats({"str": 199, "mag": 200}, 50)
    assert (d.str_dice.value, d.mag_dice.value) == (2, 3)


def test_agile_doubles_evade() -> None:
    # Evade (25 + 22/5) x 2 = 29 x 2 = 58
    d = R.derived_stats({"agi": 22}, 5, agile=True)
    assert d.evade.value == 58
    assert d.evade.breakdown == "Evade 58 = (25 + 22 AGI / 5) x 2 Agile"
    m = monster(powers=["agile"])
    assert R.monster_view(m).derived.evade.value == 2 * 26


# --- Damage (Step 4, R10) -------------------------------------------------------------


def test_damage_line_default_x10_r10() -> None:
    line = R.damage_line(2, "d8", 60)
    # 2d8 x 10 + 60: min 2 x 10 + 60 = 80, max 16 x 10 + 60 = 220
    assert (line.minimum, line.maximum) == (80, 220)
    assert line.breakdown == "2d8 x 10 + 60 (80-220)"


def test_damage_line_house_rule_x5() -> None:
    line = R.damage_line(1, "d6", 24, die_multiplier=5)
    assert (line.minimum, line.maximum) == (29, 54)


def test_damage_line_rejects_other_dice() -> None:
    with pytest.raises(ValueError):
        R.damage_line(1, "d12", 0)


def test_monster_view_damage_uses_strength_dice_and_ap() -> None:
    v = R.monster_view(monster(attack_die="D10"), die_multiplier=5)
    assert v.damage.breakdown == "1d10 x 5 + 24 (29-74)"


# --- Bosses (R28) ---------------------------------------------------------------------


def test_boss_by_hand_r28() -> None:
    # Iron Giant, boss, level 30, STR 60 MAG 20 VIT 50 SPR 25 AGI 20 (sum 175 = 25 + 150):
    # HP  = (30 + 20 x 50 + 10 x 30) x 10 = 1330 x 10 = 13300
    # MP  = (25 + 30) / 2 = 27, x 2 = 54
    # AP 120, MAP 40, Accuracy 5 + 4 = 9, Magic Accuracy 5 + 4 = 9, Evade 25 + 4 = 29
    # Resist 25 + 5 + 2 = 32, Critical 98 - 1 = 97, Speed 10 + 1 + 3 = 14
    # Tech Levels 1 + 20/5 = 5; XP 150 x 30 = 4500, Gold 75 x 30 = 2250
    m = monster(
        name="Iron Giant",
        level=30,
        boss=True,
        stats={"str": 60, "mag": 20, "vit": 50, "spr": 25, "agi": 20},
    )
    j = R.monster_view(m).to_json()
    assert j["boss"] is True
    assert j["derived"] == {
        "hp": 13300,
        "mp": 54,
        "ap": 120,
        "map": 40,
        "str_dice": 1,
        "mag_dice": 1,
        "accuracy": 9,
        "magic_accuracy": 9,
        "evade": 29,
        "resist": 32,
        "critical": 97,
        "speed": 14,
        "move": 3,
        "jump": 3,
    }
    assert j["tech_levels"] == {"total": 5, "spent": 0}
    assert j["rewards"] == {"xp": 4500, "gold": 2250}
    hp = R.derived_stats(m.stats, 30, boss=True).hp
    assert hp.breakdown == "HP 13300 = (30 + 20 x 50 VIT + 10 x 30 levels) x 10 boss"


def test_boss_status_immunities_r28() -> None:
    assert R.status_immunities(["poison"], boss=True) == (
        "poison",
        "stone",
        "demi",
        "death_sentence",
        "instant_death",
    )
    assert R.status_immunities(["poison", "poison"]) == ("poison",)


def test_rewards() -> None:
    assert (R.rewards(7).xp.value, R.rewards(7).gold.value) == (245, 105)
    assert (R.rewards(7, boss=True).xp.value, R.rewards(7, boss=True).gold.value) == (1050, 525)


# --- Multiple Parts boss --------------------------------------------------------------


def hydra() -> Monster:
    return monster(
        name="Hydra",
        level=40,
        boss=True,
        stats={"str": 60, "mag": 40, "vit": 70, "spr": 30, "agi": 35},
        affinities={"weakness": ["fire", "ice"]},
        powers=[
            {"exceptional_stats": {"level": 1, "extra": {"vit": 10}}},
            "combination_attack",
        ],
        techs=[{"name": "Tidal Wave", "tech_level": 4, "primary": "attack_magic"}],
        parts=[
            {"name": "Left Head", "power": "lesser_counterattack"},
            {"name": "Right Head", "tech": "thunder", "tech_level": 2},
        ],
    )


def test_multiple_parts_boss_by_hand() -> None:
    # Hydra, boss, level 40, Exceptional Stats 1 (10 points, all VIT):
    # stats 60 + 40 + 70 + 30 + 35 = 235 = 25 + 5 x 40 + 10 x 1       (R26)
    # HP  = (30 + 20 x 70 + 10 x 40) x 10 = 1830 x 10 = 18300          (R28)
    # parts share 18300 / 2 = 9150: 4575 each
    # MP  = (30 + 40) / 2 = 35, x 2 = 70
    # AP 120, MAP 80, Accuracy 5 + 7 = 12, Magic Accuracy 5 + 8 = 13, Evade 25 + 7 = 32
    # Resist 25 + 7 + 3 = 35, Critical 98 - 2 = 96, Speed 10 + 35/15 + 40/10 = 16
    # Tech Levels 1 + 40/5 + 2 Weakness = 11                           (R27)
    # spent: Tidal Wave 4 + Exceptional Stats 1 + Combination Attack 2 (2 parts)
    #        + Multiple Parts 2 x 2 = 4 + Weakness 0 + 0 = 11
    # XP 150 x 40 = 6000, Gold 75 x 40 = 3000
    v = R.monster_view(hydra())
    j = v.to_json()
    assert v.stat_total.value == 235
    assert j["derived"]["hp"] == 18300
    assert j["derived"]["mp"] == 70
    assert (j["derived"]["ap"], j["derived"]["map"]) == (120, 80)
    assert (j["derived"]["accuracy"], j["derived"]["magic_accuracy"]) == (12, 13)
    assert (j["derived"]["evade"], j["derived"]["resist"]) == (32, 35)
    assert (j["derived"]["critical"], j["derived"]["speed"]) == (96, 16)
    assert j["tech_levels"] == {"total": 11, "spent": 11}
    assert j["rewards"] == {"xp": 6000, "gold": 3000}
    assert [f.value for f in v.parts_hp] == [4575, 4575]
    assert v.tech_levels_spent.breakdown == (
        "Tech Levels spent 11 = Tidal Wave 4 + Exceptional Stats 1 + Combination Attack 2"
        " + Multiple Parts 4 + Weakness (fire) 0 + Weakness (ice) 0"
    )


def test_parts_hp_split() -> None:
    # half of 1001 is 500 (R1); 500 over three parts -> 167, 167, 166
    assert [f.value for f in R.parts_hp(1001, [None, None, None])] == [167, 167, 166]
    # a declared part keeps its HP; the rest share what is left: (500 - 100) / 2
    assert [f.value for f in R.parts_hp(1000, [100, None, None])] == [100, 200, 200]


def test_part_levels() -> None:
    assert R.multiple_parts_level(3) == 6
    assert R.combination_attack_level(3) == 3
    assert R.part_power_cap(5) == 2  # half, rounded down (R1)
    assert R.final_attack_tech_level(1) == 2  # the book's level-1 example gets a level-2 power


# --- Tech Levels (R27), Exceptional Stats ---------------------------------------------


def test_tech_levels_total_r27() -> None:
    assert R.tech_levels_total(0).value == 1
    assert R.tech_levels_total(24).value == 5
    assert R.tech_levels_total(25, weaknesses=2).value == 8
    # Exceptional Stats' MAG does not add Tech Levels: (30 - 10) / 5 = 4, + 1
    f = R.tech_levels_total(30, exceptional_mag=10)
    assert f.value == 5
    assert f.breakdown == "Tech Levels 5 = 1 + (30 - 10) MAG / 5"


def test_exceptional_mag_from_model() -> None:
    # level 10: 75 + 10 points; 10 of them in MAG -> MAG 30 counts as 20 -> 1 + 4 = 5
    stats = {"str": 20, "mag": 30, "vit": 15, "spr": 10, "agi": 10}
    declared = monster(
        level=10, stats=stats, powers=[{"exceptional_stats": {"level": 1, "extra": {"mag": 10}}}]
    )
    assert R.monster_view(declared).tech_levels_total.value == 5
    elsewhere = monster(
        level=10, stats=stats, powers=[{"exceptional_stats": {"level": 1, "extra": {"str": 10}}}]
    )
    assert R.monster_view(elsewhere).tech_levels_total.value == 1 + 30 // 5
    # Decision: an undeclared split assumes the worst (10 points of MAG)
    undeclared = monster(level=10, stats=stats, powers=[{"exceptional_stats": 1}])
    assert R.monster_view(undeclared).tech_levels_total.value == 5


def test_tech_levels_spent_level_0_free() -> None:
    f = R.tech_levels_spent([("Fire", 2)], [("Undead", 0), ("Flight", 1)])
    assert f.value == 3
    assert f.breakdown == "Tech Levels spent 3 = Fire 2 + Undead 0 + Flight 1"
    assert R.tech_levels_spent([]).value == 0


def test_weakness_powers_add_tech_levels() -> None:
    # MAG 5 -> 1 + 1 = 2; one Weakness in affinities, one as a power -> 4
    m = monster(affinities={"weakness": ["fire"]}, powers=[{"weakness": "ice"}])
    assert R.monster_view(m).tech_levels_total.value == 4


def test_tech_levels_from_list_and_inline() -> None:
    m = monster(techs=["fira", {"name": "Bite", "tech_level": 1}], powers=["flight"])
    assert R.monster_view(m, tech_levels=[3, None]).tech_levels_spent.value == 3 + 1 + 1


# --- Undead / Unusual Defense ----------------------------------------------------------


def test_undead_on_the_stat_block() -> None:
    m = monster(powers=["undead"], affinities={"resistance": ["fire"]})
    v = R.monster_view(m)
    assert v.affinities["weakness"] == ["holy"]
    assert v.affinities["lesser_absorbency"] == ["shadow"]
    assert v.affinities["resistance"] == ["fire"]
    assert v.defenses.healing_reversed and v.defenses.drain_reversed
    assert R.undead_affinities() == {Element.SHADOW: "lesser_absorbency", Element.HOLY: "weakness"}


def test_undead_shadow_upgraded_by_greater_absorbency() -> None:
    m = monster(powers=["undead", {"greater_absorbency": "shadow"}])
    aff = R.monster_view(m).affinities
    assert aff["greater_absorbency"] == ["shadow"]
    assert aff["lesser_absorbency"] == []


@pytest.mark.parametrize(
    ("resists", "physical", "magical"),
    [
        ("physical", "half", "double"),
        ("magical", "double", "half"),
        ("shifting", "shifting", "shifting"),
    ],
)
def test_unusual_defense(resists: str, physical: str, magical: str) -> None:
    d = R.monster_view(monster(powers=[{"unusual_defense": resists}])).defenses
    assert (d.physical, d.magical) == (physical, magical)
    assert not d.healing_reversed


def test_controlled_defense() -> None:
    d = R.defenses(controlled=True)
    assert (d.physical, d.magical) == ("at will", "at will")


# --- Properties ------------------------------------------------------------------------


@given(
    st.integers(0, 250),
    st.integers(0, 250),
    st.integers(0, 250),
    st.integers(0, 250),
    st.integers(0, 250),
    st.integers(1, 99),
)
def test_boss_is_ten_times_hp_and_twice_mp(s: int, m: int, v: int, p: int, a: int, lv: int) -> None:
    stats = {"str": s, "mag": m, "vit": v, "spr": p, "agi": a}
    normal, boss = R.derived_stats(stats, lv), R.derived_stats(stats, lv, boss=True)
    assert boss.hp.value == 10 * normal.hp.value
    assert boss.mp.value == 2 * normal.mp.value
    assert normal.hp.value == 30 + 20 * v + 10 * lv
    assert normal.mp.value == (p + lv) // 2


# --- Model shapes ----------------------------------------------------------------------


def test_power_shapes() -> None:
    m = monster(
        powers=[
            "Flight",
            {"resistance": "Fire"},
            {"call_minions": "Goblin Archer"},
            {"exceptional_stats": {"level": 2, "extra": {"STR": 20}}},
            {"id": "force-of-will", "tech": "Fira", "tech_level": 2},
            {"weak_regeneration": None},
            {"id": "acid_rain", "custom": True, "level": 3},
        ]
    )
    p = m.powers
    assert [x.id for x in p] == [
        "flight",
        "resistance",
        "call_minions",
        "exceptional_stats",
        "force_of_will",
        "weak_regeneration",
        "acid_rain",
    ]
    assert p[1].element is Element.FIRE
    assert p[2].monsters == ["goblin-archer"]
    assert p[3].level == 2 and p[3].extra == {Stat.STR: 20}
    assert p[4].tech == "fira" and p[4].tech_level == 2


def test_power_shape_errors() -> None:
    with pytest.raises(ValidationError, match="did you mean 'flight'"):
        monster(powers=[{"flite": 2}])
    with pytest.raises(ValidationError, match="takes no parameter"):
        monster(powers=[{"flight": 2}])
    with pytest.raises(ValidationError, match="one-key mapping"):
        monster(powers=[{"flight": None, "agile": None}])
    with pytest.raises(ValidationError):
        monster(powers=[{"id": "flight", "colour": "red"}])  # extra keys are forbidden


def test_monster_model() -> None:
    m = monster(name="Bone Dragon", attack_die="D8")
    assert m.id == "bone-dragon"
    assert m.attack_die == "d8"
    with pytest.raises(ValidationError, match="missing: agi"):
        monster(stats={"str": 10, "mag": 10, "vit": 10, "spr": 10})
    with pytest.raises(ValidationError):
        monster(level=100)
    with pytest.raises(ValidationError):
        monster(attack_die="d12")
    with pytest.raises(ValidationError, match="either power or tech"):
        monster(parts=[{"name": "Arm", "power": "flight", "tech": "fire"}])


def test_json_schema_has_titles() -> None:
    schema = Monster.model_json_schema()
    props = schema["properties"]
    for key in ("name", "level", "stats", "powers", "techs", "parts", "affinities", "boss"):
        assert props[key]["title"]
        assert props[key]["description"]


# --- The catalogue agrees with the table ----------------------------------------------


def test_catalogue_matches_power_table() -> None:
    data = YAML(typ="safe").load(CATALOGUE.read_text(encoding="utf-8"))
    rows = {row["id"]: row for row in data["powers"]}
    assert set(rows) == set(R.POWERS)
    assert len(rows) == len(data["powers"]) == 36
    for pid, spec in R.POWERS.items():
        row = rows[pid]
        assert row["name"] == spec.name, pid
        assert row["level"] == (spec.level if spec.level is not None else "variable"), pid
        assert set(row["parameters"]) - {"level"} == set(spec.params) - {"level"}, pid
        assert row["summary"] and len(row["summary"]) < 160, pid
    for pid, items in R.ITEM_TIERS.items():
        assert set(rows[pid]["restrictions"]["items"]) == items
    for pid, cap in R.STATUS_TOUCH_LEVELS.items():
        assert rows[pid]["restrictions"]["max_status_level"] == cap
    for pid, cap in R.FORCE_OF_WILL_CAPS.items():
        assert rows[pid]["restrictions"]["max_tech_level"] == cap
    assert rows["multiple_parts"]["restrictions"]["max_extra_parts"] == R.MAX_EXTRA_PARTS
