"""Content kinds: which model reads a `kind:` and which checks run on it.

Entries are import strings so that a command only imports the models it meets.
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any

from pydantic import BaseModel

# kind -> "module:Model"
MODELS: dict[str, str] = {
    "character": "builder.models.character:Character",
}

# kind -> "module:function" taking (entity, context) and yielding Problems.
CHECKS: dict[str, str] = {
    "character": "builder.checks.character:check_character",
}


def register(kind: str, model: str, check: str | None = None) -> None:
    MODELS[kind] = model
    if check:
        CHECKS[kind] = check


def _resolve(spec: str) -> Any:
    module, _, attr = spec.partition(":")
    return getattr(importlib.import_module(module), attr)


@cache
def model_for(kind: str) -> type[BaseModel]:
    return _resolve(MODELS[kind])


@cache
def check_for(kind: str) -> Any | None:
    spec = CHECKS.get(kind)
    return _resolve(spec) if spec else None
