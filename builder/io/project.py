"""Finding files, loading documents into models, and indexing them by id.

A content project is a folder with ``zodiac.yaml`` at its root; a file outside any
project stands alone with the builder's core content (DESIGN: Command line).

A project may come from a stranger (issue "Trust"): nothing inside it may make the
builder read outside it. Every file and folder found is resolved, and a symlink that
leads out of the project is reported (ZY112), never followed.
"""

from __future__ import annotations

import gc
import os
import stat
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError, create_model

from builder import rulesets
from builder.diagnostics import (
    Diagnostic,
    did_you_mean,
    display_path,
    from_validation_error,
    invisible_key,
    place,
    place_in,
)
from builder.explain import EXPECT_KEY, expect_shape_problems
from builder.io.yaml import Document, LoadedFile, load_file
from builder.models.base import norm_id
from builder.problems import PathPart, Problem, Severity
from builder.rulesets import RuleSet
from builder.text import printable, shorten

PROJECT_FILE = "zodiac.yaml"
CONTENT_SUFFIXES = {".yaml", ".yml"}
SKIP_DIRS = {"dist", "node_modules", "__pycache__"}
# YAML that other tools keep beside content in a repository: never content (issue 17).
# Dot files (.pre-commit-config.yaml, .gitlab-ci.yml...) are skipped by their dot; the
# rest a project lists under `exclude:` in zodiac.yaml.
NOT_CONTENT = frozenset(
    {
        "mkdocs.yml",
        "mkdocs.yaml",
        "docker-compose.yml",
        "docker-compose.yaml",
        "compose.yml",
        "compose.yaml",
        "pnpm-lock.yaml",
        "pnpm-workspace.yaml",
        "environment.yml",
        "environment.yaml",
        "codecov.yml",
        "codecov.yaml",
        "action.yml",
        "action.yaml",
        "Taskfile.yml",
        "Taskfile.yaml",
    }
)


def find_project_root(start: Path) -> Path | None:
    """The nearest folder at or above ``start`` holding ``zodiac.yaml``, as git finds ``.git``.

    The search climbs the folders as written, not the real path of a symlink: a link
    inside a project belongs to that project (and is refused if it leads out of it).
    """
    here = Path(os.path.abspath(start))
    if not here.is_dir():
        here = here.parent
    for folder in (here, *here.parents):
        if (folder / PROJECT_FILE).is_file():
            return folder.resolve()
    return None


@dataclass
class Found:
    """Content files to read, and the links that were refused instead (ZY112)."""

    files: list[Path] = field(default_factory=list)
    refused: list[Diagnostic] = field(default_factory=list)
    # The real path of each of ``files``, in order: known from the walk, so a caller
    # never resolves a file again (a ``resolve()`` a file was half a warm run, issue 24).
    reals: list[Path] = field(default_factory=list)


def find_files(paths: Iterable[Path], *, boundary: Path | None = None) -> Found:
    """Content files under ``paths``: ``*.yaml``/``*.yml``, recursively, skipping ``dist/`` and dot folders.

    Nothing whose real path lies outside its boundary is read: the project a path sits
    in, else ``boundary`` (the builder's data folder for core content), else the folder
    named. A file named outside any project stands alone. Symlinked folders inside the
    boundary are followed once (a loop is walked no further); FIFOs, sockets and
    devices are skipped, since opening one could block.

    What is not content is skipped also when named (a pre-commit hook names every
    changed file): ``zodiac.yaml`` itself (the project's config, read by
    :func:`load_config`), dot files and folders, :data:`NOT_CONTENT` names, and the
    project's ``exclude:`` patterns.
    """
    found = Found()
    pairs: list[tuple[Path, Path]] = []  # (path as found, real path)
    for path in paths:
        project = find_project_root(path) if boundary is None else None
        limit = boundary or project
        excluded = _exclusions(project) if project is not None else _NO_GLOBS
        rel = _rel_parts(path, project) if project is not None else None
        real = Path(os.path.realpath(path))
        if path.is_dir():
            if rel is not None and _skipped_folder(rel, excluded):
                continue
            limit = limit or real
            if not real.is_relative_to(limit):
                found.refused.append(_refused(path, real, limit, folder=True))
                continue
            pairs.extend(_walk(path, real, limit, found, rel or (), excluded))
        elif _skipped_file(rel or (Path(os.path.abspath(path)).name,), excluded):
            continue
        elif limit is not None and not real.is_relative_to(limit):
            found.refused.append(_refused(path, real, limit, folder=False))
        else:
            pairs.append((path, real))
    seen: set[Path] = set()
    for f, real in pairs:
        if real not in seen:
            seen.add(real)
            found.files.append(f)
            found.reals.append(real)
    return found


class Globs:
    """``exclude:`` patterns of a project, matched against paths relative to its folder.

    A pattern without ``/`` matches a name in any folder; ``**`` matches any number of
    folders; a pattern that matches a folder excludes everything below it. Matching walks
    the path's parts once per pattern (no regular expression that could backtrack).
    """

    def __init__(self, patterns: Iterable[str] = ()) -> None:
        self.patterns: list[tuple[str, ...]] = []
        for pattern in patterns:
            segs = tuple(s for s in pattern.strip("/").split("/") if s)
            self.patterns.append(("**", *segs) if len(segs) == 1 else segs)

    def __call__(self, parts: tuple[str, ...]) -> bool:
        """Whether ``parts`` (a path relative to the project) or a folder above it is matched."""
        return any(_glob_prefix(segs, parts) for segs in self.patterns)


def _glob_prefix(segs: tuple[str, ...], parts: tuple[str, ...]) -> bool:
    """Whether ``segs`` matches ``parts`` or one of its leading folders."""
    states = _after_stars(segs, {0})
    for part in parts:
        nxt = set()
        for i in states:
            if i < len(segs):
                if segs[i] == "**":
                    nxt.add(i)
                elif fnmatchcase(part, segs[i]):
                    nxt.add(i + 1)
        states = _after_stars(segs, nxt)
        if len(segs) in states:
            return True
        if not states:
            return False
    return False


def _after_stars(segs: tuple[str, ...], states: set[int]) -> set[int]:
    """``states`` plus every state reached by letting a ``**`` match no folder."""
    out = set(states)
    stack = list(states)
    while stack:
        i = stack.pop()
        if i < len(segs) and segs[i] == "**" and i + 1 not in out:
            out.add(i + 1)
            stack.append(i + 1)
    return out


_NO_GLOBS = Globs()
_GLOBS_SEEN: dict[tuple[Path, int, int, int], Globs] = {}


def _exclusions(root: Path) -> Globs:
    """The valid ``exclude:`` patterns of the project at ``root`` (read again when it changes).

    Invalid ones are left out here and reported by :func:`load_config` (ZP106).
    """
    from builder.models.project import exclude_pattern_problem

    path = root / PROJECT_FILE
    try:
        st = os.stat(path)
    except OSError:
        return _NO_GLOBS
    key = (root, st.st_ino, st.st_mtime_ns, st.st_size)
    if key in _GLOBS_SEEN:
        return _GLOBS_SEEN[key]
    globs = _NO_GLOBS
    if Path(os.path.realpath(path)).is_relative_to(root):  # never read a link leading out
        docs = load_file(path).documents
        data = docs[0].data if docs else None
        patterns = data.get("exclude") if isinstance(data, dict) else None
        if isinstance(patterns, list):
            globs = Globs(
                p for p in patterns if isinstance(p, str) and exclude_pattern_problem(p) is None
            )
    if len(_GLOBS_SEEN) > 64:  # a long-lived `zodiac serve` sees many versions
        _GLOBS_SEEN.clear()
    _GLOBS_SEEN[key] = globs
    return globs


def _rel_parts(path: Path, root: Path) -> tuple[str, ...] | None:
    """``path``'s parts below the project folder ``root``, as written (links not followed)."""
    here = Path(os.path.abspath(path))
    for folder in (here, *here.parents):
        if folder == root or ((folder / PROJECT_FILE).is_file() and folder.resolve() == root):
            return here.relative_to(folder).parts
    return None


def _skipped_folder(rel: tuple[str, ...], excluded: Globs) -> bool:
    """A folder that holds no content: a dot folder, ``dist/``... or one ``exclude:`` names."""
    return any(p.startswith(".") or p in SKIP_DIRS for p in rel) or (bool(rel) and excluded(rel))


def _skipped_file(rel: tuple[str, ...], excluded: Globs) -> bool:
    """A file that is not content, by its name, its folders or the project's ``exclude:``."""
    name = rel[-1]
    return (
        name == PROJECT_FILE
        or name.startswith(".")
        or name in NOT_CONTENT
        or _skipped_folder(rel[:-1], _NO_GLOBS)
        or excluded(rel)
    )


def _walk(
    top: Path,
    top_real: Path,
    limit: Path,
    found: Found,
    top_rel: tuple[str, ...] = (),
    excluded: Globs = _NO_GLOBS,
) -> list[tuple[Path, Path]]:
    """(path, real path) of the content files under ``top``, sorted by path.

    ``top_rel`` is ``top`` relative to its project, for the ``exclude:`` patterns.
    Paths are joined as strings and each entry's type comes from the folder listing
    (no ``stat`` but for links): a warm run of a large project is mostly this walk. The
    real path of an entry that is no link is its folder's real path and its name, so
    only a link is resolved and checked against ``limit``.
    """
    out: list[tuple[tuple[str, ...], str, str]] = []
    limit_s = str(limit)
    inside = limit_s.rstrip(os.sep) + os.sep
    visited = {str(top_real)}
    stack = [(str(top), str(top_real), top_rel)]
    while stack:
        folder, folder_real, folder_rel = stack.pop()
        try:
            with os.scandir(folder) as listing:
                entries = list(listing)
        except OSError:
            continue
        for entry in entries:
            name = entry.name
            rel = (*folder_rel, name)
            try:
                if entry.is_symlink():
                    real = os.path.realpath(entry.path)
                    mode = os.stat(entry.path).st_mode  # follows the link
                    is_dir, is_file = stat.S_ISDIR(mode), stat.S_ISREG(mode)
                    within = real == limit_s or real.startswith(inside)
                else:
                    real = os.path.join(folder_real, name)
                    is_dir = entry.is_dir(follow_symlinks=False)
                    is_file = not is_dir and entry.is_file(follow_symlinks=False)
                    within = True  # below a folder already inside the limit
            except OSError:  # a broken or looping link (editors' lock files): nothing to read
                continue
            if is_dir:
                if name.startswith(".") or name in SKIP_DIRS or excluded(rel):
                    continue
                if not within:
                    found.refused.append(_refused(Path(entry.path), Path(real), limit, folder=True))
                elif real not in visited:  # a link back to a folder walked already is not
                    visited.add(real)
                    stack.append((entry.path, real, rel))
                continue
            if os.path.splitext(name)[1] not in CONTENT_SUFFIXES:
                continue
            if _skipped_file((name,), _NO_GLOBS) or excluded(rel):
                continue
            if not within:
                found.refused.append(_refused(Path(entry.path), Path(real), limit, folder=False))
            elif is_file:  # FIFOs, sockets and devices are never opened
                out.append((rel, entry.path, real))
    out.sort()  # by the parts below ``top``: the order of the paths themselves
    return [(p, p if real == path else Path(real)) for _, path, real in out for p in (Path(path),)]


def _refused(path: Path, real: Path, limit: Path, *, folder: bool) -> Diagnostic:
    """ZY112 at the link itself (not where it leads: that is outside and not ours to show)."""
    what = "folder" if folder else "file"
    where = "the project" if (limit / PROJECT_FILE).is_file() else f"{limit.name}/"
    message = (
        f"{path.name} is a symlink to a {what} outside {where} "
        f"({shorten(printable(str(real)), 160)}); copy the {what} into {where} instead"
    )
    return Diagnostic(
        link_display_path(path), 1, 1, Severity.ERROR, "ZY112", printable(message), "I/O"
    )


def link_display_path(path: Path) -> str:
    """How diagnostics name ``path`` itself, even when it is a symlink leading elsewhere."""
    return str(Path(display_path(path.parent)) / path.name)


def collect_files(paths: Iterable[Path], *, boundary: Path | None = None) -> list[Path]:
    """The content files :func:`find_files` would read (refused links left out)."""
    return find_files(paths, boundary=boundary).files


@dataclass(slots=True)
class Entity:
    """A validated content document: the model and where it came from."""

    kind: str
    model: Any
    doc: Document
    _id: str | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def id(self) -> str:
        """The explicit ``id:``, else the name in id form; computed once (issue 13)."""
        if self._id is None:
            explicit = getattr(self.model, "id", None)
            self._id = explicit or norm_id(
                getattr(self.model, "name", "") or f"{self.doc.path.stem}-{self.doc.index}"
            )
        return self._id


@dataclass
class Content:
    """Every entity of a run, with lookups built once per change of ``entities``.

    Checks and views ask for "every monster" or "the Tech with this id" once per entity;
    rebuilding those per question made validation quadratic (issue 13). The lookups are
    rebuilt when the list is replaced or grows or shrinks (entities are only appended).
    """

    entities: list[Entity] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    files: int = 0
    _memo: dict[Any, Any] = field(default_factory=dict, init=False, repr=False, compare=False)
    _memo_for: tuple[int, int] = field(default=(0, -1), init=False, repr=False, compare=False)

    def memo(self, key: Any, build: Callable[[Content], Any]) -> Any:
        """``build(self)``, computed once until the entities change (a shared lookup table)."""
        now = (id(self.entities), len(self.entities))
        if self._memo_for != now:
            self._memo = {}
            self._memo_for = now
        if key not in self._memo:
            self._memo[key] = build(self)
        return self._memo[key]

    def of_kind(self, kind: str) -> list[Entity]:
        return list(self.memo(_BY_KIND, _by_kind).get(kind, ()))

    def index(self) -> dict[tuple[str, str], Entity]:
        """(kind, id) -> entity (the last of a duplicate id wins, as always). Do not mutate."""
        return self.memo(_INDEX, lambda c: {(e.kind, e.id): e for e in c.entities})


_BY_KIND = ("content", "by_kind")
_INDEX = ("content", "index")


def _by_kind(content: Content) -> dict[str, list[Entity]]:
    out: dict[str, list[Entity]] = {}
    for e in content.entities:
        out.setdefault(e.kind, []).append(e)
    return out


@contextmanager
def _gc_paused() -> Iterator[None]:
    """The collector is ~2/3 of pydantic's time on a large batch (DESIGN: Performance)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def as_rule_set(rule_set: RuleSet | str | None = None) -> RuleSet:
    """The rule set itself: callers that opened a project pass the one they hold, so a
    document is not looked up in the registry again; an id (or none: the default) is
    accepted for scripts and tests."""
    if isinstance(rule_set, RuleSet):
        return rule_set
    return rulesets.get(rule_set or rulesets.DEFAULT)


def validate_document(
    doc: Document, rule_set: RuleSet | str | None = None
) -> tuple[Entity | None, list[Diagnostic]]:
    """Pick the model from ``kind:`` in ``rule_set`` and validate; failures are located.

    A document may say ``ruleset:`` (R31); it must then be its project's, since kinds
    are keyed by (rule set, kind) and references never cross rule sets.
    """
    data = doc.data
    if not isinstance(data, dict):
        p = Problem(
            "ZY108",
            "a content document must be a mapping of keys, starting with `kind:`",
            "manual: Writing content",
        )
        return None, [place_in(p, doc)]
    if "ruleset" in data:
        problem = _ruleset_problem(data["ruleset"], as_rule_set(rule_set).id)
        if problem is not None:
            return None, [place_in(problem, doc)]
        data = {k: v for k, v in data.items() if k != "ruleset"}
    expect_diags: list[Diagnostic] = []
    if EXPECT_KEY in data:  # expected values: checked on the computed view (builder.checking)
        expect_diags = [place_in(p, doc) for p in expect_shape_problems(data[EXPECT_KEY])]
        data = {k: v for k, v in data.items() if k != EXPECT_KEY}
    game = as_rule_set(rule_set)
    kind = data.get("kind")
    if kind is None:
        # `ki\u200bnd:` or a stray BOM before `kind:` reads as another key (issue #28)
        broken = [k for k in data if isinstance(k, str) and invisible_key(k, ["kind"])]
        p = Problem(
            "ZY110",
            f"missing `kind:`; say what this is: one of {', '.join(game.kinds)}"
            if not broken
            else f"missing `kind:`; the key '{printable(broken[0])}'"
            + invisible_key(broken[0], ["kind"]),
            "manual: Writing content",
            (broken[0],) if broken else (),
        )
        return None, [place_in(p, doc)]
    if not isinstance(kind, str) or kind not in game.models:
        norm = (
            kind.strip().lower().replace("-", "_").replace(" ", "_")
            if isinstance(kind, str)
            else kind
        )
        if isinstance(norm, str) and norm in game.models:
            data = {**data, "kind": norm}
            kind = norm
        else:
            shown = shorten(printable(kind if isinstance(kind, str) else repr(kind)))
            known = game.kinds
            p = Problem(
                "ZY111",
                f"unknown kind '{shown}'{did_you_mean(kind, known)} "
                f"(known kinds in rule set {game.id}: {', '.join(known)})",
                "manual: Writing content",
                ("kind",),
            )
            return None, [place_in(p, doc)]
    model, diags = validate_model(doc, game.model_for(kind), data)
    return (Entity(kind, model, doc) if model is not None else None), diags + expect_diags


# Once `load_content` has a document's model, its plain data keeps only what later steps
# read: whether it names an `id:` (where ZP101 points), its `expect:` (builder.checking),
# its kind and name. A 50,000-entry library then holds each entry once, as its model,
# not twice (a fifth of the peak memory, issue 13). `validate_document` itself leaves
# the document as it was given.
_KEPT_AFTER_VALIDATION = ("kind", "id", "name", EXPECT_KEY)


def _ruleset_problem(value: Any, project_rule_set: str) -> Problem | None:
    """ZY117 when a document's ``ruleset:`` is unknown or not its project's."""
    if value == project_rule_set:
        return None
    shown = shorten(printable(value if isinstance(value, str) else repr(value)))
    if not isinstance(value, str) or value not in rulesets.ids():
        message = (
            f"unknown rule set '{shown}'{did_you_mean(value, rulesets.ids())} "
            f"(rule sets: {', '.join(rulesets.ids())})"
        )
    else:
        message = (
            f"this document is for rule set '{value}', but its project uses "
            f"'{project_rule_set}'; rule sets never mix: move it to a project of its own "
            f"or remove `ruleset:`"
        )
    return Problem("ZY117", message, "R31", ("ruleset",))


def validate_model(
    doc: Document, model_cls: type[BaseModel], data: Any = None
) -> tuple[Any, list[Diagnostic]]:
    """Validate ``data`` (default: the document's) with located, translated errors."""
    data = doc.data if data is None else data
    try:
        return model_cls.model_validate(data), []
    except ValidationError as exc:
        problems = from_validation_error(
            exc, _nested_fields(model_cls, data), data, model=model_cls
        )
        return None, [place_in(p, doc) for p in problems]


def _nested_fields(model_cls: type[BaseModel], data: Any) -> dict[tuple[PathPart, ...], list[str]]:
    """Allowed keys at every mapping path of ``data`` that a sub-model describes."""
    out: dict[tuple[PathPart, ...], list[str]] = {}

    def walk(cls: Any, value: Any, path: tuple[PathPart, ...]) -> None:
        if not (isinstance(cls, type) and issubclass(cls, BaseModel)) or not isinstance(
            value, dict
        ):
            return
        out[path] = [f.alias or n for n, f in cls.model_fields.items()]
        for name, f in cls.model_fields.items():
            key = f.alias or name
            if key not in value:
                continue
            for sub in _model_args(f.annotation):
                child = value[key]
                if isinstance(child, list):
                    for i, item in enumerate(child):
                        walk(sub, item, (*path, key, i))
                else:
                    walk(sub, child, (*path, key))

    walk(model_cls, data, ())
    return out


def _model_args(annotation: Any) -> list[Any]:
    from typing import get_args

    found = []
    stack = [annotation]
    while stack:
        a = stack.pop()
        if isinstance(a, type) and issubclass(a, BaseModel):
            found.append(a)
        stack.extend(get_args(a))
    return found


Loader = Callable[[Path], LoadedFile]


def load_content(
    files: Iterable[Path], rule_set: RuleSet | str | None = None, *, loader: Loader = load_file
) -> Content:
    """Load, parse and validate every document of ``files`` as content of ``rule_set``.

    ``loader`` reads one file (the builder's cache passes one that skips parsing a file
    whose bytes it has seen).
    """
    content = Content()
    game = as_rule_set(rule_set)
    with _gc_paused():
        for path in files:
            content.files += 1
            loaded = loader(path)
            content.diagnostics.extend(place(p, path, loc) for loc, p in loaded.problems)
            if (
                any(p.severity is Severity.ERROR for _, p in loaded.problems)
                and not loaded.documents
            ):
                continue
            for doc in loaded.documents:
                entity, diags = validate_document(doc, game)
                content.diagnostics.extend(diags)
                if entity:
                    data = doc.data
                    doc.data = {k: data[k] for k in _KEPT_AFTER_VALIDATION if k in data}
                    content.entities.append(entity)
    _check_duplicate_ids(content)
    return content


CORE_SKIP = {"skills.yaml"}  # kind: skill_catalog, read by builder.rulesets.zodiac.catalog


def core_files(rule_set: RuleSet | str | None = None) -> list[Path]:
    """The rule set's shipped catalogue files (``content/<core_folder>``), if it has any."""
    from builder.paths import content_dir

    folder = as_rule_set(rule_set).core_folder
    if folder is None:
        return []
    core = content_dir() / folder
    return [f for f in collect_files([core], boundary=core.resolve()) if f.name not in CORE_SKIP]


def add_core(
    content: Content,
    files: Iterable[Path],
    rule_set: RuleSet | str | None = None,
    *,
    loader: Loader = load_file,
) -> None:
    """Add core entities of registered kinds that the project does not shadow by id.

    Core documents are the book's (Enemy Skills a Blue Mage names from any project); a
    project entity with the same kind and id wins, without a duplicate-id error. Their
    diagnostics are dropped: they are shown only when a core file is validated by name.
    """
    # Resolved once per file, not per entity: a syscall per path part (issue 13).
    game = as_rule_set(rule_set)
    loaded_paths = {p.resolve() for p in {e.doc.path for e in content.entities}}
    taken = {(e.kind, e.id) for e in content.entities}
    for path in files:
        if path.resolve() in loaded_paths:
            continue
        loaded = loader(path)
        docs = loaded.documents
        if (
            not docs
            or not isinstance(docs[0].data, dict)
            or docs[0].data.get("kind") not in game.models
        ):
            continue
        with _gc_paused():
            for doc in docs:
                entity, _ = validate_document(doc, game)
                if entity is not None and (entity.kind, entity.id) not in taken:
                    taken.add((entity.kind, entity.id))
                    content.entities.append(entity)


def _check_duplicate_ids(content: Content) -> None:
    seen: dict[tuple[str, str], Entity] = {}
    for e in content.entities:
        key = (e.kind, e.id)
        if key in seen:
            first = seen[key]
            p = Problem(
                "ZP101",
                f"{e.kind} id '{e.id}' is already used by {first.doc.path.name}:{first.doc.start[0]}; "
                "give one of them a different `id:`",
                "manual: Writing content",
                ("id",) if "id" in e.doc.data else ("name",),
            )
            content.diagnostics.append(place_in(p, e.doc))
        else:
            seen[key] = e


def load_config(root: Path, *, loader: Loader = load_file) -> tuple[Any, list[Diagnostic]]:
    """Read ``root/zodiac.yaml`` into a ProjectConfig (None when broken)."""
    from builder.models.project import ProjectConfig

    path = root / PROJECT_FILE
    real = Path(os.path.realpath(path))
    if not real.is_relative_to(root.resolve()):
        return None, [_refused(path, real, root.resolve(), folder=False)]
    loaded = loader(path)
    diags = [place(p, path, loc) for loc, p in loaded.problems]
    if not loaded.documents:
        return None, diags
    if len(loaded.documents) > 1:
        p = Problem(
            "ZP102",
            "zodiac.yaml holds one document; remove the extra `---` sections",
            "manual: Your own campaign (zodiac.yaml)",
        )
        diags.append(place_in(p, loaded.documents[1]))
    doc = loaded.documents[0]
    if not isinstance(doc.data, dict):
        p = Problem(
            "ZY108",
            "zodiac.yaml must be a mapping (title:, books:, ...)",
            "manual: Your own campaign (zodiac.yaml)",
        )
        return None, [*diags, place_in(p, doc)]
    config, more = validate_model(doc, ProjectConfig)
    return config, diags + more + _exclude_problems(doc) + _check_for_rule_set(config, doc)


def _exclude_problems(doc: Document) -> list[Diagnostic]:
    """ZP106 for each ``exclude:`` pattern that is not a relative glob inside the project."""
    from builder.models.project import exclude_pattern_problem

    patterns = doc.data.get("exclude")
    if not isinstance(patterns, list):
        return []  # absent, or a type error the model reports
    out = []
    for i, pattern in enumerate(patterns):
        why = exclude_pattern_problem(pattern) if isinstance(pattern, str) else None
        if why is not None:
            problem = Problem(
                "ZP106",
                f"exclude pattern '{shorten(printable(pattern))}' {why}",
                "manual: Validation in every repository",
                ("exclude", i),
            )
            out.append(place_in(problem, doc))
    return out


@cache
def _house_rules_document(model: type[BaseModel]) -> type[BaseModel]:
    """A model holding only ``house_rules:``, to validate that key where it is written."""
    return create_model("HouseRulesDocument", house_rules=(model, ...))


@cache
def _lint_document(model: type[BaseModel]) -> type[BaseModel]:
    """A model holding only ``lint:``, so errors are located under that key."""
    return create_model("LintDocument", lint=(model, ...))


def _lint_settings(game: rulesets.RuleSet, doc: Document, out: list[Diagnostic]) -> Any:
    """zodiac.yaml's ``lint:`` through the rule set's model (defaults when absent or broken)."""
    if game.lint_settings_model is None:
        return None
    model = rulesets.resolve(game.lint_settings_model)
    if "lint" not in doc.data:
        return model()
    wrapper = _lint_document(model)
    data = {"lint": doc.data["lint"]}
    try:
        return wrapper.model_validate(data).lint
    except ValidationError as exc:
        problems = from_validation_error(
            exc, _nested_fields(wrapper, data), data=data, model=wrapper
        )
        out += [place_in(p, doc) for p in problems]
        return model()


def _check_for_rule_set(config: Any, doc: Document) -> list[Diagnostic]:
    """What only the project's rule set can judge: its house rules and the books it prints.

    The house rules are validated by the rule set's own model (ZODIAC's ``HouseRules``:
    R9, R10, R32...), also when the rest of the file is broken, and replace the mapping on
    ``config``; errors are located under ``house_rules:`` as any other.
    """
    named = doc.data.get("ruleset", rulesets.DEFAULT)
    game = rulesets.get(named if named in rulesets.ids() else rulesets.DEFAULT)
    out: list[Diagnostic] = []
    if game.house_rules_model is not None and "house_rules" in doc.data:
        model = rulesets.resolve(game.house_rules_model)
        wrapper = _house_rules_document(model)  # so messages say `house_rules.map_combat`
        data = {"house_rules": doc.data["house_rules"]}
        try:
            house = wrapper.model_validate(data).house_rules
        except ValidationError as exc:
            problems = from_validation_error(
                exc, _nested_fields(wrapper, data), data=data, model=wrapper
            )
            out += [place_in(p, doc) for p in problems]
            house = model()
    elif game.house_rules_model is not None:
        house = rulesets.resolve(game.house_rules_model)()
    else:
        house = None
    lint = _lint_settings(game, doc, out)
    if config is None:
        return out
    if house is not None:
        config.house_rules = house
    if lint is not None:
        config.lint = lint
    for i, book in enumerate(config.books):
        if book.holds not in game.books:
            shown = shorten(printable(book.holds))
            problem = Problem(
                "ZP105",
                f"rule set {game.id} prints no book '{shown}'"
                f"{did_you_mean(book.holds, game.books)}; its books: {', '.join(game.books)}",
                "manual: Your own campaign (zodiac.yaml)",
                ("books", i, "holds"),
            )
            out.append(place_in(problem, doc))
    return out
