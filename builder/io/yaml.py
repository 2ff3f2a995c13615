"""Safe YAML loading that remembers where every value came from.

ruamel's C-backed parser composes node trees (with marks) ~6x faster than its
round-trip loader (DESIGN: Performance notes). We build plain Python data from the
nodes ourselves, which lets us keep a ``path -> (line, column)`` map, reject
duplicate keys and refuse every non-core tag: a file from the internet can never
construct an object.

A file from the internet can still try to exhaust the machine, so every cost is
bounded (issue "Trust"): the size read (ZY116), nesting depth (ZY114, checked before
the C composer sees the text, because its recursion has no guard and crashes the
process), alias uses and how far they expand (ZY113, counted without expanding) and
the digits of a number (ZY115, Python refuses int() past 4300 digits).
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import re
import stat
import sys
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.cyaml import CParser
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.events import (
    AliasEvent,
    CollectionEndEvent,
    CollectionStartEvent,
    DocumentStartEvent,
    MappingStartEvent,
    NodeEvent,
    ScalarEvent,
)
from ruamel.yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from ruamel.yaml.reader import ReaderError
from ruamel.yaml.resolver import implicit_resolvers

from builder.problems import PathPart, Problem, Severity

Loc = tuple[int, int]  # 1-based line, 1-based column

_CORE = "tag:yaml.org,2002:"
_INT = re.compile(r"^[-+]?(0|[1-9][0-9_]*)$")
_HEX = re.compile(r"^0x[0-9a-fA-F_]+$")
_OCT = re.compile(r"^0o[0-7_]+$")

# Limits on what one file may cost. Real content is far inside every one of them.
# The biggest shipped file is ~10 KB; 16 MiB is ~1,600 such files in one, and reading,
# composing and validating it stays within seconds and a few hundred MB.
MAX_FILE_BYTES = 16 * 1024 * 1024
# Real content nests < 10 levels (a monster's techs' secondaries); 64 leaves room.
MAX_DEPTH = 64
# Syntactic alias uses (`*name`) per document: sharing a stat block among a few dozen
# entries needs tens; a thousand is generous and keeps the cost of counting small.
MAX_ALIASES = 1_000
# Nodes the aliases of one document may add when expanded. A 723-byte file of nested
# anchors expands to ~400 million nodes (34 s, 3.9 GB, MemoryError); a shared monster
# block is ~100 nodes, so 100,000 is a thousand uses of one and still validates in well
# under a second. A fixed number rather than a ratio to the document's own size: a
# ratio lets a large document buy a large bomb.
MAX_ALIAS_NODES = 100_000
# Game values have at most 6 digits; 30 leaves room for any honest float spelling.
MAX_DIGITS = 30
# The C composer recurses once per nesting level with no guard and crashes the process
# (a segfault, not RecursionError) between 20,000 and 40,000 levels on an 8 MiB stack. Every level
# needs one of these indicator characters, so a document with fewer of them than
# _COMPOSER_SAFE (10x below the crash) cannot reach it; only past that is the text's
# event stream walked once to find how deep it really goes.
_INDICATORS = "[{:-?"
_COMPOSER_SAFE = 2_000
_DOC_MARKER = re.compile(r"^(?:---|\.\.\.)(?=[ \t\r\n]|$)", re.M)


class _Maps:
    """Where each value and key of one document is written, and the style of its scalars."""

    __slots__ = ("keys", "styles", "values")

    def __init__(self) -> None:
        self.values: dict[tuple[PathPart, ...], Loc] = {}
        self.keys: dict[tuple[PathPart, ...], Loc] = {}
        # Style of the scalars that are not plain ('"', "'", '|', '>'), for columns inside text.
        self.styles: dict[tuple[PathPart, ...], str] = {}


class _Source:
    """The text of a file, kept to work out a document's locations only when asked.

    Building the ``path -> line:col`` maps for every value was a fifth of a large
    validation, and almost none is ever read: only a problem needs one (issue 13).
    """

    __slots__ = ("_maps", "_packed")

    def __init__(self, text: str) -> None:
        # Compressed (about 4x): a 50,000-entry library keeps every file's text (issue 13).
        self._packed = zlib.compress(text.encode("utf-8", "surrogatepass"), 1)
        self._maps: dict[int, _Maps] | None = None

    @property
    def text(self) -> str:
        return zlib.decompress(self._packed).decode("utf-8", "surrogatepass")

    def maps(self, index: int) -> _Maps:
        if self._maps is None:
            self._maps = {}
            text = self.text
            for i, node in enumerate(_compose(text)):
                if node is None:
                    continue
                scratch = Document(Path(), i, None, _loc(node), _Maps())
                with contextlib.suppress(_Refused):  # a refused document is never fast
                    _Builder(scratch, [], text).build(node, ())
                self._maps[i] = scratch._maps  # type: ignore[assignment]
        return self._maps.get(index) or _Maps()


@dataclass(slots=True)
class Document:
    """One YAML document of a file, as plain data plus where each piece came from.

    The location maps (``values``, ``keys``, ``styles``) are built on first use.
    """

    path: Path
    index: int
    data: Any
    start: Loc
    _maps: _Maps | None = field(default=None, repr=False, compare=False)
    _source: _Source | None = field(default=None, repr=False, compare=False)

    def _located(self) -> _Maps:
        if self._maps is None:
            self._maps = self._source.maps(self.index) if self._source is not None else _Maps()
        return self._maps

    @property
    def values(self) -> dict[tuple[PathPart, ...], Loc]:
        return self._located().values

    @property
    def keys(self) -> dict[tuple[PathPart, ...], Loc]:
        return self._located().keys

    @property
    def styles(self) -> dict[tuple[PathPart, ...], str]:
        return self._located().styles

    def locate(self, path: tuple[PathPart, ...], *, key: bool = False) -> Loc:
        """Line and column of ``path``, or of its nearest ancestor that exists.

        With ``key=True`` the mapping key is preferred (for 'unknown field'), else
        the value (for 'wrong value').
        """
        maps = self._located()
        p = tuple(path)
        while True:
            first, second = (maps.keys, maps.values) if key else (maps.values, maps.keys)
            if p in first:
                return first[p]
            if p in second:
                return second[p]
            if not p:
                return self.start
            p = p[:-1]


@dataclass
class LoadedFile:
    path: Path
    documents: list[Document]
    problems: list[tuple[Loc, Problem]]


class _Refused(Exception):
    """Abandon the document being built: it would cost too much to build at all."""

    def __init__(self, loc: Loc, problem: Problem):
        super().__init__(problem.message)
        self.loc = loc
        self.problem = problem


class _Builder:
    def __init__(self, doc: Document, problems: list[tuple[Loc, Problem]], text: str = ""):
        self.doc = doc
        self.problems = problems
        self.text = text
        # A composed alias is the very Node object of its anchor, so identity tells a
        # second visit (an alias use) from the first.
        self.seen: set[int] = set()
        self.sizes: dict[int, int] = {}
        self.aliases = 0
        self.alias_nodes = 0
        self.expanding = 0  # > 0 while building a copy of an anchor for an alias

    def problem(self, node: Node, code: str, message: str, path: tuple[PathPart, ...]) -> None:
        if self.expanding:  # reported once, where the anchor is written
            return
        loc = _loc(node)
        self.problems.append((loc, Problem(code, message, "YAML", path, Severity.ERROR)))

    def build(self, node: Node, path: tuple[PathPart, ...]) -> Any:
        self.doc.values[path] = _loc(node)
        ident = id(node)
        if ident in self.seen:
            if not self.expanding:
                return self._expand(node, path)
        else:
            self.seen.add(ident)
        if isinstance(node, MappingNode):
            if len(path) >= MAX_DEPTH:
                raise _Refused(_loc(node), _too_deep_problem())
            if _tag(node) != _MAP:
                self._bad_tag(node, path)
            out: dict[str, Any] = {}
            for key_node, value_node in node.value:
                if not isinstance(key_node, ScalarNode):
                    self.problem(
                        key_node, "ZY106", "a key must be a plain word, not a list or mapping", path
                    )
                    continue
                if _tag(key_node) == _CORE + "merge":
                    self.problem(
                        key_node,
                        "ZY107",
                        "merge keys (<<) are not supported; write the keys out",
                        path,
                    )
                    continue
                key = self.scalar(key_node, path)
                key = str(key) if key is not None else "null"
                child = (*path, key)
                if key in out:
                    first = self.doc.keys[child]
                    self.problem(
                        key_node,
                        "ZY103",
                        f"duplicate key '{key}' (first defined at line {first[0]}); "
                        "keep one of them",
                        child,
                    )
                    continue
                self.doc.keys[child] = _loc(key_node)
                out[key] = self.build(value_node, child)
            return out
        if isinstance(node, SequenceNode):
            if len(path) >= MAX_DEPTH:
                raise _Refused(_loc(node), _too_deep_problem())
            if _tag(node) != _SEQ:
                self._bad_tag(node, path)
            return [self.build(item, (*path, i)) for i, item in enumerate(node.value)]
        if node.style and not self.expanding:
            self.doc.styles[path] = node.style
        return self.scalar(node, path)

    def _expand(self, node: Node, path: tuple[PathPart, ...]) -> Any:
        """Build a copy of an anchor for an alias use, once the use is counted and allowed."""
        self._alias(node, path)
        self.expanding += 1
        try:
            return self.build(node, path)
        finally:
            self.expanding -= 1

    def _alias(self, node: Node, path: tuple[PathPart, ...]) -> None:
        """Count an alias use and what it expands to; refuse the document past a limit."""
        self.aliases += 1
        if self.aliases > MAX_ALIASES:
            raise _Refused(
                self._alias_loc(path),
                Problem(
                    "ZY113",
                    f"more than {MAX_ALIASES:,} aliases (*name) in one document; "
                    "write the values out or split the document",
                    "YAML",
                    path,
                ),
            )
        size = self._size(node, path)
        self.alias_nodes += size
        if self.alias_nodes > MAX_ALIAS_NODES:
            raise _Refused(
                self._alias_loc(path),
                Problem(
                    "ZY113",
                    f"aliases in this document expand to more than {MAX_ALIAS_NODES:,} "
                    f"values (this one alone to {_count(size)}); "
                    "content needs few aliases of small anchors",
                    "YAML",
                    path,
                ),
            )

    def _size(self, root: Node, path: tuple[PathPart, ...]) -> int:
        """Values ``root`` expands to, counted once per node (memoised), never expanded.

        Iterative, so a deep anchor cannot hit the recursion limit; an anchor met again
        while its own count is open contains itself, which would never end.
        """
        sizes = self.sizes
        if id(root) in sizes:
            return sizes[id(root)]
        cap = MAX_ALIAS_NODES * 10  # past the limit the exact number does not matter
        open_: set[int] = set()
        stack: list[tuple[Node, bool]] = [(root, False)]
        while stack:
            node, done = stack.pop()
            key = id(node)
            children = _children(node)
            if done:
                open_.discard(key)
                sizes[key] = min(cap, 1 + sum(sizes[id(c)] for c in children))
                continue
            if key in sizes:
                continue
            if key in open_:
                raise _Refused(
                    self._alias_loc(path),
                    Problem(
                        "ZY113",
                        "an alias inside its own anchor (&name ... *name) repeats forever; "
                        "an alias may only name an anchor that is complete",
                        "YAML",
                        path,
                    ),
                )
            open_.add(key)
            stack.append((node, True))
            stack.extend((c, False) for c in children if id(c) not in sizes)
        return sizes[id(root)]

    def _alias_loc(self, path: tuple[PathPart, ...]) -> Loc:
        """Where the alias at ``path`` is written (error path only: walks the events).

        The composed tree has no trace of the alias itself, only of its anchor.
        """
        found = _alias_marks(self.text, self.doc.index).get(path)
        if found is not None:
            return found
        return self.doc.keys.get(path) or self.doc.locate(path[:-1])

    def _bad_tag(self, node: Node, path: tuple[PathPart, ...]) -> None:
        self.problem(
            node,
            "ZY104",
            f"tag '{_tag(node)}' is not allowed; content files use plain YAML values only",
            path,
        )

    def scalar(self, node: ScalarNode, path: tuple[PathPart, ...]) -> Any:
        tag, text = _tag(node), node.value
        if not tag.startswith(_CORE):
            self._bad_tag(node, path)
            return text
        kind = tag[len(_CORE) :]
        if kind in ("int", "float") and _too_many_digits(text):
            self._refuse_digits(node, text, path)
            return text
        value = _convert(kind, text)
        if value is _UNKNOWN:
            self._bad_tag(node, path)
            return text
        return value

    def _refuse_digits(self, node: ScalarNode, text: str, path: tuple[PathPart, ...]) -> None:
        digits = _digits(text)
        self.problem(
            node,
            "ZY115",
            f"a number with {digits:,} digits; game values need at most a few "
            f"(the loader reads up to {MAX_DIGITS}); if this is text, put it in quotes",
            path,
        )


_UNKNOWN = object()  # a tag outside the core schema
_MAP, _SEQ, _STR = _CORE + "map", _CORE + "seq", _CORE + "str"
_BOOLS = {"true": True, "false": False}


def _convert(kind: str, text: str) -> Any:
    """The value of a scalar of core ``kind`` (``_UNKNOWN`` for any other kind)."""
    if kind == "str" or kind == "timestamp":  # dates stay text: content never needs datetimes
        return text
    if kind == "int":
        clean = text.replace("_", "")
        if _HEX.match(text):
            return int(clean, 16)
        if _OCT.match(text):
            return int(clean[2:], 8)
        if _INT.match(text):
            return int(clean)
        return text
    if kind == "null":
        return None
    if kind == "bool":
        # Only YAML 1.2's true/false are booleans; `!!bool maybe` stays text for the
        # model to refuse ("expected true or false"), never a silent False.
        return _BOOLS.get(text.lower(), text)
    if kind == "float":
        low = text.lower().replace("_", "")
        if low in (".nan",):
            return float("nan")
        if low in (".inf", "+.inf"):
            return float("inf")
        if low == "-.inf":
            return float("-inf")
        try:
            return float(low)
        except ValueError:
            return text
    return _UNKNOWN


def _tag(node: Node) -> str:
    """A node's tag as text without ruamel's per-access conversion (a tenth of loading)."""
    ctag = node.ctag
    suffix = ctag.suffix if ctag is not None else None
    if ctag is None or ctag.handle is not None or suffix is None or "%" in suffix:
        return str(node.tag)
    return suffix


_intern = sys.intern
_INTERN_MAX = 24


class _Slow(Exception):
    """The fast builder met something it leaves to ``_Builder`` (a problem, an alias...)."""


def _fast(node: Node, depth: int, seen: set[int]) -> Any:
    """Plain data of a document with nothing unusual in it, without location maps.

    Raises ``_Slow`` on anything ``_Builder`` would report or count (a tag outside the
    core schema, an alias, a merge or complex key, a duplicate key, too many digits, too
    deep), so every problem is still found and located by the one careful builder.
    """
    ident = id(node)
    if ident in seen:  # an alias: counted and bounded by _Builder
        raise _Slow
    seen.add(ident)
    cls = node.__class__
    if cls is ScalarNode:
        tag = node.ctag.suffix
        text = node.value
        if tag is _STR or tag == _STR:
            # Short text repeats across documents ("monster", "d8", an element): one copy
            # of each keeps a 50,000-entry library in memory (issue 13).
            return _intern(text) if len(text) <= _INTERN_MAX else text
        if not tag.startswith(_CORE) or "%" in tag or node.ctag.handle is not None:
            raise _Slow
        kind = tag[18:]  # len(_CORE)
        if (kind == "int" or kind == "float") and _too_many_digits(text):
            raise _Slow
        value = _convert(kind, text)
        if value is _UNKNOWN:
            raise _Slow
        return value
    if depth >= MAX_DEPTH:
        raise _Slow
    tag = node.ctag.suffix
    if cls is MappingNode:
        if tag != _MAP or node.ctag.handle is not None:
            raise _Slow
        out: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if key_node.__class__ is not ScalarNode or id(key_node) in seen:
                raise _Slow
            key_tag = key_node.ctag.suffix
            if key_tag == _STR and key_node.ctag.handle is None:
                key = _intern(key_node.value)
            else:
                key = _fast(key_node, depth + 1, seen)
                if key_tag == _CORE + "merge":
                    raise _Slow
                key = str(key) if key is not None else "null"
            if key in out:
                raise _Slow
            out[key] = _fast(value_node, depth + 1, seen)
        return out
    if cls is SequenceNode:
        if tag != _SEQ or node.ctag.handle is not None:
            raise _Slow
        return [_fast(item, depth + 1, seen) for item in node.value]
    raise _Slow


def _digits(text: str) -> int:
    body = text.lower().lstrip("+-")
    if body[:2] in ("0x", "0o"):
        return sum(ch != "_" for ch in body[2:])
    return sum(ch.isdigit() for ch in body)


def _too_many_digits(text: str) -> bool:
    """Cheap first: only text longer than the limit can hold too many digits."""
    return len(text) > MAX_DIGITS and _digits(text) > MAX_DIGITS


def _children(node: Node) -> list[Node]:
    if isinstance(node, MappingNode):
        return [n for pair in node.value for n in pair]
    if isinstance(node, SequenceNode):
        return list(node.value)
    return []


def _count(n: int) -> str:
    return f"more than {MAX_ALIAS_NODES * 10:,}" if n >= MAX_ALIAS_NODES * 10 else f"{n:,}"


def _too_deep_problem() -> Problem:
    return Problem(
        "ZY114",
        f"lists and mappings nested more than {MAX_DEPTH} levels deep; "
        "content needs a handful, so flatten this part",
        "YAML",
    )


def _marks(mark: Any) -> Loc:
    return (mark.line + 1, mark.column + 1)


def _alias_marks(text: str, index: int) -> dict[tuple[PathPart, ...], Loc]:
    """Path -> where written, for every alias of document ``index`` of ``text``.

    Keys are matched by their text, so an alias under an odd key (``true:``, ``~:``)
    is not found and the caller falls back to its parent's place.
    """
    out: dict[tuple[PathPart, ...], Loc] = {}
    doc = -1
    # Each frame: [path, next index (sequence) or None, expecting a key, last key]
    frames: list[list[Any]] = []
    for event in _yaml().parse(text):
        if isinstance(event, DocumentStartEvent):
            doc += 1
            if doc > index:
                break
            frames = []
            continue
        if doc != index:
            continue
        if isinstance(event, CollectionEndEvent):
            frames.pop()
            continue
        if not isinstance(event, NodeEvent):
            continue
        path: tuple[Any, ...] = ()
        is_key = False
        if frames:
            top = frames[-1]
            if top[1] is not None:  # sequence
                path = (*top[0], top[1])
                top[1] += 1
            elif top[2]:  # a key
                is_key = True
                top[3] = event.value if isinstance(event, ScalarEvent) else object()
                top[2] = False
                path = (*top[0], object())
            else:
                path = (*top[0], top[3])
                top[2] = True
        if isinstance(event, AliasEvent) and not is_key:
            out.setdefault(path, _marks(event.start_mark))
        elif isinstance(event, CollectionStartEvent):
            mapping = isinstance(event, MappingStartEvent)
            frames.append([path, None if mapping else 0, True, None])
    return out


def _first_too_deep(text: str) -> Loc | None:
    """Where nesting first passes MAX_DEPTH, from the event stream (no recursion)."""
    depth = 0
    try:
        for event in _yaml().parse(text):
            if isinstance(event, CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    return _marks(event.start_mark)
            elif isinstance(event, CollectionEndEvent):
                depth -= 1
    except YAMLError:  # the composer reports it, from the same events
        return None
    return None


def _depth_guard(text: str) -> Loc | None:
    """Where ``text`` nests too deep to hand to the C composer, or None when it is safe.

    Cheap in the common case: counting indicator characters per document is a bound
    on its depth, because every list or mapping needs at least one of its own (the
    composer's recursion starts afresh with each document).
    """
    if len(text) <= _COMPOSER_SAFE or sum(map(text.count, _INDICATORS)) <= _COMPOSER_SAFE:
        return None
    # A marker split where the parser sees none (inside a quoted or flow scalar) is
    # a syntax error there, so the composer never nests across it.
    bounds = [0, *(m.start() for m in _DOC_MARKER.finditer(text)), len(text)]
    for start, end in itertools.pairwise(bounds):
        if sum(text.count(ch, start, end) for ch in _INDICATORS) > _COMPOSER_SAFE:
            return _first_too_deep(text)
    return None


def _loc(node: Node) -> Loc:
    return (node.start_mark.line + 1, node.start_mark.column + 1)


def _yaml() -> YAML:
    return YAML(typ="safe")  # C parser when ruamel.yaml.clib is installed


# YAML 1.2's implicit scalar types, by first character, from ruamel's own table: what
# ``YAML(typ="safe")`` resolves, without its per-scalar version lookups (a third of
# loading a large library, issue 13). ruamel's C loader ignores `%YAML 1.1` too.
_IMPLICIT: dict[str, list[tuple[str, Any]]] = {}
for _versions, _tag_name, _regexp, _first in implicit_resolvers:
    if (1, 2) in _versions:
        for _ch in _first or [None]:
            _IMPLICIT.setdefault(_ch, []).append((_tag_name, _regexp))


class _Composer(CParser):  # type: ignore[misc]
    """ruamel's C parser and composer (``ruamel.yaml.clib``) with a fast tag resolver."""

    yaml_path_resolvers: dict[Any, Any] = {}  # noqa: RUF012 - read by the C composer

    def descend_resolver(self, current_node: Any, current_index: Any) -> None:
        return None

    def ascend_resolver(self) -> None:
        return None

    def resolve(self, kind: Any, value: str, implicit: tuple[bool, bool]) -> str:
        if kind is ScalarNode:
            if implicit[0]:
                for tag, regexp in _IMPLICIT.get(value[:1], ()):
                    if regexp.match(value):
                        return tag
            return _STR
        return _SEQ if kind is SequenceNode else _MAP


def _compose(text: str) -> list[Node | None]:
    """Every document of ``text`` as a node tree (syntax errors raise MarkedYAMLError)."""
    parser = _Composer(text)
    try:
        nodes = []
        while parser.check_node():
            nodes.append(parser.get_node())
        return nodes
    finally:
        parser.dispose()


def load_text(text: str, path: Path) -> LoadedFile:
    """Parse ``text``; syntax errors become problems, never exceptions."""
    problems: list[tuple[Loc, Problem]] = []
    docs: list[Document] = []
    deep = _depth_guard(text)
    if deep is not None:
        problems.append((deep, _too_deep_problem()))
        return LoadedFile(path, docs, problems)
    try:
        nodes = _compose(text)
    except RecursionError:  # pragma: no cover - the guard above keeps the composer shallow
        problems.append((_first_too_deep(text) or (1, 1), _too_deep_problem()))
        return LoadedFile(path, docs, problems)
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        loc = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        bom = _stray_bom(text, mark.index if mark else len(text))
        if bom is not None:  # the parser's complaint is about the invisible character
            loc, message = bom, _STRAY_BOM + f" (YAML: {(exc.problem or '').strip()})"
        else:
            message = _syntax_message(exc, text, loc)
        problems.append((loc, Problem("ZY102", message, "YAML")))
        return LoadedFile(path, docs, problems)
    except ReaderError as exc:  # a character YAML refuses: at its own line and column
        loc, message = _reader_problem(exc, text)
        problems.append((loc, Problem("ZY102", message, "YAML")))
        return LoadedFile(path, docs, problems)
    except YAMLError as exc:  # pragma: no cover - unmarked errors are rare
        problems.append(((1, 1), Problem("ZY102", f"YAML syntax error: {exc}", "YAML")))
        return LoadedFile(path, docs, problems)
    source = _Source(text)
    for index, node in enumerate(nodes):
        if node is None:
            continue
        doc = Document(path, index, None, _loc(node), None, source)
        try:
            doc.data = _fast(node, 0, set())
        except _Slow:
            doc._maps = _Maps()
            try:
                doc.data = _Builder(doc, problems, text).build(node, ())
            except _Refused as refused:
                problems.append((refused.loc, refused.problem))
                continue
        if doc.data is None:
            continue
        docs.append(doc)
    return LoadedFile(path, docs, problems)


_STRAY_BOM = (
    "a byte order mark (U+FEFF, invisible) inside the file; delete it: only the very "
    "start of a file may hold one (two files joined with `cat` keep the second one's)"
)
# C0 controls by their usual names, for a message about a byte a user cannot see
_CONTROL_NAMES = {0: "NUL", 7: "BEL", 8: "backspace", 0x0B: "vertical tab", 0x0C: "form feed"}
_CONTROL_NAMES.update({0x1B: "ESC", 0x7F: "DEL"})


def _offset_loc(text: str, offset: int) -> Loc:
    """1-based (line, column) of the character at ``offset`` in ``text``."""
    return text.count("\n", 0, offset) + 1, offset - text.rfind("\n", 0, offset)


def _stray_bom(text: str, before: int) -> Loc | None:
    """Where a U+FEFF after the start of ``text`` and up to offset ``before`` is, if any."""
    at = text.find("\ufeff", 0, before + 1)
    return None if at < 0 else _offset_loc(text, at)


def _reader_problem(exc: ReaderError, text: str) -> tuple[Loc, str]:
    """A character the YAML reader refuses, at its line and column (not "position N").

    The C reader's ``position`` counts UTF-8 bytes; the character it names is looked up
    from there, or else as the first of its kind in the text.
    """
    char = chr(exc.character) if isinstance(exc.character, int) else str(exc.character)
    head = text.encode("utf-8", "surrogatepass")[: max(exc.position, 0)]
    at = len(head.decode("utf-8", "ignore"))
    if text[at : at + 1] != char:
        at = max(text.find(char), 0)
    code = ord(char[:1] or "\0")
    name = _CONTROL_NAMES.get(code)
    what = f"U+{code:04X}" + (f" ({name})" if name else "")
    kind = "control character" if code < 0x20 or 0x7F <= code < 0xA0 else "character"
    return _offset_loc(text, at), (
        f"a {kind} {what}, which YAML does not allow in a file; delete it "
        "(text pasted from a terminal, or a file that is not text?)"
    )


def _syntax_message(exc: MarkedYAMLError, text: str, loc: Loc) -> str:
    problem = (exc.problem or "").strip()
    lines = text.splitlines()
    line = lines[loc[0] - 1] if 0 < loc[0] <= len(lines) else ""
    if "\t" in line[: max(loc[1], 1)] or "\t" in problem:
        return "tab character in indentation; YAML indents with spaces only"
    context = (exc.context or "").strip()
    detail = f"{context}: {problem}" if context else problem
    plain = _plain_syntax(exc, problem, lines, loc)
    if plain:  # the cause and fix in words; the parser's text stays, for searching
        return f"{plain} (YAML: {problem})"
    return f"YAML syntax error: {detail}"


def _plain_syntax(exc: MarkedYAMLError, problem: str, lines: list[str], loc: Loc) -> str:
    """The parser's common complaints as the likely cause and its fix (issue #14).

    A newcomer's mistakes are mostly indentation and unquoted values; the parser names
    neither. ``exc.context_mark`` is where the construct it was reading began.
    """
    mark = exc.context_mark
    began = f" on line {mark.line + 1}" if mark is not None else ""
    if problem.startswith("mapping values are not allowed"):
        row = lines[loc[0] - 1] if 0 < loc[0] <= len(lines) else ""
        indent = len(row) - len(row.lstrip(" "))
        above = next(
            (
                (n, s)
                for n, s in reversed(list(enumerate(lines[: loc[0] - 1], 1)))
                if s.strip() and not s.lstrip().startswith("#")
            ),
            None,
        )
        if above is not None and indent > len(above[1]) - len(above[1].lstrip(" ")):
            return (
                f"unexpected `:`: this line is indented deeper than line {above[0]}, "
                f"which already has its value; indent it like line {above[0]}, or quote "
                "the value if it contains ': '"
            )
        return (
            "unexpected `:` inside a value; put the value in quotes "
            '(`name: "a: b"`) or fix the indentation of the key'
        )
    if problem.startswith("could not find expected ':'"):
        return (
            f"a key without `:`{began}; write `key: value` (a space after the colon), "
            "or indent the line further to continue the text above"
        )
    if problem.startswith("did not find expected key") or problem.startswith(
        "expected <block end>, but found"
    ):
        return (
            f"this line does not line up with the keys of the block that starts{began}: "
            "indent it exactly as far as its sibling keys (spaces only), or remove "
            "the text after a quoted value"
        )
    if problem.startswith("found character that cannot start any token"):
        row = lines[loc[0] - 1] if 0 < loc[0] <= len(lines) else ""
        char = row[loc[1] - 1] if 0 < loc[1] <= len(row) else ""
        shown = f"`{char}`" if char.isprintable() and char not in "` " else "this character"
        return (
            f"a value cannot start with {shown} in YAML; put the value in quotes "
            f'(`name: "{char if char.isprintable() else ""}..."`)'
        )
    if problem.startswith("did not find expected '-' indicator"):
        return (
            f"a key where the list that starts{began} expects `- item`; "
            "start the line with `- `, or indent it like the key that holds the list"
        )
    if problem.startswith("found unexpected end of stream") and "quoted" in (exc.context or ""):
        return f"a quote opened{began} is never closed; add the closing quote"
    if problem.startswith("did not find expected ',' or ']'"):
        return f"a `[` opened{began} is not closed; end the list with `]`"
    return ""


def load_file(path: Path) -> LoadedFile:
    """Read and parse ``path``; unreadable, oversized or non-UTF-8 files become problems."""
    raw = read_bytes(path)
    if isinstance(raw, Problem):
        return LoadedFile(path, [], [((1, 1), raw)])
    return load_bytes(raw, path)


def read_bytes(path: Path) -> bytes | Problem:
    """The bytes of ``path`` within the loader's limits, or the problem (ZY100, ZY116)."""
    return _read(path)


def load_bytes(raw: bytes, path: Path) -> LoadedFile:
    """Parse the bytes of ``path`` (read by :func:`read_bytes`): what ``load_file`` returns."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        col = exc.start - (before.rfind(b"\n") + 1) + 1
        msg = (
            f"file is not UTF-8 (byte 0x{raw[exc.start]:02x}); "
            "save it as UTF-8 (most editors: File > Save with Encoding)"
        )
        return LoadedFile(path, [], [((line, col), Problem("ZY101", msg, "YAML"))])
    loaded = load_text(text, path)
    if not loaded.documents and not loaded.problems:
        loaded.problems.append(
            (
                (1, 1),
                Problem(
                    "ZY105",
                    "file is empty; a content file holds one or more documents starting with `kind:`",
                    "manual: Writing content",
                    (),
                    Severity.WARNING,
                ),
            )
        )
    return loaded


def _read(path: Path) -> bytes | Problem:
    """The bytes of a regular file of at most MAX_FILE_BYTES, or why not.

    A FIFO or device is never read (a FIFO blocks until someone writes, a device may
    never end); the size is checked before reading and again while reading, since a
    file can grow in between.
    """
    try:
        st = os.stat(path)
        if not stat.S_ISREG(st.st_mode):
            return _not_regular(st.st_mode)
        if st.st_size > MAX_FILE_BYTES:
            return _too_big(st.st_size)
        # O_NONBLOCK: should the file have become a FIFO since the stat, open() returns
        # at once instead of waiting for a writer, and fstat below refuses it.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                return _not_regular(st.st_mode)
            chunks: list[bytes] = []
            left = MAX_FILE_BYTES + 1
            while left > 0:
                chunk = os.read(fd, min(left, 1 << 20))
                if not chunk:
                    break
                chunks.append(chunk)
                left -= len(chunk)
        finally:
            os.close(fd)
    except OSError as exc:
        return Problem("ZY100", f"cannot read file: {exc.strerror}", "I/O")
    raw = b"".join(chunks)
    if len(raw) > MAX_FILE_BYTES:
        return _too_big(len(raw))
    return raw


def _not_regular(mode: int) -> Problem:
    what = (
        "a FIFO (named pipe)"
        if stat.S_ISFIFO(mode)
        else "a device"
        if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
        else "a socket"
        if stat.S_ISSOCK(mode)
        else "a folder"
        if stat.S_ISDIR(mode)
        else "not a regular file"
    )
    return Problem("ZY100", f"cannot read file: it is {what}; content files are plain files", "I/O")


def _too_big(size: int) -> Problem:
    return Problem(
        "ZY116",
        f"file is larger than the {MAX_FILE_BYTES // (1024 * 1024)} MiB the loader reads "
        f"({size / (1024 * 1024):.1f} MiB or more); split it into several files",
        "I/O",
    )


# --- Writing a value back ---------------------------------------------------------

_PLAIN = re.compile(r"[A-Za-z][A-Za-z0-9 ._'()-]*")
_RESERVED = {"yes", "no", "true", "false", "on", "off", "null", "y", "n", "~"}
# YAML reads NEL, U+2028 and U+2029 as line breaks, folding them to a space even inside
# double quotes, and refuses DEL, C1 controls, surrogates and U+FFFE/U+FFFF written raw.
_YAML_BREAKS = frozenset("\x85\u2028\u2029")


def _yaml_printable(ch: str) -> bool:
    code = ord(ch)
    return (
        0x20 <= code <= 0x7E
        or 0xA0 <= code <= 0xD7FF
        or 0xE000 <= code <= 0xFFFD
        or 0x10000 <= code <= 0x10FFFF
    ) and ch not in _YAML_BREAKS


def yaml_scalar(text: str) -> str:
    """A YAML scalar that reads back as exactly ``text``: plain when safe, else double-quoted.

    A JSON string is a YAML double-quoted scalar; what YAML would change or refuse is
    written as a ``\\uXXXX`` escape instead (see ``_YAML_BREAKS``).
    """
    if _PLAIN.fullmatch(text) and text.lower() not in _RESERVED and not text.endswith(" "):
        return text
    quoted = json.dumps(text, ensure_ascii=False)
    return "".join(ch if _yaml_printable(ch) else f"\\u{ord(ch):04x}" for ch in quoted)


def restored_file(
    path: Path,
    text: str,
    documents: list[tuple[int, Loc, Any]],
    problems: list[tuple[Loc, Problem]],
) -> LoadedFile:
    """A LoadedFile rebuilt from what :func:`load_bytes` returned for the same text.

    For the builder's cache: the data comes back without parsing, and ``text`` (the
    file's bytes, checked against the cached digest) gives each document its locations
    when a problem needs one.
    """
    source = _Source(text)
    docs = [Document(path, index, data, start, None, source) for index, start, data in documents]
    return LoadedFile(path, docs, problems)
