"""One rule per concept, enforced on the code: the accept/reject rule is written once
(:func:`schemas.issues.is_error`) and every issue is made by the factory (:func:`schemas.issues.issue`).

Both scans read the syntax tree of every module of the packages; each has a self-test on a
planted source, so a scan that stopped finding anything would fail.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from schemas.issues import Issue, has_error, is_error, issue

REPO = Path(__file__).resolve().parents[1]
PACKAGES = ("arena_core", "release", "flows", "schemas")

#: The one module allowed to spell the rule and to call ``Issue(...)``: the factory's.
HOME = Path("schemas/issues.py")


def _is_error_literal(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value == "error"


def _holds_error_literal(node: ast.AST) -> bool:
    return isinstance(node, ast.Tuple | ast.List | ast.Set) and any(
        _is_error_literal(e) for e in node.elts)


def rule_spellings(source: str) -> list[int]:
    """Lines comparing something with ``"error"`` (``== "error"``, ``!= "error"``,
    ``in ("error", ...)``): the accept/reject rule written out."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Compare):
            continue
        sides = [node.left, *node.comparators]
        for op, left, right in zip(node.ops, sides[:-1], sides[1:], strict=True):
            if isinstance(op, ast.Eq | ast.NotEq | ast.Is | ast.IsNot) and (
                    _is_error_literal(left) or _is_error_literal(right)):
                lines.append(node.lineno)
            elif isinstance(op, ast.In | ast.NotIn) and _holds_error_literal(right):
                lines.append(node.lineno)
    return sorted(lines)


def issue_constructions(source: str) -> list[int]:
    """Lines calling ``Issue(...)`` (or ``something.Issue(...)``) instead of the factory."""
    return [node.lineno for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Call) and (
                (isinstance(node.func, ast.Name) and node.func.id == "Issue")
                or (isinstance(node.func, ast.Attribute) and node.func.attr == "Issue"))]


def _offenders(scan) -> list[str]:
    found = []
    for package in PACKAGES:
        for path in sorted((REPO / package).rglob("*.py")):
            rel = path.relative_to(REPO)
            if rel == HOME:
                continue
            found += [f"{rel}:{line}" for line in scan(path.read_text(encoding="utf-8"))]
    return found


def test_the_accept_reject_rule_is_written_once():
    offenders = _offenders(rule_spellings)
    assert not offenders, ("the accept/reject rule written out; use schemas.issues.is_error / "
                           "has_error (or arena_core.verify.policy.decide):\n"
                           + "\n".join(offenders))
    assert rule_spellings((REPO / HOME).read_text()) != []  # the one place is still there


def test_every_issue_is_made_by_the_factory():
    offenders = _offenders(issue_constructions)
    assert not offenders, ("Issue(...) built directly; use schemas.issues.issue:\n"
                           + "\n".join(offenders))


def test_the_scans_find_planted_offenders():
    planted = ("def f(i, issues, s):\n"
               "    a = i.severity == 'error'\n"
               "    b = 'error' != s\n"
               "    c = s in ('error', 'warning')\n"
               "    d = 'error' in issues\n"  # a key lookup, not the rule
               "    e = i['severity'] == s\n"
               "    return Issue(code='x.y', severity='error', message='m'), schemas.Issue()\n")
    assert rule_spellings(planted) == [2, 3, 4]
    assert issue_constructions(planted) == [7, 7]


@pytest.mark.parametrize(("severity", "rejects"),
                         [("error", True), ("warning", False), ("info", False)])
def test_only_an_error_rejects(severity, rejects):
    found = issue("joint.axis.non_unit", "axis of length 2", severity=severity)
    assert is_error(found) is rejects
    assert has_error([issue("mesh.converted", "1 file converted"), found]) is rejects


def test_no_issue_rejects_nothing():
    assert has_error([]) is False
    assert isinstance(issue("mesh.converted", "m"), Issue)
