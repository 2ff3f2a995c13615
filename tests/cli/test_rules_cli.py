"""`zodiac rules codes` lists every code the checks can raise."""

import re
from pathlib import Path

from builder.codes import all_codes
from tests.conftest import REPO


def test_every_code_raised_in_the_source_is_listed():
    raised = set()
    for path in (REPO / "builder").rglob("*.py"):
        raised |= set(re.findall(r'"(Z[A-Z]\d{3})"', Path(path).read_text(encoding="utf-8")))
    listed = set(all_codes())
    assert raised - listed == set(), "add these to a CODES table"


def test_rules_codes_filter_and_json(zodiac):
    r = zodiac("rules", "codes", "ZC10")
    assert r.exit_code == 0
    assert "ZC102" in r.stdout and "above 15" in r.stdout
    assert "ZT101" not in r.stdout
    data = zodiac("rules", "codes", "--format", "json").json()["codes"]
    assert data["ZY103"] == "duplicate key in a mapping"
    assert zodiac("rules", "codes", "ZQ").exit_code == 1
