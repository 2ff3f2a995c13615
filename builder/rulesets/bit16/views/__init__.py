"""Computed views of 16 Bit Tactics entities: for `zodiac show`, JSON and the sheets."""
