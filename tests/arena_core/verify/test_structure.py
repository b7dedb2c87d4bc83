"""Structure checks: the reader's codes for non-trees, and check_structure on objects."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from arena_core.formats.urdf.read import UrdfError, read_urdf
from arena_core.model.articulated import ArticulatedObject, Joint, Link, ModelError
from arena_core.verify import CODES, issue_from_error, verify_object
from arena_core.verify.structure import check_structure

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "urdf"


def codes(issues) -> list[str]:
    return [i.code for i in issues]


@pytest.mark.parametrize("name, code", [
    ("cycle", "structure.cycle"),
    ("multiple_roots", "structure.multiple_roots"),
    ("dangling_child", "structure.dangling"),
    ("duplicate_link", "structure.duplicate_name"),
    ("two_parents", "structure.multiple_parents"),
    ("unknown_joint_type", "joint.type.unsupported"),
])
def test_reader_refuses_non_trees_with_a_specific_code(name, code):
    with pytest.raises(UrdfError) as info:
        read_urdf(FIXTURES / f"{name}.urdf")
    assert info.value.code == code
    found = issue_from_error(info.value)
    assert (found.code, found.severity) == (code, "error")
    assert name in found.message  # the file is named


def _door(joints=None) -> ArticulatedObject:
    hinge = Joint("hinge", "revolute", "base", "door", np.eye(4), np.array([0.0, 0, 1]),
                  lower=0.0, upper=1.0, effort=1.0, velocity=1.0)
    return ArticulatedObject.from_parts("d", [Link("base"), Link("door")], joints or [hinge])


@pytest.mark.parametrize("edit, code", [
    (lambda o: replace(o, joints=o.joints * 2), "structure.duplicate_name"),
    (lambda o: replace(o, joints=(replace(o.joints[0], child="ghost"),)), "structure.dangling"),
    (lambda o: replace(o, joints=()), "structure.multiple_roots"),
    (lambda o: replace(o, joints=o.joints + (replace(o.joints[0], name="back", parent="door",
                                                       child="base"),)), "structure.cycle"),
    (lambda o: replace(o, root="door"), "structure.root_mismatch"),
])
def test_check_structure_rederives_the_tree_of_edited_objects(edit, code):
    issues = check_structure(edit(_door()))
    assert codes(issues) == [code]
    assert issues[0].severity == "error"


def test_model_error_carries_the_code():
    with pytest.raises(ModelError) as info:
        ArticulatedObject.from_parts("x", [Link("a"), Link("a")], [])
    assert info.value.code == "structure.duplicate_name"


@pytest.mark.parametrize("name, code, severity, location", [
    ("rigid", "structure.no_moving_joints", "error", "object"),
    ("empty_moving_part", "structure.empty_moving_part", "warning", "joint:hinge"),
    ("helper_link", "structure.helper_link", "info", "link:cap_helper"),
])
def test_moving_part_findings(name, code, severity, location):
    found = [i for i in check_structure(read_urdf(FIXTURES / f"{name}.urdf").obj)
             if i.code == code]
    assert [(i.severity, i.location) for i in found] == [(severity, location)]


def test_good_door_has_no_issue_at_all():
    assert verify_object(read_urdf(FIXTURES / "good_door.urdf").obj) == []


def test_every_code_of_the_fixture_suite_is_registered():
    """A check that emits an unregistered code fails here (the registry is the contract)."""
    seen = set()
    for path in sorted(FIXTURES.glob("*.urdf")):
        try:
            obj = read_urdf(path).obj
        except UrdfError:
            continue
        seen |= set(codes(verify_object(obj)))
    assert seen, "no fixture produced an issue"
    assert seen <= set(CODES), sorted(seen - set(CODES))
