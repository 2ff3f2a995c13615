"""Computed views of 99 Towers content: JSON for `zodiac show`, contexts for the books."""
