"""Construction checks of abilities (Abilities, Range Specifiers, Using Actions and Abilities).

An ability is a small program: every field is parsed, and what the grammar forbids is a
coded, located problem. Messages name the character where a text stops making sense.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from builder.problems import Problem, Severity
from builder.rulesets.turns import tables as T
from builder.rulesets.turns.checks.common import element_problems, grammar_problem, range_problems
from builder.rulesets.turns.models.ability import Ability, Application
from builder.rulesets.turns.rules.grammar import (
    RESOURCE_NAMES,
    GrammarError,
    is_variable,
    mentions_x,
    parse_accuracy,
    parse_placeholders,
    parse_use,
)

if TYPE_CHECKING:
    from builder.io.project import Entity
    from builder.rulesets.turns.checks import CheckContext

CODES: dict[str, str] = {
    "TA101": "a range specifier does not parse (X, X-Y, =X, -Y, X-, !X, >X)",
    "TA102": "a range's minimum is above its maximum",
    "TA103": "a use cost does not parse",
    "TA104": 'a "!" (burn) is on a cost other than AP',
    "TA105": "a variable X in the use cost does not appear in the effect",
    "TA106": "a reaction has no trigger",
    "TA107": "an AoE without Smart hits allies too (warning)",
    "TA108": "an ability has more than one mod",
    "TA109": "a Sideboard ability cannot be modded",
    "TA110": "a placeholder does not parse",
    "TA111": "a placeholder names an unknown score",
    "TA112": "accuracy is not [Score:Evasion] or Luck: X",
    "TA113": "an ability's element is not one of the chapter's",
    "TA114": "a status the chapter does not list says neither negative: true nor false",
}

USE = "Using Actions and Abilities"
BURN = "Pay by Burn"
VAR_X = "Variable X"
TRIGGER = "Trigger"
AOE = "Area of Effect (AoE)"
MODS = "Ability Mods"
PLACEHOLDERS = "Placeholder Brackets"
ACCURACY = "Accuracy"
STATUSES = "Status Effects"
TEXT_FIELDS = ("trigger", "on_hit", "effect", "teamwork", "solowork")


def check_ability_entity(entity: Entity, ctx: CheckContext) -> Iterator[Problem]:
    return check_ability(entity.model)


def check_ability(a: Ability) -> Iterator[Problem]:
    yield from range_problems(a.range, ("range",))
    yield from _use(a)
    if a.application is Application.REACTION and not a.trigger:
        yield Problem(
            "TA106",
            "a reaction is used in response to an event: add `trigger:` saying which",
            TRIGGER,
            ("application",),
        )
    if a.aoe is not None and not a.aoe.smart:
        yield Problem(
            "TA107",
            "this AoE has no Smart modifier, so it targets allies the same as enemies; "
            "add `smart: true` if it should spare them",
            AOE,
            ("aoe",),
            Severity.WARNING,
        )
    if len(a.mods) > 1:
        yield Problem(
            "TA108",
            f"an ability can only have one Mod equipped at a time; it lists {len(a.mods)}",
            MODS,
            ("mods", 1),
        )
    if a.sideboard and a.mods:
        yield Problem(
            "TA109",
            "Sideboard abilities cannot be modded: remove `mods:` or `sideboard: true`",
            MODS,
            ("mods",),
        )
    yield from _placeholders(a)
    if a.accuracy is not None:
        try:
            parse_accuracy(a.accuracy)
        except GrammarError as err:
            yield grammar_problem("TA112", "accuracy", err, ACCURACY, ("accuracy",))
    yield from element_problems(a.element, ("element",), "TA113")
    yield from _statuses(a)


def _statuses(a: Ability) -> Iterator[Problem]:
    """A status's default length hangs on whether it is negative (3 turns) or positive
    (until Transience, L212-213): a name the chapter does not list must say which."""
    listed = {n.lower() for n in (*T.NEGATIVE_STATUSES, *T.POSITIVE_STATUSES)}
    for i, status in enumerate(a.statuses):
        unknown = status.name.strip().lower() not in listed
        if status.negative is None and status.turns is None and unknown:
            known = ", ".join((*T.NEGATIVE_STATUSES, *T.POSITIVE_STATUSES))
            yield Problem(
                "TA114",
                f"the chapter does not list the status '{status.name}', so its default "
                "length is unknown: add `negative: true` (3 turns) or `negative: false` "
                f"(until Battle Transience), or give `turns:`; the chapter lists {known}",
                STATUSES,
                ("statuses", i, "name"),
            )


def _use(a: Ability) -> Iterator[Problem]:
    if a.use is None:
        return
    try:
        use = parse_use(a.use)
    except GrammarError as err:
        yield grammar_problem("TA103", "use", err, USE, ("use",))
        return
    for cost in use.costs:
        if cost.burn and cost.resource != "AP":
            yield Problem(
                "TA104",
                f"'{cost.text()}': only AP can be burned (\"!\"); "
                f"{RESOURCE_NAMES[cost.resource]} can never be spent beyond what you have",
                BURN,
                ("use",),
            )
    if use.variable:
        said = " ".join(getattr(a, f) or "" for f in ("on_hit", "effect"))
        if not mentions_x(said):
            variable = ", ".join(c.text() for c in use.costs if c.amount is None)
            yield Problem(
                "TA105",
                f"the use cost spends a variable X ({variable}) that neither `on_hit:` nor "
                "`effect:` uses; say what X sets",
                VAR_X,
                ("use",),
            )


def _placeholders(a: Ability) -> Iterator[Problem]:
    for name in TEXT_FIELDS:
        text = getattr(a, name)
        if not text:
            continue
        try:
            found = parse_placeholders(text)
        except GrammarError as err:
            yield grammar_problem("TA110", name.replace("_", " "), err, PLACEHOLDERS, (name,))
            continue
        for p in found:
            if p.name in T.PLACEHOLDER_SCORES or is_variable(p.name):
                continue
            known = ", ".join(T.PLACEHOLDER_SCORES)
            yield Problem(
                "TA111",
                f"{{{p.name}}} at character {p.start + 1} is not a known score; use one of {known}",
                PLACEHOLDERS,
                (name,),
                offset=p.start,
            )
