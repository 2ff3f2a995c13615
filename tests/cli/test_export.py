"""`zodiac export`: JSON that validates against its published schema, Homebrewery V3 stat
blocks that parse as such with every piece of user text inert, CSV tables guarded against
formula injection, and writes that stay inside `--out` (issue 16)."""

from __future__ import annotations

import csv
import io
import json
import os
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from markdown_it import MarkdownIt

from builder import __version__
from builder.export import EXPORT_SCHEMA_FILE, csv_cell, export_schema_text, md_text
from tests.conftest import REPO

EXAMPLE = REPO / "content" / "examples" / "zodiac"
SCHEMA = json.loads((REPO / "schemas" / EXPORT_SCHEMA_FILE).read_text(encoding="utf-8"))
STATS = ["STR", "MAG", "VIT", "SPR", "AGI"]


def _show(zodiac: Any, *args: str) -> dict[str, Any]:
    r = zodiac("show", *args, "--format", "json")
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def _export(zodiac: Any, project: Path, to: str, out: Path) -> Any:
    r = zodiac("export", str(project), "--to", to, "--out", str(out))
    assert r.exit_code == 0, r.output
    return r


@pytest.fixture
def campaign(zodiac: Any, tmp_path: Path) -> Path:
    """`zodiac init`'s starter project: one of each ZODIAC kind, ours to rename."""
    root = tmp_path / "camp"
    assert zodiac("init", str(root)).exit_code == 0
    return root


def _rename(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


# --------------------------------------------------------------------------- JSON


@pytest.fixture(scope="module")
def example_json(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    from typer.testing import CliRunner

    from builder.cli.app import app

    out = tmp_path_factory.mktemp("json")
    r = CliRunner().invoke(app, ["export", str(EXAMPLE), "--to", "json", "--out", str(out)])
    assert r.exit_code == 0, r.output
    return {
        p.stem: json.loads(p.read_text(encoding="utf-8"))
        for p in out.glob("*.json")
        if p.name != EXPORT_SCHEMA_FILE  # written beside them, named by `$schema` (#28)
    }


def test_the_committed_export_schema_is_fresh() -> None:
    assert (REPO / "schemas" / EXPORT_SCHEMA_FILE).read_text(encoding="utf-8") == (
        export_schema_text()
    ), "schemas/export.schema.json is stale: run `zodiac schema export --out schemas/`"


def test_every_json_file_validates_against_the_published_schema(example_json):
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    validator = jsonschema.Draft202012Validator(SCHEMA)
    assert set(example_json) >= {"character", "monster", "tech", "weapon_set", "armor_set"}
    for kind, doc in example_json.items():
        errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(doc)]
        assert errors == [], kind
        assert doc["kind"] == kind and doc["ruleset"] == "zodiac"
        assert doc["generator"] == f"zodiac {__version__}"
        assert doc["count"] == len(doc["entities"]) > 0


def test_the_schema_holds_the_promised_keys(example_json):
    """The schema is not a rubber stamp: a monster without `derived`, a character whose
    stats lost AGI, or an unknown envelope key each fail it."""
    validator = jsonschema.Draft202012Validator(SCHEMA)
    monsters = json.loads(json.dumps(example_json["monster"]))
    del monsters["entities"][0]["derived"]
    assert any(
        "'derived' is a required property" in e.message for e in validator.iter_errors(monsters)
    )
    chars = json.loads(json.dumps(example_json["character"]))
    del chars["entities"][1]["stats"]["agi"]
    assert any("'agi' is a required property" in e.message for e in validator.iter_errors(chars))
    extra = {**example_json["tech"], "surprise": 1}
    assert list(validator.iter_errors(extra))


def test_each_entity_is_what_show_prints(zodiac, example_json):
    amos = _show(zodiac, str(EXAMPLE / "characters" / "amos.yaml"))
    by_id = {e["id"]: e for e in example_json["character"]["entities"]}
    assert by_id["amos-the-valiant"] == amos
    assert amos["derived"]["hp"] == 356  # the example's own golden number
    bomb = _show(zodiac, str(EXAMPLE / "monsters" / "bomb.yaml"))
    assert {e["id"]: e for e in example_json["monster"]["entities"]}["bomb"] == bomb
    names = [e["name"] for e in example_json["tech"]["entities"]]
    assert "Fireball" in names and len(names) == len(set(names))


# --------------------------------------------------------------------------- Markdown


def _blocks(text: str) -> list[list[str]]:
    """The `{{monster,frame ... }}` blocks of a file, as lists of lines (markers excluded)."""
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


def _table(lines: list[str]) -> list[list[str]]:
    start = next(i for i, line in enumerate(lines) if line.startswith("| STR"))
    return [[c.strip() for c in line.strip("|").split("|")] for line in lines[start : start + 3]]


def test_monster_markdown_is_a_homebrewery_stat_block(zodiac, tmp_path):
    _export(zodiac, EXAMPLE, "markdown", tmp_path)
    text = (tmp_path / "monster.md").read_text(encoding="utf-8")
    blocks = _blocks(text)
    assert len(blocks) == len(list((EXAMPLE / "monsters").glob("*.yaml")))
    bomb = next(b for b in blocks if b[0] == "## Bomb")
    shown = _show(zodiac, str(EXAMPLE / "monsters" / "bomb.yaml"))
    assert bomb[1] == "*Level 6 monster, elemental*"
    assert bomb[2] == "___"
    assert f"**Hit Points** :: {shown['derived']['hp']}" in bomb
    attack = shown["attack"]
    assert f"**Attack** :: {attack['text']} ({attack['minimum']}-{attack['maximum']})" in bomb
    header, rule, values = _table(bomb)
    assert header == STATS and rule == [":---:"] * 5
    assert values == [str(shown["stats"][s.lower()]) for s in STATS]
    # a real Markdown parser (GFM tables) sees one heading and a five-column table
    tokens = MarkdownIt("commonmark").enable("table").parse("\n".join(bomb))
    assert [t.tag for t in tokens if t.type == "heading_open"][:1] == ["h2"]
    ths = [t for t in tokens if t.type == "th_open"]
    tds = [t for t in tokens if t.type == "td_open"]
    assert len(ths) == 5 and len(tds) == 5
    assert "### Powers" in bomb


def test_character_markdown_carries_the_sheet(zodiac, tmp_path):
    _export(zodiac, EXAMPLE, "markdown", tmp_path)
    text = (tmp_path / "character.md").read_text(encoding="utf-8")
    assert text.count("{{monster,frame,wide") == len(list((EXAMPLE / "characters").glob("*.yaml")))
    amos = next(b for b in _blocks(text) if b[0] == "## Amos the Valiant")
    shown = _show(zodiac, str(EXAMPLE / "characters" / "amos.yaml"))
    assert "**Hit Points** :: 356" in amos
    assert _table(amos)[2] == [str(shown["stats"][s.lower()]) for s in STATS]
    assert "**Tech Points** :: 4 available (50 total, 46 spent)" in amos
    assert any(line.startswith("***Cure.*** Tech Level 2; 6 MP; ") for line in amos)


HOSTILE = "Evil}} <img src=x onerror=alert(1)> **bold** | [a](http://x) :: ^up^ `c` ~s~"


def test_user_text_is_inert_markdown(zodiac, campaign, tmp_path):
    """A name and description full of Markdown, Homebrewery and HTML syntax come out as
    the same characters, read as plain text: no block closed early, no tag, no emphasis,
    no link, no table cell, no definition."""
    monster = campaign / "monsters" / "tunnel-rat.yaml"
    _rename(monster, "name: Tunnel Rat", f"name: '{HOSTILE}'")
    _rename(
        monster,
        "description: Our own; a dog-sized rat that nests in old mine shafts.",
        "description: '{{note <script>x</script>}} # no'",
    )
    _export(zodiac, campaign, "markdown", tmp_path)
    text = (tmp_path / "monster.md").read_text(encoding="utf-8")
    (block,) = _blocks(text)
    assert "<" not in text and text[-3:] == "}}\n"
    md = MarkdownIt("commonmark").enable(["table", "strikethrough"])
    tokens = md.parse("\n".join(block))
    heading = tokens[[t.type for t in tokens].index("heading_open") + 1]
    assert [c.type for c in heading.children] == ["text"] * len(heading.children)
    assert "".join(c.content for c in heading.children) == HOSTILE
    kinds = {c.type for t in tokens if t.type == "inline" for c in t.children or []}
    assert not kinds & {"html_inline", "link_open", "s_open", "code_inline"}
    description = [t for t in tokens if t.type == "inline"][-1]  # the closing paragraph
    assert "".join(c.content for c in description.children) == "{{note <script>x</script>}} # no"
    assert {c.type for c in description.children} == {"text"}
    assert not any(t.type == "html_block" for t in tokens)
    assert sum(t.type == "table_open" for t in tokens) == 1  # the stats table alone
    html = md.render("\n".join(block))
    assert "<img" not in html and "<script" not in html and "&lt;img" in html


@pytest.mark.parametrize(
    ("text", "escaped"),
    [
        ("a::b", r"a\:\:b"),
        ("1. first", r"1\. first"),
        ("# not a heading", r"\# not a heading"),
        ("- not a list", r"\- not a list"),
        ("x|y", r"x\|y"),
        ("{{note}}", r"\{\{note\}\}"),
        ("a <b> & c", "a &lt;b&gt; &amp; c"),
        ("two\nlines", "two lines"),
        ("Ice Brand, +10", "Ice Brand, +10"),
    ],
)
def test_md_text(text, escaped):
    assert md_text(text) == escaped


# --------------------------------------------------------------------------- CSV


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def test_equipment_and_tech_tables(zodiac, tmp_path):
    _export(zodiac, EXAMPLE, "csv", tmp_path)
    rows = _rows(tmp_path / "equipment.csv")
    assert list(rows[0]) == [
        *("set", "name", "slot", "level", "price", "sell price", "bonus", "abilities")
    ]
    swords = _show(zodiac, str(EXAMPLE / "equipment" / "swords.yaml"))
    mine = [r for r in rows if r["set"] == swords["name"]]
    assert [r["name"] for r in mine] == [i["name"] for i in swords["items"]]
    for row, item in zip(mine, swords["items"], strict=True):
        assert row["level"] == str(item["level"])
        assert row["price"] == ("" if item["price"] is None else str(item["price"]))
        assert row["sell price"] == ("" if item["sell_price"] is None else str(item["sell_price"]))
    flame = next(r for r in mine if r["name"] == "Flame Tongue")
    assert (flame["abilities"], flame["price"], flame["sell price"]) == (
        "Elemental: Fire",
        "150",
        "75",
    )
    techs = _rows(tmp_path / "techs.csv")
    assert list(techs[0]) == ["name", "level", "power", "MP", "TP", "element", "effect"]
    fireball = next(r for r in techs if r["name"] == "Fireball")
    shown = _show(zodiac, str(EXAMPLE / "techs" / "attacks.yaml"), "--name", "fireball")
    assert fireball == {
        "name": "Fireball",
        "level": str(shown["tech_level"]),
        "power": shown["power_level"],
        "MP": str(shown["mp_cost"]),
        "TP": str(shown["tp_cost"]),
        "element": "fire",
        "effect": "; ".join(shown["effects"]),
    }
    assert (fireball["level"], fireball["MP"], fireball["TP"]) == ("4", "26", "60")


def test_cells_that_look_like_formulas_become_text(zodiac, campaign, tmp_path):
    blades = campaign / "equipment" / "lantern-blades.yaml"
    # levels 4-7: no job or monster names these items by id
    _rename(blades, "name: Ember Edge", """name: '=HYPERLINK("http://evil","x")'""")
    _rename(blades, "name: Lamp Sword", "name: '@SUM(A1:A9)'")
    _rename(blades, "name: Cinder Blade", "name: '+1 Blade'")
    _rename(blades, "name: Beacon Sword", "name: '-Beacon'")
    (campaign / "techs" / "sums.yaml").write_text(
        "kind: tech\nname: '=1+1'\ntech_level: 1\npower_level: medium\nprimary: power_attack\n",
        encoding="utf-8",
    )
    _export(zodiac, campaign, "csv", tmp_path)
    names = [r["name"] for r in _rows(tmp_path / "equipment.csv")]
    assert names[3:7] == [
        """'=HYPERLINK("http://evil","x")""",
        "'@SUM(A1:A9)",
        "'+1 Blade",
        "'-Beacon",
    ]
    assert "'=1+1" in [r["name"] for r in _rows(tmp_path / "techs.csv")]
    raw = (tmp_path / "equipment.csv").read_text(encoding="utf-8")
    assert not any(
        cell.startswith(("=", "+", "-", "@"))
        for line in raw.splitlines()
        for cell in next(csv.reader([line]))
    )


@pytest.mark.parametrize(
    ("value", "cell"),
    [
        ("=1+1", "'=1+1"),
        ("@x", "'@x"),
        ("\tx", "'\\tx"),
        ("-", "'-"),
        ("ok", "ok"),
        (-5, "-5"),
        (None, ""),
    ],
)
def test_csv_cell(value, cell):
    assert csv_cell(value) == cell


# --------------------------------------------------------------------------- writing


def test_writes_stay_inside_out(zodiac, campaign, tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    outside = tmp_path / "victim.json"
    outside.write_text("keep", encoding="utf-8")
    (out / "monster.json").symlink_to(outside)
    r = zodiac("export", str(campaign), "--to", "json", "--out", str(out))
    assert r.exit_code == 2 and "outside" in r.output
    assert outside.read_text(encoding="utf-8") == "keep"
    (out / "monster.json").unlink()
    _export(zodiac, campaign, "json", out)
    kinds = ("armor_set", "character", "job", "monster", "relic_set", "tech", "weapon_set")
    assert sorted(p.name for p in out.iterdir()) == sorted(
        [*(f"{k}.json" for k in kinds), EXPORT_SCHEMA_FILE]
    )  # and no temp file left behind


def test_out_must_be_a_folder(zodiac, campaign, tmp_path):
    (tmp_path / "file").write_text("x", encoding="utf-8")
    r = zodiac("export", str(campaign), "--to", "csv", "--out", str(tmp_path / "file"))
    assert r.exit_code == 2 and "is a file" in r.output


def test_errors_stop_the_export_and_nothing_is_written(zodiac, campaign, tmp_path):
    _rename(campaign / "monsters" / "tunnel-rat.yaml", "level: 1", "level: many")
    r = zodiac("export", str(campaign), "--to", "json", "--out", str(tmp_path / "out"))
    assert r.exit_code == 1 and "nothing was written" in r.output
    assert not (tmp_path / "out").exists()


def test_export_of_one_file(zodiac, tmp_path):
    _export(zodiac, EXAMPLE / "monsters" / "bomb.yaml", "json", tmp_path)
    (only,) = set(os.listdir(tmp_path)) - {EXPORT_SCHEMA_FILE}
    doc = json.loads((tmp_path / only).read_text(encoding="utf-8"))
    assert only == "monster.json" and [e["id"] for e in doc["entities"]] == ["bomb"]


def test_csv_is_read_back_by_a_spreadsheet_reader():
    """CRLF rows and RFC 4180 quoting: a comma or quote inside a cell stays in it."""
    from builder.export import Table, table_text

    text = table_text(Table("t", ("a", "b"), [['x, "y"', 3]]))
    assert text == 'a,b\r\n"x, ""y""",3\r\n'
    assert list(csv.reader(io.StringIO(text))) == [["a", "b"], ['x, "y"', "3"]]


def test_export_of_one_folder(zodiac, tmp_path):
    """A folder of the project exports its own files: the Techs folder has no items."""
    _export(zodiac, EXAMPLE / "techs", "csv", tmp_path)
    assert sorted(os.listdir(tmp_path)) == ["techs.csv"]


def test_out_is_required(zodiac):
    r = zodiac("export", str(EXAMPLE), "--to", "csv")
    assert r.exit_code == 2 and "--out" in r.output
