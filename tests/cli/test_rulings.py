"""`zodiac rules rulings`: the rulings of docs/RULINGS.md, as RULINGS.md promises."""

from __future__ import annotations

import re

from builder.paths import data_dir
from builder.rulesets import all_rulesets, get
from builder.rulesets.zodiac.rules.ruleset import HouseRules
from builder.rulings import first_sentence, parse, shorten
from tests.conftest import REPO


def test_rulings_ship_from_docs():
    """data_dir('docs') finds RULINGS.md from a checkout (and builder/_data/docs in a wheel)."""
    assert (data_dir("docs") / "RULINGS.md").read_bytes() == (
        REPO / "docs" / "RULINGS.md"
    ).read_bytes()


def test_every_ruling_is_listed_once_in_order(zodiac):
    data = zodiac("rules", "rulings", "--format", "json").json()["rulings"]
    ids = [d["id"] for d in data]
    text = (REPO / "docs" / "RULINGS.md").read_text(encoding="utf-8")
    assert ids == [f"R{n}" for n in range(1, len(ids) + 1)]
    assert len(ids) == len(re.findall(r"^- R\d+\. ", text, re.M)) == 51
    assert all(set(d) == {"id", "book", "summary", "house_rule"} for d in data)
    assert all(len(d["summary"]) <= 100 for d in data)
    by_id = {d["id"]: d for d in data}
    assert by_id["R2"]["summary"] == (
        'Every "half" cost (clones, clone upgrades, X-Magic surcharge) rounds up.'
    )
    assert by_id["R9"]["summary"] == "Relic slots: one relic equipped at a time (Chapter V)."
    assert [by_id[i]["book"] for i in ("R8", "R29", "R31", "R34", "R39", "R42")] == [
        "ZODIAC",
        "Map Combat",
        "other books",
        "16 Bit Tactics",
        "99 Towers",
        "Turns and Actions",
    ]


def test_house_rule_switches_are_named(zodiac):
    data = {d["id"]: d for d in zodiac("rules", "rulings", "-f", "json").json()["rulings"]}
    assert data["R9"]["house_rule"] == "relic_slots"
    assert data["R10"]["house_rule"] == "damage_die_multiplier"
    assert data["R32"]["house_rule"] == "map_combat"
    assert data["R1"]["house_rule"] is None


def test_every_switch_is_a_house_rules_field_and_every_cited_field_is_mapped():
    """The mapping names only real fields, and a field whose description cites its ruling
    first ("R10: 10; the glossary's 5 is a house rule") is mapped from that ruling."""
    fields = HouseRules.model_fields
    mapped = get("zodiac").house_rules
    assert set(mapped.values()) <= set(fields)
    cited = 0
    for name, info in fields.items():
        first = re.search(r"\bR\d+\b", info.description or "")
        if first:
            cited += 1
            assert mapped.get(first.group()) == name, (first.group(), name)
    assert cited >= 2  # damage_die_multiplier (R10), relic_slots (R9)
    for rs in all_rulesets():
        assert all(re.fullmatch(r"R\d+", rid) for rid in rs.house_rules)


def test_one_ruling_whole(zodiac):
    r = zodiac("rules", "rulings", "R10")
    assert r.exit_code == 0, r.output
    assert "R10" in r.stdout and "damage_die_multiplier" in r.stdout
    flat = " ".join(r.stdout.split())
    assert "(`damage_die_multiplier: 5`)." in flat  # the ruling's last sentence: the whole text
    assert "switch: house_rules.damage_die_multiplier in zodiac.yaml" in flat
    one = zodiac("rules", "rulings", "r10", "--format", "json").json()
    assert one["id"] == "R10" and one["text"].endswith("(`damage_die_multiplier: 5`).")


def test_unknown_ruling_is_misuse(zodiac):
    r = zodiac("rules", "rulings", "R99")
    assert r.exit_code == 2
    assert "no ruling 'R99'" in r.output


def test_table_lists_ids_and_switches(zodiac):
    r = zodiac("rules", "rulings")
    assert r.exit_code == 0
    assert "R46" in r.stdout and "relic_slots" in r.stdout


def test_parser_reads_entries_headings_and_sentences():
    text = (
        "Intro.\n\n- `seeds/x.md`: not a ruling.\n\n## Techs\n\n"
        "- R2. Half costs (clones, e.g. 1.5) round **up**. Second\n  sentence.\n"
        "- R1. One.\n\n### 99 Towers\n\n- R3. Adjacent is eight. More.\n"
    )
    rulings = parse(text, {"R2": "half_up"})
    assert [(r.id, r.book, r.house_rule) for r in rulings] == [
        ("R1", "ZODIAC", None),
        ("R2", "ZODIAC", "half_up"),
        ("R3", "99 Towers", None),
    ]
    assert rulings[1].text == "Half costs (clones, e.g. 1.5) round up. Second sentence."
    assert rulings[1].summary == "Half costs (clones, e.g. 1.5) round up."
    assert first_sentence('He said "no." Then left.') == 'He said "no."'
    assert shorten("word " * 30, 20) == "word word word..."
