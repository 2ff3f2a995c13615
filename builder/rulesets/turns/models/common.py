"""Pieces the three kinds share."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from builder.models.base import Id, ZModel
from builder.models.schema_forms import Closed
from builder.rulesets.turns import tables as T

Text = Annotated[str, Field(min_length=1, max_length=2000)]
# The chapter's nine elements, read stripped and in any case; TA113 / TA121 / TA132 refuse
# another, and the schema closes the list the same way (``Closed``).
Element = Annotated[str, Field(max_length=30), Closed(T.ELEMENTS, read="lower")]
# A number in YAML (`range: 3`, or `range: -3`, which YAML reads as the integer -3 and R42
# as "-Y") or text in the chapter's notation ("2-4", "=2"; "!1" and ">2" must be quoted).
Spec = Annotated[str, Field(max_length=200)] | Annotated[int, Field(ge=-999, le=999)]


class Entry(ZModel):
    """The head every document has: kind, optional ruleset, name, id, description."""

    ruleset: str | None = None
    name: Annotated[str, Field(min_length=1, max_length=120)]
    id: Id | None = None
    description: str | None = None


__all__ = ["Element", "Entry", "Spec", "Text"]
