"""Safe YAML loading that remembers where every value came from.

ruamel's C-backed parser composes node trees (with marks) ~6x faster than its
round-trip loader (DESIGN: Performance notes). We build plain Python data from the
nodes ourselves, which lets us keep a ``path -> (line, column)`` map, reject
duplicate keys and refuse every non-core tag: a file from the internet can never
construct an object.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from builder.problems import PathPart, Problem, Severity

Loc = tuple[int, int]  # 1-based line, 1-based column

_CORE = "tag:yaml.org,2002:"
_INT = re.compile(r"^[-+]?(0|[1-9][0-9_]*)$")
_HEX = re.compile(r"^0x[0-9a-fA-F_]+$")
_OCT = re.compile(r"^0o[0-7_]+$")


@dataclass
class Document:
    """One YAML document of a file, as plain data plus where each piece came from."""

    path: Path
    index: int
    data: Any
    start: Loc
    values: dict[tuple[PathPart, ...], Loc] = field(default_factory=dict)
    keys: dict[tuple[PathPart, ...], Loc] = field(default_factory=dict)

    def locate(self, path: tuple[PathPart, ...], *, key: bool = False) -> Loc:
        """Line and column of ``path``, or of its nearest ancestor that exists.

        With ``key=True`` the mapping key is preferred (for 'unknown field'), else
        the value (for 'wrong value').
        """
        p = tuple(path)
        while True:
            first, second = (self.keys, self.values) if key else (self.values, self.keys)
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


class _Builder:
    def __init__(self, doc: Document, problems: list[tuple[Loc, Problem]]):
        self.doc = doc
        self.problems = problems

    def problem(self, node: Node, code: str, message: str, path: tuple[PathPart, ...]) -> None:
        loc = _loc(node)
        self.problems.append((loc, Problem(code, message, "YAML", path, Severity.ERROR)))

    def build(self, node: Node, path: tuple[PathPart, ...]) -> Any:
        self.doc.values[path] = _loc(node)
        if isinstance(node, MappingNode):
            if node.tag != _CORE + "map":
                self._bad_tag(node, path)
            out: dict[str, Any] = {}
            for key_node, value_node in node.value:
                if not isinstance(key_node, ScalarNode):
                    self.problem(
                        key_node, "ZY106", "a key must be a plain word, not a list or mapping", path
                    )
                    continue
                if key_node.tag == _CORE + "merge":
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
            if node.tag != _CORE + "seq":
                self._bad_tag(node, path)
            return [self.build(item, (*path, i)) for i, item in enumerate(node.value)]
        return self.scalar(node, path)

    def _bad_tag(self, node: Node, path: tuple[PathPart, ...]) -> None:
        self.problem(
            node,
            "ZY104",
            f"tag '{node.tag}' is not allowed; content files use plain YAML values only",
            path,
        )

    def scalar(self, node: ScalarNode, path: tuple[PathPart, ...]) -> Any:
        tag, text = node.tag, node.value
        if not tag.startswith(_CORE):
            self._bad_tag(node, path)
            return text
        kind = tag[len(_CORE) :]
        if kind == "null":
            return None
        if kind == "bool":
            return text.lower() == "true"
        if kind == "int":
            clean = text.replace("_", "")
            if _HEX.match(text):
                return int(clean, 16)
            if _OCT.match(text):
                return int(clean[2:], 8)
            if _INT.match(text):
                return int(clean)
            return text
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
        if kind in ("str", "timestamp"):  # dates stay text: content never needs datetimes
            return text
        self._bad_tag(node, path)
        return text


def _loc(node: Node) -> Loc:
    return (node.start_mark.line + 1, node.start_mark.column + 1)


def _yaml() -> YAML:
    return YAML(typ="safe")  # C parser when ruamel.yaml.clib is installed


def load_text(text: str, path: Path) -> LoadedFile:
    """Parse ``text``; syntax errors become problems, never exceptions."""
    problems: list[tuple[Loc, Problem]] = []
    docs: list[Document] = []
    try:
        nodes = list(_yaml().compose_all(text))
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        loc = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problems.append((loc, Problem("ZY102", _syntax_message(exc, text, loc), "YAML")))
        return LoadedFile(path, docs, problems)
    except YAMLError as exc:  # pragma: no cover - unmarked errors are rare
        problems.append(((1, 1), Problem("ZY102", f"YAML syntax error: {exc}", "YAML")))
        return LoadedFile(path, docs, problems)
    for index, node in enumerate(nodes):
        if node is None:
            continue
        doc = Document(path, index, None, _loc(node))
        doc.data = _Builder(doc, problems).build(node, ())
        if doc.data is None:
            continue
        docs.append(doc)
    return LoadedFile(path, docs, problems)


def _syntax_message(exc: MarkedYAMLError, text: str, loc: Loc) -> str:
    problem = (exc.problem or "").strip()
    lines = text.splitlines()
    line = lines[loc[0] - 1] if 0 < loc[0] <= len(lines) else ""
    if "\t" in line[: max(loc[1], 1)] or "\t" in problem:
        return "tab character in indentation; YAML indents with spaces only"
    context = (exc.context or "").strip()
    detail = f"{context}: {problem}" if context else problem
    return f"YAML syntax error: {detail}"


def load_file(path: Path) -> LoadedFile:
    """Read and parse ``path``; unreadable or non-UTF-8 files become problems."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        return LoadedFile(
            path, [], [((1, 1), Problem("ZY100", f"cannot read file: {exc.strerror}", "I/O"))]
        )
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
                    "DESIGN: Content files",
                    (),
                    Severity.WARNING,
                ),
            )
        )
    return loaded
