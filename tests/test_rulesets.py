"""Rule sets as plug-ins (issue #9): the registry, `ruleset:` in projects and documents."""

from __future__ import annotations

import pytest

from builder import rulesets
from builder.rulesets import RuleSet
from builder.rulesets.zodiac import RULESET

RAT = """\
kind: monster
name: Tunnel Rat
level: 1
stats: {str: 8, mag: 2, vit: 8, spr: 4, agi: 8}
attack_die: d6
"""


def test_zodiac_is_registered_and_default():
    assert rulesets.ids()[0] == rulesets.DEFAULT == "zodiac"
    assert rulesets.get("zodiac") is RULESET
    assert RULESET.kinds == sorted(
        ["armor_set", "character", "enemy_skill", "job", "monster", "potion", "relic_set",
         "status", "tech", "weapon_set"]
    )  # fmt: skip
    assert RULESET.model_for("monster").__name__ == "Monster"


def test_every_code_of_a_rule_set_starts_with_its_prefixes():
    for rule_set in rulesets.all_rulesets():
        codes = rule_set.codes()
        assert codes
        assert all(code.startswith(rule_set.code_prefixes) for code in codes), rule_set.id


@pytest.fixture
def other_game(monkeypatch):
    """A second, tiny rule set registered for the test: kinds keyed by (rule set, kind)."""
    game = RuleSet(
        id="other-game",
        title="Other",
        code_prefixes=("XX",),
        models={"monster": "builder.models.project:Book"},
    )
    monkeypatch.setitem(rulesets._REGISTRY, "other-game", f"{__name__}:_OTHER")
    monkeypatch.setitem(globals(), "_OTHER", game)
    rulesets.get.cache_clear()
    rulesets._model.cache_clear()
    yield game
    rulesets.get.cache_clear()
    rulesets._model.cache_clear()


def test_project_ruleset_defaults_to_zodiac_and_can_be_said(zodiac, write):
    write("zodiac.yaml", "title: T\nruleset: zodiac\n")
    write("m.yaml", RAT.replace("kind: monster", "kind: monster\nruleset: zodiac"))
    r = zodiac("validate", "--format", "json")
    assert (r.exit_code, r.json()) == (0, [])


def test_unknown_project_ruleset_is_located_with_did_you_mean(zodiac, write):
    write("zodiac.yaml", "title: T\nruleset: zodaic\n")
    r = zodiac("validate", "--format", "json")
    [d] = [d for d in r.json() if d["code"] == "ZP104"]
    assert (d["path"], d["line"], d["column"]) == ("zodiac.yaml", 2, 10)
    assert "unknown rule set 'zodaic'; did you mean 'zodiac'?" in d["message"]
    assert r.exit_code == 1


def test_unknown_document_ruleset_is_located_with_did_you_mean(zodiac, write):
    write("zodiac.yaml", "title: T\n")
    write("m.yaml", "kind: monster\nruleset: zodiak\nname: Rat\n")
    r = zodiac("validate", "--format", "json")
    [d] = r.json()
    assert (d["path"], d["line"], d["column"], d["code"]) == ("m.yaml", 2, 10, "ZY117")
    assert "unknown rule set 'zodiak'; did you mean 'zodiac'?" in d["message"]


def test_a_document_of_another_rule_set_is_refused_in_a_zodiac_project(zodiac, write, other_game):
    write("zodiac.yaml", "title: T\n")
    write("m.yaml", "kind: monster\nruleset: other-game\nname: Rat\n")
    r = zodiac("validate", "--format", "json")
    [d] = r.json()
    assert (d["line"], d["code"]) == (2, "ZY117")
    assert "for rule set 'other-game', but its project uses 'zodiac'" in d["message"]


def test_kinds_are_keyed_by_rule_set(zodiac, write, other_game):
    """The same `kind: monster` reads with the project's rule set's model."""
    write("zodiac.yaml", "title: T\nruleset: other-game\n")
    write("m.yaml", "kind: monster\ntitle: Rats\noutput: rats.pdf\nholds: bestiary\n")
    r = zodiac("validate", "--format", "json")
    assert [d["code"] for d in r.json()] == ["ZS102"]  # `kind` is no field of that model


def test_a_book_its_rule_set_does_not_print_is_located(zodiac, write):
    write(
        "zodiac.yaml",
        "title: T\nbooks:\n  - {title: B, output: b.pdf, holds: Monster Card}\n",
    )
    r = zodiac("validate", "--format", "json")
    [d] = r.json()
    assert (d["line"], d["code"]) == (3, "ZP105")
    assert (
        "rule set zodiac prints no book 'monster_card'; did you mean 'monster_cards'?"
        in (d["message"])
    )


def test_book_holds_reads_loosely_and_house_rules_belong_to_the_rule_set(write):
    from builder.io.project import load_config

    root = write(
        "zodiac.yaml",
        "title: T\nhouse_rules: {relic_slots: 2}\n"
        "books:\n  - {title: B, output: b.pdf, holds: Monster Cards}\n",
    ).parent
    config, diags = load_config(root)
    assert diags == []
    assert config.books[0].holds == "monster_cards"
    assert type(config.house_rules).__name__ == "HouseRules"
    assert (config.house_rules.relic_slots, config.house_rules.map_combat) == (2, False)


def test_zodiac_books_are_registered_with_their_templates():
    from builder.paths import templates_dir

    assert set(RULESET.books) == {
        "character_sheets", "blank_sheet", "monster_cards", "bestiary", "equipment_book",
        "tech_grimoire", "map_combat_reference", "status_reference",
    }  # fmt: skip
    for spec in RULESET.books.values():
        assert (templates_dir() / spec.template).is_file()
        assert rulesets.resolve(spec.context)
    assert RULESET.books["character_sheets"].one_file_per_entity
