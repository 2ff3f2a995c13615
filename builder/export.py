"""`zodiac export`: a project's computed numbers as JSON, Markdown stat blocks and CSV.

Why: players keep their numbers in other tools (a Homebrewery page, a spreadsheet, a
script); re-typing them is where mistakes creep in. Every format starts from the same
computed views `zodiac show` prints (``RuleSet.show_for``), so an export never disagrees
with `show` or with the printed books.

- JSON: one file per kind (``character.json``...), an object holding every entity's
  `show --format json` object; `export_schema` is its JSON Schema, committed as
  ``schemas/export.schema.json`` (kept fresh by a test) and written beside the files,
  which name it in ``$schema``.
- Markdown: stat blocks in Homebrewery V3's syntax (``{{monster,frame`` ... ``}}``, the
  shape of its own "monster" snippet); the rule set may write
  its own block for a kind (``RuleSetExports.markdown``), the rest come from the `show`
  view's sections. Every piece of user text goes through `md_text`.
- CSV: the tables the rule set offers (ZODIAC: equipment and Techs), every cell guarded
  against formula injection (`csv_cell`): content is hostile, and a spreadsheet runs
  ``=HYPERLINK(...)`` typed into a name.

Files are written atomically and only under the chosen folder (`write_export`). Shared
code: what a game adds is registered as ``RuleSet.exports`` (import string), never
imported from here.
"""

from __future__ import annotations

import csv
import io
import os
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from builder import __version__
from builder.text import bad_character, printable

if TYPE_CHECKING:
    from builder.io.project import Entity
    from builder.views import Shown
    from builder.workspace import Workspace

__all__ = [
    "EXPORT_SCHEMA_FILE",
    "ExportFile",
    "Format",
    "RuleSetExports",
    "Table",
    "csv_cell",
    "export_files",
    "export_schema",
    "md_text",
    "stat_block",
    "write_export",
]

EXPORT_SCHEMA_FILE = "export.schema.json"  # under schemas/
EXPORT_SCHEMA_ID = f"https://zodiac-builder.invalid/schemas/{EXPORT_SCHEMA_FILE}"
DRAFT = "https://json-schema.org/draft/2020-12/schema"


class Format(StrEnum):
    json = "json"
    markdown = "markdown"
    csv = "csv"


@dataclass(frozen=True)
class Table:
    """A spreadsheet: its file stem (``equipment``), column titles and rows of plain values."""

    name: str
    columns: tuple[str, ...]
    rows: list[list[Any]]


@dataclass(frozen=True)
class RuleSetExports:
    """What a rule set adds to `zodiac export` (registered as ``RuleSet.exports``).

    ``markdown(ws, entity, shown)`` writes a kind's own stat block, or returns None for
    the generic one; ``tables(ws, entities)`` lists its CSV tables; ``schemas`` maps a
    kind to the JSON Schema of its `show` object (the keys scripts may rely on).
    """

    markdown: Callable[[Workspace, Entity, Shown], str | None] | None = None
    tables: Callable[[Workspace, Sequence[Entity]], list[Table]] | None = None
    schemas: Mapping[str, dict[str, Any]] = field(default_factory=dict)


@dataclass(frozen=True)
class ExportFile:
    """One file of an export: its name inside the output folder and its text."""

    name: str
    text: str
    count: int  # entities or rows in it
    about: str = ""  # what the file is, when it holds no entities (the JSON Schema)


# --------------------------------------------------------------------------- selection


def _exports_of(ws: Workspace) -> RuleSetExports:
    from builder.rulesets import resolve

    spec = getattr(ws.rule_set, "exports", None)
    return resolve(spec) if spec else RuleSetExports()


def project_entities(ws: Workspace) -> list[Entity]:
    """The project's own entities (not the rule set's shipped catalogues), in file order."""
    from builder.paths import content_dir

    folder = ws.rule_set.core_folder
    core = {(content_dir() / folder).resolve()} if folder else set()
    return [e for e in ws.content.entities if e.doc.path.resolve().parent not in core]


def _by_kind(ws: Workspace, entities: Iterable[Entity]) -> dict[str, list[Entity]]:
    """kind -> its entities that have a `show` view, kinds in the rule set's order."""
    out: dict[str, list[Entity]] = {}
    for entity in entities:
        if ws.rule_set.show_for(entity.kind) is not None:
            out.setdefault(entity.kind, []).append(entity)
    order = {k: i for i, k in enumerate(ws.rule_set.kinds)}
    return dict(sorted(out.items(), key=lambda kv: order.get(kv[0], len(order))))


def _shown(ws: Workspace, entity: Entity) -> Shown:
    view = ws.rule_set.show_for(entity.kind)
    assert view is not None  # _by_kind kept only kinds with a view
    return view(ws, entity)


def export_files(
    ws: Workspace, fmt: Format, *, format_version: int, entities: Sequence[Entity] | None = None
) -> list[ExportFile]:
    """Every file of an export of ``ws`` (the project's own entities unless given)."""
    chosen = project_entities(ws) if entities is None else list(entities)
    if fmt is Format.json:
        return _json_files(ws, chosen, format_version)
    if fmt is Format.markdown:
        return _markdown_files(ws, chosen)
    return _csv_files(ws, chosen)


# --------------------------------------------------------------------------- JSON


def _json_files(ws: Workspace, entities: Sequence[Entity], version: int) -> list[ExportFile]:
    import json

    files = []
    for kind, members in _by_kind(ws, entities).items():
        objects = []
        for entity in members:
            data = _shown(ws, entity).json
            objects.append(
                {
                    "format_version": version,
                    **{k: v for k, v in data.items() if k != "format_version"},
                }
            )
        doc = {
            "$schema": EXPORT_SCHEMA_FILE,  # written beside it (issue #28)
            "format_version": version,
            "generator": f"zodiac {__version__}",
            "ruleset": ws.rule_set.id,
            "kind": kind,
            "count": len(objects),
            "entities": objects,
        }
        text = json.dumps(doc, indent=2, ensure_ascii=False)
        if bad_character(text, multiline=True):  # a control or lone surrogate: escaped
            text = json.dumps(doc, indent=2)
        text += "\n"
        files.append(ExportFile(f"{kind}.json", text, len(objects)))
    if files:
        # `$schema` must resolve from where the export is read, wherever --out is and
        # wherever the folder is copied to later: the schema travels with the files
        # rather than pointing into the checkout or the installed package.
        files.append(ExportFile(EXPORT_SCHEMA_FILE, export_schema_text(), 0, "their JSON Schema"))
    return files


def export_schema() -> dict[str, Any]:
    """The JSON Schema of an export's ``<kind>.json`` files, for every registered rule set.

    The envelope is fixed; each entity is a `show --format json` object: the keys a rule
    set promises for a kind (its ``RuleSetExports.schemas``) are required, more are allowed.
    """
    from builder import rulesets

    defs: dict[str, Any] = {
        "entity": {
            "type": "object",
            "description": "One entity as `zodiac show FILE --format json` prints it.",
            "required": ["format_version"],
            "properties": {"format_version": {"type": "integer", "minimum": 1}},
        }
    }
    cases: list[dict[str, Any]] = []
    for game in rulesets.all_rulesets():
        spec = getattr(game, "exports", None)
        kinds = rulesets.resolve(spec).schemas if spec else {}
        for kind, schema in sorted(kinds.items()):
            name = f"{game.id}.{kind}"
            defs[name] = {"allOf": [{"$ref": "#/$defs/entity"}, schema]}
            cases.append(
                {
                    "if": {
                        "properties": {"ruleset": {"const": game.id}, "kind": {"const": kind}},
                        "required": ["ruleset", "kind"],
                    },
                    "then": {"properties": {"entities": {"items": {"$ref": f"#/$defs/{name}"}}}},
                }
            )
    return {
        "$schema": DRAFT,
        "$id": EXPORT_SCHEMA_ID,
        "title": "zodiac export (JSON)",
        "description": (
            "One file of `zodiac export --to json`: every entity of one kind, each the "
            f"object `zodiac show --format json` prints (zodiac-builder {__version__})."
        ),
        "type": "object",
        "required": ["format_version", "generator", "ruleset", "kind", "count", "entities"],
        "properties": {
            "$schema": {"type": "string", "description": "Where this schema lives."},
            "format_version": {
                "type": "integer",
                "minimum": 1,
                "description": "Raised when a key is renamed, removed or changes meaning.",
            },
            "generator": {"type": "string", "pattern": "^zodiac ", "description": "zodiac X.Y"},
            "ruleset": {"enum": rulesets.ids(), "description": "The project's rule set."},
            "kind": {"type": "string", "minLength": 1, "description": "The entities' kind."},
            "count": {"type": "integer", "minimum": 0, "description": "How many entities."},
            "entities": {
                "type": "array",
                "items": {"$ref": "#/$defs/entity"},
                "description": "Every entity of the kind, in file order.",
            },
        },
        "additionalProperties": False,
        "allOf": cases,
        "$defs": defs,
    }


def export_schema_text() -> str:
    """`export_schema` as the committed file's text."""
    import json

    return json.dumps(export_schema(), indent=2) + "\n"


# --------------------------------------------------------------------------- Markdown

# What makes text do something in Markdown, in Homebrewery's additions and in HTML,
# escaped (CommonMark lets a backslash escape any ASCII punctuation): emphasis, links and
# images, code, tables, strike-through, Homebrewery's `{{block}}`, `^super^` and `::`
# definitions. Punctuation that only acts at the start of a line (a heading, a list, a
# quote, a lone `:` spacer) is escaped there. `<`, `>` and `&` become entities:
# Homebrewery renders raw HTML, and a page must never run a stranger's `<script>`.
_MD_ALWAYS = re.compile(r"([\\`*_\[\]{}|~^$])")
_MD_COLONS = re.compile(r":{2,}")
_MD_LEAD = re.compile(r"^(\s*\d*)([#+\-=:.)])")


def md_text(value: object) -> str:
    """User text as inert Markdown on one line: markup escaped, HTML as entities."""
    text = printable(" ".join(str(value).split()))  # controls visible, one line
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    text = _MD_ALWAYS.sub(r"\\\1", text)
    text = _MD_COLONS.sub(lambda m: "\\:" * len(m.group()), text)
    lead = _MD_LEAD.match(text)  # `# x`, `- x`, `1. x`, `1) x`, a lone `:` spacer
    if lead and (lead.group(1) == "" or lead.group(2) in ".)"):
        text = f"{lead.group(1)}\\{text[lead.end(1) :]}"
    return text


def md_paragraphs(value: object) -> str:
    """Prose (a description) as escaped Markdown, its paragraphs kept."""
    blocks = re.split(r"\n\s*\n", str(value))
    return "\n\n".join(md_text(b) for b in blocks if b.strip())


def stat_block(
    title: str,
    subtitle: str,
    groups: Sequence[Sequence[tuple[str, str]]],
    *,
    stats: Mapping[str, object] | None = None,
    sections: Sequence[tuple[str, Sequence[tuple[str, str]]]] = (),
    prose: Sequence[str] = (),
    wide: bool = False,
) -> str:
    """A Homebrewery V3 stat block; every argument is plain text, escaped here.

    ``groups`` are runs of ``**Key** :: value`` lines, split by ``___`` rules; ``stats``
    the ability table (upper-cased keys as its header); ``sections`` ``### Heading``
    parts of ``***Name.*** text`` entries; ``prose`` closing paragraphs.
    """
    lines = ["{{monster,frame" + (",wide" if wide else ""), f"## {md_text(title)}"]
    if subtitle:
        lines.append(f"*{md_text(subtitle)}*")
    for i, group in enumerate(groups):
        rows = [(k, v) for k, v in group if v not in ("", None)]
        if not rows:
            continue
        lines.append("___")
        lines += [f"**{md_text(k)}** :: {md_text(v)}" for k, v in rows]
        if i == 0 and stats:
            lines.append("___")
            lines += _stat_table(stats)
    if not groups and stats:
        lines.append("___")
        lines += _stat_table(stats)
    for heading, entries in sections:
        if not entries:
            continue
        lines.append(f"### {md_text(heading)}")
        body = [
            (f"***{md_text(name)}.*** {md_text(text)}" if name else md_text(text))
            for name, text in entries
        ]
        lines.append("\n:\n".join(body))  # `:` is Homebrewery's vertical space
    for paragraph in prose:
        if paragraph.strip():
            lines += ["", md_paragraphs(paragraph)]
    lines.append("}}")
    return "\n".join(lines) + "\n"


def _stat_table(stats: Mapping[str, object]) -> list[str]:
    keys = list(stats)
    return [
        "| " + " | ".join(md_text(k.upper()) for k in keys) + " |",
        "|" + "|".join(":---:" for _ in keys) + "|",
        "| " + " | ".join(md_text(stats[k]) for k in keys) + " |",
    ]


def generic_block(shown: Shown, kind: str) -> str:
    """A stat block from a `show` view's own sections: for kinds with no block of their own."""
    stats = shown.json.get("stats")
    table = (
        {str(k): v for k, v in stats.items()}
        if isinstance(stats, Mapping) and all(isinstance(v, int) for v in stats.values())
        else None
    )
    groups: list[list[tuple[str, str]]] = []
    sections: list[tuple[str, list[tuple[str, str]]]] = []
    prose: list[str] = []
    for heading, pairs in shown.sections:
        keyed = [(k, v) for k, v in pairs if k]
        loose = [v for k, v in pairs if not k]
        if heading.lower() in ("stats", "base stats") and table:
            continue
        if keyed:
            if not groups:
                groups.append(keyed)
            else:
                sections.append((heading, keyed))
        if loose and heading.lower() == "description":
            prose += loose
        elif loose:
            sections.append((heading, [("", v) for v in loose]))
    return stat_block(
        shown.title,
        kind.replace("_", " "),
        groups,
        stats=table,
        sections=sections,
        prose=prose,
    )


def _markdown_files(ws: Workspace, entities: Sequence[Entity]) -> list[ExportFile]:
    hook = _exports_of(ws).markdown
    files = []
    for kind, members in _by_kind(ws, entities).items():
        blocks = []
        for entity in members:
            shown = _shown(ws, entity)
            block = hook(ws, entity, shown) if hook is not None else None
            blocks.append(block if block is not None else generic_block(shown, kind))
        files.append(ExportFile(f"{kind}.md", "\n".join(blocks), len(blocks)))
    return files


# --------------------------------------------------------------------------- CSV

_FORMULA_LEADS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: object) -> str:
    """A cell no spreadsheet runs: text starting like a formula gets a leading apostrophe.

    The OWASP advice for CSV injection: ``=``, ``+``, ``-``, ``@`` (and tab / carriage
    return, which some programs strip first) start a formula; ``'`` makes it text.
    Numbers are written as numbers (a negative number is a number, not a formula).
    """
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int | float):
        return str(value)
    raw = str(value)
    text = printable(raw)  # a control character shows as an escape, never acts
    return "'" + text if raw.startswith(_FORMULA_LEADS) else text


def table_text(table: Table) -> str:
    """A table as CSV (RFC 4180 quoting, CRLF rows, as spreadsheets expect)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow([csv_cell(c) for c in table.columns])
    for row in table.rows:
        writer.writerow([csv_cell(c) for c in row])
    return buffer.getvalue()


def _csv_files(ws: Workspace, entities: Sequence[Entity]) -> list[ExportFile]:
    hook = _exports_of(ws).tables
    if hook is None:
        return []
    return [ExportFile(f"{t.name}.csv", table_text(t), len(t.rows)) for t in hook(ws, entities)]


# --------------------------------------------------------------------------- writing


def write_export(files: Sequence[ExportFile], out: Path) -> list[Path]:
    """Write ``files`` into ``out`` (created if missing), each atomically, never outside it.

    A name is ours (a kind or a table name), but it is checked anyway: one plain file
    name, landing inside ``out`` after symlinks are followed.
    """
    from builder.errors import UsageError
    from builder.io.atomic import write_text_atomic

    out = Path(out)
    if out.exists() and not out.is_dir():
        raise UsageError(f"--out {printable(str(out))} is a file; name a folder")
    out.mkdir(parents=True, exist_ok=True)
    root = Path(os.path.realpath(out))
    written = []
    for f in files:
        target = root / f.name
        if (
            Path(f.name).name != f.name
            or f.name.startswith(".")
            or Path(os.path.realpath(target)).parent != root
        ):
            raise UsageError(
                f"refusing to write {printable(f.name)!r} outside {printable(str(out))}"
            )
        write_text_atomic(target, f.text)
        written.append(out / f.name)
    return written
