"""The balance linter (issue 17): its norms against the book, its findings, its silencing."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from builder.io.yaml import load_file
from builder.rulesets import get
from builder.rulesets.zodiac import lint as L
from builder.rulesets.zodiac.rules import equipment as eq
from builder.workspace import open_workspace
from tests.conftest import EXAMPLE, REPO

LINT_PROJECT = REPO / "tests" / "data" / "lint"


def _findings(root: Path) -> list[tuple[str, int, str]]:
    ws = open_workspace([root])
    assert ws.report.errors == 0, ws.report.sorted()
    diags = get("zodiac").run_lint(ws.content, ws.settings, ws.config.lint)
    return sorted((Path(d.path).name, d.line, d.code) for d in diags)


# --- Norms: the book's numbers, worked by hand ------------------------------------------


@pytest.mark.parametrize(
    ("level", "stat"),
    [
        (1, 8),  # 3 x 5 + 25 = 40 (R4) / 5
        (2, 8),  # 43 / 5
        (5, 12),  # 40 + 4 x 3 + 5 x 2 = 62 / 5 (R6: +2 to all at level 5)
        (10, 17),  # 40 + 27 + 20 = 87 / 5
        (60, 67),  # 40 + 58 x 3 + 4 + 12 x 10 = 338 / 5 (R6: 4 points at 60)
    ],
)
def test_even_stat_spreads_every_point(level, stat):
    assert L.even_stat(level) == stat


@pytest.mark.parametrize(
    ("level", "gold"),
    [(1, 200), (2, 221), (10, 1935), (40, 32792)],  # 200 + 3/7 x 50 (L - 1)^2, rounded down
)
def test_gold_by_level_is_starting_gold_plus_three_sevenths_of_xp(level, gold):
    assert L.gold_by_level(level) == gold


def test_item_levels_follow_the_price_table_and_a_quarter_of_the_gold():
    # Weapon level 9 costs 8,000 G: a quarter of level 40's 32,792 G is 8,198, of level
    # 39's 31,142 G only 7,785 (Ch. V; App. I Step 8; App. III).
    assert L.level_for_item(9) == 40
    assert L.item_level_for(39) == 8
    assert L.item_level_for(1) == 1  # 75 G is more than 200 / 4: level 1 is the floor
    assert L.level_for_item(10) == L.level_for_item(9)  # artifacts fit where level 9 does
    for item_level in range(2, 10):
        first = L.level_for_item(item_level)
        price = eq.weapon_price(item_level)
        assert price <= 0.25 * L.gold_by_level(first)
        assert price > 0.25 * L.gold_by_level(first - 1)


def test_reference_character_of_level_one():
    ref = L.reference(1)
    # HP 75 + 5 x 8 + 15 balanced armor level 1; MP 5 + 8 + 2 armor (Ch. I Step 5, Ch. V)
    assert (ref.hp, ref.mp) == (130, 15)
    # Tech Points 12 + 8 for Magic 8 (App. IV); Max Tech Levels 5 + 8 / 2 (R11)
    assert (ref.tech_points, ref.max_tech_levels) == (20, 9)


def test_learnable_level_of_each_tech_level():
    assert L.learnable_level(8, 1) == 1
    assert L.learnable_level(15, 2) == 1
    # 30 TP: level 5 has 20 + Magic 12's 14 = 34, level 4 has 18 + 9 = 27
    assert L.learnable_level(30, 3) == 5


def test_monster_norm_hp_is_an_even_split():
    # Level 12: 25 + 60 = 85 points, VIT 17: 30 + 340 + 120 = 490 (App. I Step 3); boss x10
    assert L.monster_norm_hp(12) == 490
    assert L.monster_norm_hp(12, boss=True) == 4900
    assert L.hp_range(5, 0.6) == (112, 448)  # 280 +- 60%


def test_potion_tables_are_the_books_catalogue():
    core = load_file(REPO / "content" / "core" / "potions.yaml").documents
    hp = sorted((d.data["hp"], d.data["price"]) for d in core if isinstance(d.data.get("hp"), int))
    mp = sorted((d.data["mp"], d.data["price"]) for d in core if isinstance(d.data.get("mp"), int))
    assert tuple(hp) == L.HP_POTIONS
    assert tuple(mp) == L.MP_POTIONS


@pytest.mark.parametrize(
    ("amount", "table", "price"),
    [
        (70, L.HP_POTIONS, 25),
        (300, L.HP_POTIONS, 200),
        (500, L.HP_POTIONS, 600),
        (35, L.HP_POTIONS, 12.5),  # through 0 below the Potion
        (400, L.HP_POTIONS, 400),  # halfway between Hi- and Super Potion
        (600, L.HP_POTIONS, 800),  # on the last line: 2 G per HP
        (60, L.MP_POTIONS, 600),
    ],
)
def test_book_price(amount, table, price):
    assert L.book_price(amount, table) == pytest.approx(price)


def test_ignore_comment_parsing():
    assert L.ignored_codes("level: 3  # zodiac: ignore[ZL101, zl104]") == {"ZL101", "ZL104"}
    assert L.ignored_codes("level: 3  # zodiac:ignore[ZL101]") == {"ZL101"}
    assert L.ignored_codes("level: 3  # ignore[ZL101]") == set()


# --- Findings ----------------------------------------------------------------------------


def test_each_unbalanced_entry_of_the_test_project_is_flagged():
    assert _findings(LINT_PROJECT) == [
        ("jobs.yaml", 13, "ZL120"),  # Meteor scheduled at 2, affordable at 11
        ("jobs.yaml", 15, "ZL121"),  # a level-6 sword at level 1
        ("jobs.yaml", 16, "ZL122"),  # a level-1 sword at level 40
        ("monsters.yaml", 5, "ZL101"),  # Stone Tortoise; Shell Twin is silenced
        ("monsters.yaml", 17, "ZL104"),  # Glass Ogre
        ("monsters.yaml", 25, "ZL103"),  # Dry Imp
        ("monsters.yaml", 32, "ZL105"),  # Rich Rat's drop
        ("monsters.yaml", 71, "ZL102"),  # Bulky Guard among its peers
        ("potions.yaml", 4, "ZL130"),  # Mega Potion
        ("techs.yaml", 7, "ZL110"),  # Toxic Blaze
    ]


def test_messages_carry_numbers_distance_and_a_suggestion():
    ws = open_workspace([LINT_PROJECT])
    by_code = {d.code: d.message for d in L.lint(ws.content, ws.settings, ws.config.lint)}
    assert by_code["ZL101"] == (
        "HP 880 is 96% above the level-5 range 112-448 (an even split of its stats, +-60%); "
        "lower VIT by 22 (to 18) and spend the points elsewhere, or level 25 fits this HP"
    )
    assert "raise SPR by 38 (to 38" in by_code["ZL103"]
    assert "lower STR by 26 (to 14)" in by_code["ZL104"]
    assert "level 32 fits this item" in by_code["ZL105"]
    assert "schedule it at level 11" in by_code["ZL120"]
    assert "a price of 600 G fits" in by_code["ZL130"]
    assert "level 5 has the MP" in by_code["ZL110"]


def test_suggested_fixes_clear_the_findings(tmp_path):
    project = tmp_path / "lint"
    shutil.copytree(LINT_PROJECT, project)
    text = (project / "monsters.yaml").read_text(encoding="utf-8")
    text = text.replace(
        "{str: 4, mag: 2, vit: 40, spr: 2, agi: 2}\ndescription: Our",
        "{str: 4, mag: 2, vit: 18, spr: 2, agi: 24}\ndescription: Our",
        1,
    )
    text = text.replace(
        "{str: 40, mag: 2, vit: 4, spr: 2, agi: 2}", "{str: 14, mag: 2, vit: 4, spr: 2, agi: 28}"
    )
    (project / "monsters.yaml").write_text(text, encoding="utf-8")
    potions = (
        (project / "potions.yaml").read_text(encoding="utf-8").replace("price: 50", "price: 600")
    )
    (project / "potions.yaml").write_text(potions, encoding="utf-8")
    codes = {code for _, _, code in _findings(project)}
    assert not codes & {"ZL101", "ZL104", "ZL130"}


def test_the_example_project_is_clean_but_rooks_knife():
    # README "Balance linter": Rook (level 6) carries a level-5 knife on purpose.
    assert _findings(EXAMPLE) == [("rook.yaml", 12, "ZL121")]


# --- Silencing and thresholds ------------------------------------------------------------


def _copy(tmp_path: Path) -> Path:
    project = tmp_path / "lint"
    shutil.copytree(LINT_PROJECT, project)
    return project


def test_a_comment_on_the_fields_line_silences_that_finding(tmp_path):
    project = _copy(tmp_path)
    path = project / "monsters.yaml"
    text = path.read_text(encoding="utf-8").replace(
        "stats: {str: 4, mag: 2, vit: 40, spr: 2, agi: 2}\ndescription: Our",
        "stats: {str: 4, mag: 2, vit: 40, spr: 2, agi: 2}  # zodiac: ignore[ZL101]\ndescription: Our",
        1,
    )
    path.write_text(text, encoding="utf-8")
    found = _findings(project)
    assert ("monsters.yaml", 5, "ZL101") not in found
    assert len(found) == 9


def test_a_comment_for_another_code_silences_nothing(tmp_path):
    project = _copy(tmp_path)
    path = project / "monsters.yaml"
    text = path.read_text(encoding="utf-8").replace(
        "name: Stone Tortoise", "name: Stone Tortoise  # zodiac: ignore[ZL104]"
    )
    path.write_text(text, encoding="utf-8")
    assert ("monsters.yaml", 5, "ZL101") in _findings(project)


def test_thresholds_and_disabled_codes_from_zodiac_yaml(tmp_path):
    project = _copy(tmp_path)
    (project / "zodiac.yaml").write_text(
        "title: T\nlint:\n  hp_tolerance: 3\n  disable: [zl104]\n", encoding="utf-8"
    )
    codes = [code for _, _, code in _findings(project)]
    assert "ZL101" not in codes  # 880 is within 280 x 4
    assert "ZL104" not in codes
    assert "ZL103" in codes


def test_a_bad_lint_setting_is_an_error_where_it_is_written(tmp_path):
    project = _copy(tmp_path)
    (project / "zodiac.yaml").write_text(
        "title: T\nlint:\n  hp_tolerance: -1\n  disable: [ZL999]\n", encoding="utf-8"
    )
    ws = open_workspace([project])
    got = {(d.line, d.code) for d in ws.report.diagnostics if d.path.endswith("zodiac.yaml")}
    assert got == {(3, "ZS105"), (4, "ZS106")}
    assert ws.config.lint == L.LintSettings()  # the defaults stand in


def test_every_lint_code_is_registered_and_ranged():
    codes = get("zodiac").codes()
    assert set(L.CODES) <= set(codes)
    assert all(code.startswith("ZL1") and 101 <= int(code[2:]) <= 139 for code in L.CODES)
