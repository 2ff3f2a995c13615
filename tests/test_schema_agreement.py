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
from builder.models.base import norm_id, norm_key
from builder.models.schema_forms import (
    ID_OTHER_CASES,
    OTHER_CASES,
    OTHER_UPPER_CASES,
    id_spelling_pattern,
    spelling_pattern,
    text_spelling_pattern,
)
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


# ------------------------------------------- closed vocabularies (issue #27)
#
# A vocabulary the model reads as text and a coded check closes (so the diagnostic keeps
# its code and cites the book) is closed in the schema too (`schema_forms.Closed`). For
# each, in a copy of the rule set's example project: a wrong value is refused by the
# schema and by `zodiac validate` (with the check's code), and an odd spelling of a right
# value is taken by both.

# (rule set, example file, document, key path, wrong value, code, another spelling)
CLOSED: list[tuple[str, str, int, tuple[str | int, ...], Any, str, Any]] = [
    ("99-towers", "combatants/jimmy.yaml", 0, ("size",), "enormous", "NT110", " MEDIUM "),
    ("99-towers", "combatants/revenant.yaml", 0, ("size",), "big", "NT110", "Large"),
    ("99-towers", "combatants/berhardt.yaml", 0, ("immunities", 0), "lava", "NT112", "FIRE"),
    ("99-towers", "combatants/berhardt.yaml", 0, ("susceptibilities", 0), "mud", "NT112", "Cold"),
    ("99-towers", "combatants/rusty.yaml", 0, ("companion_type",), "dragon", "NT119", "Animal"),
    (
        "99-towers",
        "combatants/revenant.yaml",
        0,
        ("tactics", 0, "shift_with"),
        "moonwalk",
        "NT117",
        "Power Attack!",
    ),
    ("99-towers", "weapons/ours.yaml", 4, ("damage_type",), "lava", "NT103", "-Fire-"),
    ("16-bit-tactics", "characters/bram.yaml", 0, ("skills", "agility"), "d4", "BT101", "D6"),
    ("16-bit-tactics", "characters/bram.yaml", 0, ("skills", "might"), "d20", "BT101", " d10"),
    ("turns-and-actions", "monsters.yaml", 0, ("intelligence",), "genius", "TA133", " DRONE "),
    ("turns-and-actions", "players.yaml", 0, ("element",), "ice", "TA132", "Water "),
    ("turns-and-actions", "weapons.yaml", 0, ("weight_class",), "XL", "TA120", " m "),
    ("turns-and-actions", "weapons.yaml", 0, ("element",), "ice", "TA121", "WATER"),
    ("turns-and-actions", "abilities.yaml", 0, ("element",), "ice", "TA113", "wAter"),
    ("zodiac", "characters/amos.yaml", 0, ("command_skill",), "pickpocket", "ZC120", "Steal!"),
    ("zodiac", "characters/amos.yaml", 0, ("support_skill",), "steal", "ZC121", "TOUGHNESS"),
    ("zodiac", "jobs/thief.yaml", 0, ("command_skill",), "pickpocket", "ZJ105", " STEAL"),
    ("zodiac", "jobs/thief.yaml", 0, ("support_skill",), "haste", "ZJ105", "Quick!ness"),
    (
        "zodiac",
        "characters/rook.yaml",
        0,
        ("counter",),
        {"type": "weapon", "method": "command_skill", "command_skill": "chakra"},
        "ZC168",
        {"type": "weapon", "method": "command_skill", "command_skill": "Coin Toss"},
    ),
]


def _example_copy(ruleset: str, tmp: Path) -> Path:
    import shutil

    root = tmp / "project"
    shutil.copytree(REPO / "content" / "examples" / rulesets.get(ruleset).example, root)
    return root


def _with_value(path: Path, index: int, keys: tuple[str | int, ...], value: Any) -> Any:
    """Rewrite ``path`` (as JSON documents, which YAML reads) with one value changed."""
    docs = [d.data for d in load_file(path).documents]
    node = docs[index]
    for key in keys[:-1]:
        node = node[key]
    node[keys[-1]] = value
    path.write_text("\n---\n".join(json.dumps(d) for d in docs) + "\n", encoding="utf-8")
    return docs[index]


def _validate_errors(path: Path) -> list[str]:
    """What `zodiac validate FILE` says of one file of its project: its errors' codes."""
    from builder.workspace import open_workspace

    report = open_workspace([path]).report
    return [d.code for d in report.diagnostics if d.severity is Severity.ERROR]


@pytest.mark.parametrize(
    ("ruleset", "rel", "index", "keys", "wrong", "code", "respelled"),
    [pytest.param(*c, id=f"{c[0]}/{c[1]}:{'.'.join(map(str, c[3]))}") for c in CLOSED],
)
def test_closed_vocabularies_agree(
    ruleset: str,
    rel: str,
    index: int,
    keys: tuple[str | int, ...],
    wrong: Any,
    code: str,
    respelled: Any,
    tmp_path: Path,
) -> None:
    path = _example_copy(ruleset, tmp_path) / rel
    data = _with_value(path, index, keys, wrong)
    schema = SCHEMAS[schema_path(data["kind"], ruleset)]
    by_schema = _schema_errors(schema, data)
    assert by_schema, f"the schema takes {wrong!r} at {keys}"
    assert any(e.startswith(f"{list(keys)}") for e in by_schema), by_schema
    assert code in _validate_errors(path)

    data = _with_value(path, index, keys, respelled)
    assert _schema_errors(schema, data) == []
    assert _validate_errors(path) == []


def test_closed_lists_match_the_books_tables() -> None:
    """Where a model cannot import the list its check reads (rules sit above models)."""
    from builder.rulesets.bit16.models.common import SKILL_DICE_SCHEMA
    from builder.rulesets.bit16.rules.tables import SKILL_DICE
    from builder.rulesets.zodiac.models.character import _COUNTER_FORBIDDEN
    from builder.rulesets.zodiac.rules.skills import COUNTER_FORBIDDEN_COMMANDS

    assert SKILL_DICE_SCHEMA == SKILL_DICE
    assert set(_COUNTER_FORBIDDEN) == COUNTER_FORBIDDEN_COMMANDS


# ------------------------------------ every example and `init` file names its schema

SCHEMA_LINE = re.compile(r"\A# yaml-language-server: \$schema=(\S+)\n")


def _named_schema(path: Path) -> Path:
    """The schema a file's first line names, resolved from the file's folder."""
    found = SCHEMA_LINE.match(path.read_text(encoding="utf-8"))
    assert found, f"{path}: no `# yaml-language-server: $schema=...` first line"
    return (path.parent / found.group(1)).resolve()


def _kind_of(path: Path) -> str:
    if path.name == "zodiac.yaml":
        return "project"
    (kind,) = {d.data["kind"] for d in load_file(path).documents}
    return str(kind)


@pytest.mark.parametrize("ruleset", rulesets.ids())
def test_every_example_file_names_its_kinds_schema(ruleset: str) -> None:
    root = REPO / "content" / "examples" / rulesets.get(ruleset).example
    files = sorted(root.rglob("*.yaml"))
    assert files
    for path in files:
        wanted = REPO / "schemas" / schema_path(_kind_of(path), ruleset)
        assert _named_schema(path) == wanted.resolve(), path


@pytest.mark.parametrize("ruleset", rulesets.ids())
def test_init_files_name_their_schema_and_both_accept_them(ruleset: str, tmp_path: Path) -> None:
    from builder.scaffold import init_project

    written = init_project(tmp_path, author="Ada", paper="a4", ruleset=ruleset)
    files = sorted(p for p in written if p.suffix == ".yaml")
    assert files
    for path in files:
        named = _named_schema(path)
        assert (
            named
            == (tmp_path / "schemas" / schema_path(_kind_of(path), rulesets.DEFAULT)).resolve()
        )
        schema = json.loads(named.read_text(encoding="utf-8"))
        for doc in load_file(path).documents:
            assert _schema_errors(schema, doc.data) == [], (path, doc.index)
        assert _validate_errors(path) == [], path


# ------------------------------------ spellings of ids (norm_id) and of plain words

_IDS = ["coin-toss", "x-magic", "steal", "d8"]


@given(
    st.text(alphabet="coinCOIN tsxmagXMAGl!.'_- \t\u0130\u0307\u212a\u00e9d8\u0663", max_size=20)
)
def test_id_spelling_pattern_matches_exactly_what_norm_id_reads(text: str) -> None:
    pattern = id_spelling_pattern(_IDS)
    assert (re.search(pattern, text) is not None) is (norm_id(text) in _IDS), text


@pytest.mark.parametrize(
    ("text", "ok"),
    [
        ("Coin Toss", True),
        ("  coin__toss! ", True),
        ("C.O.I.N-toss", True),
        ("X-Magic", True),
        ("M\u0130M\u0130C", True),  # U+0130 lowers to "i" and a dot that norm_id deletes
        ("St\u0130eal", False),
        ("cointoss", False),
        ("co in", False),
    ],
)
def test_id_spelling_pattern_examples(text: str, ok: bool) -> None:
    values = [*_IDS, "mimic"]
    assert (re.search(id_spelling_pattern(values), text) is not None) is ok
    assert (norm_id(text) in values) is ok


@given(st.text(alphabet="vlmhVLMHfirFIR \t\n_-\u0131\u017f\u212a", max_size=8), st.booleans())
def test_text_spelling_pattern_matches_strip_and_case(text: str, upper: bool) -> None:
    values = ["VL", "L", "M", "H", "VH"] if upper else ["fire", "wind"]
    pattern = text_spelling_pattern(values, upper=upper)
    read = text.strip().upper() if upper else text.strip().lower()
    assert (re.search(pattern, text) is not None) is (read in values), text


def test_other_case_tables_for_upper_and_ids_are_complete() -> None:
    """Characters whose upper case is an ASCII letter besides its own two; and characters
    whose lower case is an ASCII letter followed by what `norm_id` deletes (U+0130)."""
    upper: dict[str, str] = {}
    ids: dict[str, str] = {}
    for code in range(sys.maxunicode + 1):
        ch = chr(code)
        up, low = ch.upper(), ch.lower()
        if len(up) == 1 and "A" <= up <= "Z" and ch not in (up, up.lower()):
            upper[up.lower()] = upper.get(up.lower(), "") + ch
        if len(low) > 1 and "a" <= low[0] <= "z" and not re.search(r"[\w\s-]", low[1:]):
            ids[low[0]] = ids.get(low[0], "") + ch
    assert upper == OTHER_UPPER_CASES
    assert ids == ID_OTHER_CASES
