"""Issue "Trust": a hostile YAML text costs bounded time and memory and never crashes the loader."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from builder.io.project import load_content
from builder.io.yaml import MAX_DEPTH, load_text

T = Path("t.yaml")


def problems(text: str) -> list[tuple[int, int, str]]:
    return [(*loc, p.code) for loc, p in load_text(text, T).problems]


def bomb(levels: int) -> str:
    """The issue's file: each level an anchored list of nine aliases of the one before."""
    names = "abcdefghijklmnopqrstuvwxyz"
    lines = ["a: &a [x,x,x,x,x,x,x,x,x]"]
    for i in range(1, levels):
        lines.append(f"{names[i]}: &{names[i]} [" + ",".join([f"*{names[i - 1]}"] * 9) + "]")
    return "\n".join(lines) + "\n"


# --- aliases -----------------------------------------------------------------------------


def test_the_alias_bomb_is_refused_quickly_at_the_alias_that_crosses_the_limit() -> None:
    """Alias bombs: a 723-byte file of nested anchors (9 levels) takes 34 s and 3.9 GB and
    ends in MemoryError."""
    text = bomb(9)
    start = time.process_time()  # this process's CPU (~0.1 s), not the busy machine's clock
    loaded = load_text(text, T)
    assert time.process_time() - start < 5
    assert loaded.documents == []
    [(loc, p)] = loaded.problems
    # f: is 9**5 = 59,049 values a use; the second of them passes 100,000.
    assert (loc, p.code) == ((6, 8), "ZY113")
    assert p.message == (
        "aliases in this document expand to more than 100,000 values (this one alone to "
        "66,430); content needs few aliases of small anchors"
    )


def test_a_smaller_bomb_is_refused_too() -> None:
    """Alias bombs: limit the expanded size, computed without expanding."""
    assert problems(bomb(6)) == [(6, 8, "ZY113")]


def test_too_many_alias_uses_are_refused_at_the_first_one_too_many() -> None:
    """Alias bombs: limit (a) the number of alias uses per document (e.g. 1,000)."""
    text = "a: &a 1\nb: [" + ", ".join(["*a"] * 1001) + "]\n"
    loaded = load_text(text, T)
    [(loc, p)] = loaded.problems
    assert (loc, p.code) == ((2, 5 + 4 * 1000), "ZY113")
    assert p.message.startswith("more than 1,000 aliases (*name) in one document")


def test_an_anchor_containing_itself_cannot_loop_forever() -> None:
    """Also make sure a recursive alias (an anchor containing itself) cannot loop forever."""
    loaded = load_text("kind: monster\nparts: &p [1, {inner: *p}]\n", T)
    [(loc, p)] = loaded.problems
    assert (loc, p.code) == ((2, 23), "ZY113")
    assert p.message.startswith("an alias inside its own anchor (&name ... *name) repeats forever")


def test_one_refused_document_leaves_the_others() -> None:
    loaded = load_text("kind: a\n---\n" + bomb(9) + "---\nkind: c\n", T)
    assert [d.data for d in loaded.documents] == [{"kind": "a"}, {"kind": "c"}]
    assert [(*loc, p.code) for loc, p in loaded.problems] == [(8, 8, "ZY113")]


def test_honest_aliases_still_work() -> None:
    data = load_text("base: &b {str: 3, agi: 2}\none: *b\ntwo: [*b, *b]\n", T).documents[0].data
    assert data == {
        "base": {"str": 3, "agi": 2},
        "one": {"str": 3, "agi": 2},
        "two": [{"str": 3, "agi": 2}, {"str": 3, "agi": 2}],
    }


def test_a_problem_inside_an_anchor_is_reported_once_not_per_alias() -> None:
    loaded = load_text("base: &b {str: !roll 3}\none: *b\ntwo: [*b, *b]\n", T)
    assert [(*loc, p.code) for loc, p in loaded.problems] == [(1, 16, "ZY104")]


# --- depth -------------------------------------------------------------------------------


def test_deep_flow_nesting_is_a_located_error() -> None:
    """Deep nesting: 1000 levels of `[` give a RecursionError traceback."""
    [(loc, p)] = load_text("[" * 1000 + "]" * 1000, T).problems
    assert (loc, p.code) == ((1, MAX_DEPTH + 1), "ZY114")
    assert p.message == (
        "lists and mappings nested more than 64 levels deep; "
        "content needs a handful, so flatten this part"
    )


def test_deep_block_nesting_is_a_located_error() -> None:
    """Deep nesting: 1000 levels of `- ` give a RecursionError traceback."""
    assert problems("- " * 1000 + "x\n") == [(1, 2 * MAX_DEPTH + 1, "ZY114")]
    mappings = "".join(" " * i + "a:\n" for i in range(200))
    assert problems(mappings) == [(MAX_DEPTH + 1, MAX_DEPTH + 1, "ZY114")]


def test_64_levels_are_allowed_65_are_not() -> None:
    assert problems("[" * 64 + "]" * 64) == []
    assert problems("[" * 65 + "]" * 65) == [(1, 65, "ZY114")]


def test_a_too_deep_document_leaves_the_others() -> None:
    loaded = load_text("kind: a\n---\n" + "[" * 100 + "]" * 100 + "\n---\nkind: c\n", T)
    assert [d.data for d in loaded.documents] == [{"kind": "a"}, {"kind": "c"}]
    assert [(*loc, p.code) for loc, p in loaded.problems] == [(3, 65, "ZY114")]


def test_nesting_that_would_crash_the_c_composer_is_refused_before_it() -> None:
    """Check whether ruamel's C composer itself recurses and crashes (try 10k and 100k levels):
    at 100k it dies of a segfault, so the depth is found before it composes."""
    code = (
        "from pathlib import Path\n"
        "from builder.io.yaml import load_text\n"
        "for n in (10_000, 100_000, 1_000_000):\n"
        "    for text in ('[' * n + ']' * n, '- ' * n + 'x', '{a: ' * n + '1' + '}' * n):\n"
        "        [(loc, p)] = load_text(text, Path('t')).problems\n"
        "        print(n, loc, p.code)\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.split("\n") == [
        *(
            line
            for n in (10_000, 100_000, 1_000_000)
            for line in (f"{n} (1, 65) ZY114", f"{n} (1, 129) ZY114", f"{n} (1, 257) ZY114")
        ),
        "",
    ]


# --- numbers -----------------------------------------------------------------------------


def test_a_5000_digit_number_is_a_located_error() -> None:
    """A 5000-digit number gives Python's integer-string-conversion ValueError traceback."""
    loaded = load_text("kind: monster\nlevel: " + "9" * 5000 + "\n", T)
    [(loc, p)] = loaded.problems
    assert (loc, p.code) == ((2, 8), "ZY115")
    assert p.message == (
        "a number with 5,000 digits; game values need at most a few (the loader reads up "
        "to 30); if this is text, put it in quotes"
    )


def test_long_hex_octal_and_float_numbers_are_refused_too() -> None:
    """Also hex/octal."""
    text = f"a: 0x{'f' * 5000}\nb: 0o{'7' * 5000}\nc: 1.{'5' * 5000}\nd: -{'1' * 31}\n"
    assert problems(text) == [(1, 4, "ZY115"), (2, 4, "ZY115"), (3, 4, "ZY115"), (4, 4, "ZY115")]


def test_numbers_up_to_30_digits_still_load() -> None:
    data = load_text(f"a: {'1' * 30}\nb: 1_000_000\nc: 0xFF\nd: 1.5e300\n", T).documents[0].data
    assert data == {"a": int("1" * 30), "b": 1_000_000, "c": 255, "d": 1.5e300}


def test_a_huge_number_in_content_is_a_diagnostic_end_to_end(write) -> None:
    content = load_content([write("m.yaml", "kind: monster\nname: X\nlevel: " + "9" * 5000)])
    assert [(d.code, d.line, d.column) for d in content.diagnostics] == [
        ("ZY115", 3, 8),
        ("ZS104", 3, 8),  # the model then sees text where a number belongs
        ("ZS101", 1, 1),  # stats: missing
    ]
