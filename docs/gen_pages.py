"""Write the manual's generated pages while `mkdocs build` runs (mkdocs-gen-files, issue 25).

Nothing here is written twice: the benchmarks page is the README's own Performance
section (the benchmarks' output, issue 24), the architecture page is ARCHITECTURE.md, each code's page comes from the rule
cases the test suite runs (``builder.codepages``), each getting-started page runs
`zodiac init` and `zodiac validate` and shows what they print, and the content
reference is read from the pydantic models (``builder.reference``).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import mkdocs_gen_files

from builder.codepages import code_page, owner_of
from builder.codes import all_codes
from builder.reference import reference_page
from builder.rulesets import RuleSet, all_rulesets

REPO = Path(__file__).resolve().parent.parent

# The real renders of each rule set's example project (docs/*.png), shown on its page:
# docs/render_images.py makes them and says which page of which book each one is.
sys.path.insert(0, str(REPO / "docs"))
from render_images import pictures_of  # noqa: E402


def _wizards(rid: str) -> list[str]:
    """The rule set's creation wizards (`character new`...), read from the mounted app."""
    import builder.cli.app  # noqa: F401  (mounts every rule set's commands)
    from builder.cli.mount import commands_for

    commands = [f"`zodiac {c}`" for c in commands_for(rid, "new")]
    if not commands:
        return []
    return [
        f"No YAML to write: in the project, {' or '.join(commands)} asks the book's steps "
        "one question at a time, refuses what the book forbids with `validate`'s own "
        "message, and writes a file that validates clean (see "
        "[Your own campaign](../guide/campaign.md)).",
        "",
    ]


def readme_section(heading: str) -> str:
    """The body of README.md's ``## heading`` section, up to the next ``## ``."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    match = re.search(rf"^## {re.escape(heading)}\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    if match is None:
        raise SystemExit(f"README.md has no '## {heading}' section")
    # The README links pages as `docs/guide/x.md` (they work on GitHub); on the site the
    # section is a page at the top of docs/, so the same link is `guide/x.md`.
    return re.sub(r"\]\(docs/", "](", match.group(1).strip("\n"))


def write(path: str, text: str, *, source: Path | None = None) -> None:
    with mkdocs_gen_files.open(path, "w") as f:
        f.write(text)
    if source is not None:  # "edit this page" goes to the file the text comes from
        mkdocs_gen_files.set_edit_path(path, source.relative_to(REPO).as_posix())


def zodiac(*args: str, cwd: Path) -> str:
    """Run `zodiac ARGS` as a user would; its output (it must succeed)."""
    r = subprocess.run(
        [sys.executable, "-m", "builder", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "ZODIAC_NO_CACHE": "1", "COLUMNS": "100", "NO_COLOR": "1"},
    )
    if r.returncode != 0:
        raise SystemExit(f"zodiac {' '.join(args)} failed:\n{r.stdout}{r.stderr}")
    return (r.stdout + r.stderr).rstrip("\n")


def getting_started(rule_set: RuleSet) -> str:
    """Install, init, the first entry, validate and build, each command run for real."""
    rid = rule_set.id
    with tempfile.TemporaryDirectory() as tmp:
        here = Path(tmp)
        created = zodiac("init", "my-campaign", "--ruleset", rid, cwd=here)
        project = here / "my-campaign"
        entries = sorted(
            p
            for p in project.rglob("*.yaml")
            if p.name != "zodiac.yaml" and "schemas" not in p.parts
        )
        first = entries[0]
        config = (project / "zodiac.yaml").read_text(encoding="utf-8")
        entry = first.read_text(encoding="utf-8")
        validated = zodiac("validate", cwd=project)
    name = first.relative_to(project).as_posix()
    kind = re.search(r"^kind: (\S+)", entry, re.M)
    kind_link = f"[{kind.group(1)}](../reference/{rid}.md#{kind.group(1)})" if kind else "its kind"
    lines = [
        f"# Getting started: {rule_set.title}",
        "",
        "## Install",
        "",
        "Python 3.11 or later, and Pango for printing (the README's quick start lists the "
        "system packages). In a checkout of the builder:",
        "",
        "```sh",
        "python3 -m venv .venv && . .venv/bin/activate && python -m pip install -e .",
        "```",
        "",
        "## A new project",
        "",
        "```sh",
        f"zodiac init my-campaign --ruleset {rid}",
        "```",
        "",
        "```text",
        created,
        "```",
        "",
        "`zodiac.yaml` names the rule set and the books the project prints:",
        "",
        "```yaml",
        config.rstrip("\n"),
        "```",
        "",
        "## A first entry",
        "",
        f"`init` wrote a small entry of each kind; `{name}` is one ({kind_link} in the "
        "content reference lists every field). Change it, or add files beside it: every "
        "YAML file under the project is content.",
        "",
        "```yaml",
        entry.rstrip("\n"),
        "```",
        "",
        *_wizards(rid),
        "## Validate",
        "",
        "```sh",
        "cd my-campaign && zodiac validate",
        "```",
        "",
        "```text",
        validated,
        "```",
        "",
        "A problem prints as `file:line:col: error CODE message [rule]`; each code has a "
        "page under [Diagnostic codes](../codes/index.md).",
        "",
        "## Build",
        "",
        "```sh",
        "zodiac build",
        "```",
        "",
        "prints every book `zodiac.yaml` lists into `dist/`. The example project "
        f"(`content/examples/{rule_set.example or rid}/`) printed:",
        "",
    ]
    for picture in pictures_of(rid):
        lines += [
            f"![{rule_set.title}: {picture.alt}](../{picture.png})",
            "",
            f"*{picture.alt[0].upper()}{picture.alt[1:]}: page {picture.page} of "
            f"`{picture.pdf}` (`python docs/render_images.py --ruleset {rid}` prints it "
            "again).*",
            "",
        ]
    return "\n".join(lines)


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def codes_index() -> str:
    """Every code, grouped by the rule set that raises it, each linking to its page."""
    groups: dict[str, list[tuple[str, str]]] = {}
    for code, summary in all_codes().items():
        groups.setdefault(owner_of(code), []).append((code, summary))
    lines = [
        "# Diagnostic codes",
        "",
        "Every code `zodiac validate` can report, with a page each: what it checks, the rule "
        "it cites, a failing document with what `validate` prints, and the passing twin. "
        "The examples are the rule cases the test suite runs "
        "(`tests/data/rule_cases/`). In a terminal, `zodiac rules codes CODE` prints the "
        "same page.",
        "",
    ]
    for owner, codes in groups.items():
        lines += [f"## {owner}", "", "| code | what it checks |", "| --- | --- |"]
        lines += [f"| [{code}]({code}.md) | {_cell(summary)} |" for code, summary in codes]
        lines.append("")
    return "\n".join(lines)


def main() -> None:
    write(
        "benchmarks.md",
        "# Performance and benchmarks\n\n" + readme_section("Performance"),
        source=REPO / "README.md",
    )
    write(
        "architecture.md",
        (REPO / "ARCHITECTURE.md").read_text(encoding="utf-8"),
        source=REPO / "ARCHITECTURE.md",
    )
    write("codes/index.md", codes_index())
    for code in all_codes():
        write(f"codes/{code}.md", code_page(code))
    for rule_set in all_rulesets():
        write(f"getting-started/{rule_set.id}.md", getting_started(rule_set))
        write(f"reference/{rule_set.id}.md", reference_page(rule_set))


main()
