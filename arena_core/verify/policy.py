"""What is acceptable: the accept/reject rule turned into a decision with its reasons.

An object is accepted exactly when none of its issues is an error. The rule itself is
:func:`schemas.issues.is_error` (written once, in the bottom layer, because records derive
their status from it: :meth:`schemas.record.VerificationReport.from_issues`); this module
re-exports it for the verification package and adds :func:`decide`, the verdict that
``arena validate`` reports (the distinct error codes and the count per severity).

A check states how serious a problem is when it reports it (the catalog's default severity,
or a severity chosen from context, such as ``error`` on a canonical object and ``info`` on a
source); nothing rewrites severities afterwards, so a build, ``arena validate`` and a record
read back from a release all judge an object the same way.

Example:
    >>> from schemas.issues import issue
    >>> issues = [issue("joint.axis.non_unit", "axis of length 2")]
    >>> decide(issues).accepted
    True
    >>> decide([*issues, issue("joint.limit.missing", "no <limit>")]).reasons
    ('joint.limit.missing',)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from schemas.issues import Issue, Severity, has_error, is_error

__all__ = ["SEVERITIES", "Decision", "decide", "has_error", "is_error"]

SEVERITIES: tuple[Severity, ...] = ("error", "warning", "info")


@dataclass(frozen=True)
class Decision:
    """``accepted`` and, when rejected, the sorted distinct error codes (``reasons``)."""

    accepted: bool
    reasons: tuple[str, ...]
    counts: dict[str, int]


def decide(issues: Iterable[Issue]) -> Decision:
    """Accept when no issue is an error (:func:`is_error`); count the issues per severity."""
    items = list(issues)
    reasons = tuple(sorted({i.code for i in items if is_error(i)}))
    counts = Counter(i.severity for i in items)
    return Decision(accepted=not reasons, reasons=reasons,
                    counts={s: counts.get(s, 0) for s in SEVERITIES})
