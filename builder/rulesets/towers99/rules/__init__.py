"""The 99 Towers combat chapter's arithmetic as pure functions (R31, R39-R41)."""
