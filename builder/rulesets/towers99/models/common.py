"""Pieces both 99 Towers kinds share."""

from __future__ import annotations

from typing import Annotated

from builder.models.base import EnumIn

# Text that names a table row after normalising ('Large', 'FIRE' -> 'large', 'fire');
# whether the row exists is a coded check (NT1xx), so the diagnostic cites the chapter.
Key = Annotated[str, EnumIn]
