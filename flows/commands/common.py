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
    """``value`` as JSON-ready data: pydantic models and dataclasses as mappings, tuples as
    lists, numpy scalars as Python numbers, NaN/inf as None, anything else unknown as text.

    >>> import numpy as np
    >>> jsonable({"a": (np.float64(1.5), float("nan")), 2: np.int64(3)})
    {'a': [1.5, None], '2': 3}
    """
    if hasattr(value, "model_dump"):
        return jsonable(value.model_dump(mode="json"))
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if hasattr(value, "__dataclass_fields__"):
        return {k: jsonable(getattr(value, k)) for k in value.__dataclass_fields__}
    if hasattr(value, "item") and not isinstance(value, (str, bytes)):
        return jsonable(value.item())
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value if isinstance(value, (str, int, float, bool, type(None))) else str(value)
