"""16 Bit Tactics content kinds: job, character, monster, weapon (one model each)."""
