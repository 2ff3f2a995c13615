"""The content reference (issue 25) shows every field of every kind of every rule set."""

from __future__ import annotations

import re

from pydantic import Field

from builder.models.base import ZModel
from builder.reference import field_rows, nested_models, reference_page, type_name
from builder.rulesets import all_rulesets, get, resolve


def _section(page: str, heading: str) -> str:
    """The text under ``heading`` (``## kind`` or ``### Model``) up to the next heading."""
    match = re.search(rf"^{re.escape(heading)}\n(.*?)(?=^#|\Z)", page, re.M | re.S)
    assert match is not None, f"no {heading!r}"
    return match.group(1)


def _row(section: str, key: str) -> list[str] | None:
    """The cells of a table's row for ``key`` (``|`` inside a cell is written ``\\|``)."""
    line = next((x for x in section.splitlines() if x.startswith(f"| `{key}` |")), None)
    if line is None:
        return None
    return [c.strip() for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]]


def _has_example(section: str, key: str) -> bool:
    """The row has its sixth cell, the example, and it shows a value in code type."""
    cells = _row(section, key)
    return (
        cells is not None and len(cells) == 6 and re.fullmatch(r"`+ ?.+?`+", cells[5]) is not None
    )


def test_every_field_of_every_kind_has_a_row() -> None:
    """A model that gains a field the reference does not show, or a row without an
    example, fails here."""
    missing = []
    for rule_set in all_rulesets():
        page = reference_page(rule_set)
        for kind in rule_set.kinds:
            model = rule_set.model_for(kind)
            models = [(f"## {kind}", model)]
            models += [(f"### {m.__name__}", m) for m in nested_models(model)]
            for heading, m in models:
                if heading.startswith("###") and heading + "\n" not in page:
                    missing.append((rule_set.id, heading))
                    continue
                # a nested model shared by two kinds is written once, under the first
                section = _section(page, heading)
                for name, info in m.model_fields.items():
                    if not _has_example(section, info.alias or name):
                        missing.append((rule_set.id, heading, name))
        if rule_set.house_rules_model:
            section = _section(page, "## house_rules")
            for name in resolve(rule_set.house_rules_model).model_fields:
                if not _has_example(section, name):
                    missing.append((rule_set.id, "house_rules", name))
    assert missing == []


def test_a_row_says_type_default_allowed_values_and_description() -> None:
    page = reference_page(get("99-towers"))
    combatant = _section(page, "## combatant")
    assert (
        "| `size` | text | `medium` | `minuscule`, `diminutive`, `tiny`, `small`, `medium`, "
        "`large`, `huge`, `gargantuan`, `colossal` | One of the nine Creature Sizes. |"
    ) in combatant
    assert "| `endurance` | whole number | required | 0 to 99 | [E]: dead at -2 x E. |" in combatant
    assert "| `values` | [CombatValues](#combatvalues) | required |" in combatant
    # `<PA>` in a description is text, not an HTML tag
    assert "| `pa` | whole number | required | 0 to 99 | &lt;PA&gt; |" in page


def test_house_rules_say_what_they_change() -> None:
    section = _section(reference_page(get("zodiac")), "## house_rules")
    assert "| `relic_slots` | whole number | `1` | 1 to 2 | Relics equipped at once" in section
    assert "| damage_levels | 0 | Damage Levels (Ch. VI, OPTIONAL: Damage Levels) |" in section


def test_a_new_field_is_shown_without_writing_it_twice() -> None:
    class Grown(ZModel):
        """A model that grew."""

        sparkle: int = Field(3, ge=1, le=9, description="How much it shines.")
        hue: str | None = None

    rows = {r.key: r for r in field_rows(Grown)}
    assert rows["sparkle"].type == "whole number"
    assert rows["sparkle"].default == "`3`"
    assert rows["sparkle"].allowed == "1 to 9"
    assert rows["sparkle"].description == "How much it shines."
    assert rows["hue"].type == "text or none"


def test_type_names() -> None:
    assert type_name(list[int]) == "list of whole number"
    assert type_name(dict[str, bool]) == "mapping of text to true or false"
    assert type_name(int | None) == "whole number or none"


def test_an_example_is_what_the_example_project_writes() -> None:
    """From the example project's files where the key appears there, nested models too."""
    towers = reference_page(get("99-towers"))
    combatant = _section(towers, "## combatant")
    assert _row(combatant, "weapons")[5] == "`[service-pistol, shortblade]`"
    assert _row(combatant, "stun")[5] == "`10`"  # the first file, bandit.yaml: `stun: 10`
    assert _row(_section(towers, "### Strength"), "hard")[5] == "`2`"
    # a string YAML would read as a number is quoted, as the file writes it
    turns = reference_page(get("turns-and-actions"))
    assert _row(_section(turns, "## ability"), "range")[5] == '`"3"`'
    # zodiac.yaml's house_rules are examples too
    house = _section(reference_page(get("zodiac")), "## house_rules")
    assert _row(house, "relic_slots")[5] == "`1`"
    assert _row(house, "map_combat")[5] == "`true`"


def test_an_example_where_no_file_writes_the_key() -> None:
    """Else the field's own examples, its default, its first allowed value, or its name's
    id; a long value is cut short."""
    zodiac = reference_page(get("zodiac"))
    status = _section(zodiac, "## status")  # no status in the example project
    assert _row(status, "duration")[5] == "`temporary`"  # the first allowed value
    house = _section(zodiac, "## house_rules")
    assert _row(house, "damage_levels")[5] == "`0`"  # the default
    tactics = _section(reference_page(get("16-bit-tactics")), "## character")
    assert _row(tactics, "ruleset")[5] == "`16-bit-tactics`"
    assert _row(tactics, "id")[5] == "`bram-holloway`"  # the first file: Bram Holloway

    class Grown(ZModel):
        """A model nothing writes."""

        sparkle: int = Field(3, ge=1, le=9)
        glow: int = Field(ge=2)
        hue: str = Field(examples=["teal"])
        tale: str = "x" * 100

    rows = {r.key: r.example for r in field_rows(Grown)}
    assert rows == {"sparkle": "3", "glow": "2", "hue": "teal", "tale": "x" * 47 + "…"}


def test_every_example_is_a_value_its_field_takes() -> None:
    """Read back as YAML, each example (those not cut short) passes its field's type,
    bounds and closed lists: the page never shows a value a file could not write."""
    from pydantic import TypeAdapter, ValidationError
    from ruamel.yaml import YAML

    from builder.reference import example_values

    yaml = YAML(typ="safe", pure=True)
    wrong, checked = [], 0
    for rule_set in all_rulesets():
        seen = example_values(rule_set)
        models = [
            m
            for k in rule_set.kinds
            for m in (rule_set.model_for(k), *nested_models(rule_set.model_for(k)))
        ]
        if rule_set.house_rules_model:
            house = resolve(rule_set.house_rules_model)
            models += [house, *nested_models(house)]
        for model in dict.fromkeys(models):
            rows = {r.key: r for r in field_rows(model, seen)}
            for name, info in model.model_fields.items():
                example = rows[info.alias or name].example
                if example.endswith("…"):
                    continue
                checked += 1
                try:
                    TypeAdapter(info.annotation).validate_python(yaml.load(example))
                except ValidationError as e:
                    wrong.append((rule_set.id, model.__name__, name, example, str(e)))
    assert wrong == []
    assert checked > 300  # most rows: only long values are cut short
