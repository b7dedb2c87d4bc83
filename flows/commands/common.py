"""Helpers shared by the subcommands: one-line failures and JSON-ready values."""

from __future__ import annotations

import math
import sys


def reject(command: str, message: str) -> int:
    """Print ``arena COMMAND: message`` on stderr; exit code 1 (the input was rejected)."""
    print(f"arena {command}: {message}", file=sys.stderr)
    return 1


def usage(command: str, message: str) -> int:
    """Print ``arena COMMAND: error: message`` on stderr; exit code 2 (usage error)."""
    print(f"arena {command}: error: {message}", file=sys.stderr)
    return 2


def jsonable(value):
    """``value`` with tuples as lists, numpy scalars as Python numbers and NaN/inf as None."""
    if isinstance(value, dict):
        return {k: jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if hasattr(value, "item"):
        return jsonable(value.item())
    return value
