"""Every Appendix I restriction: one rejecting case (code and path) and one accepting case."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from builder.problems import Problem, Severity
from builder.rulesets.zodiac.checks.monsters import CODES, check_monster
from builder.rulesets.zodiac.models.monster import Monster

# Baseline: level 20, STR 30 MAG 50 VIT 25 SPR 10 AGI 10 = 125 = 25 + 5 x 20 (R26);
# Tech Levels 1 + 50/5 = 11 (R27), so most accepting cases fit.
BASE: dict[str, Any] = {
    "kind": "monster",
    "name": "Ogre Mage",
    "level": 20,
    "stats": {"str": 30, "mag": 50, "vit": 25, "spr": 10, "agi": 10},
}
PROJECT = {"imp": 10, "goblin": 11, "ogre": 20, "troll": 21, "dragon": 30, "behemoth": 31}


def mk(**kw: Any) -> Monster:
    return Monster.model_validate({**BASE, **kw})


def run(m: Monster, **kw: Any) -> list[Problem]:
    kw.setdefault("known_monsters", PROJECT)
    return check_monster(m, **kw)


def only(problems: list[Problem], code: str) -> list[Problem]:
    return [p for p in problems if p.code == code]


def assert_one(problems: list[Problem], code: str, path: tuple, severity=Severity.ERROR) -> Problem:
    hits = only(problems, code)
    assert len(hits) == 1, problems
    assert hits[0].path == path
    assert hits[0].severity is severity
    assert hits[0].rule
    return hits[0]


def test_baseline_is_clean() -> None:
    assert run(mk()) == []


def test_codes_are_documented() -> None:
    assert all(code.startswith("ZM1") and len(code) == 5 for code in CODES)


# --- ZM101 stat total (R26) ------------------------------------------------------------


def test_zm101_stat_total() -> None:
    p = assert_one(run(mk(stats={**BASE["stats"], "agi": 11})), "ZM101", ("stats",))
    assert p.rule == "R26"
    assert "126" in p.message and "125" in p.message and "take 1 points off" in p.message
    low = run(mk(stats={**BASE["stats"], "agi": 5}))
    assert "add 5 points" in only(low, "ZM101")[0].message


def test_zm101_accepts_exceptional_stats_points() -> None:
    # 125 + 10 x 2 = 145, the 20 extra points all in STR
    m = mk(
        stats={**BASE["stats"], "str": 50},
        powers=[{"exceptional_stats": {"level": 2, "extra": {"str": 20}}}],
    )
    assert run(m) == []


# --- Power shapes ----------------------------------------------------------------------


def test_zm102_unknown_power() -> None:
    p = assert_one(run(mk(powers=["agile", "flite"])), "ZM102", ("powers", 1))
    assert "'flight'" in p.message and "custom: true" in p.message


def test_zm102_zm103_custom_power() -> None:
    assert run(mk(powers=[{"id": "acid_rain", "custom": True, "level": 3}])) == []
    ps = run(mk(powers=[{"id": "acid_rain", "custom": True}]))
    assert_one(ps, "ZM103", ("powers", 0))


def test_zm104_missing_parameter() -> None:
    p = assert_one(run(mk(powers=[{"id": "resistance"}])), "ZM104", ("powers", 0))
    assert "element" in p.message
    assert run(mk(powers=[{"resistance": "fire"}])) == []


def test_zm105_parameter_not_taken() -> None:
    ps = run(mk(powers=[{"id": "flight", "element": "wind"}]))
    p = assert_one(ps, "ZM105", ("powers", 0, "element"))
    assert "no parameters" in p.message
    ps = run(mk(powers=[{"id": "flight", "custom": True}]))
    assert_one(ps, "ZM105", ("powers", 0, "custom"))


def test_zm106_fixed_level() -> None:
    p = assert_one(run(mk(powers=[{"id": "flight", "level": 2}])), "ZM106", ("powers", 0, "level"))
    assert "Level 1" in p.message
    assert run(mk(powers=[{"id": "flight", "level": 1}])) == []


def test_zm107_variable_level_at_least_1() -> None:
    ps = run(mk(powers=[{"id": "final_attack", "level": 0}]))
    assert_one(ps, "ZM107", ("powers", 0, "level"))
    assert run(mk(powers=[{"final_attack": 1}])) == []


def test_zm108_taken_twice() -> None:
    assert_one(run(mk(powers=["flight", "agile", "flight"])), "ZM108", ("powers", 2))
    same = run(mk(powers=[{"item_use": "potion"}, {"item_use": "potion"}]))
    assert_one(same, "ZM108", ("powers", 1))
    # the same power with different parameters is fine
    assert run(mk(powers=[{"item_use": "potion"}, {"item_use": "ether"}])) == []


# --- Affinities ------------------------------------------------------------------------


def test_zm109_one_affinity_per_element() -> None:
    m = mk(affinities={"resistance": ["fire"]}, powers=[{"immunity": "fire"}])
    p = assert_one(run(m), "ZM109", ("powers", 0))
    assert "fire" in p.message
    m = mk(affinities={"resistance": ["fire", "fire"]})
    assert_one(run(m), "ZM109", ("affinities", "resistance", 1))
    ok = mk(affinities={"resistance": ["fire"], "weakness": ["ice"]}, powers=[{"immunity": "wind"}])
    assert run(ok) == []


def test_zm110_undead_conflicts() -> None:
    m = mk(powers=["undead"], affinities={"weakness": ["holy"]})
    assert_one(run(m), "ZM110", ("affinities", "weakness", 0))
    m = mk(powers=["undead", {"resistance": "shadow"}])
    assert_one(run(m), "ZM110", ("powers", 1))
    # Greater Absorbency improves on Undead's Shadow absorbency
    assert run(mk(powers=["undead", {"greater_absorbency": "shadow"}])) == []


# --- Exceptional Stats -----------------------------------------------------------------


def test_zm111_exceptional_points() -> None:
    m = mk(
        stats={**BASE["stats"], "str": 40},
        powers=[{"exceptional_stats": {"level": 1, "extra": {"str": 5, "agi": 5}}}],
    )
    assert run(m) == []
    bad_sum = mk(
        stats={**BASE["stats"], "str": 40},
        powers=[{"exceptional_stats": {"level": 1, "extra": {"str": 5}}}],
    )
    assert_one(run(bad_sum), "ZM111", ("powers", 0, "extra"))
    too_big = mk(
        stats={"str": 0, "mag": 50, "vit": 55, "spr": 10, "agi": 20},
        powers=[{"exceptional_stats": {"level": 1, "extra": {"str": 10}}}],
    )
    assert_one(run(too_big), "ZM111", ("powers", 0, "extra", "str"))


def test_zm112_undeclared_split_warns() -> None:
    m = mk(stats={**BASE["stats"], "str": 40}, powers=[{"exceptional_stats": 1}])
    assert_one(run(m), "ZM112", ("powers", 0), Severity.WARNING)


# --- ZM113 Tech Levels (R27) -----------------------------------------------------------


def test_zm113_tech_levels_spent() -> None:
    # 11 available; Regeneration 4 + Greater Fear 6 + Flight 1 = 11 fits
    assert run(mk(powers=["regeneration", "greater_fear", "flight"])) == []
    # ... plus a level-1 Tech = 12
    m = mk(powers=["regeneration", "greater_fear", "flight"], techs=["fire"])
    p = assert_one(run(m, tech_levels=[1]), "ZM113", ())
    assert p.rule == "R27" and "drop 1 Tech Levels" in p.message
    # a Weakness adds one Tech Level (R27)
    m = mk(powers=["regeneration", "greater_fear", "flight", {"weakness": "ice"}], techs=["fire"])
    assert run(m, tech_levels=[1]) == []


def test_zm113_uses_known_techs_and_inline_levels() -> None:
    m = mk(powers=["greater_fear"], techs=["firaga", {"name": "Quake", "tech_level": 2}])
    assert_one(run(m, known_techs={"firaga": 4}), "ZM113", ())
    assert run(m, known_techs={"firaga": 3}) == []


def test_zm113_exceptional_mag_adds_no_tech_levels() -> None:
    # level 20 + Exceptional Stats 1: 135 points, the 10 extra in MAG (MAG 60):
    # Tech Levels 1 + (60 - 10)/5 = 11, not 13; Exceptional Stats 1 + Greater Fear 6 + 4 = 11
    m = mk(
        stats={**BASE["stats"], "mag": 60},
        powers=[{"exceptional_stats": {"level": 1, "extra": {"mag": 10}}}, "greater_fear"],
        techs=[{"name": "Meteor", "tech_level": 4}],
    )
    assert run(m) == []
    m.techs[0]["tech_level"] = 5
    assert_one(run(m), "ZM113", ())


# --- Multiple Parts ---------------------------------------------------------------------


def boss_with_parts(parts: list[dict[str, Any]], **kw: Any) -> Monster:
    # main HP (30 + 20 x 25 + 10 x 20) x 10 = 7300; parts share 3650
    return mk(boss=True, parts=parts, techs=[{"name": "Flare", "tech_level": 4}], **kw)


def test_multiple_parts_boss_accepted() -> None:
    # 2 parts: Multiple Parts 4 + Flare 4 + Combination Attack 2 = 10 of 11
    parts = [{"name": "Left Arm", "hp": 1825}, {"name": "Right Arm", "power": "counterattack"}]
    ps = run(boss_with_parts(parts, powers=["combination_attack"]))
    # Counterattack is level 3 > half of Flare 4 = 2
    assert_one(ps, "ZM117", ("parts", 1, "power"))
    parts[1]["power"] = "agile"
    assert run(boss_with_parts(parts, powers=["combination_attack"])) == []


def test_zm114_at_most_three_parts() -> None:
    parts = [{"name": f"Tentacle {i}"} for i in range(4)]
    assert_one(run(boss_with_parts(parts)), "ZM114", ("parts", 3))
    assert run(boss_with_parts(parts[:3])) == []


def test_zm115_multiple_parts_without_parts() -> None:
    assert_one(run(mk(powers=["multiple_parts"])), "ZM115", ("powers", 0))
    assert run(boss_with_parts([{"name": "Tail"}], powers=["multiple_parts"])) == []
    bad = boss_with_parts([{"name": "Tail"}], powers=[{"multiple_parts": 4}])
    assert_one(run(bad), "ZM106", ("powers", 0, "level"))


def test_zm116_parts_hp_half_main_body() -> None:
    p = assert_one(
        run(boss_with_parts([{"name": "A", "hp": 1000}, {"name": "B", "hp": 1000}])),
        "ZM116",
        ("parts",),
    )
    assert "7300" in p.message and "3650" in p.message
    over = boss_with_parts([{"name": "A", "hp": 3650}, {"name": "B"}])
    assert_one(run(over), "ZM116", ("parts",))
    assert run(boss_with_parts([{"name": "A", "hp": 3000}, {"name": "B", "hp": 650}])) == []


def test_zm117_part_tech_level() -> None:
    bad = boss_with_parts([{"name": "Head", "tech": "thundara", "tech_level": 3}])
    assert_one(run(bad), "ZM117", ("parts", 0, "tech"))
    ok = boss_with_parts([{"name": "Head", "tech": "thundara"}])
    assert run(ok, known_techs={"thundara": 2}) == []


# --- ZM118 Combination Attack ----------------------------------------------------------


def test_zm118_combination_attack_needs_parts() -> None:
    assert_one(run(mk(powers=["combination_attack"])), "ZM118", ("powers", 0))
    # 3 parts: Flare 4 + Multiple Parts 6 + Combination Attack 3 = 13 = 11 + 2 Weaknesses
    three = [{"name": "A"}, {"name": "B"}, {"name": "C"}]
    ok = boss_with_parts(
        three,
        powers=[{"id": "combination_attack", "level": 3}],
        affinities={"weakness": ["fire", "ice"]},
    )
    assert run(ok) == []
    assert [p.code for p in run(boss_with_parts(three, powers=["combination_attack"]))] == ["ZM113"]
    wrong = boss_with_parts([{"name": "A"}], powers=[{"combination_attack": 2}])
    assert_one(run(wrong), "ZM106", ("powers", 0, "level"))


# --- ZM119 bosses (R28) -----------------------------------------------------------------


def test_zm119_boss_cannot_call_for_help() -> None:
    assert_one(run(mk(boss=True, powers=["call_for_help"])), "ZM119", ("powers", 0))
    assert run(mk(powers=["call_for_help"])) == []


def test_zm133_boss_immunities_need_not_be_listed() -> None:
    m = mk(boss=True, status_immunities=["poison", "stone"])
    assert_one(run(m), "ZM133", ("status_immunities", 1), Severity.WARNING)
    assert run(mk(status_immunities=["stone"])) == []


# --- Calls -------------------------------------------------------------------------------


def test_zm120_call_minions_ten_levels_lower() -> None:
    p = assert_one(
        run(mk(powers=[{"call_minions": ["imp", "goblin"]}])), "ZM120", ("powers", 0, "monsters", 1)
    )
    assert "level 10 or lower" in p.message
    assert run(mk(powers=[{"call_minions": "imp"}])) == []


def test_zm121_zm122_call_for_superiors() -> None:
    ps = run(mk(powers=[{"call_for_superiors": ["dragon", "behemoth"]}]))
    assert_one(ps, "ZM121", ("powers", 0, "monsters", 1))
    ps = run(mk(powers=[{"call_for_superiors": "ogre"}]))
    assert_one(ps, "ZM122", ("powers", 0, "monsters", 0), Severity.WARNING)
    assert run(mk(powers=[{"call_for_superiors": ["troll", "dragon"]}])) == []


def test_zm123_unknown_called_monster() -> None:
    p = assert_one(
        run(mk(powers=[{"call_minions": "gobin"}])),
        "ZM123",
        ("powers", 0, "monsters", 0),
        Severity.WARNING,
    )
    assert "'goblin'" in p.message
    # without a project, calls are not checked
    assert check_monster(mk(powers=[{"call_minions": "gobin"}])) == []


# --- Power parameters ------------------------------------------------------------------


@pytest.mark.parametrize(("power", "cap"), [("force_of_will", 2), ("greater_force_of_will", 3)])
def test_zm124_force_of_will_caps(power: str, cap: int) -> None:
    bad = mk(powers=[{"id": power, "tech": "fira", "tech_level": cap + 1}])
    p = assert_one(run(bad), "ZM124", ("powers", 0, "tech_level"))
    assert f"level {cap} or lower" in p.message
    assert run(mk(powers=[{"id": power, "tech": "fira", "tech_level": cap}])) == []
    assert run(mk(powers=[{power: "fira"}]), known_techs={"fira": cap}) == []
    inline = mk(powers=[{power: {"tech": {"name": "Big", "tech_level": cap + 1}}}])
    assert_one(run(inline), "ZM124", ("powers", 0, "tech"))


def test_zm125_unknown_tech_level_warns() -> None:
    ps = run(mk(powers=[{"force_of_will": "fira"}]))
    assert_one(ps, "ZM125", ("powers", 0, "tech"), Severity.WARNING)


def test_zm126_status_touch_negative_status() -> None:
    ps = run(mk(powers=[{"status_touch": "haste"}]))
    assert_one(ps, "ZM126", ("powers", 0, "status"))
    # A positive effect is named as one, with no near spelling ('stone' misled here).
    assert "is a positive status effect" in ps[0].message
    assert "did you mean" not in ps[0].message
    typo = run(mk(powers=[{"status_touch": "poisn"}]))
    assert_one(typo, "ZM126", ("powers", 0, "status"))
    assert "did you mean 'poison'?" in typo[0].message
    assert run(mk(powers=[{"status_touch": "Confuse"}])) == []  # alias of confusion


@pytest.mark.parametrize(
    ("power", "too_high", "ok"),
    [
        ("weak_status_touch", "sleep", "poison"),  # level 1: sleep is 2
        ("status_touch", "stone", "frog"),  # level 3: stone is 4
    ],
)
def test_zm127_status_touch_level(power: str, too_high: str, ok: str) -> None:
    assert_one(run(mk(powers=[{power: too_high}])), "ZM127", ("powers", 0, "status"))
    assert run(mk(powers=[{power: ok}])) == []


def test_strong_status_touch_takes_any_table_status() -> None:
    assert run(mk(powers=[{"strong_status_touch": "venom"}])) == []


@pytest.mark.parametrize(
    ("power", "bad", "good"),
    [
        ("item_use", "hi_potion", "ether"),
        ("major_item_use", "super_ether", "hi_potion"),
        ("powerful_item_use", "potion", "super_ether"),
    ],
)
def test_zm128_item_tiers(power: str, bad: str, good: str) -> None:
    assert_one(run(mk(powers=[{power: bad}])), "ZM128", ("powers", 0, "item"))
    assert run(mk(powers=[{power: good}])) == []


def test_zm129_zm130_command_skill() -> None:
    assert_one(run(mk(powers=[{"command_skill": "attack_up"}])), "ZM129", ("powers", 0, "skill"))
    ps = run(mk(powers=[{"command_skill": "Coin Toss"}]))
    assert_one(ps, "ZM130", ("powers", 0, "skill"), Severity.WARNING)
    assert run(mk(powers=[{"command_skill": "steal"}])) == []


def test_zm131_final_attack_tech_level() -> None:
    bad = mk(powers=[{"final_attack": {"level": 1, "tech": "exploder", "tech_level": 3}}])
    p = assert_one(run(bad), "ZM131", ("powers", 0, "tech_level"))
    assert "level-2" in p.message
    ok = mk(powers=[{"final_attack": {"level": 1, "tech": "exploder", "variant": "self_destruct"}}])
    assert run(ok, known_techs={"exploder": 2}) == []


def test_zm132_redundant_family() -> None:
    ps = run(mk(powers=["counterattack", "greater_counterattack"]))
    assert_one(ps, "ZM132", ("powers", 0), Severity.WARNING)
    ps = run(mk(powers=[{"unusual_defense": "physical"}, "controlled_defense"]))
    assert_one(ps, "ZM132", ("powers", 0), Severity.WARNING)
    assert run(mk(powers=["counterattack", "magical_counterattack"])) == []


def test_zm134_unknown_tech_id() -> None:
    """Resolved against the project (more in test_monster_entity.py)."""
    from builder.io.project import Content, Entity
    from builder.rulesets.zodiac.checks import CheckContext
    from builder.rulesets.zodiac.checks.monsters import resolve_techs
    from builder.rulesets.zodiac.models.tech import Tech

    tech = Tech.model_validate(
        {"kind": "tech", "name": "Fira", "tech_level": 2, "power_level": "medium",
         "primary": "attack_magic"}
    )  # fmt: skip
    ctx = CheckContext(Content([Entity("tech", tech, None)]))  # type: ignore[arg-type]
    resolved = resolve_techs(mk(techs=["fira", "firaa"]), ctx)
    assert resolved.levels == [2, None]
    [p] = resolved.problems
    assert (p.code, p.path) == ("ZM134", ("techs", 1))
    assert "did you mean 'fira'?" in p.message


def test_every_code_is_exercised() -> None:
    """Each documented code has a test above (kept honest by reading this file)."""
    source = Path(__file__).read_text(encoding="utf-8").split("def test_every_code")[0]
    missing = [c for c in CODES if f'"{c}"' not in source]
    assert missing == []
