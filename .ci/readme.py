"""Print the shell commands of one README block, so CI runs what the README says.

A block is the fenced code block that follows a `<!-- ci: NAME -->` marker line; the
marker is invisible on a rendered README. Exits 2 when the block is missing, so renaming
or deleting a README block cannot make CI silently skip it.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def block(name: str, text: str) -> str:
    """The body of the fenced block after the `ci: name` marker."""
    pattern = rf"<!-- ci: {re.escape(name)} -->\s*\n```[a-z]*\n(.*?)\n```"
    match = re.search(pattern, text, re.DOTALL)
    if match is None:
        raise SystemExit(f"README.md has no `<!-- ci: {name} -->` block")
    return match.group(1)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit("usage: readme.py BLOCK")
    print(block(sys.argv[1], README.read_text(encoding="utf-8")))
