"""Pieces both 99 Towers kinds share."""

from __future__ import annotations

from typing import Annotated

from builder.models.base import EnumIn
from builder.models.schema_forms import Closed
from builder.rulesets.towers99.tables import DAMAGE_TYPES

# Text that names a table row after normalising ('Large', 'FIRE' -> 'large', 'fire');
# whether the row exists is a coded check (NT1xx), so the diagnostic cites the chapter.
# The schema closes each such list too (``Closed``), so an editor underlines what the
# check refuses.
Key = Annotated[str, EnumIn]
# Damage Types: the chapter's list, which NT103 / NT112 hold every damage type to.
DamageType = Annotated[Key, Closed(DAMAGE_TYPES)]
