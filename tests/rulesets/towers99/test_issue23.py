"""Issue #23, 99 Towers: damage after resilience, ties on the clock, cover and
outnumbering, temporary STUN and LETHAL, rest, grappling, off-hand and dual-wield, duels,
size shifts and grid distance, each on content written from 99-towers-combat.txt."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from builder.rulesets.towers99.models.weapon import Weapon
from builder.rulesets.towers99.rules import combat as C
from builder.rulesets.towers99.views import books as B
from builder.rulesets.towers99.views import damage as D
from builder.workspace import open_workspace
from tests.conftest import REPO

EX = REPO / "content" / "examples" / "99-towers"
P = ("--project", str(EX))


def _json(zodiac, *args: str) -> dict:
    r = zodiac(*args, *P, "--format", "json")
    assert r.exit_code == 0, r.output
    return r.json()


def _refused(zodiac, *args: str) -> str:
    r = zodiac(*args, *P)
    assert r.exit_code == 2, r.output
    return r.output.replace("\n", " ")


# ------------------------------------------------------ damage after resilience


def test_the_chapters_worked_example_deals_8_stun(zodiac):
    """L206: Tony's heavy rifle (7) with two Hearts against the bandit's <ER> 1: 9 - 1 = 8
    STUN; L212: and two LETHAL."""
    out = _json(zodiac, "tool", "damage", "heavy-rifle", "--hearts", "2", "--vs", "bandit")
    d = out["damage"]
    assert (d["stun"], d["lethal"]) == (8, 2)
    assert [t["amount"] for t in d["terms"]] == [7, 2, -1]
    assert d["resilience"] == {"name": "ER", "value": 1} and d["first_blood"] is True
    # The bandit's tracks after it: STUN 10 -> 2, LETHAL 4 -> 2, 16 hours' rest (L247).
    after = out["after"]
    assert (after["stun"]["current"], after["lethal"]["current"]) == (2, 2)
    assert (after["state"], after["rest_hours"]) == ("wounded", 16)
    text = zodiac("tool", "damage", "heavy-rifle", "--hearts", "2", "--vs", "bandit", *P).stdout
    assert "8 STUN, 2 LETHAL" in text


def test_px_adds_where_the_weapon_says_and_the_minimum_is_one(zodiac):
    """The longblade (4+PX, L200-201) in Jimmy's hand (<PX> 1) against the revenant
    (<ER> 2): 4 + 1 + 0 - 2 = 3. With no attacker, --px says the wielder's <PX>."""
    out = _json(
        zodiac, "tool", "damage", "longblade", "--hearts", "0", "--by", "jimmy-arkham",
        "--vs", "shadow-revenant",
    )  # fmt: skip
    assert out["damage"]["stun"] == 3 and out["damage"]["lethal"] == 0
    out = _json(
        zodiac, "tool", "damage", "longblade", "--hearts", "1", "--px", "0", "--vs", "bandit"
    )
    assert out["damage"]["stun"] == 4  # 4 + 0 + 1 - 1
    said = _refused(zodiac, "tool", "damage", "longblade", "--vs", "bandit")
    assert "adds the wielder's <PX>: name --by or give --px" in said


def _berhardt():
    ws = open_workspace([EX])
    [e] = [e for e in ws.content.of_kind("combatant") if e.id == "berhardt-potter"]
    return e.model


def test_susceptibility_doubles_after_resilience_and_immunity_takes_none():
    """L231: 8 Arcane (cold) against Berhardt (<IR> 2, susceptible to cold): (8 - 2) x 2 =
    12 STUN, and LETHAL doubled; his Ring makes fire do nothing (L229)."""
    berhardt = _berhardt()
    cold = Weapon(
        kind="weapon", name="Cold Bolt", type="ranged", attack="sa", damage=8,
        damage_category="arcane", damage_type="cold", range_increment=6,
    )  # fmt: skip
    r = D.attack_report("cold-bolt", cold, "berhardt-potter", berhardt, None, None, D.Options(0))
    assert (r["damage"]["stun"], r["damage"]["lethal"]) == (12, 0)
    r = D.attack_report("cold-bolt", cold, "berhardt-potter", berhardt, None, None, D.Options(1))
    assert (r["damage"]["stun"], r["damage"]["lethal"]) == (14, 2)  # (8 + 1 - 2) x 2, 1 x 2
    assert r["flip"]["defender"]["value"] == "ID"  # a spell attack meets <ID>
    fire = cold.model_copy(update={"damage_type": "fire"})
    r = D.attack_report("fire", fire, "berhardt-potter", berhardt, None, None, D.Options(3))
    assert (r["damage"]["stun"], r["damage"]["lethal"], r["damage"]["immune"]) == (0, 0, True)
    assert r["damage"]["first_blood"] is False


def test_resilience_by_damage_category():
    """L205: Physical less <ER>, Arcane less <IR>, uncategorised less neither."""
    assert C.resilience_for("physical", 2, 5) == ("ER", 2)
    assert C.resilience_for("arcane", 2, 5) == ("IR", 5)
    assert C.resilience_for("uncategorised", 2, 5) == ("", 0)


def test_first_blood_needs_more_than_the_resilience():
    """L317-318: 3 damage against <ER> 3 still deals the minimum 1 STUN; it is not first blood."""
    assert C.hit_damage(3, 0, resilience=3).stun == 1
    assert C.first_blood(3, 3) is False and C.first_blood(4, 3) is True


# ------------------------------------------------------------- ties on the clock


def test_tie_break_order_of_L17():
    a = C.Standing("a", 5, 15, 2, 2)
    assert C.tie_break(a, C.Standing("b", 5, 16, 1, 1)) == C.Tie("b", "a", "calculated")
    assert C.tie_break(a, C.Standing("b", 5, 15, 3, 0)) == C.Tie("b", "a", "n")
    assert C.tie_break(a, C.Standing("b", 5, 15, 2, 1)) == C.Tie("a", "b", "ss")
    tied = C.tie_break(a, C.Standing("b", 5, 15, 2, 2))
    assert (tied.by, tied.settled) == ("flip", False)
    flipped = C.tie_break(
        C.Standing("a", 5, 15, 2, 2, flip=4), C.Standing("b", 5, 15, 2, 2, flip=11)
    )
    assert flipped == C.Tie("b", "a", "flip")
    order = C.clock_order([a, C.Standing("c", 9, 11, 1, 1), C.Standing("b", 5, 12, 1, 1)])
    assert [(p.phase, p.order) for p in order] == [(5, ("a", "b")), (9, ("c",))]


def test_tool_clock_orders_combatants_sharing_a_phase(zodiac):
    """Tony (N 2) over the bandit (N 1); Jimmy (SS 3) over Tony (SS 2); the bandit and
    Berhardt (N 1, SS 1 both) flip, and the high card goes first."""
    out = _json(
        zodiac, "tool", "clock", "--combatant", "tony-wrongway-wright=15", "--combatant", "bandit=15",
        "--combatant", "jimmy-arkham=15", "--combatant", "berhardt-potter=15", "--combatant", "mara-quillon=9@5",
    )  # fmt: skip
    [phase] = out["order"]
    assert phase["phase"] == 5
    assert phase["combatants"] == [
        "jimmy-arkham", "tony-wrongway-wright", "bandit", "berhardt-potter", "mara-quillon",
    ]  # fmt: skip
    assert [(t["by"], t["settled"]) for t in phase["ties"]] == [
        ("ss", True), ("n", True), ("flip", False), ("calculated", True),
    ]  # fmt: skip
    out = _json(
        zodiac, "tool", "clock", "--combatant", "bandit=15", "--combatant", "berhardt-potter=15",
        "--flip", "bandit=3", "--flip", "berhardt-potter=12",
    )  # fmt: skip
    assert out["order"][0]["combatants"] == ["berhardt-potter", "bandit"]
    text = zodiac(
        "tool", "clock", "--combatant", "tony-wrongway-wright=15", "--combatant", "bandit=15", *P
    )
    assert 'Tony "Wrongway" Wright has the higher Initiative <N>' in text.stdout
    assert "give --initiative N, or --combatant" in _refused(zodiac, "tool", "clock")
    assert "write ID=CI" in _refused(zodiac, "tool", "clock", "--combatant", "bandit")
    assert "no combatant with id 'nobody'" in _refused(
        zodiac, "tool", "clock", "--combatant", "nobody=3"
    )


def test_the_clock_page_says_the_tie_break_order(tmp_path, zodiac):
    r = zodiac("build", str(EX), "--out", str(tmp_path), "--only", "table-aids.pdf")
    assert r.exit_code == 0, r.output
    pdf = PdfReader(tmp_path / "table-aids.pdf")
    pages = [" ".join(p.extract_text().split()) for p in pdf.pages]
    assert "the higher Calculated Initiative, then the higher Initiative <N>, then the higher Soft Strength [SS], then a flip" in pages[0]  # fmt: skip
    procedures = " ".join(pages)
    for needle in (
        "heavy rifle 7 + 2 Hearts − ER 1 = 8 STUN",
        "Outnumbering in melee",
        "more than half of the target blocked from sight",
        "Temporary STUN and LETHAL",
        "1 per 8 hours",
        "Grapple Test",
        "Showdown",
        "the opponent's character level",
        "Counting spaces",
        "Off-hand weapon",
    ):
        assert needle in procedures, needle


# --------------------------------------------- modifiers, size and grid distance


def test_outnumbering_and_cover():
    """L151: more friends: shift+1; 2-to-1 or more: flip+1. L157-161: cover."""
    assert [C.outnumbering(f, 2) for f in (1, 2, 3, 4, 5)] == [
        None, None, "shift+1", "flip+1", "flip+1",
    ]  # fmt: skip
    assert C.cover_modifiers("hard") == ("flip+1", "shift+1")
    assert C.cover_modifiers("soft") == ("shift+1",)
    with pytest.raises(C.RuleError, match="total cover"):
        C.cover_modifiers("total")
    assert C.intervening_cover("large", "medium") and not C.intervening_cover("huge", "medium")
    assert C.net_modifiers(["shift-1", "flip+1 shift+1", "flip-1"]) == {"shift": 0, "flip": 0}
    assert B.outnumbering_grid()[3][1] == "flip+1" and B.outnumbering_grid()[2][1] == "shift+1"
    assert [r["defender"] for r in B.cover_rows()] == [
        "–", "shift+1", "flip+1 shift+1", "no attack, usually",
    ]  # fmt: skip


def test_size_shifts_and_range_in_the_damage_tool(zodiac):
    """L138: the large revenant attacks medium Jimmy: the revenant's <PA> flip shift-1,
    Jimmy's none. L131: the heavy rifle (increment 12) at 14 across and 3 down (15 spaces,
    L324) takes shift-1; Tony outnumbering 3 to 1 in melee gets flip+1 (L151)."""
    out = _json(
        zodiac, "tool", "damage", "revenant-claws", "--hearts", "1", "--by", "shadow-revenant",
        "--vs", "jimmy-arkham",
    )  # fmt: skip
    assert out["size"] == {
        "attacker": "large", "target": "medium", "attacker_shift": -1, "target_shift": 0,
    }  # fmt: skip
    assert out["flip"]["attacker"]["net"] == "shift-1" and out["flip"]["defender"]["net"] == "none"
    assert out["flip"]["defender"]["cards"] == 4 + 3  # <PD> 4 + [SS] 3, not flat-footed
    out = _json(
        zodiac, "tool", "damage", "heavy-rifle", "--hearts", "0", "--by", "tony-wrongway-wright",
        "--vs", "shadow-revenant", "--at", "14,3", "--cover", "hard",
    )  # fmt: skip
    assert out["distance"] == 15
    assert out["flip"]["attacker"] == {
        "cards": 4, "value": "PA", "cards_terms": [{"label": "<PA>", "amount": 4}],
        "modifiers": [{"modifier": "shift-1", "why": "15 spaces, increment 12 (L124-131)"}],
        "net": "shift-1",
    }  # fmt: skip
    # Large defender shift-1 (L136), hard cover flip+1 shift+1 (L157).
    assert out["flip"]["defender"]["net"] == "flip+1"
    out = _json(
        zodiac, "tool", "damage", "shortblade", "--by", "tony-wrongway-wright", "--vs",
        "bandit", "--friends", "3", "--foes", "1", "--flat-footed", "--off-hand",
    )  # fmt: skip
    assert out["flip"]["attacker"]["net"] == "none"  # off hand flip-1, outnumbering flip+1
    assert [m["modifier"] for m in out["flip"]["attacker"]["modifiers"]] == ["flip-1", "flip+1"]
    assert out["flip"]["defender"]["cards"] == 2  # flat-footed: no [SS] (L22)
    said = _refused(zodiac, "tool", "damage", "heavy-rifle", "--vs", "bandit", "--at", "60,0")
    assert "beyond the 4th range increment" in said
    said = _refused(zodiac, "tool", "damage", "shortblade", "--px", "1", "--vs", "bandit", "--at", "3,0")  # fmt: skip
    assert "not adjacent" in said
    assert "total cover" in _refused(
        zodiac, "tool", "damage", "heavy-rifle", "--vs", "bandit", "--cover", "total"
    )


def test_grid_distance_on_the_reference():
    """L324-325: the first diagonal counts 1, the next 2: 3 across and 3 down is 4."""
    grid = B.distance_grid()
    assert grid[0][5] == 5 and grid[1][1] == 1 and grid[2][2] == 3 and grid[3][3] == 4
    assert grid[3][6] == 7


# ------------------------------------------------- temporary STUN and LETHAL, rest


def test_temporary_points_go_first_and_never_add():
    """L220-224."""
    assert C.take(C.Track(10, 3), 5, floor=0) == C.Track(8, 0)
    assert C.take(C.Track(10, 6), 5, floor=0) == C.Track(10, 1)
    assert C.take(C.Track(2, 1), 9, floor=0) == C.Track(0, 0)  # STUN never below 0
    assert C.take(C.Track(1, 2), 5) == C.Track(-2, 0)  # LETHAL goes on below 0
    assert C.gain_temporary(4, 3) == 4 and C.gain_temporary(2, 5) == 5
    assert C.unconscious(C.Track(0, 5))  # L222
    assert C.lethal_state_with(C.Track(-1, 3), 6, 2) == "wounded"  # L223: lifted above 0
    assert C.lethal_state_with(C.Track(-1, 0), 6, 2) == "dying"
    assert C.lethal_rest_hours(3) == 24  # L247


def test_the_damage_tool_applies_temporary_points(zodiac):
    """The longblade with 3 Hearts (4 + PX 2 + 3 - ER 1 = 8) on a bandit at 5 STUN with 3
    temporary, 1 LETHAL with 1 temporary: STUN 0 (unconscious), LETHAL -1, dying."""
    out = _json(
        zodiac, "tool", "damage", "longblade", "--hearts", "3", "--px", "2", "--vs", "bandit",
        "--stun-now", "5", "--temp-stun", "3", "--lethal-now", "1", "--temp-lethal", "1",
    )  # fmt: skip
    after = out["after"]
    assert after["stun"] == {"current": 0, "temporary": 0, "maximum": 10}
    assert after["lethal"] == {"current": -1, "temporary": 0, "maximum": 4}
    assert (after["unconscious"], after["state"], after["rest_hours"]) == (True, "dying", 40)


# ------------------------------------------------------ grappling, hands, duels


def test_grapple_and_squeeze():
    """L254: PA + size against PD + size; L260: Squeeze, Hard Strength + your size - the
    victim's, below Medium counted 0; L273: Reverse, Hard Strength + size."""
    g = C.grapple(pa=5, pd=3, hard=4, rank=1)  # the shadow revenant, Large
    assert (g.attack, g.defense, g.reverse, g.squeeze) == (6, 4, 5, 5)
    assert C.squeeze_damage(4, 1, 1) == 4  # against a Large victim
    assert C.squeeze_damage(1, -1, 0) == 1  # a Small squeezer counts as 0
    assert C.grapple(pa=0, pd=0, hard=0, rank=-2).attack == 0  # never below 0 cards
    assert C.restricted_hard_strength(5) == 2  # halved, rounded down (R1)


def test_squeeze_in_the_damage_tool(zodiac):
    """The revenant (HS 4, Large) squeezes Jimmy (Medium) with 1 Heart: 4 + 1 - 0 + 1 = 6;
    uncategorised damage meets no resilience (L205)."""
    out = _json(
        zodiac, "tool", "damage", "squeeze", "--hearts", "1", "--by", "shadow-revenant",
        "--vs", "jimmy-arkham",
    )  # fmt: skip
    assert (out["damage"]["stun"], out["damage"]["lethal"], out["flip"]) == (6, 1, None)
    assert "name --by" in _refused(zodiac, "tool", "damage", "slam", "--vs", "bandit")


def test_off_hand_and_dual_wield():
    """L288: off hand flip-1; L289: aggressive +1 PA -1 PD, defensive the reverse."""
    s = C.dual_wield(3, 4)
    assert (s["aggressive"].pa, s["aggressive"].pd) == (4, 3)
    assert (s["defensive"].pa, s["defensive"].pd) == (2, 5)
    assert C.dual_wield(0, 0)["defensive"] == C.Stance(0, 1)


def test_showdown():
    """L301-309: a piece per point won by (seven at most); 5 or more: flip+1 in Stage Three."""
    assert C.showdown(3) == C.Showdown(3, False)
    assert C.showdown(5) == C.Showdown(5, True)
    assert C.showdown(9) == C.Showdown(7, True) and C.showdown(-2) == C.Showdown(0, False)


def test_show_carries_grapple_hands_and_rest_with_terms(zodiac):
    """Jimmy (PA 3, PD 4, HS 1, Medium; a longblade and a throwing axe, both one-handed
    melee) and Tony (a two-handed heavy rifle and a shortblade)."""
    jimmy = str(EX / "combatants" / "jimmy.yaml")
    data = zodiac("show", jimmy, "--format", "json").json()
    assert data["grapple"] == {"attack": 3, "defense": 4, "reverse": 1, "squeeze": 1}
    assert data["off_hand"] == [
        {"weapon": "longblade", "cards": 4, "modifier": "flip-1"},
        {"weapon": "throwing-axe", "cards": 3, "modifier": "flip-1"},
    ]
    assert data["dual_wield"] == {
        "aggressive": {"pa": 4, "pd": 3}, "defensive": {"pa": 2, "pd": 5},
    }  # fmt: skip
    assert data["lethal_rest_hours"] == 56  # 7 LETHAL x 8 hours
    r = zodiac("show", jimmy, "--explain", "grapple.attack", "--format", "json")
    assert [(t["amount"], t["source"]) for t in r.json()["terms"]] == [
        (3, "values.pa"), (0, "size_rank"),
    ]  # fmt: skip
    tony = zodiac("show", str(EX / "combatants" / "tony.yaml"), "--format", "json").json()
    assert [o["weapon"] for o in tony["off_hand"]] == ["shortblade"]
    assert tony["dual_wield"] is None
    rev = zodiac("show", str(EX / "combatants" / "revenant.yaml"), "--format", "json").json()
    assert rev["grapple"] == {"attack": 6, "defense": 4, "reverse": 5, "squeeze": 5}
    scout = zodiac("show", str(EX / "combatants" / "scout.yaml"), "--format", "json").json()
    assert scout["grapple"]["attack"] == 3 and scout["grapple"]["squeeze"] == 1  # Small


def test_cards_print_resilience_grapple_and_dual_wield(tmp_path, zodiac):
    r = zodiac("build", str(EX), "--out", str(tmp_path), "--only", "combatant-cards.pdf")
    assert r.exit_code == 0, r.output
    text = PdfReader(tmp_path / "combatant-cards.pdf").pages[0].extract_text()
    assert text.upper().count("RESILIENCE") == 7
    assert "−1 Physical, −2 Arcane STUN" in text  # Jimmy: ER 1, IR 2
    assert "aggressive PA 4 PD 3" in text and "GRAPPLE 6/4" in text.upper()
