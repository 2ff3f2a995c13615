"""`zodiac monster show` (DESIGN contract) and `zodiac encounter rewards`."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.conftest import EXAMPLE

CONTRACT_KEYS = {"name", "level", "boss", "stats", "derived", "tech_levels", "rewards"}
# Issue 14: everything the card and the bestiary stat block print, after the contract's.
ALL_KEYS = CONTRACT_KEYS | {
    "format_version", "id", "family", "description", "stat_total", "attack", "affinities",
    "status_immunities", "defenses", "powers", "techs", "parts", "drops", "steals",
    "drop_chance", "breakdown", "speed", "explain",
}  # fmt: skip
CONTRACT_DERIVED = {
    "hp", "mp", "ap", "map", "str_dice", "mag_dice", "accuracy", "magic_accuracy",
    "evade", "resist", "critical", "speed", "move", "jump",
}  # fmt: skip

# Level 4: 25 + 5 x 4 = 45 stat points (R26).
HOBGOBLIN = """\
kind: monster
name: Hobgoblin
level: 4
stats: {str: 15, mag: 10, vit: 10, spr: 4, agi: 6}
attack_die: d8
powers:
  - flight
"""

# Level 20 boss: 25 + 5 x 20 = 125 stat points.
OGRE_KING = """\
kind: monster
name: Ogre King
level: 20
boss: true
stats: {str: 30, mag: 25, vit: 40, spr: 15, agi: 15}
powers:
  - counterattack
"""

PROJECT = "title: Test Saga\n"


def test_help_has_examples(zodiac):
    for args in (["monster", "show", "--help"], ["encounter", "rewards", "--help"]):
        r = zodiac(*args)
        assert r.exit_code == 0, args
        assert "Examples:" in r.stdout and "zodiac " in r.stdout, args


def test_show_json_contract_by_hand(zodiac, write):
    write("hob.yaml", HOBGOBLIN)
    r = zodiac("monster", "show", "hob.yaml", "--format", "json")
    assert r.exit_code == 0, r.output
    data = r.json()
    assert set(data) == ALL_KEYS
    assert list(data)[1:8] == [
        "name",
        "level",
        "boss",
        "stats",
        "derived",
        "tech_levels",
        "rewards",
    ]
    assert set(data["derived"]) == CONTRACT_DERIVED
    assert data["name"] == "Hobgoblin" and data["level"] == 4 and data["boss"] is False
    assert data["stats"] == {"str": 15, "mag": 10, "vit": 10, "spr": 4, "agi": 6}
    assert data["derived"] == {
        "hp": 270,  # 30 + 20 x 10 + 10 x 4
        "mp": 4,  # (4 + 4) / 2
        "ap": 30,  # 2 x 15
        "map": 20,  # 2 x 10
        "str_dice": 1,
        "mag_dice": 1,
        "accuracy": 6,  # 5 + 6 / 5
        "magic_accuracy": 7,  # 5 + 10 / 5
        "evade": 26,  # 25 + 6 / 5
        "resist": 26,  # 25 + 10 / 10 + 4 / 10
        "critical": 98,  # 98 - 6 / 15
        "speed": 10,  # 10 + 6 / 15 + 4 / 10
        "move": 3,
        "jump": 3,
    }
    assert data["tech_levels"] == {"total": 3, "spent": 1}  # 1 + 10 / 5; Flight 1
    assert data["rewards"] == {"xp": 140, "gold": 60}  # 35 x 4, 15 x 4


def test_show_json_boss_by_hand(zodiac, write):
    write("king.yaml", OGRE_KING)
    data = zodiac("monster", "show", "king.yaml", "-f", "json").json()
    assert data["boss"] is True
    assert data["derived"]["hp"] == (30 + 20 * 40 + 10 * 20) * 10  # R28: x10 after the formula
    assert data["derived"]["mp"] == (15 + 20) // 2 * 2  # R28: x2
    assert data["derived"]["speed"] == 10 + 1 + 2
    assert data["tech_levels"] == {"total": 6, "spent": 3}
    assert data["rewards"] == {"xp": 150 * 20, "gold": 75 * 20}


def test_show_text_stat_block(zodiac, write):
    write("king.yaml", OGRE_KING)
    r = zodiac("monster", "show", "king.yaml")
    assert r.exit_code == 0, r.output
    out = r.stdout
    for text in ("Ogre King", "BOSS", "10300", "Counterattack", "3,000 XP", "1,500 gold"):
        assert text in out, text
    assert "1d6 x 10 + 60 AP = 70-120 damage" in out  # R10: x 10
    assert "stone, demi, death sentence, instant death" in out


def test_show_uses_the_projects_damage_multiplier(zodiac, write):
    write("zodiac.yaml", PROJECT + "house_rules:\n  damage_die_multiplier: 5\n")
    write("monsters/king.yaml", OGRE_KING)
    r = zodiac("monster", "show", "monsters/king.yaml")
    assert r.exit_code == 0, r.output
    assert "1d6 x 5 + 60 AP = 65-90 damage" in r.stdout


def test_show_resolves_project_techs(zodiac, write):
    write("zodiac.yaml", PROJECT)
    write(
        "techs/breath.yaml",
        "kind: tech\nname: Frost Breath\ntech_level: 2\npower_level: medium\n"
        "primary: attack_magic\nelement: ice\n",
    )
    write("monsters/hob.yaml", HOBGOBLIN + "techs: [frost-breath]\n")
    data = zodiac("monster", "show", "monsters/hob.yaml", "-f", "json").json()
    assert data["tech_levels"] == {"total": 3, "spent": 3}
    r = zodiac("monster", "show", "monsters/hob.yaml")
    assert "Tech: Frost Breath" in r.stdout


def test_show_broken_monster_exit_1_located(zodiac, write):
    write("hob.yaml", HOBGOBLIN.replace("str: 15", "str: 16"))
    r = zodiac("monster", "show", "hob.yaml")
    assert r.exit_code == 1
    assert "hob.yaml:4:8: error ZM101 stats sum to 46" in r.stdout


def test_show_misuse_exit_2(zodiac, write):
    assert zodiac("monster", "show", "missing.yaml").exit_code == 2
    write("two.yaml", HOBGOBLIN + "---\n" + OGRE_KING)
    r = zodiac("monster", "show", "two.yaml")
    assert r.exit_code == 2 and "--id" in r.output
    assert (
        zodiac("monster", "show", "two.yaml", "--id", "ogre-king", "-f", "json").json()["name"]
        == "Ogre King"
    )
    r = zodiac("monster", "show", "two.yaml", "--id", "ogre-kin")
    assert r.exit_code == 2 and "did you mean 'ogre-king'" in r.output


def test_show_every_example(zodiac):
    for path in sorted((EXAMPLE / "monsters").glob("*.yaml")):
        r = zodiac("monster", "show", str(path), "-f", "json")
        assert r.exit_code == 0, (path, r.output)
        data = r.json()
        assert data["tech_levels"]["spent"] <= data["tech_levels"]["total"], path


# --- encounter rewards -------------------------------------------------------------------


@pytest.fixture
def project(write):
    write("zodiac.yaml", PROJECT)
    write("monsters/hob.yaml", HOBGOBLIN)
    write("monsters/king.yaml", OGRE_KING)
    return write


def test_rewards_counts_and_party(zodiac, project):
    r = zodiac("encounter", "rewards", "hobgoblin:3", "ogre-king", "--party", "4", "-f", "json")
    assert r.exit_code == 0, r.output
    data = r.json()
    xp = 3 * 35 * 4 + 150 * 20  # 3420
    gold = 3 * 15 * 4 + 75 * 20  # 1680
    assert data["total"] == {"xp": xp, "gold": gold}
    assert data["per_character"] == {"xp": xp // 4, "gold": gold // 4}
    assert data["remainder"] == {"xp": xp % 4, "gold": gold % 4}
    assert [(m["id"], m["count"], m["xp"]) for m in data["monsters"]] == [
        ("hobgoblin", 3, 420),
        ("ogre-king", 1, 3000),
    ]


def test_rewards_remainder_is_explained(zodiac, project):
    r = zodiac("encounter", "rewards", "hobgoblin", "-p", "3")
    assert r.exit_code == 0, r.output
    assert "Each of 3 surviving characters: 46 XP and 20 gold" in r.stdout  # 140 / 3, 60 / 3
    assert "Remainder: 2 XP and 0 gold, not handed out" in r.stdout
    assert "rounded down (R1)" in r.stdout


def test_rewards_files_and_repeats_merge(zodiac, project):
    r = zodiac("encounter", "rewards", "monsters/hob.yaml:2", "hobgoblin", "-p", "1", "-f", "json")
    data = r.json()
    assert [(m["id"], m["count"]) for m in data["monsters"]] == [("hobgoblin", 3)]
    assert data["per_character"] == {"xp": 420, "gold": 180}


def test_rewards_project_option(zodiac, write):
    write("elsewhere/readme.txt", "not a project")
    r = zodiac(
        "encounter", "rewards", "goblin:2", "--party", "2", "--project", str(EXAMPLE), "-f", "json"
    )
    assert r.exit_code == 0, r.output
    assert r.json()["total"] == {"xp": 140, "gold": 60}


@pytest.mark.parametrize(
    "args",
    [
        ["hobgoblin"],  # --party missing
        ["hobgoblin", "--party", "0"],
        ["hobgoblim", "--party", "2"],  # unknown id
        ["hobgoblin:lots", "--party", "2"],
        ["hobgoblin:0", "--party", "2"],
        ["nothere.yaml", "--party", "2"],
    ],
)
def test_rewards_misuse_exit_2(zodiac, project, args):
    r = zodiac("encounter", "rewards", *args)
    assert r.exit_code == 2, r.output


def test_rewards_unknown_id_suggests(zodiac, project):
    r = zodiac("encounter", "rewards", "hobgoblim", "--party", "2")
    assert "did you mean 'hobgoblin'" in r.output


def test_rewards_ids_need_a_project(zodiac, write):
    write("hob.yaml", HOBGOBLIN)
    r = zodiac("encounter", "rewards", "hobgoblin", "--party", "2")
    assert r.exit_code == 2 and "--project" in r.output
    assert zodiac("encounter", "rewards", "hob.yaml", "--party", "2").exit_code == 0


def test_rewards_broken_monster_exit_1(zodiac, project):
    project("monsters/hob.yaml", HOBGOBLIN.replace("str: 15", "str: 16"))
    r = zodiac("encounter", "rewards", "hobgoblin", "--party", "2")
    assert r.exit_code == 1
    assert "monsters/hob.yaml:4:8: error ZM101" in r.stdout


def test_cli_startup_stays_lazy():
    """`zodiac --help` must not import pydantic models, rules or rich tables."""
    code = (
        "import sys; import builder.cli.app; "
        "bad = [m for m in ('builder.rulesets.zodiac.models.monster', 'builder.rulesets.zodiac.rules.monsters', "
        "'builder.rulesets.zodiac.checks.monsters', 'builder.workspace') if m in sys.modules]; print(bad)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


# --- the whole stat block in JSON (issue 14) --------------------------------------------

EMBER_NEWT = """\
kind: monster
name: Ember Newt
level: 10
family: lizard
stats: {str: 20, mag: 15, vit: 20, spr: 10, agi: 10}   # 25 + 5 x 10 = 75
attack_die: d8
affinities: {weakness: [ice]}
status_immunities: [poison]
powers:
  - status_touch: sleep
  - resistance: fire
techs: [spark]
drops: [potion]
steals: [potion]
description: Ours.
"""

SPARK = """\
kind: tech
name: Spark
tech_level: 1
power_level: medium
primary: attack_magic
element: lightning
"""


def test_show_json_has_what_the_card_prints(zodiac, project):
    project("techs/spark.yaml", SPARK)
    project("monsters/newt.yaml", EMBER_NEWT)
    data = zodiac("monster", "show", "monsters/newt.yaml", "-f", "json").json()
    d = data["derived"]
    assert (data["id"], data["family"], data["description"]) == ("ember-newt", "lizard", "Ours.")
    assert data["stat_total"] == 75
    # 1 + 15 / 5 + 1 Weakness; Status Touch 3 + Resistance 1 + a Tech Level 1 Tech
    assert data["tech_levels"] == {"total": 5, "spent": 5}
    attack = data["attack"]
    assert (attack["dice"], attack["die"], attack["multiplier"]) == (d["str_dice"], "d8", 10)
    assert attack["attack_power"] == d["ap"]
    assert attack["minimum"] == attack["dice"] * 10 + d["ap"]
    assert attack["maximum"] == attack["dice"] * 8 * 10 + d["ap"]
    assert attack["text"] == f"{attack['dice']}d8 x 10 + {d['ap']}"
    assert attack["element"] is None
    assert attack["status"] == [{"power": "status_touch", "status": "sleep", "level": 3}]
    assert data["affinities"]["weakness"] == ["ice"]
    assert data["affinities"]["resistance"] == ["fire"]  # bought as a power
    assert data["status_immunities"] == ["poison"]
    (touch,) = data["powers"]  # the card shows affinities as badges, not power rows
    assert (touch["id"], touch["name"], touch["level"]) == ("status_touch", "Status Touch", 3)
    assert touch["parameters"] == {"status": "sleep"} and touch["detail"] == "Sleep"
    (spark,) = data["techs"]
    priced = zodiac(
        "tech", "cost", "--level", "1", "--power", "medium", "--primary", "attack_magic",
        "--element", "lightning", "-f", "json",
    ).json()  # fmt: skip
    assert (spark["name"], spark["tech_level"], spark["element"]) == ("Spark", 1, "lightning")
    assert spark["mp"] == priced["mp_cost"] and spark["cost"] == f"{priced['mp_cost']} MP"
    assert spark["effect"].endswith(" lightning") and f"+ {d['map']}" in spark["effect"]
    assert data["drops"] == [{"id": "potion", "name": "Potion"}] == data["steals"]
    assert data["drop_chance"] == "30%"
    assert data["breakdown"]["hp"].startswith(f"HP {d['hp']} = ")
    assert data["breakdown"]["xp"].startswith(f"XP {data['rewards']['xp']} = ")


def test_every_value_the_card_prints_is_in_the_json():
    """Each example monster: the card's and stat block's values, read from the JSON."""
    from builder.rulesets.zodiac.show import monster_grid, monster_json, monster_stat_block
    from builder.rulesets.zodiac.views.bestiary import monster_card
    from builder.workspace import open_workspace

    ws = open_workspace([EXAMPLE])
    house = ws.settings.house
    monsters = ws.content.of_kind("monster")
    assert len(monsters) >= 10
    for entity in monsters:
        view, _ = monster_stat_block(ws, entity)
        data = monster_json(ws, entity, view, monster_grid(ws, entity, view))
        card = monster_card(
            ws,
            entity.model,
            die_multiplier=house.damage_die_multiplier,
            map_combat=house.map_combat,
        )
        where = entity.id
        assert (data["name"], data["level"], data["boss"]) == (
            card["name"],
            card["level"],
            card["boss"],
        ), where
        assert (data["family"] or "").title() == (card["family"] or ""), where
        assert {k.upper(): v for k, v in data["stats"].items()} == card["stats"], where
        assert (data["derived"]["hp"], data["derived"]["mp"]) == (card["hp"], card["mp"])
        assert all(data["derived"][x["key"]] == x["value"] for x in card["derived"]), where
        a = data["attack"]
        assert a["text"] == card["attack"]["text"], where
        assert f"{a['minimum']:,}-{a['maximum']:,}" == card["attack"]["range"], where
        for aff in card["affinities"]:
            assert data["affinities"][aff["kind"]] == [e["kind"] for e in aff["elements"]]
        assert len(data["status_immunities"]) == len(card["status_immunities"]), where
        notes = data["defenses"]["notes"]
        assert set(notes) <= set(card["defense_notes"]), where
        rows = [
            (p["name"], p["level"], p["detail"], p["summary"], p["effect"]) for p in data["powers"]
        ]
        assert rows == [
            (p["name"], p["level"], p["detail"], p["summary"], p["effect"]) for p in card["powers"]
        ], where
        assert data["techs"] == card["techs"] and data["parts"] == card["parts"], where
        assert {k: data["tech_levels"][k] for k in ("total", "spent")} == {
            k: card["tech_levels"][k] for k in ("total", "spent")
        }, where
        assert (data["rewards"]["xp"], data["rewards"]["gold"]) == (
            card["rewards"]["xp"],
            card["rewards"]["gold"],
        )
        assert [x["name"] for x in data["drops"]] == card["drops"], where
        assert [x["name"] for x in data["steals"]] == card["steals"], where
        assert data["drop_chance"] == card["drop_chance"]
        assert (data["description"] or "") == card["description"], where
        assert data["breakdown"]["hp"].endswith(card["hp_breakdown"]), where
        assert data["breakdown"]["tech_levels_total"].endswith(
            card["tech_levels"]["total_breakdown"]
        )
        if card["map_combat"] is not None:
            assert data["map_combat"]["move"] == data["derived"]["move"], where
