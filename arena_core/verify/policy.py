"""What is acceptable: a policy turns a list of issues into a decision.

The default policy accepts an object with no ``error`` issue. A build configuration can
escalate or relax single codes (``overrides={"motion.axis_far": "error"}``) without touching
the checks, the way yourdfpy's ``validate(validation_fn=...)`` separates finding from judging.

Example:
    >>> from schemas.issues import Issue
    >>> issues = [Issue(code="joint.axis.non_unit", severity="warning", message="m")]
    >>> decide(issues).accepted
    True
    >>> decide(issues, Policy(overrides={"joint.axis.non_unit": "error"})).reasons
    ('joint.axis.non_unit',)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from schemas.errors import ArenaError
from schemas.issues import Issue, Severity

SEVERITIES: tuple[Severity, ...] = ("error", "warning", "info")


class PolicyError(ArenaError, ValueError):
    """A policy with an unknown severity in its overrides."""


@dataclass(frozen=True)
class Policy:
    """``overrides`` maps an issue code to the severity it should count as."""

    overrides: Mapping[str, Severity] = field(default_factory=dict)

    def __post_init__(self) -> None:
        _check_overrides(self.overrides)

    def severity(self, item: Issue) -> Severity:
        return self.overrides.get(item.code, item.severity)


@dataclass(frozen=True)
class Decision:
    """``accepted`` and, when rejected, the sorted distinct error codes (``reasons``)."""

    accepted: bool
    reasons: tuple[str, ...]
    counts: dict[str, int]


def decide(issues: Iterable[Issue], policy: Policy | None = None) -> Decision:
    """Accept when no issue counts as an error under ``policy``."""
    policy = policy or Policy()
    items = list(issues)
    reasons = tuple(sorted({i.code for i in items if policy.severity(i) == "error"}))
    counts = dict(Counter(policy.severity(i) for i in items))
    return Decision(accepted=not reasons, reasons=reasons,
                    counts={s: counts.get(s, 0) for s in SEVERITIES})


def accepted(issues: Iterable[Issue], policy: Policy | None = None) -> bool:
    """Shorthand for ``decide(issues, policy).accepted``."""
    return decide(issues, policy).accepted


def apply(issues: Iterable[Issue], policy: Policy) -> list[Issue]:
    """The issues with their severities rewritten by ``policy`` (for reports)."""
    return [i if policy.severity(i) == i.severity else i.model_copy(
        update={"severity": policy.severity(i)}) for i in issues]


def _check_overrides(overrides: Mapping[str, Severity]) -> None:
    bad = {code: sev for code, sev in overrides.items() if sev not in SEVERITIES}
    if bad:
        raise PolicyError(f"overrides: severities must be one of {SEVERITIES}, got {bad}")
