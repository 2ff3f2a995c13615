"""Construction checks of Turns and Actions: each yields coded, located Problems (TA1xx)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from builder.diagnostics import Diagnostic, place_in
from builder.rulesets.turns import RULESET

if TYPE_CHECKING:
    from builder.io.project import Content, Entity


@dataclass
class CheckContext:
    """What a check may look at beyond its own document: the project's other entities."""

    content: Content
    _index: dict[tuple[str, str], Entity] | None = field(default=None, repr=False)

    def find(self, kind: str, entity_id: str) -> Entity | None:
        if self._index is None:
            self._index = self.content.index()
        return self._index.get((kind, entity_id))

    def ids(self, kind: str) -> list[str]:
        return [e.id for e in self.content.of_kind(kind)]


def run_checks(content: Content, settings: Any = None) -> list[Diagnostic]:
    """Run every kind's checks over the loaded content."""
    ctx = CheckContext(content)
    out: list[Diagnostic] = []
    for entity in content.entities:
        check = RULESET.check_for(entity.kind)
        if check is None:
            continue
        out.extend(place_in(p, entity.doc) for p in check(entity, ctx))
    return out
