"""Where the Jinja2 templates live and the hash of their text (part of the build cache key).

Kept apart from :mod:`compiler.render` so that computing the cache key imports no Jinja2.
"""
from __future__ import annotations

import hashlib
from pathlib import Path

TEMPLATES = Path(__file__).with_name("templates")


def template_hash() -> str:
    """Hash of every template (part of the build cache key)."""
    h = hashlib.sha256()
    for p in sorted(TEMPLATES.glob("*.j2")):
        h.update(p.name.encode())
        h.update(p.read_bytes())
    return h.hexdigest()
