"""The 16 Bit Tactics example through the CLI: validate, show (JSON contract), rewards, init, build."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from builder.cli.app import app
from tests.rulesets.bit16.conftest import EXAMPLE

runner = CliRunner()


def run(*args: str):
    r = runner.invoke(app, list(args), catch_exceptions=False)
    return r


def show_json(rel: str, *extra: str) -> dict:
    r = run("show", str(EXAMPLE / rel), "--format", "json", *extra)
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def test_example_validates_clean():
    r = run("validate", str(EXAMPLE))
    assert r.exit_code == 0, r.output
    assert "0 errors, 0 warnings" in r.output


def test_example_has_what_the_issue_asks():
    from builder.workspace import open_workspace

    ws = open_workspace([EXAMPLE])
    counts = {k: len(ws.content.of_kind(k)) for k in ("job", "character", "monster", "weapon")}
    assert counts["job"] >= 4 and counts["character"] >= 3 and counts["monster"] >= 6
    assert counts["weapon"] >= 1
    levels = {show_json(f"characters/{n}.yaml")["level"] for n in ("bram", "ysolde", "kestrel")}
    assert len(levels) == 3
    for e in ws.content.entities:
        assert "ours" in e.model.description.lower() or "homebrew" in e.model.description.lower()


def test_character_contract():
    v = show_json("characters/ysolde.yaml")
    assert (v["level"], v["xp"], v["xp_to_next_level"]) == (4, 131, 69)
    # R38: 3 levels held as Archer (9 HP, 2 MP, 3 DMG, 1 M.Dmg), 1 as Black Mage (6, 6, 1, 4)
    assert (v["hp"], v["mp"], v["dmg"], v["mdmg"]) == (33, 12, 10, 7)
    assert v["combo_bonus"] == 20
    assert v["jobs"] == {
        "archer": {"ap_earned": 42, "ap_spent": 25},
        "black-mage": {"ap_earned": 89, "ap_spent": 36},
    }
    assert v["status_rounds"] == 6  # M.Atk d12 (R36)
    assert all(isinstance(x["ap_earned"], int) for x in v["jobs"].values())


def test_character_that_changed_jobs():
    v = show_json("characters/kestrel.yaml")
    assert (v["level"], v["xp_to_next_level"]) == (7, 138)
    assert v["hp"] == 3 * 12 + 4 * 8
    assert v["combo_bonus"] == 35
    assert v["jobs"]["squire"] == {"ap_earned": 120, "ap_spent": 20}


def test_monster_contract():
    v = show_json("monsters/ash-drake.yaml")
    assert (v["level"], v["xp"], v["ap"]) == (10, 55, 55)
    assert v["outcomes"]["physical"]["d12"]["critical"] == round(1 / 12, 4)
    assert show_json("monsters/cave-goblin.yaml")["xp"] == 1


@pytest.mark.parametrize(
    "rel",
    ["jobs/black-mage.yaml", "jobs/ninja.yaml", "characters/bram.yaml", "monsters/bog-toad.yaml"],
)
def test_show_text_works_for_every_kind(rel):
    r = run("show", str(EXAMPLE / rel))
    assert r.exit_code == 0, r.output


def test_show_weapon_and_spell_mp():
    assert show_json("weapons/weapons.yaml", "--name", "longbow")["ammo"] == "arrows"
    spells = {s["id"]: s["mp"] for s in show_json("jobs/black-mage.yaml")["spells"]}
    assert spells == {"fire": 4, "blizzard": 4, "thundara": 10, "sleepga": 16}


def _rewards(*args: str) -> dict:
    r = run("encounter", "rewards", *args, "--project", str(EXAMPLE), "--format", "json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data.pop("format_version") == 1  # every JSON object carries it (issue 14)
    return data


def test_rewards_contract_examples():
    assert _rewards("cave-goblin:4", "--party", "4") == {
        "base_xp": 4,
        "difficulty": 1.0,
        "award": 4,
        "ap": 4,
    }
    assert _rewards("cave-goblin:3", "--party", "6") == {
        "base_xp": 3,
        "difficulty": 0.5,
        "award": 2,
        "ap": 2,
    }
    assert _rewards("ash-drake", "--party", "1") == {
        "base_xp": 55,
        "difficulty": 1.0,
        "award": 55,
        "ap": 55,
    }


def test_rewards_mixed_and_text():
    assert _rewards("ash-drake", "cave-goblin:4", "--party", "4")["award"] == 74  # 59 x 1.25
    r = run("encounter", "rewards", "ash-drake", "-p", "3", "--project", str(EXAMPLE))
    assert r.exit_code == 0, r.output
    assert "R35" in r.output and "Base XP" in r.output


def test_rewards_by_file_and_in_cwd(monkeypatch):
    r = run(
        "encounter", "rewards", str(EXAMPLE / "monsters/iron-boar.yaml:2"), "-p", "2", "-f", "json"
    )
    assert json.loads(r.stdout) == {
        "format_version": 1,
        **{"base_xp": 30, "difficulty": 1.0, "award": 30, "ap": 30},
    }
    monkeypatch.chdir(EXAMPLE)
    r = run("encounter", "rewards", "bog-toad", "-p", "2", "-f", "json")
    assert json.loads(r.stdout)["award"] == 2  # 3 x 1/2 = 1.5 -> 2


def test_rewards_unknown_id_did_you_mean():
    r = runner.invoke(
        app, ["encounter", "rewards", "ash-drak", "-p", "2", "--project", str(EXAMPLE)]
    )
    assert r.exit_code != 0
    assert "did you mean 'ash-drake'" in r.output


def test_rule_codes_listed():
    r = run("rules", "codes", "--help")
    assert r.exit_code == 0


def test_init_project_validates_and_builds(tmp_path):
    folder = tmp_path / "new"
    r = run("init", str(folder), "--ruleset", "16-bit-tactics")
    assert r.exit_code == 0, r.output
    assert "ruleset: 16-bit-tactics" in (folder / "zodiac.yaml").read_text()
    r = run("validate", str(folder))
    assert r.exit_code == 0, r.output
    r = run(
        "build", str(folder), "--out", str(tmp_path / "out"), "-j", "1", "--only", "reference.pdf"
    )
    assert r.exit_code == 0, r.output
    assert (tmp_path / "out" / "reference.pdf").stat().st_size > 1000


def test_example_builds(tmp_path):
    r = run("build", str(EXAMPLE), "--out", str(tmp_path), "-j", "2")
    assert r.exit_code == 0, r.output
    names = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.pdf"))
    assert names == [
        "characters/bram-holloway.pdf",
        "characters/kestrel.pdf",
        "characters/ysolde-varr.pdf",
        "jobs.pdf",
        "monster-cards.pdf",
        "reference.pdf",
    ]
