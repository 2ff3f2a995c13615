"""Committed JSON Schemas must match the models (RenderCV's stale-schema test).

That they also agree with `zodiac validate` is tests/test_schema_agreement.py.
"""

import json

from builder.schemas import render_schemas
from tests.conftest import REPO


def test_committed_schemas_are_fresh():
    fresh = render_schemas()
    folder = REPO / "schemas"
    committed = {
        p.relative_to(folder).as_posix(): p.read_text(encoding="utf-8")
        for p in folder.rglob("*.schema.json")
    }
    stale = sorted(name for name in fresh if committed.get(name) != fresh[name])
    extra = sorted(set(committed) - set(fresh))
    assert not stale and not extra, (
        f"schemas out of date: {stale or extra}; run `zodiac schema export --out schemas/`"
    )


def test_every_user_facing_field_is_described():
    for name, text in render_schemas().items():
        if "/" in name:  # the companion rule sets' kinds (schemas/<id>/) describe less
            continue
        schema = json.loads(text)
        missing = [
            k
            for k, v in schema.get("properties", {}).items()
            if "description" not in v and "title" not in v
        ]
        assert not missing, f"{name}: add title/description to {missing}"


def test_example_files_point_editors_at_the_schema():
    for path in (REPO / "content" / "examples" / "zodiac").rglob("*.yaml"):
        if path.name == "zodiac.yaml":
            continue
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema="), path
        target = (path.parent / first.split("=", 1)[1]).resolve()
        assert target.is_file(), f"{path}: schema {target} missing"
