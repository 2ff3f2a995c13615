"""A weapon (Weapons): type, weight class, use, rank, weight and attributes."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from builder.models.base import EnumIn
from builder.models.schema_forms import Closed
from builder.rulesets.turns import tables as T
from builder.rulesets.turns.models.ability import ScoreType
from builder.rulesets.turns.models.common import Element, Entry, Spec


class Weapon(Entry):
    kind: Literal["weapon"] = "weapon"
    type: Annotated[ScoreType, EnumIn]
    # VL L M H VH, read stripped in any case (TA120)
    weight_class: Annotated[
        str, Field(min_length=1, max_length=10), Closed(tuple(T.WEIGHT_CLASSES), read="upper")
    ]
    use: Spec
    rank: Annotated[int, Field(ge=0, le=20)]
    weight: Annotated[int, Field(ge=0, le=999)]
    element: Element | None = None
    range: Spec | None = None
    attributes: list[Annotated[str, Field(min_length=1, max_length=60)]] = Field(
        default_factory=list
    )
