"""`zodiac encounter rewards` in a Turns and Actions project (turns-and-actions.txt
L849-871; issues #23, #27): XP shared by every combatant (L853), gil times the non-NPC
players (L855), +5 to the loot check of a monster that died with Aggro (L867).

The chapter has no worked example with numbers; its sentences are the cases here, and the
example project's sheets give the amounts (`rewards: {xp, gil}`, ours).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from builder.rulesets.turns.rules import rewards as R

REPO = Path(__file__).resolve().parents[3]
EXAMPLES = REPO / "content" / "examples"
EXAMPLE = EXAMPLES / "turns-and-actions"


# --- the book's numbers, pure --------------------------------------------------------------


def test_xp_is_divided_equally_rounded_down_the_rest_not_handed_out():
    """L853 "divided equally"; the chapter does not say how to round: down (R1)."""
    assert R.split_xp(72, 5) == R.XpSplit(total=72, combatants=5, each=14, remainder=2)
    assert R.split_xp(60, 4) == R.XpSplit(60, 4, 15, 0)
    assert R.split_xp(3, 4) == R.XpSplit(3, 4, 0, 3)
    assert R.split_xp(0, 1) == R.XpSplit(0, 1, 0, 0)


def test_xp_needs_a_combatant_and_is_never_negative():
    with pytest.raises(ValueError):
        R.split_xp(10, 0)
    with pytest.raises(ValueError):
        R.split_xp(-1, 2)


def test_gil_dropped_multiplies_by_the_non_npc_players():
    """L855: "The amount of gil dropped multiplies by the amount of non-NPC players"."""
    assert R.party_gil(54, 4) == 216
    assert R.party_gil(54, 1) == 54
    assert R.party_gil(54, 0) == 0  # NPCs alone (L421-422) bring no gil
    with pytest.raises(ValueError):
        R.party_gil(-1, 2)


def test_aggro_gives_plus_five_to_the_loot_check():
    """L867: "+5 to their loot-drop checks"; the Harvest score is beaten (L858)."""
    assert R.AGGRO_LOOT_BONUS == 5
    assert (R.loot_check_bonus(True), R.loot_check_bonus(False)) == (5, 0)
    assert R.loot_check_beats(14, aggro=False) == 14
    assert R.loot_check_beats(14, aggro=True) == 9


# --- the command, on the example project ---------------------------------------------------


@pytest.fixture
def project(tmp_path, monkeypatch):
    """The four example projects copied, cwd inside the Turns and Actions one."""
    for name in ("turns-and-actions", "99-towers", "16-bit-tactics", "zodiac"):
        shutil.copytree(EXAMPLES / name, tmp_path / name)
    monkeypatch.chdir(tmp_path / "turns-and-actions")
    return tmp_path


FIGHT = ["bilge-rat:3", "foreman-grist", "--party", "4", "--npcs", "1", "--aggro", "bilge-rat"]


def test_rewards_on_the_example_project(zodiac, project):
    """3 Bilge Rats (4 XP, 3 gil) and Foreman Grist (60 XP, 45 gil); 4 players, 1 NPC."""
    r = zodiac("encounter", "rewards", *FIGHT, "--format", "json")
    assert r.exit_code == 0, r.output
    data = r.json()
    assert data["party"] == {"players": 4, "npcs": 1, "combatants": 5}
    assert [(m["id"], m["count"], m["xp"], m["gil"]) for m in data["monsters"]] == [
        ("bilge-rat", 3, 12, 9),
        ("foreman-grist", 1, 60, 45),
    ]
    # L853: 72 XP among all 5 combatants, the NPC included: 14 each, 2 not handed out (R1)
    assert data["xp"] == {"total": 72, "combatants": 5, "each": 14, "remainder": 2}
    # L855: 54 gil dropped x 4 non-NPC players; the NPC does not count
    assert data["gil"] == {"dropped": 54, "players": 4, "total": 216, "each_player": 54}
    # L867: the rat that died with Aggro gives +5 to its loot-drop check
    rat, grist = (m["harvest"] for m in data["monsters"])
    assert (rat["score"], rat["aggro_bodies"], rat["aggro_bonus"]) == (14, 1, 5)
    assert (rat["check_beats"], rat["check_beats_with_aggro"]) == (14, 9)
    assert (grist["aggro_bodies"], grist["aggro_bonus"], grist["check_beats_with_aggro"]) == (
        0,
        0,
        13,
    )


def test_rewards_explain_how_each_number_was_reached(zodiac, project):
    data = zodiac("encounter", "rewards", *FIGHT, "-f", "json").json()
    explain = data["explain"]
    assert [t["amount"] for t in explain["xp.total"]] == [12, 60]
    assert [t["source"] for t in explain["xp.combatants"]] == ["option:party", "option:npcs"]
    (each,) = explain["xp.each"]
    assert (each["amount"], each["source"], each["rule"]) == (
        14,
        "ruling:R1",
        "turns-and-actions.txt L853",
    )
    assert [t["amount"] for t in each["terms"]] == [72, 4, 1]
    (pile,) = explain["gil.total"]
    assert (pile["label"], pile["amount"]) == ("54 gil x 4 non-NPC players", 216)
    assert [t["amount"] for t in explain["gil.dropped"]] == [9, 45]
    aggro = explain["monsters.bilge-rat.harvest.check_beats_with_aggro"]
    assert [(t["amount"], t["source"]) for t in aggro] == [
        (14, "sheet:harvest.score"),
        (-5, "book:L867"),
    ]


def test_rewards_text_shows_the_breakdowns(zodiac, project):
    r = zodiac("encounter", "rewards", *FIGHT)
    assert r.exit_code == 0, r.output
    out = " ".join(r.stdout.split())
    assert "Encounter rewards, 4 players and 1 NPC" in out
    assert "4 XP and 3 gil each (its sheet): 12 XP, 9 gil" in out
    assert "12 + 60 = 72 XP" in out
    assert "4 players + 1 NPC = 5, the neutralized ones included" in out
    assert "72 / 5, rounded down (R1) = 14 XP" in out
    assert "9 + 45 = 54 gil" in out
    assert "54 x 4 non-NPC players = 216 gil" in out
    assert "+5 to the check (L867), so beating 9 before the bonus is enough; 1 of 3 did" in out


def test_without_npcs_xp_is_shared_by_the_players(zodiac, project):
    data = zodiac("encounter", "rewards", "reef-stalker:2", "-p", "3", "-f", "json").json()
    assert data["xp"] == {"total": 20, "combatants": 3, "each": 6, "remainder": 2}
    assert data["gil"]["total"] == 12 * 3
    assert data["monsters"][0]["harvest"]["aggro_bodies"] == 0


def test_a_monster_sheet_without_rewards_counts_nothing_and_says_so(zodiac, project):
    path = project / "turns-and-actions" / "monsters.yaml"
    path.write_text(path.read_text().replace("rewards: {xp: 4, gil: 3}\n", ""))
    r = zodiac("encounter", "rewards", "bilge-rat:2", "tide-hag", "-p", "2", "-f", "json")
    assert r.exit_code == 0, r.output
    rat, hag = r.json()["monsters"]
    assert (rat["rewards_on_sheet"], rat["xp"], rat["gil"]) == (False, 0, 0)
    assert (hag["xp"], hag["gil"]) == (18, 15)
    text = zodiac("encounter", "rewards", "bilge-rat", "-p", "2").stdout
    assert "no `rewards:` on its sheet: 0 XP and 0 gil" in " ".join(text.split())


def test_a_monster_file_is_read_as_a_combatant(zodiac, project):
    (project / "lone").mkdir()
    one = project / "lone" / "one.yaml"
    one.write_text(
        "kind: combatant\nname: Lone Rat\nside: monster\nvitals: {health: 5}\n"
        "melee: {accuracy: 0, evasion: 5, power: 1}\nskill: {accuracy: 0, evasion: 5, power: 1}\n"
        "magic: {accuracy: 0, evasion: 5, power: 1}\nrewards: {xp: 7, gil: 2}\n"
    )
    (project / "lone" / "zodiac.yaml").write_text("ruleset: turns-and-actions\ntitle: Lone\n")
    r = zodiac("encounter", "rewards", str(one) + ":2", "-p", "2", "-f", "json")
    assert r.exit_code == 0, r.output
    assert r.json()["xp"]["total"] == 14 and r.json()["gil"]["total"] == 8


# --- refusals ------------------------------------------------------------------------------


def test_an_unknown_id_is_looked_up_among_the_combatants(zodiac, project):
    """Issue #27: it used to look for ZODIAC monsters, so every id was unknown."""
    r = zodiac("encounter", "rewards", "bilge-rot", "-p", "2")
    assert r.exit_code == 2
    assert "no monster with id 'bilge-rot' in the project; did you mean 'bilge-rat'" in r.output


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["maren-saltwhistle", "-p", "2"], "maren-saltwhistle is a player combatant"),
        (["bilge-rat", "-p", "2", "--aggro", "tide-hag"], "no monster 'tide-hag' in this fight"),
        (["bilge-rat", "-p", "2", "--aggro", "bilge-rat:2"], "the fight has 1 bilge-rat"),
        (["monsters.yaml", "-p", "2"], "holds 6 combatants"),
        (["bilge-rat", "-p", "0"], "--party"),
    ],
)
def test_misuse_exits_2(zodiac, project, args, said):
    r = zodiac("encounter", "rewards", *args)
    assert r.exit_code == 2, r.output
    assert said in " ".join(r.output.split())


def test_99_towers_book_gives_no_rewards(zodiac, project):
    """99 Towers' combat chapter has no XP, loot or treasure: nothing to compute."""
    r = zodiac("encounter", "rewards", "anyone", "-p", "3", "--project", "../99-towers")
    assert r.exit_code == 2
    assert "99 Towers' book gives no rewards for a fight" in " ".join(r.output.split())


@pytest.mark.parametrize(
    ("folder", "monster"), [("16-bit-tactics", "cave-goblin"), ("zodiac", "goblin")]
)
def test_npcs_and_aggro_are_refused_where_the_book_has_no_such_rule(
    zodiac, project, folder, monster
):
    for option in (["--npcs", "1"], ["--aggro", monster]):
        r = zodiac("encounter", "rewards", monster, "-p", "3", *option, "--project", f"../{folder}")
        assert r.exit_code == 2, r.output
        assert f"{option[0]}: this project's rule set shares rewards without it" in r.output
    r = zodiac("encounter", "rewards", monster, "-p", "3", "--project", f"../{folder}")
    assert r.exit_code == 0, r.output


def test_rewards_on_a_sheet_are_validated(zodiac, project):
    path = project / "turns-and-actions" / "monsters.yaml"
    path.write_text(path.read_text().replace("rewards: {xp: 4, gil: 3}", "rewards: {xp: -4}"))
    r = zodiac("validate", str(project / "turns-and-actions"))
    assert r.exit_code == 1
    assert "monsters.yaml:15:15: error ZS105 rewards.xp: -4 is out of range" in r.stdout
