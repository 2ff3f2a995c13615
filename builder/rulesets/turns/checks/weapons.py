"""Construction checks of weapons (Weapons, Attributes)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from builder.problems import Problem
from builder.rulesets.turns import tables as T
from builder.rulesets.turns.checks.common import element_problems, grammar_problem, range_problems
from builder.rulesets.turns.models.weapon import Weapon
from builder.rulesets.turns.rules.grammar import GrammarError, parse_attribute, parse_use

if TYPE_CHECKING:
    from builder.io.project import Entity
    from builder.rulesets.turns.checks import CheckContext

CODES: dict[str, str] = {
    "TA120": "a weight class is not VL, L, M, H or VH",
    "TA121": "a weapon's element is not one of the chapter's",
    "TA122": "a weapon's use cost does not parse or costs no AP",
    "TA123": "a weapon attribute is not Name, Name N or Name+ N",
    "TA124": 'a weapon\'s "!" (burn) is on a cost other than AP',
}

WEAPONS = "Weapons"


def check_weapon_entity(entity: Entity, ctx: CheckContext) -> Iterator[Problem]:
    return check_weapon(entity.model)


def check_weapon(w: Weapon) -> Iterator[Problem]:
    if w.weight_class.strip().upper() not in T.WEIGHT_CLASSES:
        yield Problem(
            "TA120",
            f"weight class '{w.weight_class}' is not one of the five official listings: "
            + ", ".join(f"{k} ({v})" for k, v in T.WEIGHT_CLASSES.items()),
            "Weapons, Weight Class",
            ("weight_class",),
        )
    yield from element_problems(w.element, ("element",), "TA121")
    try:
        use = parse_use(w.use)
    except GrammarError as err:
        yield grammar_problem("TA122", "use", err, "Weapons, Use", ("use",))
    else:
        if not use.ap:
            yield Problem(
                "TA122",
                f"use '{w.use}' costs no AP: all weapons cost Action Points to use",
                "Weapons, Use",
                ("use",),
            )
        for cost in use.costs:
            if cost.burn and cost.resource != "AP":
                yield Problem(
                    "TA124",
                    f"'{cost.text()}': only AP can be burned (\"!\")",
                    "Pay by Burn",
                    ("use",),
                )
    yield from range_problems(w.range, ("range",))
    for i, attr in enumerate(w.attributes):
        try:
            parse_attribute(attr)
        except GrammarError as err:
            yield grammar_problem("TA123", "attribute", err, "Attributes", ("attributes", i))
