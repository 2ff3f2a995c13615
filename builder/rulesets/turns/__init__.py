"""Turns and Actions (R31): the combat chapter of turns-and-actions.txt as a rule set.

20 AP a turn, costs in AP plus Stamina, Mana or Focus, charging and "!" burn, abilities
written as small programs, a nine-element chart, swarms, KO and death, befriending,
obstacle and battle grades (R42-R46). The chapter has no classes, level tables or
equipment lists: the example project's content is our own. This module is the
registration only; nothing below it is imported until a project of this rule set opens.
"""

from __future__ import annotations

from builder.rulesets import BookSpec, PartPlan, RuleSet

_P = "builder.rulesets.turns"
_M = f"{_P}.models"
_C = f"{_P}.checks"
_V = f"{_P}.views"

MODELS: dict[str, str] = {
    "ability": f"{_M}.ability:Ability",
    "weapon": f"{_M}.weapon:Weapon",
    "combatant": f"{_M}.combatant:Combatant",
}

CHECKS: dict[str, str] = {
    "ability": f"{_C}.abilities:check_ability_entity",
    "weapon": f"{_C}.weapons:check_weapon_entity",
    "combatant": f"{_C}.combatants:check_combatant_entity",
}

SHOWS: dict[str, str] = {
    "ability": f"{_P}.show:show_ability",
    "weapon": f"{_P}.show:show_weapon",
    "combatant": f"{_P}.show:show_combatant",
}

BOOKS: dict[str, BookSpec] = {
    "ability_cards": BookSpec(
        ("combatant", "ability"),
        "turns-and-actions/cards.html",
        f"{_V}.books:ability_cards_context",
        description="ability cards laid out like programs, resolved for their owners",
        # two pages of nine a part; a part is cut from the cards, since a combatant's
        # abilities print as its cards whichever part the ability's entity falls in (#27)
        parts=PartPlan(18, items="cards"),
    ),
    "combatant_sheets": BookSpec(
        ("combatant", "weapon", "ability"),
        "turns-and-actions/sheets.html",
        f"{_V}.sheets:combatant_sheets_context",
        description="a play sheet per combatant, all in one PDF: AP, Health, statuses",
    ),
    "combatant_sheet_files": BookSpec(
        ("combatant",),
        "turns-and-actions/sheets.html",
        f"{_V}.sheets:combatant_sheets_context",
        one_file_per_entity=True,
        description="the same play sheet, one PDF per combatant titled with its name",
    ),
    "combat_reference": BookSpec(
        (),
        "turns-and-actions/reference.html",
        f"{_V}.books:combat_reference_context",
        description="actions and AP, element wheel, swarms, grades, initiative tracker",
    ),
}

RULESET = RuleSet(
    id="turns-and-actions",
    title="Turns and Actions (AP combat chapter: abilities as programs)",
    code_prefixes=("TA",),
    models=MODELS,
    checks=CHECKS,
    code_modules=(
        *(f"{_C}.{name}" for name in ("abilities", "weapons", "combatants")),
        f"{_P}.lint_settings",
    ),
    run_checks=f"{_C}:run_checks",
    example="turns-and-actions",
    shows=SHOWS,
    scaffold=f"{_P}.scaffold:scaffold",
    books=BOOKS,
    exports=f"{_P}.exports:EXPORTS",
    lint=f"{_P}.lint:lint",
    lint_settings_model=f"{_P}.lint_settings:LintSettings",
    lint_norms=(
        "Common Actions: the Unarmed Attack, 10 AP for rank 1, per damage rank",
        "outliers: combatants' health by side, rank and Total Level",
    ),
    rewards=f"{_P}.rewards:encounter_rewards",
    rewards_kinds=("combatant",),
    commands=f"{_P}.commands:mount",
)
