"""What URDF does not define is not read (arena_core.formats.urdf.spec): ``tests/fixtures/urdf/
extensions.urdf`` is ``good_door.urdf`` plus PR2's ``<verbose>``, Gazebo and transmission
blocks and undeclared ``drake:`` attributes and elements; numbers stay checked where URDF
defines them."""

from __future__ import annotations

from pathlib import Path

import pytest
from numpy.testing import assert_array_equal

from arena_core.formats.urdf.read import UrdfError, read_urdf
from arena_core.verify import verify_object

FIXTURES = Path(__file__).resolve().parents[3] / "fixtures" / "urdf"


def test_extensions_are_read_as_the_object_without_them():
    read = read_urdf(FIXTURES / "extensions.urdf")
    plain = read_urdf(FIXTURES / "good_door.urdf").obj
    assert [i.code for i in read.issues] == ["xml.namespace.undeclared"] + [
        "urdf.element.ignored"] * 4
    messages = " | ".join(i.message for i in read.issues)
    for seen in ("drake", "<verbose> in <collision>", "<drake:proximity_properties>",
                 "<transmission> in <robot>", "<gazebo> in <robot>"):
        assert seen in messages
    assert verify_object(read.obj) == []
    (joint,), (expected,) = read.obj.joints, plain.joints
    assert (joint.type, joint.parent, joint.child, joint.lower, joint.upper) == (
        expected.type, expected.parent, expected.child, expected.lower, expected.upper)
    assert_array_equal(joint.origin_local, expected.origin_local)
    assert_array_equal(joint.axis_local, expected.axis_local)
    assert read.obj.links["door"].inertial.mass == plain.links["door"].inertial.mass


@pytest.mark.parametrize("old, new, code", [
    ('<mass value="2"/>', '<mass value="Yes"/>', "urdf.number.invalid"),
    ('<limit lower="0"', '<limit lower="zero"', "urdf.number.invalid"),
    ('<origin xyz="0.05 0.5 0.5"/>', '<origin xyz="0.05 0.5"/>', "urdf.attribute.arity"),
])
def test_numbers_stay_checked_where_urdf_defines_them(tmp_path, old, new, code):
    text = (FIXTURES / "extensions.urdf").read_text()
    assert old in text
    (tmp_path / "robot.urdf").write_text(text.replace(old, new, 1))
    with pytest.raises(UrdfError) as info:
        read_urdf(tmp_path / "robot.urdf")
    assert info.value.code == code


def test_a_mismatched_tag_is_still_malformed_with_an_undeclared_prefix(tmp_path):
    text = (FIXTURES / "extensions.urdf").read_text().replace("</gazebo>", "</gazebo2>")
    (tmp_path / "robot.urdf").write_text(text)
    with pytest.raises(UrdfError) as info:
        read_urdf(tmp_path / "robot.urdf")
    assert info.value.code == "xml.malformed"
