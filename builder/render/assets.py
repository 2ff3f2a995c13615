"""The builder's own `templates/` and `content/` folders, for the renderer.

One place decides where they are (`builder.paths`: a wheel's `builder/_data/...` or a
checkout's top level); this module only re-exports it for `builder.render` users.
"""

from __future__ import annotations

from builder.paths import content_dir, templates_dir

__all__ = ["content_dir", "templates_dir"]
