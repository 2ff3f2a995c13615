"""Numbers that explain themselves (issue 16): `"explain"` in the JSON, `--explain PATH`.

One test per kind of the ZODIAC rule set: the breakdown's terms are the real ones (the
amounts add up to the number, the sources name the stat, item, skill or table) and
`--explain` prints them as a tree.
"""

from __future__ import annotations

import pytest

from tests.conftest import EXAMPLE, REPO

CORE = REPO / "content" / "core"


def _explain(zodiac, *args: str) -> tuple[object, list[dict]]:
    """``(value, terms)`` of one path through `--explain --format json`."""
    r = zodiac(*args, "--format", "json")
    assert r.exit_code == 0, r.output
    data = r.json()
    return data["value"], data["terms"]


def _sum(terms: list[dict]) -> int:
    return sum(t["amount"] for t in terms)


def test_character_hp_terms_add_up_with_their_sources(zodiac):
    """Amos: 75 + 35 Toughness + 6 x 22 VIT + 4 x 11 levels + 70 armor = 356 (Ch. I Step 5)."""
    value, terms = _explain(
        zodiac, "show", str(EXAMPLE / "characters" / "amos.yaml"), "--explain", "derived.hp"
    )
    assert value == 356 and _sum(terms) == 356
    assert [(t["amount"], t["source"]) for t in terms] == [
        (75, "base"),
        (35, "support_skill:toughness"),
        (132, "stat:vit"),
        (44, "level"),
        (70, "equipment"),
    ]
    vit = terms[2]["terms"]  # 22 VIT = 17 own + 5 from the Iron Shield (R7)
    assert [(t["amount"], t["source"]) for t in vit] == [
        (17, "stat:vit"),
        (5, "equipment:wanderers-mail/iron-shield"),
    ]
    assert terms[4]["terms"] == [
        {"label": "70 Scale Mail", "amount": 70, "source": "equipment:wanderers-mail/scale-mail"}
    ]


def test_character_json_keeps_the_contract_and_adds_explain(zodiac):
    r = zodiac("character", "show", str(EXAMPLE / "characters" / "amos.yaml"), "-f", "json")
    data = r.json()
    assert data["derived"]["hp"] == 356  # still an int (DESIGN contract)
    explain = data["explain"]
    for key, value in data["derived"].items():
        assert _sum(explain[f"derived.{key}"]) == value, key
    assert _sum(explain["tech_points.available"]) == data["tech_points"]["available"] == 4
    assert _sum(explain["tech_points.total"]) == data["tech_points"]["total"] == 50
    assert _sum(explain["gold"]) == data["gold"]
    cure = explain["techs.cure.mp_cost"]
    assert cure[0]["source"] == "table:mp_cost" and cure[0]["amount"] == 6


def test_character_tree_on_the_noun_command(zodiac):
    r = zodiac(
        "character", "show", str(EXAMPLE / "characters" / "amos.yaml"), "-e", "derived.critical"
    )
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert lines[0] == "derived.critical = 87"
    assert "+98" in lines[1] and "[base]" in lines[1]
    assert "-10" in r.stdout and "equipment:valiant-blades/keen-blade" in r.stdout


def test_character_stats_terms_are_creation_and_levels(zodiac):
    """Amos's STR 27 = 11 at creation + the points of levels 2-11 + two fifth-level +2 (R6)."""
    path = str(EXAMPLE / "characters" / "amos.yaml")
    value, terms = _explain(zodiac, "character", "show", path, "--explain", "stats.str")
    assert value == 27 == _sum(terms)
    assert terms[0] == {
        "label": "11 at creation",
        "amount": 11,
        "source": "base",
        "rule": "Ch. I Step 2, R4",
    }
    assert all(t["source"].startswith("level:") for t in terms[1:])
    fifth = next(t for t in terms if t["source"] == "level:5")
    assert [(t["label"], t["amount"]) for t in fifth["terms"]] == [
        ("1 bonus point", 1),
        ("2 fifth-level bonus", 2),
    ]
    for level in ("12", "5", "1"):
        data = zodiac("character", "show", path, "--level", level, "-f", "json").json()
        for stat, number in data["stats"].items():
            assert _sum(data["explain"][f"stats.{stat}"]) == number, (level, stat)
        sources = {t["source"] for t in data["explain"]["stats.agi"]}
        assert sources <= {"base"} | {f"level:{n}" for n in range(2, int(level) + 1)}


def test_character_attack_terms(zodiac):
    """Keen Blade: 1 Strength Die x d8 x 10 + AP 98 = 108-178 (Ch. VI Attacking, R10)."""
    path = str(EXAMPLE / "characters" / "amos.yaml")
    value, terms = _explain(zodiac, "show", path, "--explain", "attacks.keen-blade.max")
    assert value == 178 == _sum(terms)
    assert [(t["amount"], t["source"]) for t in terms] == [(80, "dice"), (98, "derived.ap")]
    assert [(t["amount"], t["source"]) for t in terms[0]["terms"]] == [
        (1, "derived.str_dice"),
        (8, "equipment:valiant-blades/keen-blade"),
        (10, "rule"),
    ]
    assert _sum(terms[1]["terms"]) == 98  # the derived AP's own terms, nested
    value, terms = _explain(zodiac, "character", "show", path, "-e", "attacks.keen-blade.min")
    assert value == 108 == _sum(terms) and terms[0]["amount"] == 10


def test_character_attack_terms_with_the_switches(zodiac, write):
    """Unarmed (d4, STR halved) under x5 dice, Damage Levels and a cap of 200."""
    from tests.conftest import AMOS

    write(
        "zodiac.yaml",
        "title: t\nhouse_rules: {damage_die_multiplier: 5, damage_levels: 1, damage_cap: 200}\n",
    )
    path = str(write("amos.yaml", AMOS))
    data = zodiac("character", "show", path, "-f", "json").json()
    attack = data["attacks"][0]
    assert attack["name"] == "Unarmed"
    for end in ("min", "max"):
        terms = data["explain"][f"attacks.unarmed.{end}"]
        assert _sum(terms) == attack[end], end
        assert terms[0]["terms"][2]["source"] == "house_rule:damage_die_multiplier"
        assert terms[1]["source"] == "unarmed"
    sources = [t["source"] for t in data["explain"]["attacks.unarmed.max"]]
    assert sources[2:] == ["house_rule:damage_levels", "house_rule:damage_cap"]
    assert attack["max"] == 200


def test_character_xp_and_speed_terms(zodiac):
    """XP to next level: 7,200 for level 13 less the 6,200 written (App. III); SP per
    round is Speed (Ch. VI Combat Sequence)."""
    path = str(EXAMPLE / "characters" / "amos.yaml")
    value, terms = _explain(zodiac, "character", "show", path, "-e", "xp_to_next_level")
    assert value == 1000 == _sum(terms)
    assert [(t["amount"], t["source"]) for t in terms] == [(7200, "table:xp"), (-6200, "written")]
    value, terms = _explain(zodiac, "character", "show", path, "-l", "10", "-e", "xp_to_next_level")
    assert value == 950 == _sum(terms) and terms[1]["source"] == "table:xp"
    value, terms = _explain(zodiac, "show", path, "--explain", "speed.sp_per_round")
    assert value == 12 == _sum(terms) and terms[0]["source"] == "derived.speed"
    data = zodiac("show", path, "-f", "json").json()
    for key in ("speed.first_round_sp.0", "speed.first_round_sp.1", "speed.speed_with.haste"):
        head, field, rest = key.split(".", 2)
        number = data[head][field]
        number = number[int(rest)] if isinstance(number, list) else number[rest]
        assert _sum(data["explain"][key]) == number, key


def test_monster_terms(zodiac):
    """Behemoth (level 45, VIT 70): HP 30 + 20 x 70 + 10 x 45 = 1880 (App. I Step 3)."""
    path = str(EXAMPLE / "monsters" / "behemoth.yaml")
    value, terms = _explain(zodiac, "monster", "show", path, "--explain", "derived.hp")
    assert value == 1880 == _sum(terms)
    assert [(t["amount"], t["source"]) for t in terms] == [
        (30, "base"),
        (1400, "stat:vit"),
        (450, "level"),
    ]
    value, terms = _explain(zodiac, "show", path, "--explain", "rewards.xp")
    assert value == 35 * 45 == _sum(terms)
    data = zodiac("show", path, "-f", "json").json()
    for key in ("stat_total", "tech_levels.total", "tech_levels.spent"):
        head, _, tail = key.partition(".")
        number = data[head][tail] if tail else data[head]
        assert _sum(data["explain"][key]) == number, key


def test_boss_and_damage_levels_are_terms(zodiac, write):
    """A boss's HP x10 (R28) and Damage Levels' zeros are terms of their own."""
    write("zodiac.yaml", "title: t\nhouse_rules: {damage_levels: 1}\n")
    path = write(
        "boss.yaml",
        """\
        kind: monster
        name: Big One
        level: 10
        boss: true
        stats: {str: 20, mag: 10, vit: 20, spr: 10, agi: 15}
        attack_die: d8
        """,
    )
    r = zodiac("show", str(path), "-f", "json")
    assert r.exit_code == 0, r.output
    data = r.json()
    terms = data["explain"]["derived.hp"]
    assert _sum(terms) == data["derived"]["hp"]
    sources = [t["source"] for t in terms]
    assert "boss" in sources and "house_rule:damage_levels" in sources


def test_tech_terms(zodiac):
    """Biff: Tech Level 6 strong = 41 MP (R13), 250 TP (Ch. II Tech Point Cost)."""
    path = str(EXAMPLE / "techs" / "attacks.yaml")
    value, terms = _explain(zodiac, "tech", "show", path, "-n", "biff", "--explain", "mp_cost")
    assert value == 41
    assert terms[0]["source"] == "table:mp_cost" and terms[0]["amount"] == 41
    assert terms[0]["terms"][0] == {"label": "Tech Level 6", "amount": 6, "source": "written"}
    value, terms = _explain(zodiac, "show", path, "-n", "biff", "--explain", "tp_cost")
    assert value == 250 == terms[0]["amount"]


def test_tech_secondary_effects_are_nested(zodiac, write):
    write("zodiac.yaml", "title: t\n")
    path = write(
        "t.yaml",
        """\
        kind: tech
        name: Wide Fire
        tech_level: 2
        power_level: medium
        primary: attack_magic
        secondary: [area_effect]
        """,
    )
    value, terms = _explain(zodiac, "show", str(path), "--explain", "mp_cost")
    inner = terms[0]["terms"]
    assert [(t["amount"], t["source"]) for t in inner] == [
        (2, "written"),
        (1, "secondary:area_effect"),
    ]
    assert "effective level 3" in terms[0]["label"] and value == terms[0]["amount"]


def test_equipment_price_and_sell_price(zodiac):
    path = str(EXAMPLE / "equipment" / "swords.yaml")
    value, terms = _explain(
        zodiac, "equipment", "show", path, "--explain", "items.keen-blade.price"
    )
    assert value == 800 == terms[0]["amount"] and terms[0]["source"] == "table:weapon_price"
    value, terms = _explain(zodiac, "show", path, "--explain", "items.keen-blade.sell_price")
    assert value == 400 == terms[0]["amount"] and terms[0]["rule"] == "R25, R1"


def test_relic_price_is_points(zodiac):
    data = zodiac("show", str(EXAMPLE / "equipment" / "relics.yaml"), "-f", "json").json()
    item = data["items"][0]
    terms = data["explain"][f"items.{item['id']}.price"]
    assert terms[0]["amount"] == item["price"] == 500 * item["points"]


def test_job_level_1(zodiac):
    data = zodiac("show", str(EXAMPLE / "jobs" / "knight.yaml"), "-f", "json").json()
    for key, value in data["level_1"].items():
        assert _sum(data["explain"][f"level_1.{key}"]) == value, key
    hp = data["explain"]["level_1.hp"]
    assert hp[0] == {"label": "75", "amount": 75, "source": "base"}
    assert hp[1]["source"] == "stat:vit"


def test_potion_sell_price(zodiac):
    value, terms = _explain(
        zodiac, "show", str(CORE / "potions.yaml"), "-n", "potion", "--explain", "sell_price"
    )
    assert value == 12 == terms[0]["amount"]
    assert terms[0]["terms"][0]["amount"] == 25  # the price it halves (R25)


def test_enemy_skill_mp_is_written_with_the_table_beside(zodiac):
    value, terms = _explain(
        zodiac,
        "show",
        str(CORE / "enemy_skills.yaml"),
        "-n",
        "goblin-punch",
        "--explain",
        "mp_cost",
    )
    assert value == 3 and terms[0]["source"] == "written" and terms[0]["rule"] == "R20"
    assert [t["label"] for t in terms[0]["terms"]][1] == "3 MP for a medium Tech Level 1"


def test_status_has_nothing_to_explain(zodiac):
    r = zodiac("show", str(CORE / "statuses.yaml"), "-n", "haste", "--explain", "name")
    assert r.exit_code == 0, r.output
    assert "nothing to explain" in r.stdout


def test_unknown_path_is_a_usage_error_listing_the_closest(zodiac):
    r = zodiac("show", str(EXAMPLE / "characters" / "amos.yaml"), "--explain", "derived.hpp")
    assert r.exit_code == 2
    assert "closest: derived.hp," in r.output


@pytest.mark.parametrize(
    ("path", "pick"),
    [
        (EXAMPLE / "characters" / "amos.yaml", ()),
        (EXAMPLE / "monsters" / "crystal-hydra.yaml", ()),
        (EXAMPLE / "equipment" / "wanderer-mail.yaml", ()),
        (EXAMPLE / "techs" / "monster-breath.yaml", ()),
    ],
    ids=lambda v: getattr(v, "name", None),
)
def test_every_explained_path_is_a_path_of_the_json(zodiac, path, pick):
    """`explain` keys are the dotted paths users write in `expect:`."""
    from builder.explain import paths

    data = zodiac("show", str(path), *pick, "-f", "json").json()
    assert data["explain"]
    assert set(data["explain"]) <= set(paths(data))


def test_the_sheet_audit_and_the_terms_are_one_breakdown():
    """The sheet's audit prints ``Value.explain()``; its pieces are the terms' labels."""
    from builder.rulesets.zodiac.views.character import full_character_view
    from builder.workspace import open_workspace

    path = EXAMPLE / "characters" / "amos.yaml"
    ws = open_workspace([path])
    view = full_character_view(ws, ws.entities_in(path)[0])
    for key, value in view.derived.items():
        labels = [t.label for t in value.breakdown()]
        assert labels == [text for text, _ in value.parts], key
        assert sum(t.amount for t in value.breakdown()) == value.value, key


def test_paths_name_list_items_by_id():
    from builder.explain import paths, same_value

    data = {
        "derived": {"hp": 1},
        "techs": [{"id": "cure", "mp_cost": 6}, {"name": "Fire Ball", "mp_cost": 3}, [7]],
        "explain": {"derived.hp": []},
    }
    assert paths(data) == {
        "derived.hp": 1,
        "techs.cure.id": "cure",
        "techs.cure.mp_cost": 6,
        "techs.fire-ball.name": "Fire Ball",
        "techs.fire-ball.mp_cost": 3,
        "techs.2.0": 7,
    }
    assert same_value(356, 356.0) and same_value("Tech", "tech")
    assert not same_value(True, 1) and not same_value(1, "1")
