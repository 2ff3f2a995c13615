"""`zodiac show --format json`: the issue's contract for abilities, combatants and weapons."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
EXAMPLE = REPO / "content" / "examples" / "turns-and-actions"


def show(zodiac, file: str, name: str):
    r = zodiac("show", str(EXAMPLE / file), "--name", name, "--format", "json")
    assert r.exit_code == 0, r.output
    return r.json()


def test_example_project_validates_clean(zodiac):
    r = zodiac("validate", "--format", "json", str(EXAMPLE))
    assert (r.exit_code, r.json()) == (0, [])


def test_example_has_what_the_issue_asks():
    from builder.workspace import open_workspace

    ws = open_workspace([EXAMPLE])
    abilities = [e.model for e in ws.content.of_kind("ability")]
    combatants = [e.model for e in ws.content.of_kind("combatant")]
    assert len(abilities) >= 12 and len(ws.content.of_kind("weapon")) == 4
    assert sum(c.side.value == "player" for c in combatants) == 4
    monsters = [c for c in combatants if c.side.value == "monster"]
    assert len(monsters) == 6 and {m.rank.value for m in monsters} == {
        "regular",
        "miniboss",
        "boss",
    }
    forms = {str(a.range)[:1] + ("-" if str(a.range).endswith("-") else "") for a in abilities}
    ranges = {str(a.range) for a in abilities}
    assert {"=", "!", ">", "-"} <= forms and "4-" in ranges and "2-4" in ranges and "3" in ranges
    used = {f for a in abilities for f, v in a.model_dump(exclude_defaults=True).items()}
    for field in ("use", "materials", "range", "targeting", "aoe", "accuracy", "evade", "trigger",
                  "on_hit", "effect", "teamwork", "solowork", "mods", "flavor", "sideboard",
                  "element", "damage"):  # fmt: skip
        assert field in used, field
    assert {a.application.value for a in abilities} == {"action", "reaction", "passive"}
    assert {a.targeting.value for a in abilities if a.targeting} == {
        "nearby", "los", "battlefield", "beam"
    }  # fmt: skip
    uses = " ".join(str(a.use) for a in abilities)
    for part in ("!AP", "Sta", "Mna", "Fcs", "/battle", "/round", "XAP"):
        assert part in uses, part
    for text in (a.on_hit or "" for a in abilities):
        assert "{" not in text or "}" in text


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("tidal-lance", {"min": 0, "max": 3, "exactly": None, "not": None}),
        ("ember-arc", {"min": 2, "max": 4, "exactly": None, "not": None}),
        ("riposte", {"min": 0, "max": 0, "exactly": 0, "not": None}),
        ("longshot", {"min": 4, "max": None, "exactly": None, "not": None}),
        ("shield-wall", {"min": 0, "max": 1, "exactly": None, "not": None}),
        ("gravity-well", {"min": 0, "max": None, "exactly": None, "not": 1}),
        ("piercing-beam", {"min": 2, "max": None, "exactly": None, "not": None}),
        ("second-wind", None),
    ],
)
def test_ability_range_contract(zodiac, name, expected):
    data = show(zodiac, "abilities.yaml", name)
    assert data["range"] == expected


def test_ability_json_reads_like_the_program(zodiac):
    data = show(zodiac, "abilities.yaml", "piercing-beam")
    assert (
        data["use"]["ap"] == 20 and data["use"]["burn"] is True and data["use"]["per_battle"] == 1
    )
    assert data["charge"] == {"ap": 20, "turns": 1, "charging_turns": 0, "burn": True}
    assert data["targeting"] == "beam" and data["accuracy"]["score"] == "magic"
    arc = show(zodiac, "abilities.yaml", "ember-arc")
    assert arc["charge"]["turns"] == 2 and arc["aoe"] == {"shape": "cone", "size": 2, "smart": True}
    well = show(zodiac, "abilities.yaml", "gravity-well")
    assert well["charge"] is None and well["use"]["variable"] == ["AP", "Mna"]


def test_combatant_contract(zodiac):
    hag = show(zodiac, "monsters.yaml", "tide-hag")  # sapient, 48 HP
    assert hag["death_at"] == -24
    assert hag["befriend_dc"] == 20
    assert [b["dc"] for b in hag["befriend"]] == [20, 19, 18, 17]  # half health: 18
    assert hag["danger_threshold"] == 24
    assert hag["swarm"] == [
        {"members": 2, "accuracy": 3, "evasion": -3, "rank": 1},
        {"members": 3, "accuracy": 5, "evasion": -5, "rank": 2},
        {"members": 4, "accuracy": 7, "evasion": -7, "rank": 3},
        {"members": 5, "accuracy": 10, "evasion": -10, "rank": 4},
        {"members": 6, "accuracy": 12, "evasion": -12, "rank": 5},
    ]
    bell = show(zodiac, "monsters.yaml", "the-drowned-bell")  # brilliant boss
    assert (bell["danger_threshold"], bell["befriend_dc"], bell["death_at"]) == (None, None, -150)
    drake = show(zodiac, "monsters.yaml", "cinder-drake")  # wise: no befriending
    assert (drake["befriend_dc"], drake["danger_threshold"]) == (None, 52)
    rat = show(zodiac, "monsters.yaml", "bilge-rat")
    assert (rat["befriend_dc"], rat["danger_threshold"], rat["death_at"]) == (16, 2, -10)
    maren = show(zodiac, "players.yaml", "maren-saltwhistle")
    assert (maren["befriend_dc"], maren["danger_threshold"]) == (None, None)


def test_combatant_resolves_its_abilities(zodiac):
    maren = show(zodiac, "players.yaml", "maren-saltwhistle")  # MgcPwr 5
    lance = next(a for a in maren["abilities"] if a["name"] == "Tidal Lance")
    assert lance["on_hit"]["resolved"].startswith("Deal 10 water damage")
    assert lance["damage"]["base"] == 10  # 2 x 5
    against = {row["element"]: row["damage"] for row in lance["damage"]["against"]}
    assert (against["fire"], against["wind"], against["water"]) == (15, 5, 10)  # R45
    assert lance["accuracy"]["bonus"] == 4
    assert [w["crit_score"] for w in maren["weapons"]] == [3, 2]


def test_weapon_contract(zodiac):
    maul = show(zodiac, "weapons.yaml", "quarry-maul")
    assert maul["crit_score"] == 5 and maul["weight_class"] == "VH"
    assert maul["attributes"][0] == {"name": "Crushing", "value": 3, "enhanced": True,
                                     "text": "Crushing+ 3"}  # fmt: skip


def test_show_text_prints_the_program(zodiac):
    r = zodiac("show", str(EXAMPLE / "abilities.yaml"), "--name", "riposte")
    assert r.exit_code == 0
    for label in ("Application", "Use", "Range", "Targeting", "Trigger", "Flavor"):
        assert label in r.stdout
