"""The 99 Towers content kinds: ``combatant`` and ``weapon`` (R31, R41)."""
