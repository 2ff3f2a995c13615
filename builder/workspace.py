"""Load what a command needs: the files named, their project, and the checks' verdict."""

from __future__ import annotations

import itertools
import json
import os
import stat
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

from builder import rulesets
from builder.cache import ProjectCache, digest, stat_entry
from builder.checking import run_checks
from builder.diagnostics import Diagnostic, Report, display_path
from builder.errors import ContentErrors, UsageError
from builder.io.project import (
    PROJECT_FILE,
    Content,
    Entity,
    Found,
    _gc_paused,
    add_core,
    core_files,
    find_files,
    find_project_root,
    link_display_path,
    load_config,
    load_content,
)
from builder.io.yaml import (
    MAX_FILE_BYTES,
    LoadedFile,
    _too_big,
    load_bytes,
    load_file,
    read_bytes,
    restored_file,
)
from builder.problems import Problem, Severity
from builder.rulesets import RuleSet


@dataclass
class Workspace:
    root: Path | None
    content: Content
    report: Report
    settings: Any  # what the rule set's rules receive: for ZODIAC, its tables and house rules
    config: Any = None  # ProjectConfig when the files belong to a project
    rule_set: RuleSet = field(default_factory=lambda: rulesets.get(rulesets.DEFAULT))  # the plug-in
    # Whether an entry was read from the files named (not only the shipped catalogues);
    # known also when a cached verdict left ``content`` empty.
    content_found: bool = False

    def diagnostics_for(self, path: Path) -> list[Diagnostic]:
        shown = display_path(path)
        return [d for d in self.report.sorted() if d.path == shown]

    def entities_in(self, path: Path) -> list[Entity]:
        r = path.resolve()
        return [e for e in self.content.entities if e.doc.path.resolve() == r]


def _existing(paths: Sequence[Path]) -> None:
    for p in paths:
        if not p.exists():
            raise UsageError(f"no such file or folder: {p}")


def open_workspace(
    paths: Sequence[Path],
    *,
    with_project: bool = True,
    use_cache: bool = False,
    verdict_only: bool = False,
    progress: Callable[[str, int, int], None] | None = None,
    report_config: bool = False,
) -> Workspace:
    """Load ``paths`` (and, for references, the rest of their content project) and check them.

    The report covers only the files named; the rest of the project is loaded so that
    references from the named files resolve.

    ``use_cache``: files of a project whose bytes are unchanged are not parsed again
    (``builder.cache``). ``verdict_only`` (``validate``): when every input is unchanged
    the cached report is returned whole, and the workspace holds no entities.
    ``progress(step, done, total)`` is told each file read (``"reading"``) and when the
    checks start (``"checking"``), for a progress bar on a large project.

    Errors in the project's ``zodiac.yaml`` are always reported: when ``paths`` name
    the project itself (`build`, `serve`) they are in the report as ever;
    ``report_config`` (`validate FILE`) adds them to it; otherwise (a command on some
    files, even with the project beside them) they raise `ContentErrors` before any
    content is read, so no command works on a project whose house rules it cannot read.
    """
    _existing(paths)
    root = find_project_root(paths[0]) if paths and with_project else None
    named_found = find_files(paths)
    if root is None or all(Path(os.path.realpath(p)) == root for p in paths):
        found = named_found  # the project named: one walk, not the same walk twice
    else:
        found = find_files([*paths, root])
    named = set(named_found.reals)
    shown = {d.path for d in named_found.refused}  # links leading out, by their own name
    config_named = root is not None and any(
        p.name == PROJECT_FILE and p.resolve() == (root / PROJECT_FILE).resolve() for p in paths
    )  # `zodiac validate zodiac.yaml` (a pre-commit hook names it): checked as the config
    if root is not None and (config_named or any(p.resolve() == root for p in paths)):
        named.add((root / PROJECT_FILE).resolve())  # validating the project checks its config too
        shown.add(link_display_path(root / PROJECT_FILE))
    shown |= _display_resolved(named)
    slot = root if root is not None else (_loose_slot(paths) if with_project else None)
    store = ProjectCache.open(slot) if use_cache and slot is not None else None
    reader = _Reader(store)
    key = ""
    if store is not None:
        config_path = store.root / PROJECT_FILE
        if root is not None and config_path.resolve().is_relative_to(root):  # no link out
            reader.read(config_path)
        for f in found.files:
            reader.read(f)
        store.save_stats(reader.stats)
        key = _verdict_key(store, reader, paths, shown, found, named_found)
        if verdict_only:  # before zodiac.yaml is parsed: a hit needs no model at all
            cached = _cached_verdict(store.verdict(key))
            if cached is not None:
                report, content_found = cached
                return Workspace(root, Content(), report, None, None, content_found=content_found)
    config, config_diags = (
        load_config(root, loader=reader.load_uncached) if root is not None else (None, [])
    )
    whole = root is not None and all(
        p.resolve() in (root, (root / PROJECT_FILE).resolve()) for p in paths
    )  # the project named alone: its caller reads the whole report, zodiac.yaml's included
    if not (report_config or whole) and config_errors(config_diags, set()):
        raise ContentErrors(config_errors(config_diags, set()))
    broken = config_errors(config_diags, shown)  # in the report, where it would not be
    game = rulesets.get(config.ruleset if config is not None else rulesets.DEFAULT)
    core = core_files(game)
    load = reader.load
    if progress is not None:
        total, done = len(found.files), itertools.count(1)

        def load(path: Path) -> LoadedFile:
            loaded = reader.load(path)
            progress("reading", next(done), total)
            return loaded

    with _gc_paused():  # the collector finds no cycles here and costs a tenth of the run
        content = load_content(found.files, game, loader=load)
        content.diagnostics.extend(found.refused)  # symlinks leading out of the project (ZY112)
        # shipped catalogues, shadowed by the project
        add_core(content, core, game, loader=reader.load)
        if store is not None:
            store.save_files()
        settings = game.settings(config.house_rules if config is not None else None)
        if progress is not None:
            progress("checking", 0, len(content.entities))
        diags = [
            *broken,
            *(
                d
                for d in (*config_diags, *content.diagnostics, *run_checks(game, content, settings))
                if d.path in shown
            ),
        ]
    files = len(named) + len(named_found.refused)
    report = Report(diags, files=files)
    content_found = config_named or _content_in(content, named, found)
    if store is not None and not reader.changed:
        store.save_verdict(
            key,
            {
                "diagnostics": [d.to_json() for d in report.diagnostics],
                "files": files,
                "content_found": content_found,
            },
        )
    return Workspace(root, content, report, settings, config, game, content_found)


def _display_resolved(reals: set[Path]) -> set[str]:
    """:func:`display_path` of paths already resolved, the working folder resolved once
    (not twice a file: a quarter of a warm run of a large project, issue 24)."""
    cwd = str(Path.cwd().resolve())
    below = cwd.rstrip(os.sep) + os.sep
    out = set()
    for real in reals:
        s = str(real)
        out.add("." if s == cwd else s[len(below) :] if s.startswith(below) else s)
    return out


def _loose_slot(paths: Sequence[Path]) -> Path | None:
    """Where the cache of files outside any project lives: the first folder named (or the
    folder of the first file), so `zodiac validate monster-pack/` is warm the second time
    as a project is (issue 24). The verdict's key names every path and file digested, so
    sharing a slot with other runs from that folder can never give another run's answer.
    """
    if not paths:
        return None
    first = Path(os.path.realpath(paths[0]))
    return first if first.is_dir() else first.parent


def config_errors(config_diags: Sequence[Diagnostic], shown: set[str]) -> list[Diagnostic]:
    """The errors of ``zodiac.yaml`` when the report would not show them (issue #28).

    A broken ``zodiac.yaml`` (``damage_levels: 3``) is read as no house rules at all, so a
    command on one file would print numbers of rules the project does not play by. Its
    errors, located in ``zodiac.yaml``, stop every command that opens the project (exit
    1), as `validate` of the whole project does.
    """
    return [d for d in config_diags if d.severity is Severity.ERROR and d.path not in shown]


STDIN = Path("<stdin>")  # how `zodiac validate -` names what it read


def read_stdin(stream: BinaryIO) -> bytes | Problem:
    """At most the loader's file limit from ``stream`` (ZY116 past it, as for a file)."""
    raw = stream.read(MAX_FILE_BYTES + 1)
    return _too_big(len(raw)) if len(raw) > MAX_FILE_BYTES else raw


def open_stdin(raw: bytes | Problem, folder: Path) -> Workspace:
    """Check one set of documents read from stdin against the project of ``folder``.

    For an editor or a script that holds a file not saved yet: the project is loaded
    for references, and the report covers ``<stdin>`` alone. A project entity of the
    same kind and id is taken as the saved version of the one on stdin and set aside,
    so it is no duplicate (ZP101).
    """
    root = find_project_root(folder)
    loaded = (
        LoadedFile(STDIN, [], [((1, 1), raw)])
        if isinstance(raw, Problem)
        else load_bytes(raw, STDIN)
    )
    config, config_diags = load_config(root) if root is not None else (None, [])
    game = rulesets.get(config.ruleset if config is not None else rulesets.DEFAULT)
    with _gc_paused():
        given = load_content([STDIN], game, loader=lambda _: loaded)
        project = load_content(find_files([root]).files, game) if root is not None else Content()
        replaced = {(e.kind, e.id) for e in given.entities}
        content = Content(
            [e for e in project.entities if (e.kind, e.id) not in replaced] + given.entities,
            [*project.diagnostics, *given.diagnostics],
            project.files + 1,
        )
        add_core(content, core_files(game), game)
        settings = game.settings(config.house_rules if config is not None else None)
        shown = display_path(STDIN)
        diags = [
            *config_errors(config_diags, {shown}),
            *(
                d
                for d in (*content.diagnostics, *run_checks(game, content, settings))
                if d.path == shown
            ),
        ]
    return Workspace(
        root, content, Report(diags, files=1), settings, config, game, bool(given.entities)
    )


def _content_in(content: Content, named: set[Path], found: Found) -> bool:
    """Whether an entity was read from a file named (not only from shipped catalogues)."""
    real = dict(zip(found.files, found.reals, strict=True))  # resolved already by the walk
    return any(
        (real.get(p) or p.resolve()) in named for p in {e.doc.path for e in content.entities}
    )


class _Reader:
    """Reads each file once: its digest keys the cache, its bytes are what is parsed.

    Hashing and parsing the same bytes means a file edited while the builder runs can
    never be cached under the digest of its other version.
    """

    def __init__(self, store: ProjectCache | None) -> None:
        self.store = store
        self.raw: dict[Path, bytes | Problem] = {}
        self.digests: dict[Path, str] = {}
        self.stats: dict[str, list[Any]] = {}  # the cache's stat entries of this run
        # A file digested by its stat changed before it was parsed: the run's verdict is
        # not that of the digests in its key, so it is not saved.
        self.changed = False

    def read(self, path: Path) -> str:
        """The digest of ``path``'s bytes: from the cache's stat entry when the file's
        ``stat`` is unchanged (not read then: :meth:`_bytes` reads it if it is parsed),
        else of its bytes, read now and kept for the parser."""
        if path not in self.digests:
            if self.store is None:
                self.digests[path] = digest(b"")
                return self.digests[path]
            name = os.path.abspath(path)
            try:
                st = os.stat(path)
            except OSError:
                st = None
            if st is not None and stat.S_ISREG(st.st_mode):
                entry = self.store.stat_record(name, st)
                if entry is not None:
                    self.stats[name] = entry
                    self.digests[path] = entry[-1]
                    return entry[-1]
            at = time.time_ns()
            raw = read_bytes(path)
            self.raw[path] = raw
            if isinstance(raw, bytes):
                self.digests[path] = digest(raw)
                if st is not None and stat.S_ISREG(st.st_mode) and len(raw) == st.st_size:
                    self.stats[name] = stat_entry(st, at, self.digests[path])
            else:
                self.digests[path] = f"unread:{raw.code}:{raw.message}"
        return self.digests[path]

    def _bytes(self, path: Path) -> bytes | Problem:
        raw = self.raw.pop(path, None)
        if raw is None:  # not read ahead: digested by its stat, or not digested at all
            raw = read_bytes(path)
            known = self.digests.get(path)
            if known is not None and (not isinstance(raw, bytes) or digest(raw) != known):
                self.changed = True
        return raw

    def load_uncached(self, path: Path) -> LoadedFile:
        """The bytes read ahead, parsed (``zodiac.yaml``: small, and needed before the verdict)."""
        if self.store is None:
            return load_file(path)
        raw = self._bytes(path)
        return (
            LoadedFile(path, [], [((1, 1), raw)])
            if isinstance(raw, Problem)
            else load_bytes(raw, path)
        )

    def load(self, path: Path) -> LoadedFile:
        if self.store is None:
            return load_file(path)
        raw = self._bytes(path)
        if isinstance(raw, Problem):
            return LoadedFile(path, [], [((1, 1), raw)])
        key = digest(raw)
        record = self.store.file_record(key)
        if record is not None:
            restored = _restore(path, raw, record)
            if restored is not None:
                return restored
        loaded = load_bytes(raw, path)
        self.store.remember_file(key, _record(loaded))
        return loaded


def _record(loaded: LoadedFile) -> dict[str, Any]:
    """What the loader made of a file, as JSON: plain data, starts, the loader's problems."""
    return {
        "docs": [[d.index, list(d.start), d.data] for d in loaded.documents],
        "problems": [
            [list(loc), p.code, p.message, p.rule, list(p.path), str(p.severity), p.offset]
            for loc, p in loaded.problems
        ],
    }


def _restore(path: Path, raw: bytes, record: Any) -> LoadedFile | None:
    """A record back into a LoadedFile; None (parse again) when it is not one."""
    try:
        docs = [(int(i), (int(s[0]), int(s[1])), data) for i, s, data in record["docs"]]
        problems = [
            (
                (int(loc[0]), int(loc[1])),
                Problem(
                    str(code),
                    str(message),
                    str(rule),
                    tuple(p for p in ppath if isinstance(p, str | int)),
                    Severity(severity),
                    offset if isinstance(offset, int) else None,
                ),
            )
            for loc, code, message, rule, ppath, severity, offset in record["problems"]
        ]
    except (KeyError, TypeError, ValueError, IndexError):
        return None
    text = raw.decode("utf-8-sig", errors="replace")
    return restored_file(path, text, docs, problems)


def _verdict_key(
    store: ProjectCache,
    reader: _Reader,
    paths: Sequence[Path],
    shown: set[str],
    found: Found,
    named_found: Found,
) -> str:
    """Every input of a validate run, digested: equal keys mean an equal report."""
    parts = {
        "builder": store.fingerprint,
        "root": str(store.root),
        "cwd": str(Path.cwd().resolve()),
        "paths": [str(Path(os.path.abspath(p))) for p in paths],
        "shown": sorted(shown),
        "config": reader.digests.get(store.root / PROJECT_FILE, ""),
        "files": [[str(f), reader.read(f)] for f in found.files],
        "refused": [d.to_json() for d in (*found.refused, *named_found.refused)],
    }
    return digest(json.dumps(parts, sort_keys=True).encode())


def _cached_verdict(verdict: Any) -> tuple[Report, bool] | None:
    try:
        diags = [
            Diagnostic(
                str(d["path"]),
                int(d["line"]),
                int(d["column"]),
                Severity(d["severity"]),
                str(d["code"]),
                str(d["message"]),
                str(d["rule"]),
            )
            for d in verdict["diagnostics"]
        ]
        return Report(diags, files=int(verdict["files"])), bool(verdict["content_found"])
    except (KeyError, TypeError, ValueError):
        return None


def has_errors(diags: Sequence[Diagnostic]) -> bool:
    return any(d.severity is Severity.ERROR for d in diags)
