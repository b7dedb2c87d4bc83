"""The one base of the project's errors: something refused, with a stable issue code.

Every error class the pipeline raises for bad input, bad arguments or a refused operation
derives from :class:`ArenaError` (beside the built-in class it always was, ``ValueError``
or ``RuntimeError``, so existing ``except`` clauses keep working). ``code`` is a catalogued
issue code (:mod:`schemas.issue_codes`) when the error has one: :func:`arena_core.util.guard`
turns it into the object's issue, and the CLI prints ``code: message`` and exits 1 without
a traceback.

Example:
    >>> class DoorError(ArenaError, ValueError):
    ...     code = "joint.limit.missing"
    >>> try:
    ...     raise DoorError("the hinge has no limits")
    ... except ArenaError as exc:
    ...     print(f"{exc.code}: {exc}")
    joint.limit.missing: the hinge has no limits
"""

from __future__ import annotations


class ArenaError(Exception):
    """Base of the project's errors; ``code`` is the stable issue code (None: none fits)."""

    code: str | None = None
