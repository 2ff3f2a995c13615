"""The builder's cache: what an unchanged project already told us, never a stale answer.

Four records per project (issues 13 and 24), in the user's cache folder:

- ``files``: for each content file, by the digest of its bytes, what the YAML loader
  made of it (plain data, where each document starts, the loader's problems). A file
  whose bytes are unchanged is not parsed again; its models are validated and every
  check, the cross-file ones included, runs again on the whole project.
- ``build``: for each PDF ``zodiac build`` printed, the digest of the HTML it printed and
  of every file WeasyPrint read for it (stylesheets, fonts, images) and of the PDF
  itself; a PDF whose inputs are all unchanged and whose bytes are still those is not
  printed again (incremental builds).
- ``stats``: for each content file read, its size, times, inode and device when read, and
  the digest of its bytes then. A file whose ``stat`` still says exactly that is not read
  again to be digested (a warm run of 50,000 entries was a third reading files), as git
  trusts its index; an entry is trusted only when the file's times were at least
  ``RACY_NS`` older than the moment it was recorded, so a file written again within
  the file system's timestamp granularity is read. The change time cannot be set back
  by any tool (``touch``, ``rsync -t``, a checkout all leave it new), so any write shows.
- ``verdict``: the whole report of one ``validate``, keyed by everything it depends on:
  the builder (its version, the size and time of each file of its code and shipped
  catalogues, Python, pydantic, ruamel), the project's folder, the working folder (paths
  are shown relative to it), the files named, and the digest of every file read: each
  content file and ``zodiac.yaml`` (rule set and house rules). Any change to any of them
  is a different key, so a cached verdict is only ever the verdict of the same inputs.

Where: ``$XDG_CACHE_HOME/zodiac`` (default ``~/.cache/zodiac``), a folder of the user's
own with mode 0700, never inside the project: a project from a stranger cannot ship a
cache. The records are JSON (nothing is unpickled) behind a keyed BLAKE2 MAC whose key
is a random secret in that folder (mode 0600), so a cache file that is corrupt, cut
short, copied from another machine or written by anyone else is ignored. The record
also names its project folder and builder, and is used only for those. Size is bounded:
a project keeps only the records of its current files, and only the ``MAX_PROJECTS``
most recently used projects keep a cache. ``ZODIAC_NO_CACHE=1`` or ``--no-cache``
turns it off.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
import secrets
import shutil
import stat
import sys
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import IO, Any

from builder.errors import WriteError
from builder.io.atomic import write_atomic

__all__ = [
    "MAX_PROJECTS",
    "ProjectCache",
    "builder_fingerprint",
    "cache_disabled",
    "digest",
    "stat_entry",
]

FORMAT = b"zodiac-cache 2\n"  # then the JSON, a newline and its MAC (hex)
_MAC_HEX = 64
MAX_PROJECTS = 32  # projects that keep a cache; the least recently used go first
MAX_RECORD_BYTES = 1 << 30  # a record past this is not read (a 50k library is ~60 MB)
_KEY_FILE = "key"
RACY_NS = 2_000_000_000  # a stat entry is trusted only for files this much older than it


def cache_disabled() -> bool:
    """``ZODIAC_NO_CACHE`` set to anything but ``""`` or ``0`` turns the cache off."""
    return os.environ.get("ZODIAC_NO_CACHE", "") not in ("", "0")


def digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=20).hexdigest()


def cache_home() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or ""
    root = Path(base) if base and Path(base).is_absolute() else Path.home() / ".cache"
    return root / "zodiac"


@cache
def builder_fingerprint() -> str:
    """The builder as it runs: versions, and size and time of its code and catalogues.

    A version bump, an edited check (a developer's editable install) or another
    pydantic all give another fingerprint, so no record of an older builder is used.
    """
    import pydantic
    import ruamel.yaml

    import builder

    h = hashlib.blake2b(digest_size=20)
    h.update(
        f"{builder.__version__}|{sys.version}|{pydantic.VERSION}|{ruamel.yaml.__version__}".encode()
    )
    from builder.paths import content_dir

    package = Path(builder.__file__).parent
    shipped = content_dir()
    # The code, and every shipped catalogue of every rule set (the examples are projects).
    files = [(package, p) for p in package.rglob("*.py")]
    files += [
        (shipped, p) for p in shipped.rglob("*") if p.relative_to(shipped).parts[0] != "examples"
    ]
    for folder, path in sorted(files):
        with contextlib.suppress(OSError):
            st = path.stat()
            h.update(f"|{path.relative_to(folder)}:{st.st_size}:{st.st_mtime_ns}".encode())
    return h.hexdigest()


def _private_folder(folder: Path) -> bool:
    """Make ``folder`` (mode 0700, ours); False when it is not ours or others may write."""
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        st = os.stat(folder, follow_symlinks=False)
        if not stat.S_ISDIR(st.st_mode) or st.st_uid != os.getuid():
            return False
        if stat.S_IMODE(st.st_mode) & 0o077:
            os.chmod(folder, 0o700)
    except (OSError, AttributeError):  # no getuid: not a POSIX system, no cache
        return False
    return True


def _secret(folder: Path) -> bytes | None:
    """The MAC key of this user's cache, made on first use (random, mode 0600)."""
    path = folder / _KEY_FILE
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        pass
    except OSError:
        return None
    else:
        with os.fdopen(fd, "wb") as f:
            f.write(secrets.token_bytes(32))
    try:
        st = os.stat(path, follow_symlinks=False)
        if not stat.S_ISREG(st.st_mode) or st.st_uid != os.getuid() or st.st_mode & 0o077:
            return None
        key = path.read_bytes()
    except OSError:
        return None
    return key if len(key) == 32 else None


@dataclass
class ProjectCache:
    """The cache of one project folder for this builder; every read is checked."""

    folder: Path
    root: Path
    secret: bytes
    fingerprint: str
    files: dict[str, Any] = field(default_factory=dict)  # digest -> loader record
    used: dict[str, Any] = field(default_factory=dict)  # the records of this run
    _loaded: bool = False
    _stats: dict[str, Any] | None = None  # path -> [size, mtime, ctime, ino, dev, at, digest]

    @classmethod
    def open(cls, root: Path) -> ProjectCache | None:
        """The cache of project ``root``, or None when disabled or the folder is unsafe."""
        if cache_disabled():
            return None
        home = cache_home()
        if not _private_folder(home):
            return None
        secret = _secret(home)
        if secret is None:
            return None
        real = str(root.resolve())
        name = hashlib.blake2b(real.encode(), digest_size=16).hexdigest()
        folder = home / "projects" / name
        if not (_private_folder(home / "projects") and _private_folder(folder)):
            return None
        return cls(folder, root.resolve(), secret, builder_fingerprint())

    # --- records on disk -------------------------------------------------------------

    def _read(self, name: str) -> Any:
        """The body of record ``name`` if it is whole, ours, and for this project and builder."""
        path = self.folder / name
        try:
            st = os.stat(path, follow_symlinks=False)
            if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_RECORD_BYTES:
                return None
            raw = path.read_bytes()
        except OSError:
            return None
        mac_at = len(raw) - _MAC_HEX
        if not raw.startswith(FORMAT) or mac_at <= len(FORMAT) or raw[mac_at - 1 : mac_at] != b"\n":
            return None
        body = memoryview(raw)[len(FORMAT) : mac_at - 1]
        if not hmac.compare_digest(raw[mac_at:], self._mac(body)):
            return None
        try:
            data = json.loads(str(body, "utf-8"))
        except (ValueError, RecursionError):
            return None
        if (
            not isinstance(data, dict)
            or data.get("root") != str(self.root)
            or data.get("builder") != self.fingerprint
        ):
            return None
        return data.get("body")

    def _write(self, name: str, body: dict[str, Any]) -> None:
        """``FORMAT``, the JSON, a newline and its MAC, streamed one entry at a time with
        json's C encoder: never the whole text at once (a 50,000-entry library's record
        is ~30 MB)."""
        head = json.dumps({"root": str(self.root), "builder": self.fingerprint})

        def write(out: IO[bytes]) -> None:
            mac = hashlib.blake2b(key=self.secret, digest_size=_MAC_HEX // 2)
            out.write(FORMAT)
            chunks = [head[:-1], ',"body":{']
            size = 0
            for n, (key, value) in enumerate(body.items()):
                chunk = f"{',' if n else ''}{json.dumps(key)}:{json.dumps(value)}"
                chunks.append(chunk)
                size += len(chunk)
                if size > 1 << 20:
                    _emit(out, mac, chunks)
                    size = 0
            chunks.append("}}")
            _emit(out, mac, chunks)
            out.write(b"\n" + mac.hexdigest().encode())

        with contextlib.suppress(OSError, WriteError):  # a cache that cannot be written is none
            write_atomic(self.folder / name, write)
            _prune(self.folder.parent, keep=self.folder)

    def _mac(self, body: bytes | memoryview) -> bytes:
        return (
            hashlib.blake2b(body, key=self.secret, digest_size=_MAC_HEX // 2).hexdigest().encode()
        )

    # --- the loader's records ---------------------------------------------------------

    def file_record(self, key: str) -> Any:
        """What the loader returned for bytes of digest ``key``, if cached.

        Each file's record is kept as its JSON text and decoded only when asked for: a
        50,000-entry library's records then cost their text while the run holds them,
        not a second copy of every document as Python objects (issue 13: peak memory).
        """
        if not self._loaded:
            self._loaded = True
            body = self._read("files")
            self.files = body if isinstance(body, dict) else {}
        raw = self.files.get(key)
        if not isinstance(raw, str):
            return None
        try:
            record = json.loads(raw)
        except (ValueError, RecursionError):
            return None
        self.used[key] = raw
        return record

    def remember_file(self, key: str, record: Any) -> None:
        self.used[key] = json.dumps(record)

    def save_files(self) -> None:
        """Keep the records of this run's files only (the cache never outgrows the project).

        Called once the files are loaded; the records are then let go, so the plain data
        they hold is freed while the models are checked (issue 13: peak memory).
        """
        if self.used.keys() != self.files.keys():
            self._write("files", self.used)
        self.files, self.used = {}, {}

    # --- what each file's stat said when its bytes were digested (issue 24) ----------

    def stat_record(self, path: str, st: os.stat_result) -> list[Any] | None:
        """The entry of ``path`` (its digest last) when ``st`` is exactly the stat recorded
        with it and its times were older than the entry by ``RACY_NS``; else None."""
        if self._stats is None:
            body = self._read("stats")
            self._stats = body if isinstance(body, dict) else {}
        entry = self._stats.get(path)
        if not (isinstance(entry, list) and len(entry) == 7 and isinstance(entry[6], str)):
            return None
        size, mtime, ctime, ino, dev, at, _ = entry
        if (size, mtime, ctime, ino, dev) != _stat_key(st) or not isinstance(at, int):
            return None
        if max(mtime, ctime) > at - RACY_NS:  # written too close to when it was recorded
            return None
        return entry

    def save_stats(self, stats: dict[str, list[Any]]) -> None:
        """Keep the entries of this run's files (read or trusted), when they changed."""
        if stats != self._stats:
            self._write("stats", stats)
            self._stats = stats

    # --- whole verdicts --------------------------------------------------------------

    def verdict(self, key: str) -> Any:
        body = self._read("verdict")
        if isinstance(body, dict) and body.get("key") == key:
            return body.get("verdict")
        return None

    def save_verdict(self, key: str, verdict: Any) -> None:
        self._write("verdict", {"key": key, "verdict": verdict})

    # --- what the last builds printed (``builder.build``) ----------------------------

    def build_records(self) -> dict[str, Any]:
        """For each output folder, each PDF printed there and what it was printed from."""
        body = self._read("build")
        return body if isinstance(body, dict) else {}

    def save_build_records(self, records: dict[str, Any]) -> None:
        self._write("build", records)


def _stat_key(st: os.stat_result) -> tuple[int, int, int, int, int]:
    return (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_dev)


def stat_entry(st: os.stat_result, at: int, known: str) -> list[Any]:
    """What :meth:`ProjectCache.known_digest` compares: ``st``, when it was taken, the digest."""
    return [*_stat_key(st), at, known]


def _emit(out: IO[bytes], mac: Any, chunks: list[str]) -> None:
    data = "".join(chunks).encode()
    chunks.clear()
    mac.update(data)
    out.write(data)


def _prune(projects: Path, keep: Path) -> None:
    """Drop the caches of all but the MAX_PROJECTS most recently written projects."""
    try:
        entries = [e for e in os.scandir(projects) if e.is_dir(follow_symlinks=False)]
    except OSError:
        return
    if len(entries) <= MAX_PROJECTS:
        return
    entries.sort(key=lambda e: e.stat(follow_symlinks=False).st_mtime_ns, reverse=True)
    for e in entries[MAX_PROJECTS:]:
        if Path(e.path) != keep:
            shutil.rmtree(e.path, ignore_errors=True)
