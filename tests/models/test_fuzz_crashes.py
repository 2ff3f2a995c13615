"""Wrong-typed values are diagnostics, never a crash (issue "Trust", finding 2)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from builder.diagnostics import from_validation_error
from builder.io.project import load_content
from builder.rulesets.zodiac.models.equipment import ArmorAbility, RelicOption, RelicSet
from tests.conftest import AMOS

RELICS = """\
kind: relic_set
name: Trinkets
relics:
  - name: Charm
    options:
      - status_immunity: {value}
"""


@pytest.mark.parametrize(
    ("value", "shown"),
    [("5", "5"), ("{poison: 1}", "{'poison': 1}")],
)
def test_relic_status_immunity_of_the_wrong_type_is_an_error(write, value, shown):
    """A `TypeError` in the equipment models: a validator that assumes a type before
    pydantic checked it (`list(5)` on a relic's status_immunity parameter)."""
    content = load_content([write("r.yaml", RELICS.format(value=value))])
    assert [(d.code, d.line, d.column, d.message) for d in content.diagnostics] == [
        (
            "ZS106",
            6,
            9,
            "relics[0].options[0]: status_immunity takes a status or a list of statuses, "
            f"e.g. `- status_immunity: poison`, not {shown}",
        )
    ]


@pytest.mark.parametrize("param", [5, 2.5, True, {"a": 1}, [["poison"]], [None]])
def test_no_equipment_validator_raises_anything_but_a_validation_error(param):
    """Fuzz: wrong-typed values fed to each parameter-taking equipment validator."""
    for model, ids in (
        (RelicOption, ["status_immunity", "stat_boost", "elemental_boost", "critical_boost"]),
        (ArmorAbility, ["status_immunity", "stat_boost", "elemental_resistance"]),
    ):
        for aid in ids:
            try:
                model.model_validate({aid: param})
            except ValidationError as exc:
                assert all(p.code.startswith("ZS") for p in from_validation_error(exc))


def test_unknown_key_with_a_bracket_is_reported(write):
    """An `IndexError` in the pydantic-error mapping on an unknown key `descrip[tion:`:
    the code dropped path parts containing `[` and then indexed `loc[-1]` on an empty
    tuple."""
    content = load_content([write("c.yaml", AMOS + '"descrip[tion:": Tall\n')])
    assert [(d.code, d.line, d.column, d.message) for d in content.diagnostics] == [
        ("ZS102", 12, 1, "unknown field 'descrip[tion:'; did you mean 'description'?")
    ]


def test_unknown_bracket_key_without_the_data_is_still_named():
    """Callers that do not pass the data (`tech cost`) get the key too, not an IndexError."""
    with pytest.raises(ValidationError) as exc:
        RelicSet.model_validate({"kind": "relic_set", "name": "X", "relics": [], "a[b]": 1})
    [problem] = from_validation_error(exc.value)
    assert (problem.code, problem.path, problem.message) == (
        "ZS102",
        ("a[b]",),
        "unknown field 'a[b]'; remove it or check its spelling",
    )


def test_nested_key_that_looks_like_a_branch_name_keeps_its_place(write):
    """A user's key shaped like a union branch (`x[y]`) is told apart by the data's keys."""
    text = AMOS.replace("  - {str: 2, agi: 1}", "  - {str: 2, agi: 1, 'x[y]': 1}")
    content = load_content([write("c.yaml", text)])
    assert [(d.code, d.line, d.column, d.message) for d in content.diagnostics] == [
        ("ZS102", 10, 22, "unknown field 'x[y]'; remove it or check its spelling")
    ]


def test_union_branch_names_are_dropped_from_the_path(write):
    """Branch names (`ref[inline]`) are not YAML keys: the path is the user's."""
    text = AMOS + "techs:\n  - tech: {name: Biff, tech_level: two, primary: power_attack}\n"
    content = load_content([write("c.yaml", text)])
    assert [(d.code, d.line, d.column, d.message) for d in content.diagnostics] == [
        ("ZS104", 13, 36, "techs[0].tech.tech_level: expected a whole number, got 'two'")
    ]
