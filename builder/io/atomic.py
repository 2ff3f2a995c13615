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
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
from collections.abc import Callable
from pathlib import Path
from typing import IO

from builder.errors import WriteError
from builder.text import printable, shorten

__all__ = ["write_atomic", "write_bytes_atomic", "write_text_atomic"]

_TEMP_NAME_CHARS = 40  # of the target's name kept in the temp name (NAME_MAX is 255 bytes)


def write_bytes_atomic(path: Path, data: bytes, *, parents: bool = False) -> Path:
    """Replace ``path`` with ``data`` atomically (see the module docstring)."""
    return write_atomic(path, lambda handle: handle.write(data), parents=parents)


def write_text_atomic(path: Path, text: str, *, parents: bool = False) -> Path:
    """Replace ``path`` with ``text`` as UTF-8, atomically; newlines are written as given."""
    return write_bytes_atomic(path, text.encode("utf-8"), parents=parents)


def write_atomic(
    path: Path, write: Callable[[IO[bytes]], object], *, parents: bool = False
) -> Path:
    """Replace ``path`` with what ``write(handle)`` writes, atomically; for streamed output.

    ``parents`` creates missing folders first. Raises `WriteError` when the file cannot
    be written; ``path`` then holds exactly what it held before (or still does not exist).
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
        os.replace(tmp, target)
    except BaseException as exc:  # KeyboardInterrupt too: never leave the temp file behind
        _remove(tmp)
        if isinstance(exc, OSError):
            raise _write_error(path, exc, existed=existed) from exc
        raise
    _fsync_folder(target.parent)
    return path


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
    if not os.access(target, os.W_OK):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(target))
    return stat.S_IMODE(st.st_mode)


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
