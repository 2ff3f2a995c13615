"""A character's Techs and Enemy Skills: every rule rejects its broken form at its line
and lets the legal form pass (Ch. II Learning Techs, Ch. III; R11, R15, R16)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from builder.rulesets.zodiac.checks.character_techs import CODES

PROJECT = "title: Test\nhouse_rules: {map_combat: false}\n"

LIBRARY = """\
kind: tech
name: Fireball
tech_level: 4
power_level: medium
primary: attack_magic
element: fire
secondary: [area_effect]
---
kind: tech
name: Ice Storm
tech_level: 4
power_level: medium
primary: attack_magic
element: ice
secondary: [area_effect]
clone_of: fireball
---
kind: tech
name: Cure
tech_level: 1
power_level: medium
primary: healing
---
kind: tech
name: Armor Break
tech_level: 2
primary: break_arts
stat: vit
---
kind: tech
name: Spark
tech_level: 1
power_level: weak
primary: attack_magic
---
kind: tech
name: Zap
tech_level: 1
power_level: weak
primary: attack_magic
element: lightning
---
kind: tech
name: Bolt
tech_level: 3
power_level: medium
primary: attack_magic
---
kind: tech
name: Flare
tech_level: 4
power_level: medium
primary: attack_magic
secondary: [area_effect, {drain: 50}]
drain_area: hardest_hit
"""


def character(
    *,
    level: int = 3,
    techs: str = "",
    base: str = "{str: 11, mag: 6, vit: 6, spr: 11, agi: 6}",
    step: str = "{str: 1, vit: 1, agi: 1}",
    power: str = "tech",
    extra: str = "",
) -> str:
    """A legal character file of ``level`` with a `techs:` (or other) block appended."""
    ups = "".join(f"  - {step}\n" for _ in range(level - 1))
    text = (
        "kind: character\n"
        "name: Tester\n"
        f"level: {level}\n"
        f"class_power: {power}\n"
        "armor_type: balanced\n"
        "command_skill: steal\n"
        "support_skill: toughness\n"
        f"base_stats: {base}\n"
        f"advancement:{' []' if level == 1 else ''}\n{ups}"
        f"{extra}"
    )
    if techs:
        text += "techs:\n" + textwrap.indent(textwrap.dedent(techs).strip("\n"), "  ") + "\n"
    return text


@pytest.fixture
def check(write, zodiac):
    """Validate a character in a project holding LIBRARY; return [(code, line, message)]."""

    def _check(text: str, *more: tuple[str, str]) -> list[tuple[str, int, str]]:
        write("zodiac.yaml", PROJECT)
        write("techs.yaml", LIBRARY)
        for name, body in more:
            write(name, body)
        write("c.yaml", text)
        r = zodiac("validate", "c.yaml", "--format", "json")
        return [(d["code"], d["line"], d["message"]) for d in r.json()]

    return _check


def line_of(text: str, needle: str, nth: int = 1) -> int:
    """1-based line of the ``nth`` line containing ``needle``."""
    hits = [i + 1 for i, line in enumerate(text.splitlines()) if needle in line]
    return hits[nth - 1]


def codes(diags: list[tuple[str, int, str]]) -> list[str]:
    return [c for c, _, _ in diags]


# --- Tech Points at each level (Ch. II Learning Techs) -------------------------------------


def test_tech_learned_before_its_tech_points_existed(check):
    # Level 2: 12 + 2 TP + 6 from Magic 6 = 20; 8 + 15 = 23 spent.
    text = character(techs="- tech: cure\n- tech: armor-break\n  learned_at: 2\n")
    [(code, line, msg)] = check(text)
    assert code == "ZT192" and line == line_of(text, "armor-break")
    assert "by level 2" in msg and "only 20" in msg


def test_same_tech_a_level_later_is_legal(check):
    # Level 4: 12 + 6 + 6 from Magic = 24 TP >= 8 + 15.
    text = character(level=4, techs="- tech: cure\n- tech: armor-break\n  learned_at: 4\n")
    assert check(text) == []


def test_upgrade_paid_at_its_level(check):
    text = character(techs="- tech: cure\n  upgrades: [{to: 2, at: 2}]\n")
    assert check(text) == []  # 8 + 7 = 15 <= 20
    text = character(
        techs="- tech: cure\n  upgrades: [{to: 2, at: 2}]\n- tech: spark\n  learned_at: 2\n"
    )
    [(code, line, _)] = check(text)  # 8 + 7 + 8 = 23 > 20 at level 2
    assert code == "ZT192" and line == line_of(text, "spark")


def test_same_level_events_in_file_order(check):
    text = character(
        techs="- tech: spark\n  learned_at: 2\n- tech: cure\n  upgrades: [{to: 2, at: 2}]\n"
    )
    [(code, line, _)] = check(text)
    assert code == "ZT192" and line == line_of(text, "upgrades")


# --- Max Tech Levels with clones (R11) -----------------------------------------------------

LOW_MAG = "{str: 15, mag: 3, vit: 12, spr: 4, agi: 6}"  # MAG 15 at level 30: max 12


def test_clone_counts_one_level_less_toward_max(check):
    techs = textwrap.dedent("""\
    - tech: fireball
      learned_at: 30
    - tech: ice-storm
      learned_at: 30
    - tech: bolt
      learned_at: 30
    - tech: spark
      learned_at: 30
    - tech: zap
      learned_at: 30
    """)
    # 4 + (4 - 1) + 3 + 1 + 1 = 12 = 5 + 15 / 2; TP 60 + 30 + 30 + 8 + 8 = 136 <= 150.
    assert check(character(level=30, base=LOW_MAG, techs=techs)) == []
    text = character(level=30, base=LOW_MAG, techs=techs + "- tech: cure\n  learned_at: 30\n")
    [(code, line, msg)] = check(text)
    assert code == "ZT191" and line == line_of(text, "tech: cure")
    assert "13 Tech Levels" in msg and "Max Tech Levels is 12" in msg


# --- Starting Techs (Ch. II Learning Techs) ------------------------------------------------


def test_at_most_three_starting_techs(check):
    three = "- tech: cure\n- tech: spark\n- tech: zap\n"
    assert (
        check(character(level=1, base="{str: 3, mag: 15, vit: 6, spr: 13, agi: 3}", techs=three))
        == []
    )
    text = character(
        level=1,
        base="{str: 3, mag: 15, vit: 6, spr: 13, agi: 3}",
        techs=three
        + "- tech: {name: Ember, tech_level: 1, power_level: weak, primary: attack_magic}\n",
    )
    [(code, line, msg)] = check(text)
    assert code == "ZT193" and line == line_of(text, "Ember") and "4 Techs" in msg


def test_starting_techs_are_tech_level_1(check):
    text = character(level=5, techs="- tech: armor-break\n")
    diags = check(text)
    assert ("ZT193", line_of(text, "armor-break")) in [(c, ln) for c, ln, _ in diags]
    assert check(character(level=5, techs="- tech: armor-break\n  learned_at: 3\n")) == []


def test_no_upgrade_at_creation(check):
    text = character(level=3, techs="- tech: cure\n  upgrades: [{to: 2, at: 1}]\n")
    diags = check(text)
    assert ("ZT193", line_of(text, "upgrades")) in [(c, ln) for c, ln, _ in diags]


# --- Upgrades and levels (R12, R13, R15) ---------------------------------------------------


def test_upgrade_to_level_the_primary_forbids(check):
    text = character(
        level=20, techs="- tech: armor-break\n  learned_at: 5\n  upgrades: [{to: 3, at: 10}]\n"
    )
    [(code, line, msg)] = check(text)
    assert code == "ZC135" and line == line_of(text, "upgrades") and "2, 4, 6" in msg
    legal = character(
        level=20, techs="- tech: armor-break\n  learned_at: 5\n  upgrades: [{to: 4, at: 20}]\n"
    )
    assert check(legal) == []


def test_upgrade_past_the_mp_table(check):
    # Flare: TL 4 + 1 + 2 = effective 7; at Tech Level 6 it would be 9 (R13).
    base = "{str: 3, mag: 15, vit: 9, spr: 10, agi: 3}"
    step = "{mag: 2, vit: 1}"
    text = character(
        level=40, base=base, step=step,
        techs="- tech: flare\n  learned_at: 20\n  upgrades: [{to: 6, at: 40}]\n",
    )  # fmt: skip
    [(code, line, msg)] = check(text)
    assert code == "ZT104" and line == line_of(text, "upgrades") and "at Tech Level 6" in msg
    ok = text.replace("{to: 6, at: 40}", "{to: 5, at: 40}")
    assert check(ok) == []


def test_upgrade_before_learning_and_downward(check):
    text = character(level=5, techs="- tech: cure\n  learned_at: 3\n  upgrades: [{to: 2, at: 2}]\n")
    [(code, line, msg)] = check(text)
    assert code == "ZT190" and line == line_of(text, "upgrades") and "before it is learned" in msg


def test_event_above_the_character_level(check):
    text = character(level=3, techs="- tech: cure\n  learned_at: 4\n")
    [(code, line, _)] = check(text)
    assert code == "ZC130" and line == line_of(text, "learned_at")


# --- References, inline Techs, clones ------------------------------------------------------


def test_unknown_tech_id_with_did_you_mean(check):
    text = character(techs="- tech: fireba11\n")
    [(code, line, msg)] = check(text)
    assert code == "ZC133" and line == line_of(text, "fireba11")
    assert "did you mean 'fireball'" in msg


def test_inline_tech_goes_through_chapter_two_rules(check):
    inline = "- tech:\n    name: Crack\n    tech_level: 3\n    primary: break_arts\n    stat: str\n"
    text = character(techs=inline)
    diags = check(text)
    assert ("ZT101", line_of(text, "tech_level: 3")) in [(c, ln) for c, ln, _ in diags]
    ok = character(
        level=5, techs=inline.replace("tech_level: 3", "tech_level: 2") + "  learned_at: 5\n"
    )
    assert check(ok) == []


def test_inline_map_combat_option_follows_the_project(check):
    text = character(
        techs="- tech: {name: Spray, tech_level: 1, power_level: weak, primary: power_attack,"
        " secondary: [friendly_fire]}\n"
    )
    assert codes(check(text)) == ["ZT145"]  # this project has map_combat: false


def test_clone_must_follow_its_original(check):
    text = character(level=30, base=LOW_MAG, techs="- tech: ice-storm\n  learned_at: 30\n")
    [(code, line, msg)] = check(text)
    assert code == "ZT190" and line == line_of(text, "ice-storm") and "fireball" in msg


def test_clone_that_differs_in_nothing(check):
    techs = """\
    - tech: spark
    - tech: {name: Spark Two, tech_level: 1, power_level: weak, primary: attack_magic}
      clone_of: spark
    """
    text = character(techs=techs)
    diags = check(text)
    assert "ZT183" in codes(diags)
    ok = text.replace("primary: attack_magic}", "primary: attack_magic, element: fire}")
    assert check(ok) == []


def test_clone_has_its_originals_tech_level_when_learned(check):
    """Ch. II Cloned Powers: the clone is learned at the original's current Tech Level."""
    techs = """\
    - tech: spark
      upgrades: [{to: 2, at: 2}]
    - tech: {name: Ember, tech_level: 1, power_level: weak, primary: attack_magic,
             element: fire}
      clone_of: spark
      learned_at: 4
    """
    text = character(level=4, techs=techs)
    diags = check(text)
    assert codes(diags) == ["ZT190"]  # reported once, by the learning history
    assert diags[0][1] == line_of(text, "name: Ember") and "Tech Level (2)" in diags[0][2]
    assert check(text.replace("tech_level: 1, power_level: weak, primary: attack_magic,\n",
                              "tech_level: 2, power_level: weak, primary: attack_magic,\n")) == []  # fmt: skip


def test_tech_document_clone_at_another_level(write, zodiac):
    write("zodiac.yaml", PROJECT)
    write("techs.yaml", LIBRARY.replace("tech_level: 4\npower_level: medium\nprimary: attack_magic\nelement: ice", "tech_level: 5\npower_level: medium\nprimary: attack_magic\nelement: ice"))  # fmt: skip
    [d] = zodiac("validate", "techs.yaml", "--format", "json").json()
    assert (d["code"], d["line"]) == ("ZT185", 11)  # Ice Storm's tech_level: 5


def test_tech_document_clone_of_unknown(write, zodiac):
    write("zodiac.yaml", PROJECT)
    write("techs.yaml", LIBRARY)
    write("frost.yaml", "kind: tech\nname: Frost\ntech_level: 4\npower_level: medium\n"
          "primary: attack_magic\nelement: ice\nsecondary: [area_effect]\nclone_of: firebal\n")  # fmt: skip
    [d] = zodiac("validate", "frost.yaml", "--format", "json").json()
    assert (d["code"], d["line"]) == ("ZT184", 8)
    assert "did you mean 'fireball'" in d["message"]
    r = zodiac("validate", "techs.yaml")
    assert r.exit_code == 0  # Ice Storm -> Fireball resolves and differs only in element


# --- Blue Magic (Ch. III) ------------------------------------------------------------------


def blue(skills: str, *, learning: str = "learning: lore\n", level: int = 3) -> str:
    return character(level=level, power="blue_magic", extra=learning + "enemy_skills:\n" + skills)


def test_blue_mage_with_core_enemy_skills(check):
    assert check(blue("  - goblin-punch\n  - {skill: 1000-needles, learned_at: 3}\n")) == []


def test_blue_mage_needs_a_learning_method(check):
    text = blue("  - goblin-punch\n", learning="")
    [(code, line, _)] = check(text)
    assert code == "ZC137" and line == line_of(text, "class_power")


def test_tech_character_has_no_learning_method(check):
    text = character(extra="learning: memory\n")
    [(code, line, _)] = check(text)
    assert code == "ZC137" and line == line_of(text, "learning")


def test_blue_mage_learns_no_techs(check):
    text = blue("  - goblin-punch\n") + "techs:\n  - tech: cure\n"
    [(code, line, _)] = check(text)
    assert code == "ZC131" and line == line_of(text, "tech: cure")


def test_tech_character_lists_no_enemy_skills(check):
    text = character(extra="enemy_skills: [goblin-punch]\n")
    [(code, line, _)] = check(text)
    assert code == "ZC132" and line == line_of(text, "enemy_skills")


def test_unknown_enemy_skill(check):
    text = blue("  - goblin-punc\n")
    [(code, line, msg)] = check(text)
    assert code == "ZC134" and line == line_of(text, "goblin-punc")
    assert "did you mean 'goblin-punch'" in msg


def test_enemy_skill_twice(check):
    text = blue("  - goblin-punch\n  - goblin-punch\n")
    [(code, line, _)] = check(text)
    assert code == "ZC138" and line == line_of(text, "goblin-punch", 2)


def test_enemy_skills_are_never_upgraded(check):
    text = blue("  - {skill: goblin-punch, upgrades: [{to: 2, at: 3}]}\n")
    [(code, line, _)] = check(text)
    assert code == "ZC136" and line == line_of(text, "upgrades")


def test_enemy_skill_learned_above_level(check):
    text = blue("  - {skill: goblin-punch, learned_at: 4}\n")
    [(code, line, _)] = check(text)
    assert code == "ZC130" and line == line_of(text, "goblin-punch")


def test_enemy_skills_within_max_tech_levels(check):
    # Magic 6 at level 1: Max Tech Levels 8. Aqualung 4 + Hug 4 = 8; + Goblin Punch 1 = 9.
    ok = blue("  - aqualung\n  - hug\n", level=1)
    assert check(ok) == []
    text = blue("  - aqualung\n  - hug\n  - goblin-punch\n", level=1)
    [(code, line, msg)] = check(text)
    assert code == "ZT191" and line == line_of(text, "goblin-punch") and "9 Tech Levels" in msg


def test_project_enemy_skill_shadows_core(check):
    mine = "kind: enemy_skill\nname: Goblin Punch\nmp: 4\ntech_level: 1\n"
    assert check(blue("  - goblin-punch\n"), ("skills/goblin.yaml", mine)) == []


def test_core_warnings_hidden_unless_core_named(write, zodiac, tmp_path):
    from builder.paths import core_dir

    write("zodiac.yaml", PROJECT)
    write("c.yaml", blue("  - angels-breath\n", level=20))
    r = zodiac("validate", ".")
    assert r.exit_code == 0 and "ZT201" not in r.stdout
    r = zodiac("validate", str(core_dir() / "enemy_skills.yaml"))
    assert r.exit_code == 0 and "ZT201" in r.stdout


def test_codes_are_documented_and_in_the_character_catalogue():
    from builder.rulesets.zodiac.checks.character import CODES as ALL

    assert set(CODES) <= set(ALL)
    assert all(code.startswith("ZC13") for code in CODES)
    source = Path(__file__).read_text(encoding="utf-8")
    assert [c for c in CODES if f'"{c}"' not in source] == []
