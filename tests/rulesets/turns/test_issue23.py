"""Issue #23, Turns and Actions: status defaults (L212-213), Tired (L538-544), natural 20
and natural 1 (L272-273, L579), Noble's shifts (R49), Cover's temporary health per
combatant (R50) and a resolved placeholder printing its number (R50)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from builder.rulesets.turns.rules import combat as C
from builder.rulesets.turns.views.books import ability_cards_context
from builder.workspace import open_workspace

REPO = Path(__file__).resolve().parents[3]
EXAMPLE = REPO / "content" / "examples" / "turns-and-actions"
PROJECT = "ruleset: turns-and-actions\ntitle: Issue 23\n"

# A Noble knight and a Fire imp, with our own abilities written from the chapter's text.
NOBLES = """\
kind: combatant
name: Crowned Knight
side: monster
element: noble
vitals: {health: 40}
melee: {accuracy: 2, evasion: 8, power: 5}
skill: {accuracy: 0, evasion: 6, power: 2}
magic: {accuracy: 1, evasion: 5, power: 3}
levels: {cl: 2, tl: 2, dl: 1}
abilities: [royal-edict]
---
kind: combatant
name: Ember Imp
side: monster
element: fire
vitals: {health: 20}
melee: {accuracy: 1, evasion: 7, power: 2}
skill: {accuracy: 0, evasion: 6, power: 1}
magic: {accuracy: 2, evasion: 5, power: 4}
abilities: [cinder-spit]
---
kind: ability
name: Royal Edict
application: action
use: 10AP, 2Mna
range: "3"
targeting: los
accuracy: "[Magic:Magic]"
element: noble
damage: {rank: 2, power: magic}
on_hit: Deal 2{MgcPwr} noble damage.
---
kind: ability
name: Cinder Spit
application: action
use: 10AP
range: "2"
targeting: los
accuracy: "[Magic:Magic]"
element: fire
damage: {rank: 2, power: magic}
on_hit: Deal 2{MgcPwr} fire damage; the target is Poisoned and starts Burning.
statuses:
  - {name: Poison}
  - {name: Burning, turns: 5, stackable: true}
  - {name: Immune}
"""


def _show(zodiac, file: str, name: str) -> dict:
    r = zodiac("show", file, "--name", name, "--format", "json")
    assert r.exit_code == 0, r.output
    return r.json()


def _explain(zodiac, file: str, name: str, path: str) -> tuple[object, list[dict]]:
    r = zodiac("show", file, "--name", name, "--explain", path, "-f", "json")
    assert r.exit_code == 0, r.output
    return r.json()["value"], r.json()["terms"]


@pytest.fixture
def nobles(zodiac, write) -> str:
    write("zodiac.yaml", PROJECT)
    write("content.yaml", NOBLES)
    r = zodiac("validate", "--format", "json", ".")
    assert (r.exit_code, r.json()) == (0, [])
    return "content.yaml"


# --------------------------------------------------------------------------- R49


def test_noble_gains_a_rank_either_way_and_one_at_most():
    """R49: Noble against anything +1, anything against Noble +1, Noble against Noble +1;
    every other element reads its own line (Darkness against Darkness -1)."""
    assert [C.element_shift("noble", e) for e in ("fire", "neutral", "noble")] == [1, 1, 1]
    assert [C.element_shift(e, "noble") for e in ("water", "darkness", "neutral")] == [1, 1, 1]
    assert C.element_shift("darkness", "darkness") == -1
    assert C.element_shift("neutral", "fire") == 0
    # rank 2 x Power 5: 10, a rank up against or from Noble: 15
    assert C.damage_against(2, 5, "noble", "fire") == 15
    assert C.damage_against(2, 5, "fire", "noble") == 15


def test_noble_shifts_in_show_and_their_terms(zodiac, nobles):
    """The Knight's Royal Edict (noble, rank 2, Magic Power 3): 9 against every element;
    the Imp's Cinder Spit (fire, rank 2, Power 4) against the Knight: 12, not 8."""
    knight = _show(zodiac, nobles, "crowned-knight")
    edict = knight["abilities"][0]["damage"]
    assert edict["base"] == 6
    assert {r["element"]: (r["shift"], r["damage"]) for r in edict["against"]} == {
        e: (1, 9)
        for e in ("fire", "water", "wind", "darkness", "light", "metal", "electric", "noble")
    } | {"neutral": (1, 9)}
    imp = _show(zodiac, nobles, "ember-imp")
    against = {r["element"]: r["damage"] for r in imp["abilities"][0]["damage"]["against"]}
    assert (against["noble"], against["water"], against["wind"]) == (12, 4, 12)
    path = "abilities.cinder-spit.damage.against.7.shift"  # noble, 8th of the chart
    value, terms = _explain(zodiac, nobles, "ember-imp", path)
    assert (value, [(t["amount"], t["rule"]) for t in terms]) == (1, [(1, "R49")])
    assert terms[0]["label"] == "+1 any action against a Noble target gains a rank"


# --------------------------------------------------------------------------- R50 cover


def test_cover_is_class_level_times_five_times_rank():
    """R50's example: Medium Cover (rank 3) at Class Level 2 is 30."""
    assert C.cover_temporary_health(2, 3) == 30
    assert [C.cover_temporary_health(4, r) for r in range(1, 6)] == [20, 40, 60, 80, 100]
    assert C.cover_temporary_health(0, 5) == 0


def test_each_combatant_shows_its_cover_per_rank(zodiac):
    """Wren Halloway (Class Level 2): 10, 20, 30, 40, 50 behind Very Low to Very High."""
    players = str(EXAMPLE / "players.yaml")
    wren = _show(zodiac, players, "wren-halloway")
    assert [(c["name"], c["rank"], c["temp_health"]) for c in wren["cover"]] == [
        ("Very Low Cover", 1, 10),
        ("Low Cover", 2, 20),
        ("Medium Cover", 3, 30),
        ("High Cover", 4, 40),
        ("Very High Cover", 5, 50),
    ]
    value, terms = _explain(zodiac, players, "wren-halloway", "cover.medium-cover.temp_health")
    assert value == 30 and terms[0]["label"] == "Class Level 2 x 5 x rank 3"
    assert [t["amount"] for t in terms[0]["terms"]] == [2, 3] and "R50" in terms[0]["rule"]
    text = " ".join(zodiac("show", players, "--name", "wren-halloway").stdout.split())
    assert "Medium Cover rank 3: 30 temporary health" in text


# --------------------------------------------------------------------------- statuses


def test_status_lengths_default_by_sign():
    """L212-213: negative 3 turns at most, positive until Transience; a length given wins."""
    assert C.status_turns(True) == 3
    assert C.status_turns(False) is None
    assert C.status_turns(True, 5) == 5 and C.status_turns(False, 1) == 1
    assert [C.status_is_negative(n) for n in ("Poison", "bleeding", "Immune", "Dazed")] == [
        True,
        True,
        False,
        None,
    ]
    assert C.status_is_negative("Dazed", True) is True


def test_statuses_in_show_with_their_length(zodiac, nobles):
    spit = _show(zodiac, nobles, "cinder-spit")
    got = [(s["name"], s["negative"], s["turns"], s["turns_given"]) for s in spit["statuses"]]
    assert got == [
        ("Poison", True, 3, False),
        ("Burning", True, 5, True),
        ("Immune", False, None, False),
    ]
    assert spit["statuses"][2]["lasts"] == "until Battle Transience (the end of the battle)"
    value, terms = _explain(zodiac, nobles, "cinder-spit", "statuses.poison.turns")
    assert (value, [t["amount"] for t in terms]) == (3, [3])
    assert terms[0]["rule"] == "Status Effects (L212-213)"
    text = " ".join(zodiac("show", nobles, "--name", "cinder-spit").stdout.split())
    assert "Poison (negative, 3 turns by default)" in text
    assert "Burning (negative, 5 turns, stackable)" in text


def test_an_unlisted_status_must_say_its_sign(zodiac, write):
    """TA114: the chapter does not list Dazed, so its default length is unknown."""
    write("zodiac.yaml", PROJECT)
    write("content.yaml", NOBLES.replace("  - {name: Immune}", "  - {name: Dazed}"))
    r = zodiac("validate", "--format", "json", ".")
    found = [(d["code"], d["line"]) for d in r.json()]
    assert found == [("TA114", 46)]
    assert "negative: true" in r.json()[0]["message"]


# --------------------------------------------------------------------------- natural 20 / 1


def test_natural_twenty_and_one_ranks():
    """L272: a natural 20 uses the Crit score (rank + 1); L273: after a natural 1 the
    turn's further actions lose 2 ranks, to at least 0."""
    assert [C.natural_twenty_rank(r) for r in range(4)] == [1, 2, 3, 4]
    assert [C.natural_one_rank(r) for r in range(5)] == [0, 0, 0, 1, 2]


def test_crit_damage_on_the_ability_and_its_terms(zodiac):
    """Ember Arc (rank 3) of the Cinder Drake (Magic Power 4): 12, on a natural 20 rank 4
    for 16; after a natural 1, rank 1."""
    monsters = str(EXAMPLE / "monsters.yaml")
    drake = _show(zodiac, monsters, "cinder-drake")
    arc = next(a for a in drake["abilities"] if a["name"] == "Ember Arc")["damage"]
    assert (arc["base"], arc["crit_rank"], arc["crit"], arc["fumble_rank"]) == (12, 4, 16, 1)
    value, terms = _explain(zodiac, monsters, "cinder-drake", "abilities.ember-arc.damage.crit")
    assert value == 16 and terms[0]["label"] == "rank 3 +1 = 4 x 4 Magic Power"
    assert [t["amount"] for t in terms[0]["terms"]] == [3, 1, 4]
    path = "abilities.ember-arc.damage.fumble_rank"
    value, terms = _explain(zodiac, monsters, "cinder-drake", path)
    assert (value, [t["amount"] for t in terms]) == (1, [3, -2])


# --------------------------------------------------------------------------- placeholders


def test_a_resolved_placeholder_reads_as_arithmetic():
    """R50: 'Deal 1{MlePwr}' for the Bilge Rat (MlePwr 2) reads 2, its source 'MlePwr 2'."""
    ws = open_workspace([EXAMPLE])
    entities = [e for e in ws.content.entities if e.kind in ("combatant", "ability")]
    cards = ability_cards_context(ws, entities)["cards"]
    gnaw = next(c for c in cards if c["name"] == "Gnaw" and c["owner"] == "Bilge Rat")
    seg = next(s for s in gnaw["on_hit"]["segments"] if "placeholder" in s)
    assert (seg["value"], seg["reads"]) == (2, "MlePwr 2")
    arc = next(c for c in cards if c["name"] == "Ember Arc")
    seg = next(s for s in arc["on_hit"]["segments"] if "placeholder" in s)
    assert (seg["value"], seg["reads"]) == (12, "3 x MgcPwr 4")


def test_printed_cards(zodiac, tmp_path):
    """The PDF: a card prints the number then its arithmetic, never the braces; its crit
    and its statuses' turns."""
    r = zodiac(
        "build", str(EXAMPLE), "--out", str(tmp_path), "-j", "1", "--only", "ability-cards.pdf"
    )  # fmt: skip
    assert r.exit_code == 0, r.output
    cards = " ".join(p.extract_text() for p in PdfReader(tmp_path / "ability-cards.pdf").pages)
    cards = " ".join(cards.split())
    assert "Deal 2 (MlePwr 2) damage" in cards and "{MlePwr}" not in cards
    assert "takes 12 (3 x MgcPwr 4) fire damage" in cards
    assert "nat 20: (4) = 16" in cards and "Burning 3 turns (default)" in cards
    assert "Bleeding 2 turns, stacks" in cards


def test_each_sheet_prints_its_cover(zodiac, tmp_path):
    """R50 on the sheet: Wren Halloway (Class Level 2) 10 to 50, Cobb (Level 4) 20 to 100."""
    r = zodiac(
        "build", str(EXAMPLE), "--out", str(tmp_path), "-j", "1", "--only", "combatants.pdf"
    )  # fmt: skip
    assert r.exit_code == 0, r.output
    pages = {}
    for page in PdfReader(tmp_path / "combatants.pdf").pages:
        text = " ".join(page.extract_text().split())
        pages[text.split("Monster")[0].split("Player")[0]] = text
    assert (
        "temp. health 10 rank 1 · 20 rank 2 · 30 rank 3 · 40 rank 4 · 50 rank 5"
        in (pages["Wren Halloway"])
    )
    assert (
        "temp. health 20 rank 1 · 40 rank 2 · 60 rank 3 · 80 rank 4 · 100 rank 5"
        in (pages["Cobb Ironwright"])
    )
