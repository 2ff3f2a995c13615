"""The Turns and Actions balance linter (`zodiac lint`): abilities against common actions.

Construction checks (``checks/``, TA1xx) say what the chapter forbids; the linter says
what it allows but a table will feel. Every finding is a warning (TA9xx) with the
numbers, how far off they are and what would fit. Pure: entities and settings in,
diagnostics out.

Norms, and where each comes from (the manual's "Balance linter" page says the same for users):

- **The common actions' costs** (Common Actions): the Unarmed Attack deals rank 1 for
  10 AP, the chapter's one priced damage. An ability that deals damage (``damage:`` with
  a rank, R45) costs its AP plus ``resource_ap`` AP for each point of Stamina, Mana or
  Focus it spends (chosen: the chapter's Channel Ability trades 3 of them for a weapon's
  attributes); per damage rank that should be the Unarmed Attack's 10 AP, give or take
  ``cost_tolerance`` (TA901). An X cost, a passive ability (it is never paid for an
  attack) and one without damage are not priced.
- **The project's own outliers**: a combatant's health among the combatants of its side
  and rank (regular, miniboss, boss) within ``peer_levels`` Total Levels (TA910):
  quartiles -+ ``iqr_factor`` x IQR, once there are ``min_peers``.

Silence a finding with ``# zodiac: ignore[TA901]`` on its line or the entity's name line;
``lint: {disable: [TA910]}`` turns a code off for the project.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from builder import lintkit
from builder.problems import Problem, Severity
from builder.rulesets.turns.lint_settings import CODES, LintSettings
from builder.rulesets.turns.rules.grammar import parse_use

if TYPE_CHECKING:
    from builder.diagnostics import Diagnostic
    from builder.io.project import Content, Entity

# Common Actions, Unarmed Attacks: "For 10AP ... a Rank of 1".
UNARMED_AP = 10
UNARMED_RANK = 1
AP_PER_RANK = UNARMED_AP / UNARMED_RANK

_RULE = "Common Actions (Unarmed Attacks: 10 AP, rank 1), R45; lint norm"
_RULE_PEERS = "lint norm: the project's own"
_RESOURCES = (("Sta", "Stamina"), ("Mna", "Mana"), ("Fcs", "Focus"))


def ability_cost(use: Any, resource_ap: float) -> tuple[float, str] | None:
    """An ability's cost in AP (resources at ``resource_ap`` each) and how it was reached;
    None for a variable (X) cost."""
    if use is None:
        return None
    parsed = parse_use(use)
    if parsed.variable:
        return None
    cost = float(parsed.ap)
    parts = [f"{parsed.ap} AP"] if parsed.ap else []
    for short, name in _RESOURCES:
        amount = parsed.amount(short)
        if amount:
            cost += amount * resource_ap
            parts.append(f"{amount} {name} x {resource_ap:g}")
    return cost, " + ".join(parts) or "nothing"


def ability_problems(a: Any, s: LintSettings) -> Iterator[Problem]:
    """TA901: AP and resources per damage rank against the Unarmed Attack's."""
    if a.damage is None or a.damage.rank <= 0 or a.application.value == "passive":
        return
    found = ability_cost(a.use, s.resource_ap)
    if found is None:
        return
    cost, how = found
    rank = a.damage.rank
    per = cost / rank
    low, high = AP_PER_RANK * (1 - s.cost_tolerance), AP_PER_RANK * (1 + s.cost_tolerance)
    if low <= per <= high:
        return
    side, bound = ("below", low) if per < low else ("above", high)
    fix = f"a cost of {math.ceil(low * rank)}-{math.floor(high * rank)} AP-worth fits rank {rank}"
    fit_rank = max(1, round(cost / AP_PER_RANK))
    if fit_rank != rank:
        fix += f", or rank {fit_rank} fits this cost"
    yield Problem(
        "TA901",
        f"costs {cost:g} AP-worth ({how}) for damage rank {rank}: {per:.1f} a rank, "
        f"{lintkit.pct(per, AP_PER_RANK)}% {'under' if side == 'below' else 'over'} the "
        f"Unarmed Attack's {AP_PER_RANK:g} a rank, {side} {bound:g}; {fix}",
        _RULE,
        ("use",),
        Severity.WARNING,
    )


def combatant_peer_problems(
    e: Entity, combatants: Sequence[Entity], s: LintSettings
) -> Iterator[Problem]:
    """TA910: health beyond the fences of its side and rank within ``peer_levels``."""
    m = e.model
    peers = [
        float(o.model.vitals.health)
        for o in combatants
        if o is not e
        and o.model.side == m.side
        and o.model.rank == m.rank
        and abs(o.model.levels.tl - m.levels.tl) <= s.peer_levels
    ]
    if len(peers) < s.min_peers:
        return
    f = lintkit.fences(peers, s.iqr_factor)
    health = m.vitals.health
    if f.holds(health):
        return
    side = "above" if health > f.high else "below"
    yield Problem(
        "TA910",
        f"health {health} is {side} the {f.count} project {m.rank.value} {m.side.value}s "
        f"of Total Level {max(0, m.levels.tl - s.peer_levels)}-{m.levels.tl + s.peer_levels} "
        f"({f.low:.1f}-{f.high:.1f}, median {f.median:g}); about {f.median:g} fits",
        _RULE_PEERS,
        ("vitals", "health"),
        Severity.WARNING,
    )


def lint(
    content: Content, settings: Any = None, lint_settings: LintSettings | None = None
) -> list[Diagnostic]:
    """Every balance warning over ``content`` (the caller keeps the files it reports)."""
    s = lint_settings or LintSettings()
    combatants = content.of_kind("combatant")

    def problems(e: Entity) -> Iterator[Problem]:
        if e.kind == "ability":
            yield from ability_problems(e.model, s)
        elif e.kind == "combatant":
            yield from combatant_peer_problems(e, combatants, s)

    return lintkit.run(content, problems, s.disable)


__all__ = ["AP_PER_RANK", "CODES", "LintSettings", "ability_cost", "lint"]
