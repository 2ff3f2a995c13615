"""`zodiac combatant new` (issue 26) for 99 Towers and Turns and Actions: the real command
in a pseudo-terminal, answer by answer (a refused answer, a `back`), against the same
combatant made from `--answers FILE`."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

T = 120  # generous: a busy machine is slow, never wrong
ENV = {**os.environ, "NO_COLOR": "1", "COLUMNS": "200", "TERM": "dumb"}
REPO = Path(__file__).resolve().parents[2]
ANSWERS = REPO / "content" / "examples" / "answers"


def _zodiac(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "builder", *args],
        cwd=cwd,
        env=ENV,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=T,
    )


def _init(tmp_path: Path, ruleset: str) -> Path:
    done = _zodiac("init", "--ruleset", ruleset, "camp", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    return tmp_path / "camp"


@pytest.fixture
def towers(tmp_path: Path) -> Path:
    return _init(tmp_path, "99-towers")


@pytest.fixture
def turns(tmp_path: Path) -> Path:
    return _init(tmp_path, "turns-and-actions")


def _spawn(project: Path, *args: str):
    return pexpect.spawn(
        sys.executable,
        ["-m", "builder", "combatant", "new", *args],
        cwd=str(project),
        env=ENV,
        encoding="utf-8",
        timeout=T,
        dimensions=(50, 200),
    )


def _finish(child) -> None:
    child.expect_exact("wrote ")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_99_towers_in_a_terminal_equals_the_answers_file(towers: Path) -> None:
    child = _spawn(towers)
    child.expect_exact("Name: ")
    child.sendline("Mara Thistle")
    child.expect_exact("small: Size Rank -1")  # one line per choice, with its rule
    child.expect_exact("[99 Towers, Combat: Creature Sizes, Size Modifiers]")
    child.expect_exact("Size [medium]: ")
    child.sendline("enormous")
    # validate's own NT110 message, then the same question again
    child.expect_exact("refused: size 'enormous' is not a Creature Size: use one of minuscule")
    child.expect_exact("Size [medium]: ")
    child.sendline("back")
    child.expect_exact("Name: ")
    child.sendline("Mara Thistle")
    child.expect_exact("Size [medium]: ")
    child.sendline("small")
    # derived numbers from the view `zodiac show` prints: Size Rank, King's phase (13+2)
    child.expect_exact("so far: Size Rank -1, first acts in phase 5 with a King")
    child.expect_exact("Combat Values [n=2,pa=4,sa=1,pd=3,id=2,px=2,spd=6,er=1,ir=1]: ")
    child.sendline("n=3,pa=120")
    child.expect_exact("refused: values.pa: 120 is out of range (at most 99)")
    child.expect_exact("Combat Values [")
    child.sendline("n=3,pa=4,sa=2,pd=4,px=1,spd=5,ir=2")
    child.expect_exact("so far: Size Rank -1, first acts in phase 4 with a King")
    child.expect_exact("Strength [soft=2,hard=2]: ")
    child.sendline("hard=1")
    child.expect_exact("Endurance [2]: ")
    child.sendline("")
    child.expect_exact("STUN [12]: ")
    child.sendline("0")
    child.expect_exact("refused: stun: 0 is out of range (at least 1)")
    child.expect_exact("STUN [12]: ")
    child.sendline("11")
    child.expect_exact("LETHAL [6]: ")
    child.sendline("5")
    child.expect_exact("Immunities [none]: ")
    child.sendline("")
    child.expect_exact("Susceptibilities [none]: ")
    child.sendline("cold")
    child.expect_exact("Weapons [none]: ")
    child.sendline("longblade")
    child.expect_exact("Companion of [none]: ")
    child.sendline("")
    _finish(child)
    made = towers / "combatants" / "mara-thistle.yaml"
    text = made.read_text()
    assert "values: {n: 3, pa: 4, sa: 2, pd: 4, id: 2, px: 1, spd: 5, er: 1, ir: 2}" in text
    assert "size: small  # Size Rank -1" in text
    checked = _zodiac("validate", ".", cwd=towers)
    assert checked.returncode == 0, checked.stdout + checked.stderr

    made.unlink()  # the same combatant again, from the shipped answers file
    done = _zodiac(
        "combatant", "new", "--answers", str(ANSWERS / "99-towers-combatant.yaml"), cwd=towers
    )
    assert done.returncode == 0, done.stderr
    assert made.read_text() == text


def test_turns_and_actions_in_a_terminal_equals_the_answers_file(turns: Path) -> None:
    child = _spawn(turns)
    child.expect_exact("Name: ")
    child.sendline("Gloam Moth")
    child.expect_exact("Side [player]: ")
    child.sendline("monster")
    child.expect_exact("Rank [regular]: ")
    child.sendline("")
    child.expect_exact("noble: strong against everything and vulnerable to everything [Elements]")
    child.expect_exact("Element [neutral]: ")
    child.sendline("darkness")
    child.expect_exact("Intelligence [instinctive]: ")
    child.sendline("wise")
    child.expect_exact("Befriendable (y/n) [n]: ")
    child.sendline("y")  # TA131: a wise monster cannot be befriended
    child.expect_exact(
        "refused: befriendable, but intelligence wise: only drone, instinctive or sapient "
        "monsters can be befriended"
    )
    child.expect_exact("Befriendable (y/n) [n]: ")
    child.sendline("back")
    child.expect_exact("Intelligence [instinctive]: ")
    child.sendline("drone")
    child.expect_exact("Befriendable (y/n) [y]: ")
    child.sendline("y")
    child.expect_exact("so far: Health 24, KO at 0, death at -12, danger threshold 2")
    child.expect_exact("Vitals [health=24,stamina=10,mana=0,focus=0]: ")
    child.sendline("health=30,mana=15")
    child.expect_exact("so far: Health 30, KO at 0, death at -15, danger threshold 3")
    child.expect_exact("Initiative [1]: ")
    child.sendline("2")
    child.expect_exact("Melee scores [accuracy=1,evasion=8,power=2]: ")
    child.sendline("evasion=9")
    child.expect_exact("Skill scores [")
    child.sendline("")
    child.expect_exact("Magic scores [")
    child.sendline("accuracy=2,evasion=8,power=3")
    child.expect_exact("Luck [0]: ")
    child.sendline("1")
    child.expect_exact("Levels [cl=1,tl=1,dl=1,lb=0]: ")
    child.sendline("")
    child.expect_exact("Weapons [none]: ")
    child.sendline("short-spear,short-spear,short-spear")
    child.expect_exact("refused: 3 weapons: you have two slots, primary and secondary")
    child.expect_exact("Weapons [none]: ")
    child.sendline("")
    child.expect_exact("spark-jab: Spark Jab: action, use 10AP, 2Mna [Abilities]")
    child.expect_exact("Abilities [none]: ")
    child.sendline("spark-jab")
    _finish(child)
    made = turns / "combatants" / "gloam-moth.yaml"
    text = made.read_text()
    assert "intelligence: drone" in text and "befriendable: true" in text
    assert "vitals: {health: 30, stamina: 10, mana: 15, focus: 0}" in text
    checked = _zodiac("validate", ".", cwd=turns)
    assert checked.returncode == 0, checked.stdout + checked.stderr

    answers = turns.parent / "answers.yaml"
    shipped = (ANSWERS / "turns-and-actions-combatant.yaml").read_text()
    # the shipped file names an ability of the example project; the starter has spark-jab
    answers.write_text(shipped.replace("[gravity-well]", "[spark-jab]"))
    made.unlink()
    done = _zodiac("combatant", "new", "--answers", str(answers), cwd=turns)
    assert done.returncode == 0, done.stderr
    assert made.read_text() == text


@pytest.mark.parametrize("ruleset", ["99-towers", "turns-and-actions"])
def test_shipped_answers_make_a_clean_combatant_in_the_example(ruleset, tmp_path: Path) -> None:
    import shutil

    root = tmp_path / "ex"
    shutil.copytree(REPO / "content" / "examples" / ruleset, root)
    answers = ANSWERS / f"{ruleset}-combatant.yaml"
    done = _zodiac(
        "combatant", "new", "--project", str(root), "--answers", str(answers), cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr
    assert len(list((root / "combatants").glob("*.yaml"))) >= 1
    checked = _zodiac("validate", str(root), cwd=tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_no_terminal_and_no_answers_exits_2(towers: Path) -> None:
    before = sorted((towers / "combatants").iterdir())
    done = _zodiac("combatant", "new", cwd=towers)
    assert done.returncode == 2
    assert "not a terminal and no --answers FILE" in done.stderr
    assert sorted((towers / "combatants").iterdir()) == before


def test_an_existing_file_needs_force(turns: Path) -> None:
    target = turns / "combatants" / "cave-newt.yaml"  # init's monster
    before = target.read_bytes()
    answers = turns.parent / "a.yaml"
    answers.write_text("name: Cave Newt\nside: monster\n")
    done = _zodiac("combatant", "new", "--answers", str(answers), cwd=turns)
    assert done.returncode == 2
    assert "already used by cave-newt.yaml" in done.stderr
    assert target.read_bytes() == before
    done = _zodiac("combatant", "new", "--answers", str(answers), "--force", cwd=turns)
    assert done.returncode == 0, done.stderr
    assert target.read_bytes() != before
    assert "kind: combatant\nname: Cave Newt\nside: monster\n" in target.read_text()


def test_ctrl_c_writes_nothing(towers: Path) -> None:
    before = sorted((towers / "combatants").iterdir())
    child = _spawn(towers)
    child.expect_exact("Name: ")
    child.sendline("Zed")
    child.expect_exact("Size [")
    child.sendintr()
    child.expect_exact("nothing was written")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert sorted((towers / "combatants").iterdir()) == before


def test_a_project_of_another_rule_set_is_told_what_serves_it(tmp_path: Path) -> None:
    root = _init(tmp_path, "zodiac")
    answers = ANSWERS / "99-towers-combatant.yaml"
    done = _zodiac("combatant", "new", "--answers", str(answers), cwd=root)
    assert done.returncode == 2
    said = done.stderr.replace("\n", " ")
    assert "is a ZODIAC project, and `combatant new` makes 99 Towers and Turns and Actions" in said
    assert not (root / "combatants").exists()


@pytest.mark.parametrize("ruleset", ["99-towers", "turns-and-actions"])
def test_flags_make_the_same_combatant_as_the_answers_file(ruleset: str, tmp_path: Path) -> None:
    """`--set FIELD=VALUE` for every key of the shipped answers file: the same bytes."""
    import shutil

    from ruamel.yaml import YAML

    shipped = ANSWERS / f"{ruleset}-combatant.yaml"
    given = YAML(typ="safe").load(shipped.read_text(encoding="utf-8"))
    made = {}
    for how, args in (
        ("file", ["--answers", str(shipped)]),
        ("flags", [a for k, v in given.items() for a in ("--set", f"{k}={_flow(v)}")]),
    ):
        root = tmp_path / how  # the example project: the shipped answers name its abilities
        shutil.copytree(REPO / "content" / "examples" / ruleset, root)
        before = set((root / "combatants").glob("*.yaml"))
        done = _zodiac("combatant", "new", *args, cwd=root)
        assert done.returncode == 0, done.stderr
        (path,) = set((root / "combatants").glob("*.yaml")) - before
        made[how] = path.read_bytes()
    assert made["flags"] == made["file"]


def _flow(value: object) -> str:
    """A value as one line of YAML, as a user types it after `--set key=`."""
    import json

    return value if isinstance(value, str) else json.dumps(value)


def test_out_outside_the_project_is_refused(towers: Path, tmp_path: Path) -> None:
    """A file outside the project has no zodiac.yaml naming its game (R31): refused."""
    outside = tmp_path / "loose.yaml"
    answers = ANSWERS / "99-towers-combatant.yaml"
    done = _zodiac("combatant", "new", "--answers", str(answers), "--out", str(outside), cwd=towers)
    assert done.returncode == 2
    assert "is outside the project" in done.stderr
    assert "default: combatants/<name>.yaml" in done.stderr
    assert not outside.exists()
