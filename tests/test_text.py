"""Messages read as English: the article before a noun the message fills in."""

import pytest

from builder.text import a_or_an


@pytest.mark.parametrize(
    ("word", "want"),
    [
        ("axe", "an axe"),
        ("armor", "an armor"),
        ("sword", "a sword"),
        ("guard", "a guard"),
        ("Alchemist", "an Alchemist"),
        ("", "a "),
    ],
)
def test_article(word: str, want: str) -> None:
    assert a_or_an(word) == want
