"""Issue "Trust": finding files must never read outside the project, block or exhaust memory."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from builder.io import yaml as loader
from builder.io.project import collect_files, find_files, load_content
from builder.io.yaml import load_file
from builder.workspace import open_workspace
from tests.conftest import AMOS

STATS = "stats: {str: 8, mag: 5, vit: 7, spr: 5, agi: 5}\n"
GOBLIN = "kind: monster\nname: Goblin\nlevel: 1\n" + STATS
SECRET = "kind: monster\nname: Secret Outside\nlevel: 1\n" + STATS


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Fail instead of hanging (opening a FIFO blocks until a writer comes)."""

    def _raise(signum: int, frame: object) -> None:
        raise TimeoutError(f"took more than {seconds} s")

    old = signal.signal(signal.SIGALRM, _raise)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """tmp_path/proj (a project with one monster) next to tmp_path/outside (a secret); cwd is proj."""
    root = tmp_path / "proj"
    (root / "monsters").mkdir(parents=True)
    (root / "zodiac.yaml").write_text("title: T\n")
    (root / "monsters" / "goblin.yaml").write_text(GOBLIN)
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.yaml").write_text(SECRET)
    monkeypatch.chdir(root)
    return root


def names(ws) -> list[str]:
    return sorted(e.model.name for e in ws.content.entities if e.kind == "monster")


def located(ws) -> list[tuple[str, int, int, str]]:
    return [(d.path, d.line, d.column, d.code) for d in ws.report.sorted()]


def test_symlinked_file_leading_outside_the_project_is_refused(project: Path) -> None:
    """Files outside the project are read: a symlink inside `monsters/` that points outside
    the project (to a file) is loaded, validated and printed."""
    (project / "monsters" / "evil.yaml").symlink_to(project.parent / "outside" / "secret.yaml")
    ws = open_workspace([project])
    assert names(ws) == ["Goblin"]
    assert located(ws) == [("monsters/evil.yaml", 1, 1, "ZY112")]
    msg = ws.report.sorted()[0].message
    assert msg.startswith("evil.yaml is a symlink to a file outside the project (")
    assert str(project.parent / "outside" / "secret.yaml") in msg
    assert msg.endswith("); copy the file into the project instead")


def test_symlinked_folder_leading_outside_the_project_is_refused(project: Path) -> None:
    """Files outside the project are read: ... (or a symlinked folder) is loaded."""
    (project / "monsters" / "more").symlink_to(project.parent / "outside")
    ws = open_workspace([project])
    assert names(ws) == ["Goblin"]
    assert located(ws) == [("monsters/more", 1, 1, "ZY112")]
    assert "more is a symlink to a folder outside the project" in ws.report.sorted()[0].message


def test_the_cli_refuses_it_with_exit_code_1(project: Path, zodiac) -> None:
    """Files outside the project are read (zodiac validate prints them)."""
    (project / "monsters" / "evil.yaml").symlink_to(project.parent / "outside" / "secret.yaml")
    r = zodiac("validate")
    assert r.exit_code == 1
    assert r.stdout.startswith("monsters/evil.yaml:1:1: error ZY112 evil.yaml is a symlink")
    assert "Secret Outside" not in r.stdout


def test_a_symlink_named_on_the_command_line_inside_a_project_is_refused(project: Path) -> None:
    """A symlink inside a project that leads out is refused, even when named explicitly."""
    link = project / "monsters" / "evil.yaml"
    link.symlink_to(project.parent / "outside" / "secret.yaml")
    ws = open_workspace([Path("monsters/evil.yaml")])
    assert located(ws) == [("monsters/evil.yaml", 1, 1, "ZY112")]
    assert ws.root == project.resolve()
    assert "Secret Outside" not in [e.model.name for e in ws.content.entities]


def test_a_symlinked_folder_named_on_the_command_line_is_refused(project: Path) -> None:
    (project / "more").symlink_to(project.parent / "outside")
    ws = open_workspace([Path("more")])
    assert located(ws) == [("more", 1, 1, "ZY112")]
    assert "Secret Outside" not in [e.model.name for e in ws.content.entities]


def test_a_symlinked_zodiac_yaml_leading_outside_is_refused(tmp_path: Path, monkeypatch) -> None:
    root = tmp_path / "proj"
    root.mkdir()
    (tmp_path / "elsewhere.yaml").write_text("title: Stolen\n")
    (root / "zodiac.yaml").symlink_to(tmp_path / "elsewhere.yaml")
    monkeypatch.chdir(root)
    ws = open_workspace([root])
    assert located(ws) == [("zodiac.yaml", 1, 1, "ZY112")]
    assert ws.config is None


def test_symlinks_that_stay_inside_the_project_are_fine(project: Path) -> None:
    (project / "shared").mkdir()
    (project / "shared" / "orc.yaml").write_text("kind: monster\nname: Orc\nlevel: 1\n" + STATS)
    (project / "monsters" / "orc.yaml").symlink_to(project / "shared" / "orc.yaml")
    (project / "monsters" / "linked").symlink_to(project / "shared")
    ws = open_workspace([project])
    assert located(ws) == []
    assert names(ws) == ["Goblin", "Orc"]  # read once, not three times


def test_a_lone_file_outside_any_project_stands_alone(tmp_path: Path, monkeypatch) -> None:
    (tmp_path / "real").mkdir()
    (tmp_path / "real" / "goblin.yaml").write_text(GOBLIN)
    (tmp_path / "link.yaml").symlink_to(tmp_path / "real" / "goblin.yaml")
    monkeypatch.chdir(tmp_path)
    ws = open_workspace([Path("link.yaml")])
    assert ws.root is None
    assert located(ws) == []
    assert names(ws) == ["Goblin"]


def test_a_folder_outside_any_project_is_its_own_boundary(tmp_path: Path) -> None:
    (tmp_path / "lib").mkdir()
    (tmp_path / "secret.yaml").write_text(SECRET)
    (tmp_path / "lib" / "s.yaml").symlink_to(tmp_path / "secret.yaml")
    found = find_files([tmp_path / "lib"])
    assert found.files == []
    assert [(d.code, d.line, d.column) for d in found.refused] == [("ZY112", 1, 1)]
    assert "s.yaml is a symlink to a file outside lib/" in found.refused[0].message


def test_core_content_stays_in_the_builders_data_folder(tmp_path: Path) -> None:
    """For the builder's own core content, outside the builder's data folder is refused."""
    core = tmp_path / "core"
    core.mkdir()
    (core / "ok.yaml").write_text(GOBLIN)
    (tmp_path / "secret.yaml").write_text(SECRET)
    (core / "leak.yaml").symlink_to(tmp_path / "secret.yaml")
    assert collect_files([core], boundary=core) == [core / "ok.yaml"]


def test_symlink_loops_do_not_hang(project: Path) -> None:
    """Also guard against symlink loops (no hang)."""
    (project / "monsters" / "again").symlink_to(project / "monsters")  # a folder inside itself
    (project / "monsters" / "up").symlink_to(project)
    (project / "monsters" / "self.yaml").symlink_to(project / "monsters" / "self.yaml")
    (project / "monsters" / "a.yaml").symlink_to(project / "monsters" / "b.yaml")
    (project / "monsters" / "b.yaml").symlink_to(project / "monsters" / "a.yaml")
    with time_limit(10):
        ws = open_workspace([project])
    assert located(ws) == []
    assert names(ws) == ["Goblin"]


def test_a_fifo_in_the_project_is_never_opened(project: Path) -> None:
    """FIFOs/devices: never open a non-regular file: it would block."""
    os.mkfifo(project / "monsters" / "pipe.yaml")
    with time_limit(10):
        ws = open_workspace([project])
    assert names(ws) == ["Goblin"]
    assert located(ws) == []


def test_a_fifo_named_on_the_command_line_is_an_error_not_a_hang(project: Path) -> None:
    """FIFOs/devices: never open a non-regular file: it would block."""
    os.mkfifo(project / "pipe.yaml")
    with time_limit(10):
        loaded = load_file(project / "pipe.yaml")
    assert [(loc, p.code, p.message) for loc, p in loaded.problems] == [
        (
            (1, 1),
            "ZY100",
            "cannot read file: it is a FIFO (named pipe); content files are plain files",
        )
    ]


def test_a_device_is_never_read() -> None:
    loaded = load_file(Path("/dev/zero"))  # would read forever
    assert [(p.code, p.message) for _, p in loaded.problems] == [
        ("ZY100", "cannot read file: it is a device; content files are plain files")
    ]


def test_a_file_over_the_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    """Bounded memory on big input: refuse files larger than a sane limit (16 MiB) with ZY116
    before reading them whole."""
    big = tmp_path / "big.yaml"
    with big.open("wb") as f:  # sparse: 1 GiB on paper, nothing on disk
        f.truncate(1024**3)
    loaded = load_file(big)
    assert [(loc, p.code, p.message) for loc, p in loaded.problems] == [
        (
            (1, 1),
            "ZY116",
            "file is larger than the 16 MiB the loader reads (1024.0 MiB or more); "
            "split it into several files",
        )
    ]


def test_the_size_limit_is_checked_on_the_bytes_read_too(write, monkeypatch) -> None:
    """stat first, then read at most limit+1 bytes."""
    monkeypatch.setattr(loader, "MAX_FILE_BYTES", 100)
    reads: list[int] = []
    real_read = os.read

    def spy(fd: int, n: int) -> bytes:
        reads.append(n)
        return real_read(fd, n)

    monkeypatch.setattr(loader.os, "read", spy)
    monkeypatch.setattr(loader.os, "fstat", lambda fd: os.stat(path))  # pretend it was small
    path = write("c.yaml", GOBLIN + "# padding\n" * 20)
    real_stat = os.stat
    monkeypatch.setattr(
        loader.os, "stat", lambda p: os.stat_result((*real_stat(p)[:6], 10, *real_stat(p)[7:]))
    )
    loaded = load_file(path)
    assert [p.code for _, p in loaded.problems] == ["ZY116"]
    assert sum(reads) <= 101


def test_a_file_at_the_limit_still_loads(write, monkeypatch) -> None:
    text = AMOS
    monkeypatch.setattr(loader, "MAX_FILE_BYTES", len(text.encode()))
    content = load_content([write("c.yaml", text)])
    assert content.diagnostics == []
    assert [e.model.name for e in content.entities] == ["Amos the Valiant"]
