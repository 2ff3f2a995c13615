"""The "Adding a rule set" checklist, worked: tests/fixtures/tiny_ruleset (one kind, one
check, one card) registered through the registry, with no ``run_checks`` of its own."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from builder import rulesets
from tests.cli.test_rules_cli import raised_codes
from tests.conftest import REPO

FIXTURE = REPO / "tests" / "fixtures" / "tiny_ruleset"

GEM = """\
kind: gem
name: Moonstone
facets: 8
carats: 12
"""


def _clear() -> None:
    for cached in (rulesets.get, rulesets._model, rulesets._check):
        cached.cache_clear()


@pytest.fixture
def tiny(monkeypatch: pytest.MonkeyPatch) -> Iterator[rulesets.RuleSet]:
    """Checklist step 2, in a test: one line in ``_REGISTRY``."""
    monkeypatch.setitem(rulesets._REGISTRY, "tiny", "tests.fixtures.tiny_ruleset:RULESET")
    _clear()
    yield rulesets.get("tiny")
    _clear()


@pytest.fixture
def gems(tiny, write) -> Path:
    write("zodiac.yaml", "ruleset: tiny\ntitle: Gems\n")
    return write("gems.yaml", GEM)


def test_it_registers_no_run_checks(tiny) -> None:
    assert tiny.run_checks is None and set(tiny.checks) == {"gem"}
    assert "tiny" in rulesets.ids()


def test_its_check_runs_and_lands_on_the_line(zodiac, gems) -> None:
    r = zodiac("validate", ".", "--format", "json")
    assert r.exit_code == 1
    [d] = r.json()
    assert (d["path"], d["line"], d["column"], d["code"]) == ("gems.yaml", 4, 9, "TY101")
    assert d["message"] == "Moonstone has 12 carats but 8 facets; give it at most 8 carats"
    gems.write_text(GEM.replace("carats: 12", "carats: 8"), encoding="utf-8")
    assert zodiac("validate", ".", "--format", "json").json() == []


def test_its_model_refuses_an_unknown_field(zodiac, gems) -> None:
    gems.write_text(GEM + "shine: 3\n", encoding="utf-8")
    [d] = zodiac("validate", ".", "--format", "json").json()
    assert (d["code"], d["line"]) == ("ZS102", 5)


def test_rules_codes_lists_its_code(zodiac, tiny) -> None:
    r = zodiac("rules", "codes", "TY")
    assert r.exit_code == 0 and "TY101" in r.stdout and "more carats than facets" in r.stdout


def test_a_code_raised_but_not_listed_is_caught_for_its_prefix(tiny) -> None:
    source = (FIXTURE / "checks.py").read_text(encoding="utf-8")
    assert raised_codes(source) == {"TY101"}
    assert raised_codes(source.replace('"TY101",', '"TY102",')) == {"TY101", "TY102"}


def test_its_card_renders_from_the_context(gems, write, tmp_path) -> None:
    """Checklist step 4: the book's context builder and template, rendered (no PDF)."""
    from builder import build
    from builder.render.env import make_environment
    from builder.workspace import open_workspace

    write("zodiac.yaml", "ruleset: tiny\ntitle: Gems\ntemplates: templates\nbooks:\n"
          "  - {title: Gem Cards, output: gems.pdf, holds: gem_cards}\n")  # fmt: skip
    gems.write_text(GEM.replace("Moonstone", "<b>Moon</b>"), encoding="utf-8")
    shutil.copytree(FIXTURE / "templates", tmp_path / "templates")
    ws = open_workspace([tmp_path])
    assert [d.code for d in ws.report.diagnostics] == ["TY101"]
    [job] = build.plan(ws, ws.config, tmp_path / "out")
    template = make_environment(tmp_path / "templates").get_template("tiny/gems.html")
    html = template.render(build.context_for(ws, job))
    assert "<h2>&lt;b&gt;Moon&lt;/b&gt;</h2>" in html and "Sparkle 16" in html
