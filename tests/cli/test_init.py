"""`zodiac init` scaffolds a project of a rule set that validates and builds, and never
clobbers one."""

import json
import re
import shutil

import pytest

from builder.io.project import load_config
from builder.io.yaml import load_file
from builder.rulesets import all_rulesets, get
from tests.conftest import REPO

SCHEMA_LINE = re.compile(r"\A# yaml-language-server: \$schema=(\S+)\n")


def test_init_creates_a_valid_project(zodiac, tmp_path, monkeypatch):
    r = zodiac("init", str(tmp_path / "camp"), "--title", "Crystal Saga", "--paper", "letter")
    assert r.exit_code == 0
    config, diags = load_config(tmp_path / "camp")
    assert diags == []
    assert (config.title, config.paper) == ("Crystal Saga", "letter")
    monkeypatch.chdir(tmp_path / "camp")
    v = zodiac("validate")
    assert v.exit_code == 0, v.stdout
    assert "0 errors, 0 warnings" in v.stdout


def test_init_writes_its_rule_set_and_leaves_map_combat_commented(zodiac, tmp_path):
    """R31: a project names its rule set; R32: Map Combat stays off unless turned on, and
    `zodiac init` asks nothing, so the switch is written as a comment to uncomment."""
    assert zodiac("init", str(tmp_path), "--ruleset", "zodiac").exit_code == 0
    text = (tmp_path / "zodiac.yaml").read_text()
    assert "\nruleset: zodiac\n" in text
    assert "\n  # map_combat: true " in text
    assert "\n  map_combat:" not in text
    config, diags = load_config(tmp_path)
    assert diags == [] and config.ruleset == "zodiac"
    assert (config.house_rules.damage_die_multiplier, config.house_rules.relic_slots) == (10, 1)


def test_init_unknown_rule_set_is_misuse_with_a_suggestion(zodiac, tmp_path):
    r = zodiac("init", str(tmp_path / "camp"), "--ruleset", "zodaic")
    assert r.exit_code == 2
    assert "unknown rule set 'zodaic'; did you mean 'zodiac'?" in r.output
    assert not (tmp_path / "camp").exists()


def test_scaffold_holds_one_of_each_kind_and_every_book(zodiac, tmp_path):
    """Issue 14: a weapon, armor and relic set, a Tech, a job, a character using them and
    a monster; zodiac.yaml holds every book of the rule set, each once."""
    assert zodiac("init", str(tmp_path)).exit_code == 0
    config, diags = load_config(tmp_path)
    assert diags == []
    assert sorted(b.holds for b in config.books) == sorted(get("zodiac").books)
    kinds = {}
    for path in sorted(tmp_path.glob("*/*.yaml")):  # every content file, not zodiac.yaml
        for doc in load_file(path).documents:
            kinds.setdefault(doc.data["kind"], []).append(doc.data)
    wanted = {"weapon_set", "armor_set", "relic_set", "tech", "job", "character", "monster"}
    assert set(kinds) == wanted and all(len(v) == 1 for v in kinds.values())
    (rook,) = kinds["character"]
    (job,) = kinds["job"]
    weapons = {w["name"] for w in kinds["weapon_set"][0]["weapons"]}
    armors = {a["name"] for a in kinds["armor_set"][0]["armors"]}
    guards = {g["name"] for g in kinds["armor_set"][0]["guards"]}
    assert rook["job"] == "lamplighter" == job["name"].lower()
    assert rook["techs"] == [{"tech": "ember-cut"}] and kinds["tech"][0]["name"] == "Ember Cut"
    slot_names = {"weapon": weapons, "armor": armors, "guard": guards}
    for slot, item in rook["equipment"].items():  # ids derived from the sets' names
        assert item in {n.lower().replace(" ", "-") for n in slot_names[slot]}, (slot, item)
    relics = {r["name"].lower().replace(" ", "-") for r in kinds["relic_set"][0]["relics"]}
    assert {band.get("relic") for band in job["equipment"]} - {None} <= relics


def test_scaffolded_project_validates_builds_and_generates(zodiac, tmp_path, monkeypatch):
    """`zodiac validate`, `zodiac build` (every book's PDF) and `character generate`
    work in the new folder as written."""
    assert zodiac("init", str(tmp_path)).exit_code == 0
    monkeypatch.chdir(tmp_path)
    v = zodiac("validate", "--format", "json")
    assert (v.exit_code, v.json()) == (0, [])
    r = zodiac("build", "-j", "2")
    assert r.exit_code == 0, r.output
    config, _ = load_config(tmp_path)
    for book in config.books:
        if book.holds == "character_sheets":
            assert (tmp_path / "dist" / "characters" / "rook-tallowmere.pdf").is_file()
        else:
            assert (tmp_path / "dist" / book.output).stat().st_size > 1000, book.output
    g = zodiac(
        "character", "generate", "--job", "lamplighter", "--level", "12", "--name", "Wren",
        "--out", "characters/wren.yaml",
    )  # fmt: skip
    assert g.exit_code == 0, g.output
    text = (tmp_path / "characters" / "wren.yaml").read_text(encoding="utf-8")
    assert "oil-charm" in text  # the job's level-10 band reaches into the relic set
    v = zodiac("validate")
    assert v.exit_code == 0 and "0 errors, 0 warnings in 9 files" in v.stdout, v.stdout


def _schema_targets(folder):
    """(file, the schema its first line names, resolved from the file's folder)."""
    for path in sorted(folder.rglob("*.yaml")):
        match = SCHEMA_LINE.match(path.read_text(encoding="utf-8"))
        yield path, (path.parent / match.group(1)).resolve() if match else None


def test_schema_lines_are_relative_and_survive_a_move(zodiac, tmp_path):
    """The schema lines point into the project's own schemas/ folder by relative paths,
    so a moved or cloned project still autocompletes (issue 14)."""
    first = tmp_path / "first"
    assert zodiac("init", str(first)).exit_code == 0
    moved = tmp_path / "elsewhere" / "deeper" / "camp"
    moved.parent.mkdir(parents=True)
    shutil.move(first, moved)
    targets = list(_schema_targets(moved))
    assert len(targets) == 8  # zodiac.yaml and the seven content files
    for path, schema in targets:
        assert schema is not None, path
        assert schema.parent == moved / "schemas", (path, schema)
        kind = (
            "project" if path.name == "zodiac.yaml" else load_file(path).documents[0].data["kind"]
        )
        assert schema.name == f"{kind}.schema.json"
        data = json.loads(schema.read_text(encoding="utf-8"))
        assert data["$id"].endswith(f"/{kind}.schema.json")
    assert "first" not in (moved / "characters" / "rook.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize("ruleset", [rs.id for rs in all_rulesets()])
def test_every_scaffold_file_points_at_its_own_kinds_schema(zodiac, tmp_path, ruleset):
    """A file names a schema exactly when the project's schemas/ (its rule set's shipped
    schemas, copied) has one for its kind; never another rule set's."""
    assert zodiac("init", str(tmp_path), "--ruleset", ruleset).exit_code == 0
    copied = {p.name for p in (tmp_path / "schemas").glob("*.schema.json")}
    shipped = REPO / "schemas" / ("" if ruleset == "zodiac" else ruleset)
    assert copied == {p.name for p in shipped.glob("*.schema.json")}
    for path, schema in _schema_targets(tmp_path):
        kind = (
            "project" if path.name == "zodiac.yaml" else load_file(path).documents[0].data["kind"]
        )
        name = f"{kind}.schema.json"
        assert schema == (tmp_path / "schemas" / name if name in copied else None), path
        if schema is not None:
            rules = json.loads(schema.read_text(encoding="utf-8"))
            assert rules["properties"]["ruleset"].get("const", ruleset) == ruleset, path


def test_init_refuses_existing_project_without_force(zodiac, tmp_path):
    (tmp_path / "zodiac.yaml").write_text("title: Mine\n")
    r = zodiac("init", str(tmp_path))
    assert r.exit_code == 2
    assert (tmp_path / "zodiac.yaml").read_text() == "title: Mine\n"


def test_init_force_overwrites_scaffold_only(zodiac, tmp_path):
    (tmp_path / "zodiac.yaml").write_text("title: Mine\n")
    (tmp_path / "notes.yaml").write_text("# mine\n")
    assert zodiac("init", str(tmp_path), "--force").exit_code == 0
    assert "My ZODIAC Campaign" in (tmp_path / "zodiac.yaml").read_text()
    assert (tmp_path / "notes.yaml").read_text() == "# mine\n"


def test_init_bad_paper_is_misuse(zodiac, tmp_path):
    assert zodiac("init", str(tmp_path), "--paper", "a5").exit_code == 2


def test_broken_project_config_is_located(zodiac, write):
    write("zodiac.yaml", "title: X\npaper: a5\nhouse_rules: {relic_slots: 3}\n")
    r = zodiac("validate")
    assert r.exit_code == 1
    assert "zodiac.yaml:2:8: error ZS103" in r.stdout
    assert "zodiac.yaml:3:28: error ZS105" in r.stdout


def test_templates_folder_must_stay_inside_project(zodiac, write):
    write("zodiac.yaml", "title: X\ntemplates: ../../etc\n")
    r = zodiac("validate")
    assert r.exit_code == 1
    assert "zodiac.yaml:2:12: error ZP103" in r.stdout and "inside the project" in r.stdout
