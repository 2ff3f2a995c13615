"""Every YAML example of the README and the manual validates or fails as its text says (#25).

Each ```yaml block is preceded by a marker saying what it is:

- ``<!-- example: valid ruleset=ID -->``: a whole document that `zodiac validate` passes
  (exit 0, no error) in a scratch project of that rule set;
- ``<!-- example: fails CODE ruleset=ID -->``: a whole document that fails with CODE;
- ``<!-- example: fragment -->``: part of a file (a key or two of `zodiac.yaml`, a list
  item), or another tool's file (a workflow, pre-commit's config): only parsed as YAML.

A whole document is written into a copy of the rule set's example project
(``content/examples/ID``), so it may name the example's equipment and Techs, as
``example.yaml`` or as ``file=PATH`` (a file of the project it stands for, replaced:
``file=characters/amos.yaml``, ``file=zodiac.yaml``); ``in=starter`` takes the project
`zodiac init --ruleset ID` writes instead. A yaml block with no marker fails the suite.
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

import pytest
from ruamel.yaml import YAML
from typer.testing import CliRunner

from builder.cli.app import app
from builder.rulesets import all_rulesets
from tests.conftest import REPO
from tests.fenced import Fenced, all_blocks

EXAMPLES = REPO / "content" / "examples"
YAML_BLOCKS = all_blocks("yaml")


@dataclass(frozen=True)
class Example:
    """What a marker promises about its block."""

    verdict: str  # valid | fails | fragment
    code: str | None = None  # the code a "fails" example must get
    ruleset: str = "zodiac"
    base: str = "example"  # example | starter: the project the document is checked in
    file: str = "example.yaml"  # where in that project it is written


_WORDS = re.compile(r"^example:\s*(?P<rest>.*)$")


def parse_marker(marker: str | None) -> Example:
    """The marker's promise; ValueError saying what is wrong with one that makes none."""
    words = _WORDS.match(marker or "")
    if words is None:
        raise ValueError("no `<!-- example: valid|fails CODE|fragment ... -->` before it")
    verdict, *rest = words.group("rest").split()
    if verdict == "fragment":
        if rest:
            raise ValueError(f"a fragment takes no options: {rest}")
        return Example("fragment")
    code = None
    if verdict == "fails":
        if not rest or not re.fullmatch(r"[A-Z]{2}\d{3}", rest[0]):
            raise ValueError("`fails` names the code it gets: `fails ZC102`")
        code, rest = rest[0], rest[1:]
    elif verdict != "valid":
        raise ValueError(f"{verdict!r}: an example is valid, fails CODE, or a fragment")
    options = dict(word.partition("=")[::2] for word in rest)
    unknown = set(options) - {"ruleset", "in", "file"}
    if unknown or "" in options.values():
        raise ValueError(f"options are ruleset=ID, in=example|starter, file=PATH: {rest}")
    ruleset = options.get("ruleset", "zodiac")
    if ruleset not in {r.id for r in all_rulesets()}:
        raise ValueError(f"no rule set {ruleset!r}")
    base = options.get("in", "example")
    if base not in ("example", "starter"):
        raise ValueError(f"in={base}: example or starter")
    file = options.get("file", "example.yaml")
    if PurePosixPath(file).is_absolute() or ".." in PurePosixPath(file).parts:
        raise ValueError(f"file={file} must stay inside the project")
    return Example(verdict, code, ruleset, base, file)


def validate_example(example: Example, text: str, tmp: Path) -> tuple[int, str]:
    """Write the document into a scratch project of its rule set; `zodiac validate`'s
    exit code and output (the whole project for `zodiac.yaml`, else the file in it)."""
    project = tmp / "project"
    runner = CliRunner()
    if example.base == "example":
        shutil.copytree(EXAMPLES / example.ruleset, project)
    else:
        r = runner.invoke(app, ["init", str(project), "--ruleset", example.ruleset])
        assert r.exit_code == 0, r.output
    target = project / example.file
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")
    checked = project if example.file == "zodiac.yaml" else target
    r = runner.invoke(app, ["validate", str(checked)], catch_exceptions=True)
    if r.exception and not isinstance(r.exception, SystemExit):
        raise r.exception
    return r.exit_code, r.output


def holds(example: Example, exit_code: int, output: str) -> bool:
    """The verdict the marker promised is what `validate` gave."""
    if example.verdict == "valid":
        return exit_code == 0 and not re.search(r"\berror [A-Z]{2}\d{3}\b", output)
    return exit_code == 1 and re.search(rf"\berror {example.code}\b", output) is not None


def _text(block: Fenced) -> str:
    return "\n".join(block.body) + "\n"


# --------------------------------------------------------------------------- the reader


def test_markers_are_read():
    assert parse_marker("example: fragment") == Example("fragment")
    assert parse_marker("example: valid ruleset=99-towers") == Example("valid", None, "99-towers")
    assert parse_marker("example: fails ZC102 ruleset=zodiac file=characters/x.yaml") == (
        Example("fails", "ZC102", "zodiac", "example", "characters/x.yaml")
    )
    assert parse_marker("example: valid in=starter file=zodiac.yaml").base == "starter"
    for bad in (
        None,
        "not run: no",
        "example: fails",
        "example: maybe",
        "example: valid ruleset=chess",
        "example: valid file=../outside.yaml",
        "example: valid colour=red",
        "example: fragment ruleset=zodiac",
    ):
        with pytest.raises(ValueError):
            parse_marker(bad)


def test_the_yaml_blocks_were_found():
    pages = {b.page for b in YAML_BLOCKS}
    assert {"docs/guide/writing-content.md", "docs/guide/campaign.md", "docs/ci.md"} <= pages
    verdicts = [parse_marker(b.marker).verdict for b in YAML_BLOCKS if b.marker]
    assert {"valid", "fails", "fragment"} <= set(verdicts), verdicts


def test_every_yaml_block_says_what_it_is():
    unmarked = []
    for block in YAML_BLOCKS:
        try:
            parse_marker(block.marker)
        except ValueError as e:
            unmarked.append(f"{block.where}: {e}")
    assert not unmarked, "\n".join(unmarked)


def test_a_wrong_promise_is_caught(tmp_path: Path):
    """The check bites: a document that fails is not passed as valid, nor as failing with
    another code."""
    broken = "kind: tech\nname: Ember Swing\ntech_level: 99\nprimary: power_attack\n"
    code, output = validate_example(Example("valid"), broken, tmp_path / "a")
    assert not holds(Example("valid"), code, output), output
    assert not holds(Example("fails", "ZC102"), code, output), output
    found = re.search(r"\berror ([A-Z]{2}\d{3})\b", output)
    assert found and holds(Example("fails", found.group(1)), code, output), output


# --------------------------------------------------------------------------- the pages

WHOLE = [b for b in YAML_BLOCKS if b.marker and b.marker.split()[1:2] in (["valid"], ["fails"])]
FRAGMENTS = [b for b in YAML_BLOCKS if b.marker and b.marker.split()[1:2] == ["fragment"]]


@pytest.mark.parametrize("block", WHOLE, ids=lambda b: b.where)
def test_a_whole_document_example_validates_as_its_marker_says(block: Fenced, tmp_path: Path):
    example = parse_marker(block.marker)
    code, output = validate_example(example, _text(block), tmp_path)
    promised = "valid" if example.verdict == "valid" else f"fails {example.code}"
    assert holds(example, code, output), f"{block.where} says {promised}; got {code}:\n{output}"


@pytest.mark.parametrize("block", FRAGMENTS, ids=lambda b: b.where)
def test_a_fragment_is_yaml(block: Fenced):
    loaded = YAML(typ="safe").load(_text(block))
    assert isinstance(loaded, dict | list), f"{block.where}: {loaded!r}"
