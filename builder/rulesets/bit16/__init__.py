"""16 Bit Tactics by Erik McGrath (R31): step dice, jobs and AP, Limit, threshold bands.

Everything of this game lives under this package: ``models/`` (job, character, monster,
weapon), ``rules/`` (the text's tables and arithmetic), ``checks/`` (BT1xx), ``views/``
(computed views for `zodiac show`, JSON and the sheets), ``rewards.py`` (`zodiac
encounter rewards`) and ``scaffold.py`` (`zodiac init --ruleset 16-bit-tactics`). This
module is its registration, import strings only.
"""

from __future__ import annotations

from builder.rulesets import BookSpec, PartPlan, RuleSet

_P = "builder.rulesets.bit16"
_M = f"{_P}.models"
_C = f"{_P}.checks"
_S = f"{_P}.show"
_V = f"{_P}.views.sheets"
_T = "16-bit-tactics"

MODELS: dict[str, str] = {
    "job": f"{_M}.job:Job",
    "character": f"{_M}.character:Character",
    "monster": f"{_M}.monster:Monster",
    "weapon": f"{_M}.weapon:Weapon",
}

CHECKS: dict[str, str] = {
    "character": f"{_C}.character:check_character",
    "job": f"{_C}.stats:check_stats",
    "monster": f"{_C}.stats:check_stats",
}

SHOWS: dict[str, str] = {
    "character": f"{_S}:show_character",
    "job": f"{_S}:show_job",
    "monster": f"{_S}:show_monster",
    "weapon": f"{_S}:show_weapon",
}

BOOKS: dict[str, BookSpec] = {
    "character_sheets": BookSpec(
        ("character",),
        f"{_T}/character.html",
        f"{_V}:character_sheets_context",
        one_file_per_entity=True,
        description="a one-page sheet per character (one PDF each)",
    ),
    "job_sheets": BookSpec(
        ("job",),
        f"{_T}/jobs.html",
        f"{_V}:job_sheets_context",
        description="a sheet per job: stat block, abilities and spells with AP costs",
    ),
    "monster_cards": BookSpec(
        ("monster",),
        f"{_T}/monsters.html",
        f"{_V}:monster_cards_context",
        description="63 x 88 mm cards, nine to a page",
        parts=PartPlan(18),  # two pages a part, as ZODIAC's deck (#27)
    ),
    "reference": BookSpec(
        (),
        f"{_T}/reference.html",
        f"{_V}:reference_context",
        description="one page: statuses, terrain, facing, XP tables, outcome bands, "
        "initiative, range, knockback",
    ),
}

RULESET = RuleSet(
    id=_T,
    title="16 Bit Tactics (Erik McGrath)",
    code_prefixes=("BT",),
    models=MODELS,
    checks=CHECKS,
    code_modules=(f"{_C}.character", f"{_C}.stats", f"{_P}.lint_settings"),
    run_checks=f"{_C}:run_checks",
    example=_T,
    shows=SHOWS,
    scaffold=f"{_P}.scaffold:scaffold",
    house_rules_model=f"{_P}.models.project:HouseRules",
    make_settings=f"{_P}.models.project:settings",
    # ruling id -> the house_rules switch that selects its other reading (rules rulings)
    house_rules={"R47": "crit_ignores_bands", "R48": "free_ap"},
    books=BOOKS,
    level_of=f"{_P}.views.compute:entity_level",
    rewards=f"{_P}.rewards:encounter_rewards",
    commands=f"{_P}.commands:mount",
    exports=f"{_P}.exports:EXPORTS",
    lint=f"{_P}.lint:lint",
    lint_settings_model=f"{_P}.lint_settings:LintSettings",
    lint_norms=(
        "Rewards: XP/AP by enemy level, one PC's worth (R35)",
        "a same-level character of the project's median job (R38)",
        "a spell's MP = its AP, earned with XP (R48)",
        "outliers: monsters' HP per level, jobs' growth",
    ),
)
