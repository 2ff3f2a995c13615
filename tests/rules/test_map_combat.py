"""The Map Combat supplement's numbers (map-combat-old.txt; R29, R30, R32, R1).

Each of the supplement's own examples is a test, quoted where it is asserted.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from builder.rulesets.zodiac.models.tech import Tech
from builder.rulesets.zodiac.rules import map_combat as M
from builder.rulesets.zodiac.rules.map_combat import tech_delivery, tech_reach
from builder.rulesets.zodiac.rules.ruleset import HouseRules, Ruleset
from builder.rulesets.zodiac.views import map_combat as V
from builder.rulesets.zodiac.views.techs import reference_wielder, tech_effects, tech_view
from tests.conftest import EXAMPLE

ON = Ruleset(house=HouseRules(map_combat=True))
OFF = Ruleset(house=HouseRules(map_combat=False))


def _tech(**fields: object) -> Tech:
    base: dict[str, object] = {"name": "T", "tech_level": 3, "primary": "power_attack"}
    base.setdefault("power_level", "medium")
    return Tech.model_validate({**base, **fields})


# --- R32: the switch --------------------------------------------------------------------


def test_r32_map_combat_is_off_unless_turned_on() -> None:
    assert HouseRules().map_combat is False
    assert HouseRules.model_validate({"map_combat": True}).map_combat is True


# --- R29: climbing, jumping, falling ----------------------------------------------------


def test_r29_jump_3_steps_up_1_5_and_clears_two_squares() -> None:
    # "Amos has a Jump value of 3, so he can cross a Height Level of 1.5 or less at one time."
    assert M.climb_per_mp(3) == 1.5
    assert M.can_step_up(3, 1.5) and not M.can_step_up(3, 2.0)
    # "a character with Jump 3 could jump over a river up to two squares wide"
    assert M.jump_gap(3) == 2


def test_r29_amos_climbs_the_wall_by_the_rock() -> None:
    """HL 0 -> rock HL 1 -> wall top HL 2.5: two steps of 1 and 1.5; straight up is 2.5."""
    assert M.can_step_up(3, 1 - 0) and M.can_step_up(3, 2.5 - 1)
    assert not M.can_step_up(3, 2.5 - 0)


@pytest.mark.parametrize(
    ("jump", "climb", "gap"), [(1, 0.5, 0), (2, 1.0, 1), (4, 2.0, 3), (5, 2.5, 4)]
)
def test_r29_climb_is_jump_over_two_not_rounded(jump: int, climb: float, gap: int) -> None:
    assert (M.climb_per_mp(jump), M.jump_gap(jump)) == (climb, gap)


def test_r29_falling_5_5_levels_is_25_percent() -> None:
    # "Falling 5.5 Height Levels would result in 25% damage."
    assert M.fall_percent(5.5) == 25
    assert M.fall_damage(5.5, 400) == 100


@pytest.mark.parametrize(
    ("height", "percent"), [(0, 0), (3, 0), (3.5, 5), (4, 10), (4.5, 15), (6, 30), (8, 50)]
)
def test_r29_five_percent_per_half_level_beyond_three(height: float, percent: int) -> None:
    assert M.fall_percent(height) == percent


def test_r29_r1_fall_damage_rounds_down() -> None:
    assert M.fall_damage(3.5, 356) == 17  # 5% of 356 = 17.8
    assert M.fall_damage(8, 355) == 177  # 50% of 355 = 177.5


def test_r29_fall_table_runs_3_5_to_8() -> None:
    table = M.fall_table(356)
    assert [f.height_levels for f in table] == [3.5 + i / 2 for i in range(10)]
    assert [f.damage for f in table] == [17, 35, 53, 71, 89, 106, 124, 142, 160, 178]
    assert table[4].to_json() == {"height_levels": 5.5, "damage": 89}


def test_a_fall_is_not_negative() -> None:
    with pytest.raises(ValueError):
        M.fall_percent(-1)


# --- R30: normal attacks ----------------------------------------------------------------


def test_r30_melee_is_r1_and_ranged_r4() -> None:
    assert M.normal_attack_range(ranged=False) == 1
    assert M.normal_attack_range(ranged=True) == 4


@pytest.mark.parametrize(("advantage", "r"), [(0, 4), (0.5, 4), (1.5, 5), (3, 7), (4, 8), (9, 8)])
def test_r30_ranged_range_adds_height_rounded_down_to_r8(advantage: float, r: int) -> None:
    assert M.normal_attack_range(True, advantage) == r


def test_r30_minus_20_accuracy_per_square_beyond() -> None:
    assert M.beyond_range_accuracy(4, 4) == 0
    assert M.beyond_range_accuracy(6, 4) == -40


def test_r30_side_plus_5_behind_plus_10() -> None:
    assert (M.angle_bonus("front"), M.angle_bonus("side"), M.angle_bonus("back")) == (0, 5, 10)
    reach = M.attack_reach(False, 8)
    assert (reach.range, reach.accuracy_side, reach.accuracy_back) == (1, 13, 18)
    assert "shoves the target back 1 square" in reach.note
    assert V.attack_fields(True, 20) == {"range": 4, "accuracy_side": 25, "accuracy_back": 30}


# --- R30: Techs -------------------------------------------------------------------------


def test_r30_melee_tech_with_area_effect_3_is_r6_e4_v3() -> None:
    # "to a maximum of +3 (R: 6 E: 4 V: 3)"
    assert tech_reach(_tech(secondary=[{"area_effect": 3}])).text == "R6 E4 V3"


def test_r30_ranged_weapon_tech_is_r6() -> None:
    """A Long Range wielder's weapon Techs get R6 E1 V0, not the melee R3."""
    t = _tech()
    assert tech_reach(t).text == "R3 E1 V0"
    assert tech_reach(t, ranged_weapon=True).text == "R6 E1 V0"
    archer = replace(reference_wielder(ON), ranged=True)
    assert tech_view(t, archer, ON).reach == "R6 E1 V0"
    assert tech_view(t, reference_wielder(ON), ON).reach == "R3 E1 V0"
    assert tech_view(t, archer, OFF).reach is None


def test_r30_delivery_overrides_the_weapon() -> None:
    assert tech_delivery(_tech(delivery="ranged")) == "ranged"
    assert tech_reach(_tech(delivery="other"), ranged_weapon=True).text == "R4 E1 V0"
    magic = _tech(primary="attack_magic", secondary=["area_effect"])
    assert tech_reach(magic, ranged_weapon=True).text == "R5 E2 V1"


def test_r32_short_range_is_melee_whatever_else() -> None:
    t = _tech(primary="attack_magic", delivery="ranged", secondary=["short_range"])
    assert tech_reach(t).text == "R3 E1 V0"


def test_r30_v1_aimed_at_6_strikes_5_to_7() -> None:
    # "a spell with V: 1 that is targeted at a square on Height Level 6 will strike
    # anything ... between 5 and 7"
    assert M.vertical_band(6, 1) == (5, 7)
    assert M.in_vertical_band(6, 1, 7) and M.in_vertical_band(6, 1, 5)
    assert not M.in_vertical_band(6, 1, 7.5) and not M.in_vertical_band(6, 0, 6.5)


def test_effect_diamonds() -> None:
    """E counts the target square: E1 is one square, E2 a plus of five, and so on."""
    assert [M.effect_squares(e) for e in (1, 2, 3, 4)] == [1, 5, 13, 25]
    assert M.diamond(1) == {(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)}
    assert (1, 1) not in M.diamond(1) and (1, 1) in M.diamond(2)


# --- Friendly Fire and Area Effect text --------------------------------------------------


def test_friendly_fire_protects_allies_from_a_harmful_tech() -> None:
    # "This effect protects allies from harmful Techs"
    t = _tech(primary="attack_magic", secondary=["area_effect", "friendly_fire"])
    lines = tech_effects(t, reference_wielder(ON), ON)
    assert "Friendly Fire: allies in the area are not harmed" in lines
    assert "Affects only the enemies in its area (E2)" in lines
    assert not any("hit too" in line for line in lines)


def test_friendly_fire_keeps_a_beneficial_tech_off_enemies() -> None:
    t = _tech(primary="healing", secondary=["area_effect", "friendly_fire"])
    lines = tech_effects(t, reference_wielder(ON), ON)
    assert "Friendly Fire: enemies in the area are not affected" in lines
    assert "Affects only the allies in its area (E2)" in lines


def test_area_effect_in_map_combat_hits_allies_too() -> None:
    # "All powers will affect allies AND enemies in their area of effect!"
    t = _tech(primary="attack_magic", tech_level=2, secondary=[{"area_effect": 2}])
    lines = tech_effects(t, reference_wielder(ON), ON)
    assert (
        "Affects everyone in its area (E3), allies and enemies alike at half effect (TL 1-2)"
        in lines
    )


def test_area_effect_without_map_combat_is_the_core_books() -> None:
    harm = _tech(primary="attack_magic", secondary=["area_effect"])
    heal = _tech(primary="healing", secondary=["area_effect"])
    assert "Affects all enemies" in tech_effects(harm, reference_wielder(OFF), OFF)
    assert "Affects all allies" in tech_effects(heal, reference_wielder(OFF), OFF)


# --- The JSON contract ------------------------------------------------------------------


@pytest.fixture
def example_off(tmp_path: Path) -> Path:
    """The example project with Map Combat switched off."""
    root = tmp_path / "saga"
    shutil.copytree(EXAMPLE, root, ignore=shutil.ignore_patterns("dist"))
    cfg = root / "zodiac.yaml"
    text = cfg.read_text(encoding="utf-8")
    cfg.write_text(text.replace("map_combat: true", "map_combat: false"), encoding="utf-8")
    return root


def test_character_json_contract_with_map_combat(zodiac) -> None:
    r = zodiac("character", "show", str(EXAMPLE / "characters" / "amos.yaml"), "-f", "json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    mc = data["map_combat"]
    assert set(mc) == {"move", "jump", "climb_per_mp", "jump_gap", "fall_damage"}
    assert (mc["move"], mc["jump"], mc["climb_per_mp"], mc["jump_gap"]) == (3, 3, 1.5, 2)
    hp = data["derived"]["hp"]
    assert mc["fall_damage"][4] == {"height_levels": 5.5, "damage": hp * 25 // 100}
    assert len(mc["fall_damage"]) == 10
    [attack] = data["attacks"]
    acc = attack["accuracy"]
    assert (attack["range"], attack["accuracy_side"], attack["accuracy_back"]) == (
        1,
        acc + 5,
        acc + 10,
    )
    assert all(isinstance(t["reach"], str) and t["reach"].startswith("R") for t in data["techs"])


def test_character_json_without_map_combat(zodiac, example_off: Path) -> None:
    r = zodiac("character", "show", str(example_off / "characters" / "amos.yaml"), "-f", "json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["map_combat"] is None
    assert "range" not in data["attacks"][0]
    assert all(t["reach"] is None for t in data["techs"])
    text = zodiac("character", "show", str(example_off / "characters" / "amos.yaml")).stdout
    assert "Map Combat" not in text and "Jump" not in text


def test_monster_json_with_map_combat(zodiac) -> None:
    r = zodiac("monster", "show", str(EXAMPLE / "monsters" / "fire-drake.yaml"), "-f", "json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    mc = data["map_combat"]
    acc = data["derived"]["accuracy"]
    assert (mc["move"], mc["jump"], mc["climb_per_mp"], mc["jump_gap"]) == (3, 3, 1.5, 2)
    assert mc["fall_damage"][0] == {
        "height_levels": 3.5,
        "damage": data["derived"]["hp"] * 5 // 100,
    }
    assert mc["attack"] == {"range": 1, "accuracy_side": acc + 5, "accuracy_back": acc + 10}
    assert mc["techs"] == [{"name": "Monster Breath", "reach": "R4 E1 V0"}]


def test_monster_json_without_map_combat(zodiac, example_off: Path) -> None:
    path = example_off / "monsters" / "fire-drake.yaml"
    data = json.loads(zodiac("monster", "show", str(path), "-f", "json").stdout)
    assert "map_combat" not in data
