"""99 Towers construction rules as coded checks (NT1xx), located in their files."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.checking import CheckContext, run_kind_checks
from builder.rulesets.towers99 import RULESET

if TYPE_CHECKING:
    from builder.diagnostics import Diagnostic
    from builder.io.project import Content

__all__ = ["CheckContext", "run_checks"]


def run_checks(content: Content, settings: Any = None) -> list[Diagnostic]:
    """Run every kind's checks over the loaded content (99 Towers has no house rules)."""
    return run_kind_checks(RULESET, CheckContext(content))
