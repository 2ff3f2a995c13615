"""Writes that never lose a user's bytes: one atomic writer for every file the builder writes.

Why: writing a file in place truncates it first, so a full disk, a read-only file or a
Ctrl-C halfway left users with an empty `zodiac.yaml` or a cut-off character. Here the
new bytes go to a temp file in the same folder (``O_EXCL``, a random name starting with
``.``), are flushed and fsynced, and only then renamed over the target with
``os.replace``; the folder is fsynced so the rename survives a crash. On any failure the
temp file is removed and the original is untouched.

Replacing keeps the original's permission bits, and a symlink is written through: its
real file is replaced and the link stays. Failures become `WriteError` with a message
for people ("cannot write FILE: disk full; FILE was left as it was"), never a traceback.
A file with no write permission bit is refused even for root: read-only means "keep".

Editing a user's file (issue 16: `character level-up`, `init --force`, `generate --out
--force`) adds three promises. ``backup=True`` keeps the previous bytes in ``FILE.bak``
beside the real file (one generation, itself written atomically, before the replace).
``unchanged=`` a `Snapshot` taken when the file was read refuses the replace when the
file changed on disk since (compared again after the new bytes are fsynced, just before
the rename). `read_for_edit` reads a text file for an edit and refuses what it could not
write back the same way: bytes that are not UTF-8, mixed or bare-CR line endings; a
CRLF file stays CRLF and a UTF-8 BOM stays (`EditableText.encode`).
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import secrets
import stat
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from builder.errors import WriteError
from builder.text import printable, shorten

__all__ = [
    "BACKUP_SUFFIX",
    "EditableText",
    "Snapshot",
    "backup_path",
    "read_for_edit",
    "snapshot",
    "write_atomic",
    "write_bytes_atomic",
    "write_text_atomic",
]

_TEMP_NAME_CHARS = 40  # of the target's name kept in the temp name (NAME_MAX is 255 bytes)
BACKUP_SUFFIX = ".bak"
_WRITE_BITS = stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH


@dataclass(frozen=True)
class Snapshot:
    """What a file held when it was read: a later replace is refused if it changed."""

    path: Path
    digest: str  # sha256 of the bytes
    size: int
    mtime_ns: int


@dataclass(frozen=True)
class EditableText:
    """A user's text file read for an edit, and how to write an edited text back the same.

    ``text`` has no BOM and ``\n`` line endings; `encode` puts back what was there.
    """

    snapshot: Snapshot
    raw: bytes
    text: str
    bom: bool
    newline: str  # "\n" or "\r\n"

    @property
    def path(self) -> Path:
        return self.snapshot.path

    def encode(self, text: str) -> bytes:
        """``text`` (``\n`` endings) as the bytes of a file written like this one."""
        if self.newline != "\n":
            text = text.replace("\n", self.newline)
        return (b"\xef\xbb\xbf" if self.bom else b"") + text.encode("utf-8")


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _read_regular(path: Path) -> tuple[bytes, os.stat_result]:
    """The bytes and stat of the regular file at ``path`` (through symlinks)."""
    # O_NONBLOCK: a FIFO put in the file's place opens at once and is refused below.
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with os.fdopen(fd, "rb") as handle:
        st = os.fstat(handle.fileno())
        if not stat.S_ISREG(st.st_mode):
            raise WriteError(f"cannot edit {_shown(path)}: it is not a regular file; name a file")
        return handle.read(), st


def snapshot(path: Path) -> Snapshot:
    """The digest, size and mtime of ``path`` now, for ``unchanged=`` of a later write."""
    data, st = _read_regular(path)
    return Snapshot(Path(path), _digest(data), st.st_size, st.st_mtime_ns)


def read_for_edit(path: Path, *, writable: bool = True) -> EditableText:
    """Read a user's text file to edit it, or refuse (`WriteError`) what could not be kept.

    Refused before anything is computed: a read-only file, bytes that are not UTF-8, and
    line endings that are mixed or bare CR, since writing them back would change lines
    the edit did not touch (a guess is worse than a clear refusal). ``writable=False``
    (a dry run) lets a read-only file be read.
    """
    path = Path(path)
    try:
        data, st = _read_regular(path)
    except OSError as exc:
        raise WriteError(
            f"cannot read {_shown(path)}: {printable(exc.strerror or type(exc).__name__).lower()}"
        ) from exc
    if writable:
        _refuse_read_only(path, Path(os.path.realpath(path)), st)
    bom = data.startswith(b"\xef\xbb\xbf")
    try:
        text = data[3 if bom else 0 :].decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise WriteError(
            f"cannot edit {_shown(path)}: it is not UTF-8 (byte 0x{data[exc.start]:02x} on line "
            f"{line}); zodiac writes UTF-8 only and will not guess the encoding. Save it as "
            "UTF-8 first"
        ) from exc
    crlf = text.count("\r\n")
    lf = text.count("\n") - crlf
    bare_cr = text.count("\r") - crlf
    if bare_cr:
        raise WriteError(
            f"cannot edit {_shown(path)}: it has {bare_cr} line ending(s) that are a bare CR; "
            "zodiac keeps a file's line endings and will not guess. Save it with LF or CRLF "
            "line endings first"
        )
    if crlf and lf:
        raise WriteError(
            f"cannot edit {_shown(path)}: it mixes line endings ({crlf} CRLF, {lf} LF); "
            "zodiac keeps a file's line endings and will not guess which to use. Save it "
            "with one kind first (e.g. dos2unix or unix2dos)"
        )
    newline = "\r\n" if crlf else "\n"
    snap = Snapshot(path, _digest(data), st.st_size, st.st_mtime_ns)
    return EditableText(snap, data, text.replace("\r\n", "\n") if crlf else text, bom, newline)


def backup_path(path: Path) -> Path:
    """Where ``backup=True`` keeps the previous bytes of ``path``: ``FILE.bak`` by the real file."""
    target = Path(os.path.realpath(path))
    return target.with_name(target.name + BACKUP_SUFFIX)


def write_bytes_atomic(
    path: Path,
    data: bytes,
    *,
    parents: bool = False,
    backup: bool = False,
    unchanged: Snapshot | None = None,
) -> Path:
    """Replace ``path`` with ``data`` atomically (see the module docstring)."""
    return write_atomic(
        path, lambda handle: handle.write(data), parents=parents, backup=backup, unchanged=unchanged
    )


def write_text_atomic(
    path: Path,
    text: str,
    *,
    parents: bool = False,
    backup: bool = False,
    unchanged: Snapshot | None = None,
) -> Path:
    """Replace ``path`` with ``text`` as UTF-8, atomically; newlines are written as given."""
    return write_bytes_atomic(
        path, text.encode("utf-8"), parents=parents, backup=backup, unchanged=unchanged
    )


def write_atomic(
    path: Path,
    write: Callable[[IO[bytes]], object],
    *,
    parents: bool = False,
    backup: bool = False,
    unchanged: Snapshot | None = None,
) -> Path:
    """Replace ``path`` with what ``write(handle)`` writes, atomically; for streamed output.

    ``parents`` creates missing folders first. ``backup`` keeps the bytes being replaced
    in `backup_path`; ``unchanged`` refuses the replace when the file no longer holds
    what that snapshot saw. Raises `WriteError` when the file cannot be written; ``path``
    then holds exactly what it held before (or still does not exist).
    """
    path = Path(path)
    target = Path(os.path.realpath(path))  # through symlinks: replace the file, keep the link
    existed = os.path.lexists(target)
    try:
        if parents:
            target.parent.mkdir(parents=True, exist_ok=True)
        mode = _existing_mode(path, target)
        fd, tmp = _create_temp(target)
    except OSError as exc:
        raise _write_error(path, exc, existed=existed) from exc
    try:
        with os.fdopen(fd, "wb") as handle:
            write(handle)
            handle.flush()
            if mode is not None:
                os.fchmod(handle.fileno(), mode)
            os.fsync(handle.fileno())
        previous = _unchanged_bytes(path, target, unchanged) if (backup or unchanged) else None
        if backup and previous is not None:
            _write_backup(backup_path(target), previous, mode)
        os.replace(tmp, target)
    except BaseException as exc:  # KeyboardInterrupt too: never leave the temp file behind
        _remove(tmp)
        if isinstance(exc, OSError):
            raise _write_error(path, exc, existed=existed) from exc
        raise
    _fsync_folder(target.parent)
    return path


def _write_backup(path: Path, data: bytes, mode: int | None) -> None:
    """``FILE.bak``, replaced whole; a link found there is replaced, never followed (a
    planted ``FILE.bak -> /elsewhere`` must not redirect the write)."""
    if os.path.isdir(path) and not os.path.islink(path):
        raise WriteError(f"cannot keep a backup in {_shown(path)}: it is a folder; move it away")
    fd, tmp = _create_temp(path)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            if mode is not None:
                os.fchmod(handle.fileno(), mode)
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        _remove(tmp)
        raise


def _unchanged_bytes(path: Path, target: Path, unchanged: Snapshot | None) -> bytes | None:
    """The bytes about to be replaced (None when there is no file), checked against the
    snapshot taken when they were read: another program's edit is never overwritten."""
    try:
        data, st = _read_regular(target)
    except FileNotFoundError:
        data, st = None, None
    if unchanged is None:
        return data
    if data is None or st is None or _digest(data) != unchanged.digest:
        gone = "was removed" if data is None else "changed on disk"
        raise WriteError(
            f"cannot write {_shown(path)}: it {gone} since zodiac read it (another editor or "
            f"command?); nothing was written and the file was left as it is now. Run the "
            "command again to start from what it holds"
        )
    return data


def _existing_mode(path: Path, target: Path) -> int | None:
    """The permission bits of the file being replaced; None when it does not exist yet.

    A file we may not write is refused even though its folder would let us replace it:
    a read-only file means "do not change this".
    """
    try:
        st = os.stat(target)
    except FileNotFoundError:
        return None
    if stat.S_ISDIR(st.st_mode):
        raise WriteError(f"cannot write {_shown(path)}: it is a folder; name a file")
    if not stat.S_ISREG(st.st_mode):
        raise WriteError(f"cannot write {_shown(path)}: it is not a regular file; name a file")
    _refuse_read_only(path, target, st)
    if not os.access(target, os.W_OK):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(target))
    return stat.S_IMODE(st.st_mode)


def _refuse_read_only(path: Path, target: Path, st: os.stat_result) -> None:
    """No write bit for anyone: the owner said "keep", and root obeys it here too."""
    if not st.st_mode & _WRITE_BITS:
        raise WriteError(
            f"cannot write {_shown(path)}: it is read-only; {_shown(path)} was left as it was. "
            f"Make it writable (chmod u+w {_shown(target)}) to let zodiac change it"
        )


def _create_temp(target: Path) -> tuple[int, Path]:
    """A new, empty temp file next to ``target``: same folder, so the rename is atomic."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)
    flags |= getattr(os, "O_BINARY", 0)
    name = f".{target.name[:_TEMP_NAME_CHARS]}.{secrets.token_hex(6)}.tmp"
    tmp = target.with_name(name)
    # 0o666 honours the umask for new files (NamedTemporaryFile would leave 0600 behind).
    return os.open(tmp, flags, 0o666), tmp


def _remove(tmp: Path) -> None:
    # If even this fails there is nothing better to do; the original is intact.
    with contextlib.suppress(OSError):
        tmp.unlink(missing_ok=True)


def _fsync_folder(folder: Path) -> None:
    """Make the rename durable; best effort, since the new file is already in place."""
    if os.name == "nt":  # pragma: no cover - folders cannot be opened on Windows
        return
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems do not fsync folders; the data itself was fsynced
    finally:
        os.close(fd)


def _shown(path: Path) -> str:
    return shorten(printable(str(path)), 200)


def _write_error(path: Path, exc: OSError, *, existed: bool) -> WriteError:
    """What went wrong, in words, and what happened to the file (nothing)."""
    shown = _shown(path)
    kept = f"{shown} was left as it was" if existed else f"nothing was written to {shown}"
    code = exc.errno
    if code in (errno.EACCES, errno.EPERM):
        why = (
            f"permission denied; {kept}. Make the file and its folder writable, "
            "or write somewhere else"
        )
    elif code == errno.EROFS:
        why = f"the file system is read-only; {kept}"
    elif code in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        why = f"disk full; {kept}. Free some space and run the command again"
    elif code == errno.ENOENT:
        why = f"no such folder {_shown(path.parent)}; {kept}"
    else:
        detail = exc.strerror or type(exc).__name__
        why = f"{printable(detail).lower()}; {kept}"
    return WriteError(f"cannot write {shown}: {why}")
