"""`zodiac show FILE`: any entity by its kind, through its rule set's view (issue #9).

For ZODIAC the JSON must be exactly what the noun commands print, for every kind they
show: both go through the same view functions, and these tests keep it so.
"""

from __future__ import annotations

import pytest

from tests.conftest import EXAMPLE, REPO

CORE = REPO / "content" / "core"

# (file, the noun command that shows it, its picking option) for every kind with one.
NOUNS = [
    (EXAMPLE / "characters" / "amos.yaml", ("character", "show"), ()),
    (EXAMPLE / "characters" / "quina.yaml", ("character", "show"), ()),  # Blue Magic
    (EXAMPLE / "techs" / "attacks.yaml", ("tech", "show"), ("--name", "biff")),
    (EXAMPLE / "techs" / "monster-breath.yaml", ("tech", "show"), ()),
    (EXAMPLE / "monsters" / "goblin.yaml", ("monster", "show"), ()),
    (EXAMPLE / "monsters" / "crystal-hydra.yaml", ("monster", "show"), ()),  # Multiple Parts
    (EXAMPLE / "equipment" / "swords.yaml", ("equipment", "show"), ()),
    (EXAMPLE / "equipment" / "wanderer-mail.yaml", ("equipment", "show"), ()),
    (EXAMPLE / "equipment" / "relics.yaml", ("equipment", "show"), ()),
]


@pytest.mark.parametrize(("path", "noun", "pick"), NOUNS, ids=lambda v: getattr(v, "name", None))
def test_show_json_is_the_noun_commands_json(zodiac, path, noun, pick):
    shown = zodiac("show", str(path), *pick, "--format", "json")
    assert shown.exit_code == 0, shown.output
    own = zodiac(*noun, str(path), *pick, "--format", "json")
    assert own.exit_code == 0, own.output
    assert shown.json() == own.json()


def test_every_example_kind_has_a_view(zodiac):
    """Each kind the example project (and the core catalogue) holds shows as JSON and text."""
    from builder.rulesets import get

    assert set(get("zodiac").shows) == set(get("zodiac").kinds)
    for path, name, kind in [
        (EXAMPLE / "jobs" / "knight.yaml", None, "job"),
        (CORE / "potions.yaml", "hi-potion", "potion"),
        (CORE / "enemy_skills.yaml", "aqualung", "enemy_skill"),
    ]:
        pick = ("--name", name) if name else ()
        r = zodiac("show", str(path), *pick, "--format", "json")
        assert r.exit_code == 0, r.output
        assert r.json()["kind"] == kind


def test_text_output_names_the_entity(zodiac):
    r = zodiac("show", str(EXAMPLE / "monsters" / "goblin.yaml"))
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[0].startswith("Goblin, level ")
    assert "Rewards" in r.stdout and "Derived stats" in r.stdout
    r = zodiac("show", str(EXAMPLE / "techs" / "attacks.yaml"), "--id", "Biff")
    assert r.exit_code == 0, r.output
    assert r.stdout.startswith("Biff (Tech Level 6)")


def test_several_entities_without_name_is_misuse_listing_them(zodiac):
    r = zodiac("show", str(EXAMPLE / "techs" / "attacks.yaml"))
    assert r.exit_code == 2
    assert "pick one with --name" in r.output
    assert "biff (tech)" in r.output and "fireball (tech)" in r.output


def test_project_file_is_not_an_entry(zodiac):
    r = zodiac("show", str(EXAMPLE / "zodiac.yaml"))
    assert r.exit_code == 2 and "project's settings" in r.output


def test_unknown_name_suggests_the_closest(zodiac):
    r = zodiac("show", str(EXAMPLE / "techs" / "attacks.yaml"), "--name", "fireballl")
    assert r.exit_code == 2
    assert "did you mean 'fireball'" in r.output


def test_job_view_gives_level_1_numbers_of_the_book(zodiac):
    """Knight: STR 15, MAG 5, VIT 13, SPR 4, AGI 3 (Ch. I Step 5 table, R11)."""
    data = zodiac("show", str(EXAMPLE / "jobs" / "knight.yaml"), "--format", "json").json()
    assert data["base_stats"] == {"str": 15, "mag": 5, "vit": 13, "spr": 4, "agi": 3}
    one = data["level_1"]
    assert one["hp"] == 75 + 5 * 13  # 75 +5 per Vitality; no level gained yet (R5)
    assert one["mp"] == 5 + 4  # 5 +1 per Spirit
    assert (one["ap"], one["map"]) == (15, 5)
    assert one["max_tech_levels"] == 5 + 5 // 2  # R11
    assert one["resist"] == 25 + 13 // 10 + 4 // 10
    assert one["critical"] == 98  # -1 per 15 Agility
    assert data["techs"][0] == {
        "tech": "cure",
        "at": 1,
        "upgrades": [{"to": 2, "at": 8}, {"to": 3, "at": 22}],
    }
    text = zodiac("show", str(EXAMPLE / "jobs" / "knight.yaml")).stdout
    assert text.startswith("Knight (job)") and "140" in text


def test_potion_view_prices_and_sale(zodiac):
    """Hi Potion sells for 200 G (Ch. V); selling returns half (R25); X-Potion is not sold."""
    hi = zodiac("show", str(CORE / "potions.yaml"), "--name", "Hi Potion", "-f", "json").json()
    assert (hi["price"], hi["sell_price"], hi["hp"]) == (200, 100, 300)
    x = zodiac("show", str(CORE / "potions.yaml"), "--name", "x-potion", "-f", "json").json()
    assert (x["price"], x["sell_price"], x["hp"]) == (None, None, "all")


def test_enemy_skill_view_computes_its_attack_notation(zodiac):
    """Aqualung 3M2: Tech Level 3 Attack Magic (Ch. III), for the reference character."""
    r = zodiac("show", str(CORE / "enemy_skills.yaml"), "--name", "aqualung", "-f", "json")
    data = r.json()
    assert (data["mp_cost"], data["tech_level"], data["attack"]) == (19, 4, "3M2")
    assert data["attack_meaning"].startswith("Tech Level 3 attack magic")
    assert data["damage"].startswith("Damage ") and "reference character" in data["computed_for"]
