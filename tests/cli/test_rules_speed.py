"""`zodiac rules speed` (Ch. VI Combat Sequence) and the optional rules in `rules rulings`."""

from __future__ import annotations

from builder.rulesets.zodiac.rules.ruleset import HouseRules


def test_help_has_examples(zodiac):
    r = zodiac("rules", "speed", "--help")
    assert r.exit_code == 0
    assert "Examples:" in r.stdout and "zodiac rules speed 20 11" in r.stdout


def test_keef_and_the_ogre_as_json(zodiac):
    r = zodiac(
        "rules", "speed", "20", "11", "--roll", "3", "--roll", "1", "--rounds", "2", "-f", "json"
    )
    assert r.exit_code == 0, r.output
    data = r.json()
    assert data["sp_per_action"] == 8 and data["status"] is None
    keef, ogre = data["speeds"]
    assert keef["first_round_roll"] == 3 and ogre["first_round_roll"] == 1
    assert [(x["sp"], x["actions"], x["leftover"]) for x in keef["rounds"]] == [
        ([23, 23], [2, 2], [7, 7]),
        ([27, 27], [3, 3], [3, 3]),
    ]
    assert [(x["sp"], x["actions"], x["leftover"]) for x in ogre["rounds"]] == [
        ([12, 12], [1, 1], [4, 4]),
        ([15, 15], [1, 1], [7, 7]),
    ]


def test_table_shows_ranges_without_a_roll(zodiac):
    r = zodiac("rules", "speed", "14")
    assert r.exit_code == 0, r.output
    assert "1-2 (15-22)" in r.stdout  # round 1: 14 + 1d8 SP, one or two actions
    assert "an action costs 8 SP" in " ".join(r.stdout.split())


def test_status_changes_speed(zodiac):
    data = zodiac("rules", "speed", "20", "--status", "Haste", "--rounds", "1", "-f", "json").json()
    assert data["status"] == "haste"
    [one] = data["speeds"]
    assert one["effective_speed"] == 30 and one["rounds"][0]["sp"] == [31, 38]
    stop = zodiac("rules", "speed", "20", "--status", "stop", "--roll", "5", "-f", "json").json()
    assert [x["actions"] for x in stop["speeds"][0]["rounds"]] == [[0, 0]] * 3


def test_misuse_exits_2(zodiac):
    for args in (
        ["14", "--status", "fast"],
        ["14", "--rounds", "0"],
        ["14", "--roll", "9"],
        ["14", "15", "16", "--roll", "1", "--roll", "2"],
        ["1000"],
    ):
        r = zodiac("rules", "speed", *args)
        assert r.exit_code == 2, args
    assert "did you mean 'haste'" in zodiac("rules", "speed", "1", "--status", "hast").output


def test_rulings_list_the_optional_rules(zodiac):
    data = zodiac("rules", "rulings", "-f", "json").json()
    optional = {o["name"]: o for o in data["optional_rules"]}
    assert optional["Damage Levels"]["switch"] == "damage_levels"
    assert optional["Damage Levels"]["default"] == "0"
    assert optional["The Damage Cap"]["switch"] == "damage_cap"
    assert optional["Deathblow triple damage"]["source"] == "Ch. IV Command Skills, Deathblow"
    assert optional["Steal's item"]["switch"] is None
    assert all(o["ruleset"] == "zodiac" for o in data["optional_rules"])
    fields = HouseRules.model_fields
    assert all(o["switch"] in fields for o in data["optional_rules"] if o["switch"])
    text = " ".join(zodiac("rules", "rulings").stdout.split())
    assert "Optional rules of the book" in text
    assert "damage_cap" in text and "slots_backfire" in text
