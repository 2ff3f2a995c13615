"""99 Towers numbers that explain themselves (issue #27): start phase, range bands, STUN
and LETHAL, death and the Aim limit, through `show --explain PATH` and `--format json`."""

from __future__ import annotations

from tests.conftest import REPO
from tests.rulesets.explain_walk import walk

EX = REPO / "content" / "examples" / "99-towers"

TONY = str(EX / "combatants" / "tony.yaml")


def _explain(zodiac, *args: str) -> tuple[object, list[dict]]:
    r = zodiac("show", *args, "--format", "json")
    assert r.exit_code == 0, r.output
    return r.json()["value"], r.json()["terms"]


def _pairs(terms: list[dict]) -> list[tuple[object, str]]:
    return [(t["amount"], t["source"]) for t in terms]


def test_start_phase_is_the_chapters_example(zodiac):
    """Tony keeps a King (13), adds his <N> 2: 15, and acts in phase 20 - 15 = 5; 15 surprised."""
    value, terms = _explain(zodiac, TONY, "--explain", "start_phase.phase")
    assert (value, _pairs(terms)) == (5, [(20, "rule"), (-15, "start_phase.initiative")])
    assert _pairs(terms[1]["terms"]) == [(13, "card"), (2, "values.n")]
    assert terms[0]["rule"] == "Entering Combat and Initiative"
    value, terms = _explain(zodiac, TONY, "--explain", "start_phase.surprised")
    assert value == 15 and [t["amount"] for t in terms] == [20, -15, 10]
    r = zodiac("show", TONY)
    assert "phase 5 (surprised: 15)" in r.stdout


def test_stun_and_lethal_of_a_hit(zodiac):
    """The heavy rifle with two Hearts: 7 + 2 = 9 STUN (the chapter's example before ER), 2 LETHAL."""
    value, terms = _explain(zodiac, TONY, "--explain", "attacks.0.stun_by_hearts.2")
    assert (value, _pairs(terms)) == (
        9,
        [(7, "weapon:heavy-rifle"), (2, "hearts"), (0, "resilience")],
    )
    assert {t["rule"] for t in terms} == {"STUN Damage"}
    value, terms = _explain(zodiac, TONY, "--explain", "attacks.0.lethal_by_hearts.2")
    assert (value, _pairs(terms)) == (2, [(2, "hearts")]) and terms[0]["rule"] == "LETHAL Damage"
    jimmy = str(EX / "combatants" / "jimmy.yaml")  # a longblade: 4 + PX 1 + Hearts
    value, terms = _explain(zodiac, jimmy, "--explain", "attacks.0.stun_by_hearts.3")
    assert (value, [t["amount"] for t in terms]) == (8, [4, 1, 3, 0])
    assert terms[1]["source"] == "values.px"


def test_death_track_size_and_aim(zodiac):
    value, terms = _explain(zodiac, TONY, "--explain", "dead_at")
    assert (value, _pairs(terms)) == (-4, [(-4, "endurance")])  # -2 x Endurance 2
    value, terms = _explain(zodiac, TONY, "--explain", "lethal_track.3.value")
    assert (value, _pairs(terms)) == (3, [(6, "lethal"), (-3, "lethal_track")])
    value, terms = _explain(zodiac, TONY, "--explain", "aim_limit.pa")
    assert (value, terms[0]["label"]) == (2, "half of PA 4, rounded down")
    value, terms = _explain(zodiac, TONY, "--explain", "size_rank")
    assert (value, _pairs(terms)) == (0, [(0, "table:size_rank")])


def test_range_bands_and_a_thrown_increment(zodiac):
    """A throwing axe (12 spaces at most): increment 12 / 4 = 3; its third band is 7-9."""
    axe = (str(EX / "weapons" / "ours.yaml"), "--name", "throwing-axe")
    value, terms = _explain(zodiac, *axe, "--explain", "range_increment")
    assert (value, _pairs(terms)) == (3, [(3, "thrown_range")])
    value, terms = _explain(zodiac, *axe, "--explain", "range_bands.2.from")
    assert (value, _pairs(terms)) == (7, [(6, "range_increment"), (1, "rule")])
    value, terms = _explain(zodiac, *axe, "--explain", "range_bands.2.to")
    assert (value, terms[0]["label"]) == (9, "3 x 3, increment 3")
    rifle = (str(EX / "weapons" / "chapter.yaml"), "--name", "heavy-rifle")
    r = zodiac("show", *rifle, "--explain", "range_bands.3.to")
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[0] == "range_bands.3.to = 48"
    assert "4 x 12, increment 4" in r.stdout and "(Range Modifiers)" in r.stdout
    r = zodiac("show", *rifle, "--explain", "range_increment")  # written on a ranged weapon
    assert "as written in the file" in r.stdout


def _written(kind: str, data: dict) -> tuple[str, ...]:
    """What the files say; a thrown weapon's range increment is computed (max / 4)."""
    if kind == "combatant":
        return ("values.*", "strength.*", "endurance", "stun", "lethal")
    weapon = ("attack_bonus", "damage", "cost", "weight", "shots", "thrown_range")
    return weapon if data["thrown"] else (*weapon, "range_increment")


def test_every_computed_number_of_the_example_explains_itself():
    checked, problems = walk(EX, _written)
    assert problems == []
    assert checked > 150
