"""16 Bit Tactics numbers that explain themselves (issue #27): `show --explain PATH` and
the ``"explain"`` of `show --format json` for every computed number of every kind."""

from __future__ import annotations

import shutil

from tests.rulesets.bit16.conftest import EXAMPLE
from tests.rulesets.explain_walk import walk

KESTREL = str(EXAMPLE / "characters" / "kestrel.yaml")
BRAM = str(EXAMPLE / "characters" / "bram.yaml")


def _explain(zodiac, *args: str) -> tuple[object, list[dict]]:
    r = zodiac("show", *args, "--format", "json")
    assert r.exit_code == 0, r.output
    return r.json()["value"], r.json()["terms"]


def _pairs(terms: list[dict]) -> list[tuple[object, str]]:
    return [(t["amount"], t["source"]) for t in terms]


def test_character_hp_is_the_gains_of_each_job_held(zodiac):
    """Kestrel: levels 1-3 as a Squire (12 HP each), 4-7 as a Ninja (8): 3 x 12 + 4 x 8 (R38)."""
    value, terms = _explain(zodiac, KESTREL, "--explain", "hp")
    assert value == 68
    assert _pairs(terms) == [(36, "job:squire"), (32, "job:ninja")]
    assert [t["label"] for t in terms] == ["3 x 12 Squire", "4 x 8 Ninja"]
    assert all(t["rule"] == "R38" for t in terms)
    assert [(t["amount"], t["label"]) for t in terms[0]["terms"]] == [
        (12, "12 HP per level"),
        (3, "3 levels as Squire (1-3)"),
    ]
    value, terms = _explain(zodiac, KESTREL, "--explain", "mdmg")
    assert (value, _pairs(terms)) == (11, [(3, "job:squire"), (8, "job:ninja")])  # 3x1 + 4x2


def test_character_hp_tree_says_how_not_as_written(zodiac):
    r = zodiac("show", KESTREL, "--explain", "hp")
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert lines[0] == "hp = 68"
    assert "as written" not in r.stdout
    assert "+36" in lines[1] and "3 x 12 Squire" in lines[1] and "[job:squire]" in lines[1]
    assert any("+32" in line and "4 x 8 Ninja" in line for line in lines)


def test_character_level_xp_to_next_combo_and_ap_spent(zodiac):
    """702 XP: level 7 (XP Min 560), 840 - 702 = 138 to level 8 (R34); combo 5 x 7."""
    value, terms = _explain(zodiac, KESTREL, "--explain", "level")
    assert (value, _pairs(terms)) == (7, [(7, "table:pc_level")])
    assert terms[0]["rule"].endswith("R34") and terms[0]["terms"][0]["amount"] == 702
    value, terms = _explain(zodiac, KESTREL, "--explain", "xp_to_next_level")
    assert (value, _pairs(terms)) == (138, [(840, "table:pc_level"), (-702, "xp")])
    value, terms = _explain(zodiac, KESTREL, "--explain", "combo_bonus")
    assert (value, _pairs(terms)) == (35, [(35, "level")])
    assert [t["amount"] for t in terms[0]["terms"]] == [5, 7]
    value, terms = _explain(zodiac, KESTREL, "--explain", "jobs.squire.ap_spent")
    assert (value, [t["amount"] for t in terms]) == (20, [5, 10, 5])  # Focus, Rush, Throw Stone


def test_status_rounds_by_the_primary_jobs_matk(zodiac):
    """Kestrel is a Ninja (M.Atk d6): 3 rounds (R36)."""
    value, terms = _explain(zodiac, KESTREL, "--explain", "status_rounds")
    assert (value, _pairs(terms)) == (3, [(3, "table:status_rounds")])
    assert terms[0]["rule"].endswith("R36")
    assert terms[0]["terms"][0]["label"] == "d6 M.Atk of Ninja (primary job)"


def test_an_outcome_chance_counts_the_faces_of_its_band(zodiac):
    """Bram (EVA 1, 2DEF 2, DEF 4) against a d8: rolls 5-8 do full damage, 4 of 8; the
    top face is a Crit that still meets its band (R47)."""
    value, terms = _explain(zodiac, BRAM, "--explain", "outcomes.physical.d8.full")
    assert value == 0.5 and _pairs(terms) == [(0.5, "die:d8")]
    assert terms[0]["label"] == "4 of 8 faces: rolls 5-8 (above DEF 4)"
    assert [t["amount"] for t in terms[0]["terms"]] == [4, 8]
    value, terms = _explain(zodiac, BRAM, "--explain", "outcomes.physical.d8.critical")
    assert value == 0.125 and "R47" in terms[0]["rule"]


def test_monster_xp_ap_and_job_spell_mp(zodiac):
    """A level 10 enemy gives 55 XP and as much AP (R34, R35); Fire costs its 4 AP in MP."""
    drake = str(EXAMPLE / "monsters" / "ash-drake.yaml")
    value, terms = _explain(zodiac, drake, "--explain", "xp")
    assert (value, _pairs(terms)) == (55, [(55, "table:enemy_xp")])
    value, terms = _explain(zodiac, drake, "--explain", "ap")
    assert (value, _pairs(terms)) == (55, [(55, "xp")]) and terms[0]["rule"].endswith("R35")
    value, terms = _explain(zodiac, drake, "--explain", "combo_bonus")
    assert (value, terms[0]["label"]) == (50, "5 x level 10")
    mage = str(EXAMPLE / "jobs" / "black-mage.yaml")
    value, terms = _explain(zodiac, mage, "--explain", "spells.fire.mp")
    assert (value, _pairs(terms)) == (4, [(4, "ability:fire")])
    value, terms = _explain(zodiac, mage, "--explain", "status_rounds")
    assert (value, _pairs(terms)) == (6, [(6, "table:status_rounds")])  # d12 (R36)


def _written(kind: str, data: dict) -> tuple[str, ...]:
    """What the files say, not the rules: the rest of every view is computed."""
    # a range is computed where none is written (L93, L235, L95): never listed here
    ability = ("*abilities.*.ap", "*abilities.*.ae", "spells.*.ap", "spells.*.ae")
    return {
        "character": ("xp", "jobs.*.ap_earned", "level_history.*.level", *ability),
        "job": ("per_level.*", "mov", "jump", "thresholds.*", *ability),
        "monster": ("level", "hp", "mp", "dmg", "mdmg", "mov", "jump", "thresholds.*", *ability),
        "weapon": ("ammo",),
    }[kind]


def test_every_computed_number_of_the_example_explains_itself():
    checked, problems = walk(EXAMPLE, _written)
    assert problems == []
    assert checked > 500  # 50 outcome chances per job, monster and character alone


def test_expect_quotes_the_breakdown_on_a_wrong_value(zodiac, tmp_path, monkeypatch):
    """`expect:` keeps working on a 16 Bit Tactics character, and says how HP was reached."""
    root = tmp_path / "p"
    shutil.copytree(EXAMPLE, root)
    path = root / "characters" / "kestrel.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text + "expect: {hp: 69, xp_to_next_level: 138}\n", encoding="utf-8")
    monkeypatch.chdir(root)
    r = zodiac("validate", "--format", "json", str(path))
    found = [(d["code"], d["message"]) for d in r.json()]
    assert found == [
        (
            "ZS122",
            "hp: expected 69, computed 68; 3 x 12 Squire: 36 [job:squire] + "
            "4 x 8 Ninja: 32 [job:ninja]",
        )
    ]
