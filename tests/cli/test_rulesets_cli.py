"""`zodiac rulesets` lists the registered rule sets; `zodiac rules codes` covers them all."""

from __future__ import annotations

from builder.rulesets import all_rulesets, get


def test_rulesets_json_is_the_contract(zodiac):
    r = zodiac("rulesets", "--format", "json")
    assert r.exit_code == 0, r.output
    data = r.json()
    assert list(data) == ["format_version", "rulesets"]
    assert [d["id"] for d in data["rulesets"]] == [rs.id for rs in all_rulesets()]
    zodiac_entry = data["rulesets"][0]
    assert set(zodiac_entry) == {"id", "title", "kinds", "code_prefixes", "lint_norms"}
    assert zodiac_entry["code_prefixes"] == list(get("zodiac").code_prefixes)  # as the table
    assert zodiac_entry["id"] == "zodiac"
    assert zodiac_entry["title"].startswith("ZODIAC Final Fantasy RPG (Third Edition)")
    assert zodiac_entry["kinds"] == sorted(get("zodiac").kinds)
    assert {"character", "tech", "monster", "weapon_set", "armor_set", "relic_set", "job"} <= set(
        zodiac_entry["kinds"]
    )


def test_rulesets_table_shows_kinds_and_code_prefixes(zodiac):
    r = zodiac("rulesets")
    assert r.exit_code == 0, r.output
    for rs in all_rulesets():
        assert rs.id in r.stdout
        assert ", ".join(rs.code_prefixes[:2]) in r.stdout
    assert "code prefixes" in r.stdout and "weapon_set" in r.stdout


def test_rules_codes_covers_every_rule_set(zodiac):
    """Every code of every registered rule set is listed, under one of its prefixes."""
    listed = zodiac("rules", "codes", "--format", "json").json()["codes"]
    for rs in all_rulesets():
        codes = rs.codes()
        assert codes, rs.id
        assert set(codes) <= set(listed)
        assert all(code.startswith(rs.code_prefixes) for code in codes)


def test_every_registered_view_and_scaffold_resolves():
    for rs in all_rulesets():
        for kind in rs.shows:
            assert kind in rs.kinds
            assert callable(rs.show_for(kind))
    assert get("zodiac").show_for("no-such-kind") is None
