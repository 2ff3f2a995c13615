"""`zodiac character level-up` / `level-down` (issue 16): the file changes only where it must.

A commented, oddly written character (flow maps, comments between entries, odd
indentation, quoted strings, a blank line, an explicit `---`, a second document in the
same file) goes from level 1 to 15 and back through the CLI and comes back byte for
byte; every level-up leaves each byte outside the new entries and the `level:` / `xp:`
digits where it was. Choices the book forbids are refused with located errors and the
file untouched (Ch. I Character Advancement, R6; Ch. II Learning Techs; R11).
"""

from __future__ import annotations

import difflib
import re
import shutil
import textwrap
from pathlib import Path

import pytest

from builder.models.base import Stat
from builder.rulesets.zodiac.commands import character as character_cli
from builder.rulesets.zodiac.rules import levelling as R
from builder.rulesets.zodiac.rules.character import tech_points_from_levels, xp_for_level

TECHS = """\
kind: tech
name: Cure
tech_level: 1
power_level: medium
primary: healing
description: A soft glow.
---
kind: tech
name: Bravery
tech_level: 2
primary: stat_booster
stat: str
description: A battle cry.
---
kind: tech
name: Esuna
tech_level: 6
primary: esuna
description: Washes conditions off.
"""

# `level:` written, advancement an empty flow list, techs with the dash at column 0.
ODD_LEVEL = """\
# An oddly written character: comments, flow maps, odd indentation, quotes.
---
kind: "character"
name: 'Odd Ola'          # single-quoted
player: "Jo"
level: 1
class_power: tech
armor_type:    balanced
command_skill: steal
support_skill: toughness

base_stats: {str: 11, mag: 6, vit: 6, spr: 11, agi: 6}   # 3 each + 25
advancement: []
techs:
-   tech: cure           # dash at column 0, items indented by 4
    learned_at: 1

    # a comment between entries
-   {tech: "fire", learned_at: 1}
notes: >
    Folded notes
    over two lines.
---
kind: tech
name: Fire
tech_level: 1
power_level: medium
primary: attack_magic
element: fire
description: Sparks.
"""

# Only `xp:` (the level follows from it), no `advancement:` key at all, a flow-mapping
# Tech entry, sequences indented under their key, a document end marker.
ODD_XP = """\
kind: character   # the level comes from xp
name: "Odd \\"Xp\\" Ola"
xp: 0
class_power: 'tech'
armor_type: defense
command_skill: steal
support_skill: toughness
base_stats:
      str: 11     # deep indentation
      mag: 6
      vit: 6
      spr: 11
      agi: 6
techs:
    - {tech: fire, learned_at: 1}   # a flow entry

    - tech: cure
...
---
kind: tech
name: Fire
tech_level: 1
power_level: medium
primary: attack_magic
element: fire
description: Sparks.
"""

POINTS = ["str=2,agi=1", "vit=1,spr=1,mag=1", "mag=2,vit=1", "spr=2,str=1"]
# Choices at some levels (level reached -> extra options): Techs learned and upgraded.
EXTRA = {
    5: ["--upgrade", "cure"],
    8: ["--learn", "bravery"],
    12: ["--upgrade", "fire=2"],
    15: ["--upgrade", "cure=3"],
}


@pytest.fixture
def project(write):
    write("zodiac.yaml", "title: Odd Tests\n")
    write("techs.yaml", TECHS)

    def character(text: str | bytes, name: str = "characters/odd.yaml") -> Path:
        path = Path(name)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text if isinstance(text, bytes) else text.encode())
        return path

    return character


def _up(zodiac, path: Path, level: int, *more: str):
    """Level up to ``level`` with the scripted choices."""
    points = POINTS[level % len(POINTS)]
    return zodiac(
        "character", "level-up", str(path), "--points", points, *EXTRA.get(level, []), "--yes",
        *more,
    )  # fmt: skip


def _only_insertions(old: str, new: str) -> list[str]:
    """Every change from ``old`` to ``new`` that is not an insertion or a new level/xp number."""
    bad = []
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag in ("equal", "insert"):
            continue
        line = old[old.rfind("\n", 0, i1) + 1 : old.find("\n", i1)]
        if not (old[i1:i2].isdigit() and re.match(r"(level|xp): \d+", line)):
            bad.append(f"{tag} {old[i1:i2]!r} -> {new[j1:j2]!r} in {line!r}")
    return bad


@pytest.mark.parametrize("text", [ODD_LEVEL, ODD_XP], ids=["level-and-flow", "xp-only"])
def test_1_to_15_and_back_gives_the_original_bytes(zodiac, project, text):
    path = project(text)
    original = path.read_bytes()
    seen = [original]
    for level in range(2, 16):
        before = path.read_text(encoding="utf-8")
        r = _up(zodiac, path, level)
        assert r.exit_code == 0, r.output
        after = path.read_text(encoding="utf-8")
        assert _only_insertions(before, after) == [], level
        assert zodiac("validate", str(path)).exit_code == 0
        seen.append(path.read_bytes())
    shown = zodiac("character", "show", str(path), "--format", "json").json()
    assert shown["level"] == 15
    assert {t["id"]: t["tech_level"] for t in shown["techs"]} == {
        "cure": 3,
        "fire": 2,
        "bravery": 2,
    }
    if text is ODD_XP:
        assert "xp: 9800\n" in path.read_text() and xp_for_level(15) == 9800
    for level in range(15, 1, -1):
        r = zodiac("character", "level-down", str(path), "--yes")
        assert r.exit_code == 0, r.output
        assert path.read_bytes() == seen[level - 2], f"level-down to {level - 1}"
    assert path.read_bytes() == original
    r = zodiac("character", "level-down", str(path), "--yes")
    assert r.exit_code == 2 and "level 1" in r.output


def test_the_new_lines_follow_their_neighbours(zodiac, project):
    """Block entries after block entries, flow after flow, `# level N` after `# level N-1`."""
    path = project(ODD_LEVEL)
    for level in range(2, 6):
        assert _up(zodiac, path, level).exit_code == 0
    text = path.read_text()
    assert "advancement: [{mag: 2, vit: 1}, {str: 1, spr: 2}, {str: 2, agi: 1}, " in text
    assert "-   tech: cure           # dash at column 0, items indented by 4\n" in text
    assert "    learned_at: 1\n    upgrades:\n    -   {to: 2, at: 5}\n" in text
    amos = textwrap.dedent(
        """\
        kind: character
        name: Amos
        level: 3
        class_power: tech
        armor_type: balanced
        command_skill: steal
        support_skill: toughness
        base_stats: {str: 11, mag: 6, vit: 6, spr: 11, agi: 6}
        advancement:                 # bonus points
          - {str: 2, agi: 1}  # level 2
          - {vit: 1, spr: 1, mag: 1}      # level 3
        techs:
          - tech: cure
        """
    )
    path = project(amos, "characters/amos.yaml")
    r = zodiac(
        "character", "level-up", str(path), "--points", "agi=2,spr=1", "--learn", "bravery", "-y"
    )
    assert r.exit_code == 0, r.output
    assert path.read_text() == amos.replace("level: 3", "level: 4").replace(
        "      # level 3\n", "      # level 3\n  - {spr: 1, agi: 2}      # level 4\n"
    ) + ("  - tech: bravery\n    learned_at: 4\n")


def test_preview_says_what_the_level_brings(zodiac, project):
    path = project(ODD_LEVEL)
    r = zodiac("character", "level-up", str(path), "--points", "str=2,agi=1", "--dry-run")
    assert r.exit_code == 0, r.output
    gained = tech_points_from_levels(2) - tech_points_from_levels(1)
    assert "Odd Ola: level 1 -> 2 (needs 50 XP)" in r.stdout
    assert "bonus points: 3 to spend, at most 2 in one stat" in r.stdout
    assert f"Tech Points: +{gained} from the level" in r.stdout
    assert "Max Tech Levels now: 8 (5 + own MAG 6 / 2, R11)" in r.stdout
    assert "changes: STR 11 -> 13, AGI 6 -> 7" in r.stdout
    # R5: HP +4 for the level gained, MP +1 at an even level; no VIT or SPR spent.
    hp0, hp1, mp0, mp1 = map(
        int, re.search(r"HP (\d+) -> (\d+); MP (\d+) -> (\d+)", r.stdout).groups()
    )
    assert (hp1 - hp0, mp1 - mp0) == (4, 1)
    assert "Tech Points available 2 -> 4; Max Tech Levels 8 -> 8" in r.stdout
    assert "+advancement: [{str: 2, agi: 1}]" in r.stdout
    assert "dry run: nothing was written" in r.stdout
    assert path.read_text() == ODD_LEVEL
    assert not Path(str(path) + ".bak").exists()


def test_dry_run_without_choices_only_shows_what_the_level_brings(zodiac, project):
    path = project(ODD_LEVEL)
    r = zodiac("character", "level-up", str(path), "--dry-run")
    assert r.exit_code == 0, r.output
    assert "bonus points: 3 to spend" in r.stdout
    assert "choose the 3 bonus points with --points" in r.stdout
    assert path.read_text() == ODD_LEVEL


def test_fifth_level_shows_the_plus_two(zodiac, project):
    path = project(ODD_LEVEL)
    for level in range(2, 5):
        assert _up(zodiac, path, level).exit_code == 0
    r = zodiac("character", "level-up", str(path), "--points", "str=1,agi=2", "--dry-run")
    assert "fifth level: +2 to every stat (R6)" in r.stdout
    view = zodiac("character", "show", str(path), "--format", "json").json()
    after = {k: v + 2 for k, v in view["stats"].items()}
    after["str"] += 1
    after["agi"] += 2
    changes = ", ".join(f"{k.upper()} {view['stats'][k]} -> {after[k]}" for k in view["stats"])
    assert f"changes: {changes}" in r.stdout


def test_too_many_points_is_located_and_nothing_written(zodiac, project):
    path = project(ODD_LEVEL)
    r = zodiac("character", "level-up", str(path), "--points", "str=2,agi=2", "--yes")
    assert r.exit_code == 1
    # line 13 of the new file: `advancement: [{str: 2, agi: 2}]`, the entry at column 15
    assert "characters/odd.yaml:13:15: error ZC111 level 2 spends 4 bonus points" in r.output
    assert "was not changed" in r.output
    assert path.read_text() == ODD_LEVEL


def test_three_points_in_one_stat_is_located(zodiac, project):
    path = project(ODD_LEVEL)
    r = zodiac("character", "level-up", str(path), "--points", "str=3", "--yes")
    assert r.exit_code == 1
    assert "characters/odd.yaml:13:21: error ZC112" in r.output
    assert path.read_text() == ODD_LEVEL


def test_a_tech_above_max_tech_levels_is_located(zodiac, project):
    """R11: Max Tech Levels 8 with MAG 6; Cure 1 + Fire 1 + Esuna 6 + Bravery 2 = 10."""
    path = project(ODD_LEVEL)
    r = zodiac(
        "character", "level-up", str(path), "--points", "str=2,agi=1",
        "--learn", "esuna", "--learn", "bravery", "--yes",
    )  # fmt: skip
    assert r.exit_code == 1
    assert re.search(r"characters/odd\.yaml:\d+:\d+: error ZT191 .*Max Tech Levels is 8", r.output)
    # ...located on the new entry (the last lines of the character document)
    line = int(re.search(r"odd\.yaml:(\d+):\d+: error ZT191", r.output).group(1))
    assert line > ODD_LEVEL.count("\n", 0, ODD_LEVEL.index("notes:"))
    assert path.read_text() == ODD_LEVEL


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--points", "luck=2"], "'luck=2' is not STAT=N"),
        (["--points", "str=two"], "needs a whole number"),
        (["--points", "str=1", "--upgrade", "bravery"], "does not know bravery"),
        (["--points", "str=1", "--upgrade", "cure=1"], "already Tech Level 1"),
        (["--points", "str=1", "--learn", "cure"], "already knows cure"),
        ([], "choose the 3 bonus points of level 2 with --points"),
    ],
)
def test_bad_choices_are_usage_errors(zodiac, project, args, said):
    path = project(ODD_LEVEL)
    r = zodiac("character", "level-up", str(path), *args, "--yes")
    assert r.exit_code == 2, r.output
    assert said in r.output
    assert path.read_text() == ODD_LEVEL


def test_without_yes_off_a_terminal_nothing_is_written(zodiac, project):
    path = project(ODD_LEVEL)
    r = zodiac("character", "level-up", str(path), "--points", "str=2,agi=1")
    assert r.exit_code == 2 and "pass --yes" in r.output
    assert path.read_text() == ODD_LEVEL


def test_interactive_prompts_and_confirmation(zodiac, project, monkeypatch):
    from typer.testing import CliRunner

    from builder.cli import levels
    from builder.cli.app import app

    monkeypatch.setattr(character_cli, "interactive", lambda: True)
    monkeypatch.setattr(levels, "interactive", lambda: True)  # the write's question
    path = project(ODD_LEVEL)
    runner = CliRunner()
    # a bad answer is asked again; no Tech learned or upgraded; then "no" to writing
    r = runner.invoke(
        app, ["character", "level-up", str(path)], input="str=9x\nstr=2,agi=1\n\n\nn\n"
    )
    assert r.exit_code == 0, r.output
    assert "'str=9x' needs a whole number" in r.output or "needs a whole number" in r.output
    assert "nothing was written" in r.output
    assert path.read_text() == ODD_LEVEL
    r = runner.invoke(
        app, ["character", "level-up", str(path)], input="str=2,agi=1\nbravery\n\ny\n"
    )
    assert r.exit_code == 1  # bravery (15 TP) is more than a level-2 character has
    r = runner.invoke(app, ["character", "level-up", str(path)], input="str=2,agi=1\n\n\ny\n")
    assert r.exit_code == 0, r.output
    assert "advancement: [{str: 2, agi: 1}]\n" in path.read_text()
    assert Path(str(path) + ".bak").read_text() == ODD_LEVEL


def test_level_down_removes_what_was_gained_at_the_level(zodiac, project):
    path = project(ODD_LEVEL)
    for level in range(2, 9):
        assert _up(zodiac, path, level).exit_code == 0
    assert (
        '-   {tech: "fire", learned_at: 1}\n-   {tech: bravery, learned_at: 8}\n'
        in path.read_text()
    )
    r = zodiac("character", "level-down", str(path), "--dry-run")
    assert r.exit_code == 0
    assert "Odd Ola: level 8 -> 7" in r.stdout
    assert "-level: 8" in r.stdout and "+level: 7" in r.stdout
    assert re.search(r"^-.*bravery", r.stdout, re.M)


def test_the_rules_plan_xp_and_level(project):
    """Decision: level-up moves xp to the new level's first XP; level-down to the lower one's."""
    from builder.rulesets.zodiac.models.character import Character

    base = {
        "name": "X",
        "class_power": "tech",
        "armor_type": "balanced",
        "command_skill": "steal",
        "support_skill": "toughness",
        "base_stats": {"str": 11, "mag": 6, "vit": 6, "spr": 11, "agi": 6},
        "advancement": [{"str": 2, "agi": 1}],
    }
    c = Character.model_validate({**base, "level": 2, "xp": 120})
    up = R.plan_level_up(c, {})
    assert (up.level, up.xp, up.advancement) == (3, xp_for_level(3), {})
    down = R.plan_level_down(c)
    assert (down.level, down.xp, down.remove_advancement) == (1, 0, 0)
    c = Character.model_validate({**base, "advancement": [{"level": 2, "str": 2}]})
    assert R.plan_level_up(c, {Stat.MAG: 1}).advancement == {"level": 3, "mag": 1}
    # R6: a fifth-level +2 past 250 goes where `--overflow` says
    plan = R.plan_level_up(c, {Stat.STR: 1}, overflow=R.parse_points("agi=2", "--overflow"))
    assert plan.advancement == {"level": 3, "str": 1, "overflow": {"agi": 2}}
    with pytest.raises(R.ChoiceError, match="STR is given twice"):
        R.parse_points("str=1,STR=1")


# --- a character with `expect:` values (golden numbers of its level) --------------------


@pytest.fixture
def mira(tmp_path, monkeypatch):
    """Mira of a copy of the example project: level 1, `expect:` values that hold."""
    from tests.conftest import EXAMPLE

    root = tmp_path / "p"
    shutil.copytree(EXAMPLE, root)
    monkeypatch.chdir(root)
    path = Path("characters/mira.yaml")
    assert "\nexpect:" in path.read_text() and "\nlevel: 1\n" in path.read_text()
    return path


def _expect_of(path: Path) -> dict[str, int]:
    """The `expect:` block as written (this file's are all whole numbers)."""
    from ruamel.yaml import YAML

    docs = list(YAML(typ="safe", pure=True).load_all(path.read_text(encoding="utf-8")))
    return dict(next(d for d in docs if d.get("kind") == "character")["expect"])


def _computed(zodiac, path: Path, keys) -> dict[str, object]:
    """What `character show --format json` computes at each dotted path."""
    from builder.explain import paths

    values = paths(zodiac("character", "show", str(path), "--format", "json").json())
    return {k: values[k] for k in keys}


def test_stale_expectations_refuse_with_the_values_and_the_hint(zodiac, mira):
    original = mira.read_bytes()
    expect = _expect_of(mira)
    r = zodiac("character", "level-up", str(mira), "--points", "mag=2,spr=1", "--yes")
    assert r.exit_code == 1, r.output
    assert mira.read_bytes() == original
    assert not Path(str(mira) + ".bak").exists()
    assert "was not changed: its expect: values describe level 1; at level 2" in r.output
    assert "pass --update-expect" in r.output
    # every value the level changes is listed old -> new, as the new file computes it
    r = zodiac(
        "character", "level-up", str(mira), "--points", "mag=2,spr=1", "--update-expect",
        "--dry-run",
    )  # fmt: skip
    assert r.exit_code == 0, r.output
    assert mira.read_bytes() == original
    listed = dict(re.findall(r"^  expect (\S+): (\d+ -> \d+)$", r.output, re.M))
    assert listed and set(listed) < set(expect)  # some values (gold, mp_cost) stay
    r = zodiac("character", "level-up", str(mira), "--points", "mag=2,spr=1", "--yes")
    assert dict(re.findall(r"^  expect (\S+): (\d+ -> \d+)$", r.output, re.M)) == listed
    for key, change in listed.items():
        assert change.startswith(f"{expect[key]} -> ")
    # the errors themselves (ZS122) are not repeated: the list says it
    assert "ZS122" not in r.output


def test_update_expect_rewrites_only_the_numbers_and_level_down_restores(zodiac, mira):
    original = mira.read_text(encoding="utf-8")
    expect = _expect_of(mira)
    r = zodiac(
        "character", "level-up", str(mira), "--points", "mag=2,spr=1", "--update-expect", "--yes",
    )  # fmt: skip
    assert r.exit_code == 0, r.output
    assert zodiac("validate", str(mira)).exit_code == 0
    new = mira.read_text(encoding="utf-8")
    now = _expect_of(mira)
    assert now == _computed(zodiac, mira, expect)  # the golden values are the new level's
    changed = {k for k in expect if expect[k] != now[k]}
    assert changed, "the level changed no expected value: the test proves nothing"
    for key in changed:  # shown in the diff and in the summary
        assert f"-  {key}: {expect[key]}" in r.stdout and f"+  {key}: {now[key]}" in r.stdout
        assert f"  expect {key}: {expect[key]} -> {now[key]}" in r.stdout
    # every other byte stays: the level digit, the new advancement entry, the numbers
    bad = []
    matcher = difflib.SequenceMatcher(None, original, new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        line = original[original.rfind("\n", 0, i1) + 1 : original.find("\n", i1)]
        key = line.strip().split(":")[0]
        if tag == "equal" or (tag == "insert" and line.startswith("advancement: [")):
            continue
        digits = original[i1:i2].isdigit() and new[j1:j2].isdigit()
        if not (digits and (line.startswith("level: ") or key in changed)):
            bad.append(f"{tag} {original[i1:i2]!r} -> {new[j1:j2]!r} in {line!r}")
    assert bad == []
    assert "advancement: [{mag: 2, spr: 1}]\n" in new and "\nlevel: 2\n" in new
    r = zodiac("character", "level-down", str(mira), "--yes")
    assert r.exit_code == 1 and "describe level 2; at level 1" in r.output
    assert mira.read_text(encoding="utf-8") == new
    r = zodiac("character", "level-down", str(mira), "--update-expect", "--yes")
    assert r.exit_code == 0, r.output
    assert mira.read_text(encoding="utf-8") == original


def test_update_expect_in_a_flow_mapping_of_a_test_character(zodiac, project):
    """A flow `expect:` of another character: `level` and HP follow, in place."""
    path = project(ODD_LEVEL)
    hp = _computed(zodiac, path, ["derived.hp"])["derived.hp"]
    head = "\nlevel: 1\n"
    assert ODD_LEVEL.count(head) == 1
    text = ODD_LEVEL.replace(head, head + f"expect: {{level: 1, derived.hp: {hp}}}  # golden\n")
    path = project(text)
    assert zodiac("validate", str(path)).exit_code == 0
    for level in (2, 3):
        r = _up(zodiac, path, level, "--update-expect")
        assert r.exit_code == 0, r.output
        hp_now = _computed(zodiac, path, ["derived.hp"])["derived.hp"]
        assert f"\nexpect: {{level: {level}, derived.hp: {hp_now}}}  # golden\n" in path.read_text()
        assert zodiac("validate", str(path)).exit_code == 0
    for _ in (3, 2):
        assert zodiac("character", "level-down", str(path), "--update-expect", "-y").exit_code == 0
    assert path.read_text() == text


def test_other_errors_still_refuse_with_update_expect(zodiac, mira):
    """Too many bonus points (R6): the located error, no expect: list, nothing written."""
    original = mira.read_bytes()
    r = zodiac(
        "character", "level-up", str(mira), "--points", "mag=2,spr=2", "--update-expect", "--yes",
    )  # fmt: skip
    assert r.exit_code == 1
    assert re.search(r"characters/mira\.yaml:\d+:\d+: error ZC111", r.output)
    assert "--update-expect" not in r.output and "was not changed" in r.output
    assert mira.read_bytes() == original


def test_an_expectation_the_level_does_not_explain_still_refuses(zodiac, mira):
    """A golden value already wrong is not the level's doing: ZS122 fails validate first."""
    text = mira.read_text(encoding="utf-8")
    mira.write_text(text.replace("  gold: 25\n", "  gold: 26\n", 1), encoding="utf-8")
    r = zodiac("character", "level-up", str(mira), "--points", "mag=2,spr=1", "--update-expect")
    assert r.exit_code == 1 and "ZS122" in r.output


def test_points_has_no_short_flag(zodiac, project):
    """`-p` is `--party` elsewhere; level-up spells `--points` out."""
    path = project(ODD_LEVEL)
    r = zodiac("character", "level-up", str(path), "-p", "str=2,agi=1", "--dry-run")
    assert r.exit_code == 2 and "-p" in r.output
    assert path.read_text() == ODD_LEVEL
