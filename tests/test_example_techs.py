"""The example Tech library and characters: coverage of every effect, and the book's
worked examples (Ch. II Upgrading, Cloned Powers; Ch. IV X-Magic) end to end."""

from __future__ import annotations

from builder.io.project import load_content
from builder.rulesets.zodiac.models.tech import PrimaryEffect, SecondaryEffect
from tests.conftest import EXAMPLE

TECHS = EXAMPLE / "techs"
SCHEMA_LINE = "# yaml-language-server: $schema=../../../../schemas/tech.schema.json"


def library():
    content = load_content(sorted(TECHS.glob("*.yaml")))
    assert content.diagnostics == []
    return [e.model for e in content.of_kind("tech")]


def test_library_covers_every_primary_and_secondary():
    techs = library()
    assert {str(t.primary) for t in techs} == {p.value for p in PrimaryEffect}
    used = {str(s.id) for t in techs for s in t.secondary}
    assert used == {s.value for s in SecondaryEffect}


def test_library_files_point_editors_at_the_schema():
    files = sorted(TECHS.glob("*.yaml"))
    assert len(files) >= 3
    for f in files:
        assert f.read_text(encoding="utf-8").splitlines()[0] == SCHEMA_LINE, f.name


def test_every_example_validates_without_warnings(zodiac):
    r = zodiac("validate", str(EXAMPLE), "--format", "json")
    assert r.exit_code == 0
    mine = [d for d in r.json() if "/techs/" in d["path"] or "/characters/" in d["path"]]
    assert mine == []


def test_worked_examples_are_in_the_library():
    by_id = {t.id: t for t in library()}
    for tech_id in ("cure", "biff", "fireball", "ice-storm"):
        assert tech_id in by_id
    assert by_id["ice-storm"].clone_of == "fireball"


def test_amos_cure_upgrade(zodiac):
    """Amos upgrades Cure 1 -> 2: 7 TP, and its MP goes from 3 to 6."""
    amos = str(EXAMPLE / "characters" / "amos.yaml")
    now = zodiac("character", "show", amos, "-f", "json").json()
    before = zodiac("character", "show", amos, "--level", "2", "-f", "json").json()
    cure_now = next(t for t in now["techs"] if t["id"] == "cure")
    cure_then = next(t for t in before["techs"] if t["id"] == "cure")
    assert cure_now["tp_paid"] - cure_then["tp_paid"] == 7
    assert (cure_then["mp_cost"], cure_now["mp_cost"]) == (3, 6)


MERLIN = """\
kind: character
name: Merlin the Mage
level: 21
class_power: tech
armor_type: enhance
command_skill: x-magic
support_skill: magic-up
base_stats: {str: 3, mag: 15, vit: 9, spr: 10, agi: 3}
advancement:
%s
techs:
  - tech: fireball
    learned_at: 10
    upgrades: [{to: 5, at: 21}]   # later: Ice Storm is already 5, so half of 65 = 33
  - tech: ice-storm
    learned_at: 10               # a clone: half of 60 = 30
    upgrades: [{to: 5, at: 20}]  # the original is still 4: full 65
"""


def test_merlin_clone_costs_via_a_learning_history(zodiac, write):
    # The example Tech library takes Map Combat options (R14, R30), so it plays Map Combat (R32).
    write("zodiac.yaml", "title: Merlin\nhouse_rules: {map_combat: true}\n")
    write("techs.yaml", (TECHS / "attacks.yaml").read_text(encoding="utf-8"))
    write("merlin.yaml", MERLIN % "\n".join("  - {mag: 2, vit: 1}" for _ in range(20)))
    assert zodiac("validate", ".").exit_code == 0
    data = zodiac("character", "show", "merlin.yaml", "-f", "json").json()
    paid = {t["id"]: t["tp_paid"] for t in data["techs"]}
    assert paid == {"fireball": 60 + 33, "ice-storm": 30 + 65}
    assert data["tech_points"]["spent"] == 188
    levels = {t["id"]: (t["tech_level"], t["clone_of"]) for t in data["techs"]}
    assert levels == {"fireball": (5, None), "ice-storm": (5, "fireball")}


def test_mira_starts_with_three_level_one_techs(zodiac):
    data = zodiac(
        "character", "show", str(EXAMPLE / "characters" / "mira.yaml"), "-f", "json"
    ).json()
    assert len(data["techs"]) == 3 and {t["tech_level"] for t in data["techs"]} == {1}
    assert data["tech_points"]["available"] >= 0


def test_blue_mage_example_uses_core_enemy_skills(zodiac):
    data = zodiac(
        "character", "show", str(EXAMPLE / "characters" / "quina.yaml"), "-f", "json"
    ).json()
    assert data["tech_points"] == {"total": 0, "spent": 0, "available": 0}
    punch = next(t for t in data["techs"] if t["id"] == "goblin-punch")
    assert punch["attack"] == "1P2" and punch["mp_cost"] == 3 and "x 10 +" in punch["effect"]
