"""Construction rules as a catalogue: each check yields coded, located Problems."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from builder.checking import CheckContext as _SharedContext
from builder.checking import run_kind_checks
from builder.rulesets.zodiac import RULESET
from builder.rulesets.zodiac.rules.ruleset import DEFAULT, Ruleset

if TYPE_CHECKING:
    from builder.diagnostics import Diagnostic
    from builder.io.project import Content

__all__ = ["CheckContext", "run_checks"]


@dataclass
class CheckContext(_SharedContext):
    """The shared context; ZODIAC's checks read its settings as ``ruleset`` (tables plus
    house rules), the book's defaults when none are given."""

    @property
    def ruleset(self) -> Ruleset:
        return self.settings if self.settings is not None else DEFAULT


def run_checks(content: Content, ruleset: Ruleset = DEFAULT) -> list[Diagnostic]:
    """Run every kind's checks over the loaded content."""
    return run_kind_checks(RULESET, CheckContext(content, ruleset))
