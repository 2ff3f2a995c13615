"""Construction rules of Chapter V: each broken form gives its code at its path,
and the legal form passes."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from pydantic import ValidationError

from builder.problems import Problem, Severity
from builder.rulesets.zodiac.checks.equipment import (
    CODES,
    check_armor_set,
    check_relic_set,
    check_weapon_set,
)
from builder.rulesets.zodiac.models.equipment import ArmorSet, RelicSet, WeaponSet

# --------------------------------------------------------------------------- fixtures

WEAPON_ABILITIES: dict[int, list[Any]] = {
    2: [{"elemental": "fire"}],  # 0 points
    4: ["keen_edge"],  # 2
    6: ["drain"],  # 3
    8: [{"stat_bonus": "mag"}, {"elemental": "ice"}],  # 2
    9: [{"status_effect": "poison"}],  # 2 -> regular pool 9 of 10
    10: [{"spell_effect": "fira"}, {"dedicated": "dragons"}],  # artifact 4 of 4
}


def weapon_doc(**overrides: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "kind": "weapon_set",
        "name": "Diff's Swords",
        "weapon_class": "Sword",
        "physical_points": 5,
        "magical_points": 1,
        "weapons": [
            {"level": lvl, "name": f"Sword {lvl}", "abilities": WEAPON_ABILITIES.get(lvl, [])}
            for lvl in range(1, 11)
        ],
    }
    doc.update(overrides)
    return copy.deepcopy(doc)


def weapons(doc: dict[str, Any]) -> list[Problem]:
    return check_weapon_set(WeaponSet.model_validate(doc))


ARMOR_ABILITIES: dict[int, list[Any]] = {
    2: [{"elemental_resistance": "fire"}],  # 1
    4: ["defense", {"elemental_weakness": "ice"}],  # 3 - 1 = 2
    6: [{"stat_bonus": "str"}, {"status_immunity": "poison"}],  # 3
    8: ["magic_defense", "physical_weakness"],  # 3 - 3 = 0
    9: [{"status_immunity": ["stone", "poison"]}],  # 3 + 1 = 4 -> pool 10 of 10
    10: [{"elemental_absorbency": "holy"}, {"elemental_immunity": "shadow"}],  # 5 of 5
}
GUARD_ABILITIES: dict[int, list[Any]] = {
    4: [{"stat_bonus": "vit"}],  # 2 (guard-only stat)
    6: [{"elemental_immunity": "fire"}],  # 2 -> pool 4 of 5
    10: ["defense"],  # 3 of 3
}


def armor_doc(**overrides: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "kind": "armor_set",
        "name": "Knight's Plate",
        "armor_type": "Defense",
        "armors": [
            {"level": lvl, "name": f"Plate {lvl}", "abilities": ARMOR_ABILITIES.get(lvl, [])}
            for lvl in range(1, 11)
        ],
        "guards": [
            {"level": lvl, "name": f"Shield {lvl}", "abilities": GUARD_ABILITIES.get(lvl, [])}
            for lvl in range(1, 11)
        ],
    }
    doc.update(overrides)
    return copy.deepcopy(doc)


def armor(doc: dict[str, Any]) -> list[Problem]:
    return check_armor_set(ArmorSet.model_validate(doc))


def relic_doc() -> dict[str, Any]:
    return {
        "kind": "relic_set",
        "name": "Amos's Relics",
        "relics": [
            {"name": "Power Wrist", "options": [{"stat_boost": {"str": 10}}]},  # 2
            {
                "name": "Flame Ring",
                "options": [{"elemental_absorption": "fire"}, {"stat_boost": {"mag": 10}}],
            },  # 8
            {
                "name": "Ribbon",
                "options": [
                    {"status_immunity": ["poison", "blind"]},
                    {"status_immunity": "stone"},
                    {"critical_boost": 5},
                ],
            },  # 1 + 1 + 2 + 4 = 8
            {"name": "Ice Charm", "options": [{"elemental_boost": {"element": "ice", "dice": 1}}]},
            {
                "name": "Aegis",
                "artifact": True,
                "options": ["elemental_resistance_all", {"stat_boost": {"str": 15}}],
            },  # 13
            {"name": "Saint's Seal", "artifact": True, "options": ["status_immunity_all"]},  # 16
        ],
    }


def relics(doc: dict[str, Any], **kw: Any) -> list[Problem]:
    return check_relic_set(RelicSet.model_validate(doc), **kw)


def found(problems: list[Problem]) -> set[tuple[str, tuple[Any, ...]]]:
    return {(p.code, p.path) for p in problems}


def only(problems: list[Problem], code: str) -> list[Problem]:
    return [p for p in problems if p.code == code]


# --------------------------------------------------------------------------- legal forms


def test_legal_weapon_set_passes() -> None:
    assert weapons(weapon_doc()) == []


def test_legal_long_range_set_passes() -> None:
    doc = weapon_doc(long_range=True)
    doc["weapons"][8]["abilities"] = []  # 7 of 8
    assert weapons(doc) == []


def test_legal_draw_out_set_passes() -> None:
    doc = weapon_doc(draw_out=True)
    props: list[Any] = [
        {"break": "mag"},
        "demi_attack",
        "healing",
        {"status_effect": {"stun": 40, "seal": 35}},  # Ch. V example at level 4
        {"immunity": "fire"},
        {"resistance": "ice"},
        {"magical_attack": "holy"},
        "mp_attack",
        {"stat_booster": "agi"},
        {"status_effect": ["haste", "regen"]},  # positive, levels 4 + 5 <= 10
    ]
    for w, prop in zip(doc["weapons"], props, strict=True):
        w["draw_out"] = prop
    assert weapons(doc) == []


def test_legal_armor_set_passes() -> None:
    assert armor(armor_doc()) == []


def test_legal_swapped_armor_set_passes() -> None:
    doc = armor_doc(pools="swapped")  # armors 5 (artifact 3), guards 10 (artifact 5)
    doc["armors"], doc["guards"] = doc["guards"], doc["armors"]
    doc["armors"][3]["abilities"] = [{"stat_bonus": "agi"}]  # vit is for guards only
    assert armor(doc) == []


def test_legal_relic_set_passes() -> None:
    assert relics(relic_doc()) == []


def test_codes_are_documented() -> None:
    assert all(code.startswith("ZE1") and summary for code, summary in CODES.items())


# --------------------------------------------------------------------------- weapons (R21/R22)


def test_ze101_split_must_total_six() -> None:
    ps = weapons(weapon_doc(physical_points=4, magical_points=1))
    assert found(ps) == {("ZE101", ("physical_points",))}
    assert ps[0].rule == "R21"
    assert "= 5; the split must total exactly 6" in ps[0].message


def test_ze102_side_outside_one_to_five() -> None:
    ps = weapons(weapon_doc(physical_points=6, magical_points=0))
    assert found(ps) == {("ZE102", ("physical_points",)), ("ZE102", ("magical_points",))}


def test_ze103_levels_once_each() -> None:
    doc = weapon_doc()
    doc["weapons"][1]["level"] = 1
    doc["weapons"][1]["abilities"] = []
    ps = weapons(doc)
    assert found(ps) == {("ZE103", ("weapons", 1, "level")), ("ZE103", ("weapons",))}
    assert "lacks level(s) 2" in only(ps, "ZE103")[1].message


def test_ze103_nine_weapons() -> None:
    doc = weapon_doc()
    doc["weapons"] = doc["weapons"][:9]
    assert found(weapons(doc)) == {("ZE103", ("weapons",))}


def test_ze110_at_most_two_abilities() -> None:
    doc = weapon_doc()
    doc["weapons"][3]["abilities"] = []
    doc["weapons"][7]["abilities"] = [{"elemental": "ice"}, {"stat_bonus": "mag"}, "keen_edge"]
    ps = weapons(doc)
    assert found(ps) == {("ZE110", ("weapons", 7, "abilities", 2))}
    assert "has 3 abilities; at most 2" in ps[0].message


def test_ze111_one_element_per_weapon() -> None:
    doc = weapon_doc()
    doc["weapons"][1]["abilities"] = [{"elemental": "fire"}, {"elemental": "ice"}]
    assert found(weapons(doc)) == {("ZE111", ("weapons", 1, "abilities", 1))}


def test_ze112_points_per_weapon() -> None:
    doc = weapon_doc()
    doc["weapons"][3]["abilities"] = ["drain"]  # 3 points on a level-4 weapon
    ps = weapons(doc)
    assert found(ps) == {("ZE112", ("weapons", 3, "abilities"))}
    assert ps[0].message == (
        "weapon level 4 uses 3 ability points; at most 2 (floor(level/2)) are allowed"
    )


def test_ze113_pool_ten() -> None:
    doc = weapon_doc()
    doc["weapons"][6]["abilities"] = ["keen_edge"]  # 9 + 2 = 11
    ps = weapons(doc)
    # Running total: L4 2, L6 5, L7 7, L8 9, L9 11 -> overflows at level 9 (index 8).
    assert found(ps) == {("ZE113", ("weapons", 8, "abilities"))}
    assert "use 11 ability points; the pool is 10" in ps[0].message


def test_ze113_long_range_pool_eight() -> None:
    ps = weapons(weapon_doc(long_range=True))  # 9 points > 8
    assert found(ps) == {("ZE113", ("weapons", 8, "abilities"))}
    assert "the pool is 8" in ps[0].message


def test_ze114_artifact_pool_four() -> None:
    doc = weapon_doc()
    doc["weapons"][9]["abilities"] = ["drain", {"dedicated": "demons"}]
    assert found(weapons(doc)) == {("ZE114", ("weapons", 9, "abilities"))}


def test_ze115_no_strength_on_weapons_r22() -> None:
    doc = weapon_doc()
    doc["weapons"][7]["abilities"] = [{"stat_bonus": "STR"}]
    ps = weapons(doc)
    assert found(ps) == {("ZE115", ("weapons", 7, "abilities", 0))}
    assert ps[0].rule == "R22"


def test_ze116_long_range_is_a_set_flag() -> None:
    doc = weapon_doc()
    doc["weapons"][0]["abilities"] = ["long_range"]
    assert found(weapons(doc)) == {("ZE116", ("weapons", 0, "abilities", 0))}


def test_ze120_every_weapon_needs_draw_out() -> None:
    doc = weapon_doc(draw_out=True)
    for w in doc["weapons"]:
        w["draw_out"] = "healing"
    del doc["weapons"][4]["draw_out"]
    assert found(weapons(doc)) == {("ZE120", ("weapons", 4))}


def test_ze121_draw_out_without_set_flag() -> None:
    doc = weapon_doc()
    doc["weapons"][2]["draw_out"] = "healing"
    assert found(weapons(doc)) == {("ZE121", ("weapons", 2, "draw_out"))}


def _draw_status(level: int, param: Any) -> list[Problem]:
    doc = weapon_doc(draw_out=True)
    for w in doc["weapons"]:
        w["draw_out"] = "healing"
    doc["weapons"][level - 1]["draw_out"] = {"status_effect": param}
    return weapons(doc)


def test_ze122_positive_and_negative_mixed() -> None:
    path = ("weapons", 5, "draw_out", "param")
    assert found(_draw_status(6, ["haste", "stun"])) == {("ZE122", path)}
    assert found(_draw_status(6, ["stun", "poison", "berserk"])) == {("ZE122", path)}


def test_ze123_combined_level() -> None:
    assert found(_draw_status(4, ["stop"])) == {("ZE123", ("weapons", 3, "draw_out", "param"))}
    assert _draw_status(5, ["stop"]) == []


def test_ze124_chance_bounds() -> None:
    base = ("weapons", 9, "draw_out", "param")
    # Above 85% needs more than the 50 points a level-10 weapon has, so ZE125 joins in.
    assert found(_draw_status(10, {"stun": 90})) == {("ZE124", (*base, "stun")), ("ZE125", base)}
    assert found(_draw_status(10, {"stun": 30})) == {("ZE124", (*base, "stun"))}
    assert found(_draw_status(10, {"haste": 50})) == {("ZE124", (*base, "haste"))}
    assert _draw_status(10, {"stun": 85}) == []


def test_ze125_chance_points() -> None:
    ps = _draw_status(4, {"stun": 60, "seal": 35})  # 25 + 15 = 40 > 20
    assert found(ps) == {("ZE125", ("weapons", 3, "draw_out", "param"))}
    assert "raised by 40 points" in ps[0].message


# --------------------------------------------------------------------------- armor (R23)


def test_ze140_net_points_per_piece() -> None:
    doc = armor_doc()
    doc["armors"][8]["abilities"] = []
    doc["armors"][1]["abilities"] = ["defense"]  # 3 on a level-2 armor
    ps = armor(doc)
    assert found(ps) == {("ZE140", ("armors", 1, "abilities"))}
    assert "uses 3 net ability points; at most 1" in ps[0].message


def test_weakness_credit_makes_piece_legal_r23() -> None:
    doc = armor_doc()
    doc["armors"][1]["abilities"] = ["defense", "magical_weakness"]  # 3 - 3 = 0
    assert armor(doc) == []


def test_ze140_credit_named_in_message() -> None:
    doc = armor_doc()
    doc["armors"][3]["abilities"] = [
        "defense",
        {"elemental_resistance": "earth"},
        "magical_weakness",
    ]
    doc["armors"][5]["abilities"] = []
    doc["armors"][3]["abilities"].append({"elemental_immunity": "wind"})  # 6 - 3 = 3 > 2
    ps = armor(doc)
    assert found(ps) == {("ZE140", ("armors", 3, "abilities"))}
    assert "(6 less 3 weakness credit)" in ps[0].message


def test_weakness_does_not_offset_other_pieces_r23() -> None:
    doc = armor_doc()
    doc["armors"][0]["abilities"] = ["physical_weakness"]  # nothing here to offset
    doc["armors"][6]["abilities"] = ["defense"]  # level 7: 3 of 3, pool 13 > 10
    assert found(armor(doc)) == {("ZE141", ("armors", 8, "abilities"))}


def test_ze141_regular_pool() -> None:
    doc = armor_doc()
    doc["armors"][6]["abilities"] = [{"elemental_immunity": "earth"}]  # 12 > 10
    ps = armor(doc)
    assert found(ps) == {("ZE141", ("armors", 8, "abilities"))}
    assert "use 12 net ability points; the armor pool is 10" in ps[0].message


def test_ze141_ze142_swapped_layout() -> None:
    ps = armor(armor_doc(pools="swapped"))  # armors now pool 5 / artifact 3
    assert found(ps) == {
        ("ZE141", ("armors", 5, "abilities")),  # 1 + 2 + 3 = 6 > 5
        ("ZE142", ("armors", 9, "abilities")),
    }


def test_ze142_artifact_guard_pool() -> None:
    doc = armor_doc()
    doc["guards"][9]["abilities"] = ["defense", {"elemental_resistance": "fire"}]  # 4 > 3
    ps = armor(doc)
    assert found(ps) == {("ZE142", ("guards", 9, "abilities"))}
    assert "its pool is 3" in ps[0].message


def test_ze143_vitality_spirit_guard_only() -> None:
    doc = armor_doc()
    doc["armors"][5]["abilities"] = [{"stat_bonus": "spr"}, {"status_immunity": "poison"}]
    assert found(armor(doc)) == {("ZE143", ("armors", 5, "abilities", 0))}


def test_ze144_one_stat_bonus() -> None:
    doc = armor_doc()
    doc["guards"][7]["abilities"] = [{"stat_bonus": "agi"}, {"stat_bonus": "spr"}]
    doc["guards"][5]["abilities"] = []
    doc["guards"][3]["abilities"] = []
    assert found(armor(doc)) == {("ZE144", ("guards", 7, "abilities", 1))}


def test_ze145_one_damage_type() -> None:
    doc = armor_doc()
    doc["armors"][7]["abilities"] = ["physical_weakness", "magical_weakness"]
    assert found(armor(doc)) == {("ZE145", ("armors", 7, "abilities", 1))}
    doc = armor_doc()
    doc["armors"][7]["abilities"] = ["defense", "magic_defense", "physical_weakness"]
    doc["armors"][8]["abilities"] = []
    assert ("ZE145", ("armors", 7, "abilities", 1)) in found(armor(doc))


def test_ze146_element_twice() -> None:
    doc = armor_doc()
    doc["armors"][1]["abilities"] = [
        {"elemental_resistance": "fire"},
        {"elemental_weakness": "fire"},
    ]
    assert found(armor(doc)) == {("ZE146", ("armors", 1, "abilities", 1))}


def test_ze147_status_immunity_twice() -> None:
    doc = armor_doc()
    doc["armors"][8]["abilities"].append({"status_immunity": "poison"})
    assert found(armor(doc)) == {("ZE147", ("armors", 8, "abilities", 1))}


def test_ze103_guards_levels() -> None:
    doc = armor_doc()
    doc["guards"].pop(2)
    assert found(armor(doc)) == {("ZE103", ("guards",))}


# --------------------------------------------------------------------------- relics (R24)


def test_ze160_relic_over_eight() -> None:
    doc = relic_doc()
    doc["relics"][0]["options"] = [{"stat_boost": {"str": 25}}]  # 10 points
    ps = relics(doc)
    assert found(ps) == {("ZE160", ("relics", 0, "options"))}
    assert "has 10 points; at most 8" in ps[0].message


def test_ze161_total_thirty() -> None:
    doc = relic_doc()
    for n in range(2):
        doc["relics"].append({"name": f"Ring {n}", "options": [{"elemental_absorption": "ice"}]})
    ps = relics(doc)  # 22 + 6 = 28, + 6 = 34 at the second ring (index 7)
    assert found(ps) == {("ZE161", ("relics", 7))}
    assert "have 34 points" in ps[0].message


def test_ze162_at_most_eight() -> None:
    doc = {
        "kind": "relic_set",
        "name": "Many",
        "relics": [{"name": f"R{n}", "options": [{"stat_boost": {"agi": 10}}]} for n in range(9)],
    }
    assert found(relics(doc)) == {("ZE162", ("relics", 8))}


def test_ze163_two_artifacts() -> None:
    doc = relic_doc()
    doc["relics"].append({"name": "Third", "artifact": True, "options": []})
    assert found(relics(doc)) == {("ZE163", ("relics", 6, "artifact"))}


def test_ze164_artifact_over_sixteen() -> None:
    doc = relic_doc()
    doc["relics"][4]["options"] = ["elemental_resistance_all", {"stat_boost": {"str": 25}}]
    assert found(relics(doc)) == {("ZE164", ("relics", 4, "options"))}


def test_ze165_one_option_per_category() -> None:
    doc = relic_doc()
    doc["relics"][1]["options"] = [
        {"elemental_resistance": "fire"},
        {"elemental_immunity": "ice"},
    ]
    assert found(relics(doc)) == {("ZE165", ("relics", 1, "options", 1))}
    doc = relic_doc()
    doc["relics"][3]["options"].append({"critical_boost": 5})
    assert found(relics(doc)) == {("ZE165", ("relics", 3, "options", 1))}


def test_status_immunity_may_repeat() -> None:
    doc = relic_doc()  # Ribbon has two status_immunity options
    assert relics(doc) == []


def test_ze166_amount_not_in_table() -> None:
    doc = relic_doc()
    doc["relics"][0]["options"] = [{"stat_boost": {"str": 12}}]
    ps = relics(doc)
    assert found(ps) == {("ZE166", ("relics", 0, "options", 0))}
    assert "+12 stats is not in its table; choose one of 10, 15, 20, 25, 30, 40" in ps[0].message
    doc["relics"][0]["options"] = [{"critical_boost": 7}]
    assert found(relics(doc)) == {("ZE166", ("relics", 0, "options", 0))}
    doc["relics"][0]["options"] = [{"elemental_boost": {"element": "fire", "dice": 3}}]
    assert found(relics(doc)) == {("ZE166", ("relics", 0, "options", 0))}


def test_ze167_duplicate_immunity_is_a_warning() -> None:
    doc = relic_doc()
    doc["relics"][2]["options"][1] = {"status_immunity": "poison"}
    ps = relics(doc)
    assert found(ps) == {("ZE167", ("relics", 2, "options", 1))}
    assert ps[0].severity is Severity.WARNING


def test_ze167_immunity_repeated_inside_one_option() -> None:
    """`status_immunity: [poison, poison]` is charged twice: the same warning as two options."""
    doc = relic_doc()
    doc["relics"][0]["options"] = [{"status_immunity": ["poison", "Poison"]}]
    ps = relics(doc)
    assert found(ps) == {("ZE167", ("relics", 0, "options", 0))}
    assert "immunity to poison is already on this relic" in ps[0].message
    doc["relics"][0]["options"] = [{"status_immunity": ["poison", "blind"]}]
    assert relics(doc) == []


def test_ze168_map_combat_house_rule() -> None:
    doc = relic_doc()
    doc["relics"][0]["options"].append({"move_boost": 1})  # 2 + 4 = 6
    assert found(relics(doc)) == {("ZE168", ("relics", 0, "options", 1))}
    assert relics(doc, map_combat=True) == []


# --------------------------------------------------------------------------- model shapes


def test_ability_shapes_normalised() -> None:
    ws = WeaponSet.model_validate(
        weapon_doc(
            weapon_class="Great Sword",
            weapons=[
                {
                    "level": 1,
                    "name": "Flame Tongue",
                    "abilities": ["Keen Edge", {"Elemental": "Fire"}, {"spell_effect": "Fira"}],
                }
            ],
        )
    )
    assert ws.weapon_class == "great_sword"
    assert ws.id == "diffs-swords"
    w = ws.weapons[0]
    assert w.id == "flame-tongue"
    assert [(a.id.value, a.param) for a in w.abilities] == [
        ("keen_edge", None),
        ("elemental", "fire"),
        ("spell_effect", "fira"),
    ]


@pytest.mark.parametrize(
    "ability",
    [
        {"elemental": "plasma"},
        "elemental",
        {"drain": 5},
        {"status_effect": "stop"},  # not on the weapon Status Effect table
        {"stat_bonus": "luck"},
        "fly",
    ],
)
def test_bad_weapon_ability_rejected(ability: Any) -> None:
    doc = weapon_doc()
    doc["weapons"][0]["abilities"] = [ability]
    with pytest.raises(ValidationError):
        WeaponSet.model_validate(doc)


def test_unknown_key_rejected() -> None:
    with pytest.raises(ValidationError):
        WeaponSet.model_validate(weapon_doc(colour="red"))


def test_armor_status_list_and_relic_shapes() -> None:
    a = ArmorSet.model_validate(armor_doc())
    assert a.armors[8].abilities[0].param == ["stone", "poison"]
    r = RelicSet.model_validate(relic_doc())
    assert r.relics[0].options[0].param == {"str": 10}
    assert r.relics[3].options[0].param == {"element": "ice", "dice": 1}
    with pytest.raises(ValidationError):
        RelicSet.model_validate(
            {"kind": "relic_set", "name": "x", "relics": [{"name": "y", "options": ["stat_boost"]}]}
        )
