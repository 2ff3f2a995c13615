"""16 Bit Tactics arithmetic: pure functions over the text's tables (tested cell by cell)."""
