"""Every diagnostic code's cases as data: a failing document and its passing twin (issue 27).

The loader, the runner and NO_CASE live in ``builder/codepages.py`` (the manual's code
pages read the same files). The cases live in ``tests/data/rule_cases/<ruleset-id>/<module>.yml``, one file per check
module (its ``CODES`` table), after SQLFluff's ``std_rule_cases``. One test runs them all
in-process: each case's files are written into a fresh project of its rule set and
validated as `zodiac validate` does; the failing files get exactly the diagnostics the
case lists (code, file:line:col, a piece of the message) and the passing twin gets none of
the case's code. Issue 25 builds one documentation page per code from the same files.

A case file::

    ruleset: zodiac            # the project's `ruleset:` (zodiac.yaml gets a title too)
    module: builder.rulesets.zodiac.checks.jobs   # whose CODES it covers (or "loader")
    setup:                     # optional: files every case of this file also gets
      techs.yaml: |
        kind: tech ...
    cases:
      - code: ZJ101
        description: one line, what the case shows
        fail:                  # file -> YAML text: the documents that break the rule
          job.yaml: |
            kind: job ...
        expect:                # every diagnostic the project gets, in file order
          - {code: ZJ101, file: job.yaml, line: 8, column: 13, message: "above 15"}
        pass:                  # the twin: these files replace the failing ones
          job.yaml: |
            kind: job ...
        lint: true             # optional: run the balance linter too (ZL codes)

A file named ``zodiac.yaml`` in ``fail`` or ``pass`` replaces the project file (house
rules, or the loader's ZP codes). Cases must stay cheap: the whole set runs well under a
minute of CPU.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from ruamel.yaml import YAML

from builder.codepages import NO_CASE, Case, cases_dir, load_cases, run_files
from builder.codes import all_codes

CASES_DIR = cases_dir()

# Codes whose cases are still to be converted from their tests: none left (every code has
# a case or a reason in builder.codepages.NO_CASE). It stays empty: a new code gets its
# case with it.
NOT_YET: frozenset[str] = frozenset()


CASES = load_cases()


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "case"
    root.mkdir()
    monkeypatch.chdir(root)  # diagnostics' paths are relative to the working folder
    return root


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_case_fails_as_listed_and_its_twin_passes(
    case: Case, project: Path, tmp_path: Path
) -> None:
    found = run_files(project, case.ruleset, {**case.setup, **case.fail}, lint=case.lint)
    got = [(d.code, d.path, d.line, d.column) for d in found]
    want = [(e.code, e.file, e.line, e.column) for e in case.expect]
    assert got == want, [d.to_json() for d in found]
    for d, e in zip(found, case.expect, strict=True):
        assert e.message in d.message, (e, d.message)
    assert case.code in {e.code for e in case.expect}, "a case lists its own code"

    twin = tmp_path / "twin"
    twin.mkdir()
    os.chdir(twin)
    files = {**case.setup, **case.fail, **case.passing}
    passed = run_files(twin, case.ruleset, files, lint=case.lint)
    assert [d.to_json() for d in passed if d.code == case.code] == []


def test_every_code_has_a_case() -> None:
    """A new code without a case (or a reason in NO_CASE) fails here."""
    covered = {c.code for c in CASES}
    missing = set(all_codes()) - covered - set(NO_CASE) - NOT_YET
    assert sorted(missing) == []
    assert sorted(covered & NOT_YET) == [], "take these out of NOT_YET: they have cases"
    assert sorted(covered - set(all_codes())) == [], "a case for a code no CODES lists"
    assert sorted(covered & set(NO_CASE)) == [], "a code with a case needs no reason"


def test_case_files_name_their_module_and_rule_set() -> None:
    """Each file covers one check module's CODES, under its rule set's folder."""
    import importlib

    from builder import rulesets
    from builder.codes import LOADING

    yaml = YAML(typ="safe", pure=True)
    for path in sorted(CASES_DIR.rglob("*.yml")):
        data = yaml.load(path.read_text(encoding="utf-8"))
        assert path.parent.name == data["ruleset"], path
        assert data["ruleset"] in rulesets.ids(), path
        module = data["module"]
        codes = LOADING if module == "loader" else importlib.import_module(module).CODES
        for case in data["cases"]:
            assert case["code"] in codes, (path.name, case["code"], module)
