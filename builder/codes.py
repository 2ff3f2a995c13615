"""Every diagnostic code the builder can report, with a one-line summary.

The loader's and the structure checker's codes are listed here; each check module
keeps its own ``CODES`` next to the rules that raise them.
"""

from __future__ import annotations

LOADING: dict[str, str] = {
    "ZY100": "the file cannot be read",
    "ZY101": "the file is not UTF-8",
    "ZY102": "YAML syntax error (tabs in indentation included)",
    "ZY103": "duplicate key in a mapping",
    "ZY104": "a YAML tag that content may not use (e.g. !!python/object)",
    "ZY105": "the file is empty (warning)",
    "ZY106": "a mapping key that is a list or mapping",
    "ZY107": "a merge key (<<)",
    "ZY108": "a document that is not a mapping",
    "ZY110": "a document without `kind:`",
    "ZY111": "an unknown `kind:`",
    "ZY112": "a file or folder that resolves outside the project (a symlink pointing away)",
    "ZY113": "too many aliases, or aliases that would expand past the loader's limit",
    "ZY114": "nesting deeper than the loader allows",
    "ZY115": "a number with more digits than any game value needs",
    "ZY116": "a file larger than the loader reads",
    "ZY117": "a document's `ruleset:` is unknown or not its project's",
    "ZY118": "a file or folder named on the command line does not exist (with others named)",
    "ZS101": "a required field is missing",
    "ZS102": "an unknown field",
    "ZS103": "a value that is not one of the allowed choices",
    "ZS104": "a value of the wrong type",
    "ZS105": "a value out of range",
    "ZS106": "an invalid value",
    "ZS107": "text with a control character, unpaired surrogate or noncharacter",
    "ZS120": "`expect:` is not a mapping of dotted paths to values",
    "ZS121": "an `expect:` path the document's computed view does not have",
    "ZS122": "an `expect:` value that differs from the computed one",
    "ZS123": "an `expect:` value that is a list or mapping (expect one number, text or flag)",
    "ZP101": "two documents of one kind share an id",
    "ZP102": "zodiac.yaml holds more than one document",
    "ZP103": "a book's output or the templates folder is not a plain path inside the project",
    "ZP104": "zodiac.yaml names a rule set that is not registered",
    "ZP105": "a book holds something its project's rule set does not print",
    "ZP106": "an `exclude:` pattern in zodiac.yaml that is not a relative glob inside the project",
}


def all_codes() -> dict[str, str]:
    """code -> summary for the loader and every registered rule set, sorted by code."""
    from builder.rulesets import all_rulesets

    codes = dict(LOADING)
    for rule_set in all_rulesets():
        codes.update(rule_set.codes())
    return dict(sorted(codes.items()))
