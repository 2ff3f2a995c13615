"""`zodiac equipment show` (DESIGN contract: {kind, name, items, pools}) and the equipment
parts of `zodiac character show`."""

from __future__ import annotations

import pytest

from tests.conftest import EXAMPLE

EQUIPMENT = EXAMPLE / "equipment"


def _json(zodiac, *args: str) -> dict:
    r = zodiac("equipment", "show", *args, "--format", "json")
    assert r.exit_code == 0, r.output
    return r.json()


@pytest.mark.parametrize("path", sorted(EQUIPMENT.glob("*.yaml")), ids=lambda p: p.name)
def test_json_contract_for_every_example_set(zodiac, path):
    d = _json(zodiac, str(path))
    assert {"kind", "name", "items", "pools"} <= set(d)
    assert d["kind"] in ("weapon_set", "armor_set", "relic_set")
    for item in d["items"]:
        assert {"name", "level", "price"} <= set(item)


def test_weapon_set_json(zodiac):
    d = _json(zodiac, str(EQUIPMENT / "greatswords.yaml"))
    assert (d["die"], d["magic_die"]) == ("d10", "d6")
    levels = [i["level"] for i in d["items"]]
    assert levels == list(range(1, 11))
    # Ch. V weapon table: prices, and the 5-point / 1-point columns.
    assert [i["price"] for i in d["items"]] == [
        75, 150, 400, 800, 1200, 2000, 3000, 5000, 8000, None,
    ]  # fmt: skip
    assert [i["bonus"]["ap"] for i in d["items"]] == [
        30, 45, 60, 80, 100, 120, 140, 160, 180, 230,
    ]  # fmt: skip
    assert d["items"][9]["artifact"] is True
    assert d["items"][3]["abilities"] == ["keen_edge"]
    assert d["items"][3]["points"] == 2
    assert d["pools"] == {
        "weapons": {"regular": {"size": 10, "used": 10}, "artifact": {"size": 4, "used": 3}}
    }


def test_long_range_pool_is_eight(zodiac):
    d = _json(zodiac, str(EQUIPMENT / "bows.yaml"))
    assert d["long_range"] is True
    assert d["pools"]["weapons"]["regular"] == {"size": 8, "used": 8}


def test_draw_out_properties_and_numbers(zodiac):
    d = _json(zodiac, str(EQUIPMENT / "rods.yaml"))
    oak = d["items"][0]
    assert oak["draw_out"] == "healing"
    assert oak["draw_out_effect"] == {"amount": 10 + 25 * 1}  # 10 + 25 x Weapon Level
    storm = d["items"][4]
    assert storm["draw_out_effect"] == {"chances": {"stun": 40}}


def test_swapped_armor_pools(zodiac):
    d = _json(zodiac, str(EQUIPMENT / "academy-robes.yaml"))
    assert d["pool_layout"] == "swapped"
    assert d["pools"]["armors"]["regular"]["size"] == 5
    assert d["pools"]["armors"]["artifact"]["size"] == 3
    assert d["pools"]["guards"]["regular"]["size"] == 10
    assert d["pools"]["guards"]["artifact"]["size"] == 5
    robes = [i for i in d["items"] if i["slot"] == "armor"]
    assert robes[0]["bonus"] == {"hp": 10, "mp": 3}  # enhance level 1
    guards = [i for i in d["items"] if i["slot"] == "guard"]
    assert [g["bonus"]["evade"] for g in guards] == [2, 4, 6, 8, 10, 12, 14, 16, 18, 23]
    assert [g["price"] for g in guards][-2:] == [4000, None]


def test_relic_set_json(zodiac):
    d = _json(zodiac, str(EQUIPMENT / "relics.yaml"))
    wrist = d["items"][0]
    assert (wrist["name"], wrist["level"], wrist["price"], wrist["points"]) == (
        "Power Wrist", None, 1000, 2,
    )  # fmt: skip
    ribbon = next(i for i in d["items"] if i["name"] == "Crystal Ribbon")
    assert ribbon["price"] is None and ribbon["artifact"] is True
    assert d["pools"]["relics"]["points"] == 21
    assert d["pools"]["relics"]["max_points"] == 30


def test_table_output(zodiac):
    r = zodiac("equipment", "show", str(EQUIPMENT / "wanderer-mail.yaml"))
    assert r.exit_code == 0
    out = r.stdout
    assert "Wanderer's Mail" in out
    assert "Hero's Mantle" in out and "not sold" in out
    assert "Armors pool: 10 of 10 points" in out
    assert "Guards pool: 5 of 5 points" in out


def test_help_has_examples(zodiac):
    r = zodiac("equipment", "show", "--help")
    assert r.exit_code == 0
    assert "Example" in r.stdout and "zodiac equipment show" in r.stdout


def test_broken_set_exits_1_with_location(zodiac, write):
    text = (EQUIPMENT / "bows.yaml").read_text(encoding="utf-8")
    write("bows.yaml", text.replace("physical_points: 3 ", "physical_points: 4 "))
    r = zodiac("equipment", "show", "bows.yaml")
    assert r.exit_code == 1
    assert "bows.yaml:6:" in r.stdout and "ZE101" in r.stdout


def test_file_without_a_set_exits_2(zodiac, write):
    write("x.yaml", "kind: potion\nname: Tonic\neffect: Heals 5 HP.\nprice: 5\n")
    r = zodiac("equipment", "show", "x.yaml")
    assert r.exit_code == 2


def test_two_sets_need_an_id(zodiac, write):
    a = (EQUIPMENT / "bows.yaml").read_text(encoding="utf-8")
    b = (EQUIPMENT / "swords.yaml").read_text(encoding="utf-8")
    write("gear.yaml", a + "---\n" + b)
    assert zodiac("equipment", "show", "gear.yaml").exit_code == 2
    d = _json(zodiac, "gear.yaml", "--id", "Valiant Blades")
    assert d["name"] == "Valiant Blades"


def test_spell_effect_tech_is_resolved(zodiac, write):
    """Spell Effect names a level-1 Attack Magic Tech of the project (when Techs exist)."""
    from builder.rulesets.zodiac import MODELS

    if "tech" not in MODELS:
        pytest.skip("the tech kind is not registered yet")
    text = (EQUIPMENT / "swords.yaml").read_text(encoding="utf-8")
    write("zodiac.yaml", "title: T\n")
    write(
        "fire.yaml",
        "kind: tech\nname: Fire\ntech_level: 1\npower_level: medium\nprimary: attack_magic\n"
        "element: fire\n",
    )
    write("swords.yaml", text.replace("abilities: [drain]", "abilities: [{spell_effect: fier}]"))
    r = zodiac("validate", "swords.yaml")
    assert r.exit_code == 1
    assert "ZE117" in r.stdout and "did you mean 'fire'?" in r.stdout
    write("swords.yaml", text.replace("abilities: [drain]", "abilities: [{spell_effect: fire}]"))
    r = zodiac("validate", "swords.yaml", "--format", "json")
    assert [d["code"] for d in r.json()] == []


# --------------------------------------------------------------------------- character show


def test_character_show_json_gains_equipment_keys(zodiac):
    r = zodiac(
        "character", "show", str(EXAMPLE / "characters" / "amos.yaml"), "-f", "json",
        "--target-evade", "40",
    )  # fmt: skip
    assert r.exit_code == 0
    d = r.json()
    for key in ("name", "level", "stats", "derived", "tech_points", "techs"):
        assert key in d  # the contract keys stay
    assert {"equipment", "attacks", "affinities", "status_immunities", "gold"} <= set(d)
    assert d["attacks"][0]["target_evade"] == 40


def test_character_show_table_lists_equipment_and_attack(zodiac):
    r = zodiac(
        "character", "show", str(EXAMPLE / "characters" / "garland.yaml"), "--target-evade", "60"
    )
    assert r.exit_code == 0
    out = " ".join(r.stdout.split())
    assert "Ragnarok" in out and "Titan Plate" in out
    assert "Attack (Ragnarok): 2d10 x 10 + 286" in out
    # d100 + 14 > 60 -> natural 47..100 = 54%
    assert "54% to hit Evade 60" in out
    assert "Affinities: earth resist, fire absorb, shadow immune" in out


def test_character_show_help_mentions_target_evade(zodiac):
    r = zodiac("character", "show", "--help")
    assert "--target-evade" in r.stdout


def test_spell_effect_tech_must_be_first_level_attack_magic(zodiac, write):
    from builder.rulesets.zodiac import MODELS

    if "tech" not in MODELS:
        pytest.skip("the tech kind is not registered yet")
    text = (EQUIPMENT / "swords.yaml").read_text(encoding="utf-8")
    write("zodiac.yaml", "title: T\n")
    write(
        "cure.yaml",
        "kind: tech\nname: Cura\ntech_level: 2\npower_level: medium\nprimary: healing\n",
    )
    write("swords.yaml", text.replace("abilities: [drain]", "abilities: [{spell_effect: cura}]"))
    r = zodiac("validate", "swords.yaml", "--format", "json")
    [d] = r.json()
    assert (d["code"], d["line"]) == ("ZE118", 26)


def test_duplicate_item_ids_in_one_set(zodiac, write):
    text = (EQUIPMENT / "wanderer-mail.yaml").read_text(encoding="utf-8")
    write("mail.yaml", text.replace("name: Tower Shield", "name: Chain Mail"))
    r = zodiac("validate", "mail.yaml", "--format", "json")
    [d] = r.json()
    assert d["code"] == "ZE104"
    assert d["line"] == text.splitlines().index("  - {level: 8, name: Tower Shield}") + 1
    assert "armors[2]" in d["message"]
