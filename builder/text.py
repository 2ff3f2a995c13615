"""Text from strangers, made safe to check and to show.

Content files, file names and command-line arguments come from people we do not know.
Three things go wrong with such text: control characters (ESC, BEL, U+0085 NEL...) that
rewrite a terminal or change meaning when a file is written back, Unicode noncharacters
(U+FFFF) that some libraries choke on, and values so long they drown a message. This is
the one place those are recognised; models refuse them and the CLI escapes them.
"""

from __future__ import annotations

import unicodedata

__all__ = ["MAX_SHOWN", "bad_character", "printable", "shorten"]

# Tab and newline are ordinary in descriptions; every other C0/C1 control is not text.
_ALLOWED_CONTROLS = frozenset("\t\n")
MAX_SHOWN = 80  # characters of a user's value quoted back in a message


def bad_character(text: str, *, multiline: bool = False) -> tuple[int, str] | None:
    """The first character that has no place in a text field, as (index, description).

    Controls (Unicode category Cc, which includes C1 such as U+0085), noncharacters and
    lone surrogates are refused; tab and newline only where ``multiline``.
    """
    for i, ch in enumerate(text):
        cat = unicodedata.category(ch)
        if cat == "Cc":
            if multiline and ch in _ALLOWED_CONTROLS:
                continue
            return i, f"control character U+{ord(ch):04X}"
        if cat == "Cs":
            return i, f"unpaired surrogate U+{ord(ch):04X}"
        if cat == "Cn" and _noncharacter(ord(ch)):
            return i, f"noncharacter U+{ord(ch):04X}"
    return None


def _noncharacter(code: int) -> bool:
    return 0xFDD0 <= code <= 0xFDEF or (code & 0xFFFE) == 0xFFFE


def printable(text: str) -> str:
    """``text`` with every control, surrogate and noncharacter shown as an escape.

    For terminals and logs: ``'a\\x1b[31m'`` prints as ``a\\x1b[31m``, never as red.
    Newlines are escaped too, so one diagnostic stays one line.
    """
    if text.isprintable():
        return text
    out = []
    for ch in text:
        if ch.isprintable() or ch == " ":
            out.append(ch)
        else:
            out.append(ch.encode("unicode_escape", "backslashreplace").decode("ascii"))
    return "".join(out)


def shorten(text: str, limit: int = MAX_SHOWN) -> str:
    """``text`` cut to ``limit`` characters with a note of how much was left out."""
    if len(text) <= limit:
        return text
    keep = max(limit - 20, 10)
    return f"{text[:keep]}... ({len(text) - keep:,} more characters)"


def a_or_an(word: str) -> str:
    """``word`` with its article ("an axe", "a sword"), so messages read as English.

    By the first letter only: the builder's nouns (slots, weapon classes) have no
    silent h or "you"-sounding u.
    """
    vowel = word[:1].lower() in tuple("aeiou")  # "" in "aeiou" would be True
    return f"{'an' if vowel else 'a'} {word}"
