"""The content reference (issue 25): every field of every kind, read from the models.

For each rule set, one Markdown page: each kind's fields (the key a file writes, its type,
default, allowed values and description), the models nested in them, and the
``house_rules`` of ``zodiac.yaml`` with what each changes. Nothing is written twice: the
table is the pydantic model, so a field added to a model is on the page at the next
build (``tests/test_reference.py`` checks every field of every kind is shown).

Every row has an example: the first value the rule set's example project
(``content/examples/<id>/``) writes for that key, else the field's own ``examples=``, its
default, or its first allowed value, so the page shows how a real file writes it.
"""

from __future__ import annotations

import enum
import math
import re
import types
import typing
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from annotated_types import Ge, Gt, Le, Lt, MaxLen, MinLen
from pydantic import BaseModel
from pydantic.fields import FieldInfo
from pydantic_core import PydanticUndefined
from ruamel.yaml import YAML

from builder.models.base import norm_id
from builder.models.schema_forms import Closed
from builder.rulesets import RuleSet, resolve

EXAMPLES = Path(__file__).resolve().parent.parent / "content" / "examples"


@dataclass(frozen=True)
class FieldRow:
    """One row of a kind's table: the key as a file writes it, and what it takes."""

    key: str
    type: str
    required: bool
    default: str
    allowed: str
    description: str
    example: str = ""  # a value as a file writes it (``field_rows`` with the examples seen)


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


# ------------------------------------------------------------------ examples

Seen = dict[type[BaseModel], dict[str, Any]]  # model -> key -> first value a file writes


def _models_in(annotation: Any) -> list[type[BaseModel]]:
    """The models a field holds directly, in a list, a mapping's values or a union."""
    inner, _ = _strip(annotation)
    if _is_model(inner):
        return [inner]
    found: list[type[BaseModel]] = []
    for arg in typing.get_args(inner):
        found += [m for m in _models_in(arg) if m not in found]
    return found


def _keys(model: type[BaseModel]) -> set[str]:
    return {info.alias or name for name, info in model.model_fields.items()}


def _collect(model: type[BaseModel], raw: Any, seen: Seen) -> None:
    """Note the first value of each of ``model``'s keys in ``raw``, nested models too."""
    if not isinstance(raw, dict):
        return
    values = seen.setdefault(model, {})
    for name, info in model.model_fields.items():
        key = info.alias or name
        if key not in raw:
            continue
        values.setdefault(key, raw[key])
        models = _models_in(info.annotation)
        if not models:
            continue
        value = raw[key]
        items = value if isinstance(value, list) else [value]
        if isinstance(value, dict) and not any(_keys(m) >= set(value) for m in models):
            items = list(value.values())  # a mapping of names to models
        for item in items:
            if not isinstance(item, dict):
                continue
            # in a union, the models that have every key the item writes
            for m in [m for m in models if _keys(m) >= set(item)] or models[:1]:
                _collect(m, item, seen)


@cache
def _documents(folder: Path) -> tuple[Any, ...]:
    """Every YAML document of an example project, in path order (``zodiac.yaml`` first)."""
    yaml = YAML(typ="safe", pure=True)
    config = folder / "zodiac.yaml"
    paths = [config] if config.is_file() else []
    paths += sorted(
        p
        for p in folder.rglob("*.yaml")
        if p != config and not {"dist", "schemas", ".zodiac"} & set(p.relative_to(folder).parts)
    )
    docs: list[Any] = []
    for path in paths:
        docs += [d for d in yaml.load_all(path.read_text(encoding="utf-8")) if d is not None]
    return tuple(docs)


def example_values(rule_set: RuleSet, folder: Path | None = None) -> Seen:
    """What the rule set's example project writes for each key of each model, its
    ``house_rules`` included (first value met, files in path order)."""
    folder = folder if folder is not None else EXAMPLES / (rule_set.example or rule_set.id)
    seen: Seen = {}
    if not folder.is_dir():
        return seen
    docs = _documents(folder)
    if docs and isinstance(docs[0], dict) and rule_set.house_rules_model:
        _collect(resolve(rule_set.house_rules_model), docs[0].get("house_rules"), seen)
    kinds = set(rule_set.kinds)
    for doc in docs:
        if isinstance(doc, dict) and doc.get("kind") in kinds:
            _collect(rule_set.model_for(doc["kind"]), doc, seen)
    # keys a file may leave out because they follow from others: what they would be
    for model, values in seen.items():
        keys = _keys(model)
        if "id" in keys and "id" not in values and isinstance(values.get("name"), str):
            values["id"] = norm_id(values["name"])  # an entry's id is its name's
        if "ruleset" in keys and "ruleset" not in values:
            values["ruleset"] = rule_set.id
    return seen


def _flow(value: Any) -> str:
    """A value as YAML writes it on one line: ``12``, ``[fire, ice]``, ``{rank: 2}``."""
    if isinstance(value, enum.Enum):
        value = value.value
    if isinstance(value, BaseModel):
        value = value.model_dump(mode="json", by_alias=True, exclude_defaults=True)
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, float) and math.isfinite(value) and value == int(value):
        return f"{value:.1f}"
    if isinstance(value, (list, tuple, set, frozenset)):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_flow(k)}: {_flow(v)}" for k, v in value.items()) + "}"
    text = " ".join(str(value).split())
    if isinstance(value, str) and (
        text == ""
        or text[0] in "[]{}&*!|>'\"%@`#,?:-"
        or ": " in text
        or " #" in text
        or text.lower() in {"true", "false", "yes", "no", "on", "off", "null", "~"}
        or re.fullmatch(r"[-+]?(\d[\d_]*)?\.?\d*(e[-+]?\d+)?", text, re.I) is not None
    ):
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return text


def _shorten(text: str, limit: int = 48) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _fallback(info: FieldInfo, choices: list[str], meta: list[Any]) -> Any:
    """An example where no file writes the key: its ``examples=``, default or first choice."""
    if info.examples:
        return info.examples[0]
    if info.default_factory is not None:
        try:
            value = info.default_factory()  # type: ignore[call-arg]
        except TypeError:
            value = None
        if value not in (None, [], {}, ()):
            return value
    elif info.default not in (PydanticUndefined, None, ""):
        return info.default
    if choices:
        return choices[0]
    for m in meta:  # a bounded number: its lowest value
        if isinstance(m, Ge):
            return m.ge
        if isinstance(m, Gt):
            return m.gt + 1 if isinstance(m.gt, int) else m.gt
    return _by_type(info.annotation)


def _by_type(annotation: Any) -> Any:
    """The plainest value of a type, for a field nothing else gives an example of."""
    inner, _ = _strip(annotation)
    origin = typing.get_origin(inner)
    args = [a for a in typing.get_args(inner) if a is not type(None)]
    if origin in (typing.Union, types.UnionType):
        return _by_type(args[0]) if args else None
    if origin is typing.Literal:
        return args[0] if args else None
    if origin in (list, tuple, set, frozenset):
        return [_by_type(args[0])] if args and args[0] is not Ellipsis else []
    if origin is dict or _is_model(inner):
        return {}
    plain = {str: "text", int: 1, float: 1.0, bool: True}
    return plain.get(inner, "text")


def field_rows(model: type[BaseModel], seen: Seen | None = None) -> list[FieldRow]:
    """The rows of one model's table, in the model's field order; each row's example is
    what ``seen`` (:func:`example_values`) holds for the key, else one from the field."""
    written = (seen or {}).get(model, {})
    rows = []
    for name, info in model.model_fields.items():
        annotation, meta = info.annotation, list(info.metadata)
        _, more = _strip(annotation)
        choices = _choices(annotation, meta)
        shown = ", ".join(f"`{c}`" for c in choices[:40])
        if len(choices) > 40:
            shown += f" and {len(choices) - 40} more"
        allowed = shown or _bounds(meta + more)
        key = info.alias or name
        example = written[key] if key in written else _fallback(info, choices, meta + more)
        rows.append(
            FieldRow(
                key=key,
                type=type_name(annotation),
                required=info.is_required(),
                default=_default(info),
                allowed=allowed,
                description=info.description or "",
                example=_shorten(_flow(example)),
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


def _table(model: type[BaseModel], seen: Seen) -> list[str]:
    lines = [
        "| key | type | default | allowed values | description | example |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for row in field_rows(model, seen):
        default = "required" if row.required else row.default
        lines.append(
            f"| `{row.key}` | {_cell(row.type)} | {_cell(default)} | {_cell(row.allowed)} "
            f"| {_cell(row.description)} | {_code(row.example)} |"
        )
    return lines


def _code(text: str) -> str:
    """A table cell in code type: backticks that the text's own backticks cannot end."""
    fence = "``" if "`" in text else "`"
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return _cell(f"{fence}{pad}{text}{pad}{fence}")


def _doc(model: type[BaseModel]) -> str:
    return " ".join((model.__doc__ or "").strip().split("\n\n")[0].split())


def reference_page(rule_set: RuleSet) -> str:
    """The Markdown page of one rule set's content: each kind, then its house rules."""
    seen = example_values(rule_set)
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
        lines += [*_table(model, seen), ""]
        written.add(model)
        for inner in nested_models(model):
            if inner in written:
                continue
            written.add(inner)
            lines += [f"### {inner.__name__}", ""]
            if _doc(inner):
                lines += [_cell(_doc(inner)), ""]
            lines += [*_table(inner, seen), ""]
    if rule_set.house_rules_model:
        house = resolve(rule_set.house_rules_model)
        lines += ["## house_rules", ""]
        lines += [
            "The `house_rules:` mapping of `zodiac.yaml`: each switch and what it changes "
            "(`zodiac rules rulings` lists the rulings they select).",
            "",
            *_table(house, seen),
            "",
        ]
        for inner in nested_models(house):
            if inner not in written:
                written.add(inner)
                lines += [f"### {inner.__name__}", "", *_table(inner, seen), ""]
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
