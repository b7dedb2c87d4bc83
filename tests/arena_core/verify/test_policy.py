"""The policy (accepted = no error), the registry, and the runner's error containment."""

from __future__ import annotations

import pytest

import arena_core.verify as verify
from arena_core.verify import CHECKS, CODES, Check, Policy, decide, verify_object
from arena_core.verify.policy import PolicyError, apply
from schemas.issues import Issue


def issue(code: str, severity: str) -> Issue:
    return Issue(code=code, severity=severity, message="m")


def test_accepted_means_no_error():
    warn, err = issue("a.b", "warning"), issue("c.d", "error")
    assert decide([warn, issue("e", "info")]).accepted
    decision = decide([warn, err, err])
    assert (decision.accepted, decision.reasons) == (False, ("c.d",))
    assert decision.counts == {"error": 2, "warning": 1, "info": 0}


def test_overrides_escalate_and_relax():
    warn, err = issue("motion.axis_far", "warning"), issue("units.implausible", "error")
    strict = Policy(overrides={"motion.axis_far": "error"})
    assert decide([warn], strict).reasons == ("motion.axis_far",)
    lenient = Policy(overrides={"units.implausible": "warning"})
    assert decide([err], lenient).accepted
    assert [i.severity for i in apply([err], lenient)] == ["warning"]


def test_bad_override_is_refused():
    with pytest.raises(PolicyError, match="severities"):
        Policy(overrides={"x": "fatal"})


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
