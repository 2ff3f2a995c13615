"""`zodiac tech show` / `zodiac tech cost` (DESIGN contract) and Techs on `character show`."""

from __future__ import annotations

from tests.conftest import EXAMPLE

ATTACKS = str(EXAMPLE / "techs" / "attacks.yaml")
SUPPORT = str(EXAMPLE / "techs" / "support.yaml")
AMOS = str(EXAMPLE / "characters" / "amos.yaml")
CONTRACT = {
    "name", "tech_level", "power_level", "effective_level", "mp_cost", "tp_cost", "sp_cost",
    "hp_cost",
}  # fmt: skip


def test_help_has_examples(zodiac):
    for args in (["tech", "show", "--help"], ["tech", "cost", "--help"]):
        r = zodiac(*args)
        assert r.exit_code == 0 and "Examples" in r.stdout and "zodiac tech" in r.stdout


def test_show_json_contract(zodiac):
    r = zodiac("tech", "show", ATTACKS, "--name", "biff", "--format", "json")
    assert r.exit_code == 0
    data = r.json()
    assert set(data) >= CONTRACT
    assert (data["name"], data["tech_level"], data["power_level"]) == ("Biff", 6, "strong")
    assert (data["mp_cost"], data["tp_cost"], data["sp_cost"], data["hp_cost"]) == (
        41,
        250,
        None,
        0,
    )
    assert data["computed_for"].startswith("reference character")


def test_biff_for_diffs_numbers(zodiac):
    """Ch. II: Diff has 2 Strength Dice, AP 400 and a d10 weapon: 5d12 x 10 + 1000."""
    r = zodiac(
        "tech", "show", ATTACKS, "--name", "Biff", "--ap", "400", "--str-dice", "2",
        "--die", "10", "--format", "json",
    )  # fmt: skip
    data = r.json()
    assert data["mp_cost"] == 41
    assert data["effects"][0] == "Damage 5d12 x 10 + 1000 (physical)"
    assert "ap=400" in data["computed_for"]
    from builder.rulesets.zodiac.rules.techs import attack_line

    assert attack_line(6, "strong", dice=2, die=10, attack_power=400).total(38) == 1380


def test_show_charge_power_and_sacrifice(zodiac):
    meteor = zodiac("tech", "show", ATTACKS, "-n", "meteor", "-f", "json").json()
    assert (meteor["mp_cost"], meteor["sp_cost"]) == (0, 22)  # SP table row 5, strong
    nova = zodiac("tech", "show", ATTACKS, "-n", "blood-nova", "-f", "json").json()
    assert (nova["mp_cost"], nova["hp_cost"]) == (6, 36)  # 12 MP: half 6, 12 x 3 HP (R19)
    spray = zodiac("tech", "show", ATTACKS, "-n", "scatter-shot", "-f", "json").json()
    # TL 2 + 2 Area Effect levels = 4, weak 17 MP, +1 Friendly Fire (R14); R3+2 E1+2 V0+2 (R30)
    assert (spray["effective_level"], spray["mp_cost"], spray["reach"]) == (4, 18, "R5 E3 V2")


def test_show_text_table_says_for_whom(zodiac):
    r = zodiac("tech", "show", SUPPORT, "--name", "cure")
    assert r.exit_code == 0
    assert "Heals" in r.stdout and "reference character" in r.stdout
    r = zodiac("tech", "show", SUPPORT, "--name", "cure", "--character", AMOS)
    assert r.exit_code == 0 and "Amos the Valiant (level 12)" in r.stdout


def test_show_for_a_character_uses_its_magic(zodiac):
    data = zodiac("tech", "show", SUPPORT, "-n", "cure", "-c", AMOS, "-f", "json").json()
    assert data["computed_for"].startswith("Amos the Valiant")
    assert data["effects"][0].startswith("Heals 35 HP = 30 + 5 (MAG 11 x 1/2)")


def test_show_several_techs_as_json_needs_a_name(zodiac):
    r = zodiac("tech", "show", ATTACKS, "--format", "json")
    assert r.exit_code == 2
    r = zodiac("tech", "show", ATTACKS, "--name", "fireb")
    assert r.exit_code == 2


def test_show_invalid_tech_exits_1_with_location(zodiac, write):
    write("t.yaml", "kind: tech\nname: X\ntech_level: 3\nprimary: break_arts\nstat: str\n")
    r = zodiac("tech", "show", "t.yaml")
    assert r.exit_code == 1 and "t.yaml:3:13: error ZT101" in r.stdout


def test_cost_what_if(zodiac):
    r = zodiac(
        "tech", "cost", "--level", "4", "--power", "medium", "--primary", "attack_magic",
        "--secondary", "area_effect", "--element", "fire", "--format", "json",
    )  # fmt: skip
    data = r.json()
    assert (data["effective_level"], data["mp_cost"], data["tp_cost"]) == (5, 26, 60)


def test_cost_secondary_parameters_and_status(zodiac):
    r = zodiac(
        "tech", "cost", "-l", "6", "--power", "strong", "--primary", "power_attack",
        "-s", "drain=50", "-f", "json",
    )  # fmt: skip
    assert r.json()["effective_level"] == 8 and r.json()["mp_cost"] == 68
    r = zodiac(
        "tech", "cost", "-l", "4", "--primary", "status_effect", "--status", "stun=-20",
        "--status", "seal=-35", "-f", "json",
    )  # fmt: skip
    assert r.exit_code == 0 and r.json()["mp_cost"] == 19


def test_cost_rule_broken_is_a_friendly_error(zodiac):
    r = zodiac("tech", "cost", "--level", "3", "--primary", "break_arts", "--stat", "str")
    assert r.exit_code == 1
    assert "ZT101" in r.output and "use 2, 4, 6" in r.output and "Traceback" not in r.output
    r = zodiac("tech", "cost", "--level", "3", "--primary", "healng", "--power", "weak")
    assert r.exit_code == 1 and "did you mean 'healing'" in r.output
    r = zodiac("tech", "cost", "--power", "weak")
    assert r.exit_code == 2


def test_cost_clone_is_half_price(zodiac):
    r = zodiac(
        "tech", "cost", "-l", "4", "--power", "medium", "--primary", "attack_magic",
        "--element", "ice", "--clone", "-f", "json",
    )  # fmt: skip
    assert r.json()["tp_cost"] == 30  # Merlin's Ice Storm


def test_cost_upgrades(zodiac):
    """R15 and the book: Cure 1 -> 2 is 7; Ice Storm 4 -> 5 is 65; Fireball then 33."""
    assert (
        zodiac("tech", "cost", "--upgrade-from", "1", "--to", "2", "-f", "json").json()["tp_cost"]
        == 7
    )
    r = zodiac("tech", "cost", "--upgrade-from", "4", "--to", "5", "--related-level", "4")
    assert r.exit_code == 0 and "65 TP" in r.stdout
    r = zodiac("tech", "cost", "--upgrade-from", "4", "--to", "5", "--related-level", "5")
    assert "33 TP" in r.stdout
    r = zodiac("tech", "cost", "--upgrade-from", "5", "--to", "4")
    assert r.exit_code == 2


def test_cost_x_magic(zodiac):
    """Ch. IV: Flare 26 MP + Fire 3 19 MP = 45, + 23 = 68 MP (R2)."""
    r = zodiac("tech", "cost", "--x-magic", "26", "19")
    assert r.exit_code == 0 and "26 + 19 + 23 = 68" in r.stdout
    assert zodiac("tech", "cost", "--x-magic", "26", "19", "-f", "json").json()["mp_cost"] == 68


def test_character_show_fills_techs_and_tech_points(zodiac):
    data = zodiac("character", "show", AMOS, "--format", "json").json()
    tp = data["tech_points"]
    assert tp["spent"] == 8 + 7 + 8 + 15 + 8
    assert tp["available"] == tp["total"] - tp["spent"]
    cure = next(t for t in data["techs"] if t["id"] == "cure")
    assert (cure["tech_level"], cure["mp_cost"], cure["tp_paid"]) == (2, 6, 15)
    assert cure["reach"] == "R4 E1 V0"  # the example project plays Map Combat
    fang = next(t for t in data["techs"] if t["id"] == "vampire-fang")
    assert "x 10 +" in fang["effect"]


def test_character_show_at_an_earlier_level(zodiac):
    data = zodiac("character", "show", AMOS, "--level", "2", "--format", "json").json()
    cure = next(t for t in data["techs"] if t["id"] == "cure")
    assert (cure["tech_level"], cure["mp_cost"]) == (1, 3)  # Amos's Cure before its upgrade
    assert data["tech_points"]["spent"] == 16
    assert {t["id"] for t in data["techs"]} == {"cure", "mug"}


def test_character_show_table_lists_techs(zodiac):
    r = zodiac("character", "show", AMOS)
    assert r.exit_code == 0 and "Techs" in r.stdout and "Vampire Fang" in r.stdout
