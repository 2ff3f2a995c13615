"""The ZODIAC Final Fantasy RPG (Third Edition) with its Map Combat supplement.

Everything of this game lives under this package: ``models/`` (one per content kind),
``rules/`` (the book's tables and arithmetic, pure functions), ``checks/`` (construction
rules, coded), ``views/`` (computed views for terminal, JSON and templates), the shipped
catalogues (``catalog.py`` over ``content/core``) and the character generator. This module
is its registration: nothing here is imported until a project of this rule set is opened.
"""

from __future__ import annotations

from builder.rulesets import BookSpec, RuleSet

_M = "builder.rulesets.zodiac.models"
_C = "builder.rulesets.zodiac.checks"

# kind -> "module:Model"
MODELS: dict[str, str] = {
    "character": f"{_M}.character:Character",
    "tech": f"{_M}.tech:Tech",
    "enemy_skill": f"{_M}.tech:EnemySkill",
    "monster": f"{_M}.monster:Monster",
    "weapon_set": f"{_M}.equipment:WeaponSet",
    "armor_set": f"{_M}.equipment:ArmorSet",
    "relic_set": f"{_M}.equipment:RelicSet",
    "potion": f"{_M}.equipment:Potion",
    "job": f"{_M}.job:Job",
}

# kind -> "module:function" taking (entity, context) and yielding Problems.
CHECKS: dict[str, str] = {
    "character": f"{_C}.character:check_character",
    "tech": f"{_C}.techs:check_tech_entity",
    "enemy_skill": f"{_C}.techs:check_enemy_skill_entity",
    "monster": f"{_C}.monsters:check_monster_entity",
    "weapon_set": f"{_C}.equipment:check_weapon_set_entity",
    "armor_set": f"{_C}.equipment:check_armor_set_entity",
    "relic_set": f"{_C}.equipment:check_relic_set_entity",
    "job": f"{_C}.jobs:check_job_entity",
}

# kind -> "module:function" taking (workspace, entity) and returning a Shown (`zodiac show`).
_S = "builder.rulesets.zodiac.show"
SHOWS: dict[str, str] = {
    "character": f"{_S}:show_character",
    "tech": f"{_S}:show_tech",
    "enemy_skill": f"{_S}:show_enemy_skill",
    "monster": f"{_S}:show_monster",
    "weapon_set": f"{_S}:show_set",
    "armor_set": f"{_S}:show_set",
    "relic_set": f"{_S}:show_set",
    "potion": f"{_S}:show_potion",
    "job": f"{_S}:show_job",
}

# ruling id (docs/RULINGS.md) -> the `house_rules:` switch that selects the other reading.
HOUSE_RULES: dict[str, str] = {
    "R9": "relic_slots",
    "R10": "damage_die_multiplier",
    "R32": "map_combat",
}

# holds -> what the book prints (templates under templates/, contexts in views/).
_V = "builder.rulesets.zodiac.views"
BOOKS: dict[str, BookSpec] = {
    "character_sheets": BookSpec(
        ("character",),
        "sheets/character.html",
        f"{_V}.sheets:character_sheet_context",
        one_file_per_entity=True,
        description="a two-page sheet per character (one PDF each)",
    ),
    "blank_sheet": BookSpec(
        (), "sheets/blank.html", f"{_V}.sheets:blank_sheet_context", description="a blank sheet"
    ),
    "monster_cards": BookSpec(
        ("monster",),
        "cards/monsters.html",
        f"{_V}.bestiary:monster_cards_context",
        description="63 x 88 mm cards, nine to a page",
    ),
    "bestiary": BookSpec(
        ("monster",),
        "books/bestiary.html",
        f"{_V}.bestiary:bestiary_context",
        description="stat blocks with contents and index",
    ),
    "equipment_book": BookSpec(
        ("weapon_set", "armor_set", "relic_set", "potion"),
        "books/equipment.html",
        f"{_V}.armory:equipment_book_context",
        description="weapon, armor and relic sets and potions",
    ),
    "tech_grimoire": BookSpec(
        ("tech", "enemy_skill"),
        "books/grimoire.html",
        f"{_V}.grimoire:grimoire_context",
        description="Techs and Enemy Skills with costs and effects",
    ),
    "map_combat_reference": BookSpec(
        (),
        "books/map_combat.html",
        f"{_V}.map_combat:map_combat_reference_context",
        description="the Map Combat supplement at a glance",
    ),
}

RULESET = RuleSet(
    id="zodiac",
    title="ZODIAC Final Fantasy RPG (Third Edition), with the Map Combat supplement",
    code_prefixes=("ZC", "ZT", "ZE", "ZM", "ZJ"),
    models=MODELS,
    checks=CHECKS,
    code_modules=tuple(
        f"{_C}.{name}"
        for name in ("character", "character_techs", "techs", "equipment", "monsters", "jobs")
    ),
    run_checks=f"{_C}:run_checks",
    make_settings="builder.rulesets.zodiac.rules.ruleset:settings",
    core_folder="core",
    example="zodiac",
    shows=SHOWS,
    scaffold="builder.rulesets.zodiac.scaffold:scaffold",
    house_rules=HOUSE_RULES,
    house_rules_model="builder.rulesets.zodiac.rules.ruleset:HouseRules",
    books=BOOKS,
    level_of="builder.rulesets.zodiac.rules.character:entity_level",
)
