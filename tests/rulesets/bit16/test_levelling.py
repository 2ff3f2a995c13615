"""16 Bit Tactics `character level-up` / `level-down` (issue #27): R34, R35, R38, R48.

The pure step is held to the PC Level table cell by cell; the command runs on a copy of
the example project through the CLI: only the new entries change, level-down gives back
the original bytes, a refusal is located, and no written file has more AP than XP (R48).
"""

from __future__ import annotations

import difflib
import shutil
from pathlib import Path
from types import SimpleNamespace

import pytest

from builder.rulesets.bit16.models.character import JobRecord
from builder.rulesets.bit16.rules import progression as P
from builder.rulesets.bit16.rules.tables import PC_XP_MIN
from tests.rulesets.bit16.conftest import EXAMPLE

SQUIRE = {"hp": 12, "mp": 2, "dmg": 4, "mdmg": 1}  # content/examples/.../jobs/squire.yaml
NINJA = {"hp": 8, "mp": 3, "dmg": 3, "mdmg": 2}
GAINS = {"squire": SQUIRE, "ninja": NINJA}


def _char(xp: int, level_jobs: list[str], ap: dict[str, int] | None = None):
    ap = {"squire": xp} if ap is None else ap
    return SimpleNamespace(
        name="Wren",
        xp=xp,
        primary_job="squire",
        level_jobs=level_jobs,
        jobs={k: JobRecord(ap_earned=v) for k, v in ap.items()},
    )


# --- the pure step ----------------------------------------------------------------------


@pytest.mark.parametrize("level", range(1, 10))
def test_each_level_up_reaches_the_tables_xp_min(level):
    """PC Level / XP Min, read at every row (R34: level 2 is 10 XP)."""
    c = _char(PC_XP_MIN[level], ["squire"] * level)
    step = P.plan_level_up(c, GAINS)
    assert (step.from_level, step.to_level) == (level, level + 1)
    assert step.new_xp == step.xp_needed == PC_XP_MIN[level + 1]
    assert step.award == PC_XP_MIN[level + 1] - PC_XP_MIN[level]
    assert step.new_ap == step.ap + step.award  # R35: as many AP as XP
    assert P.level_for_xp(step.new_xp) == level + 1


def test_the_table_itself():
    assert PC_XP_MIN == {
        1: 0, 2: 10, 3: 40, 4: 100, 5: 200, 6: 350, 7: 560, 8: 840, 9: 1200, 10: 1650,
    }  # fmt: skip


def test_the_level_adds_the_held_jobs_gains_r38():
    c = _char(40, ["squire", "squire", "squire"], {"squire": 30, "ninja": 10})
    step = P.plan_level_up(c, GAINS, job="ninja", award=61)
    assert step.before == {"hp": 36, "mp": 6, "dmg": 12, "mdmg": 3}
    assert step.after == {"hp": 44, "mp": 9, "dmg": 15, "mdmg": 5}
    assert (step.job, step.ap, step.new_ap, step.new_xp) == ("ninja", 10, 71, 101)


def test_level_ten_is_the_end():
    with pytest.raises(P.LevelError, match="level 10, the table's end"):
        P.plan_level_up(_char(1650, ["squire"] * 10), GAINS)


def test_not_enough_xp_and_two_levels_are_refused_at_xp():
    c = _char(6, ["squire"])
    with pytest.raises(P.LevelError) as e:
        P.plan_level_up(c, GAINS, award=3)
    assert e.value.path == ("xp",)
    assert str(e.value).startswith("6 XP + 3 = 9 XP is still level 1: level 2 needs 10 XP")
    assert "give --xp 4 or more" in str(e.value)
    with pytest.raises(P.LevelError) as e:
        P.plan_level_up(c, GAINS, award=40)
    assert "46 XP is level 3" in str(e.value)
    assert "give --xp 33 for level 2, then level up again with --xp 7" in str(e.value)


def test_a_step_keeps_the_ap_within_the_xp_r48():
    """As many AP as XP, up and down: AP over all jobs minus XP never moves."""
    c = _char(20, ["squire", "squire"], {"squire": 10, "ninja": 10})
    up = P.plan_level_up(c, GAINS, job="ninja")
    assert (up.new_xp - up.xp, up.new_ap - up.ap) == (20, 20)
    c = _char(100, ["squire", "squire", "squire", "ninja"], {"squire": 40, "ninja": 60})
    down = P.plan_level_down(c, GAINS, award=60)
    assert (down.xp - down.new_xp, down.ap - down.new_ap) == (60, 60)
    assert P.ap_total(c.jobs) == 100


def test_level_down_takes_off_the_award_from_xp_and_the_held_job():
    c = _char(101, ["squire", "squire", "squire", "ninja"], {"squire": 30, "ninja": 71})
    step = P.plan_level_down(c, GAINS, award=61)
    assert (step.to_level, step.new_xp, step.job, step.new_ap) == (3, 40, "ninja", 10)
    with pytest.raises(P.LevelError, match="take off between 2 and 61 with --xp"):
        P.plan_level_down(c, GAINS, award=1)
    with pytest.raises(P.LevelError, match="not noted on xp:"):
        P.plan_level_down(c, GAINS, award=None)


def test_the_note_comes_and_goes_exactly():
    assert P.with_note(None, 4, 2) == "+4 XP/AP at level 2"
    both = P.with_note(" mine", 4, 2)
    assert both == " mine; +4 XP/AP at level 2"
    assert P.noted_award(both, 2) == 4 and P.noted_award(both, 3) is None
    assert P.without_note(both, 4, 2) == " mine"
    assert P.without_note("+4 XP/AP at level 2", 4, 2) is None
    assert P.noted_award(" mine", 2) is None


# --- the command on the example project ----------------------------------------------------


@pytest.fixture
def bt(tmp_path, monkeypatch):
    root = tmp_path / "bt"
    shutil.copytree(EXAMPLE, root)
    monkeypatch.chdir(root)
    return root


def _ap_within_xp(zodiac, path: Path) -> tuple[int, int]:
    v = zodiac("show", str(path), "--format", "json").json()
    ap = sum(j["ap_earned"] for j in v["jobs"].values())
    assert ap <= v["xp"], f"R48 broken: {ap} AP, {v['xp']} XP"
    return v["level"], v["xp"]


def _changed_lines(old: str, new: str) -> set[str]:
    """The keys of the lines a change touched (removed or replaced)."""
    out = set()
    for line in difflib.ndiff(old.splitlines(), new.splitlines()):
        if line.startswith("- "):
            out.add(line[2:].split(":")[0].strip())
    return out


def test_bram_up_to_ten_and_back_gives_the_original_bytes(zodiac, bt):
    path = Path("characters/bram.yaml")
    original = path.read_bytes()
    seen = [original]
    for level in range(2, 11):
        before = path.read_text()
        r = zodiac("character", "level-up", str(path), "--yes")
        assert r.exit_code == 0, r.output
        assert f"wrote characters/bram.yaml (level {level})" in r.output
        assert _changed_lines(before, path.read_text()) <= {"xp", "level_jobs", "squire"}
        assert zodiac("validate", str(path)).exit_code == 0
        assert _ap_within_xp(zodiac, path) == (level, PC_XP_MIN[level])
        seen.append(path.read_bytes())
    v = zodiac("show", str(path), "--format", "json").json()
    assert (v["hp"], v["mp"], v["dmg"], v["mdmg"]) == (120, 20, 40, 10)  # 10 x squire (R38)
    assert v["jobs"]["squire"]["ap_earned"] == 1650
    assert "xp: 1650  # +4 XP/AP at level 2; +30 XP/AP at level 3; " in path.read_text()
    r = zodiac("character", "level-up", str(path), "--yes")
    assert r.exit_code == 2 and "level 10, the table's end (R34)" in r.output
    for level in range(10, 1, -1):
        r = zodiac("character", "level-down", str(path), "--yes")
        assert r.exit_code == 0, r.output
        assert path.read_bytes() == seen[level - 2], f"level-down to {level - 1}"
    assert path.read_bytes() == original


def test_the_preview_says_what_the_level_brings(zodiac, bt):
    r = zodiac("character", "level-up", "characters/bram.yaml", "--xp", "5", "--dry-run")
    assert r.exit_code == 0, r.output
    out = r.output
    assert "Bram Holloway: level 1 -> 2 (needs 10 XP; has 6)" in out
    assert "+5 XP, and +5 AP on squire (R35)" in out
    assert "job held: squire, per level HP +12, MP +2, DMG +4, M.Dmg +1 (R38)" in out
    assert (
        "HP 12 -> 24, MP 2 -> 4, DMG 4 -> 8, M.Dmg 1 -> 2, XP 6 -> 11, AP on squire 6 -> 11" in out
    )
    assert "+xp: 11  # +5 XP/AP at level 2" in out
    assert "+level_jobs: [squire, squire]" in out
    assert "+  squire: {ap_earned: 11, learned: [focus]}" in out
    assert "dry run: nothing was written" in out
    assert (
        Path("characters/bram.yaml").read_bytes() == (EXAMPLE / "characters/bram.yaml").read_bytes()
    )


def test_not_enough_xp_is_refused_located_and_nothing_written(zodiac, bt):
    r = zodiac("character", "level-up", "characters/bram.yaml", "--xp", "3", "--yes")
    assert r.exit_code == 2
    said = r.output.replace("\n", " ")
    assert (
        "characters/bram.yaml:5:5: 6 XP + 3 = 9 XP is still level 1: level 2 needs 10 XP "
        "(Rewards, R34); give --xp 4 or more"
    ) in said
    assert (
        Path("characters/bram.yaml").read_bytes() == (EXAMPLE / "characters/bram.yaml").read_bytes()
    )
    assert not Path("characters/bram.yaml.bak").exists()


def test_a_job_change_puts_the_level_and_ap_on_the_job_held(zodiac, bt):
    """Kestrel (level 7 ninja, 702 XP): 150 XP won as a squire reach level 8 (R38)."""
    path = Path("characters/kestrel.yaml")
    original = path.read_bytes()
    r = zodiac("character", "level-up", str(path), "--xp", "150", "--job", "Squire", "--yes")
    assert r.exit_code == 0, r.output
    text = path.read_text()
    assert "xp: 852  # +150 XP/AP at level 8\n" in text
    assert "level_jobs: [squire, squire, squire, ninja, ninja, ninja, ninja, squire]\n" in text
    assert "squire: {ap_earned: 270, learned: [focus, rush, throw-stone]}" in text
    assert "ninja: {ap_earned: 582," in text
    assert _ap_within_xp(zodiac, path) == (8, 852)
    r = zodiac("character", "level-down", str(path), "--yes")
    assert r.exit_code == 0, r.output
    assert path.read_bytes() == original


def test_an_unknown_job_or_a_job_without_a_ledger_is_refused(zodiac, bt):
    r = zodiac("character", "level-up", "characters/bram.yaml", "--job", "ninjja", "--dry-run")
    assert r.exit_code == 2
    assert "--job ninjja: no job with that id in the project; did you mean 'ninja'?" in r.output
    r = zodiac("character", "level-up", "characters/bram.yaml", "--job", "ninja", "--dry-run")
    assert r.exit_code == 2
    said = r.output.replace("\n", " ")
    assert "characters/bram.yaml:10:3:" in said  # the jobs: ledgers
    assert "add `ninja: {ap_earned: 0}` under jobs: first" in said


def test_more_ap_than_xp_is_never_written_r48(zodiac, bt):
    """A file past R48 is refused with BT109 before anything is planned; with the house
    rule free_ap the level still adds as many AP as XP."""
    path = Path("characters/bram.yaml")
    path.write_text(path.read_text().replace("ap_earned: 6", "ap_earned: 8"))
    r = zodiac("character", "level-up", str(path), "--yes")
    assert r.exit_code == 1 and "BT109" in r.output
    assert "ap_earned: 8" in path.read_text() and "xp: 6\n" in path.read_text()
    config = Path("zodiac.yaml")
    config.write_text(config.read_text() + "house_rules: {free_ap: true}\n")
    r = zodiac("character", "level-up", str(path), "--yes")
    assert r.exit_code == 0, r.output
    assert "xp: 10  # +4 XP/AP at level 2" in path.read_text()
    assert "squire: {ap_earned: 12," in path.read_text()


def test_level_down_without_a_note_needs_xp(zodiac, bt):
    path = Path("characters/kestrel.yaml")
    r = zodiac("character", "level-down", str(path), "--dry-run")
    assert r.exit_code == 2
    said = r.output.replace("\n", " ")
    assert "characters/kestrel.yaml:5:5: the XP of the battle that reached level 7" in said
    assert "pass --xp N" in said
    r = zodiac("character", "level-down", str(path), "--xp", "200", "--yes")
    assert r.exit_code == 0, r.output
    text = path.read_text()
    assert "xp: 502\n" in text and "ninja: {ap_earned: 382," in text
    assert "level_jobs: [squire, squire, squire, ninja, ninja, ninja]\n" in text
    assert _ap_within_xp(zodiac, path) == (6, 502)


def test_a_commented_block_style_file_comes_back_byte_for_byte(zodiac, bt):
    path = Path("characters/odd.yaml")
    text = (
        "kind: character\n"
        "name: 'Odd Wren'   # quoted\n"
        "xp: 12     #  after the ford\n"
        "skills:\n  might: d8\n  agility: d8\n  lore: d8\n  charm: d8\n"
        "primary_job: squire\n"
        "level_jobs:\n"
        "    - squire   # started here\n"
        "\n"
        "    - squire\n"
        "jobs:\n"
        "  squire:\n"
        "    ap_earned: 12   # all of it\n"
        "    learned: []\n"
    )
    path.write_text(text)
    assert zodiac("validate", str(path)).exit_code == 0
    for _ in range(3):
        assert zodiac("character", "level-up", str(path), "--yes").exit_code == 0
    new = path.read_text()
    assert "xp: 200     #  after the ford; +28 XP/AP at level 3; +60 XP/AP at level 4; " in new
    assert "    ap_earned: 200   # all of it\n" in new
    assert new.endswith("    - squire\n    - squire\n    - squire\n    - squire\njobs:\n"
                        "  squire:\n    ap_earned: 200   # all of it\n    learned: []\n")  # fmt: skip
    for _ in range(3):
        assert zodiac("character", "level-down", str(path), "--yes").exit_code == 0
    assert path.read_text() == text


EXPECTING = "expect:\n  hp: 12\n  dmg: 4\n"


def test_update_expect_rewrites_the_numbers_and_level_down_restores(zodiac, bt):
    path = Path("characters/bram.yaml")
    path.write_text(path.read_text() + EXPECTING)
    original = path.read_bytes()
    assert zodiac("validate", str(path)).exit_code == 0
    r = zodiac("character", "level-up", str(path), "--yes")
    assert r.exit_code == 1
    assert "its expect: values describe level 1; at level 2 they would be" in r.output
    assert "expect hp: 12 -> 24" in r.output and "expect dmg: 4 -> 8" in r.output
    assert path.read_bytes() == original
    r = zodiac("character", "level-up", str(path), "--update-expect", "--yes")
    assert r.exit_code == 0, r.output
    assert "expect: values rewritten (--update-expect):" in r.output
    assert path.read_text().endswith("expect:\n  hp: 24\n  dmg: 8\n")
    assert zodiac("validate", str(path)).exit_code == 0
    r = zodiac("character", "level-down", str(path), "--update-expect", "--yes")
    assert r.exit_code == 0, r.output
    assert path.read_bytes() == original


def test_a_zodiac_option_on_a_16_bit_tactics_file_names_the_command(zodiac, bt):
    r = zodiac("character", "level-up", "characters/bram.yaml", "--points", "str=2")
    assert r.exit_code == 2
    assert (
        "--points: not an option of `zodiac character level-up` for characters/bram.yaml, "
        "a 16 Bit Tactics file; `zodiac character level-up --help`"
    ) in r.output.replace("\n", " ")


def test_a_job_file_is_refused_naming_the_command_that_serves_it(zodiac, bt):
    r = zodiac("character", "level-up", "jobs/squire.yaml", "--dry-run")
    assert r.exit_code == 2
    assert "`zodiac show jobs/squire.yaml`" in r.output.replace("\n", " ")
