"""Chapter II construction rules: each forbidden form gives its code at its path, and the
allowed form passes."""

from __future__ import annotations

from typing import Any

import pytest

from builder.problems import Problem, Severity
from builder.rulesets.zodiac.checks.techs import (
    CODES,
    check_clone,
    check_enemy_skill,
    check_learning_history,
    check_starting_techs,
    check_tech,
    check_tech_levels,
)
from builder.rulesets.zodiac.models.tech import EnemySkill, Tech
from builder.rulesets.zodiac.rules import techs as R
from builder.rulesets.zodiac.tables.techs import AttackNotation


def tech(**kw: Any) -> Tech:
    data: dict[str, Any] = {"name": "T", "tech_level": 3, "primary": "power_attack"}
    if kw.get("primary", "power_attack") in ("power_attack", "attack_magic", "healing"):
        data["power_level"] = "medium"
    data.update(kw)
    return Tech.model_validate(data)


def found(problems: list[Problem]) -> list[tuple[str, tuple[Any, ...]]]:
    return [(p.code, p.path) for p in problems]


def errors(problems: list[Problem]) -> list[Problem]:
    return [p for p in problems if p.severity is Severity.ERROR]


# Each case: (name, forbidden Tech kwargs, code, path, allowed Tech kwargs).
CASES: list[tuple[str, dict[str, Any], str, tuple[Any, ...], dict[str, Any]]] = [
    # R12 Tech Levels
    (
        "r12_break_arts_2_4_6",
        {"primary": "break_arts", "stat": "str", "tech_level": 3},
        "ZT101",
        ("tech_level",),
        {"primary": "break_arts", "stat": "str", "tech_level": 4},
    ),
    (
        "r12_stat_booster_2_4_6",
        {"primary": "stat_booster", "stat": "agi", "tech_level": 5},
        "ZT101",
        ("tech_level",),
        {"primary": "stat_booster", "stat": "agi", "tech_level": 6},
    ),
    (
        "r12_demi_2_5",
        {"primary": "demi_attack", "tech_level": 4},
        "ZT101",
        ("tech_level",),
        {"primary": "demi_attack", "tech_level": 5},
    ),
    (
        "r12_revenge_2_4",
        {"primary": "revenge", "tech_level": 3},
        "ZT101",
        ("tech_level",),
        {"primary": "revenge", "tech_level": 2},
    ),
    (
        "r12_revive_3_5_6",
        {"primary": "revive", "tech_level": 4},
        "ZT101",
        ("tech_level",),
        {"primary": "revive", "tech_level": 3},
    ),
    (
        "r12_fatal_blow_min_2",
        {"primary": "fatal_blow", "tech_level": 1},
        "ZT101",
        ("tech_level",),
        {"primary": "fatal_blow", "tech_level": 2},
    ),
    (
        "r12_quadra_slam_3",
        {"primary": "quadra_slam", "power_level": "weak", "tech_level": 4},
        "ZT101",
        ("tech_level",),
        {"primary": "quadra_slam", "power_level": "weak", "tech_level": 3},
    ),
    (
        "r12_invulnerability_4_6",
        {"primary": "invulnerability", "damage_type": "physical", "tech_level": 5},
        "ZT101",
        ("tech_level",),
        {"primary": "invulnerability", "damage_type": "physical", "tech_level": 6},
    ),
    (
        "r12_debilitate_3_6",
        {"primary": "debilitate", "tech_level": 2},
        "ZT101",
        ("tech_level",),
        {"primary": "debilitate", "tech_level": 6},
    ),
    (
        "r12_unique_fixed_level",
        {"primary": "scan", "tech_level": 2},
        "ZT101",
        ("tech_level",),
        {"primary": "scan", "tech_level": 1},
    ),
    # Power Levels
    (
        "fixed_power_level",
        {"primary": "fatal_blow", "power_level": "weak"},
        "ZT102",
        ("power_level",),
        {"primary": "fatal_blow", "power_level": "strong"},
    ),
    (
        "mp_steal_special_power",
        {"primary": "mp_steal", "power_level": "weak"},
        "ZT102",
        ("power_level",),
        {"primary": "mp_steal"},
    ),
    ("variable_power_missing", {"power_level": None}, "ZT103", (), {"power_level": "weak"}),
    # R13
    (
        "r13_effective_above_8",
        {"tech_level": 6, "secondary": ["area_effect", {"drain": 50}], "drain_area": "split"},
        "ZT104",
        ("secondary",),
        {"tech_level": 6, "secondary": ["area_effect", {"drain": 25}], "drain_area": "split"},
    ),
    # R14 counts
    (
        "r14_at_most_two",
        {"secondary": ["area_effect", "short_range", "limited_uses"]},
        "ZT110",
        ("secondary", 2),
        {"secondary": ["area_effect", "short_range"], "element": "fire"},
    ),
    (
        "r14_no_repeat",
        {"secondary": ["short_range", "short_range"]},
        "ZT111",
        ("secondary", 1),
        {"secondary": [{"lesser_status_attack": "poison"}, {"lesser_status_attack": "blind"}]},
    ),
    (
        "r14_lesser_status_twice_differs",
        {"secondary": [{"lesser_status_attack": "poison"}, {"lesser_status_attack": "poison"}]},
        "ZT112",
        ("secondary", 1),
        {"secondary": [{"lesser_status_attack": "poison"}, {"lesser_status_attack": "stop"}]},
    ),
    # Unique Powers
    (
        "unique_only_sacrifice_limited",
        {"primary": "scan", "tech_level": 1, "secondary": ["short_range"]},
        "ZT120",
        ("secondary", 0),
        {
            "primary": "scan",
            "tech_level": 1,
            "secondary": [{"sacrifice": "half_mp"}, "limited_uses"],
        },
    ),
    (
        "unique_absorbency_self_only_not_area",
        {"primary": "absorbency", "tech_level": 6, "element": "fire", "secondary": ["area_effect"]},
        "ZT120",
        ("secondary", 0),
        {"primary": "absorbency", "tech_level": 6, "element": "fire", "secondary": ["self_only"]},
    ),
    (
        "unique_dispel_area",
        {"primary": "dispel", "tech_level": 2, "secondary": ["backfire"]},
        "ZT120",
        ("secondary", 0),
        {"primary": "dispel", "tech_level": 2, "secondary": ["area_effect"]},
    ),
    (
        "unique_esuna_self_only",
        {"primary": "esuna", "tech_level": 6, "secondary": ["area_effect"]},
        "ZT120",
        ("secondary", 0),
        {"primary": "esuna", "tech_level": 6, "secondary": ["self_only"]},
    ),
    (
        "unique_immunity_area",
        {"primary": "immunity", "tech_level": 4, "element": "ice", "secondary": ["short_range"]},
        "ZT120",
        ("secondary", 0),
        {"primary": "immunity", "tech_level": 4, "element": "ice", "secondary": ["area_effect"]},
    ),
    (
        "unique_resistance_self_only",
        {"primary": "resistance", "tech_level": 2, "element": "ice", "secondary": ["inaccurate"]},
        "ZT137",
        ("secondary", 0),
        {"primary": "resistance", "tech_level": 2, "element": "ice", "secondary": ["self_only"]},
    ),
    (
        "unique_steal_gold_area",
        {"primary": "steal_gold", "tech_level": 2, "secondary": ["mp_attack"]},
        "ZT120",
        ("secondary", 0),
        {"primary": "steal_gold", "tech_level": 2, "secondary": ["area_effect"]},
    ),
    (
        "mp_steal_no_secondary",
        {"primary": "mp_steal", "secondary": ["limited_uses"]},
        "ZT121",
        ("secondary", 0),
        {"primary": "mp_steal"},
    ),
    (
        "invulnerability_6_no_area",
        {
            "primary": "invulnerability",
            "tech_level": 6,
            "damage_type": "magical",
            "secondary": ["area_effect"],
        },
        "ZT122",
        ("secondary", 0),
        {
            "primary": "invulnerability",
            "tech_level": 4,
            "damage_type": "magical",
            "secondary": ["area_effect"],
        },
    ),
    # Quadra Slam
    (
        "quadra_no_area",
        {"primary": "quadra_slam", "power_level": "strong", "secondary": ["area_effect"]},
        "ZT123",
        ("secondary", 0),
        {"primary": "quadra_slam", "power_level": "strong", "secondary": ["inaccurate"]},
    ),
    (
        "quadra_no_backfire",
        {
            "primary": "quadra_slam",
            "power_level": "strong",
            "secondary": ["short_range", "backfire"],
        },
        "ZT123",
        ("secondary", 1),
        {"primary": "quadra_slam", "power_level": "strong", "secondary": ["short_range"]},
    ),
    (
        "quadra_random_any_only",
        {
            "primary": "quadra_slam",
            "power_level": "weak",
            "secondary": [{"random_target": "enemy"}],
        },
        "ZT124",
        ("secondary", 0),
        {"primary": "quadra_slam", "power_level": "weak", "secondary": [{"random_target": "any"}]},
    ),
    # Backfire
    (
        "r18_backfire_not_beneficial",
        {"primary": "healing", "secondary": ["backfire"]},
        "ZT130",
        ("secondary", 0),
        {"primary": "attack_magic", "secondary": ["backfire"]},
    ),
    (
        "stat_booster_no_backfire",
        {"primary": "stat_booster", "stat": "str", "tech_level": 2, "secondary": ["backfire"]},
        "ZT130",
        ("secondary", 0),
        {"primary": "break_arts", "stat": "str", "tech_level": 2, "secondary": ["backfire"]},
    ),
    (
        "r18_positive_status_is_beneficial",
        {"primary": "status_effect", "statuses": ["haste"], "secondary": ["backfire"]},
        "ZT130",
        ("secondary", 0),
        {"primary": "status_effect", "statuses": ["poison"], "secondary": ["backfire"]},
    ),
    (
        "backfire_no_random_target",
        {"secondary": [{"random_target": "any"}, "backfire"]},
        "ZT131",
        ("secondary", 1),
        {"secondary": [{"random_target": "any"}, "short_range"]},
    ),
    # Area / Self-Only
    (
        "area_not_with_self_only",
        {"primary": "healing", "secondary": ["self_only", "area_effect"]},
        "ZT132",
        ("secondary", 1),
        {"primary": "healing", "secondary": ["area_effect"]},
    ),
    # Drain
    (
        "drain_needs_damage",
        {"primary": "break_arts", "stat": "mag", "tech_level": 2, "secondary": [{"drain": 25}]},
        "ZT133",
        ("secondary", 0),
        {
            "primary": "break_arts",
            "stat": "mag",
            "tech_level": 2,
            "secondary": ["mp_attack", {"drain": 25}],
        },
    ),
    (
        "hp_drain_not_with_sacrifice",
        {"secondary": [{"drain": 25}, {"sacrifice": "no_mp"}]},
        "ZT134",
        ("secondary", 1),
        {"tech_level": 2, "primary": "attack_magic", "secondary": [{"drain": 25}, "mp_attack"]},
    ),
    (
        "drain_not_with_healing",
        {"primary": "healing", "secondary": [{"drain": 50}]},
        "ZT135",
        ("secondary", 0),
        {"primary": "power_attack", "secondary": [{"drain": 50}]},
    ),
    # Drain with Area Effect: the creator picks one of the book's two forms
    (
        "drain_area_effect_needs_a_choice",
        {"primary": "attack_magic", "secondary": ["area_effect", {"drain": 25}]},
        "ZT146",
        ("secondary", 1),
        {
            "primary": "attack_magic",
            "secondary": ["area_effect", {"drain": 25}],
            "drain_area": "split",
        },
    ),
    (
        "drain_area_only_with_both",
        {"primary": "attack_magic", "secondary": [{"drain": 25}], "drain_area": "hardest_hit"},
        "ZT147",
        ("drain_area",),
        {"primary": "attack_magic", "secondary": [{"drain": 25}]},
    ),
    # Elemental
    (
        "elemental_only_on_damage",
        {"primary": "revive", "element": "holy"},
        "ZT136",
        ("element",),
        {"primary": "attack_magic", "element": "holy"},
    ),
    # Inaccurate (R18)
    (
        "r18_inaccurate_only_listed",
        {"primary": "fatal_blow", "secondary": ["inaccurate"]},
        "ZT137",
        ("secondary", 0),
        {"primary": "demi_attack", "tech_level": 2, "secondary": ["inaccurate"]},
    ),
    # Healing limits
    (
        "lesser_status_not_with_healing",
        {"primary": "healing", "secondary": [{"lesser_status_attack": "stun"}]},
        "ZT138",
        ("secondary", 0),
        {"primary": "attack_magic", "secondary": [{"lesser_status_attack": "stun"}]},
    ),
    (
        "mp_attack_not_with_healing",
        {"primary": "healing", "secondary": ["mp_attack"]},
        "ZT139",
        ("secondary", 0),
        {"primary": "revenge", "tech_level": 4, "secondary": ["mp_attack"]},
    ),
    (
        "self_only_must_be_beneficial",
        {"secondary": ["self_only"]},
        "ZT140",
        ("secondary", 0),
        {"primary": "stat_booster", "stat": "mag", "tech_level": 2, "secondary": ["self_only"]},
    ),
    (
        "healing_not_sacrifice_and_self_only",
        {"primary": "healing", "secondary": [{"sacrifice": "half_mp"}, "self_only"]},
        "ZT141",
        ("secondary", 1),
        {"primary": "healing", "secondary": [{"sacrifice": "half_mp"}, "area_effect"]},
    ),
    (
        "steal_as_well_not_beneficial",
        {"primary": "revive", "tech_level": 3, "secondary": ["steal_as_well"]},
        "ZT142",
        ("secondary", 0),
        {"primary": "attack_magic", "secondary": ["steal_as_well", "area_effect"]},
    ),
    (
        "random_target_side",
        {"primary": "healing", "secondary": [{"random_target": "enemy"}]},
        "ZT144",
        ("secondary", 0),
        {"primary": "healing", "secondary": [{"random_target": "ally"}]},
    ),
    # Primary parameters
    (
        "break_arts_needs_stat",
        {"primary": "break_arts", "tech_level": 2},
        "ZT150",
        (),
        {"primary": "break_arts", "tech_level": 2, "stat": "spr"},
    ),
    (
        "status_effect_needs_statuses",
        {"primary": "status_effect"},
        "ZT150",
        (),
        {"primary": "status_effect", "statuses": ["blind"]},
    ),
    (
        "immunity_needs_element",
        {"primary": "immunity", "tech_level": 4},
        "ZT150",
        (),
        {"primary": "immunity", "tech_level": 4, "element": "earth"},
    ),
    (
        "invulnerability_needs_damage_type",
        {"primary": "invulnerability", "tech_level": 4},
        "ZT150",
        (),
        {"primary": "invulnerability", "tech_level": 4, "damage_type": "magical"},
    ),
    (
        "stat_booster_str_mag_agi",
        {"primary": "stat_booster", "tech_level": 2, "stat": "vit"},
        "ZT151",
        ("stat",),
        {"primary": "stat_booster", "tech_level": 2, "stat": "str"},
    ),
    ("stat_only_for_break_and_boost", {"stat": "str"}, "ZT152", ("stat",), {}),
    (
        "statuses_only_for_status_effect",
        {"statuses": ["stun"]},
        "ZT152",
        ("statuses",),
        {"secondary": [{"lesser_status_attack": "stun"}]},
    ),
    (
        "damage_type_needs_damage",
        {"primary": "esuna", "tech_level": 6, "damage_type": "magical"},
        "ZT152",
        ("damage_type",),
        {"primary": "attack_magic", "damage_type": "physical"},
    ),
    # R17 Status Effect
    (
        "r17_min_level_sum",
        {"primary": "status_effect", "tech_level": 3, "statuses": ["stop"]},
        "ZT160",
        ("tech_level",),
        {"primary": "status_effect", "tech_level": 4, "statuses": ["stop"]},
    ),
    (
        "r17_ten_points_per_level",
        {"primary": "status_effect", "tech_level": 2, "statuses": [{"stun": -15}]},
        "ZT161",
        ("statuses",),
        {"primary": "status_effect", "tech_level": 2, "statuses": [{"stun": -20}]},
    ),
    (
        "r17_not_above_zero",
        {"primary": "status_effect", "tech_level": 6, "statuses": [{"poison": 5}]},
        "ZT162",
        ("statuses", 0),
        {"primary": "status_effect", "tech_level": 6, "statuses": [{"poison": 0}]},
    ),
    (
        "status_modifier_not_below_base",
        {"primary": "status_effect", "tech_level": 2, "statuses": [{"sleep": -60}]},
        "ZT163",
        ("statuses", 0),
        {"primary": "status_effect", "tech_level": 2, "statuses": [{"sleep": -55}]},
    ),
    (
        "positive_status_no_modifier",
        {"primary": "status_effect", "tech_level": 3, "statuses": [{"haste": -10}]},
        "ZT164",
        ("statuses", 0),
        {"primary": "status_effect", "tech_level": 3, "statuses": ["haste"]},
    ),
    (
        "status_once",
        {"primary": "status_effect", "tech_level": 2, "statuses": ["stun", "stun"]},
        "ZT165",
        ("statuses", 1),
        {"primary": "status_effect", "tech_level": 2, "statuses": ["stun", "poison"]},
    ),
    (
        "status_in_table",
        {"primary": "status_effect", "tech_level": 3, "statuses": ["zombie"]},
        "ZT166",
        ("statuses", 0),
        {"primary": "status_effect", "tech_level": 3, "statuses": ["frog"]},
    ),
]


@pytest.mark.parametrize(
    ("bad", "code", "path"), [(c[1], c[2], c[3]) for c in CASES], ids=[c[0] for c in CASES]
)
def test_forbidden_form_gives_code_at_path(bad: dict[str, Any], code: str, path: tuple) -> None:
    assert (code, path) in found(check_tech(tech(**bad)))


@pytest.mark.parametrize("good", [c[4] for c in CASES], ids=[c[0] for c in CASES])
def test_allowed_form_passes(good: dict[str, Any]) -> None:
    assert check_tech(tech(**good)) == []


def test_every_code_is_documented_and_tested() -> None:
    tested = {c[2] for c in CASES} | {
        "ZT143",
        "ZT145",
        "ZT180",
        "ZT181",
        "ZT182",
        "ZT183",
        "ZT184",  # tests/checks/test_character_techs.py
        "ZT185",
        "ZT190",
        "ZT191",
        "ZT192",
        "ZT193",
        "ZT201",
        "ZT202",
    }
    assert tested == set(CODES)


def test_problems_say_rule_and_fix() -> None:
    [p] = check_tech(tech(primary="break_arts", stat="str", tech_level=3))
    assert p.rule == "R12"
    assert "cannot be Tech Level 3" in p.message and "use 2, 4, 6" in p.message


def test_status_budget_example_level_4() -> None:
    t = tech(primary="status_effect", tech_level=4, statuses=[{"stun": -20}, {"seal": -35}])
    assert check_tech(t) == []
    over = tech(primary="status_effect", tech_level=4, statuses=[{"stun": -20}, {"seal": -30}])
    [p] = check_tech(over)
    assert p.code == "ZT161" and "by 45 points" in p.message and "lower them by 5" in p.message


def test_r14_elemental_not_counted_and_lsa_fills_both_slots() -> None:
    t = tech(
        element="fire",
        secondary=[{"lesser_status_attack": "poison"}, {"lesser_status_attack": "sleep"}],
    )
    assert check_tech(t) == []
    t3 = tech(
        secondary=[
            {"lesser_status_attack": "poison"},
            {"lesser_status_attack": "sleep"},
            "short_range",
        ]
    )
    assert ("ZT110", ("secondary", 2)) in found(check_tech(t3))


def test_charge_power_with_sacrifice_warns() -> None:
    t = tech(secondary=["charge_power", {"sacrifice": "no_mp"}])
    [p] = check_tech(t)
    assert (p.code, p.path, p.severity) == ("ZT143", ("secondary", 1), Severity.WARNING)


def test_r14_r30_map_combat_options() -> None:
    t = tech(secondary=[{"area_effect": 2}, "friendly_fire"])
    assert check_tech(t) == []
    assert check_tech(t, map_combat=True) == []
    assert found(check_tech(t, map_combat=False)) == [
        ("ZT145", ("secondary", 0)),
        ("ZT145", ("secondary", 1)),
    ]


# --- Clones (R16) ------------------------------------------------------------------------

FIREBALL = {
    "name": "Fireball",
    "tech_level": 4,
    "primary": "attack_magic",
    "power_level": "medium",
    "element": "fire",
    "secondary": ["area_effect"],
}


def test_r16_merlin_ice_storm_is_a_valid_clone() -> None:
    fireball = Tech.model_validate(FIREBALL)
    ice = Tech.model_validate(
        {**FIREBALL, "name": "Ice Storm", "element": "ice", "clone_of": "fireball"}
    )
    assert check_clone(ice, fireball) == []
    # R15: Ice Storm upgraded to 5 later is still a clone of the level-4 Fireball ...
    upgraded = ice.model_copy(update={"tech_level": 5})
    assert check_clone(upgraded, fireball, original_level=5) == []


def test_a_clone_is_learned_at_its_originals_tech_level() -> None:
    """Ch. II Cloned Powers: "exactly the same Tech Level" as the original when learned."""
    fireball = Tech.model_validate(FIREBALL)
    ice = Tech.model_validate(
        {**FIREBALL, "name": "Ice Storm", "element": "ice", "tech_level": 5, "clone_of": "x"}
    )
    [p] = check_clone(ice, fireball)
    assert (p.code, p.path) == ("ZT185", ("tech_level",))
    assert "Tech Level 4" in p.message
    lower = ice.model_copy(update={"tech_level": 3})
    assert found(check_clone(lower, fireball)) == [("ZT185", ("tech_level",))]
    # ... against the original as upgraded when the clone is learned
    assert check_clone(ice, fireball, original_level=5) == []


def test_r16_damage_type_clone_is_valid() -> None:
    fireball = Tech.model_validate(FIREBALL)
    clone = Tech.model_validate({**FIREBALL, "name": "Fire Blade", "damage_type": "physical"})
    assert check_clone(clone, fireball) == []


def test_r16_clone_must_differ_in_exactly_one() -> None:
    fireball = Tech.model_validate(FIREBALL)
    same = Tech.model_validate({**FIREBALL, "name": "Fireball 2"})
    assert found(check_clone(same, fireball)) == [("ZT183", ("element",))]
    both = Tech.model_validate(
        {**FIREBALL, "name": "X", "element": "ice", "damage_type": "physical"}
    )
    assert found(check_clone(both, fireball)) == [("ZT183", ("damage_type",))]


def test_r16_clone_keeps_everything_else() -> None:
    fireball = Tech.model_validate(FIREBALL)
    other = Tech.model_validate(
        {
            **FIREBALL,
            "name": "X",
            "element": "ice",
            "power_level": "strong",
            "secondary": ["self_only"],
        }
    )
    assert found(check_clone(other, fireball)) == [
        ("ZT182", ("power_level",)),
        ("ZT182", ("secondary",)),
    ]


def test_r16_clone_may_not_be_cloned() -> None:
    ice = Tech.model_validate(
        {**FIREBALL, "name": "Ice Storm", "element": "ice", "clone_of": "fireball"}
    )
    bolt = Tech.model_validate(
        {**FIREBALL, "name": "Bolt", "element": "lightning", "clone_of": "ice-storm"}
    )
    assert ("ZT180", ("clone_of",)) in found(check_clone(bolt, ice))


def test_r16_break_arts_may_not_be_cloned() -> None:
    brk = Tech.model_validate(
        {"name": "Armor Break", "tech_level": 2, "primary": "break_arts", "stat": "vit"}
    )
    clone = Tech.model_validate(
        {
            "name": "Armor Break II",
            "tech_level": 2,
            "primary": "break_arts",
            "stat": "vit",
            "element": "fire",
        }
    )
    assert ("ZT181", ("clone_of",)) in found(check_clone(clone, brk))


def test_stat_booster_may_not_be_cloned_for_another_stat() -> None:
    base = {"name": "Power Up", "tech_level": 2, "primary": "stat_booster", "stat": "str"}
    orig = Tech.model_validate(base)
    clone = Tech.model_validate({**base, "name": "Magic Up", "stat": "mag"})
    assert ("ZT182", ("stat",)) in found(check_clone(clone, orig))


# --- Enemy Skills (R20) ------------------------------------------------------------------


def test_r20_enemy_skill_mp_matches_its_level() -> None:
    ok = EnemySkill.model_validate({"name": "Aqualung", "mp": 19, "tech_level": 4, "attack": "3M2"})
    assert check_enemy_skill(ok) == []
    bad = EnemySkill.model_validate({"name": "Aqualung", "mp": 19, "tech_level": 3})
    [p] = check_enemy_skill(bad)
    assert (p.code, p.path, p.severity, p.rule) == ("ZT201", ("mp",), Severity.WARNING, "R20")
    assert "fits Tech Level 4 medium" in p.message


def test_enemy_skill_attack_beyond_damage_table_warns() -> None:
    glove = EnemySkill.model_validate(
        {"name": "Limit Glove", "mp": 26, "tech_level": 5, "attack": "8M3"}
    )
    assert found(check_enemy_skill(glove)) == [("ZT202", ("attack",))]


def test_core_enemy_skills_file() -> None:
    from pathlib import Path

    from ruamel.yaml import YAML

    path = Path(__file__).parents[2] / "content" / "core" / "enemy_skills.yaml"
    skills = [EnemySkill.model_validate(d) for d in YAML(typ="safe").load_all(path.read_text())]
    assert len(skills) == 17
    by_name = {s.name: s for s in skills}
    assert by_name["Trine"].mp == 12 and by_name["Trine"].attack == "3M2"
    assert by_name["Beta"].attack_notation == AttackNotation(4, "attack_magic", "strong")
    assert by_name["Goblin Punch"].mp == 3
    warned = {s.name for s in skills if check_enemy_skill(s)}
    assert warned == {"Angel's Breath", "Mighty Guard", "Suicide", "Limit Glove"}


# --- Character-level helpers --------------------------------------------------------------


def test_learning_history_merlin() -> None:
    history = [
        R.Learn("fireball", 4),
        R.Learn("ice-storm", 4, clone_of="fireball"),
        R.Upgrade("ice-storm", 5),
        R.Upgrade("fireball", 5),
    ]
    spent, problems = check_learning_history(history, available=200)
    assert spent.total == 188 and problems == []
    spent, problems = check_learning_history(history, available=150)
    assert found(problems) == [("ZT192", ())]


@pytest.mark.parametrize(
    ("history", "index"),
    [
        ([R.Upgrade("x", 2)], 0),
        ([R.Learn("x", 1), R.Learn("x", 2)], 1),
        ([R.Learn("x", 2), R.Upgrade("x", 2)], 1),
        ([R.Learn("x", 2), R.Learn("y", 2, clone_of="x"), R.Learn("z", 2, clone_of="y")], 2),
        ([R.Learn("x", 2), R.Learn("y", 3, clone_of="x")], 1),
        ([R.Learn("y", 3, clone_of="x")], 0),
    ],
)
def test_learning_history_invalid_steps(history: list, index: int) -> None:
    _spent, problems = check_learning_history(history)
    assert found(problems) == [("ZT190", (index,))]


def test_r11_tech_levels_limit() -> None:
    used = R.max_tech_levels_used([(4, False), (4, True), (3, False)])
    assert used == 10
    assert check_tech_levels(used, mag=10) == []
    [p] = check_tech_levels(used, mag=9)
    assert (p.code, p.rule) == ("ZT191", "R11") and "drop 1" in p.message


def test_starting_techs() -> None:
    assert check_starting_techs([1, 1, 1]) == []
    assert found(check_starting_techs([1, 1, 1, 1])) == [("ZT193", (3,))]
    assert found(check_starting_techs([1, 2])) == [("ZT193", (1,))]
