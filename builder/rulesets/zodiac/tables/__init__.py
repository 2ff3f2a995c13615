"""The book's tables that both the models and the rules read: the layer under both.

A model checks that a value is one the book knows (a status of the Lesser Status Attack
table, a power of the Monster Power List); the rules price and compute with the same
table. Kept here, neither imports the other's layer: ``models -> tables <- rules``.
Modules here are data (and the parsers of the book's notations) and import nothing of
the rule set but each other. Tables only the formulas read stay beside them in
``rules/`` (``rules/tables.py`` holds Chapter I's).
"""
