"""`house_rules:` of a 16 Bit Tactics project: none yet (unknown switches are refused)."""

from __future__ import annotations

from builder.models.base import ZModel


class HouseRules(ZModel):
    """No reading of R34-R38 has a switch yet."""
