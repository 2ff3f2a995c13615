"""The one Jinja2 environment every document is rendered with.

Why these choices:

- Autoescape is on for every template: content text is data typed by strangers, never HTML.
  A description holding `<script>` prints as those characters.
- `StrictUndefined`: a misspelt field fails the build instead of printing an empty cell.
- The environment is *always* an `ImmutableSandboxedEnvironment`. A user's template folder
  overrides builder templates by name, so builder templates end up including user partials
  and user templates extend the builder's base: the two cannot live in separate environments,
  and a sandbox switched on only "when a user folder is given" would make the same template
  behave differently depending on configuration. The sandbox is cheap (the whole sample
  book renders to HTML in ~50 ms; WeasyPrint then takes ~2.7 s), and "immutable" also
  stops templates from mutating the views they are given (templates read; never compute).
- The loaders refuse a template whose real path (after symlinks) leaves its folder, so a
  shared project cannot print `~/.ssh/id_rsa` through a symlinked "partial".
- Nothing in a template is evaluated while it is compiled (`optimized=False` and a
  finalize that asks for the context turn off Jinja2's constant folding). Otherwise
  `{{ 'a'|center(10**9) }}` would build its gigabyte in the compiler, outside any
  template frame, and the memory limit of `zodiac build` could not say which line did it.
- Products are bounded (issue #28): `('a' * 10**9)|length` built a gigabyte under the
  2 GiB cap of `zodiac build` and printed "1000000000". A repetition (`*` of a string or
  list by a number) longer than `MAX_REPEAT` items, and a power (`**`) of more than
  `MAX_POWER_BITS` bits, are refused before anything is allocated, naming the line.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import jinja2
from jinja2.loaders import split_template_path
from jinja2.sandbox import ImmutableSandboxedEnvironment, SecurityError

from builder.render.assets import templates_dir

__all__ = ["MAX_POWER_BITS", "MAX_REPEAT", "dice", "make_environment", "signed", "thousands"]

# A page of a book is about 3,000 characters; a million is a long book's worth, far more
# than a rule or a row of stars needs, and a few MiB at most.
MAX_REPEAT = 1_000_000
# 10,000 bits is about 3,000 digits: any number a book prints (Python refuses to print
# an int of more than 4,300 digits anyway), while 10**10**9 would compute for hours.
MAX_POWER_BITS = 10_000


class ContainedFileSystemLoader(jinja2.FileSystemLoader):
    """A `FileSystemLoader` that only reads regular files really inside its folders."""

    def get_source(
        self, environment: jinja2.Environment, template: str
    ) -> tuple[str, str, Callable[[], bool]]:
        pieces = split_template_path(template)  # refuses ".." itself
        for searchpath in self.searchpath:
            root = Path(searchpath).resolve()
            candidate = root.joinpath(*pieces)
            if not candidate.is_file():  # also skips FIFOs and devices that would block
                continue
            real = candidate.resolve()
            if not real.is_relative_to(root):
                raise jinja2.TemplateNotFound(
                    template, f"template {template!r} points outside its folder {root}"
                )
            source = real.read_text(encoding=self.encoding)
            mtime = real.stat().st_mtime

            def uptodate(real: Path = real, mtime: float = mtime) -> bool:
                try:
                    return real.stat().st_mtime == mtime
                except OSError:
                    return False

            return source, str(real), uptodate
        raise jinja2.TemplateNotFound(template)


def signed(value: int | float) -> str:
    """A modifier with its sign: 5 -> "+5", -3 -> "-3", 0 -> "+0"."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return f"{value:+}"


def thousands(value: int | float) -> str:
    """Group digits the way the book prints prices and XP: 1380 -> "1,380"."""
    return f"{value:,}"


def dice(count: int | str | Mapping[str, Any], sides: int = 10, bonus: int = 0) -> str:
    """Dice notation: `3|dice(8)` -> "3d8", `2|dice(6, 4)` -> "2d6+4".

    Accepts a string unchanged (a view may already hold "2d8") or a mapping with
    `count`, `sides` and optional `bonus` keys, so a view can keep dice as data.
    """
    if isinstance(count, str):
        return count
    if isinstance(count, Mapping):
        return dice(int(count["count"]), int(count["sides"]), int(count.get("bonus", 0)))
    text = f"{count}d{sides}"
    return f"{text}{bonus:+}" if bonus else text


class _Sandbox(ImmutableSandboxedEnvironment):
    """The immutable sandbox, with `*` and `**` checked before they compute (see above)."""

    intercepted_binops = frozenset({"*", "**"})

    def call_binop(
        self, context: jinja2.runtime.Context, operator: str, left: Any, right: Any
    ) -> Any:
        if operator == "*":
            _check_repeat(left, right)
        elif operator == "**":
            _check_power(left, right)
        return super().call_binop(context, operator, left, right)


_SEQUENCES = (str, bytes, list, tuple)


def _check_repeat(left: Any, right: Any) -> None:
    """Refuse `seq * n` (or `n * seq`) longer than `MAX_REPEAT` items, before it is built."""
    seq, times = (left, right) if isinstance(left, _SEQUENCES) else (right, left)
    if not isinstance(seq, _SEQUENCES) or not isinstance(times, int):
        return
    size = len(seq) * times
    if size > MAX_REPEAT:
        what = "characters" if isinstance(seq, str | bytes) else "items"
        raise SecurityError(
            f"`*` would repeat {type(seq).__name__} into {size:,} {what}; a template may "
            f"repeat at most {MAX_REPEAT:,} (a template that builds huge text?)"
        )


def _check_power(base: Any, exponent: Any) -> None:
    """Refuse a whole-number power of more than `MAX_POWER_BITS` bits, before computing it."""
    if not isinstance(base, int) or not isinstance(exponent, int) or exponent <= 0:
        return
    bits = (abs(base).bit_length() - 1) * exponent  # the power has at least this many
    if bits > MAX_POWER_BITS:
        raise SecurityError(
            f"`**` would make a number of more than {bits:,} bits; a template may compute "
            f"numbers of at most {MAX_POWER_BITS:,} bits (about 3,000 digits)"
        )


@jinja2.pass_eval_context
def _at_render_time(eval_ctx: object, value: Any) -> Any:
    """Every output unchanged; wanting the context keeps Jinja2 from folding it early."""
    return value


def make_environment(user_templates: Path | None = None) -> jinja2.Environment:
    """Build the sandboxed, autoescaping environment; `user_templates` wins by name."""
    searchpath: list[Path] = []
    if user_templates is not None:
        searchpath.append(Path(user_templates))
    searchpath.append(templates_dir())
    env = _Sandbox(
        loader=ContainedFileSystemLoader(searchpath),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        auto_reload=False,
        optimized=False,
        finalize=_at_render_time,
    )
    env.filters.update(signed=signed, thousands=thousands, dice=dice)
    return env
