"""`builder.io.atomic`: every file the builder writes is replaced whole or not at all.

Issue "Trust", item 1: "Writes that lose data". Tests run as root in CI, where chmod does
not stop writes; there a read-only file or folder is simulated by making ``os.open``,
``os.access`` or ``os.replace`` refuse, as the kernel would for another user.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest

from builder.errors import WriteError
from builder.io import atomic
from builder.io.atomic import write_atomic, write_bytes_atomic, write_text_atomic

ROOT = os.geteuid() == 0
OLD = b"title: Mine\nauthor: Me\n" * 100


def _listing(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@pytest.fixture
def old_file(tmp_path: Path) -> Path:
    path = tmp_path / "zodiac.yaml"
    path.write_bytes(OLD)
    return path


def _disk_full_on_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)


def test_new_file_gets_the_bytes_and_umask_permissions(tmp_path):
    old_umask = os.umask(0o022)
    try:
        path = write_text_atomic(tmp_path / "new.yaml", "kind: tech\nname: Ñandú\u2028\n")
    finally:
        os.umask(old_umask)
    assert path.read_bytes() == "kind: tech\nname: Ñandú\u2028\n".encode()
    assert stat.S_IMODE(path.stat().st_mode) == 0o644
    assert _listing(tmp_path) == ["new.yaml"]


def test_replacing_keeps_the_permission_bits(old_file):
    """Keep the original file's permission bits when replacing."""
    old_file.chmod(0o640)
    write_bytes_atomic(old_file, b"new")
    assert old_file.read_bytes() == b"new"
    assert stat.S_IMODE(old_file.stat().st_mode) == 0o640


def test_a_symlink_is_written_through_and_kept(tmp_path, old_file):
    """When the target is a symlink, write through it to the real file (keep the link)."""
    link = tmp_path / "link.yaml"
    link.symlink_to(old_file.name)
    write_text_atomic(link, "new\n")
    assert link.is_symlink() and os.readlink(link) == "zodiac.yaml"
    assert old_file.read_bytes() == b"new\n"
    assert _listing(tmp_path) == ["link.yaml", "zodiac.yaml"]


def test_disk_full_at_fsync_leaves_the_original_intact(monkeypatch, old_file, tmp_path):
    """`zodiac init --force` under a full disk truncates an existing zodiac.yaml to 0 bytes."""
    _disk_full_on_fsync(monkeypatch)
    with pytest.raises(WriteError) as caught:
        write_text_atomic(old_file, "title: New\n")
    assert str(caught.value) == (
        f"cannot write {old_file}: disk full; {old_file} was left as it was. "
        "Free some space and run the command again"
    )
    assert old_file.read_bytes() == OLD
    assert _listing(tmp_path) == ["zodiac.yaml"]  # no temp file left


def test_disk_full_midway_through_a_streamed_write(old_file, tmp_path):
    """`character generate --out FILE --force` truncates the old file to 1024 bytes."""

    def writer(handle):
        handle.write(b"x" * 1024)
        handle.flush()
        raise OSError(errno.ENOSPC, "No space left on device")

    with pytest.raises(WriteError, match=r"disk full; .* was left as it was"):
        write_atomic(old_file, writer)
    assert old_file.read_bytes() == OLD
    assert _listing(tmp_path) == ["zodiac.yaml"]


def test_disk_full_on_a_new_file_says_nothing_was_written(monkeypatch, tmp_path):
    _disk_full_on_fsync(monkeypatch)
    target = tmp_path / "hero.yaml"
    with pytest.raises(WriteError) as caught:
        write_text_atomic(target, "x")
    assert str(caught.value).startswith(
        f"cannot write {target}: disk full; nothing was written to {target}."
    )
    assert _listing(tmp_path) == []


def test_interrupt_midway_removes_the_temp_file(old_file, tmp_path):
    """KeyboardInterrupt: no half-written file."""

    def writer(handle):
        handle.write(b"half")
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        write_atomic(old_file, writer)
    assert old_file.read_bytes() == OLD
    assert _listing(tmp_path) == ["zodiac.yaml"]


def test_read_only_folder_is_a_clear_error(read_only_folder):
    """A folder we cannot write gives `cannot write FILE: permission denied`, no traceback."""
    folder = read_only_folder
    target = folder / "hero.yaml"
    with pytest.raises(WriteError) as caught:
        write_text_atomic(target, "x")
    assert str(caught.value) == (
        f"cannot write {target}: permission denied; nothing was written to {target}. "
        "Make the file and its folder writable, or write somewhere else"
    )
    assert _listing(folder) == []


@pytest.mark.parametrize("how", ["access", "replace"])
def test_read_only_file_is_a_clear_error_and_stays(monkeypatch, old_file, tmp_path, how):
    """A read-only file gives `cannot write FILE: permission denied`, never a traceback."""
    if ROOT and how == "access":
        monkeypatch.setattr(os, "access", lambda path, mode, **kw: mode != os.W_OK)
    elif ROOT:

        def refuse(src, dst, **kwargs):
            raise PermissionError(errno.EPERM, "Operation not permitted", str(src), str(dst))

        monkeypatch.setattr(os, "replace", refuse)
    else:  # pragma: no cover - CI runs as root
        old_file.chmod(0o444)
    with pytest.raises(WriteError) as caught:
        write_text_atomic(old_file, "title: New\n")
    assert str(caught.value).startswith(
        f"cannot write {old_file}: permission denied; {old_file} was left as it was."
    )
    assert old_file.read_bytes() == OLD
    assert _listing(tmp_path) == ["zodiac.yaml"]


def test_a_folder_or_device_is_not_replaced(tmp_path):
    (tmp_path / "dir.yaml").mkdir()
    with pytest.raises(WriteError, match=r"dir\.yaml: it is a folder; name a file"):
        write_text_atomic(tmp_path / "dir.yaml", "x")
    with pytest.raises(WriteError, match=r"/dev/null: it is not a regular file"):
        write_text_atomic(Path("/dev/null"), "x")


def test_missing_folder_without_parents_names_it(tmp_path):
    target = tmp_path / "nowhere" / "x.yaml"
    with pytest.raises(WriteError, match=r"no such folder .*nowhere; nothing was written"):
        write_text_atomic(target, "x")
    write_text_atomic(target, "x", parents=True)
    assert target.read_text() == "x"


def test_the_file_and_then_its_folder_are_fsynced(monkeypatch, tmp_path):
    synced: list[str] = []
    real = os.fsync

    def record(fd: int) -> None:
        synced.append("folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "file")
        real(fd)

    monkeypatch.setattr(os, "fsync", record)
    write_bytes_atomic(tmp_path / "a.pdf", b"%PDF")
    assert synced == ["file", "folder"]


def test_temp_names_are_hidden_random_and_short(monkeypatch, tmp_path):
    seen: list[str] = []
    real = atomic._create_temp

    def spy(target):
        fd, tmp = real(target)
        seen.append(tmp.name)
        return fd, tmp

    monkeypatch.setattr(atomic, "_create_temp", spy)
    long = "x" * 250 + ".yaml"
    write_text_atomic(tmp_path / long, "a")
    write_text_atomic(tmp_path / long, "b")
    assert all(n.startswith(".") and n.endswith(".tmp") and len(n) < 80 for n in seen)
    assert seen[0] != seen[1]
    assert _listing(tmp_path) == [long]


def test_pdf_writer_uses_the_shared_atomic_write(monkeypatch, tmp_path):
    """Use it for every file the builder writes: `builder/render/pdf.py` (PDF and HTML)."""
    from builder.render.pdf import write_html

    out = tmp_path / "dist" / "book.html"
    write_html("<p>old</p>", out)
    _disk_full_on_fsync(monkeypatch)
    with pytest.raises(WriteError, match="disk full"):
        write_html("<p>new</p>", out)
    assert out.read_text() == "<p>old</p>"
    assert _listing(out.parent) == ["book.html"]


def test_schema_export_writes_atomically(monkeypatch, tmp_path):
    """Use it for every file the builder writes: `zodiac schema export`."""
    from builder.schemas import write_schemas

    written = write_schemas(tmp_path / "schemas")
    before = {p: p.read_bytes() for p in written}
    _disk_full_on_fsync(monkeypatch)
    with pytest.raises(WriteError, match="disk full"):
        write_schemas(tmp_path / "schemas")
    assert {p: p.read_bytes() for p in written} == before
    files = sorted(p for p in (tmp_path / "schemas").rglob("*") if p.is_file())
    assert files == sorted(before)  # no temp file left in any folder


def test_write_error_survives_pickling_out_of_a_worker():
    import pickle

    err = pickle.loads(pickle.dumps(WriteError("cannot write x: disk full")))
    assert isinstance(err, WriteError) and str(err) == "cannot write x: disk full"
