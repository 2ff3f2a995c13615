"""Issue 23, the ZODIAC items, each on content written from the book's text:

- gold without records (Ch. I Step 8): the 200 G of creation, kept;
- a monster's inline Tech meets the clone rules (Ch. II Cloned Powers, R16; App. I Step 6);
- `zodiac tech cost` inside a project applies its house rules (Ch. VI Damage Levels);
- damage against resistance, Defend, Mini, Frog, Curse, Blind and criticals on attack and
  Tech lines (Ch. VI Attacking; Diff's 400 and Meltdown's 350 are in tests/rules/test_damage);
- R51 Curse, with the house rule `curse_temporary`;
- page 1 of the sheet carries the Command Skill's numbers (Ch. IV);
- a monster card marks a Tech its MP cannot pay (Ch. VI Using Techs).
"""

from __future__ import annotations

import shutil

import pytest

from builder.workspace import open_workspace
from tests.conftest import EXAMPLE

SWORDS = "kind: weapon_set\nname: Swords\nweapon_class: sword\nphysical_points: 4\n" + (
    "magical_points: 2\nweapons:\n"
    + "\n".join(f"  - {{level: {lvl}, name: Sword {lvl}}}" for lvl in range(1, 11))
    + "\n"
)

TESS = """\
kind: character
name: Tess
level: 3
class_power: tech
armor_type: balanced
weapon_class: sword
command_skill: steal
support_skill: toughness
base_stats: {str: 11, mag: 6, vit: 6, spr: 11, agi: 6}
advancement: [{str: 2, agi: 1}, {vit: 1, spr: 1, mag: 1}]
equipment: {weapon: sword-1}
"""

FIREBALL = """\
kind: tech
name: Fireball
tech_level: 4
power_level: medium
primary: attack_magic
element: fire
secondary: [area_effect]
"""


def codes(zodiac, path) -> list[tuple[str, int, int]]:
    r = zodiac("validate", str(path), "--format", "json")
    return [(d["code"], d["line"], d["column"]) for d in r.json()]


def shown(zodiac, *args: str) -> dict:
    r = zodiac(*args, "--format", "json")
    assert r.exit_code == 0, r.output
    return r.json()


def example_copy(tmp_path, house: str = "") -> tuple:
    """The example project, copied (its house rules extended by ``house``)."""
    root = tmp_path / "project"
    shutil.copytree(EXAMPLE, root, ignore=shutil.ignore_patterns("dist"))
    if house:
        config = root / "zodiac.yaml"
        text = config.read_text(encoding="utf-8")
        config.write_text(text.replace("house_rules:\n", f"house_rules:\n{house}"), "utf-8")
    return root


def sheet(root, stem: str) -> dict:
    from builder.rulesets.zodiac.views.sheets import character_sheet_context

    ws = open_workspace([root])
    path = (root / "characters" / f"{stem}.yaml").resolve()
    [entity] = [e for e in ws.content.of_kind("character") if e.doc.path.resolve() == path]
    return character_sheet_context(ws, [entity])["character"]


# --------------------------------------------------------------------------- gold


def test_gold_without_records_is_the_200_of_creation(zodiac, write):
    """Ch. I Step 8: "You get 200 G ... You keep any leftover money." Before: `gold: null`
    in JSON and "0 G" on the sheet."""
    write("zodiac.yaml", "title: Gold\n")
    write("swords.yaml", SWORDS)
    path = write("tess.yaml", TESS)
    d = shown(zodiac, "character", "show", str(path))
    assert d["gold"] == 200
    assert d["gold_breakdown"] == [{"label": "starting", "amount": 200, "source": "Ch. I Step 8"}]
    assert sheet_gold(path.parent) == 200


def sheet_gold(root) -> int:
    from builder.rulesets.zodiac.views.sheets import character_sheet_context

    ws = open_workspace([root])
    [entity] = ws.content.of_kind("character")
    return character_sheet_context(ws, [entity])["character"]["gold"]


# --------------------------------------------------------------------------- inline clones

MONSTER = """\
kind: monster
name: Frost Imp
level: 20
stats: {{str: 25, mag: 50, vit: 25, spr: 15, agi: 10}}
techs:
  - name: Ice Storm
    tech_level: {level}
    power_level: medium
    primary: attack_magic
    element: ice
    secondary: [area_effect]
    clone_of: fireball
  - name: Thunder Storm
    tech_level: {level}
    power_level: medium
    primary: attack_magic
    element: lightning
    secondary: [area_effect]
    clone_of: {second}
"""


def test_a_monsters_inline_tech_meets_the_clone_rules(zodiac, write):
    """App. I Step 6: a monster's Techs "are created as normal"; Ch. II Cloned Powers: "exactly
    the same Tech Level", and "a Cloned Power may not be cloned" (R16). Before: clean."""
    write("zodiac.yaml", "title: Clones\nhouse_rules: {map_combat: false}\n")
    write("lib.yaml", FIREBALL)
    path = write("imp.yaml", MONSTER.format(level=3, second="ice-storm"))
    assert codes(zodiac, path) == [("ZT185", 7, 17), ("ZT180", 19, 15)]
    path = write("imp.yaml", MONSTER.format(level=4, second="fireball"))
    assert codes(zodiac, path) == []


def test_an_inline_clone_of_an_unknown_tech_is_named(zodiac, write):
    write("zodiac.yaml", "title: Clones\nhouse_rules: {map_combat: false}\n")
    write("lib.yaml", FIREBALL)
    path = write("imp.yaml", MONSTER.format(level=4, second="fireballz"))
    assert codes(zodiac, path) == [("ZT184", 19, 15)]


# --------------------------------------------------------------------------- tech cost

COST = ("tech", "cost", "--level", "4", "--power", "medium", "--primary", "attack_magic")
COST += ("--element", "fire", "--secondary", "area_effect")


def test_tech_cost_applies_the_projects_damage_levels(zodiac, write, tmp_path_factory, monkeypatch):
    """Ch. VI optional Damage Levels: `tech show` and every sheet print x10; `tech cost`
    inside the same project did not (46-256)."""
    write("zodiac.yaml", "title: Levels\nhouse_rules: {damage_levels: 1}\n")
    path = write("fireball.yaml", FIREBALL)
    cost = shown(zodiac, *COST)["damage"]
    assert (cost["min"], cost["max"], cost["scale"]) == (460, 2560, 10)
    assert shown(zodiac, "tech", "show", str(path))["damage"] == cost
    assert "House rules from" in zodiac(*COST).stdout
    monkeypatch.chdir(tmp_path_factory.mktemp("no-project"))
    cost = shown(zodiac, *COST)["damage"]
    assert (cost["min"], cost["max"], cost["scale"]) == (46, 256, 1)


def test_tech_cost_in_a_broken_project_says_where(zodiac, write):
    write("zodiac.yaml", "title: Levels\nhouse_rules: {damage_levels: 7}\n")
    r = zodiac(*COST)
    assert r.exit_code == 1
    assert "zodiac.yaml:2" in r.output and "damage_levels" in r.output


# --------------------------------------------------------------------------- attack lines


def test_attack_line_lands_against_resistance_weakness_defend_and_statuses(zodiac):
    """Amos's Keen Blade, 1d8 x 10 + 98 = 108-178 (Ch. VI Attacking): critical x2,
    Resistance 1/2, Weakness x2, Defend 1/2, a Mini target +50%, Mini and Frog 1/10,
    Curse every die a 1, Blind -30 to the attack roll."""
    a = shown(zodiac, "character", "show", str(EXAMPLE / "characters" / "amos.yaml"))
    [a] = a["attacks"]
    assert (a["min"], a["max"], a["accuracy"]) == (108, 178, 8)
    got = {k: (o["min"], o["max"]) for k, o in a["outcomes"].items()}
    assert got == {
        "critical": (216, 356),
        "vs_resistant": (54, 89),
        "vs_weak": (216, 356),
        "critical_vs_resistant": (108, 178),
        "critical_vs_weak": (432, 712),
        "vs_defending": (54, 89),
        "vs_mini": (162, 267),
        "while_mini": (10, 17),
        "while_frog": (10, 17),
        "while_cursed": (108, 108),
    }
    assert (a["blind"]["accuracy"], a["blind"]["penalty"]) == (-22, -30)


def test_concentrate_triples_the_critical_on_the_attack_line(zodiac, write):
    """Ch. IV Concentrate: "a critical hit ... deals TRIPLE its normal damage"."""
    write("zodiac.yaml", "title: Focus\n")
    write("swords.yaml", SWORDS)
    path = write("tess.yaml", TESS.replace("toughness", "concentrate"))
    [a] = shown(zodiac, "character", "show", str(path))["attacks"]
    assert a["critical_multiplier"] == 3
    crit = a["outcomes"]["critical"]
    assert (crit["min"], crit["max"]) == (3 * a["min"], 3 * a["max"])
    assert (crit["label"], crit["factor"]) == ("critical x3", "3")


def test_the_sheets_attack_line_prints_what_lands(tmp_path):
    c = sheet(example_copy(tmp_path), "amos")
    [a] = c["attacks"]
    assert a["lands"]["target"] == (
        "Crit x2 216-356 · Resist 54-89 · Weak 216-356 · Defending 54-89 · Mini target 162-267"
    )
    assert a["lands"]["own"] == "Blind Accuracy -22 · Mini 10-17 · Frog 10-17 · Curse 108"


# --------------------------------------------------------------------------- tech lines


def test_tech_line_lands_against_resistance_without_a_critical(zodiac, write):
    """Meltdown's rule (Ch. VI Attacking) on a Tech line, with Damage Levels: Fireball's
    460-2,560 is 230-1,280 against Fire Resistance, 920-5,120 against a Weakness. A Tech
    makes no attack roll, so no critical (Ch. II Inaccurate)."""
    write("zodiac.yaml", "title: Levels\nhouse_rules: {damage_levels: 1}\n")
    path = write("fireball.yaml", FIREBALL)
    d = shown(zodiac, "tech", "show", str(path))["damage"]
    assert d["critical"] is None
    got = {k: (o["min"], o["max"]) for k, o in d["outcomes"].items()}
    assert got == {
        "vs_resistant": (230, 1280),
        "vs_weak": (920, 5120),
        "vs_defending": (230, 1280),
        "vs_mini": (690, 3840),
        "while_cursed": (460, 460),
    }
    text = zodiac("tech", "show", str(path)).stdout
    assert "vs resistant (1/2) 230-1,280" in text


def test_the_sheets_tech_rows_carry_resistant_and_weak(tmp_path):
    """Amos's Mug (TL 1 medium Power Attack, 2d8 x 10 + 98 = 118-258)."""
    rows = {t["name"]: t for t in sheet(example_copy(tmp_path), "amos")["techs"]}
    assert (rows["Mug"]["vs_resistant"], rows["Mug"]["vs_weak"]) == ("59-129", "236-516")
    assert (rows["Cure"]["vs_resistant"], rows["Cure"]["vs_weak"]) == (None, None)


# --------------------------------------------------------------------------- R51

HEX = """\
kind: tech
name: Hex
tech_level: 1
primary: status_effect
statuses: [curse]
---
kind: tech
name: Cursed Blade
tech_level: 1
power_level: weak
primary: power_attack
secondary: [{lesser_status_attack: curse}]
"""


@pytest.mark.parametrize(
    ("house", "status_effect", "lesser"),
    [
        ("", "lasts until cured (potion or Dispel)", "lasts until cured (potion or Dispel)"),
        ("house_rules: {curse_temporary: true}\n", "lasts 3 rounds", "lasts 1d3 rounds"),
    ],
    ids=["R51", "curse_temporary"],
)
def test_r51_curse_lasts_until_cured_unless_the_house_rule(
    zodiac, write, house, status_effect, lesser
):
    """R51: Ch. VI's "Duration: Permanent" over Ch. II's "temporary effects, such as Curse";
    the house rule gives Ch. II's 3 rounds (Status Effect) and 1d3 (Lesser Status Attack)."""
    write("zodiac.yaml", "title: Hex\n" + house)
    path = write("hex.yaml", HEX)
    hex_ = shown(zodiac, "tech", "show", str(path), "--name", "hex")["effects"]
    assert [e for e in hex_ if e.startswith("Curse")] == [
        f"Curse: modifier -45; roll 1d100 -39 (with Magic Accuracy 6) against the target's "
        f"Resist; {status_effect}"
    ]
    blade = shown(zodiac, "tech", "show", str(path), "--name", "cursed-blade")["effects"]
    assert any(e.startswith("Curse (lesser)") and e.endswith(lesser) for e in blade), blade


def test_r51_is_listed_with_its_switch(zodiac):
    found = {r["id"]: r for r in zodiac("rules", "rulings", "--format", "json").json()["rulings"]}
    assert found["R51"]["house_rule"] == "curse_temporary"


# --------------------------------------------------------------------------- page 1


@pytest.mark.parametrize(
    ("skill", "extra", "numbers"),
    [
        (
            "deathblow",
            "",
            [
                "Attack roll -32 (a natural 90+ does not hit)",
                "Damage 216-356 (always critical; x3 on a natural roll above Critical 87 "
                "(house rule off))",
            ],
        ),
        (
            "dice",
            "dice_stat: str\n",
            [
                "5d6 roll 5: 1 · 6-8: 4 · 9-12: 9 · 13-19: 24 · 20-26: 96 · 27-29: 240 · "
                "30: 480 (to all enemies; Strength (equipped, R7))"
            ],
        ),
        ("kick", "", ["Damage 36-59 (to every enemy)"]),
        ("jump", "", ["Damage 216-356 (one enemy, on your next turn; out of reach until then)"]),
    ],
)
def test_page_one_carries_the_command_skills_numbers(tmp_path, skill, extra, numbers):
    """Ch. IV Command Skills on Amos (Keen Blade 108-178, STR 48 equipped): page 1 printed
    only the skill's summary; its numbers were on page 2's audit alone."""
    root = example_copy(tmp_path)
    amos = root / "characters" / "amos.yaml"
    text = amos.read_text(encoding="utf-8")
    amos.write_text(text.replace("command_skill: steal", f"command_skill: {skill}") + extra)
    assert sheet(root, "amos")["command"]["numbers"] == numbers


# --------------------------------------------------------------------------- monster cards

IMP = """\
kind: monster
name: Ember Imp
level: 10
stats: {str: 20, mag: 20, vit: 15, spr: 10, agi: 10}
techs:
  - {name: Inferno, tech_level: 4, power_level: strong, primary: attack_magic, element: fire}
  - {name: Spark, tech_level: 1, power_level: weak, primary: attack_magic, element: lightning}
"""


def test_a_monster_card_marks_a_tech_its_mp_cannot_pay(zodiac, write):
    """Ch. VI Using Techs: "If you do not have enough MP, you can't use that ability." The
    imp has 10 MP: Inferno (21 MP) is marked, Spark (2 MP) is not."""
    from builder.rulesets.zodiac.views.bestiary import monster_cards_context

    write("zodiac.yaml", "title: Imps\n")
    path = write("imp.yaml", IMP)
    d = shown(zodiac, "monster", "show", str(path))
    assert d["derived"]["mp"] == 10
    assert [(t["name"], t["mp"], t["mp_short"]) for t in d["techs"]] == [
        ("Inferno", 21, True),
        ("Spark", 2, False),
    ]
    ws = open_workspace([path.parent])
    [card] = monster_cards_context(ws, ws.content.of_kind("monster"))["monsters"]
    assert [t["mp_short"] for t in card["fit"]["techs"]] == [True, False]


def test_a_monsters_attack_line_lands_too(zodiac):
    """The Goblin's 1d6 x 10 + 24 = 34-84 (App. I): a critical doubles it (Ch. VI)."""
    from builder.rulesets.zodiac.views.bestiary import monster_cards_context

    a = shown(zodiac, "monster", "show", str(EXAMPLE / "monsters" / "goblin.yaml"))["attack"]
    assert (a["minimum"], a["maximum"]) == (34, 84)
    got = {k: (o["min"], o["max"]) for k, o in a["outcomes"].items()}
    assert (got["critical"], got["vs_resistant"], got["vs_weak"]) == (
        (68, 168),
        (17, 42),
        (68, 168),
    )
    ws = open_workspace([EXAMPLE])
    goblin = [e for e in ws.content.of_kind("monster") if e.id == "goblin"]
    [card] = monster_cards_context(ws, goblin)["monsters"]
    assert card["attack"]["critical"] == "68-168"  # the bestiary prints it; a card has no room


HEXER = """\
kind: monster
name: Hexer
level: 10
stats: {str: 20, mag: 20, vit: 15, spr: 10, agi: 10}
techs:
  - {name: Hex, tech_level: 1, primary: status_effect, statuses: [curse]}
"""


@pytest.mark.parametrize(
    ("house", "lasts"),
    [("", "lasts until cured"), ("house_rules: {curse_temporary: true}\n", "lasts 3 rounds")],
    ids=["R51", "curse_temporary"],
)
def test_r51_on_a_monster_card(zodiac, write, house, lasts):
    """The switch changes the monster's card and `show` as it does a Tech's (R51)."""
    write("zodiac.yaml", "title: Hexers\n" + house)
    path = write("hexer.yaml", HEXER)
    [hex_] = shown(zodiac, "monster", "show", str(path))["techs"]
    assert lasts in hex_["effect"], hex_["effect"]
