"""Creation choices of Chapter IV skills (ZC160-ZC170): each is required with its skill,
refused without it, and checked; `character show --format json` prints them and the
skills' numbers. Runs the CLI over a small project."""

from __future__ import annotations

import pytest

from builder.rulesets.zodiac.checks.character import CODES

PROJECT = "title: Test Saga\n"

TECH = """\
kind: tech
name: Spark
tech_level: 1
power_level: weak
primary: attack_magic
element: lightning
"""

# Lines 1-8 fixed; the skills and choices start on line 9.
HEAD = """\
kind: character
name: Tess
level: 1
class_power: tech
armor_type: balanced
weapon_class: sword
base_stats: {str: 11, mag: 6, vit: 6, spr: 11, agi: 6}
techs: [{tech: spark}]
"""


@pytest.fixture
def run(write, zodiac):
    """``(tail) -> [(code, line)]`` for a character whose skills and choices are ``tail``."""

    def _run(tail: str) -> list[tuple[str, int]]:
        write("zodiac.yaml", PROJECT)
        write("spark.yaml", TECH)
        path = write("tess.yaml", HEAD + tail)
        r = zodiac("validate", str(path), "--format", "json")
        return [(d["code"], d["line"]) for d in r.json() if d["severity"] == "error"]

    return _run


def test_codes_are_catalogued():
    for n in range(160, 171):
        assert f"ZC{n}" in CODES


# --- Natural Resistance ------------------------------------------------------------------


def test_natural_resistance_with_its_element_passes(run):
    assert (
        run("command_skill: steal\nsupport_skill: natural-resistance\nnatural_resistance: Fire\n")
        == []
    )


def test_natural_resistance_needs_its_element(run):
    assert run("command_skill: steal\nsupport_skill: natural-resistance\n") == [("ZC160", 10)]


def test_natural_resistance_refused_without_the_skill(run):
    assert run("command_skill: steal\nsupport_skill: toughness\nnatural_resistance: fire\n") == [
        ("ZC161", 11)
    ]


def test_natural_resistance_unknown_element(run):
    got = run("command_skill: steal\nsupport_skill: natural-resistance\nnatural_resistance: lava\n")
    assert len(got) == 1 and got[0][0].startswith("ZS") and got[0][1] == 11


# --- Dice --------------------------------------------------------------------------------


def test_dice_with_its_stat_passes(run):
    assert run("command_skill: dice\ndice_stat: mag\nsupport_skill: toughness\n") == []


def test_dice_needs_its_stat(run):
    assert run("command_skill: dice\nsupport_skill: toughness\n") == [("ZC169", 9)]


def test_dice_stat_refused_without_dice(run):
    assert run("command_skill: steal\ndice_stat: str\nsupport_skill: toughness\n") == [
        ("ZC170", 10)
    ]


def test_dice_stat_unknown(run):
    got = run("command_skill: dice\ndice_stat: agi\nsupport_skill: toughness\n")
    assert len(got) == 1 and got[0][0].startswith("ZS") and got[0][1] == 10


# --- Counter -----------------------------------------------------------------------------

COUNTER = "command_skill: steal\nsupport_skill: counter\n"  # counter: starts on line 11


@pytest.mark.parametrize(
    "choice",
    [
        "{type: weapon, method: attack}",
        "{type: special, method: mirror}",
        "{type: weapon, method: tech, tech: spark}",
        "{type: weapon, tech: Spark}",  # the method follows from the one choice given
        "{type: special, tech: any}",  # the Master lets the player pick each time
        "{type: weapon, method: command_skill, command_skill: kick}",
        "{type: weapon, command_skill: Deathblow}",
    ],
)
def test_counter_choices_that_pass(run, choice):
    assert run(COUNTER + f"counter: {choice}\n") == []


def test_counter_needs_its_choices(run):
    assert run(COUNTER) == [("ZC162", 10)]


def test_counter_refused_without_the_skill(run):
    assert run(
        "command_skill: steal\nsupport_skill: toughness\ncounter: {type: weapon, method: attack}\n"
    ) == [("ZC163", 11)]


def test_counter_needs_a_method(run):
    assert run(COUNTER + "counter: {type: weapon}\n") == [("ZC164", 11)]


def test_counter_choice_of_another_method(run):
    assert run(COUNTER + "counter:\n  type: weapon\n  method: attack\n  tech: spark\n") == [
        ("ZC164", 14)
    ]


def test_counter_tech_method_needs_a_tech(run):
    assert run(COUNTER + "counter: {type: weapon, method: tech}\n") == [("ZC165", 11)]


def test_counter_tech_must_be_known(write, zodiac):
    write("zodiac.yaml", PROJECT)
    write("spark.yaml", TECH)
    path = write("tess.yaml", HEAD + COUNTER + "counter:\n  type: weapon\n  tech: sprak\n")
    r = zodiac("validate", str(path), "--format", "json")
    [d] = r.json()
    assert (d["code"], d["line"]) == ("ZC166", 13)
    assert "did you mean 'spark'" in d["message"]


def test_counter_command_skill_method_needs_one(run):
    assert run(COUNTER + "counter: {type: weapon, method: command_skill}\n") == [("ZC167", 11)]


@pytest.mark.parametrize("skill", ["chakra", "Health", "kik"])
def test_counter_command_skill_forbidden_or_unknown(run, skill):
    assert run(COUNTER + f"counter:\n  type: weapon\n  command_skill: {skill}\n") == [("ZC168", 13)]


def test_counter_unknown_type(run):
    got = run(COUNTER + "counter: {type: magic, method: attack}\n")
    assert len(got) == 1 and got[0][0].startswith("ZS") and got[0][1] == 11


# --- `character show --format json` ------------------------------------------------------

SWORDS = """\
kind: weapon_set
name: Swords
weapon_class: sword
physical_points: 4
magical_points: 2
weapons:
  - {level: 1, name: Sword 1}
  - {level: 2, name: Sword 2}
  - {level: 3, name: Sword 3}
  - {level: 4, name: Sword 4}
  - {level: 5, name: Sword 5}
  - {level: 6, name: Drain Blade, abilities: [drain]}
  - {level: 7, name: Sword 7}
  - {level: 8, name: Sword 8}
  - {level: 9, name: Sword 9}
  - {level: 10, name: Sword 10}
"""


def _show(write, zodiac, tail: str, *args: str) -> dict:
    write("zodiac.yaml", PROJECT)
    write("spark.yaml", TECH)
    write("swords.yaml", SWORDS)
    path = write("tess.yaml", HEAD + tail)
    assert zodiac("validate", ".").exit_code == 0
    r = zodiac("character", "show", str(path), "--format", "json", *args)
    assert r.exit_code == 0, r.output
    return r.json()


def test_show_kick_and_natural_resistance(write, zodiac):
    tail = (
        "command_skill: kick\nsupport_skill: natural-resistance\nnatural_resistance: ice\n"
        "equipment: {weapon: drain-blade}\n"
    )
    data = _show(write, zodiac, tail, "--target-evade", "40")
    assert data["choices"] == {"natural_resistance": "ice"}
    assert data["affinities"] == {"ice": "resist"}
    [attack] = data["attacks"]
    # STR 11, AP 11 + 90 (level 6, 4 points) = 101: 1d8 x 10 + 101 = 111-181.
    assert (attack["min"], attack["max"]) == (111, 181)
    # Drain Weapon: 20% of the damage done (R1); a critical doubles 181 to 362.
    assert attack["drain"] == {"percent": 20, "min": 22, "max": 36, "critical_max": 72}
    # Accuracy 5 + 6/5 = 6; short range: -60 against flying targets (Ch. VI Weapon Range).
    assert attack["vs_flying"]["penalty"] == -60
    assert attack["vs_flying"]["accuracy"] == attack["accuracy"] - 60
    assert attack["vs_flying"]["hit_chance"] == 11  # only natural 90+
    [kick] = data["skills"]["command"]["numbers"]
    assert kick["value"] == "37-60"  # 111 / 3, 181 / 3
    assert kick["breakdown"] == "1/3 of Drain Blade 111-181"
    [nr] = data["skills"]["support"]["numbers"]
    assert nr["value"] == "ice"
    # Sell prices by R25 on equipped items.
    [item] = data["equipment"]
    assert (item["price"], item["sell_price"]) == (2000, 1000)


def test_show_dice_and_counter(write, zodiac):
    tail = (
        "command_skill: dice\ndice_stat: str\nsupport_skill: counter\n"
        "counter: {type: special, tech: spark}\n"
    )
    data = _show(write, zodiac, tail)
    assert data["choices"]["dice_stat"] == "str"
    assert data["choices"]["counter"] == {
        "type": "special",
        "method": "tech",
        "tech": "spark",
        "command_skill": None,
        "chance": 20,
    }
    dice = data["skills"]["command"]["numbers"]
    assert [d["value"] for d in dice] == ["1", "1", "2", "5", "22", "55", "110"]  # STR 11
    assert dice[3]["breakdown"] == "11 STR / 2"
    [counter] = data["skills"]["support"]["numbers"]
    assert counter["value"] == "20%"
    assert "Mirror Techs never answer normal attacks" in counter["breakdown"]


def test_show_coin_toss_slots_and_toughness(write, zodiac):
    data = _show(write, zodiac, "command_skill: slots\nsupport_skill: toughness\n")
    slots = data["skills"]["command"]["numbers"]
    assert [s["value"] for s in slots][:7] == [
        "Chaos",
        "Roulette",
        "Single Magic",
        "Lagomorph",
        "Multi Magic",
        "Reset",
        "Victory",
    ]
    assert slots[7]["value"] == "1d2"  # level 1
    [tough] = data["skills"]["support"]["numbers"]
    assert tough["value"] == str(data["derived"]["hp"])
    data = _show(write, zodiac, "command_skill: coin-toss\nsupport_skill: toughness\n")
    [coin] = data["skills"]["command"]["numbers"]
    assert (coin["value"], coin["breakdown"]) == ("20 G", "10 + 10 x 1 Level")


def test_show_table_prints_the_skills(write, zodiac):
    write("zodiac.yaml", PROJECT)
    write("spark.yaml", TECH)
    path = write("tess.yaml", HEAD + "command_skill: chakra\nsupport_skill: toughness\n")
    r = zodiac("character", "show", str(path))
    assert r.exit_code == 0
    assert "Chakra: HP restored" in r.stdout


def test_equipment_show_json_gains_sell_price(write, zodiac):
    write("zodiac.yaml", PROJECT)
    path = write("swords.yaml", SWORDS)
    r = zodiac("equipment", "show", str(path), "--format", "json")
    items = r.json()["items"]
    assert [(i["price"], i["sell_price"]) for i in items][::9] == [(75, 37), (None, None)]
    assert all(i["sell_price"] == i["price"] // 2 for i in items if i["price"] is not None)


def test_example_characters_show_their_choices(zodiac):
    from tests.conftest import EXAMPLE

    quina = zodiac("character", "show", str(EXAMPLE / "characters" / "quina.yaml"), "-f", "json")
    assert quina.json()["affinities"]["water"] == "resist"  # Natural Resistance (Ch. IV)
    rook = zodiac("character", "show", str(EXAMPLE / "characters" / "rook.yaml"), "-f", "json")
    data = rook.json()
    assert data["choices"]["dice_stat"] == "mag" and data["choices"]["counter"]["tech"] == "mug"
    # MAG 21 (own 21, no equipment bonus): the table's Stat / 2 row is 10.
    assert data["skills"]["command"]["numbers"][3]["value"] == "10"
