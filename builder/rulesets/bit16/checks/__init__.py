"""16 Bit Tactics construction checks: each yields coded (BT1xx), located Problems."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.checking import CheckContext, run_kind_checks

if TYPE_CHECKING:
    from builder.diagnostics import Diagnostic
    from builder.io.project import Content

__all__ = ["CheckContext", "run_checks"]


def run_checks(content: Content, settings: Any = None) -> list[Diagnostic]:
    """Run every kind's checks over the loaded content."""
    from builder.rulesets import get

    return run_kind_checks(get("16-bit-tactics"), CheckContext(content, settings))
