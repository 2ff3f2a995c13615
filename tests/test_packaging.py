"""What a fresh machine relies on: declared floors, the README's CI blocks, shipped documents.

Trust issue: the README's lines must work as written on a new machine, the floors in
pyproject.toml must be true, and the rulings every message cites ship with the package.
"""

from __future__ import annotations

import importlib.util
import re
import tomllib
from pathlib import Path

import pytest

from builder.floors import SECURITY_FLOORS, parse_version, too_old
from tests.conftest import REPO

PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))


def _ci_module(name: str):
    spec = importlib.util.spec_from_file_location(name, REPO / ".ci" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_security_floors_match_pyproject():
    """The start-up check and pip's floor name the same releases."""
    declared = {}
    for dep in PYPROJECT["project"]["dependencies"]:
        m = re.match(r"([A-Za-z0-9_.\-]+)\s*>=\s*([^,;\s]+)", dep)
        declared[m.group(1).lower()] = m.group(2)
    for name, (floor, _) in SECURITY_FLOORS.items():
        assert declared[name] == floor


@pytest.mark.parametrize(
    ("text", "expected"),
    [("70.0", (70,)), ("3.1.6", (3, 1, 6)), ("3.1.6rc1", (3, 1, 5)), ("62.3", (62, 3))],
)
def test_parse_version(text, expected):
    assert parse_version(text) == expected


def test_too_old_names_the_package_and_the_fix():
    problems = too_old({"weasyprint": "62.3", "jinja2": "3.1.6"})
    assert len(problems) == 1
    assert problems[0].startswith("weasyprint 62.3 is installed, but zodiac needs 70 or newer")
    assert "pip install 'weasyprint>=70'" in problems[0]
    assert too_old({"weasyprint": "70.0", "jinja2": "3.1.5"})[0].startswith("jinja2 3.1.5")
    assert too_old({"weasyprint": "71", "jinja2": "3.2.0"}) == []


def test_this_environment_meets_the_security_floors():
    assert too_old() == []


def test_minimums_pins_every_runtime_floor():
    pins = _ci_module("minimums").floors(PYPROJECT["project"]["dependencies"])
    assert "weasyprint==70" in pins
    assert "jinja2==3.1.6" in pins
    assert "ruamel.yaml.clib==0.2.8; platform_python_implementation == 'CPython'" in pins
    assert len(pins) == len(PYPROJECT["project"]["dependencies"])


def test_minimums_refuses_a_dependency_without_a_floor():
    with pytest.raises(SystemExit, match="declares no floor"):
        _ci_module("minimums").floors(["typer"])


def test_readme_blocks_ci_runs():
    """.ci/run reads these four blocks; system packages come before the virtualenv."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    names = ("system", "browser", "setup", "test")
    blocks = {n: _ci_module("readme").block(n, readme) for n in names}
    assert blocks["system"].startswith("apt-get update && apt-get install -y")
    assert "python3-venv" in blocks["system"] and "libpango-1.0-0" in blocks["system"]
    assert blocks["setup"].startswith("python3 -m venv .venv && . .venv/bin/activate")
    assert blocks["test"].endswith("python -m pytest -n auto")  # pytest-xdist, test extra
    assert blocks["browser"] == "apt-get install -y chromium chromium-driver"
    assert readme.index("ci: system") < readme.index("ci: setup") < readme.index("ci: test")


def test_test_extra_builds_the_wheel_offline():
    """tests/test_wheel.py builds with --no-build-isolation: hatchling must be a test extra."""
    test_extra = " ".join(PYPROJECT["project"]["optional-dependencies"]["test"])
    assert "hatchling" in test_extra


def test_package_metadata_is_complete():
    project = PYPROJECT["project"]
    assert project["authors"] and project["urls"] and project["classifiers"]
    assert (REPO / "LICENSE").read_text().startswith("MIT License")
    force = PYPROJECT["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert force["docs/RULINGS.md"] == "builder/_data/docs/RULINGS.md"


def test_shipped_rulings_are_the_shared_rulings():
    """docs/RULINGS.md is the copy that ships; it must not drift from the team's rulings."""
    shared = REPO.parent / "shared" / "RULINGS.md"
    if not shared.is_file():
        pytest.skip("no ../shared/RULINGS.md beside this checkout")
    assert (REPO / "docs" / "RULINGS.md").read_bytes() == shared.read_bytes()


def test_every_ruling_a_message_cites_is_in_the_shipped_rulings():
    rulings = (REPO / "docs" / "RULINGS.md").read_text(encoding="utf-8")
    defined = set(re.findall(r"^- (R\d+)\.", rulings, re.MULTILINE))
    assert len(defined) == 51
    cited = set()
    for path in Path(REPO / "builder").rglob("*.py"):
        cited |= set(re.findall(r"\bR\d{1,2}\b", path.read_text(encoding="utf-8")))
    assert cited, "no ruling cited anywhere?"
    assert cited <= defined, sorted(cited - defined)


def test_zodiac_refuses_to_start_below_a_security_floor(zodiac, monkeypatch):
    """Trust issue: the floors are checked at start-up, not only by pip."""
    from importlib import metadata

    real = metadata.version
    monkeypatch.setattr(
        metadata, "version", lambda name: "62.3" if name == "weasyprint" else real(name)
    )
    r = zodiac("rules", "codes", "ZY")
    assert r.exit_code == 2
    assert "weasyprint 62.3 is installed, but zodiac needs 70 or newer" in r.output
