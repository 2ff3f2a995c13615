"""Running a rule set's construction checks: the part every game shares.

Each rule set registers one check function per kind (`RuleSet.checks`); a check takes the
entity and a `CheckContext` (the project's other entities, by kind and id, and the rule
set's settings) and yields `Problem`s, which are located here in the entity's file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from builder.diagnostics import Diagnostic, place_in

if TYPE_CHECKING:
    from builder.io.project import Content, Entity
    from builder.rulesets import RuleSet

__all__ = ["CheckContext", "run_kind_checks"]


@dataclass
class CheckContext:
    """What a check may look at beyond its own document: the project and the settings."""

    content: Content
    settings: Any = None  # the rule set's settings (ZODIAC: its tables and house rules)
    _index: dict[tuple[str, str], Entity] | None = field(default=None, repr=False)

    def find(self, kind: str, entity_id: str) -> Entity | None:
        if self._index is None:
            self._index = self.content.index()
        return self._index.get((kind, entity_id))

    def ids(self, kind: str) -> list[str]:
        return [e.id for e in self.content.of_kind(kind)]


def run_kind_checks(rule_set: RuleSet, ctx: CheckContext) -> list[Diagnostic]:
    """Every entity through its kind's check, each Problem placed in the entity's file."""
    out: list[Diagnostic] = []
    for entity in ctx.content.entities:
        check = rule_set.check_for(entity.kind)
        if check is not None:
            out.extend(place_in(p, entity.doc) for p in check(entity, ctx))
    return out
