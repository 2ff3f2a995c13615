"""JSON Schemas from the models, so editors autocomplete and underline as users type."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from builder import __version__, rulesets

SCHEMA_BASE = "https://zodiac-builder.invalid/schemas"  # ids only; editors use the relative file


def schema_for(kind: str) -> dict[str, Any]:
    if kind == "project":
        from builder.models.project import ProjectConfig as model
    else:
        model = rulesets.get(rulesets.DEFAULT).model_for(kind)
    schema = model.model_json_schema(by_alias=True, mode="validation")
    if kind == "project":  # house rules belong to the rule set: describe the default's
        game = rulesets.get(rulesets.DEFAULT)
        if game.house_rules_model is not None:
            house = rulesets.resolve(game.house_rules_model).model_json_schema(mode="validation")
            house.pop("title", None)
            schema["properties"]["house_rules"] = {
                **house,
                "description": schema["properties"]["house_rules"].get("description", ""),
            }
    else:  # any document may name its rule set (R31); the loader checks it
        schema.setdefault("properties", {})["ruleset"] = {
            "const": rulesets.DEFAULT,
            "title": "Rule set",
            "description": "Optional: the rule set this document is for; must be its project's.",
        }
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = f"{SCHEMA_BASE}/{kind}.schema.json"
    schema.setdefault("description", f"A ZODIAC `{kind}` document (zodiac-builder {__version__}).")
    return schema


def render_schemas() -> dict[str, str]:
    """file name -> JSON text, for every registered kind."""
    return {
        f"{kind}.schema.json": json.dumps(schema_for(kind), indent=2, sort_keys=False) + "\n"
        for kind in sorted([*rulesets.get(rulesets.DEFAULT).models, "project"])
    }


def write_schemas(folder: Path) -> list[Path]:
    """Write every schema into ``folder`` (created if missing), each file atomically."""
    from builder.io.atomic import write_text_atomic

    written = []
    for name, text in render_schemas().items():
        written.append(write_text_atomic(folder / name, text, parents=True))
    return written
