"""`zodiac character new` (issue 26): the real command in a pseudo-terminal, answer by
answer, against the same character made from `--answers FILE`."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

from builder.rulesets.zodiac.wizard import CharacterWizard  # noqa: E402
from builder.wizard import AnswerError, Refused, Wizard  # noqa: E402

T = 120  # generous: a busy machine is slow, never wrong
ENV = {**os.environ, "NO_COLOR": "1", "COLUMNS": "200", "TERM": "dumb"}


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


@pytest.fixture
def project(tmp_path: Path) -> Path:
    done = _zodiac("init", "camp", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    return tmp_path / "camp"


def _terminal(cwd: Path, *args: str, env: dict[str, str] = ENV):
    """`zodiac ARGS` in a pseudo-terminal, as a user runs it."""
    return pexpect.spawn(
        sys.executable,
        ["-m", "builder", *args],
        cwd=str(cwd),
        env=env,
        encoding="utf-8",
        timeout=T,
        dimensions=(50, 200),
    )


def _spawn(project: Path, *args: str):
    return _terminal(project, "character", "new", *args)


def test_terminal_answers_with_a_refusal_and_back_equal_the_answers_file(project: Path) -> None:
    child = _spawn(project)
    child.expect_exact("Name: ")
    child.sendline("Vivi Orunitia")
    child.expect_exact("spend 25 points, none above 15")
    child.expect_exact("Stats [str=11,mag=6,vit=6,spr=11,agi=6]: ")
    child.sendline("str=16,mag=12")
    # refused with validate's own message (ZC102), naming the limit 15, and asked again
    child.expect_exact("refused: Strength is 16 at creation; no stat may start above 15")
    child.expect_exact("Stats [")
    child.sendline("str=15,mag=15")  # sums to 39: validate's ZC103 message
    child.expect_exact("refused: creation stats sum to 39")
    child.expect_exact("Stats [")
    child.sendline("back")
    child.expect_exact("Name: ")  # back at the question before
    child.sendline("Vivi Orunitia")
    child.expect_exact("Stats [")
    child.sendline("str=6,mag=15,vit=6,spr=10,agi=3")
    child.expect_exact("so far: HP ")  # derived numbers previewed from the view
    child.expect_exact("Class Power [tech]: ")
    child.sendline("")
    child.expect_exact("Armor type [balanced]: ")
    child.sendline("enhance")
    child.expect_exact("Command Skill [kick]: ")
    child.sendline("fishing")
    child.expect_exact("refused: ")
    child.expect_exact("Command Skill [kick]: ")
    child.sendline("dice")
    child.expect_exact("Dice stat [str]: ")
    child.sendline("mag")
    child.expect_exact("Support Skill [attack-up]: ")
    child.sendline("")
    child.expect_exact("Tech Points 32 at level 1 (MAG 15)")
    child.expect_exact("Techs [none]: ")
    child.sendline("ember-cut")
    child.expect_exact("200 G to spend")
    child.expect_exact("Purchases [none]: ")
    child.sendline("")
    child.expect_exact("wrote ")
    child.expect_exact("Vivi Orunitia")  # `zodiac show` of the new file
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    made = project / "characters" / "vivi-orunitia.yaml"
    text = made.read_text()
    assert "base_stats: {str: 6, mag: 15, vit: 6, spr: 10, agi: 3}" in text
    assert "dice_stat: mag" in text
    assert "armor_type: enhance" in text
    checked = _zodiac("validate", ".", cwd=project)
    assert checked.returncode == 0, checked.stdout + checked.stderr

    answers = project.parent / "answers.yaml"
    answers.write_text(
        "name: Vivi Orunitia\n"
        "base_stats: {str: 6, mag: 15, vit: 6, spr: 10, agi: 3}\n"
        "armor_type: enhance\n"
        "command_skill: dice\n"
        "dice_stat: mag\n"
        "techs: [ember-cut]\n"
    )
    made.unlink()  # the same character again, from the file
    done = _zodiac("character", "new", "--answers", str(answers), cwd=project)
    assert done.returncode == 0, done.stderr
    assert made.read_text() == text


def test_no_terminal_and_no_answers_exits_2(project: Path) -> None:
    done = _zodiac("character", "new", cwd=project)
    assert done.returncode == 2
    assert "not a terminal" in done.stderr
    assert not list((project / "characters").glob("*.yaml"))[1:]  # only init's rook


def test_a_refused_answer_in_the_file_exits_2_and_writes_nothing(project: Path) -> None:
    answers = project.parent / "bad.yaml"
    answers.write_text("name: Bad\nbase_stats: {str: 16, mag: 6, vit: 6, spr: 6, agi: 6}\n")
    done = _zodiac("character", "new", "--answers", str(answers), cwd=project)
    assert done.returncode == 2
    assert "no stat may start above 15" in done.stderr
    assert not (project / "characters" / "bad.yaml").exists()


def test_an_existing_file_needs_force(project: Path) -> None:
    answers = project.parent / "a.yaml"
    answers.write_text("name: Rook\n")  # init wrote characters/rook.yaml
    done = _zodiac("character", "new", "--answers", str(answers), cwd=project)
    assert done.returncode == 2
    assert "--force" in done.stderr
    assert "Rook Tallowmere" in (project / "characters" / "rook.yaml").read_text()
    done = _zodiac("character", "new", "--answers", str(answers), "--force", cwd=project)
    assert done.returncode == 0, done.stderr
    assert "name: Rook\n" in (project / "characters" / "rook.yaml").read_text()


def test_a_name_the_project_already_has_is_refused(project: Path) -> None:
    answers = project.parent / "a.yaml"
    answers.write_text("name: Rook Tallowmere\n")  # the id of init's rook.yaml
    done = _zodiac("character", "new", "--answers", str(answers), cwd=project)
    assert done.returncode == 2
    assert "already used by rook.yaml" in done.stderr


def test_engine_back_and_defaults_without_a_terminal(project: Path) -> None:
    from builder.workspace import open_workspace

    ws = open_workspace([project])
    maker = CharacterWizard(ws.content, ws.settings)
    typed = iter(["Amy", "back", "Ann", "str=15,mag=13,vit=3,spr=3,agi=6", "", "", "", "", "", ""])
    said: list[str] = []
    got = Wizard(maker.questions()).ask_all(lambda _: next(typed), said.append)
    assert got["name"] == "Ann"
    assert got["base_stats"] == {"str": 15, "mag": 13, "vit": 3, "spr": 3, "agi": 6}
    assert got["armor_type"] == "balanced" and got["techs"] == [] and got["purchases"] == []
    with pytest.raises(AnswerError, match="above 15"):
        Wizard(maker.questions()).from_mapping({"name": "X", "base_stats": {"str": 16}})
    with pytest.raises(Refused):
        maker.questions()[1].read("str=2", {"name": "X"})
    with pytest.raises(AnswerError, match="a new character has 200 G to spend"):
        Wizard(maker.questions()).from_mapping({"name": "X", "purchases": "potion x50"})
    with pytest.raises(AnswerError, match="unknown Tech 'nothing'"):
        Wizard(maker.questions()).from_mapping({"name": "X", "techs": ["nothing"]})


def test_level_up_in_a_terminal_refuses_three_in_one_stat_and_asks_again(
    tmp_path: Path,
) -> None:
    import shutil

    from builder.paths import content_dir

    camp = tmp_path / "camp"
    shutil.copytree(content_dir() / "examples" / "zodiac", camp)
    rook = camp / "characters" / "rook.yaml"
    before = rook.read_text()
    child = _terminal(camp, "character", "level-up", "characters/rook.yaml")
    child.expect_exact("Bonus points (3, at most 2 per stat")
    child.sendline("str=3")
    child.expect_exact("at most 2 of one level's points may go to the same stat")
    child.expect_exact("Bonus points (3, at most 2 per stat")  # the same question again
    child.sendline("str=2,agi=1")
    child.expect_exact("Learn")
    child.sendline("")
    child.expect_exact("Upgrade")
    child.sendline("")
    child.expect_exact("Write ")
    child.sendline("y")
    child.expect_exact("wrote ")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    after = rook.read_text()
    assert after != before
    assert "{str: 2, agi: 1}" in after


def test_16_bit_tactics_character_new_in_a_terminal_equals_the_answers_file(
    tmp_path: Path,
) -> None:
    done = _zodiac("init", "--ruleset", "16-bit-tactics", "camp", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    camp = tmp_path / "camp"
    child = _spawn(camp)  # the shared verb runs the project's rule set's wizard
    child.expect_exact("Name: ")
    child.sendline("Kes")
    child.expect_exact("squire: Squire: ATK d8")  # each job with one line of its effect
    child.expect_exact("Starting job [squire]: ")
    child.sendline("wizard")
    child.expect_exact("refused: no job with id 'wizard' in the project")
    child.expect_exact("Starting job [squire]: ")
    child.sendline("")
    child.expect_exact("so far: HP 12, MP 2")  # from the view `zodiac show` prints
    child.expect_exact("Skills [might=d8,agility=d8,lore=d6,charm=d6]: ")
    child.sendline("might=d20")
    child.expect_exact("refused: might is d20; skills are rated from d6 to d12")
    child.expect_exact("Skills [")
    child.sendline("back")
    child.expect_exact("Starting job [squire]: ")
    child.sendline("squire")
    child.expect_exact("Skills [")
    child.sendline("might=d10")
    child.expect_exact("Equipment [none]: ")
    child.sendline("short-sword")
    child.expect_exact("wrote ")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    made = camp / "characters" / "kes.yaml"
    text = made.read_text()
    assert "skills: {might: d10, agility: d8, lore: d6, charm: d6}" in text
    assert "equipment: [short-sword]" in text
    checked = _zodiac("validate", ".", cwd=camp)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    made.unlink()
    answers = tmp_path / "kes.yaml"
    answers.write_text("name: Kes\nskills: {might: d10}\nequipment: [short-sword]\n")
    done = _zodiac("character", "new", "--answers", str(answers), cwd=camp)
    assert done.returncode == 0, done.stderr
    assert made.read_text() == text


def test_ctrl_c_writes_nothing(project: Path) -> None:
    before = sorted((project / "characters").iterdir())
    child = _spawn(project)
    child.expect_exact("Name: ")
    child.sendline("Zidane")
    child.expect_exact("Stats [")
    child.sendintr()
    child.expect_exact("nothing was written")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert sorted((project / "characters").iterdir()) == before


def test_a_rule_set_without_a_character_wizard_is_told_so(tmp_path: Path) -> None:
    done = _zodiac("init", "--ruleset", "99-towers", "camp", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    answers = tmp_path / "a.yaml"
    answers.write_text("name: Tam\n")
    done = _zodiac("character", "new", "--answers", str(answers), cwd=tmp_path / "camp")
    assert done.returncode == 2
    assert "makes ZODIAC and 16 Bit Tactics characters only; use `zodiac combatant new`" in (
        done.stderr
    )


def test_monster_new_in_a_terminal_equals_the_answers_file(project: Path) -> None:
    child = _terminal(project, "monster", "new")
    child.expect_exact("Name: ")
    child.sendline("Ogre")
    child.expect_exact("Level [1]: ")
    child.sendline("ten")
    child.expect_exact("refused: the level is a whole number 1-99")
    child.expect_exact("Level [1]: ")
    child.sendline("10")
    child.expect_exact("Boss (y/n) [n]: ")
    child.sendline("y")
    child.expect_exact("Type (family) [none]: ")
    child.sendline("back")
    child.expect_exact("Boss (y/n) [n]: ")
    child.sendline("y")
    child.expect_exact("Type (family) [none]: ")
    child.sendline("giant")
    child.expect_exact("so far: HP ")
    child.expect_exact("25 + 5 x 10 = 75 points")
    child.expect_exact("Stats [str=15,mag=15,vit=15,spr=15,agi=15]: ")
    child.sendline("str=30,vit=25")  # 55 of 75: validate's ZM101 message
    child.expect_exact("refused: ")
    child.expect_exact("Stats [")
    child.sendline("str=30,mag=5,vit=25,spr=5,agi=10")
    child.expect_exact("so far: HP 6300")  # (30 + 20 x 25 + 10 x 10) x 10 boss
    child.expect_exact("Attack die [d8]: ")
    child.sendline("")
    child.expect_exact("Powers [none]: ")
    child.sendline("")
    child.expect_exact("Techs [none]: ")
    child.sendline("ember-cut")
    child.expect_exact("wrote ")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    made = project / "monsters" / "ogre.yaml"
    text = made.read_text()
    assert "boss: true" in text and "family: giant" in text
    assert "stats: {str: 30, mag: 5, vit: 25, spr: 5, agi: 10}" in text
    checked = _zodiac("validate", ".", cwd=project)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    made.unlink()
    answers = project.parent / "ogre.yaml"
    answers.write_text(
        "name: Ogre\nlevel: 10\nboss: y\nfamily: giant\n"
        "stats: {str: 30, mag: 5, vit: 25, spr: 5, agi: 10}\ntechs: [ember-cut]\n"
    )
    done = _zodiac("monster", "new", "--answers", str(answers), cwd=project)
    assert done.returncode == 0, done.stderr
    assert made.read_text() == text


def test_16_bit_tactics_level_up_in_a_terminal_asks_the_job_held(tmp_path: Path) -> None:
    import shutil

    from builder.paths import content_dir

    camp = tmp_path / "camp"
    shutil.copytree(content_dir() / "examples" / "16-bit-tactics", camp)
    bram = camp / "characters" / "bram.yaml"
    child = _terminal(camp, "character", "level-up", "characters/bram.yaml")
    child.expect_exact("Job held at the new level [squire]: ")
    child.sendline("bard")
    child.expect_exact("refused: no job with id bard in the project")
    child.expect_exact("Job held at the new level [squire]: ")
    child.sendline("archer")  # a job of the project, not one of Bram's
    child.expect_exact("refused: archer is not one of the character's jobs (squire)")
    child.expect_exact("Job held at the new level [squire]: ")
    child.sendline("")
    child.expect_exact("Write ")
    child.sendline("y")
    child.expect_exact("wrote ")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "level_jobs: [squire, squire]" in bram.read_text()


# --- prompt_toolkit's line prompt on a real terminal type (not TERM=dumb) ----------------

XTERM = {**ENV, "TERM": "xterm-256color"}


def test_tab_completes_the_questions_choices_on_a_real_terminal(project: Path) -> None:
    """On an xterm the prompt is prompt_toolkit's full line editor: `blue` + Tab becomes
    `blue_magic` (the only Class Power starting so), which the Blue Mage's next question
    proves; no cursor position request hangs the pseudo-terminal."""
    child = _terminal(project, "character", "new", env=XTERM)
    # an xterm prompt is drawn with escape sequences (a trailing space is a cursor move)
    child.expect_exact("Name:")
    child.sendline("Quina")
    child.expect_exact("Stats [str=11,mag=6,vit=6,spr=11,agi=6]:")
    child.sendline("")
    child.expect_exact("Class Power [tech]:")
    child.send("blue\t")
    child.send("\r")
    child.expect_exact("Ch. III: how the Blue Mage learns Enemy Skills.")  # blue_magic taken
    child.expect_exact("Learning [memory]:")
    child.send("\x1b[A")  # Up: the history holds the answers given, `blue_magic` last
    child.send("\r")
    child.expect_exact("refused: ")  # blue_magic is no learning method
    child.expect_exact("Learning [memory]:")
    for question in (  # the rest at their defaults, each answered once it is asked
        "Armor type [balanced]:",
        "Command Skill [kick]:",
        "Support Skill [attack-up]:",
        "Enemy Skills [none]:",
        "Purchases [none]:",
    ):
        child.sendline("")
        child.expect_exact(question)
    child.sendline("")
    child.expect_exact("wrote ")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    text = (project / "characters" / "quina.yaml").read_text()
    assert "class_power: blue_magic" in text
    assert "learning: memory" in text


def test_ctrl_c_in_the_line_editor_writes_nothing(project: Path) -> None:
    """The full editor reads keys in raw mode: Ctrl-C arrives as a key, not a signal."""
    before = sorted((project / "characters").iterdir())
    child = _terminal(project, "character", "new", env=XTERM)
    child.expect_exact("Name:")
    child.sendline("Zidane")
    child.expect_exact("Stats [")
    child.send("str=9")  # half typed
    child.sendintr()
    child.expect_exact("nothing was written")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert sorted((project / "characters").iterdir()) == before


def test_the_completer_takes_ids_with_hyphens_after_a_comma() -> None:
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from builder.cli.wizard import LineAsker

    asker = LineAsker()
    asker.offer(["ember-cut", "ember-wall", "frost-bite", "back"])
    got = [
        c.text
        for c in asker._completer.get_completions(Document("frost-bite,emb"), CompleteEvent())
    ]
    assert got == ["ember-cut", "ember-wall"]
    got = [c.text for c in asker._completer.get_completions(Document("BA"), CompleteEvent())]
    assert got == ["back"]


# --- answers as flags: --set FIELD=VALUE, over --answers FILE -----------------------------


def test_a_character_from_flags_equals_the_one_from_the_answers_file(project: Path) -> None:
    answers = project.parent / "answers.yaml"
    answers.write_text(
        "name: Vivi Orunitia\n"
        "base_stats: {str: 6, mag: 15, vit: 6, spr: 10, agi: 3}\n"
        "armor_type: enhance\n"
        "command_skill: dice\n"
        "dice_stat: mag\n"
        "techs: [ember-cut]\n"
    )
    done = _zodiac("character", "new", "--answers", str(answers), cwd=project)
    assert done.returncode == 0, done.stderr
    made = project / "characters" / "vivi-orunitia.yaml"
    from_file = made.read_text()
    made.unlink()
    done = _zodiac(
        "character",
        "new",
        "--set",
        "name=Vivi Orunitia",
        "--set",
        "base_stats=str=6,mag=15,vit=6,spr=10,agi=3",  # the form the question takes
        "--set",
        "armor_type=enhance",
        "--set",
        "command_skill=dice",
        "--set",
        "dice_stat=mag",
        "--set",
        "techs=[ember-cut]",  # YAML
        cwd=project,
    )
    assert done.returncode == 0, done.stderr
    assert made.read_text() == from_file
    assert "dice_stat: mag" in from_file and "armor_type: enhance" in from_file


def test_flags_win_over_the_answers_file_and_are_refused_by_name(project: Path) -> None:
    answers = project.parent / "a.yaml"
    answers.write_text("name: Amy\nbase_stats: {str: 15, mag: 13, vit: 3, spr: 3, agi: 6}\n")
    done = _zodiac(
        "character", "new", "--answers", str(answers), "--set", "name=Beatrix", cwd=project
    )
    assert done.returncode == 0, done.stderr
    assert not (project / "characters" / "amy.yaml").exists()
    text = (project / "characters" / "beatrix.yaml").read_text()
    assert "name: Beatrix" in text and "base_stats: {str: 15, mag: 13" in text
    done = _zodiac(
        "character", "new", "--set", "name=Cid", "--set", "base_stats={str: 16}", cwd=project
    )
    assert done.returncode == 2
    assert "--set base_stats: " in done.stderr and "no stat may start above 15" in done.stderr
    assert not (project / "characters" / "cid.yaml").exists()
    done = _zodiac("character", "new", "--set", "colour=red", cwd=project)
    assert done.returncode == 2 and "--set colour: not a question" in done.stderr
    done = _zodiac("character", "new", "--set", "nameless", cwd=project)
    assert done.returncode == 2 and "write FIELD=VALUE" in done.stderr


def test_a_monster_from_flags(project: Path) -> None:
    done = _zodiac(
        "monster",
        "new",
        "--set",
        "name=Ogre",
        "--set",
        "level=10",
        "--set",
        "boss=y",
        "--set",
        "stats={str: 30, mag: 5, vit: 25, spr: 5, agi: 10}",
        cwd=project,
    )
    assert done.returncode == 0, done.stderr
    text = (project / "monsters" / "ogre.yaml").read_text()
    assert "boss: true" in text and "stats: {str: 30, mag: 5, vit: 25, spr: 5, agi: 10}" in text


# --- `monster new --open`: the card the build prints, handed to the desktop's opener ------


def test_monster_new_open_prints_its_card_and_hands_it_to_the_opener(
    project: Path, tmp_path: Path
) -> None:
    import stat
    import time

    from pypdf import PdfReader

    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    opened = tmp_path / "opened.txt"
    opener = bin_dir / "xdg-open"  # the desktop's opener, faked: it notes what it was given
    opener.write_text(
        f'#!/bin/sh\nprintf "%s" "$1" > "{opened}.part" && mv "{opened}.part" "{opened}"\n'
    )
    opener.chmod(opener.stat().st_mode | stat.S_IXUSR)
    env = {**ENV, "PATH": f"{bin_dir}{os.pathsep}{ENV['PATH']}"}
    done = subprocess.run(
        [
            *(sys.executable, "-m", "builder", "monster", "new", "--open"),
            *("--set", "name=Cave Troll", "--set", "level=4", "--set", "boss=n"),
        ],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=T,
    )
    assert done.returncode == 0, done.stderr
    assert "Rewards: 140 XP" in done.stdout  # the card view `zodiac monster show` prints
    card = project / "dist" / "monster-cards" / "cave-troll.pdf"
    assert card.read_bytes().startswith(b"%PDF-")
    text = "".join(page.extract_text() for page in PdfReader(card).pages)
    assert "Cave Troll" in text
    deadline = time.monotonic() + T  # the opener runs on its own: wait for its note
    while not opened.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert Path(opened.read_text()).resolve() == card.resolve()


# --- purchases at creation are equipped (Ch. I Steps 3, 4 and 8) ---------------------------


def test_purchases_are_equipped_and_the_sheet_shows_them(project: Path) -> None:
    child = _spawn(project)
    child.expect_exact("Name: ")
    child.sendline("Kit")
    for question, answer in (
        ("Stats [", ""),
        ("Class Power [tech]: ", ""),
        ("Armor type [balanced]: ", "enhance"),  # init's Quilted Vest is balanced armor
        ("Command Skill [kick]: ", ""),
        ("Support Skill [attack-up]: ", ""),
        ("Techs [none]: ", ""),
        ("Purchases [none]: ", "tin-blade,quilted-vest,lid-shield"),
    ):
        child.expect_exact(question)
        child.sendline(answer)
    child.expect_exact("y equips weapon tin-blade, guard lid-shield;")
    child.expect_exact("Quilted Vest is carried: it is balanced armor and the character wears")
    child.expect_exact("Equip what you bought (y/n) [y]: ")
    child.sendline("armor=quilted-vest")  # validate's ZC154 message, and asked again
    child.expect_exact("refused: Quilted Vest is balanced armor (Lantern Gear) but Kit wears")
    child.expect_exact("Equip what you bought (y/n) [y]: ")
    child.sendline("y")
    child.expect_exact("wrote ")
    child.expect_exact("Tin Blade")  # the sheet's equipment table, from `zodiac show`
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    made = project / "characters" / "kit.yaml"
    text = made.read_text()
    assert "weapon_class: sword" in text
    assert "equipment: {weapon: tin-blade, guard: lid-shield}" in text
    assert "gold: 20" in text
    checked = _zodiac("validate", ".", cwd=project)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    shown = _zodiac("show", "characters/kit.yaml", cwd=project)
    assert "Evade" in shown.stdout and "guard" in shown.stdout  # the Lid Shield's +2 Evade
    made.unlink()
    answers = project.parent / "kit.yaml"
    answers.write_text(
        "name: Kit\narmor_type: enhance\n"
        "purchases: [tin-blade, quilted-vest, lid-shield]\n"
        "equipment: {weapon: tin-blade, guard: lid-shield}\n"
    )
    done = _zodiac("character", "new", "--answers", str(answers), cwd=project)
    assert done.returncode == 0, done.stderr
    assert made.read_text() == text
    made.unlink()  # `n` carries them all: bought, listed, not worn
    done = _zodiac(
        "character", "new", "--answers", str(answers), "--set", "equipment=n", cwd=project
    )
    assert done.returncode == 0, done.stderr
    assert "equipment:" not in made.read_text() and "{item: tin-blade}" in made.read_text()


def test_equipping_what_was_not_bought_is_refused(project: Path) -> None:
    done = _zodiac(
        "character",
        "new",
        *("--set", "name=Kit", "--set", "purchases=tin-blade"),
        *("--set", "equipment={weapon: tin-blade, guard: lid-shield}"),
        cwd=project,
    )
    assert done.returncode == 2
    assert "--set equipment: lid-shield was not bought" in done.stderr
