"""Content models of the Turns and Actions rule set: ability, weapon, combatant.

Fields written in the chapter's small languages (range, use, accuracy, placeholders,
weapon attributes) are kept as text here and parsed by ``rules.grammar``; that they parse
is a construction check with a code (TA1xx), so the diagnostic can point at the character.
"""
