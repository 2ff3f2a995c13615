"""The content reference (issue 25): every field of every kind, read from the models.

For each rule set, one Markdown page: each kind's fields (the key a file writes, its type,
default, allowed values and description), the models nested in them, and the
``house_rules`` of ``zodiac.yaml`` with what each changes. Nothing is written twice: the
table is the pydantic model, so a field added to a model is on the page at the next
build (``tests/test_reference.py`` checks every field of every kind is shown).
"""

from __future__ import annotations

import enum
import types
import typing
from dataclasses import dataclass
from typing import Any

from annotated_types import Ge, Gt, Le, Lt, MaxLen, MinLen
from pydantic import BaseModel
from pydantic.fields import FieldInfo
from pydantic_core import PydanticUndefined

from builder.models.schema_forms import Closed
from builder.rulesets import RuleSet, resolve


@dataclass(frozen=True)
class FieldRow:
    """One row of a kind's table: the key as a file writes it, and what it takes."""

    key: str
    type: str
    required: bool
    default: str
    allowed: str
    description: str


def _strip(annotation: Any) -> tuple[Any, list[Any]]:
    """The annotation under ``Annotated[...]`` layers, and their metadata."""
    meta: list[Any] = []
    while typing.get_origin(annotation) is typing.Annotated:
        meta += list(annotation.__metadata__)
        annotation = annotation.__origin__
    return annotation, meta


def _is_model(t: Any) -> bool:
    return isinstance(t, type) and issubclass(t, BaseModel)


def type_name(annotation: Any) -> str:
    """A reader's name for a type: ``whole number``, ``list of Tactic``, ``text or none``."""
    annotation, _ = _strip(annotation)
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin in (typing.Union, types.UnionType):
        return " or ".join(dict.fromkeys(type_name(a) for a in args))
    if origin is typing.Literal:
        return "one of " + ", ".join(f"`{a}`" for a in args)
    if origin in (list, tuple, set, frozenset):
        inner = " or ".join(dict.fromkeys(type_name(a) for a in args if a is not Ellipsis))
        return f"list of {inner or 'values'}"
    if origin is dict:
        return f"mapping of {type_name(args[0])} to {type_name(args[1])}" if args else "mapping"
    if annotation is type(None):
        return "none"
    if _is_model(annotation):
        return f"[{annotation.__name__}](#{annotation.__name__.lower()})"
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return "text (a choice)"
    names = {str: "text", int: "whole number", float: "number", bool: "true or false"}
    return names.get(annotation, getattr(annotation, "__name__", str(annotation)))


def _choices(annotation: Any, meta: list[Any]) -> list[str]:
    """The values a field takes when it is a closed list: Closed, an Enum or a Literal."""
    for m in meta:
        if isinstance(m, Closed):
            return m.vocabulary()
    inner, more = _strip(annotation)
    for m in more:
        if isinstance(m, Closed):
            return m.vocabulary()
    origin = typing.get_origin(inner)
    if origin is typing.Literal:
        return [str(a) for a in typing.get_args(inner)]
    if isinstance(inner, type) and issubclass(inner, enum.Enum):
        return [str(e.value) for e in inner]
    if origin in (typing.Union, types.UnionType, list, tuple, set, frozenset):
        found: list[str] = []
        for a in typing.get_args(inner):
            found += [c for c in _choices(a, []) if c not in found]
        return found
    return []


def _bounds(meta: list[Any]) -> str:
    low = high = None
    length: list[str] = []
    for m in meta:
        if isinstance(m, Ge):
            low = f"{m.ge}"
        elif isinstance(m, Gt):
            low = f"more than {m.gt}"
        elif isinstance(m, Le):
            high = f"{m.le}"
        elif isinstance(m, Lt):
            high = f"less than {m.lt}"
        elif isinstance(m, MaxLen):
            length.append(f"at most {m.max_length} long")
        elif isinstance(m, MinLen) and m.min_length:
            length.append(f"at least {m.min_length} long")
    if low is not None and high is not None:
        return f"{low} to {high}"
    if low is not None:
        return f"{low} or more" if not low.startswith("more") else low
    if high is not None:
        return f"up to {high}" if not high.startswith("less") else high
    return ", ".join(length)


def _default(info: FieldInfo) -> str:
    if info.default_factory is not None:
        try:
            value = info.default_factory()  # type: ignore[call-arg]
        except TypeError:
            return "(computed)"
        return "none" if value in ([], {}, ()) else f"`{value}`"
    if info.default is PydanticUndefined:
        return ""
    if info.default is None:
        return "none"
    value = info.default.value if isinstance(info.default, enum.Enum) else info.default
    if isinstance(value, BaseModel):
        return "(its defaults)"
    if isinstance(value, bool):
        return "`true`" if value else "`false`"
    return f"`{value}`"


def _cell(text: str) -> str:
    """One table cell: on one line, with ``|`` and HTML's ``<`` ``>`` shown as written."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return " ".join(text.replace("|", "\\|").split())


def field_rows(model: type[BaseModel]) -> list[FieldRow]:
    """The rows of one model's table, in the model's field order."""
    rows = []
    for name, info in model.model_fields.items():
        annotation, meta = info.annotation, list(info.metadata)
        _, more = _strip(annotation)
        choices = _choices(annotation, meta)
        shown = ", ".join(f"`{c}`" for c in choices[:40])
        if len(choices) > 40:
            shown += f" and {len(choices) - 40} more"
        allowed = shown or _bounds(meta + more)
        rows.append(
            FieldRow(
                key=info.alias or name,
                type=type_name(annotation),
                required=info.is_required(),
                default=_default(info),
                allowed=allowed,
                description=info.description or "",
            )
        )
    return rows


def nested_models(model: type[BaseModel]) -> list[type[BaseModel]]:
    """The models a model's fields hold, any depth, each once, in the order first met."""
    seen: list[type[BaseModel]] = []

    def visit(annotation: Any) -> None:
        inner, _ = _strip(annotation)
        if _is_model(inner):
            if inner not in seen and inner is not model:
                seen.append(inner)
                for info in inner.model_fields.values():
                    visit(info.annotation)
            return
        for arg in typing.get_args(inner):
            visit(arg)

    for info in model.model_fields.values():
        visit(info.annotation)
    return seen


def _table(model: type[BaseModel]) -> list[str]:
    lines = [
        "| key | type | default | allowed values | description |",
        "| --- | --- | --- | --- | --- |",
    ]
    for row in field_rows(model):
        default = "required" if row.required else row.default
        lines.append(
            f"| `{row.key}` | {_cell(row.type)} | {_cell(default)} | {_cell(row.allowed)} "
            f"| {_cell(row.description)} |"
        )
    return lines


def _doc(model: type[BaseModel]) -> str:
    return " ".join((model.__doc__ or "").strip().split("\n\n")[0].split())


def reference_page(rule_set: RuleSet) -> str:
    """The Markdown page of one rule set's content: each kind, then its house rules."""
    lines = [f"# Content reference: {rule_set.title}", ""]
    lines += [
        f"Every kind a `{rule_set.id}` project's files hold, read from the builder's models. "
        "A document starts with `kind:`; a key the table does not list is an error (ZS102).",
        "",
    ]
    written: set[type[BaseModel]] = set()
    for kind in rule_set.kinds:
        model = rule_set.model_for(kind)
        lines += [f"## {kind}", ""]
        if _doc(model):
            lines += [_cell(_doc(model)), ""]
        lines += [*_table(model), ""]
        written.add(model)
        for inner in nested_models(model):
            if inner in written:
                continue
            written.add(inner)
            lines += [f"### {inner.__name__}", ""]
            if _doc(inner):
                lines += [_cell(_doc(inner)), ""]
            lines += [*_table(inner), ""]
    if rule_set.house_rules_model:
        house = resolve(rule_set.house_rules_model)
        lines += ["## house_rules", ""]
        lines += [
            "The `house_rules:` mapping of `zodiac.yaml`: each switch and what it changes "
            "(`zodiac rules rulings` lists the rulings they select).",
            "",
            *_table(house),
            "",
        ]
        for inner in nested_models(house):
            if inner not in written:
                written.add(inner)
                lines += [f"### {inner.__name__}", "", *_table(inner), ""]
        if rule_set.optional_rules:
            lines += ["The book's optional rules:", ""]
            lines += ["| switch | default | rule | what it changes |", "| --- | --- | --- | --- |"]
            for o in rule_set.optional_rules:
                lines.append(
                    f"| {_cell(o.switch or '(at the table)')} | {_cell(o.default or '')} "
                    f"| {_cell(o.name)} ({_cell(o.source)}) | {_cell(o.changes)} |"
                )
            lines.append("")
    return "\n".join(lines).rstrip("\n") + "\n"
