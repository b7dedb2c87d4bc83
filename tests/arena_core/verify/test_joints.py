"""Joint-annotation checks, one hand-made failing URDF per code."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from arena_core.formats.urdf.read import read_urdf
from arena_core.model.articulated import ArticulatedObject, Joint, Link, Primitive
from arena_core.verify import CHECKS, Context, verify_object
from arena_core.verify.joints import check_joints

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "urdf"


def joint_issues(name: str, **extras):
    obj = read_urdf(FIXTURES / f"{name}.urdf").obj
    return check_joints(obj, Context(obj, extras))


@pytest.mark.parametrize("name, code, severity", [
    ("nan_origin", "joint.origin.nonfinite", "error"),
    ("inf_axis", "joint.axis.nonfinite", "error"),
    ("zero_axis", "joint.axis.zero", "error"),
    ("non_unit_axis", "joint.axis.non_unit", "warning"),
    ("missing_limits", "joint.limit.missing", "error"),
    ("inverted_limits", "joint.limit.inverted", "error"),
    ("placeholder_limits", "joint.limit.placeholder", "warning"),
    ("zero_range_limits", "joint.limit.zero_range", "warning"),
    ("degrees_limits", "joint.limit.degrees", "error"),
    ("revolute_range", "joint.limit.revolute_range", "warning"),
    ("infinite_limits", "joint.limit.nonfinite", "error"),
    ("incomplete_limit", "joint.limit.incomplete", "info"),
    ("mimic_dangling", "joint.mimic.dangling", "error"),
    ("helical_nan_pitch", "joint.pitch.nonfinite", "error"),
])
def test_each_fixture_gets_exactly_its_code(name, code, severity):
    issues = joint_issues(name)
    assert [(i.code, i.severity, i.location) for i in issues] == [(code, severity, "joint:hinge")]


def test_good_door_has_no_joint_issue():
    assert joint_issues("good_door") == []


def test_mimic_is_reported_with_its_coupling():
    issues = joint_issues("mimic")
    assert [(i.code, i.severity, i.location) for i in issues] == [
        ("joint.mimic", "info", "joint:hinge2")]
    assert "-1 * q(hinge)" in issues[0].message


def test_incomplete_limit_is_an_error_for_a_canonical_object():
    issues = joint_issues("incomplete_limit", canonical=True)
    assert [(i.code, i.severity) for i in issues] == [("joint.limit.incomplete", "error")]


def test_degrees_message_gives_the_radian_reading():
    (found,) = joint_issues("degrees_limits")
    np.testing.assert_allclose(found.data["as_radians"], np.radians(found.data["limits"]))
    assert "1.5708" in found.message  # the message gives the reading too


def _single(joint: Joint) -> ArticulatedObject:
    return ArticulatedObject.from_parts("x", [Link("a"), Link("b")], [joint])


@pytest.mark.parametrize("changes, code", [
    ({"type": "continuous", "lower": -1.0, "upper": 1.0}, "joint.continuous.bounded"),
    ({"type": "banana"}, "joint.type.unknown"),
])
def test_in_memory_joint_data(changes, code):
    base = Joint("j", "revolute", "a", "b", np.eye(4), np.array([1.0, 0, 0]), lower=0.0,
                 upper=1.0, effort=1.0, velocity=1.0)
    assert [i.code for i in check_joints(_single(replace(base, **changes)))] == [code]


def test_continuous_and_fixed_joints_are_clean():
    cont = Joint("j", "continuous", "a", "b", np.eye(4), np.array([0.0, 0, 1]),
                 lower=-math.inf, upper=math.inf)
    weld = Joint("j", "fixed", "a", "b", np.eye(4), np.zeros(3))  # zero axis: fine when fixed
    assert check_joints(_single(cont)) == []
    assert check_joints(_single(weld)) == []


def test_registry_lists_every_joint_code_with_its_severity():
    registered = CHECKS["joints"].codes
    for name in ("nan_origin", "zero_axis", "non_unit_axis", "degrees_limits", "mimic"):
        for found in joint_issues(name):
            assert registered[found.code] == found.severity


def test_verify_object_never_raises_on_nan_data():
    obj = read_urdf(FIXTURES / "nan_origin.urdf").obj
    issues = verify_object(obj)
    assert "joint.origin.nonfinite" in [i.code for i in issues]
    assert "internal.error" not in [i.code for i in issues]


def _floating_chain(lower: float, upper: float) -> ArticulatedObject:
    """root -slide x-> frame -hinge-> palm -finger hinge-> tip (ManiSkill's ``*_floating``
    hands): ``frame`` has no geometry and is moved by the slide."""
    box = Primitive("box", (0.1, 0.1, 0.1), np.eye(4))
    slide = Joint("x", "prismatic", "root", "frame", np.eye(4), np.array([1.0, 0, 0]),
                  lower=-20.0, upper=20.0, effort=1.0, velocity=1.0)
    turn = Joint("rot", "revolute", "frame", "palm", np.eye(4), np.array([0.0, 0, 1]),
                 lower=lower, upper=upper, effort=1.0, velocity=1.0)
    finger = replace(turn, name="finger", parent="palm", child="tip")
    links = [Link("root"), Link("frame"), Link("palm", primitives=(box,)),
             Link("tip", primitives=(box,))]
    return ArticulatedObject.from_parts("hand", links, [slide, turn, finger])


def test_whole_number_limits_of_a_virtual_base_joint_are_radians():
    issues = check_joints(_floating_chain(-20.0, 20.0))
    by_joint = {i.location: i.code for i in issues}
    assert by_joint == {"joint:rot": "joint.limit.revolute_range",
                        "joint:finger": "joint.limit.degrees_unconfirmed"}
    assert "virtual-base" in next(i.message for i in issues if i.location == "joint:rot")


def test_degrees_are_still_found_below_an_empty_root():
    """PartNet's empty ``base`` is not moved by a joint: its child hinges are checked."""
    hinge = Joint("h", "revolute", "base", "door", np.eye(4), np.array([0.0, 0, 1]),
                  lower=0.0, upper=90.0, effort=1.0, velocity=1.0)
    door = Link("door", primitives=(Primitive("box", (1.0, 0.1, 2.0), np.eye(4)),))
    obj = ArticulatedObject.from_parts("d", [Link("base"), door], [hinge])
    assert [i.code for i in check_joints(obj)] == ["joint.limit.degrees"]


def test_whole_number_limits_of_a_source_that_states_its_unit_are_not_degrees():
    """robosuite-models' ARX5 wrist turns [-10, 10] rad; its MJCF compiler says radian."""
    guessed = {i.code for i in joint_issues("degrees_limits")}
    stated = {i.code for i in joint_issues("degrees_limits", angle_units_known=True)}
    assert "joint.limit.degrees" in guessed
    assert "joint.limit.degrees" not in stated and "joint.limit.revolute_range" in stated


def _legs(tmp_path, hip: str, knee: str) -> list:
    text = (FIXTURES / "unlimited_legs.urdf").read_text()
    text = text.replace('lower="-10" upper="10"', hip, 1).replace('lower="-10" upper="10"', knee, 1)
    (tmp_path / "legs.urdf").write_text(text)
    return check_joints(read_urdf(tmp_path / "legs.urdf").obj)


def test_unlimited_legs_are_radians_with_a_warning_that_says_what_it_saw():
    """Bolt's and Solo's [-10, 10]: whole numbers, not round angles: read as radians."""
    issues = joint_issues("unlimited_legs")
    assert [(i.code, i.severity, i.location) for i in issues] == [
        ("joint.limit.degrees_unconfirmed", "warning", "joint:hip"),
        ("joint.limit.degrees_unconfirmed", "warning", "joint:knee")]
    assert "not round angles in degrees" in issues[0].message
    assert "read as radians" in issues[0].message and "3.18 turns" in issues[0].message


@pytest.mark.parametrize("hip, knee, codes", [
    ('lower="0" upper="90"', 'lower="-10" upper="10"', ["degrees", "degrees_unconfirmed"]),
    ('lower="0" upper="90"', 'lower="-2.7" upper="-0.9"', ["degrees_unconfirmed"]),
    ('lower="-180" upper="180"', 'lower="-90" upper="90"', ["degrees", "degrees"]),
])
def test_degrees_are_an_error_only_when_the_evidence_agrees(tmp_path, hip, knee, codes):
    """Round angles in degrees and no joint of the object written in radians."""
    issues = _legs(tmp_path, hip, knee)
    assert [i.code.removeprefix("joint.limit.") for i in issues] == codes
    radians = [i for i in issues if "written in radians (knee" in i.message]
    assert bool(radians) == ("-2.7" in knee)
