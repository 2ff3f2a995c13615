"""99 Towers: the combat chapter (99-towers-combat.txt) as a rule set (R31, R39-R41).

Combatants and weapon profiles are content, checked (``checks/``, codes NT1xx); the
Action List is shipped as data (``tables.ACTIONS``); every number the chapter makes a
Master work out is a pure function in ``rules/combat.py``; ``views/`` lays them out for
`zodiac show`, the cards and the table aids. Registration only: nothing here is imported
until a project of this rule set is opened.
"""

from __future__ import annotations

from builder.rulesets import BookSpec, PartPlan, RuleSet

_P = "builder.rulesets.towers99"
_V = f"{_P}.views.books"

RULESET = RuleSet(
    id="99-towers",
    title="99 Towers: the combat chapter (clock, cards, weapon profiles)",
    code_prefixes=("NT",),
    models={
        "combatant": f"{_P}.models.combatant:Combatant",
        "weapon": f"{_P}.models.weapon:Weapon",
    },
    checks={
        "combatant": f"{_P}.checks.combatants:check_combatant",
        "weapon": f"{_P}.checks.weapons:check_weapon",
    },
    code_modules=(f"{_P}.checks.combatants", f"{_P}.checks.weapons", f"{_P}.lint_settings"),
    run_checks=f"{_P}.checks:run_checks",
    example="99-towers",
    shows={
        "combatant": f"{_P}.show:show_combatant",
        "weapon": f"{_P}.show:show_weapon",
    },
    scaffold=f"{_P}.scaffold:scaffold",
    books={
        "table_aids": BookSpec(
            (),
            "99-towers/table_aids.html",
            f"{_V}:table_aids_context",
            description="combat clock, action reference, Burst and Aura templates",
        ),
        "combatant_cards": BookSpec(
            ("combatant",),
            "99-towers/combatant_cards.html",
            f"{_V}:combatant_cards_context",
            description="a card per combatant with STUN and LETHAL trackers",
            parts=PartPlan(18),  # two pages of nine cards a part (#27)
        ),
        "combatant_sheets": BookSpec(
            ("combatant",),
            "99-towers/sheet.html",
            f"{_P}.views.sheets:combatant_sheets_context",
            one_file_per_entity=True,
            description="a one-page play sheet per combatant (one PDF each, fillable)",
        ),
        "weapon_cards": BookSpec(
            ("weapon",),
            "99-towers/weapon_cards.html",
            f"{_V}:weapon_cards_context",
            description="a card per weapon with its range bands",
            parts=PartPlan(18),  # two pages of nine cards a part (#27)
        ),
    },
    commands=f"{_P}.commands:mount",
    exports=f"{_P}.exports:EXPORTS",
    lint=f"{_P}.lint:lint",
    lint_settings_model=f"{_P}.lint_settings:LintSettings",
    lint_norms=(
        "the chapter's weapon profiles: Longblade 1+PA 4+PX $25, Heavy Rifle PA 7 12 $40 (R41)",
        "Power Attack's +2 damage as the margin",
        "outliers: combatants' STUN by size rank",
    ),
)
