"""The two roundings of the book (RULINGS R1, R2)."""


def per(value: int, step: int) -> int:
    """'+1 per ``step``': integer division rounding down (R1)."""
    return value // step


def half_up(value: int) -> int:
    """A 'half' cost (clones, clone upgrades, X-Magic surcharge) rounds up (R2)."""
    return -(-value // 2)
