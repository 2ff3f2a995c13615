"""Generated characters validate clean (issue 5, item 7): every example job at levels 1,
20 and 50 (and one at 99), written into a copy of the example project and checked with
`zodiac validate` exactly as a user would."""

from __future__ import annotations

import shutil

import pytest

from builder.models.base import Stat
from builder.paths import content_dir
from builder.rulesets.zodiac.generate import grow, plan_techs, schema_line
from builder.rulesets.zodiac.models.job import Job
from builder.rulesets.zodiac.models.tech import Tech
from builder.rulesets.zodiac.rules import character as crules
from tests.conftest import EXAMPLE

JOBS = sorted(p.stem for p in (EXAMPLE / "jobs").glob("*.yaml"))
CASES = [(job, level) for job in JOBS for level in (1, 20, 50)] + [("black-mage", 99)]


@pytest.fixture(scope="module")
def example_copy(tmp_path_factory):
    root = tmp_path_factory.mktemp("saga") / "example"
    shutil.copytree(EXAMPLE, root)
    return root


def test_six_example_jobs():
    assert JOBS == ["black-mage", "blue-mage", "dragoon", "knight", "thief", "white-mage"]


@pytest.mark.parametrize(("job", "level"), CASES, ids=[f"{j}-{lv}" for j, lv in CASES])
def test_generated_character_validates_clean(zodiac, example_copy, job, level):
    out = example_copy / "characters" / f"gen-{job}-{level}.yaml"
    r = zodiac(
        "character", "generate", "--job", job, "--level", str(level),
        "--name", f"Gen {job} {level}", "--out", str(out),
    )  # fmt: skip
    assert r.exit_code == 0, r.output
    text = out.read_text(encoding="utf-8")
    assert f"level: {level}\n" in text and f"job: {job}\n" in text
    v = zodiac("validate", str(out))
    assert v.exit_code == 0, v.output
    assert "0 errors, 0 warnings" in v.stdout, v.stdout
    shown = zodiac("character", "show", str(out), "--format", "json")
    assert shown.exit_code == 0, shown.output
    assert shown.json()["level"] == level


def test_whole_copy_with_generated_characters_validates(zodiac, example_copy):
    """Runs after the parametrized cases: the project as a whole has no duplicate ids."""
    r = zodiac("validate", str(example_copy))
    assert r.exit_code == 0 and "0 errors, 0 warnings" in r.stdout, r.stdout


def _job(**extra) -> Job:
    data = {
        "kind": "job",
        "name": "Tester",
        "class_power": "tech",
        "armor_type": "defense",
        "weapon_class": "sword",
        "command_skill": "steal",
        "support_skill": "toughness",
        "base_stats": {"str": 15, "mag": 5, "vit": 13, "spr": 4, "agi": 3},
        "growth": [{"str": 2, "vit": 1}],
    }
    return Job.model_validate({**data, **extra})


def test_growth_reroutes_capped_points_and_fifth_level_overflow():
    """R6 near the cap: points a stat at 250 cannot take move on, and so does the +2."""
    job = _job(
        base_stats={"str": 249, "mag": 5, "vit": 13, "spr": 4, "agi": 3},
        overflow_to=["agi"],
    )
    g = grow(job, 5)
    assert g.points[0] == {Stat.STR: 1, Stat.VIT: 1, Stat.AGI: 1}  # str stops at 250
    assert g.points[3] == {Stat.VIT: 1, Stat.AGI: 2}  # level 5
    assert g.overflow[3] == {Stat.AGI: 2}  # the +2 STR could not take
    assert g.stats_at[5][Stat.STR] == 250
    prog = crules.progress(job.base_stats.as_block(), g.points, g.overflow, 5)
    assert not [p for p in prog.problems if p.code not in {"ZC101", "ZC102", "ZC103"}]
    assert prog.stats_at(5) == g.stats_at[5]


def test_fourth_point_from_level_60():
    g = grow(_job(overflow_to=["spr"]), 61)
    assert g.points[57] == {Stat.STR: 2, Stat.VIT: 1}  # level 59
    assert g.points[58] == {Stat.STR: 2, Stat.VIT: 1, Stat.SPR: 1}  # level 60
    g = grow(_job(growth_60=[{"str": 2, "vit": 1, "agi": 1}]), 60)
    assert g.points[-1] == {Stat.STR: 2, Stat.VIT: 1, Stat.AGI: 1}


def _tech(name: str, level: int) -> Tech:
    return Tech.model_validate(
        {"name": name, "tech_level": level, "power_level": "medium", "primary": "power_attack"}
    )


def test_techs_wait_for_tech_points_and_keep_their_order():
    """MAG 5 at level 1 gives 17 TP: two Level-1 Techs (16) fit, a Level-2 one (15) waits."""
    techs = {"a": _tech("A", 1), "b": _tech("B", 1), "c": _tech("C", 2), "d": _tech("D", 1)}
    job = _job(
        techs=[
            {"tech": "a", "at": 1},
            {"tech": "b", "at": 1},
            {"tech": "c", "at": 2},
            {"tech": "d", "at": 2},
        ]
    )
    mag_at = {lv: s[Stat.MAG] for lv, s in grow(job, 12).stats_at.items()}
    plan = plan_techs(job, 12, mag_at, techs.get)
    got = [(t.key, t.learned_at) for t in plan.learned]
    # C (15 TP more: 31) waits until level 7 (12 + 12 + MAG 7); D (39) behind it until 10
    assert got == [("a", 1), ("b", 1), ("c", 7), ("d", 10)]
    for key, at in got:
        spent_by = sum(8 if techs[k].tech_level == 1 else 15 for k, a in got if a <= at)
        assert spent_by <= crules.tech_points(at, mag_at[at]), key
    assert any("c (level 2 ->" in line for line in plan.deferred())


def test_unknown_and_impossible_steps_are_left_out():
    ups = [{"to": 2, "at": 3}, {"to": 2, "at": 4}]
    job = _job(techs=[{"tech": "nope", "at": 1}, {"tech": "a", "at": 1, "upgrades": ups}])
    plan = plan_techs(job, 5, dict.fromkeys(range(1, 6), 5), {"a": _tech("A", 1)}.get)
    assert [(t.key, t.upgrades) for t in plan.learned] == [("a", [(2, 3, 3)])]
    assert "nope" in plan.missed[0] and "already Tech Level 2" in plan.missed[1]


def test_schema_line_only_inside_the_builders_content(tmp_path):
    inside = content_dir() / "examples" / "zodiac" / "characters" / "x.yaml"
    assert schema_line(inside) == (
        "# yaml-language-server: $schema=../../../../schemas/character.schema.json"
    )
    assert schema_line(tmp_path / "x.yaml") is None
    assert schema_line(None) is None
