"""Every TA check rejects its broken file at the right line and accepts its valid twin."""

from __future__ import annotations

import pytest

from builder.rulesets import get

PROJECT = "ruleset: turns-and-actions\ntitle: Checks\n"

ABILITY = """\
kind: ability
name: Test Bolt
application: {application}
use: {use}
range: "{range}"
targeting: los
accuracy: "{accuracy}"
on_hit: {on_hit}
{extra}"""

DEFAULTS = {
    "application": "action",
    "use": "10AP, 2Mna",
    "range": "2-4",
    "accuracy": "[Magic:Magic]",
    "on_hit": "Deal 2{MgcPwr} damage.",
    "extra": "",
}


def ability(**fields: str) -> str:
    return ABILITY.format(**{**DEFAULTS, **fields})


WEAPON = """\
kind: weapon
name: Test Blade
type: melee
weight_class: {wc}
use: {use}
rank: 2
weight: 3
element: {element}
attributes: [{attr}]
"""


def weapon(wc="M", use="10AP", element="fire", attr="Honed 2"):
    return WEAPON.format(wc=wc, use=use, element=element, attr=attr)


COMBATANT = """\
kind: combatant
name: Test Imp
side: {side}
element: {element}
intelligence: {intel}
befriendable: {befriend}
vitals: {{health: 40}}
melee: {{accuracy: 1, evasion: 9, power: 3}}
skill: {{accuracy: 1, evasion: 9, power: 3}}
magic: {{accuracy: 1, evasion: 9, power: 3}}
weapons: [{weapons}]
abilities: [{abilities}]
"""

OTHERS = weapon() + "---\n" + weapon().replace("Test Blade", "Spare Blade") + "---\n" + (
    weapon().replace("Test Blade", "Third Blade")
) + "---\n" + ability()  # fmt: skip


def combatant(side="monster", element="fire", intel="sapient", befriend="true",
              weapons="test-blade, spare-blade", abilities="test-bolt"):  # fmt: skip
    return COMBATANT.format(side=side, element=element, intel=intel, befriend=befriend,
                            weapons=weapons, abilities=abilities)  # fmt: skip


# code, broken text, line, fragment of the message, valid twin
CASES = [
    ("TA101", ability(range="2--3"), 5, "at character 3", ability(range="2-3")),
    ("TA101", ability(range="!x"), 5, "found 'x' at character 2", ability(range="!1")),
    ("TA101", ability(range="="), 5, "at character 2", ability(range="=2")),
    ("TA102", ability(range="4-2"), 5, "minimum 4 is above the maximum 2 at character 3",
     ability(range="2-4")),
    ("TA103", ability(use="10AP, 3Gold"), 4, "'Gold' is not AP", ability(use="10AP, 3Sta")),
    ("TA104", ability(use="10AP, 4!Mna"), 4, "only AP can be burned", ability(use="10!AP, 4Mna")),
    ("TA105", ability(use="XAP, XMna"), 4, "variable X",
     ability(use="XAP, XMna", on_hit="Deal X{MgcPwr} damage, X times.")),
    ("TA106", ability(application="reaction"), 3, "add `trigger:`",
     ability(application="reaction", extra="trigger: An enemy enters your space.\n")),
    ("TA107", ability(extra="aoe: {shape: circle, size: 1}\n"), 9, "targets allies",
     ability(extra="aoe: {shape: circle, size: 1, smart: true}\n")),
    ("TA108", ability(extra="mods: [keen-edge, wide-arc]\n"), 9, "one Mod",
     ability(extra="mods: [keen-edge]\n")),
    ("TA109", ability(extra="sideboard: true\nmods: [keen-edge]\n"), 10, "Sideboard",
     ability(extra="sideboard: true\n")),
    ("TA110", ability(on_hit="Deal 2{MgcPwr damage."), 8, "never closed by '}' at character 7",
     ability(on_hit="Deal 2{MgcPwr} damage.")),
    ("TA111", ability(on_hit="Deal 2{MagicPower} damage."), 8, "{MagicPower} at character 6",
     ability(on_hit="Deal 2{MgcPwr} damage.")),
    ("TA112", ability(accuracy="[Magic:Fire]"), 7, "'Fire' is not Melee, Skill or Magic",
     ability(accuracy="[Magic:Melee]")),
    ("TA112", ability(accuracy="Luck: 25"), 7, "between 1 and 20", ability(accuracy="Luck: 12")),
    ("TA113", ability(extra="element: plasma\n"), 9, "not one of the chapter's",
     ability(extra="element: electric\n")),
    # Status Effects, L212-213: the default length hangs on negative or positive
    ("TA114", ability(extra="statuses:\n  - {name: Dazed}\n"), 10, "'Dazed'",
     ability(extra="statuses:\n  - {name: Dazed, negative: true}\n")),
    ("TA120", weapon(wc="XL"), 4, "five official listings", weapon(wc="VH")),
    ("TA121", weapon(element="ice"), 8, "element 'ice'", weapon(element="water")),
    ("TA122", weapon(use="4Sta"), 5, "all weapons cost Action Points", weapon(use="10AP, 4Sta")),
    ("TA122", weapon(use="10 AP!"), 5, "unexpected '!'", weapon(use="10!AP")),
    ("TA123", weapon(attr="3 Honed"), 9, "Name+ N", weapon(attr="Honed+ 3")),
    ("TA124", weapon(use="10AP, 2!Sta"), 5, "only AP can be burned", weapon(use="10!AP, 2Sta")),
    ("TA130", OTHERS + "---\n" + combatant(weapons="test-blade, spare-blade, third-blade"), 11,
     "two slots", OTHERS + "---\n" + combatant()),
    ("TA131", OTHERS + "---\n" + combatant(intel="wise"), 6, "only drone, instinctive",
     OTHERS + "---\n" + combatant(intel="instinctive")),
    ("TA131", OTHERS + "---\n" + combatant(side="player"), 6, "a player",
     OTHERS + "---\n" + combatant(side="player", befriend="false")),
    ("TA132", OTHERS + "---\n" + combatant(element="ice"), 4, "element 'ice'",
     OTHERS + "---\n" + combatant(element="wind")),
    ("TA133", OTHERS + "---\n" + combatant(intel="clever"), 5, "intelligence 'clever'",
     OTHERS + "---\n" + combatant(intel="drone")),
    ("TA134", OTHERS + "---\n" + combatant(weapons="test-blade, no-blade"), 11, "no weapon",
     OTHERS + "---\n" + combatant()),
    ("TA135", OTHERS + "---\n" + combatant(abilities="no-such"), 12, "no ability",
     OTHERS + "---\n" + combatant()),
]  # fmt: skip

# Lines above are counted inside the last document; OTHERS' documents come first.
_OTHER_LINES = OTHERS.count("\n") + 1


def _run(zodiac, write, text):
    write("zodiac.yaml", PROJECT)
    write("content.yaml", text)
    r = zodiac("validate", "--format", "json", ".")
    return r.json()


@pytest.mark.parametrize(("code", "broken", "line", "fragment", "twin"), CASES)
def test_check_rejects_broken_and_accepts_twin(zodiac, write, code, broken, line, fragment, twin):
    found = _run(zodiac, write, broken)
    mine = [d for d in found if d["code"] == code]
    assert mine, found
    offset = _OTHER_LINES if broken.startswith(OTHERS) else 0
    assert mine[0]["line"] == line + offset, mine
    assert fragment in mine[0]["message"]
    assert mine[0]["rule"]
    assert _run(zodiac, write, twin) == []


def test_every_code_is_tested_and_listed():
    codes = get("turns-and-actions").codes()
    # TA9xx are the balance linter's, tested in test_lint.py and rule_cases/lint.yml
    assert {c for c, *_ in CASES} == {c for c in codes if not c.startswith("TA9")}
    assert all(c.startswith("TA") for c in codes)


def test_aoe_without_smart_is_a_warning_only(zodiac, write):
    found = _run(zodiac, write, ability(extra="aoe: {shape: cone, size: 2}\n"))
    assert [(d["code"], d["severity"]) for d in found] == [("TA107", "warning")]


def test_unquoted_minus_y_range_is_read_as_r42(zodiac, write):
    # YAML reads `range: -3` as the integer -3; R42 reads it as "-Y", 0 to 3.
    text = ability().replace('range: "2-4"', "range: -3")
    assert _run(zodiac, write, text) == []
    r = zodiac("show", "content.yaml", "--format", "json")
    assert r.json()["range"] == {"min": 0, "max": 3, "exactly": None, "not": None}
