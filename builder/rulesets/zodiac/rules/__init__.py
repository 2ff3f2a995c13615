"""The game's arithmetic: pure functions over the book's tables. No I/O, no printing."""
