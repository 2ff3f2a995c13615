"""The exported JSON Schemas agree with `zodiac validate` (issue 14, item 9).

A real validator (`jsonschema`, the draft the schemas declare) runs over every example
document of every rule set, over hand-written documents in every short form and spelling
the models read (`tests/data/schema_agreement/<rule set>/valid/`) and over documents
with one structural error each (`.../invalid/`: wrong type, unknown key, bad enum value,
missing required key). For each, the schema and the model must say the same: valid for
both, or invalid for both. Every `examples` entry of every schema must pass its schema.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

from builder import rulesets
from builder.io.project import load_config, validate_document
from builder.io.yaml import Document, load_file
from builder.models.base import norm_key
from builder.models.schema_forms import OTHER_CASES, spelling_pattern
from builder.problems import Severity
from builder.schemas import render_schemas, schema_path
from tests.conftest import REPO

DATA = REPO / "tests" / "data" / "schema_agreement"
SCHEMAS: dict[str, dict[str, Any]] = {k: json.loads(v) for k, v in render_schemas().items()}


def _schema_errors(schema: dict[str, Any], data: Any) -> list[str]:
    validator = jsonschema.validators.validator_for(schema)(schema)
    return [f"{list(e.absolute_path)}: {e.message[:200]}" for e in validator.iter_errors(data)]


def _model_errors(doc: Document, ruleset: str, kind: str, tmp: Path) -> list[str]:
    """What `zodiac validate` says of one document: its model, or zodiac.yaml's loader."""
    if kind == "project":
        (tmp / "zodiac.yaml").write_text(_source(doc), encoding="utf-8")
        _config, diags = load_config(tmp)
    else:
        _entity, diags = validate_document(doc, ruleset)
    return [f"{d.code} {d.message}" for d in diags if d.severity is Severity.ERROR]


def _source(doc: Document) -> str:
    """One document's text (the data files hold one or more, split by `---`)."""
    parts = re.split(r"^---\s*$", doc.path.read_text(encoding="utf-8"), flags=re.M)
    return parts[doc.index]


def _examples() -> Iterator[Any]:
    for ruleset in rulesets.ids():
        root = REPO / "content" / "examples" / rulesets.get(ruleset).example
        for path in sorted(root.rglob("*.yaml")):
            yield pytest.param(ruleset, path, id=f"{ruleset}/{path.relative_to(root)}")


def _cases() -> Iterator[Any]:
    for path in sorted(DATA.glob("*/*/*.yaml")):
        ruleset, expected = path.parent.parent.name, path.parent.name
        for doc in load_file(path).documents:
            rel = path.relative_to(DATA)
            yield pytest.param(ruleset, expected == "valid", doc, id=f"{rel}#{doc.index}")


@pytest.mark.parametrize(("ruleset", "path"), list(_examples()))
def test_example_documents_pass_their_schema(ruleset: str, path: Path, tmp_path: Path) -> None:
    loaded = load_file(path)
    assert loaded.documents and not loaded.problems
    for doc in loaded.documents:
        kind = "project" if path.name == "zodiac.yaml" else doc.data["kind"]
        schema = SCHEMAS[schema_path(kind, ruleset)]
        model, by_schema = (
            _model_errors(doc, ruleset, kind, tmp_path),
            _schema_errors(schema, doc.data),
        )
        assert not model and not by_schema, f"document {doc.index}: {model or by_schema}"


@pytest.mark.parametrize(("ruleset", "valid", "doc"), list(_cases()))
def test_schema_and_validate_agree(
    ruleset: str, valid: bool, doc: Document, tmp_path: Path
) -> None:
    kind = doc.path.stem  # the file names the kind: a broken `kind:` must not pick the schema
    schema = SCHEMAS[schema_path(kind, ruleset)]
    model, by_schema = _model_errors(doc, ruleset, kind, tmp_path), _schema_errors(schema, doc.data)
    assert (not model) is valid, f"validate: {model or 'valid'}"
    assert (not by_schema) is valid, f"schema: {by_schema or 'valid'}"


def test_the_data_covers_every_rule_set() -> None:
    cases = {(p.parent.parent.name, p.parent.name) for p in DATA.glob("*/*/*.yaml")}
    assert cases == {(r, v) for r in rulesets.ids() for v in ("valid", "invalid")}


def _with_examples(node: Any, where: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    if isinstance(node, dict):
        if isinstance(node.get("examples"), list):
            yield where, node
        for key, value in node.items():
            yield from _with_examples(value, f"{where}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _with_examples(value, f"{where}/{i}")


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_schema_examples_pass_their_schema(name: str) -> None:
    schema = SCHEMAS[name]
    jsonschema.validators.validator_for(schema).check_schema(schema)
    bad = []
    for where, node in _with_examples(schema):
        sub = {k: v for k, v in node.items() if k != "examples"}
        sub["$schema"] = schema["$schema"]
        sub["$defs"] = schema.get("$defs", {})
        for example in node["examples"]:
            bad += [f"{where}: {example!r}: {e}" for e in _schema_errors(sub, example)]
    assert not bad, bad


def test_the_default_rule_sets_schemas_have_examples() -> None:
    for kind in rulesets.get(rulesets.DEFAULT).models:
        assert len(list(_with_examples(SCHEMAS[schema_path(kind)]))) > 3, kind


# --------------------------------------------------------------- spellings (norm_key)

_VALUES = ["keen_edge", "drain", "d8", "status_immunity_all"]


@given(st.text(alphabet="keKdrainD8_- \t\n\x1c\x85\u2003\u212a\u0130statuymol", max_size=24))
def test_spelling_pattern_matches_exactly_what_norm_key_reads(text: str) -> None:
    pattern = spelling_pattern(_VALUES)
    assert (re.search(pattern, text) is not None) is (norm_key(text) in _VALUES), text


@pytest.mark.parametrize(
    ("text", "ok"),
    [("Keen Edge", True), ("-keen--edge_ ", True), ("\u212aEEN EDGE", True), ("keenedge", False)],
)
def test_spelling_pattern_examples(text: str, ok: bool) -> None:
    assert (re.search(spelling_pattern(_VALUES), text) is not None) is ok
    assert (norm_key(text) in _VALUES) is ok


def test_other_cases_table_is_complete() -> None:
    """Every character whose lower case is an ASCII letter, besides that letter's own two."""
    found: dict[str, str] = {}
    for code in range(sys.maxunicode + 1):
        ch = chr(code)
        low = ch.lower()
        if len(low) == 1 and "a" <= low <= "z" and ch not in (low, low.upper()):
            found[low] = found.get(low, "") + ch
    assert found == OTHER_CASES


@pytest.mark.parametrize("written", ["none", "None", None])
def test_draw_out_mp_attack_none_is_non_elemental(written: str | None) -> None:
    """`{mp_attack: none}` is what the schema always described: a non-elemental attack
    ("any element, or non-elemental", Ch. V Draw Out; MP Attack is a Magical Attack)."""
    from builder.rulesets.zodiac.models.equipment import DrawOut

    for prop in ("mp_attack", "magical_attack"):
        assert DrawOut.model_validate({prop: written}).param is None
    assert DrawOut.model_validate({"mp_attack": "Fire"}).param == "fire"
