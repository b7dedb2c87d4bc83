"""Up-axis check: doors, windows and gates must swing about vertical hinges in the Z-up frame."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
import yaml
from numpy.testing import assert_allclose

from arena_core.formats.urdf.read import read_urdf
from arena_core.mesh.parts import MeshCache
from arena_core.model.articulated import ArticulatedObject, Joint, Link, Primitive
from arena_core.pipeline.run import run_object
from arena_core.util import tolerances as tol
from arena_core.util.text import normalize
from arena_core.verify import CHECKS, Context, verify_object
from arena_core.verify.object_geometry import ObjectGeometry
from arena_core.verify.upright import (
    UPRIGHT_HINGE_CATEGORIES,
    check_upright,
    upright_category,
    vertical_angle,
)

REPO = Path(__file__).resolve().parents[3]
FIXTURES = REPO / "tests" / "fixtures" / "urdf"
Y_UP_DOOR = FIXTURES / "y_up_door.urdf"
CODE = "geometry.up_axis.implausible"


def _run(tmp_path: Path, up_axis: str, category: str | None = "Door"):
    prov = {"object_id": "door", "source": "test", "category": category}
    record = run_object(Y_UP_DOOR, tmp_path / up_axis, up_axis=up_axis, provenance=prov).record
    return record, read_urdf(tmp_path / up_axis / "door" / record.urdf).obj


def _codes(record) -> list[str]:
    return [i.code for i in record.verification.issues if i.code == CODE]


def test_y_up_door_normalized_as_y_up_stands_upright_without_warning(tmp_path):
    record, obj = _run(tmp_path, "y")
    assert record.verification.status == "accepted" and record.transform.up_axis == "y"
    hinge = next(j for j in record.joints if j.name == "hinge")
    assert_allclose(hinge.axis, [0.0, 0.0, 1.0], atol=tol.ORACLE)  # +Y -> +Z
    extent = np.ptp(ObjectGeometry.build(obj, MeshCache()).root_points(obj), axis=0)
    assert_allclose(extent, [0.87, 0.1, 2.0], atol=1e-9)  # 2 m tall along +Z
    assert _codes(record) == []


def test_the_same_door_read_as_z_up_gets_the_warning(tmp_path):
    record, _ = _run(tmp_path, "z")
    assert record.verification.status == "accepted"  # a warning: it goes to review, not out
    (found,) = [i for i in record.verification.issues if i.code == CODE]
    assert found.severity == "warning" and found.location == "joint:hinge"
    assert "'hinge' axis (0, 1, 0) is 90 deg" in found.message
    assert "set 'up_axis: y' in its manifest (arena validate --up-axis y)" in found.message
    # a small part's joint is not a hinge
    assert found.data["vertical_angle_deg"] == pytest.approx({"hinge": 90.0})


def test_a_small_vertical_handle_does_not_make_a_lying_door_upright():
    obj = read_urdf(Y_UP_DOOR).obj  # as read: Z-up frame, leaf lying, handle axis vertical
    assert vertical_angle(obj.axes()[1]) == 0.0
    assert [i.code for i in check_upright(obj, Context(obj, {"category": "Door"}))] == [CODE]


@pytest.mark.parametrize("category, name, expected", [
    ("Door", "x", True), ("DoorFrame", "x", True), ("double_door", "x", True),
    ("Window", "x", True), ("fence gate", "x", True), ("door", "x", True),
    ("StorageFurniture", "door", False), ("Refrigerator", "x", False),
    ("garage_door", "x", False), ("trapdoor", "x", False), ("window_horiz", "x", False),
    (None, "door1", True), (None, "Door_2", True), (None, "cabinet_door", False), ("", "x", False),
])
def test_which_objects_are_expected_to_hinge_vertically(category, name, expected):
    assert (upright_category(category, name) is not None) is expected


#: Windows of the taxonomy whose sashes or blades turn about horizontal axes.
HORIZONTAL_PIVOT_WINDOWS = {"window_horiz", "louvre_window", "jalousie_window"}


def test_the_category_set_is_the_taxonomys_doors_windows_and_gates():
    data = yaml.safe_load((REPO / "manifests" / "taxonomy.yaml").read_text())
    (sup,) = [s for s in data["supercategories"] if s["id"] == "doors_windows"]
    keys = {normalize(alias) for c in sup["categories"] if c["id"] in ("door", "window", "gate")
            for alias in (c["id"], *c["aliases"])}
    assert UPRIGHT_HINGE_CATEGORIES == keys - HORIZONTAL_PIVOT_WINDOWS


def _hinged(axis, *, geometry: bool = True) -> ArticulatedObject:
    prim = (Primitive("box", (1.0, 0.05, 2.0), np.eye(4)),) if geometry else ()
    links = [Link("base", primitives=prim), Link("leaf", primitives=prim)]
    hinge = Joint("hinge", "revolute", "base", "leaf", np.eye(4), np.asarray(axis, float),
                  lower=0.0, upper=1.5)
    return ArticulatedObject.from_parts("d", links, [hinge])


@pytest.mark.parametrize("tilt_deg, warned", [(0.0, False), (15.0, False), (25.0, True),
                                              (90.0, True)])
def test_tolerance_is_an_angle_from_vertical(tilt_deg, warned):
    t = math.radians(tilt_deg)
    for geometry in (True, False):
        obj = _hinged([math.sin(t), 0.0, -math.cos(t)], geometry=geometry)
        issues = check_upright(obj, Context(obj, {"category": "Window"}))
        assert bool(issues) is warned, (tilt_deg, geometry)


def test_objects_without_hinges_or_without_a_category_match_are_not_judged():
    obj = _hinged([0.0, 1.0, 0.0])
    assert check_upright(obj, Context(obj, {"category": "Microwave"})) == []
    assert check_upright(obj) == []  # name "d", no category
    slide = ArticulatedObject.from_parts("door", [Link("base"), Link("leaf")], [
        Joint("slide", "prismatic", "base", "leaf", np.eye(4), np.array([0.0, 1.0, 0.0]),
              lower=0.0, upper=1.0)])
    assert check_upright(slide, Context(slide, {"category": "Door"})) == []


def test_registered_with_its_code_and_run_by_verify_object():
    assert CHECKS["upright"].codes == {CODE: "warning"}
    obj = _hinged([0.0, 1.0, 0.0])
    assert CODE in [i.code for i in verify_object(obj, extras={"category": "Door"})]
    assert CODE not in [i.code for i in verify_object(obj)]
