"""The ZODIAC Final Fantasy RPG (Third Edition) with its Map Combat supplement.

Everything of this game lives under this package: ``models/`` (one per content kind),
``rules/`` (the book's tables and arithmetic, pure functions), ``checks/`` (construction
rules, coded), ``views/`` (computed views for terminal, JSON and templates), the shipped
catalogues (``catalog.py`` over ``content/core``) and the character generator. This module
is its registration: nothing here is imported until a project of this rule set is opened.
"""

from __future__ import annotations

from builder.rulesets import BookSpec, OptionalRule, PartPlan, RuleSet

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
    "status": f"{_M}.status:Status",
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
    "status": f"{_C}.statuses:check_status_entity",
    "potion": f"{_C}.statuses:check_potion_entity",
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
    "status": f"{_S}:show_status",
}

# ruling id (docs/RULINGS.md) -> the `house_rules:` switch that selects the other reading.
HOUSE_RULES: dict[str, str] = {
    "R9": "relic_slots",
    "R10": "damage_die_multiplier",
    "R32": "map_combat",
    "R51": "curse_temporary",
}

# The book's own optional rules (Ch. IV, Ch. VI): a switch where a printed number depends on
# it (rules/ruleset.py HouseRules), none where the Master decides at the table.
OPTIONAL_RULES: tuple[OptionalRule, ...] = (
    OptionalRule(
        "Damage Levels",
        "Ch. VI, OPTIONAL: Damage Levels",
        "damage_levels",
        "0",
        "1 or 2 extra zeros on HP, damage and healing of characters and monsters: "
        "show, sheets, cards, bestiary, grimoire",
    ),
    OptionalRule(
        "The Damage Cap",
        "Ch. VI, OPTIONAL: The Damage Cap",
        "damage_cap",
        "false",
        "no blow deals more than 999 (a 9 more per damage level, or a number you set): "
        "the top of every damage range",
    ),
    OptionalRule(
        "Deathblow triple damage",
        "Ch. IV Command Skills, Deathblow",
        "deathblow_triple",
        "false",
        "a Deathblow rolling over Critical deals x3 instead of x2",
    ),
    OptionalRule(
        "Slots backfire",
        "Ch. IV Command Skills, Slots",
        "slots_backfire",
        "false",
        "Single Magic and Multi-Magic from Slots hit an ally 10% of the time",
    ),
    OptionalRule(
        "Kick's element",
        "Ch. IV Command Skills, Kick",
        None,
        None,
        "Kick may carry an element; no number changes",
    ),
    OptionalRule(
        "Slots' element and damage type",
        "Ch. IV Command Skills, Slots",
        None,
        None,
        "random or chosen; no number changes",
    ),
    OptionalRule(
        "Steal's item",
        "Ch. IV Command Skills, Steal",
        None,
        None,
        "the cheapest Steal Item or a random one",
    ),
    OptionalRule(
        "Peep finds hidden things",
        "Ch. IV Command Skills, Peep",
        None,
        None,
        "Peep may also find traps and secret doors",
    ),
    OptionalRule(
        "Morph's other forms",
        "Ch. IV Command Skills, Morph",
        None,
        None,
        "a form may have other Techs and another Minor Ability",
    ),
    OptionalRule(
        "Counter's Tech",
        "Ch. IV Support Skills, Counter",
        None,
        None,
        "counter with one fixed Tech or any Tech",
    ),
    OptionalRule(
        "Mirror Tech's element",
        "Ch. IV Support Skills, Counter",
        None,
        None,
        "the mirrored attack may take another or the opposing element",
    ),
    OptionalRule(
        "Wall bounces",
        "Ch. VI Positive Status Effects, Wall",
        None,
        None,
        "reflected magic may strike a random target on the other side",
    ),
)

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
        parts=PartPlan(18, items="faces"),  # two pages a part, counted in cards (backs too)
    ),
    "bestiary": BookSpec(
        ("monster",),
        "books/bestiary.html",
        f"{_V}.bestiary:bestiary_context",
        description="stat blocks with contents and index",
        # Contents and index in pieces of 60 rows: a page each on A4 and Letter (#24).
        parts=PartPlan(10, front=True, back=True, rows=60),
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
    "status_reference": BookSpec(
        ("status",),
        "books/statuses.html",
        f"{_V}.statuses:status_reference_context",
        description="every status effect on one page: duration, cure, effect",
    ),
}

RULESET = RuleSet(
    id="zodiac",
    title="ZODIAC Final Fantasy RPG (Third Edition), with the Map Combat supplement",
    code_prefixes=("ZC", "ZT", "ZE", "ZM", "ZJ", "ZK", "ZL"),
    models=MODELS,
    checks=CHECKS,
    code_modules=(
        *(
            f"{_C}.{name}"
            for name in (
                *("character", "character_techs", "techs", "equipment", "monsters", "jobs"),
                "statuses",
            )
        ),
        "builder.rulesets.zodiac.lint",  # ZL1xx: the balance linter's warnings
    ),
    run_checks=f"{_C}:run_checks",
    make_settings="builder.rulesets.zodiac.rules.ruleset:settings",
    core_folder="core",
    example="zodiac",
    shows=SHOWS,
    scaffold="builder.rulesets.zodiac.scaffold:scaffold",
    house_rules=HOUSE_RULES,
    optional_rules=OPTIONAL_RULES,
    house_rules_model="builder.rulesets.zodiac.rules.ruleset:HouseRules",
    books=BOOKS,
    level_of="builder.rulesets.zodiac.rules.character:entity_level",
    lint="builder.rulesets.zodiac.lint:lint",
    lint_settings_model="builder.rulesets.zodiac.rules.lint_settings:LintSettings",
    lint_norms=(
        "App. I: a monster's stats, HP, MP and hit by level",
        "Ch. V prices and App. I gold: item level by character level",
        "App. IV: Tech MP and schedules by Tech Points",
        "outliers: monsters' HP among nearby levels",
    ),
    exports="builder.rulesets.zodiac.exports:EXPORTS",
    commands="builder.rulesets.zodiac.commands:mount",
    name="ZODIAC",
)
