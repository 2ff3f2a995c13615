"""Safe writes of a user's file (issue 16): backup, unchanged since read, encoding kept.

Every command that rewrites a user's file (`character level-up` / `level-down`,
`character generate --out --force`, `init --force`) goes through `builder.io.atomic`:
a temp file in the same folder, fsync, rename; the mode kept, a symlink written through,
the previous bytes in ``FILE.bak``; refused when the file is read-only, changed on disk
since it was read, or written in an encoding or line endings that could not be kept.
"""

from __future__ import annotations

import errno
import os
import signal
import stat
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from builder.errors import WriteError
from builder.io.atomic import (
    backup_path,
    read_for_edit,
    snapshot,
    write_bytes_atomic,
    write_text_atomic,
)
from tests.cli.test_level_up import ODD_LEVEL, TECHS

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def odd(write) -> Path:
    write("zodiac.yaml", "title: Odd Tests\n")
    write("techs.yaml", TECHS)
    return write("characters/odd.yaml", ODD_LEVEL)


def _level_up(zodiac, path: Path, *more: str):
    return zodiac("character", "level-up", str(path), "--points", "str=2,agi=1", "--yes", *more)


def _hidden_temps(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


# --- the writer itself ------------------------------------------------------------------


def test_backup_keeps_the_previous_bytes(tmp_path):
    path = tmp_path / "hero.yaml"
    write_text_atomic(path, "new file\n", backup=True)
    assert not backup_path(path).exists()  # nothing to keep for a new file
    write_text_atomic(path, "second\n", backup=True)
    assert backup_path(path) == tmp_path / "hero.yaml.bak"
    assert backup_path(path).read_text() == "new file\n"
    write_text_atomic(path, "third\n", backup=True)
    assert backup_path(path).read_text() == "second\n"  # one generation


def test_changed_since_read_is_refused(tmp_path):
    path = tmp_path / "hero.yaml"
    path.write_text("mine\n")
    seen = snapshot(path)
    path.write_text("edited in another window\n")
    with pytest.raises(WriteError) as caught:
        write_text_atomic(path, "ours\n", backup=True, unchanged=seen)
    assert str(caught.value) == (
        f"cannot write {path}: it changed on disk since zodiac read it (another editor or "
        "command?); nothing was written and the file was left as it is now. Run the command "
        "again to start from what it holds"
    )
    assert path.read_text() == "edited in another window\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hero.yaml"]  # no temp, no backup
    path.unlink()
    with pytest.raises(WriteError, match="it was removed since zodiac read it"):
        write_text_atomic(path, "ours\n", unchanged=seen)
    assert not path.exists()


def test_read_only_is_refused_even_for_root(tmp_path):
    path = tmp_path / "hero.yaml"
    path.write_text("keep\n")
    path.chmod(0o444)
    with pytest.raises(WriteError) as caught:
        write_text_atomic(path, "x\n", backup=True)
    assert str(caught.value) == (
        f"cannot write {path}: it is read-only; {path} was left as it was. "
        f"Make it writable (chmod u+w {path}) to let zodiac change it"
    )
    assert path.read_text() == "keep\n"
    with pytest.raises(WriteError, match="read-only"):
        read_for_edit(path)
    assert read_for_edit(path, writable=False).text == "keep\n"  # a dry run may read it


@pytest.mark.parametrize(
    ("raw", "bom", "newline"),
    [
        (b"a: 1\nb: 2\n", False, "\n"),
        (b"a: 1\r\nb: 2\r\n", False, "\r\n"),
        (b"\xef\xbb\xbfa: 1\nb: 2\n", True, "\n"),
        (b"\xef\xbb\xbfa: 1\r\nb: 2", True, "\r\n"),
    ],
)
def test_read_for_edit_keeps_bom_and_line_endings(tmp_path, raw, bom, newline):
    path = tmp_path / "f.yaml"
    path.write_bytes(raw)
    got = read_for_edit(path)
    assert (got.bom, got.newline) == (bom, newline)
    assert "\r" not in got.text and not got.text.startswith("\ufeff")
    assert got.encode(got.text) == raw
    assert got.encode(got.text + "c: 3\n").endswith(b"c: 3" + newline.encode())


@pytest.mark.parametrize(
    ("raw", "said"),
    [
        (b"a: 1\r\nb: 2\n", "it mixes line endings (1 CRLF, 1 LF)"),
        (b"a: 1\rb: 2\r", "a bare CR"),
        (b"name: Caf\xe9\n", "it is not UTF-8 (byte 0xe9 on line 1)"),
    ],
)
def test_what_could_not_be_kept_is_refused(tmp_path, raw, said):
    path = tmp_path / "f.yaml"
    path.write_bytes(raw)
    with pytest.raises(WriteError, match=f"cannot edit {path}: ") as caught:
        read_for_edit(path)
    assert said in str(caught.value)


def test_a_symlink_is_written_through_and_the_backup_sits_by_the_real_file(tmp_path):
    real = tmp_path / "data" / "hero.yaml"
    real.parent.mkdir()
    real.write_text("old\n")
    real.chmod(0o640)
    link = tmp_path / "hero.yaml"
    link.symlink_to("data/hero.yaml")
    write_text_atomic(link, "new\n", backup=True, unchanged=snapshot(link))
    assert link.is_symlink() and os.readlink(link) == "data/hero.yaml"
    assert real.read_text() == "new\n" and stat.S_IMODE(real.stat().st_mode) == 0o640
    assert (tmp_path / "data" / "hero.yaml.bak").read_text() == "old\n"


def test_a_failed_backup_leaves_the_file_as_it_was(monkeypatch, tmp_path):
    path = tmp_path / "hero.yaml"
    path.write_text("old\n")
    real_replace = os.replace

    def full(src, dst, **kwargs):
        if str(dst).endswith(".bak"):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_replace(src, dst, **kwargs)

    monkeypatch.setattr(os, "replace", full)
    with pytest.raises(WriteError, match=r"disk full; .*hero.yaml was left as it was"):
        write_text_atomic(path, "new\n", backup=True)
    assert path.read_text() == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hero.yaml"]  # no temp files


def test_a_planted_backup_link_is_replaced_not_followed(tmp_path):
    """Content is hostile: `hero.yaml.bak -> victim` must not overwrite the victim."""
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    path = tmp_path / "hero.yaml"
    path.write_text("old\n")
    (tmp_path / "hero.yaml.bak").symlink_to(victim)
    write_text_atomic(path, "new\n", backup=True)
    assert victim.read_text() == "precious\n"
    assert not (tmp_path / "hero.yaml.bak").is_symlink()
    assert (tmp_path / "hero.yaml.bak").read_text() == "old\n"


# --- through the commands --------------------------------------------------------------


def test_level_up_keeps_a_backup_and_the_mode(zodiac, odd):
    odd.chmod(0o640)
    r = _level_up(zodiac, odd)
    assert r.exit_code == 0, r.output
    assert "the previous version is in characters/odd.yaml.bak" in r.output
    assert backup_path(odd).read_text() == ODD_LEVEL
    assert stat.S_IMODE(odd.stat().st_mode) == 0o640
    assert _hidden_temps(odd.parent) == []


def test_level_up_of_a_read_only_file_is_refused(zodiac, odd):
    odd.chmod(0o444)
    r = _level_up(zodiac, odd)
    assert r.exit_code == 2
    assert "characters/odd.yaml: it is read-only" in r.output
    assert odd.read_text() == ODD_LEVEL and not backup_path(odd).exists()
    r = _level_up(zodiac, odd, "--dry-run")  # looking is allowed
    assert r.exit_code == 0 and "dry run: nothing was written" in r.output


def test_level_up_of_a_file_changed_meanwhile_is_refused(zodiac, odd, monkeypatch):
    """Another editor saves the file while the new one is being checked."""
    from builder.rulesets.zodiac import levelling

    real = levelling.check_candidate
    theirs = ODD_LEVEL.replace('player: "Jo"', 'player: "Jo and Sam"')

    def meanwhile(*args, **kwargs):
        odd.write_text(theirs)
        return real(*args, **kwargs)

    monkeypatch.setattr(levelling, "check_candidate", meanwhile)
    r = _level_up(zodiac, odd)
    assert r.exit_code == 2
    assert "it changed on disk since zodiac read it" in r.output
    assert odd.read_text() == theirs  # their edit survives
    assert not backup_path(odd).exists() and _hidden_temps(odd.parent) == []


def test_level_up_through_a_symlink(zodiac, odd):
    link = Path("odd-link.yaml")
    link.symlink_to("characters/odd.yaml")
    r = _level_up(zodiac, link)
    assert r.exit_code == 0, r.output
    assert link.is_symlink() and os.readlink(link) == "characters/odd.yaml"
    assert "level: 2\n" in odd.read_text()
    assert backup_path(link) == backup_path(odd) and backup_path(odd).read_text() == ODD_LEVEL
    assert not Path("odd-link.yaml.bak").exists()


@pytest.mark.parametrize(
    ("prefix", "newline"), [(b"", b"\r\n"), (b"\xef\xbb\xbf", b"\n"), (b"\xef\xbb\xbf", b"\r\n")]
)
def test_crlf_and_bom_stay_through_up_and_down(zodiac, odd, prefix, newline):
    raw = prefix + ODD_LEVEL.encode().replace(b"\n", newline)
    odd.write_bytes(raw)
    r = zodiac(
        "character", "level-up", str(odd), "--points", "str=2,agi=1", "--learn", "cure", "-y"
    )
    assert r.exit_code == 2  # (cure is known) a usage error writes nothing either
    assert odd.read_bytes() == raw
    assert _level_up(zodiac, odd).exit_code == 0
    new = odd.read_bytes()
    assert new.startswith(prefix) and new.count(b"\xef\xbb\xbf") == (1 if prefix else 0)
    body = new[len(prefix) :]
    if newline == b"\r\n":
        assert body.count(b"\n") == body.count(b"\r\n")  # every line ending is CRLF
    else:
        assert b"\r" not in body
    assert b"advancement: [{str: 2, agi: 1}]" + newline in body
    assert backup_path(odd).read_bytes() == raw
    assert zodiac("character", "level-down", str(odd), "-y").exit_code == 0
    assert odd.read_bytes() == raw


def test_mixed_line_endings_are_refused_by_level_up(zodiac, odd):
    raw = ODD_LEVEL.encode().replace(b"\n", b"\r\n", 3)
    odd.write_bytes(raw)
    r = _level_up(zodiac, odd)
    assert r.exit_code == 2
    assert "it mixes line endings (3 CRLF," in r.output and "will not guess" in r.output
    assert odd.read_bytes() == raw


# --- interruption: a real process, stopped between the write and the rename ---------------

# The child says READY when it reaches the rename, then waits on its stdin, which the
# test holds open and never writes: it is stopped there, whatever the machine's speed
# (issue #28: no sleep that a slow machine could outlast, no timing at all).
_STALLED = textwrap.dedent(
    """\
    import os, sys
    real = os.replace
    def stalled(src, dst, *a, **k):
        if str(dst).endswith("odd.yaml"):
            print("READY", flush=True)
            sys.stdin.read()  # until the test's signal (or the test closing the pipe)
            raise SystemExit("the test closed the pipe without a signal")
        return real(src, dst, *a, **k)
    os.replace = stalled
    from builder.cli.app import main
    sys.argv = [
        "zodiac", "character", "level-up", "characters/odd.yaml", "--points", "str=2,agi=1", "-y"
    ]
    main()
    """
)


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGINT], ids=["kill", "ctrl-c"])
def test_interrupted_between_write_and_replace_leaves_the_original(odd, sig):
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    proc = subprocess.Popen(
        [sys.executable, "-c", _STALLED],
        cwd=odd.parent.parent,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    watchdog = threading.Timer(120, proc.kill)  # a child that never says READY: fail, not hang
    watchdog.start()
    try:
        line = proc.stdout.readline()
        while line and "READY" not in line:
            line = proc.stdout.readline()
        assert "READY" in line, proc.stderr.read()
        # the new bytes are fsynced in a temp file now; the original is still in place
        temps = _hidden_temps(odd.parent)
        assert len(temps) == 1 and temps[0].startswith(".odd.yaml.")
        assert (odd.parent / temps[0]).read_text().count("level: 2\n") == 1
        proc.send_signal(sig)
        proc.wait(timeout=120)  # a bound only a hang reaches; stdin stays open meanwhile
        err = proc.stderr.read()
    finally:
        watchdog.cancel()
        if proc.poll() is None:  # pragma: no cover - only if the test failed midway
            proc.kill()
            proc.wait()
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            stream.close()
    assert odd.read_text() == ODD_LEVEL
    if sig == signal.SIGINT:  # Ctrl-C cleans up after itself (SIGKILL cannot: a hidden
        assert proc.returncode == 130, err  # temp file stays, and the original is whole)
        assert "interrupted" in err
        assert _hidden_temps(odd.parent) == []


def test_generate_force_keeps_a_backup(zodiac, tmp_path, monkeypatch):
    import shutil

    project = tmp_path / "saga"
    shutil.copytree(REPO / "content" / "examples" / "zodiac", project)
    monkeypatch.chdir(project)
    out = project / "characters" / "cecil.yaml"
    out.write_text("# my notes\n")
    r = zodiac(
        "character", "generate", "--job", "knight", "--level", "3", "--name", "Cecil",
        "--out", str(out), "--force",
    )  # fmt: skip
    assert r.exit_code == 0, r.output
    assert backup_path(out).read_text() == "# my notes\n"
    assert "job: knight" in out.read_text()


def test_init_force_keeps_a_backup_of_zodiac_yaml(zodiac, tmp_path):
    (tmp_path / "zodiac.yaml").write_text("title: Mine\n")
    assert zodiac("init", str(tmp_path), "--force").exit_code == 0
    assert (tmp_path / "zodiac.yaml.bak").read_text() == "title: Mine\n"
    assert not list((tmp_path / "schemas").glob("*.bak"))


def test_write_bytes_atomic_without_options_is_unchanged(tmp_path):
    """Build outputs (PDFs) keep no backups: only user files get one."""
    path = tmp_path / "book.pdf"
    write_bytes_atomic(path, b"%PDF-1")
    write_bytes_atomic(path, b"%PDF-2")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["book.pdf"]
