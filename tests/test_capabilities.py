"""The manual's capability table is true (issue #27): each "yes" runs on that rule set's
example project, each "no: why" is a refusal with exit 2 that says so.

The table sits between `<!-- capabilities -->` and `<!-- /capabilities -->` on the Rule sets
page (docs/guide/rule-sets.md, issue #25 moved it there from README.md);
its first column names a capability by its command in backticks, the next four are the
rule sets in `zodiac rulesets` order. A row without a check here fails, so the table cannot
gain a promise nobody tests.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from builder import rulesets
from tests.conftest import REPO

PAGE = REPO / "docs" / "guide" / "rule-sets.md"
EXAMPLES = REPO / "content" / "examples"
COLUMNS = ("zodiac", "16-bit-tactics", "99-towers", "turns-and-actions")


def _table() -> dict[str, dict[str, str]]:
    text = PAGE.read_text(encoding="utf-8")
    match = re.search(r"<!-- capabilities -->\n(.*?)<!-- /capabilities -->", text, re.DOTALL)
    assert match, f"{PAGE.name} has no capability table"
    lines = [line for line in match.group(1).splitlines() if line.startswith("|")]
    header = [cell.strip().strip("`") for cell in lines[0].strip("|").split("|")]
    assert tuple(header[1:]) == COLUMNS, header
    rows: dict[str, dict[str, str]] = {}
    for line in lines[2:]:
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        key = re.search(r"`([^`]+)`", cells[0])
        assert key, f"a row names its command in backticks: {line}"
        rows[key.group(1)] = dict(zip(COLUMNS, cells[1:], strict=True))
    return rows


TABLE = _table()


@pytest.fixture
def project(tmp_path: Path, request: pytest.FixtureRequest) -> Path:
    """A copy of the rule set's example project, without its printed books."""
    target = tmp_path / request.param
    shutil.copytree(
        EXAMPLES / request.param, target, ignore=shutil.ignore_patterns("dist", "*.pdf")
    )
    return target


def _files(project: Path) -> list[Path]:
    return sorted(p for p in project.rglob("*.yaml") if p.name != "zodiac.yaml")


def yaml_books(project: Path) -> list:
    from ruamel.yaml import YAML

    return list(
        YAML(typ="safe").load((project / "zodiac.yaml").read_text(encoding="utf-8"))["books"]
    )


def _one_of_each_kind(zodiac, project: Path) -> list[tuple[Path, str]]:
    """(file, name) of the first entity of each kind, read from the project's JSON export."""
    seen: dict[str, tuple[Path, str]] = {}
    for path in _files(project):
        for doc in path.read_text(encoding="utf-8").split("\n---"):
            kind = re.search(r"^kind:\s*(\S+)", doc, re.M)
            ident = re.search(r"^id:\s*(\S+)", doc, re.M) or re.search(r"^name:\s*(.+)$", doc, re.M)
            if kind and ident and kind.group(1) not in seen:
                seen[kind.group(1)] = (path, ident.group(1).strip().strip("'\""))
    assert seen, f"no entity in {project}"
    return list(seen.values())


# --- one check per row ------------------------------------------------------------------


def _validate(zodiac, project: Path, tmp: Path) -> None:
    r = zodiac("validate", str(project))
    assert r.exit_code == 0, r.output


def _show(zodiac, project: Path, tmp: Path) -> None:
    for path, name in _one_of_each_kind(zodiac, project):
        r = zodiac("show", str(path), "--name", name, "--format", "json")
        assert r.exit_code == 0, (path, name, r.output)
        shown = r.json()
        assert shown.get("name"), shown
        assert "explain" in shown or project.name == "zodiac", sorted(shown)


def _lint(zodiac, project: Path, tmp: Path) -> None:
    r = zodiac("lint", str(project))
    assert r.exit_code == 0, r.output
    assert "no balance linter" not in r.output


def _export(zodiac, project: Path, tmp: Path) -> None:
    for to, suffix in (("json", ".json"), ("markdown", ".md"), ("csv", ".csv")):
        out = tmp / f"export-{to}"
        r = zodiac("export", str(project), "--to", to, "--out", str(out))
        assert r.exit_code == 0, r.output
        written = [p for p in out.iterdir() if p.suffix == suffix and p.stat().st_size > 0]
        assert written, (to, sorted(out.iterdir()))


def _build(zodiac, project: Path, tmp: Path) -> None:
    out = tmp / "dist"
    r = zodiac("build", str(project), "--out", str(out))
    assert r.exit_code == 0, r.output
    books = yaml_books(project)
    printed = {p.relative_to(out).parts[0] for p in out.rglob("*.pdf")}
    for book in books:  # every book printed: a file, or a folder of one file per entity
        name = str(book["output"])
        assert name in printed or Path(name).stem in printed, (name, sorted(printed))


def _init(zodiac, project: Path, tmp: Path) -> None:
    target = tmp / "starter"
    r = zodiac("init", str(target), "--ruleset", project.name)
    assert r.exit_code == 0, r.output
    assert zodiac("validate", str(target)).exit_code == 0


def _fillable(zodiac, project: Path, tmp: Path) -> None:
    """Every sheet book of the project, printed `fillable: true`, holds form fields."""
    from ruamel.yaml import YAML

    yaml = YAML()
    config_path = project / "zodiac.yaml"
    config = yaml.load(config_path.read_text(encoding="utf-8"))
    specs = rulesets.get(project.name).books
    sheets = [
        b
        for b in config["books"]
        if "sheet" in b["holds"] and {"character", "combatant"} & set(specs[b["holds"]].kinds)
    ]
    assert sheets, f"{project.name}'s example prints no sheet"
    for book in sheets:
        book["fillable"] = True
    with config_path.open("w", encoding="utf-8") as out:
        yaml.dump(config, out)
    html = tmp / "html"
    only = [arg for book in sheets for arg in ("--only", str(book["title"]))]
    r = zodiac("build", str(project), "--html", "--out", str(html), *only)
    assert r.exit_code == 0, r.output
    for book in sheets:
        stem = Path(book["output"]).stem
        pages = [p.read_text(encoding="utf-8") for p in html.rglob("*.html") if stem in str(p)]
        pages = pages or [p.read_text(encoding="utf-8") for p in html.rglob("*.html")]
        assert any('class="form-field"' in page for page in pages), (book["holds"], stem)


def _a_file_of(project: Path, kinds: str) -> Path:
    return next(
        p
        for p in _files(project)
        if re.search(rf"^kind:\s*({kinds})\b", p.read_text(encoding="utf-8"), re.M)
    )


def _level_up(zodiac, project: Path, tmp: Path) -> list[str]:
    """`--dry-run` computes the next level and writes nothing."""
    character = _a_file_of(project, "character|combatant")
    before = character.read_bytes()
    args = ["character", "level-up", str(character), "--dry-run"]
    if project.name == "zodiac":
        args += ["--points", "str=1,vit=1,agi=1"]
    r = zodiac(*args)
    assert character.read_bytes() == before
    return [r, args]


# The example fights: ids of the example projects' own monsters and combatants.
FIGHTS = {
    "zodiac": ["goblin:3", "ogre"],
    "16-bit-tactics": ["cave-goblin:2", "bog-toad"],
    "99-towers": ["bandit"],
    "turns-and-actions": ["bilge-rat:3", "foreman-grist", "--npcs", "1", "--aggro", "bilge-rat"],
}


def _rewards(zodiac, project: Path, tmp: Path) -> list:
    fight = FIGHTS[project.name]
    args = ["encounter", "rewards", *fight, "--party", "4", "--project", str(project)]
    return [zodiac(*args), args]


def _simulate(zodiac, project: Path, tmp: Path) -> list:
    character = _a_file_of(project, "character|combatant")
    text = _a_file_of(project, "monster|combatant").read_text(encoding="utf-8")
    foe = re.search(r"^id:\s*(\S+)", text, re.M)
    foe_id = "goblin" if project.name == "zodiac" else (foe.group(1) if foe else "x")
    args = ["encounter", "simulate", "--party", str(character), "--vs", foe_id]
    args += ["--runs", "50", "--seed", "1", "-j", "1", "--project", str(project)]
    return [zodiac(*args), args]


def _generate(zodiac, project: Path, tmp: Path) -> list:
    job = "knight" if project.name == "zodiac" else "squire"
    args = ["character", "generate", "--job", job, "--level", "3", "--name", "Test"]
    args += ["--project", str(project)]
    return [zodiac(*args), args]


# row -> a check that asserts the capability works (returning None), or that runs the
# command and returns [result, args] for the table's verdict to be judged on.
CHECKS: dict[str, Callable[..., list | None]] = {
    "validate": _validate,
    "show": _show,
    "lint": _lint,
    "export": _export,
    "build": _build,
    "init": _init,
    "fillable: true": _fillable,
    "character level-up": _level_up,
    "encounter rewards": _rewards,
    "encounter simulate": _simulate,
    "character generate": _generate,
}


def test_every_row_has_a_check_and_every_cell_says_yes_or_why_not():
    assert set(TABLE) == set(CHECKS), "a row of the table has no check, or a check no row"
    for row, cells in TABLE.items():
        for ruleset, cell in cells.items():
            assert cell == "yes" or cell.startswith("no: "), (row, ruleset, cell)


CASES = [
    pytest.param(row, ruleset, cell, id=f"{row}-{ruleset}")
    for row, cells in TABLE.items()
    for ruleset, cell in cells.items()
]


@pytest.mark.parametrize(("row", "project", "cell"), CASES, indirect=["project"])
def test_the_cell_is_true(zodiac, row: str, project: Path, cell: str, tmp_path: Path) -> None:
    ran = CHECKS[row](zodiac, project, tmp_path)
    if ran is None:  # the check asserted the capability itself
        assert cell == "yes", f"{row} works for {project.name}: the table says {cell!r}"
        return
    result, args = ran
    if cell == "yes":
        assert result.exit_code == 0, (args, result.output)
        return
    # "no: why": the command refuses with exit 2, names the rule set, and no traceback
    assert result.exit_code == 2, (args, result.output)
    assert "Traceback" not in result.output
    label = rulesets.get(project.name).label
    assert label in result.output or project.name in result.output, result.output
