"""JSON Schemas from the models, so editors autocomplete and underline as users type.

Every spelling a model reads (``Power Attack``, ``- keen_edge``, ``elemental: wind``) is
declared beside its validator (``builder.models.schema_forms``); this module adds only
what the loader, not a model, decides: ``kind:`` (required, read in any case), a
document's ``ruleset:`` (R31), and in ``zodiac.yaml`` the rule set's house rules and books.
``tests/test_schema_agreement.py`` holds the schemas to ``zodiac validate``.

The default rule set's schemas sit at the top of ``schemas/`` (where example files and
new projects point); every other rule set's sit in ``schemas/<rule set id>/``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from builder import __version__, rulesets
from builder.models.schema_forms import loose_enum

SCHEMA_BASE = "https://zodiac-builder.invalid/schemas"  # ids only; editors use the relative file
DRAFT = "https://json-schema.org/draft/2020-12/schema"


def schema_path(kind: str, ruleset: str = rulesets.DEFAULT) -> str:
    """Where the schema of ``kind`` lives under ``schemas/`` (posix, relative)."""
    name = f"{kind}.schema.json"
    return name if ruleset == rulesets.DEFAULT else f"{ruleset}/{name}"


def schema_for(kind: str, ruleset: str = rulesets.DEFAULT) -> dict[str, Any]:
    """The JSON Schema of one kind of document (``project``: ``zodiac.yaml``)."""
    game = rulesets.get(ruleset)
    if kind == "project":
        from builder.models.project import ProjectConfig

        schema = ProjectConfig.model_json_schema(by_alias=True, mode="validation")
        _project_of(schema, game)
    else:
        model = game.model_for(kind)
        schema = model.model_json_schema(by_alias=True, mode="validation")
        _document_of(schema, kind, game.id)
    schema["$schema"] = DRAFT
    schema["$id"] = f"{SCHEMA_BASE}/{schema_path(kind, ruleset)}"
    title = game.title if ruleset != rulesets.DEFAULT else "ZODIAC"
    schema.setdefault("description", f"A {title} `{kind}` document (zodiac-builder {__version__}).")
    return schema


def _document_of(schema: dict[str, Any], kind: str, ruleset: str) -> None:
    """What ``io.project.validate_document`` decides before the model sees the document."""
    props = schema.setdefault("properties", {})
    # `kind:` is required, and read stripped, lower-cased, with `-` or a space for `_`.
    props["kind"] = {
        **{k: v for k, v in props.get("kind", {}).items() if k in ("title", "description")},
        **loose_enum([kind], inner="[-_ ]", ends=r"\s*"),
    }
    props["kind"].setdefault("description", f"Always `{kind}`.")
    required = schema.setdefault("required", [])
    if "kind" not in required:
        required.insert(0, "kind")
    # any document may name its rule set (R31); it must be its project's
    props["ruleset"] = {
        "const": ruleset,
        "title": "Rule set",
        "description": "Optional: the rule set this document is for; must be its project's.",
    }
    # expected values, checked by `zodiac validate` on the computed view (builder.explain)
    props["expect"] = {
        "type": "object",
        "title": "Expected values",
        "description": "Optional: dotted paths of `zodiac show --format json` (derived.hp, "
        "techs.cure.mp_cost) and the values they must have; `zodiac validate` reports "
        "each that differs at its line.",
        "propertyNames": {"minLength": 1, "pattern": "\\S"},
        "additionalProperties": {"type": ["number", "string", "boolean", "null"]},
        "maxProperties": 1000,
        "examples": [{"derived.hp": 356, "techs.cure.mp_cost": 6}],
    }


def _project_of(schema: dict[str, Any], game: rulesets.RuleSet) -> None:
    """zodiac.yaml: the house rules and books of the rule set it names (io.project)."""
    props = schema["properties"]
    if game.id != rulesets.DEFAULT:  # leaving `ruleset:` out means the default
        props["ruleset"] = {**props["ruleset"], "const": game.id, "examples": [game.id]}
        schema.setdefault("required", []).append("ruleset")
    if game.house_rules_model is not None:
        house = rulesets.resolve(game.house_rules_model).model_json_schema(mode="validation")
        house.pop("title", None)
        defs = house.pop("$defs", {})
        schema.setdefault("$defs", {}).update(defs)
        props["house_rules"] = {
            **house,
            "description": props["house_rules"].get("description", ""),
        }
    if game.lint_settings_model is not None:  # `zodiac lint` thresholds
        lint = rulesets.resolve(game.lint_settings_model).model_json_schema(mode="validation")
        lint.pop("title", None)
        props["lint"] = {**lint, "description": props["lint"].get("description", "")}
    if game.books:
        book = schema["$defs"]["Book"]["properties"]
        book["holds"] = {
            **{k: v for k, v in book["holds"].items() if k in ("title", "description")},
            **loose_enum(sorted(game.books)),
        }


def render_schemas() -> dict[str, str]:
    """Path under ``schemas/`` -> JSON text, for every kind of every rule set (and the
    files of `zodiac export --to json`)."""
    out: dict[str, str] = {}
    for ruleset in rulesets.ids():
        game = rulesets.get(ruleset)
        for kind in sorted([*game.models, "project"]):
            text = json.dumps(schema_for(kind, ruleset), indent=2, sort_keys=False) + "\n"
            out[schema_path(kind, ruleset)] = text
    from builder.export import EXPORT_SCHEMA_FILE, export_schema_text

    out[EXPORT_SCHEMA_FILE] = export_schema_text()  # `zodiac export --to json`'s files
    return out


def write_schemas(folder: Path) -> list[Path]:
    """Write every schema into ``folder`` (created if missing), each file atomically."""
    from builder.io.atomic import write_text_atomic

    written = []
    for name, text in render_schemas().items():
        written.append(write_text_atomic(folder / name, text, parents=True))
    return written
