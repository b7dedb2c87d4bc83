"""The policy (accepted = no error), the registry, and the runner's error containment."""

from __future__ import annotations

import pytest

import arena_core.verify as verify
from arena_core.verify import CHECKS, CODES, Check, decide, has_error, is_error, verify_object
from schemas import issues as schemas_issues
from schemas.issues import Issue


def issue(code: str, severity: str) -> Issue:
    return Issue(code=code, severity=severity, message="m")


def test_accepted_means_no_error():
    warn, err = issue("a.b", "warning"), issue("c.d", "error")
    assert decide([warn, issue("e", "info")]).accepted
    decision = decide([warn, err, err])
    assert (decision.accepted, decision.reasons) == (False, ("c.d",))
    assert decision.counts == {"error": 2, "warning": 1, "info": 0}


def test_the_policy_judges_with_the_one_rule():
    assert is_error is schemas_issues.is_error and has_error is schemas_issues.has_error
    assert not has_error([issue("a.b", "warning"), issue("e", "info")])
    assert has_error([issue("a.b", "warning"), issue("c.d", "error")])


def test_registry_codes_are_dotted_and_severities_known():
    assert list(CHECKS) == ["joints", "structure", "geometry", "mass", "motion", "mobility",
                           "upright"]
    for code, severity in CODES.items():
        assert "." in code and code == code.lower(), code
        assert severity in ("error", "warning", "info"), code


def test_a_crashing_check_becomes_an_internal_error_issue(monkeypatch):
    def boom(obj, ctx):
        raise RuntimeError("bug")

    monkeypatch.setitem(verify.CHECKS, "boom", Check("boom", boom, {}))
    from arena_core.model.articulated import ArticulatedObject, Link

    obj = ArticulatedObject.from_parts("x", [Link("a")], [])
    issues = verify_object(obj, checks=["boom"])
    assert [(i.code, i.severity, i.location) for i in issues] == [
        ("internal.error", "error", "check:boom")]
    with pytest.raises(KeyError, match="unknown check"):
        verify_object(obj, checks=["nope"])
