"""Edit one YAML document of a user's file by splicing text: every other byte stays.

Why not load and dump with ruamel's round-trip mode: it re-indents sequences, moves
comments between entries, re-wraps long lines, may change quoting and the document
markers, and those are the user's bytes (issue 16). Here ruamel only *composes* the
text (nodes with their start and end offsets), and each edit inserts or removes whole
lines (block style) or a span between commas (flow style), writing the new values in
the style of their neighbours: a flow mapping after flow mappings, a block mapping
after block mappings, a trailing ``# level N`` comment after items that have one.

Edits are applied one at a time, the text composed again between them (files are
small), so each sees offsets that are true. An edit never changes text outside its
span, so ``apply(apply(t, [Append]), [Remove])`` gives back ``t`` byte for byte when the
remove takes away what the append added.

Anchors and aliases (``- &lv2 {mag: 2}`` ... ``- *lv2``): ruamel composes an alias as
the very node of its anchor, with the anchor's offsets, so an edit at an alias would cut
or insert at the anchor (issue #28). Here each alias is its own node (`_Alias`, at the
``*name`` it is written as). Before an edit removes or replaces text that defines an
anchor still used outside that text, the first such use is written out as the value,
taking the anchor over (``&lv2 {mag: 2, agi: 1}``); an edit inside a value reached
through an alias first writes that alias out, so the anchor's other uses keep their
value. A value that cannot be written on one line refuses with the alias's offset
(`SpliceError.at`), the text untouched.

The text must be one the project's loader already accepted (no tags, no alias bombs),
with ``\\n`` line endings; `builder.io.atomic.read_for_edit` gives such text.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.composer import Composer
from ruamel.yaml.error import YAMLError
from ruamel.yaml.events import AliasEvent
from ruamel.yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from builder.io.yaml import yaml_scalar
from builder.problems import PathPart

__all__ = [
    "Append",
    "Edit",
    "Remove",
    "SetComment",
    "SetValue",
    "SpliceError",
    "apply",
    "item_comment",
]

_DEFAULT_DASH_OFFSET = 2  # "key:\n  - item" when the document shows no block sequence
_DEFAULT_ITEM_INDENT = 2  # "- key: v\n  key: v"
# Aliases written out before one edit, and the characters one written-out value may
# take: real content shares a few small stat blocks; the loader bounds the rest (ZY113).
_MAX_WRITTEN_OUT = 200
_MAX_WRITTEN_CHARS = 20_000
_STR = "tag:yaml.org,2002:str"
_PROPERTIES = re.compile(r"(?:[&!]\S*(?:\s+|$))*")  # "&name !!tag " before a scalar's text


class SpliceError(ValueError):
    """The document does not have the shape an edit needs (a bug in the caller, or a file
    written in a way this splicer does not edit, e.g. a value on its own line after ``-``).

    ``at``: the offset in the text the problem is written at, when there is one (an
    alias whose value cannot be written out), so the caller can say file:line:col.
    """

    def __init__(self, message: str, at: int | None = None) -> None:
        super().__init__(message)
        self.at = at


class _Alias(Node):
    """An alias use (``*name``) at its own offsets; ``target`` is its anchor's node."""

    id = "alias"

    def __init__(self, target: Node, name: str, start_mark: Any, end_mark: Any) -> None:
        super().__init__(target.tag, None, start_mark, end_mark)
        self.target = target
        self.name = name


class _AliasComposer(Composer):
    """ruamel's composer, but an alias is an `_Alias` node, not its anchor's node again."""

    def __init__(self, loader: Any = None) -> None:
        super().__init__(loader)
        self.warn_double_anchors = False  # a written-out alias takes its anchor over

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.parser.check_event(AliasEvent):
            event = self.parser.peek_event()
            if event.anchor in self.anchors:
                target = super().compose_node(parent, index)  # consumes the event
                return _Alias(target, event.anchor, event.start_mark, event.end_mark)
        return super().compose_node(parent, index)


@dataclass(frozen=True)
class SetValue:
    """Replace the scalar at ``path`` (which must exist) with ``value``."""

    path: tuple[PathPart, ...]
    value: int | str


@dataclass(frozen=True)
class Append:
    """Append ``value`` to the sequence at ``path``; create the key when it is missing.

    ``comment`` (without ``#``) goes after a new one-line item, aligned like the comment
    of the item before it (or two spaces after the item when that one has none).
    """

    path: tuple[PathPart, ...]
    value: Any
    comment: str | None = None


@dataclass(frozen=True)
class Remove:
    """Remove the sequence item at ``path`` (its last part is the index). A sequence left
    empty loses its key too, except a flow ``[]`` in a block mapping, which stays ``[]``
    (``advancement: []`` written by the user)."""

    path: tuple[PathPart, ...]


@dataclass(frozen=True)
class SetComment:
    """Set the trailing comment of the line where the value at ``path`` ends.

    Only the comment's text after ``# `` changes, so its spacing stays; a line without
    one gets ``  # comment``; ``None`` takes away a comment that `SetComment` added (two
    spaces, ``# ``, the text), so adding and then removing gives back the line exactly.
    """

    path: tuple[PathPart, ...]
    comment: str | None


Edit = SetValue | Append | Remove | SetComment


def apply(text: str, index: int, edits: Sequence[Edit]) -> str:
    """``text`` with ``edits`` made, in order, to its document number ``index``.

    Raises `SpliceError` (never a parser error) when an edit cannot be made.
    """
    for edit in edits:
        text = _write_out_aliases(text, index, edit)
        root = _document(text, index)
        if isinstance(edit, SetValue):
            text = _set(text, root, edit)
        elif isinstance(edit, Append):
            text = _append(text, root, edit)
        elif isinstance(edit, SetComment):
            text = _set_comment(text, root, edit)
        else:
            start, end = _remove_span(text, root, edit.path)
            text = text[:start] + text[end:]
    if edits:
        _document(text, index)  # the result composes: every alias still has its anchor
    return text


def item_comment(text: str, index: int, path: tuple[PathPart, ...]) -> str | None:
    """The trailing comment (without ``#``) on the last line of the item at ``path``."""
    root = _document(text, index)
    node = _find(root, path)
    if node is None:
        return None
    line = _line_of(text, _content_end(text, node) - 1)
    return _comment_of(line)[0]


# --- composing and finding ----------------------------------------------------------


def _document(text: str, index: int) -> Node:
    yaml = YAML(typ="rt", pure=True)
    yaml.Composer = _AliasComposer
    try:
        nodes = list(yaml.compose_all(text))
    except YAMLError as exc:  # the loader accepted the text, so an edit broke it: a bug
        raise SpliceError(f"the edited text is not YAML any more ({exc})") from exc
    if not 0 <= index < len(nodes) or nodes[index] is None:
        raise SpliceError(f"the file has no document {index + 1}")
    return nodes[index]


def _find(node: Node | None, path: Sequence[PathPart]) -> Node | None:
    for part in path:
        if isinstance(node, MappingNode) and isinstance(part, str):
            node = next((v for k, v in node.value if k.value == part), None)
        elif isinstance(node, SequenceNode) and isinstance(part, int):
            node = node.value[part] if 0 <= part < len(node.value) else None
        else:
            return None
    return node


def _key(mapping: MappingNode, name: PathPart) -> tuple[int, Node, Node]:
    for i, (k, v) in enumerate(mapping.value):
        if k.value == name:
            return i, k, v
    raise SpliceError(f"no key {name!r}")


def _flow(node: Node) -> bool:
    return bool(getattr(node, "flow_style", False))


# --- where things end -----------------------------------------------------------------


def _content_end(text: str, node: Node) -> int:
    """Offset just after the last character of ``node``'s own text.

    Block collections end where the next token starts (after comments and blank lines),
    so their end is their last leaf's; a block scalar's end is its last non-blank char.
    """
    if isinstance(node, _Alias):
        return node.end_mark.index
    if isinstance(node, ScalarNode):
        end = node.end_mark.index
        if node.style in ("|", ">"):
            end = len(text[:end].rstrip())
        return end
    if _flow(node) or not node.value:
        return node.end_mark.index
    last = node.value[-1]
    if isinstance(node, MappingNode):
        return _content_end(text, last[1])
    return _content_end(text, last)


def _line_start(text: str, offset: int) -> int:
    return text.rfind("\n", 0, offset) + 1


def _after_line(text: str, offset: int) -> int:
    """Offset just after the newline of the line holding ``offset`` (end of text if none)."""
    nl = text.find("\n", offset)
    return len(text) if nl < 0 else nl + 1


def _line_of(text: str, offset: int) -> str:
    start = _line_start(text, offset)
    nl = text.find("\n", offset)
    return text[start : len(text) if nl < 0 else nl]


_COMMENT = re.compile(r"(\s+)#\s?(.*)$")


def _comment_of(line: str) -> tuple[str | None, str]:
    """(comment text, the spaces before ``#``) of a line's trailing comment.

    Only a ``#`` after whitespace outside quotes starts one; our lines hold plain ids,
    numbers and flow punctuation, and a quoted ``#`` is skipped by tracking quotes.
    """
    quote = ""
    for i, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = ""
            continue
        if ch in "'\"":
            quote = ch
        elif ch == "#" and i > 0 and line[i - 1] in " \t":
            m = _COMMENT.match(line, len(line[:i].rstrip()))
            if m:
                return m.group(2), m.group(1)
    return None, "  "


# --- writing values ---------------------------------------------------------------------


def _scalar(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return yaml_scalar(str(value))


def flow(value: Any) -> str:
    """``value`` in flow style on one line: ``{str: 2, agi: 1}``, ``[{to: 2, at: 3}]``."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_scalar(k)}: {flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    return _scalar(value)


def _block_mapping(value: dict, indent: int) -> list[str]:
    """A mapping's lines in block style, the first without its indentation (it follows
    ``- ``); nested collections in flow style."""
    lines = [f"{_scalar(k)}: {flow(v)}" for k, v in value.items()]
    return [lines[0], *(" " * indent + line for line in lines[1:])]


def _dash_style(root: Node) -> tuple[int, int]:
    """(dash offset under its key, item indent after the dash) of the document's first
    block sequence held by a block mapping; the common 2 and 2 when there is none."""
    stack = [root]
    while stack:
        node = stack.pop(0)
        if isinstance(node, MappingNode) and not _flow(node):
            for k, v in node.value:
                if isinstance(v, SequenceNode) and not _flow(v) and v.value:
                    dash = v.start_mark.column - k.start_mark.column
                    item = v.value[0].start_mark.column - v.start_mark.column
                    return max(dash, 0), max(item, 2)
                stack.append(v)
        elif isinstance(node, SequenceNode):
            stack.extend(node.value)
    return _DEFAULT_DASH_OFFSET, _DEFAULT_ITEM_INDENT


# --- the edits ------------------------------------------------------------------------------


def _set(text: str, root: Node, edit: SetValue) -> str:
    node = _find(root, edit.path)
    scalar = node.target if isinstance(node, _Alias) else node
    if not isinstance(scalar, ScalarNode):  # an alias is replaced by the value alone
        raise SpliceError(f"no scalar at {edit.path}")
    return text[: node.start_mark.index] + _scalar(edit.value) + text[node.end_mark.index :]


def _set_comment(text: str, root: Node, edit: SetComment) -> str:
    node = _find(root, edit.path)
    if node is None:
        raise SpliceError(f"nothing at {edit.path}")
    end = _content_end(text, node)
    start = _line_start(text, end - 1) if end else 0
    stop = _after_line(text, end) if end < len(text) else len(text)
    line = text[start:stop].removesuffix("\n")
    old, _ = _comment_of(line)
    if old is None:
        if edit.comment is None:
            return text
        new_line = f"{line}  # {edit.comment}"
    elif edit.comment is None:
        added = f"  # {old}"
        if not line.endswith(added):
            raise SpliceError("the comment was not written by zodiac; it stays")
        new_line = line[: -len(added)]
    else:
        new_line = line[: len(line) - len(old)] + edit.comment
    return text[:start] + new_line + text[start + len(line) :]


def _insert_line_after(text: str, offset: int, lines: str) -> str:
    """Insert whole ``lines`` (ending in a newline) after the line holding ``offset``.

    At the end of a text without a final newline the lines go after a new one and the
    text still ends without one, as `_lines_span` expects when it takes them away.
    """
    at = _after_line(text, offset)
    if at == len(text) and not text.endswith("\n"):
        lines = "\n" + lines[:-1]
    return text[:at] + lines + text[at:]


def _append(text: str, root: Node, edit: Append) -> str:
    node = _find(root, edit.path)
    if node is None:
        return _add_key(text, root, edit)
    if not isinstance(node, SequenceNode):
        raise SpliceError(f"{edit.path} is not a sequence")
    if _flow(node):
        if node.value:
            at = node.value[-1].end_mark.index
            return text[:at] + ", " + flow(edit.value) + text[at:]
        at = node.start_mark.index + 1  # just after "["
        return text[:at] + flow(edit.value) + text[at:]
    last = node.value[-1]
    dash = node.start_mark.column
    item_col = last.start_mark.column
    end = _content_end(text, last)
    shape = last.target if isinstance(last, _Alias) else last  # `- *lv2` written like lv2
    if isinstance(edit.value, dict) and isinstance(shape, MappingNode) and not _flow(shape):
        body = _block_mapping(edit.value, item_col)
    else:
        body = [flow(edit.value)]
    first = " " * dash + "-" + " " * (item_col - dash - 1) + body[0]
    if edit.comment is not None and len(body) == 1:
        gap = _comment_of(_line_of(text, end - 1))[1]  # the previous item's spacing
        first += f"{gap}# {edit.comment}"
    lines = "\n".join([first, *body[1:]]) + "\n"
    return _insert_line_after(text, end - 1, lines)


def _add_key(text: str, root: Node, edit: Append) -> str:
    """A new key holding a one-item sequence, at the end of the mapping that should hold it."""
    *parent_path, name = edit.path
    parent = _find(root, tuple(parent_path))
    if not isinstance(parent, MappingNode):
        raise SpliceError(f"no mapping at {tuple(parent_path)}")
    if _flow(parent):
        entry = f"{_scalar(name)}: {flow([edit.value])}"
        if parent.value:
            at = parent.value[-1][1].end_mark.index
            return text[:at] + ", " + entry + text[at:]
        at = parent.start_mark.index + 1
        return text[:at] + entry + text[at:]
    if not parent.value:
        raise SpliceError(f"empty block mapping at {tuple(parent_path)}")
    key_col = parent.value[0][0].start_mark.column
    dash_offset, item_indent = _dash_style(root)
    dash = key_col + dash_offset
    item = flow(edit.value)
    lines = (
        f"{' ' * key_col}{_scalar(name)}:\n{' ' * dash}-{' ' * (item_indent - 1)}{item}"
        + (f"  # {edit.comment}" if edit.comment else "")
        + "\n"
    )
    return _insert_line_after(text, _content_end(text, parent) - 1, lines)


def _remove_span(text: str, root: Node, path: tuple[PathPart, ...]) -> tuple[int, int]:
    """The span of ``text`` that removing the item at ``path`` cuts out."""
    *seq_path, index = path
    seq = _find(root, tuple(seq_path))
    if not isinstance(seq, SequenceNode) or not isinstance(index, int):
        raise SpliceError(f"no sequence at {tuple(seq_path)}")
    items = seq.value
    if not 0 <= index < len(items):
        raise SpliceError(f"no item {index} at {tuple(seq_path)}")
    parent = _find(root, tuple(seq_path[:-1])) if seq_path else None
    keeps_brackets = _flow(seq) and not _flow(parent)  # the user's `key: []` stays
    if len(items) == 1 and isinstance(parent, MappingNode) and not keeps_brackets:
        return _remove_key_span(text, parent, seq_path[-1])
    item = items[index]
    if _flow(seq):
        if len(items) == 1:
            start = seq.start_mark.index + 1
        elif index > 0:
            start = items[index - 1].end_mark.index
        else:
            return item.start_mark.index, items[1].start_mark.index
        return start, item.end_mark.index
    dash_at = text.rfind("-", 0, item.start_mark.index)
    start = _line_start(text, dash_at)
    return _lines_span(text, start, _after_line(text, _content_end(text, item) - 1))


def _remove_key_span(text: str, mapping: MappingNode, name: PathPart) -> tuple[int, int]:
    i, key, value = _key(mapping, name)
    if _flow(mapping):
        if len(mapping.value) == 1:
            return key.start_mark.index, value.end_mark.index
        if i > 0:
            return mapping.value[i - 1][1].end_mark.index, _content_end(text, value)
        return key.start_mark.index, mapping.value[1][0].start_mark.index
    start = _line_start(text, key.start_mark.index)
    if text[start : key.start_mark.index].strip():  # "- key: ..." opens a sequence item
        if len(mapping.value) == 1:
            raise SpliceError(f"{name!r} is the only key of its item")
        return key.start_mark.index, mapping.value[1][0].start_mark.index
    return _lines_span(text, start, _after_line(text, _content_end(text, value) - 1))


# --- anchors and aliases ------------------------------------------------------------------


def _write_out_aliases(text: str, index: int, edit: Edit) -> str:
    """``text`` with the aliases written out that ``edit`` would otherwise break.

    One alias at a time, composing again after each: an alias on the way to the edited
    value (the anchor's other uses must not change), then the first use, outside the
    span the edit cuts or replaces, of an anchor defined inside it (that use takes the
    anchor over, so later uses still resolve).
    """
    for _ in range(_MAX_WRITTEN_OUT):
        root = _document(text, index)
        alias = _alias_on_path(root, edit)
        if alias is not None:  # a copy of the value for this use alone
            value = _written(text, alias.target, alias)
        else:
            alias = _orphaned_alias(text, root, edit)
            if alias is None:
                return text
            value = f"&{alias.name} {_written(text, alias.target, alias)}"  # takes it over
        text = text[: alias.start_mark.index] + value + text[alias.end_mark.index :]
    raise SpliceError("too many aliases to write out")


def _alias_on_path(root: Node, edit: Edit) -> _Alias | None:
    """An alias the edit would reach through (and so change its anchor's every use)."""
    steps = len(edit.path) if isinstance(edit, Append) else len(edit.path) - 1
    node: Node | None = root
    for part in edit.path[:steps]:
        node = _find(node, (part,))
        if isinstance(node, _Alias):
            return node
    return None


def _cut_span(text: str, root: Node, edit: Edit) -> tuple[int, int] | None:
    """The span an edit removes or replaces (an append only inserts)."""
    if isinstance(edit, Remove):
        return _remove_span(text, root, edit.path)
    if isinstance(edit, SetValue):
        node = _find(root, edit.path)
        if node is not None:
            return node.start_mark.index, node.end_mark.index
    return None


def _inside(node: Node, span: tuple[int, int] | None) -> bool:
    return span is not None and span[0] <= node.start_mark.index < span[1]


def _nodes(root: Node) -> list[Node]:
    """Every node of a document in text order, an alias as itself (not its anchor's tree)."""
    out: list[Node] = []
    stack = [root]
    while stack:
        node = stack.pop()
        out.append(node)
        if isinstance(node, MappingNode):
            stack.extend(n for pair in reversed(node.value) for n in reversed(pair))
        elif isinstance(node, SequenceNode):
            stack.extend(reversed(node.value))
    return out


def _orphaned_alias(text: str, root: Node, edit: Edit) -> _Alias | None:
    """The first alias outside the edit's span whose anchor is defined inside it."""
    span = _cut_span(text, root, edit)
    if span is None:
        return None
    for node in _nodes(root):
        if isinstance(node, _Alias) and not _inside(node, span) and _inside(node.target, span):
            return node
    return None


def _written(text: str, node: Node, alias: _Alias) -> str:
    """``node``'s value in flow style on one line, without its anchors, for ``alias``."""
    out = _flow_text(text, node, alias)
    if len(out) > _MAX_WRITTEN_CHARS:
        raise SpliceError(
            f"the value of &{alias.name} is too long to write out in place of *{alias.name}",
            alias.start_mark.index,
        )
    return out


def _flow_text(text: str, node: Node, alias: _Alias) -> str:
    if isinstance(node, _Alias):
        return f"*{node.name}"
    if isinstance(node, MappingNode):
        pairs = (
            f"{_flow_text(text, k, alias)}: {_flow_text(text, v, alias)}" for k, v in node.value
        )
        return "{" + ", ".join(pairs) + "}"
    if isinstance(node, SequenceNode):
        return "[" + ", ".join(_flow_text(text, v, alias) for v in node.value) + "]"
    if str(node.tag) == _STR:
        return yaml_scalar(node.value)
    raw = text[node.start_mark.index : node.end_mark.index]
    props = _PROPERTIES.match(raw)
    tags = [p for p in raw[: props.end()].split() if p.startswith("!")] if props else []
    value = raw[props.end() :] if props else raw
    if "\n" in value:
        raise SpliceError(
            f"the value of &{alias.name} spans lines and cannot be written out in place "
            f"of *{alias.name}",
            alias.start_mark.index,
        )
    return " ".join([*tags, value or "null"])


def _lines_span(text: str, start: int, end: int) -> tuple[int, int]:
    """The whole lines from ``start`` (a line start) to ``end`` (after a newline, or the
    end of a text without a final newline: then the newline before goes too)."""
    if end == len(text) and not text.endswith("\n") and start > 0:
        start -= 1
    return start, end
