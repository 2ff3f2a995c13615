"""The example equipment is valid and complete, and equipped characters' derived stats
match hand-computed values (the computation is in each test's comments)."""

from __future__ import annotations

import shutil

import pytest

from builder.io.project import collect_files, load_content
from builder.rulesets.zodiac.views.equipment import hit_chance
from tests.conftest import EXAMPLE

EQUIPMENT = EXAMPLE / "equipment"
CHARACTERS = EXAMPLE / "characters"


@pytest.fixture(scope="module")
def example_content():
    return load_content(collect_files([EXAMPLE]))


def _show(zodiac, path, *args: str) -> dict:
    r = zodiac("character", "show", str(path), "--format", "json", *args)
    assert r.exit_code == 0, r.output
    return r.json()


# --------------------------------------------------------------------------- the examples


def test_example_project_is_clean(zodiac):
    r = zodiac("validate", str(EXAMPLE), "--format", "json")
    assert r.exit_code == 0
    mine = [d for d in r.json() if "equipment" in d["path"] or "characters" in d["path"]]
    assert mine == []


def test_examples_cover_the_issue(example_content):
    weapons = [e.model for e in example_content.of_kind("weapon_set")]
    armors = [e.model for e in example_content.of_kind("armor_set")]
    relics = [e.model for e in example_content.of_kind("relic_set")]
    assert len(weapons) >= 3 and len(armors) >= 2 and len(relics) >= 1
    assert any(w.long_range for w in weapons)
    assert any(w.draw_out for w in weapons)
    assert any(a.pools.value == "swapped" for a in armors)
    for e in example_content.of_kind("weapon_set") + example_content.of_kind("armor_set"):
        assert e.model.description, e.id


def test_every_example_character_finds_a_weapon_set_of_its_class(example_content):
    classes = {w.model.weapon_class for w in example_content.of_kind("weapon_set")}
    mine = ("amos-the-valiant", "mira-ashgrove", "garland-steelheart")
    for c in (c for c in example_content.of_kind("character") if c.id in mine):
        assert c.model.weapon_class in classes, c.id
        assert c.model.equipment.weapon and c.model.equipment.armor


def test_example_files_start_with_their_schema():
    for path in EQUIPMENT.glob("*.yaml"):
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema=../../../../schemas/"), path


# --------------------------------------------------------------------------- derived stats


def test_amos_equipped(zodiac):
    d = _show(zodiac, CHARACTERS / "amos.yaml", "--target-evade", "40")
    # Own stats at level 12: STR 27, MAG 11, VIT 17, SPR 21, AGI 17 (no equipment).
    assert d["stats"] == {"str": 27, "mag": 11, "vit": 17, "spr": 21, "agi": 17}
    der = d["derived"]
    # Keen Blade (Valiant Blades 4 phys / 2 mag, level 4): AP +50, MAP +30, d8, Critical -10.
    # Scale Mail (balanced, level 4): HP +70 / MP +6, Stat Bonus STR 3 + 2 x 4 = +11 (R22).
    # Iron Shield (guard level 4): Evade +8, Stat Bonus VIT 1 + 1 x 4 = +5.
    # Power Wrist: STR +10.  Equipped STR = 27 + 11 + 10 = 48; VIT = 17 + 5 = 22 (R7).
    assert der["hp"] == 75 + 35 + 6 * 22 + 4 * 11 + 70 == 356  # Toughness: +35, 6 per VIT
    assert der["mp"] == 5 + 21 + 12 // 2 + 6 == 38
    assert der["ap"] == 48 + 50 == 98
    assert der["map"] == 11 + 30 == 41
    assert der["evade"] == 25 + 17 // 5 + 8 == 36
    assert der["resist"] == 25 + 22 // 10 + 21 // 10 == 29
    assert der["critical"] == 98 - 17 // 15 - 10 == 87
    assert der["max_tech_levels"] == 5 + 11 // 2  # own Magic only (R7)
    [attack] = d["attacks"]
    assert attack["text"] == "1d8 x 10 + 98"
    # d100 + 8 > 40 -> natural 33..100 hit: 68 rolls of 100.
    assert attack["hit_chance"] == 68
    assert [i["id"] for i in d["equipment"]] == [
        "keen-blade",
        "scale-mail",
        "iron-shield",
        "power-wrist",
    ]
    assert d["gold"] == 340  # no purchases: the file's gold


def test_mira_equipped_and_shopping(zodiac):
    d = _show(zodiac, CHARACTERS / "mira.yaml")
    der = d["derived"]
    # Own: STR 3, MAG 15, VIT 6, SPR 13, AGI 3; Support Skill Magic Up (+5, +1 per 5 MAG).
    # Oak Rod (Academy Rods 1 phys / 5 mag, level 1): AP +0, MAP +30, d6.
    # Cotton Robe (enhance, level 1): HP +10 / MP +3.
    assert der["hp"] == 75 + 5 * 6 + 10 == 115
    assert der["mp"] == 5 + 13 + 3 == 21
    assert der["map"] == 15 + (5 + 15 // 5) + 30 == 53
    assert der["ap"] == 3
    assert d["attacks"][0]["text"] == "1d6 x 10 + 3"
    # 200 G - 75 (Oak Rod) - 75 (Cotton Robe) - 25 (Potion) = 25 G
    assert d["gold"] == 25
    assert [p["total"] for p in d["purchases"]] == [75, 75, 25]


def test_garland_equipped(zodiac):
    d = _show(zodiac, CHARACTERS / "garland.yaml")
    assert d["stats"] == {"str": 106, "mag": 27, "vit": 124, "spr": 48, "agi": 49}
    der = d["derived"]
    # Ragnarok (Steelheart 5 phys / 1 mag, level 9): AP +180, MAP +50, d10, holy.
    # Titan Plate (defense, level 9): HP +375. Royal Shield (guard level 8): Evade +16.
    assert der["hp"] == 75 + 35 + 6 * 124 + 4 * 63 + 375 == 1481
    assert der["ap"] == 106 + 180 == 286
    assert der["map"] == 27 + 50 == 77
    assert der["evade"] == 25 + 49 // 5 + 16 == 50
    assert d["attacks"][0]["text"] == "2d10 x 10 + 286"  # 1 + 106 // 100 = 2 Strength Dice
    assert d["attacks"][0]["element"] == "holy"
    # Titan Plate: earth resistance; Royal Shield: shadow immunity; Flame Ring: fire absorption.
    assert d["affinities"] == {"earth": "resist", "fire": "absorb", "shadow": "immune"}


# --------------------------------------------------------------------------- Diff the Biffer


def _diff_advancement() -> list[dict[str, int]]:
    """Level-ups that raise STR 15 to exactly 170 (2 a level, +2 at every fifth level)."""
    strength, level, out = 15, 1, []
    while strength < 170:
        level += 1
        points = 4 if level >= 60 else 3
        bonus = 2 if level % 5 == 0 else 0
        add = max(0, min(2, 170 - strength - bonus))
        entry, rest = {"str": add}, points - add
        for stat in ("vit", "spr", "agi"):
            take = min(2, rest)
            if take <= 0:
                break
            entry[stat], rest = take, rest - take
        out.append(entry)
        strength += add + bonus
    return out


@pytest.fixture
def diff_project(write):
    write("zodiac.yaml", "title: Biff Saga\n")
    shutil.copy(EQUIPMENT / "greatswords.yaml", "greatswords.yaml")
    adv = "\n".join(
        "  - {" + ", ".join(f"{k}: {v}" for k, v in e.items()) + "}" for e in _diff_advancement()
    )
    return write(
        "diff.yaml",
        f"""\
kind: character
name: Diff the Biffer
level: {1 + len(_diff_advancement())}
class_power: tech
armor_type: defense
weapon_class: greatsword
equipment:
  weapon: apocalypse
command_skill: steal
support_skill: toughness
base_stats: {{str: 15, mag: 6, vit: 8, spr: 6, agi: 5}}
advancement:
{adv}
""",
    )


def test_diff_the_biffer(zodiac, diff_project):
    d = _show(zodiac, diff_project)
    # Ch. II Power Attack example: 2 Strength Dice, base AP 170, a tenth-level d10 weapon
    # with +230 AP (5-point column, level 10), total AP 400.
    assert d["stats"]["str"] == 170
    assert d["derived"]["str_dice"] == 1 + 170 // 100 == 2
    assert d["derived"]["ap"] == 170 + 230 == 400
    [attack] = d["attacks"]
    assert attack["text"] == "2d10 x 10 + 400"
    assert (attack["min"], attack["max"]) == (2 * 10 + 400, 2 * 10 * 10 + 400)


# --------------------------------------------------------------------------- variants


@pytest.fixture
def amos_variant(write):
    """A copy of the example project whose Amos a test may change."""

    def _make(old: str = "", new: str = "", zodiac_yaml: str | None = None):
        shutil.copytree(EXAMPLE, "project")  # Amos may name the example's Techs too
        if zodiac_yaml is not None:
            write("project/zodiac.yaml", zodiac_yaml)
        text = (CHARACTERS / "amos.yaml").read_text(encoding="utf-8")
        if old:
            assert old in text
            text = text.replace(old, new)
        return write("project/characters/amos.yaml", text)

    return _make


def test_unarmed_uses_d4_and_half_strength(zodiac, amos_variant):
    path = amos_variant("  weapon: keen-blade ", "  # no weapon ")
    d = _show(zodiac, path)
    # Equipped STR 48 (27 + 11 armor + 10 relic), halved for the attack: 24 AP, 1 die (Ch. VI).
    [attack] = d["attacks"]
    assert attack["name"] == "Unarmed"
    assert attack["text"] == "1d4 x 10 + 24"
    assert d["derived"]["ap"] == 48  # the sheet's AP keeps full Strength
    assert d["derived"]["critical"] == 98 - 1  # no Keen Edge without the blade


def test_weapon_guard_adds_two_evade_per_weapon_level(zodiac, amos_variant):
    path = amos_variant("support_skill: toughness", "support_skill: weapon-guard")
    d = _show(zodiac, path)
    # 25 + 17 // 5 AGI + 8 guard + 2 x 4 (Keen Blade is level 4)
    assert d["derived"]["evade"] == 25 + 3 + 8 + 8 == 44


def test_house_rule_damage_multiplier(zodiac, amos_variant):
    path = amos_variant(zodiac_yaml="title: T\nhouse_rules: {damage_die_multiplier: 5}\n")
    assert _show(zodiac, path)["attacks"][0]["text"] == "1d8 x 5 + 98"


def test_relic_stat_boost_and_status_immunities(zodiac, amos_variant):
    path = amos_variant("relic: power-wrist", "relic: star-pendant")
    d = _show(zodiac, path)
    assert d["status_immunities"] == ["blind", "poison"]
    assert d["derived"]["ap"] == 98 - 10  # the Power Wrist's +10 STR is gone


def test_move_relic(zodiac, amos_variant):
    path = amos_variant("relic: power-wrist", "relic: hermes-sandals")
    assert _show(zodiac, path)["derived"]["move"] == 3 + 1


# --------------------------------------------------------------------------- hit chance


@pytest.mark.parametrize(
    ("accuracy", "evade", "chance"),
    [
        (8, 40, 68),  # natural 33+ (33 + 8 > 40)
        (5, 25, 80),  # natural 21+
        (0, 500, 11),  # only the natural 90-100 that always hit
        (100, 10, 100),
        (10, 99, 11),  # 90+ always hits even though 90 + 10 = 100 > 99 anyway
        (10, 80, 30),  # natural 71+
    ],
)
def test_hit_chance(accuracy, evade, chance):
    assert hit_chance(accuracy, evade) == chance
