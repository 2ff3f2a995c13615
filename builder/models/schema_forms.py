"""JSON Schema for the models' lax spots: every spelling a validator reads, said beside it.

The models read ``Power Attack`` as ``power_attack`` (``norm_key``), ``keen_edge`` as
``{id: keen_edge}`` and ``{elemental: wind}`` as ``{id: elemental, param: wind}``. The
exported schemas (``zodiac schema export``) must accept every document ``zodiac validate``
accepts, and editors must still offer the canonical ids, so each helper here is the
schema half of one such validator and is attached next to it (an ``Annotated`` marker or
a model's ``__get_pydantic_json_schema__``), never patched into the output afterwards.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import GetJsonSchemaHandler
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema

# ``norm_key`` turns runs of these into one ``_`` and trims them at both ends.
SEP = r"[\s_-]"
# Characters besides the ASCII letter itself whose ``str.lower()`` is that letter
# (tests/test_schema_agreement.py scans Unicode to keep this complete).
OTHER_CASES: dict[str, str] = {"k": "\u212a"}  # KELVIN SIGN
# The same for ``str.upper()``: characters besides the letter's own two that upper to it.
OTHER_UPPER_CASES: dict[str, str] = {"i": "\u0131", "s": "\u017f"}  # DOTLESS I, LONG S
# ``norm_id`` deletes, after lowering, what is neither a word character, whitespace nor
# ``-``; the one character whose lower case is a letter and such a character (U+0307):
ID_OTHER_CASES: dict[str, str] = {"i": "\u0130"}  # LATIN CAPITAL LETTER I WITH DOT ABOVE
_ID_JUNK = r"[^\w\s-]"
_ID_CANONICAL = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
NULL: dict[str, Any] = {"type": "null"}
_CANONICAL = re.compile(r"^[a-z0-9_]+$")
_ANNOTATIONS = ("title", "description", "default", "examples")


def _char(ch: str, others: Mapping[str, str] = OTHER_CASES) -> str:
    if "a" <= ch <= "z":
        return f"[{ch}{ch.upper()}{others.get(ch, '')}]"
    return ch  # digits: plain in both Python and ECMA-262 regexes


def spelling_pattern(
    values: Iterable[str], *, inner: str = SEP + "+", ends: str = SEP + "*"
) -> str:
    """A regex matching every text that normalises to one of ``values``.

    ``inner`` is what may stand for each ``_`` and ``ends`` what may pad both ends;
    the defaults mirror ``norm_key`` (any case, runs of space / ``-`` / ``_``). The
    syntax is the common part of Python's ``re`` and ECMA-262, so editors read it too.
    """
    words = []
    for value in values:
        if not _CANONICAL.match(value):
            raise ValueError(f"not a canonical snake_case value: {value!r}")
        words.append("".join(inner if c == "_" else _char(c) for c in value))
    return f"^{ends}(?:{'|'.join(words)}){ends}$"


def id_spelling_pattern(values: Iterable[str]) -> str:
    """A regex matching every text ``norm_id`` reads as one of ``values`` (kebab-case ids).

    ``norm_id`` lowers, deletes what is neither a word character, whitespace nor ``-``
    (``Steal!`` is ``steal``), then joins runs of space / ``-`` / ``_`` into one ``-`` and
    trims them. ``\\w`` is Unicode in Python and ASCII in ECMA-262, so an editor also
    takes a few texts ``zodiac validate`` refuses (``stéal``), never the reverse.
    """
    words = []
    for value in values:
        if not _ID_CANONICAL.match(value):
            raise ValueError(f"not a canonical kebab-case id: {value!r}")
        parts = []
        for part in value.split("-"):
            chars = [_char(c, {**OTHER_CASES, **ID_OTHER_CASES}) for c in part]
            parts.append(f"{_ID_JUNK}*".join(chars))
        # between two words: at least one separator, deleted characters anywhere
        words.append(f"{_ID_JUNK}*[\\s_-][\\W_]*".join(parts))
    return f"^[\\W_]*(?:{'|'.join(words)})[\\W_]*$"


def text_spelling_pattern(values: Iterable[str], *, upper: bool = False) -> str:
    """A regex matching every text that ``.strip().lower()`` (or ``.upper()``) reads as one
    of ``values``: any case, whitespace at both ends, nothing normalised inside."""
    others = OTHER_UPPER_CASES if upper else OTHER_CASES
    words = []
    for value in values:
        low = value.lower()
        if not re.match(r"^[a-z0-9]+$", low):
            raise ValueError(f"not a plain word: {value!r}")
        words.append("".join(_char(c, others) for c in low))
    return f"^\\s*(?:{'|'.join(words)})\\s*$"


def loose_enum(
    values: Iterable[str],
    *,
    aliases: Iterable[str] = (),
    inner: str = SEP + "+",
    ends: str = SEP + "*",
) -> dict[str, Any]:
    """The canonical values (editors complete them) or any spelling of them or an alias."""
    canon = list(dict.fromkeys(values))
    return {
        "anyOf": [
            {"type": "string", "enum": canon},
            {
                "type": "string",
                "pattern": spelling_pattern([*canon, *aliases], inner=inner, ends=ends),
            },
        ]
    }


@dataclass(frozen=True)
class Spellings:
    """``Annotated`` marker: the schema also takes every spelling the before-validator reads.

    Put it beside the validator that normalises (``EnumIn``, a strip-and-lower): the
    field's enum (or ``Literal``) stays for completion, a pattern accepts the rest.
    """

    inner: str = SEP + "+"
    ends: str = SEP + "*"
    aliases: tuple[str, ...] = ()

    def __get_pydantic_json_schema__(
        self, core_schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        schema = handler(core_schema)
        target = handler.resolve_ref_schema(schema)
        values = target.get("enum", [target["const"]] if "const" in target else [])
        if not values or not all(isinstance(v, str) for v in values):
            return schema  # free text (``Key``): every string is already allowed
        pattern = spelling_pattern([*values, *self.aliases], inner=self.inner, ends=self.ends)
        # "type" on top: pydantic then keeps this as a mapping's `propertyNames`
        return {"type": "string", "anyOf": [schema, {"pattern": pattern}]}


@dataclass(frozen=True)
class Closed:
    """``Annotated`` marker: a vocabulary the model reads as text but a coded check closes.

    The check, not pydantic, refuses a value outside the book's list, so the diagnostic
    keeps its code and cites the rule; the schema says the same list as an ``enum``
    (editors complete it) or any spelling of it that ``read`` accepts (a ``pattern``):
    ``key`` as ``norm_key`` (``EnumIn``), ``id`` as ``norm_id`` (``Id``), ``lower`` /
    ``upper`` as ``.strip().lower()`` / ``.strip().upper()``. ``values`` may be a function,
    called when the schema is made, for a list read from the shipped catalogues.
    """

    values: tuple[str, ...] | Callable[[], Iterable[str]]
    read: Literal["key", "id", "lower", "upper"] = "key"
    aliases: tuple[str, ...] = ()

    def vocabulary(self) -> list[str]:
        """The canonical values, in order."""
        values = self.values() if callable(self.values) else self.values
        return list(dict.fromkeys(str(v) for v in values))

    def pattern(self) -> str:
        """Every spelling of a value or an alias that the model's reading accepts."""
        words = [*self.vocabulary(), *self.aliases]
        if self.read == "id":
            return id_spelling_pattern(words)
        if self.read in ("lower", "upper"):
            return text_spelling_pattern(words, upper=self.read == "upper")
        return spelling_pattern(words)

    def __get_pydantic_json_schema__(
        self, core_schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        inner = handler(core_schema)  # a free string, or an enum's $ref (narrowed here)
        lengths = {k: v for k, v in inner.items() if k in ("minLength", "maxLength")}
        return {
            "type": "string",
            **lengths,
            "anyOf": [{"enum": self.vocabulary()}, {"pattern": self.pattern()}],
        }


def short_forms(
    full: JsonSchemaValue,
    params: Mapping[str, JsonSchemaValue | None],
    *,
    optional: Iterable[str] = (),
    key: str = "id",
    param: str,
    title: str,
    description: str,
) -> JsonSchemaValue:
    """A list item written as a bare id, a one-key mapping ``{id: parameter}`` or in full.

    ``params`` maps each id to its parameter's schema, or None when it takes none;
    ids in ``optional`` may leave theirs out. ``full`` is the model's own mapping
    (``{key: ..., param: ...}``), read when ``key`` is present; its ``param`` takes any
    id's parameter (which one fits its id is left to the model's message).
    """
    opt = set(optional)
    unique = {json.dumps(p, sort_keys=True): p for p in params.values() if p is not None}
    described = {k: v for k, v in full["properties"][param].items() if k in _ANNOTATIONS}
    full = {
        **full,
        "properties": {
            **full["properties"],
            param: {**described, "anyOf": [NULL, *unique.values()]},
        },
    }
    bare = [i for i, p in params.items() if p is None or i in opt]

    def value(i: str) -> JsonSchemaValue:
        p = params[i]
        if p is None:
            return NULL
        return {"anyOf": [NULL, p]} if i in opt else p

    one_key = {
        "type": "object",
        "minProperties": 1,
        "maxProperties": 1,
        "propertyNames": {"not": {"const": key}},
        "properties": {i: value(i) for i in params},
        "patternProperties": {spelling_pattern([i]): value(i) for i in params},
        "additionalProperties": False,
    }
    return {
        "title": title,
        "description": description,
        "anyOf": [loose_enum(bare), one_key, full],
    }


def model_object(handler: GetJsonSchemaHandler, core_schema: CoreSchema) -> JsonSchemaValue:
    """The model's plain mapping schema, inlined (for wrapping into ``short_forms``)."""
    return dict(handler.resolve_ref_schema(handler(core_schema)))


def or_bare_id(handler: GetJsonSchemaHandler, core_schema: CoreSchema) -> JsonSchemaValue:
    """A model a before-validator also reads from a bare id (``- potion``)."""
    return {"anyOf": [{"type": "string"}, handler(core_schema)]}


def keys_any_case(
    handler: GetJsonSchemaHandler, schema: JsonSchemaValue, names: Iterable[str]
) -> JsonSchemaValue:
    """A model whose before-validator lowers these keys (``STR:`` reads as ``str:``)."""
    target = handler.resolve_ref_schema(schema)
    props = target.get("properties", {})
    extra = target.setdefault("patternProperties", {})
    for name in names:
        extra[spelling_pattern([name], ends="")] = props[name]
    return schema
