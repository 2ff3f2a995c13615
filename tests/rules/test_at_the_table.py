"""Issue #14 "ZODIAC complete at the table": the rules a player needs in play, with the
book's own numbers (Ch. II Techs, Ch. V relics and Concentrate, Ch. VI durations)."""

from __future__ import annotations

import shutil
from dataclasses import replace
from types import SimpleNamespace

from builder.rulesets.zodiac.models.tech import Tech
from builder.rulesets.zodiac.rules import techs as R
from builder.rulesets.zodiac.rules.equipment import ItemBonus
from builder.rulesets.zodiac.show import monster_stat_block
from builder.rulesets.zodiac.views.sheets import _attack_row
from builder.rulesets.zodiac.views.techs import reference_wielder, tech_effects, wielder_from_view
from builder.workspace import open_workspace
from tests.conftest import EXAMPLE


def _tech(**kw: object) -> Tech:
    return Tech.model_validate({"name": "T", **kw})


# --- Item 5: MP Attack with Revenge (Ch. II MP Attack, Revenge) ---------------------------


def test_revenge_damage_is_half_then_all_of_what_was_lost() -> None:
    """Ch. II Revenge: TL 2 "half the difference between your max HP and your current HP";
    TL 4 "equal to the total damage you have taken". Halves round down (R1)."""
    assert R.revenge_damage(2, 120, 50) == 35
    assert R.revenge_damage(2, 120, 49) == 35
    assert R.revenge_damage(4, 120, 50) == 70
    assert R.revenge_damage(4, 120, 120) == 0


def test_mp_attack_revenge_is_based_on_the_users_lost_mp() -> None:
    """Ch. II MP Attack: "If combined with Revenge, the damage dealt to the target's MP is
    instead based on your own MP. At Tech Level 2, the damage is half the amount of MP you
    have lost" -- not 1/10 of a damage roll."""
    t = _tech(tech_level=2, primary="revenge", secondary=[{"mp_attack": "mp_only"}])
    lines = tech_effects(t, reference_wielder())
    assert lines[0].startswith("Deals half of the MP the user has lost (max MP - current MP")
    assert "to the target's MP" in lines[0]
    assert not any("1/10" in line or "damage roll" in line for line in lines)
    t4 = t.model_copy(update={"tech_level": 4})
    assert tech_effects(t4, reference_wielder())[0].startswith("Deals all of the MP")
    plain = _tech(tech_level=2, primary="revenge")
    assert tech_effects(plain, reference_wielder()) == [
        "Deals half of the damage the user has taken (max HP - current HP)"
    ]


# --- Item 2: Concentrate (Ch. IV Concentrate) ---------------------------------------------


def _garland_with(tmp_path, zodiac, skill: str, *args: str) -> dict:
    """Garland from the example project, with another Support Skill, shown as JSON."""
    root = tmp_path / "project"
    shutil.copytree(EXAMPLE, root)
    path = root / "characters" / "garland.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("support_skill: Toughness", f"support_skill: {skill}"))
    r = zodiac("character", "show", str(path), "-f", "json", *args)
    assert r.exit_code == 0, r.stdout
    return r.json()


def test_concentrate_always_hits_and_criticals_triple(tmp_path, zodiac) -> None:
    """Ch. IV Concentrate: physical attacks "ALWAYS hit their target" and "a critical hit
    ... deals TRIPLE its normal damage, rather than double"."""
    [a] = _garland_with(tmp_path, zodiac, "Concentrate", "--target-evade", "200")["attacks"]
    assert (a["hit_chance"], a["always_hits"], a["critical_multiplier"]) == (100, True, 3)
    # Without it, Evade 200 is hit only by a natural 90+ (Ch. VI Attacking): 11%.
    [b] = _garland_with(tmp_path / "b", zodiac, "Toughness", "--target-evade", "200")["attacks"]
    assert (b["hit_chance"], b["always_hits"], b["critical_multiplier"]) == (11, False, 2)


def test_concentrate_on_the_sheet() -> None:
    row = _attack_row(
        {"name": "Sword", "text": "2d10 x 10 + 286", "min": 306, "max": 486, "accuracy": 14,
         "critical": 80, "always_hits": True, "critical_multiplier": 3},
        [],
    )  # fmt: skip
    assert row["note"] == "Accuracy 14 · critical on 80+ (x3 damage) · always hits (Concentrate)"
    assert [h["chance"] for h in row["hits"]] == [100, 100, 100, 100]  # Evade 25/35/50/75


# --- Item 3: Elemental Boost relics (Ch. V Relic Construction System) --------------------

FIREBALL = {"tech_level": 4, "primary": "attack_magic", "power_level": "medium",
            "element": "fire", "secondary": ["area_effect"]}  # fmt: skip


def test_a_plus_one_fire_relic_turns_a_4d4_fireball_into_5d4() -> None:
    fireball = _tech(**FIREBALL)
    w = replace(reference_wielder(), mag_dice=2, magic_die=4)  # TL 4 adds 2 dice: 4d4
    assert tech_effects(fireball, w)[0].startswith("Damage 4d4 x 10 + 16")
    boosted = replace(w, elemental_boost={"fire": 1})
    assert tech_effects(fireball, boosted)[0].startswith("Damage 5d4 x 10 + 16")
    ice = _tech(**{**FIREBALL, "element": "ice"})
    assert tech_effects(ice, boosted)[0].startswith("Damage 4d4")  # another element: none


def test_elemental_boost_reaches_a_power_attack_through_the_weapon() -> None:
    """ "This includes a non-elemental Power Attack when wielding an appropriate
    elementally-charged weapon" (Strength Dice, whichever is appropriate)."""
    slash = _tech(tech_level=1, primary="power_attack", power_level="medium")
    w = replace(reference_wielder(), elemental_boost={"fire": 2})  # 1 + 1 dice at TL 1
    assert tech_effects(slash, w)[0].startswith("Damage 2d8")
    assert tech_effects(slash, replace(w, weapon_element="fire"))[0].startswith("Damage 4d8")


def test_the_wielder_takes_the_relics_boost() -> None:
    relic = SimpleNamespace(bonus=ItemBonus(elemental_boost={"fire": 1}))
    other = SimpleNamespace(bonus=ItemBonus(elemental_boost={"fire": 2, "ice": 1}))
    derived = {k: SimpleNamespace(value=5) for k in ("str_dice", "mag_dice", "ap", "map",
                                                      "magic_accuracy")}  # fmt: skip
    view = SimpleNamespace(name="X", level=3, derived=derived, attacks=[],
                           equipment=[relic, other], stats={"mag": 10})  # fmt: skip
    assert wielder_from_view(view).elemental_boost == {"fire": 2, "ice": 1}


# --- Item 4: durations (Ch. II Invulnerability, Status Effect, Lesser Status Attack) ------


def test_invulnerability_lasts_one_round_at_4_and_two_at_6() -> None:
    """Ch. II Invulnerability: "For Tech Level 4, the subject is protected for one round;
    at Tech Level 6, the protection lasts two rounds"."""
    assert (R.invulnerability_rounds(4), R.invulnerability_rounds(6)) == (1, 2)
    t = _tech(tech_level=4, primary="invulnerability", damage_type="physical")
    assert tech_effects(t, reference_wielder())[0] == (
        "Invulnerable to physical damage for 1 round"
    )
    t6 = _tech(tech_level=6, primary="invulnerability", damage_type="magical")
    assert tech_effects(t6, reference_wielder())[0] == "Invulnerable to magical damage for 2 rounds"


def test_status_durations_by_chapter_vi() -> None:
    """Temporary effects: 3 rounds from a Status Effect Tech, 1d3 from Lesser Status
    Attack (Ch. II); Permanent ones until cured, Stun the next turn only (Ch. VI)."""
    assert R.status_duration("sleep") == "3 rounds"
    assert R.status_duration("sleep", lesser=True) == "1d3 rounds"
    assert R.status_duration("haste") == "3 rounds"
    assert R.status_duration("blind") == "until cured (potion or Dispel)"
    assert R.status_duration("blind", lesser=True) == "until cured (potion or Dispel)"
    assert R.status_duration("stun") == "the target's next turn only"
    assert R.status_duration("regen") == "until the battle ends"
    every = set(R.STATUS_EFFECT_TABLE) | set(R.LESSER_STATUS_TABLE)
    assert every <= set(R.STATUS_DURATION)


def test_status_techs_print_their_durations() -> None:
    sleep = _tech(
        tech_level=2, primary="status_effect", statuses=[{"status": "sleep"}],
        secondary=[{"lesser_status_attack": "poison"}],
    )  # fmt: skip
    lines = tech_effects(sleep, reference_wielder())
    assert lines[0].startswith("Sleep: modifier -55") and lines[0].endswith("; lasts 3 rounds")
    assert lines[1].startswith("Poison (lesser)") and lines[1].endswith("; lasts 1d3 rounds")
    haste = _tech(tech_level=3, primary="status_effect", statuses=[{"status": "haste"}])
    assert tech_effects(haste, reference_wielder())[0] == "Haste: always works; lasts 3 rounds"


# --- Item 1: a monster's inline Techs are priced (App. I Step 6, Ch. II) -------------------

OGRE = """\
kind: monster
name: Ogre Mage
level: 20
stats: {str: 30, mag: 50, vit: 25, spr: 10, agi: 10}
techs:
  - {name: Quake, tech_level: 3, power_level: medium, primary: attack_magic, element: earth}
  - {name: Armor Break, tech_level: 2, primary: break_arts, stat: vit}
  - {name: Lull, tech_level: 2, primary: status_effect, statuses: [{status: sleep}]}
"""


def test_monster_techs_carry_mp_and_effect(write, zodiac) -> None:
    """MP table (Ch. II Using Techs): TL 3 medium 12 MP; Break Arts (Power Level: Medium)
    TL 2 6 MP, 25% (Ch. II Break Arts); Status Effect (Medium) TL 2 6 MP, Sleep 3 rounds."""
    write("zodiac.yaml", "title: Test\n")
    path = write("ogre.yaml", OGRE)
    ws = open_workspace([path])
    [entity] = ws.content.of_kind("monster")
    view, _ = monster_stat_block(ws, entity)  # what `monster show` and `zodiac show` print
    quake, brk, lull = view.techs
    assert (quake["mp"], quake["tech_level"]) == (12, 3)
    assert quake["effect"].endswith(" earth") and "d" in quake["effect"]
    assert (brk["cost"], brk["effect"]) == ("6 MP", "Armor Break: 25%")
    assert lull["mp"] == 6 and lull["effect"].startswith("Sleep: modifier -55")
    assert lull["effect"].endswith("lasts 3 rounds")
    shown = " ".join(zodiac("show", "ogre.yaml").stdout.split())
    assert "Tech: Armor Break Tech Level 2; 6 MP; Armor Break: 25%" in shown
