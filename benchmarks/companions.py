"""Generated libraries of the companion rule sets, for ``benchmarks/validate.py`` (issue 24).

Each library is the rule set's example project (``content/examples/<ruleset>/``, valid
by its own tests) plus copies of its entries, renamed, until it holds the entries asked
for: 16 Bit Tactics characters, jobs and monsters; 99 Towers combatants and weapons;
Turns and Actions combatants, abilities and weapons. Copies keep every reference the
original makes (a character's jobs, a monster's abilities), so each is as valid as the
example and costs the checks an entry of its kind costs. ``PER_FILE`` documents a file.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

from ruamel.yaml import YAML

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "content" / "examples"
COMPANIONS = ("16-bit-tactics", "99-towers", "turns-and-actions")
PER_FILE = 10
_SPLIT = re.compile(r"^---[ \t]*$", re.MULTILINE)
_NAME = re.compile(r"^name:.*$", re.MULTILINE)
_ID = re.compile(r"^id:.*$", re.MULTILINE)


def example_documents(ruleset: str) -> Iterator[tuple[Path, str, dict]]:
    """(file, text, data) of each document of the rule set's example project."""
    yaml = YAML(typ="safe", pure=False)
    root = EXAMPLES / ruleset
    for path in sorted(root.rglob("*.y*ml")):
        if path.name == "zodiac.yaml":
            continue
        for text in _SPLIT.split(path.read_text(encoding="utf-8")):
            data = yaml.load(text)
            if isinstance(data, dict) and "kind" in data:
                yield path.relative_to(root), text.strip("\n") + "\n", data


def renamed(text: str, data: dict, n: int) -> str:
    """The document ``text`` under a new name (and id, when it has one): copy ``n``."""
    name = f"{data['name']} {n:06d}"
    text = _NAME.sub(lambda _: f"name: {json.dumps(name)}", text, count=1)
    if "id" in data:
        text = _ID.sub(lambda _: f"id: {data['id']}-{n:06d}", text, count=1)
    return text


def make_companion_library(root: Path, ruleset: str, entries: int) -> int:
    """A project of rule set ``ruleset`` holding ``entries`` entries; returns how many the
    example itself brought (its files are copied whole: the copies reference them)."""
    root.mkdir(parents=True)
    (root / "zodiac.yaml").write_text(
        f"ruleset: {ruleset}\ntitle: Benchmark Library\npaper: a4\n", encoding="utf-8"
    )
    docs = list(example_documents(ruleset))
    for rel in {rel for rel, _, _ in docs}:
        (root / "example" / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / "example" / rel).write_text(
            (EXAMPLES / ruleset / rel).read_text(encoding="utf-8"), encoding="utf-8"
        )
    copies = [(text, data) for _, text, data in docs if isinstance(data.get("name"), str)]
    (root / "library").mkdir()
    left = entries - len(docs)
    for f, start in enumerate(range(0, max(left, 0), PER_FILE)):
        batch = [
            renamed(*copies[i % len(copies)], i) for i in range(start, min(start + PER_FILE, left))
        ]
        (root / "library" / f"lib-{f:05d}.yaml").write_text("---\n".join(batch), encoding="utf-8")
    return len(docs)
