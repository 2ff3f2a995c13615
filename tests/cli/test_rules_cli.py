"""`zodiac rules codes` lists every code the checks can raise."""

import re
from pathlib import Path

from builder.codes import all_codes
from builder.rulesets import all_rulesets
from tests.conftest import REPO


def raised_codes(source: str) -> set[str]:
    """Every quoted code in ``source`` of a registered prefix: the loader's Z codes and each
    rule set's ``code_prefixes`` (BT, NT, TA, ZC, ..., and any rule set registered later)."""
    prefixes = {"Z[A-Z]", *(p for rs in all_rulesets() for p in rs.code_prefixes)}
    pattern = "|".join(sorted(prefixes))
    return set(re.findall(rf'"((?:{pattern})\d{{3}})"', source))


def test_every_code_raised_in_the_source_is_listed():
    raised = set()
    for path in (REPO / "builder").rglob("*.py"):
        raised |= raised_codes(Path(path).read_text(encoding="utf-8"))
    listed = set(all_codes())
    assert raised - listed == set(), "add these to a CODES table"


def test_every_rule_sets_prefix_is_searched():
    """Issue 27: the search once saw only Z codes; a BT, NT or TA code went unseen."""
    source = '"BT999", "NT999", "TA999", "ZC999", "ZY999", "XX999"'
    assert raised_codes(source) == {"BT999", "NT999", "TA999", "ZC999", "ZY999"}


def test_rules_codes_filter_and_json(zodiac):
    r = zodiac("rules", "codes", "ZC10")
    assert r.exit_code == 0
    assert "ZC102" in r.stdout and "above 15" in r.stdout
    assert "ZT101" not in r.stdout
    data = zodiac("rules", "codes", "--format", "json").json()["codes"]
    assert data["ZY103"] == "duplicate key in a mapping"
    assert zodiac("rules", "codes", "ZQ").exit_code == 1
