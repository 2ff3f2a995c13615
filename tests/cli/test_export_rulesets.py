"""`zodiac export --to json|markdown|csv` on every companion rule set's example project
(issue #27): CSV with each kind's computed numbers, JSON that validates against the
schema written beside it, Markdown stat blocks a real parser reads, writes inside --out.

Each example is copied to a temporary folder and exported through the command line.
"""

from __future__ import annotations

import csv
import json
import shutil
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from markdown_it import MarkdownIt
from typer.testing import CliRunner

from builder.cli.app import app
from builder.export import EXPORT_SCHEMA_FILE
from tests.conftest import REPO

EXAMPLES = REPO / "content" / "examples"
COMPANIONS = ("16-bit-tactics", "99-towers", "turns-and-actions")
KINDS = {
    "16-bit-tactics": ("character", "job", "monster", "weapon"),
    "99-towers": ("combatant", "weapon"),
    "turns-and-actions": ("ability", "combatant", "weapon"),
}
TABLES = {
    "16-bit-tactics": KINDS["16-bit-tactics"],
    "99-towers": KINDS["99-towers"],
    "turns-and-actions": (*KINDS["turns-and-actions"], "combatant_abilities"),
}


def _invoke(*args: str) -> Any:
    r = CliRunner().invoke(app, list(args))
    assert r.exit_code == 0, r.output
    return r


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Path]]:
    """rule set -> format -> the folder its example project was exported into."""
    out: dict[str, dict[str, Path]] = {}
    for ruleset in COMPANIONS:
        root = tmp_path_factory.mktemp(ruleset)
        project = root / "project"
        shutil.copytree(EXAMPLES / ruleset, project)
        out[ruleset] = {}
        for fmt in ("json", "markdown", "csv"):
            folder = root / fmt
            _invoke("export", str(project), "--to", fmt, "--out", str(folder))
            out[ruleset][fmt] = folder
    return out


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def _row(path: Path, column: str, value: str) -> dict[str, str]:
    (row,) = [r for r in _rows(path) if r[column] == value]
    return row


def _show(path: Path, name: str | None = None) -> dict[str, Any]:
    args = ["show", str(path), "--format", "json", *(["--name", name] if name else [])]
    return json.loads(_invoke(*args).stdout)


# --------------------------------------------------------------------------- files


@pytest.mark.parametrize("ruleset", COMPANIONS)
def test_every_format_writes_every_kind(exported, ruleset):
    kinds = KINDS[ruleset]
    folders = exported[ruleset]
    assert sorted(p.name for p in folders["json"].iterdir()) == sorted(
        [*(f"{k}.json" for k in kinds), EXPORT_SCHEMA_FILE]
    )
    assert sorted(p.name for p in folders["markdown"].iterdir()) == sorted(f"{k}.md" for k in kinds)
    assert sorted(p.name for p in folders["csv"].iterdir()) == sorted(
        f"{t}.csv" for t in TABLES[ruleset]
    )


@pytest.mark.parametrize("ruleset", COMPANIONS)
def test_one_csv_row_per_entity(exported, ruleset):
    """Each kind's table has a row per entity of the JSON export, in the same order."""
    for kind in KINDS[ruleset]:
        doc = json.loads((exported[ruleset]["json"] / f"{kind}.json").read_text("utf-8"))
        rows = _rows(exported[ruleset]["csv"] / f"{kind}.csv")
        assert [r["name"] for r in rows] == [e["name"] for e in doc["entities"]], kind
        assert len(rows) == doc["count"] > 0


# --------------------------------------------------------------------------- JSON


@pytest.mark.parametrize("ruleset", COMPANIONS)
def test_json_validates_against_the_schema_written_beside_it(exported, ruleset):
    folder = exported[ruleset]["json"]
    schema = json.loads((folder / EXPORT_SCHEMA_FILE).read_text("utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    for kind in KINDS[ruleset]:
        doc = json.loads((folder / f"{kind}.json").read_text("utf-8"))
        assert doc["$schema"] == EXPORT_SCHEMA_FILE and (folder / doc["$schema"]).is_file()
        assert (doc["ruleset"], doc["kind"]) == (ruleset, kind)
        assert [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(doc)] == []
        # the rule set promises keys for this kind: the schema is not a rubber stamp
        assert f"{ruleset}.{kind}" in schema["$defs"]


@pytest.mark.parametrize(
    ("ruleset", "kind", "path", "message"),
    [
        ("16-bit-tactics", "character", ("hp",), "'hp' is a required property"),
        ("16-bit-tactics", "monster", ("thresholds", "2DEF"), "'2DEF' is a required property"),
        ("16-bit-tactics", "job", ("per_level", "mdmg"), "'mdmg' is a required property"),
        ("99-towers", "combatant", ("dead_at",), "'dead_at' is a required property"),
        ("99-towers", "weapon", ("range_bands",), "'range_bands' is a required property"),
        ("turns-and-actions", "combatant", ("death_at",), "'death_at' is a required property"),
        ("turns-and-actions", "ability", ("use",), "'use' is a required property"),
    ],
)
def test_the_schema_holds_each_rule_sets_promised_keys(exported, ruleset, kind, path, message):
    folder = exported[ruleset]["json"]
    validator = jsonschema.Draft202012Validator(
        json.loads((folder / EXPORT_SCHEMA_FILE).read_text("utf-8"))
    )
    doc = json.loads((folder / f"{kind}.json").read_text("utf-8"))
    where = doc["entities"][0]
    for key in path[:-1]:
        where = where[key]
    del where[path[-1]]
    assert message in [e.message for e in validator.iter_errors(doc)]


# --------------------------------------------------------------------------- CSV cells


def test_16_bit_tactics_csv_carries_the_computed_numbers(exported):
    folder = exported["16-bit-tactics"]["csv"]
    example = EXAMPLES / "16-bit-tactics"
    kestrel = _row(folder / "character.csv", "name", "Kestrel")
    shown = _show(example / "characters" / "kestrel.yaml")
    # HP/MP/DMG/M.Dmg summed over the level history (R38), not written in the file
    assert (kestrel["HP"], kestrel["MP"], kestrel["DMG"], kestrel["M.Dmg"]) == (
        "68",
        "18",
        "24",
        "11",
    )
    assert [kestrel[k] for k in ("HP", "MP", "DMG", "M.Dmg")] == [
        str(shown[k]) for k in ("hp", "mp", "dmg", "mdmg")
    ]
    assert (kestrel["level"], kestrel["XP to next level"], kestrel["combo bonus"]) == (
        "7",
        "138",
        "35",
    )
    assert (kestrel["ATK"], kestrel["EVA"], kestrel["2DEF"], kestrel["DEF"]) == (
        "d10",
        "3",
        "3",
        "4",
    )
    assert (kestrel["AP earned"], kestrel["AP spent"]) == ("702", "58")
    drake = _row(folder / "monster.csv", "name", "Ash Drake")
    assert (drake["HP"], drake["XP"], drake["AP"], drake["combo bonus"]) == (
        "210",
        "55",
        "55",
        "50",
    )
    assert drake["status rounds"] == "6"  # by M.Atk d12 (R36)
    squire = _row(folder / "job.csv", "name", "Squire")
    assert (squire["HP per level"], squire["M.Atk"], squire["M.Def"]) == ("12", "d4", "2")
    assert "Dual Grip (30 AP, RNG 1)" in squire["abilities"]  # no range written: 1 (L93)
    assert _row(folder / "weapon.csv", "name", "Longbow")["RNG"] == "5"


def test_99_towers_csv_carries_start_phase_and_bands(exported):
    folder = exported["99-towers"]["csv"]
    tony = _row(folder / "combatant.csv", "id", "tony-wrongway-wright")
    # the chapter's example: N 2 and a King (13) make 15, "phase 5 (20 minus 15)",
    # "phase 15 instead of 5" when surprised
    assert (tony["start phase (King)"], tony["start phase surprised (King)"]) == ("5", "15")
    assert tony["name"] == 'Tony "Wrongway" Wright'
    assert (tony["STUN"], tony["LETHAL"], tony["disabled at"], tony["dying from"]) == (
        "14",
        "6",
        "0",
        "-1",
    )
    assert tony["dead at"] == "-4"  # -2 x Endurance 2
    assert tony["STUN/LETHAL by Hearts 0-3"].startswith("Heavy Rifle: 7/0, 8/1, 9/2, 10/3")
    revenant = _row(folder / "combatant.csv", "id", "shadow-revenant")
    assert (revenant["size rank"], revenant["dead at"], revenant["aim PA"]) == ("1", "-8", "2")
    rifle = _row(folder / "weapon.csv", "id", "heavy-rifle")
    assert [rifle[f"{m} to (spaces)"] for m in ("none", "shift-1", "flip-1", "shift-1 flip-1")] == [
        "12",
        "24",
        "36",
        "48",
    ]
    axe = _row(folder / "weapon.csv", "id", "throwing-axe")
    assert (axe["thrown"], axe["range increment"], axe["shift-1 flip-1 to (spaces)"]) == (
        "yes",
        "3",  # thrown range 12 / 4
        "12",
    )


def test_turns_and_actions_csv_carries_thresholds_and_costs(exported):
    folder = exported["turns-and-actions"]["csv"]
    example = EXAMPLES / "turns-and-actions"
    stalker = _row(folder / "combatant.csv", "name", "Reef Stalker")
    shown = _show(example / "monsters.yaml", "reef-stalker")
    assert (stalker["death at"], stalker["danger threshold"], stalker["harvest score"]) == (
        "-20",
        "10",
        "16",
    )
    assert stalker["death at"] == str(shown["death_at"])
    assert [stalker[f"befriend DC at {h} health"] for h in ("full", "3/4", "1/2", "1/4")] == [
        "18",
        "17",
        "16",
        "15",
    ]
    assert (stalker["melee evasion"], stalker["pit damage"]) == ("11", "10")
    arc = _row(folder / "ability.csv", "name", "Ember Arc")
    assert (arc["AP"], arc["mana"], arc["burn (!)"], arc["charge turns"]) == ("25", "6", "yes", "2")
    riposte = _row(folder / "ability.csv", "name", "Riposte")
    assert riposte["range"] == shown_range(example, "riposte") and not riposte["range"].startswith(
        "'"
    )
    maul = _row(folder / "weapon.csv", "name", "Quarry Maul")
    assert (maul["AP"], maul["stamina"], maul["crit score"]) == ("20", "4", "5")
    owned = _rows(folder / "combatant_abilities.csv")
    (beam,) = [
        r for r in owned if (r["combatant"], r["ability"]) == ("The Drowned Bell", "Piercing Beam")
    ]
    assert (beam["base damage"], beam["on hit"]) == (
        "32",
        "Every combatant on the line takes 32 light damage.",
    )


def shown_range(example: Path, name: str) -> str:
    return _show(example / "abilities.yaml", name)["range_reads"]


# --------------------------------------------------------------------------- Markdown


def _blocks(text: str) -> list[list[str]]:
    blocks, current = [], None
    for line in text.splitlines():
        if line.startswith("{{monster,frame"):
            assert current is None, "a block opened inside another"
            current = []
        elif line == "}}":
            assert current is not None, "a block closed that was never opened"
            blocks.append(current)
            current = None
        elif current is not None:
            current.append(line)
    assert current is None, "a block left open"
    return blocks


def _table(block: list[str]) -> list[list[str]]:
    """The stat table of a block as parsed by markdown-it (GFM tables): header, values."""
    tokens = MarkdownIt("commonmark").enable("table").parse("\n".join(block))
    rows: list[list[str]] = []
    for i, t in enumerate(tokens):
        if t.type == "tr_open":
            rows.append([])
        elif t.type == "inline" and tokens[i - 1].type in ("th_open", "td_open"):
            rows[-1].append(t.content)
    return rows


@pytest.mark.parametrize("ruleset", COMPANIONS)
def test_markdown_blocks_parse(exported, ruleset):
    """One balanced block per entity, each one h2 heading; no raw HTML anywhere."""
    md = MarkdownIt("commonmark").enable("table")
    for kind in KINDS[ruleset]:
        doc = json.loads((exported[ruleset]["json"] / f"{kind}.json").read_text("utf-8"))
        text = (exported[ruleset]["markdown"] / f"{kind}.md").read_text("utf-8")
        blocks = _blocks(text)
        assert len(blocks) == doc["count"], kind
        for block in blocks:
            tokens = md.parse("\n".join(block))
            assert [t.tag for t in tokens if t.type == "heading_open"][:1] == ["h2"]
            assert not any(t.type in ("html_block", "html_inline") for t in tokens)


@pytest.mark.parametrize(
    ("ruleset", "kind", "title", "table"),
    [
        ("16-bit-tactics", "character", "Kestrel", [["HP", "MP", "DMG", "M.DMG"], ["68", "18", "24", "11"]]),
        ("16-bit-tactics", "monster", "Ash Drake", [["HP", "MP", "DMG", "M.DMG"], ["210", "60", "24", "22"]]),
        ("16-bit-tactics", "job", "Squire", [["HP", "MP", "DMG", "M.DMG"], ["12", "2", "4", "1"]]),
        (
            "99-towers",
            "combatant",
            'Tony "Wrongway" Wright',
            [["N", "PA", "SA", "PD", "ID", "PX", "SPD", "ER", "IR"], ["2", "4", "1", "3", "2", "2", "6", "1", "1"]],
        ),
        (
            "turns-and-actions",
            "combatant",
            "Reef Stalker",
            [["HEALTH", "STAMINA", "MANA", "FOCUS"], ["40", "15", "0", "0"]],
        ),
    ],
)  # fmt: skip
def test_stat_blocks_carry_the_numbers(exported, ruleset, kind, title, table):
    text = (exported[ruleset]["markdown"] / f"{kind}.md").read_text("utf-8")
    (block,) = [b for b in _blocks(text) if b[0] == f"## {title}"]
    assert _table(block) == table


def test_stat_block_lines(exported):
    bit16 = _blocks((exported["16-bit-tactics"]["markdown"] / "character.md").read_text("utf-8"))
    (kestrel,) = [b for b in bit16 if b[0] == "## Kestrel"]
    assert kestrel[1] == "*Level 7 character, ninja / squire*"
    assert "**Defense** :: EVA 3, 2DEF 3, DEF 4" in kestrel
    towers = _blocks((exported["99-towers"]["markdown"] / "combatant.md").read_text("utf-8"))
    (tony,) = [b for b in towers if b[0] == '## Tony "Wrongway" Wright']
    assert "**Start phase** :: 5 with a King flipped (15 when surprised)" in tony
    assert "**LETHAL** :: 6 (disabled at 0, dying below, dead at -4)" in tony
    rifle = _blocks((exported["99-towers"]["markdown"] / "weapon.md").read_text("utf-8"))
    (heavy,) = [b for b in rifle if b[0] == "## Heavy Rifle"]
    assert "***0-12 spaces.*** none" in heavy and "***49+ spaces.*** impossible" in heavy
    turns = _blocks((exported["turns-and-actions"]["markdown"] / "combatant.md").read_text("utf-8"))
    (bell,) = [b for b in turns if b[0] == "## The Drowned Bell"]
    assert any(
        line.startswith("***Piercing Beam.*** 20!AP, 8Mna, 1/battle; ")
        and line.endswith("Every combatant on the line takes 32 light damage.")
        for line in bell
    )


# --------------------------------------------------------------------------- writing


@pytest.mark.parametrize("ruleset", COMPANIONS)
def test_csv_writes_stay_inside_out(ruleset, tmp_path):
    """A link in --out pointing outside is refused; the victim keeps its bytes."""
    out = tmp_path / "out"
    out.mkdir()
    victim = tmp_path / "victim.csv"
    victim.write_text("keep", encoding="utf-8")
    (out / f"{KINDS[ruleset][0]}.csv").symlink_to(victim)
    r = CliRunner().invoke(
        app, ["export", str(EXAMPLES / ruleset), "--to", "csv", "--out", str(out)]
    )
    assert r.exit_code == 2 and "outside" in r.output
    assert victim.read_text(encoding="utf-8") == "keep"
    (out / f"{KINDS[ruleset][0]}.csv").unlink()
    _invoke("export", str(EXAMPLES / ruleset), "--to", "csv", "--out", str(out))
    assert sorted(p.name for p in out.iterdir()) == sorted(f"{t}.csv" for t in TABLES[ruleset])
