"""``python -m cardsmith``: the ``cardsmith`` command."""
import sys

from .cli import run

sys.exit(run())
