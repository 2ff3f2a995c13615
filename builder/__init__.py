"""The ZODIAC builder: validate, compute and print ZODIAC Final Fantasy RPG content."""

__version__ = "0.1.0"
