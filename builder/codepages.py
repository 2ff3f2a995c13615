"""One page per diagnostic code, made from the rule cases the test suite runs (issue 25).

The cases live in ``tests/data/rule_cases/<ruleset-id>/<module>.yml`` (shipped in the
wheel as ``builder/_data/rule_cases``): for each code, a failing document, the
diagnostics it gets and a passing twin. ``tests/test_rule_cases.py`` runs every case;
this module reads the same files and, to write a page, runs the failing documents again,
so the message and the rule a page shows are the ones the builder prints today, and a
page cannot show an example that does not fail as shown.

The page is Markdown: the manual's ``docs/codes/<CODE>.md`` (``docs/gen_pages.py``) and
``zodiac rules codes CODE`` print the same text, as ``ruff rule`` does.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from ruamel.yaml import YAML

from builder.diagnostics import Diagnostic

_PKG = Path(__file__).resolve().parent

# Codes no single document can trigger: each with the reason. A new code needs a case or
# a line here, with its reason (tests/test_rule_cases.py, test_every_code_has_a_case).
NO_CASE: dict[str, str] = {
    "ZY100": "a file that cannot be read: permissions or a vanished file, not text",
    "ZY101": "bytes that are not UTF-8: a case file holds text (tests/io/test_loader.py)",
    "ZY112": "a symlink leading out of the project: not a document (tests/io/test_hostile_files.py)",
    "ZY116": "a file past the loader's size limit: megabytes, not a case (tests/io/test_hostile_input.py)",
    "ZY118": "a missing path named on the command line beside others: not a document "
    "(tests/cli/test_broken_project_inputs.py)",
    "ZC158": "retired: `gold:` against purchases is ZC180 now; never raised",
}


def cases_dir() -> Path:
    """``builder/_data/rule_cases`` in a wheel, else the checkout's ``tests/data/rule_cases``."""
    installed = _PKG / "_data" / "rule_cases"
    if installed.is_dir():
        return installed
    return _PKG.parent / "tests" / "data" / "rule_cases"


@dataclass(frozen=True)
class Expected:
    """One diagnostic a failing case must get."""

    code: str
    file: str
    line: int
    column: int
    message: str


@dataclass(frozen=True)
class Case:
    """One failing document set and its passing twin, for one code."""

    source: str  # the case file, relative to the cases folder
    ruleset: str
    code: str
    description: str
    fail: dict[str, str]
    expect: tuple[Expected, ...]
    passing: dict[str, str]
    setup: dict[str, str] = field(default_factory=dict)
    lint: bool = False
    module: str = ""

    @property
    def id(self) -> str:
        return f"{self.code}-{self.source}"


def project_file(ruleset: str) -> str:
    """The ``zodiac.yaml`` a case's project gets unless the case brings its own."""
    return f"ruleset: {ruleset}\ntitle: Rule cases\n"


def load_cases(folder: Path | None = None) -> list[Case]:
    """Every case of every case file under ``folder`` (default: :func:`cases_dir`), in file order."""
    folder = cases_dir() if folder is None else folder
    yaml = YAML(typ="safe", pure=True)
    cases: list[Case] = []
    for path in sorted(folder.rglob("*.yml")):
        data = yaml.load(path.read_text(encoding="utf-8"))
        source = path.relative_to(folder).as_posix()
        setup = dict(data.get("setup") or {})
        for raw in data["cases"]:
            fail = dict(raw["fail"])
            only = next(iter(fail)) if len(fail) == 1 else None
            expect = tuple(
                Expected(
                    e["code"],
                    e.get("file", only),
                    int(e["line"]),
                    int(e["column"]),
                    str(e.get("message", "")),
                )
                for e in raw["expect"]
            )
            cases.append(
                Case(
                    source,
                    data["ruleset"],
                    raw["code"],
                    raw.get("description", ""),
                    fail,
                    expect,
                    dict(raw["pass"]),
                    setup,
                    bool(raw.get("lint", False)),
                    str(data.get("module", "")),
                )
            )
    return cases


@cache
def _cached_cases() -> tuple[Case, ...]:
    return tuple(load_cases())


def cases_for(code: str) -> list[Case]:
    """The cases of one code, in file order."""
    return [c for c in _cached_cases() if c.code == code]


def run_files(root: Path, ruleset: str, files: dict[str, str], *, lint: bool = False) -> list:
    """Write ``files`` as a project of ``ruleset`` under ``root`` and validate it in-process,
    as `zodiac validate` does (the linter too with ``lint``); the diagnostics, sorted, with
    their paths as the working folder shows them."""
    from builder.workspace import open_workspace

    every = {"zodiac.yaml": project_file(ruleset), **files}
    for name, text in every.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    ws = open_workspace([root])
    diags = list(ws.report.diagnostics)
    if lint and ws.rule_set.lint is not None:
        lint_settings = ws.config.lint if ws.config is not None else None
        diags += ws.rule_set.run_lint(ws.content, ws.settings, lint_settings)
    return sorted(diags, key=lambda d: d.sort_key)


def _relative(diag: Diagnostic, root: Path) -> str:
    path = Path(diag.path)
    if not path.is_absolute():
        path = Path.cwd() / path
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return diag.path


def run_case(case: Case) -> list[tuple[str, Diagnostic]]:
    """(file relative to the case's project, diagnostic) for the case's failing documents."""
    with tempfile.TemporaryDirectory(prefix="zodiac-case-") as tmp:
        root = Path(tmp)
        found = run_files(root, case.ruleset, {**case.setup, **case.fail}, lint=case.lint)
        return [(_relative(d, root), d) for d in found]


def diagnostic_line(file: str, d: Diagnostic) -> str:
    """One diagnostic as `zodiac validate` prints it."""
    rule = f" [{d.rule}]" if d.rule else ""
    return f"{file}:{d.line}:{d.column}: {d.severity} {d.code} {d.message}{rule}"


def _yaml_blocks(files: dict[str, str]) -> list[str]:
    out: list[str] = []
    for name, text in files.items():
        out += [f"`{name}`:", "", "```yaml", text.rstrip("\n"), "```", ""]
    return out


def owner_of(code: str) -> str:
    """The rule set whose checks raise ``code``, or "every rule set" for the loader's."""
    from builder.codes import LOADING
    from builder.rulesets import all_rulesets

    if code in LOADING:
        return "every rule set (the loader)"
    for rule_set in all_rulesets():
        if code in rule_set.codes():
            return rule_set.id
    return "no registered rule set"


def _case_title(description: str | None, summary: str) -> str:
    """A case's own words: its description without the code's summary it repeats.

    "Tech Level not allowed ... (R12) (r12 break arts 2 4 6)" under ZT101 reads
    "r12 break arts 2 4 6"; a page's ten headings no longer say the same sentence.
    """
    told = (description or "").strip()
    if told.lower().startswith(summary.lower()):
        told = told[len(summary) :].strip()
        if told.startswith("(") and told.endswith(")"):
            told = told[1:-1].strip()
    return told


def code_page(code: str) -> str:
    """The Markdown page of ``code``: what it checks, the rule it cites, each case's failing
    documents with the diagnostics `zodiac validate` prints, and the passing twin.

    Raises KeyError for a code no rule set lists.
    """
    from builder.codes import all_codes

    summary = all_codes()[code]
    lines = [f"# {code}", "", f"**What it checks:** {summary}.", ""]
    lines += [f"**Rule set:** {owner_of(code)}.", ""]
    cases = cases_for(code)
    if not cases:
        reason = NO_CASE.get(code, "no case yet")
        lines += [f"No example: {reason}.", ""]
        return "\n".join(lines).rstrip("\n") + "\n"
    runs = [run_case(case) for case in cases]
    rules = sorted({d.rule for run in runs for _, d in run if d.code == code and d.rule})
    cited = ", ".join(rules) if rules else "none"
    lines += [f"**Rule cited:** {cited}.", ""]
    shown: dict[str, str] = {}
    for number, (case, run) in enumerate(zip(cases, runs, strict=True), start=1):
        title = "Example" if len(cases) == 1 else f"Example {number}"
        told = _case_title(case.description, summary)
        lines += [f"## {title}: {told}" if told else f"## {title}", ""]
        lines += ["Failing:", "", *_yaml_blocks(case.fail)]
        command = "zodiac validate --lint" if case.lint else "zodiac validate"
        lines += [f"`{command}` prints:", "", "```text"]
        lines += [diagnostic_line(file, d) for file, d in run]
        lines += ["```", "", "Passing twin:", "", *_yaml_blocks(case.passing)]
        # The files the example refers to come last: the failing document is what a
        # reader looks for first.
        if case.setup and case.setup != shown:
            lines += ["Beside them, the project holds:", "", *_yaml_blocks(case.setup)]
            shown = case.setup
        elif case.setup:
            lines += ["Beside them, the project holds the files shown above.", ""]
    return "\n".join(lines).rstrip("\n") + "\n"
