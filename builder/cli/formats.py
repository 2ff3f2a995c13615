"""Reports for CI: GitHub workflow annotations and SARIF 2.1.0 for code scanning.

Both are built from the same Diagnostics the text report prints. GitHub's workflow
commands are one line each (``::error file=...,line=...,col=...,title=...::message``),
with ``%``, CR and LF escaped in the message and also ``:`` and ``,`` in a property, as
GitHub's toolkit does. SARIF follows the OASIS 2.1.0 schema (tests validate against it):
the rules come from the code registry (`zodiac rules codes`), each result points at
``path`` relative to ``%SRCROOT%`` (the folder the command ran in), line and column.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.parse import quote

from builder import __version__
from builder.diagnostics import Diagnostic
from builder.problems import Severity
from builder.text import printable

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
SARIF_VERSION = "2.1.0"
SRCROOT = "%SRCROOT%"
TOOL_URI = "https://github.com/zodiac-builder/zodiac"


def escape_data(text: str) -> str:
    """A workflow command's message: ``%``, CR and LF percent-encoded (``%`` first)."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """A workflow command's property value: as a message, and ``:`` and ``,`` too."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def _described(d: Diagnostic) -> str:
    """The message as the text report ends it: the rule cited in brackets."""
    return f"{d.message} [{d.rule}]" if d.rule else d.message


def github_annotations(diags: Sequence[Diagnostic]) -> list[str]:
    """One ``::error`` / ``::warning`` workflow command per diagnostic.

    Controls other than CR and LF are shown as escapes first (``printable``): a log line
    of a stranger's file name must never carry a terminal command.
    """
    lines = []
    for d in diags:
        command = "error" if d.severity is Severity.ERROR else "warning"
        props = {
            "file": d.path,
            "line": str(d.line),
            "col": str(d.column),
            "title": d.code,
        }
        shown = ",".join(f"{k}={escape_property(printable(v))}" for k, v in props.items())
        lines.append(f"::{command} {shown}::{escape_data(printable(_described(d)))}")
    return lines


def _level(severity: Severity) -> str:
    return "error" if severity is Severity.ERROR else "warning"


def _artifact(path: str) -> dict[str, str]:
    """A diagnostic's path as a SARIF artifactLocation: relative to %SRCROOT% when it can be."""
    p = Path(path)
    if p.is_absolute():
        return {"uri": p.as_uri()}
    return {"uri": quote(p.as_posix()), "uriBaseId": SRCROOT}


def sarif_log(
    diags: Sequence[Diagnostic], codes: dict[str, str], *, base: Path | None = None
) -> dict[str, Any]:
    """A SARIF 2.1.0 log of one run: every known code as a rule, every diagnostic a result.

    ``codes`` is the code registry (code -> one-line summary); a code missing from it
    still gets a rule, so every ``ruleIndex`` points at one. ``base`` is the folder the
    relative paths start from (default: the working folder).
    """
    rules_by_code = dict(codes)
    for d in diags:
        rules_by_code.setdefault(d.code, d.code)
    index = {code: i for i, code in enumerate(rules_by_code)}
    rules = [
        {
            "id": code,
            "shortDescription": {"text": summary},
            "helpUri": f"{TOOL_URI}#readme",
        }
        for code, summary in rules_by_code.items()
    ]
    results = [
        {
            "ruleId": d.code,
            "ruleIndex": index[d.code],
            "level": _level(d.severity),
            "message": {"text": _described(d)},
            "locations": [
                {
                    "physicalLocation": {
                        "artifactLocation": _artifact(d.path),
                        "region": {"startLine": max(d.line, 1), "startColumn": max(d.column, 1)},
                    }
                }
            ],
            "properties": {"rule": d.rule},
        }
        for d in diags
    ]
    root = (base or Path.cwd()).resolve()
    return {
        "$schema": SARIF_SCHEMA,
        "version": SARIF_VERSION,
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "zodiac",
                        "version": __version__,
                        "informationUri": TOOL_URI,
                        "rules": rules,
                    }
                },
                "originalUriBaseIds": {SRCROOT: {"uri": root.as_uri().rstrip("/") + "/"}},
                "columnKind": "unicodeCodePoints",
                "results": results,
            }
        ],
    }
