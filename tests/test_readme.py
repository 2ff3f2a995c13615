"""A README and a manual that cannot drift (issues #28, #25).

Every ```console block of README.md and of every hand-written page under docs/ (read by
``tests/fenced.py``) is run here, command by command, in a copy of the example projects
(and of ``tests/data``), and what each command prints is compared with the page's text,
the parts that vary masked. A ``...`` line in a block stands for any number of lines left
out. A block that cannot run as written (it waits for Ctrl-C) is preceded by
``<!-- not run: reason -->`` and its text says so. Every relative link of README.md
points at a file of the checkout.

Then the drifts issue #28 found, each a test that failed before its fix: ``show`` with
several files, ``build --only`` given twice, and an export's ``$schema`` that resolves
from where the export is written.
"""

from __future__ import annotations

import difflib
import json
import re
import shlex
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from typer.testing import CliRunner

from builder.cli.app import app
from tests.conftest import REPO
from tests.fenced import Fenced, all_blocks, fenced_blocks

README = REPO / "README.md"
EXAMPLE = REPO / "content" / "examples" / "zodiac"
# Where the pages pretend the checkout is, in the few outputs that print a full path.
SHOWN_CHECKOUT = "/home/me/zodiac"

_NOT_RUN = re.compile(r"^not run:\s*(?P<reason>.+)$")


@dataclass(frozen=True)
class Step:
    """One `$ command` of a block and the lines the page shows it printing."""

    command: str
    expected: tuple[str, ...]


@dataclass(frozen=True)
class Block:
    where: str  # page:line of the opening fence, 1-based
    steps: tuple[Step, ...]
    not_run: str | None  # the reason given in `<!-- not run: ... -->`, if any

    @property
    def page(self) -> str:
        return self.where.rsplit(":", 1)[0]

    @property
    def line(self) -> int:
        return int(self.where.rsplit(":", 1)[1])


def _block(fenced: Fenced) -> Block:
    marker = _NOT_RUN.match(fenced.marker or "")
    return Block(
        fenced.where, _steps(list(fenced.body)), marker.group("reason") if marker else None
    )


def console_blocks(text: str, page: str = "README.md") -> list[Block]:
    """Every ```console block: its `$` commands (a trailing `\\` continues one) and output."""
    return [_block(b) for b in fenced_blocks(text, page) if b.lang == "console"]


def _steps(body: list[str]) -> tuple[Step, ...]:
    steps: list[Step] = []
    command: list[str] = []
    output: list[str] = []
    continued = False
    for line in body:
        if continued:
            command.append(line.strip())
            continued = line.endswith("\\")
        elif line.startswith("$ "):
            if command:
                steps.append(Step(_joined(command), tuple(output)))
            command, output = [line[2:]], []
            continued = line.endswith("\\")
        else:
            output.append(line)
    if command:
        steps.append(Step(_joined(command), tuple(output)))
    return tuple(steps)


def _joined(parts: list[str]) -> str:
    return " ".join(p.removesuffix("\\").strip() for p in parts)


BLOCKS = [_block(b) for b in all_blocks("console")]

# What varies from machine to machine and run to run, masked on both sides.
_MASKS = (
    (re.compile(r"\bzodiac \d+\.\d+(\.\d+)?\S*"), "zodiac X.Y"),
    (re.compile(r"\b\d+:\d\d:\d\d\b"), "H:MM:SS"),
    (re.compile(r"\b\d+(\.\d+)? ?(ms|s)\b"), "N s"),
)


def _masked(text: str, sandbox: Path) -> list[str]:
    text = text.replace(str(sandbox), SHOWN_CHECKOUT)
    for pattern, mask in _MASKS:
        text = pattern.sub(mask, text)
    return [line.rstrip() for line in text.splitlines()]


def matches(expected: list[str], actual: list[str]) -> bool:
    """``expected`` equals ``actual``, where a ``...`` line stands for any lines (or none)."""
    pattern = "".join(
        r"(?:[^\n]*\n)*?" if line.strip() == "..." else re.escape(line) + r"\n" for line in expected
    )
    return re.fullmatch(pattern, "".join(f"{line}\n" for line in actual)) is not None


def test_matches_reads_an_ellipsis_as_any_lines():
    assert matches(["a", "...", "d"], ["a", "b", "c", "d"])
    assert matches(["a", "...", "d"], ["a", "d"])
    assert not matches(["a", "...", "d"], ["a", "b"])
    assert not matches(["a", "b"], ["a", "b", "c"])


def test_the_blocks_were_found_on_the_readme_and_the_pages():
    assert len(BLOCKS) >= 8
    assert sum(len(b.steps) for b in BLOCKS) >= 14
    assert all(b.steps for b in BLOCKS)
    assert all(s.command.startswith(("zodiac ", "cd ")) for b in BLOCKS for s in b.steps)
    assert [b.where for b in BLOCKS if b.not_run] != [b.where for b in BLOCKS]
    pages = {b.page for b in BLOCKS}
    assert "README.md" in pages  # the first steps
    assert {"docs/guide/levelling-up.md", "docs/guide/exports.md"} <= pages  # moved there


def test_a_page_block_is_read_with_its_page_and_marker():
    text = "# A page\n\n<!-- not run: it waits -->\n```console\n$ zodiac serve\nhi\n```\n"
    [block] = console_blocks(text, "docs/guide/x.md")
    assert block.where == "docs/guide/x.md:4" and block.not_run == "it waits"
    assert block.steps == (Step("zodiac serve", ("hi",)),)


@pytest.fixture
def sandbox(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of what the pages' commands read, as laid out in the checkout; cwd there."""
    root = tmp_path / "checkout"
    shutil.copytree(REPO / "content" / "examples", root / "content" / "examples")
    shutil.copytree(REPO / "tests" / "data", root / "tests" / "data")
    monkeypatch.chdir(root)
    # rich's width is read from the terminal when there is one: fixed, as in a pipe.
    from builder.cli.output import console, err_console

    monkeypatch.setattr(console, "_width", 80)
    monkeypatch.setattr(err_console, "_width", 80)
    return root


@pytest.mark.parametrize("block", [b for b in BLOCKS if not b.not_run], ids=lambda b: b.where)
def test_console_block_prints_what_it_shows(
    block: Block, sandbox: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    runner = CliRunner()
    for step in block.steps:
        args = shlex.split(step.command, comments=True)
        if args[0] == "cd":
            folder = (Path.cwd() / args[1]).resolve()
            assert folder.is_relative_to(sandbox), step.command
            monkeypatch.chdir(folder)
            assert step.expected == (), f"`{step.command}` prints nothing"
            continue
        r = runner.invoke(app, args[1:], catch_exceptions=True)
        if r.exception and not isinstance(r.exception, SystemExit):
            raise r.exception
        assert r.exit_code in (0, 1), f"{step.command}\n{r.output}"
        actual = _masked(r.output, sandbox)
        expected = _masked("\n".join(step.expected), sandbox)
        diff = "\n".join(difflib.unified_diff(expected, actual, block.page, "printed", lineterm=""))
        assert matches(expected, actual), f"{block.where}: $ {step.command}\n{diff}"


def test_a_block_not_run_says_why_in_the_text():
    """The reason is in the comment, and the visible text before the block says so too."""
    skipped = [b for b in BLOCKS if b.not_run]
    assert skipped, "the live preview's block waits for Ctrl-C and cannot run as written"
    for block in skipped:
        text = (REPO / block.page).read_text(encoding="utf-8").splitlines()
        before = "\n".join(text[max(0, block.line - 8) : block.line - 1])
        assert "not run by the tests" in before.replace("\n", " "), block.where


# --------------------------------------------------------------------------- links

# [text](target) and <img src="target">, targets without a scheme or a leading "#".
_LINK = re.compile(r"\]\((?P<md>[^)\s]+)\)|<img[^>]*\ssrc=\"(?P<img>[^\"]+)\"")


def relative_links(text: str) -> list[str]:
    """The relative link targets of a markdown text, without their #anchor."""
    targets = [m.group("md") or m.group("img") for m in _LINK.finditer(text)]
    return [
        t.split("#", 1)[0]
        for t in targets
        if not re.match(r"^[a-z][a-z0-9+.-]*:", t) and not t.startswith("#")
    ]


def test_relative_links_are_read():
    text = '[a](docs/a.md#x) [b](https://x.org) [c](#performance) <img src="docs/s.png" width=1>'
    assert relative_links(text) == ["docs/a.md", "docs/s.png"]


def test_every_relative_link_of_the_readme_points_at_a_file():
    """The README is the map of the site: each link opens a file on GitHub as in a checkout."""
    links = relative_links(README.read_text(encoding="utf-8"))
    assert len(links) >= 15, links  # the map's pages and the pictures
    missing = [link for link in links if not (REPO / link).is_file()]
    assert not missing, f"README.md links to files that do not exist: {missing}"


# --------------------------------------------------------------------------- show


def _invoke(*args: str) -> Any:
    r = CliRunner().invoke(app, list(args), catch_exceptions=True)
    if r.exception and not isinstance(r.exception, SystemExit):
        raise r.exception
    return r


AMOS_FILE = EXAMPLE / "characters" / "amos.yaml"
ROOK_FILE = EXAMPLE / "characters" / "rook.yaml"


def test_show_several_files_shows_each_in_order():
    r = _invoke("show", str(AMOS_FILE), str(ROOK_FILE))
    assert r.exit_code == 0, r.output
    out = r.stdout
    assert out.index(f"==> {AMOS_FILE} <==") < out.index("Amos the Valiant")
    assert out.index("Amos the Valiant") < out.index(f"==> {ROOK_FILE} <==")
    assert out.index(f"==> {ROOK_FILE} <==") < out.index("Rook Gallant")


def test_show_several_files_as_json_is_a_list_of_what_each_shows():
    one = [
        json.loads(_invoke("show", str(f), "--format", "json").stdout)
        for f in (AMOS_FILE, ROOK_FILE)
    ]
    r = _invoke("show", str(AMOS_FILE), str(ROOK_FILE), "--format", "json")
    assert r.exit_code == 0, r.output
    both = json.loads(r.stdout)
    assert both == one
    assert [o["name"] for o in both] == ["Amos the Valiant", "Rook Gallant"]
    assert isinstance(one[0], dict) and one[0]["format_version"] == 1  # one file: an object


def test_show_several_files_explains_each():
    r = _invoke("show", str(AMOS_FILE), str(ROOK_FILE), "--explain", "derived.hp", "-f", "json")
    assert r.exit_code == 0, r.output
    assert [(o["path"], o["value"]) for o in json.loads(r.stdout)] == [
        ("derived.hp", 356),
        ("derived.hp", 185),
    ]


def test_show_several_files_fails_whole_on_a_file_that_would_fail_alone(tmp_path):
    techs = EXAMPLE / "techs" / "attacks.yaml"  # several documents: alone it needs --name
    r = _invoke("show", str(AMOS_FILE), str(techs))
    assert r.exit_code == 2
    assert "Amos the Valiant" not in r.stdout  # nothing printed before the refusal
    assert f"{techs} holds" in r.output and "pick one with --name" in r.output


# --------------------------------------------------------------------------- build --only


def _planned(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, *only: str) -> Any:
    """`zodiac build --only ...` with printing replaced by a list of the jobs given it."""
    from builder import build as b

    seen: list[Path] = []

    def run_parallel(ws: Any, jobs: list[Any], **kwargs: Any) -> list[Any]:
        seen.extend(job.out.relative_to(tmp_path) for job in jobs)
        return []

    monkeypatch.setattr(b, "run_parallel", run_parallel)
    args = ["build", str(EXAMPLE), "--out", str(tmp_path)]
    for name in only:
        args += ["--only", name]
    return _invoke(*args), seen


def test_build_only_given_twice_builds_both(monkeypatch, tmp_path):
    r, seen = _planned(monkeypatch, tmp_path, "bestiary", "Blank Sheet")
    assert r.exit_code == 0, r.output
    assert seen == [Path("blank-sheet.pdf"), Path("bestiary.pdf")]  # in the project's order


def test_build_only_the_same_book_twice_builds_it_once(monkeypatch, tmp_path):
    r, seen = _planned(monkeypatch, tmp_path, "bestiary", "bestiary.pdf")
    assert r.exit_code == 0, r.output
    assert seen == [Path("bestiary.pdf")]


def test_build_only_an_unknown_book_names_the_valid_ones(monkeypatch, tmp_path):
    r, seen = _planned(monkeypatch, tmp_path, "bestiary", "bestiery")
    assert r.exit_code == 2
    assert seen == []  # nothing printed when one name is wrong
    assert "no book named 'bestiery'" in r.output
    assert "characters.pdf" in r.output and "statuses.pdf" in r.output


# --------------------------------------------------------------------------- export


def test_export_schema_resolves_from_where_the_export_is_written(tmp_path):
    out = tmp_path / "somewhere" / "json"
    r = _invoke("export", str(EXAMPLE), "--to", "json", "--out", str(out))
    assert r.exit_code == 0, r.output
    exported = sorted(out.glob("*.json"))
    docs = [p for p in exported if not p.name.endswith(".schema.json")]
    assert {p.stem for p in docs} >= {"character", "monster", "tech"}
    for path in docs:
        doc = json.loads(path.read_text(encoding="utf-8"))
        schema_path = (path.parent / doc["$schema"]).resolve()
        assert schema_path.is_file(), doc["$schema"]
        schema = json.loads(schema_path.read_text(encoding="utf-8"))
        jsonschema.Draft202012Validator.check_schema(schema)
        errors = [e.message for e in jsonschema.Draft202012Validator(schema).iter_errors(doc)]
        assert errors == [], path.name
    assert f"wrote {out / 'export.schema.json'}" in r.output.replace("\n", " ")


def test_export_schema_beside_the_export_is_the_published_one(tmp_path):
    from builder.export import EXPORT_SCHEMA_FILE

    _invoke("export", str(EXAMPLE), "--to", "json", "--out", str(tmp_path))
    written = (tmp_path / EXPORT_SCHEMA_FILE).read_text(encoding="utf-8")
    assert written == (REPO / "schemas" / EXPORT_SCHEMA_FILE).read_text(encoding="utf-8")
