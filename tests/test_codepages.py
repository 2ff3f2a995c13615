"""Every code's page (issue 25): made from the rule cases, the same in the manual and in
`zodiac rules codes CODE`."""

from __future__ import annotations

import pytest

from builder.codepages import NO_CASE, cases_for, code_page, load_cases
from builder.codes import all_codes

CASES = load_cases()


def test_a_page_shows_the_check_the_rule_the_failure_and_the_twin() -> None:
    page = code_page("ZT101")
    assert page.startswith("# ZT101\n\n**What it checks:** Tech Level not allowed")
    assert "**Rule set:** zodiac." in page
    assert "**Rule cited:** R12." in page
    # the whole line `zodiac validate` prints, message and rule, not the case's fragment
    assert (
        "tech.yaml:3:13: error ZT101 Break Arts cannot be Tech Level 3; use 2, 4, 6 [R12]" in page
    )
    failing, twin = page.split("Passing twin:", 1)
    assert "tech_level: 3\nprimary: break_arts" in failing
    assert "tech_level: 4\nprimary: break_arts" in twin.split("## Example 2")[0]


def test_a_lint_page_names_the_lint_command() -> None:
    code = next(c.code for c in CASES if c.lint)
    assert "`zodiac validate --lint` prints:" in code_page(code)


def test_a_code_without_a_case_says_why() -> None:
    page = code_page("ZY112")
    assert cases_for("ZY112") == []
    assert f"No example: {NO_CASE['ZY112']}." in page
    assert "**Rule set:** every rule set (the loader)." in page


def test_an_unknown_code_has_no_page() -> None:
    with pytest.raises(KeyError):
        code_page("ZQ999")


def test_every_page_shows_every_diagnostic_its_cases_expect() -> None:
    """A page cannot show an example that does not fail as shown: each expected diagnostic
    of each case is a printed line of its code's page (file:line:col, code, message)."""
    missing = []
    for code in all_codes():
        page = code_page(code)
        printed = [line for line in page.splitlines() if ": error " in line or ": warning " in line]
        for case in cases_for(code):
            for e in case.expect:
                head = f"{e.file}:{e.line}:{e.column}: "
                if not any(
                    p.startswith(head) and f" {e.code} " in p and e.message in p for p in printed
                ):
                    missing.append((code, case.source, e))
    assert missing == []


def test_rules_codes_code_prints_the_page(zodiac) -> None:
    r = zodiac("rules", "codes", "zt101")
    assert r.exit_code == 0
    assert r.stdout.rstrip("\n") == code_page("ZT101").rstrip("\n")


def test_rules_codes_prefix_still_lists(zodiac) -> None:
    r = zodiac("rules", "codes", "ZT10")
    assert r.exit_code == 0
    assert "ZT101" in r.stdout and "ZT102" in r.stdout and "**What it checks:**" not in r.stdout


def test_a_case_heading_does_not_repeat_the_code_summary() -> None:
    """ZT101's cases were titled with ZT101's own sentence, ten times over."""
    from builder.codepages import code_page

    headings = [line for line in code_page("ZT101").splitlines() if line.startswith("## ")]
    assert headings[0] == "## Example 1: r12 break arts 2 4 6"
    assert not any("not allowed for this primary effect" in h for h in headings)
