"""Computed views of Turns and Actions: plain dicts for `zodiac show`, JSON and templates."""
