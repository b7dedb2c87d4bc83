"""PartNet-Mobility cross-check: URDF vs mobility_v2.json, compared with the metric."""

from __future__ import annotations

import json
import math
import shutil
from pathlib import Path

import numpy as np
import pytest
import trimesh

from arena_core.formats.urdf.read import read_urdf
from arena_core.pipeline.run import run_object
from arena_core.verify import Context, verify_object
from arena_core.verify.mobility import check_mobility, distance_phi

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "urdf"

#: Y-up mesh-frame boxes of the pm_door fixture: name -> (extents, center).
PM_MESHES = {"body": ((1.0, 1.2, 0.6), (0.0, 0.6, 0.0)),
             "door": ((1.0, 0.75, 0.02), (0.0, 0.825, 0.31)),
             "drawer": ((0.8, 0.3, 0.5), (0.0, 0.2, 0.05))}


def make_pm_door(dest: Path) -> Path:
    """Copy the pm_door fixture to ``dest`` and write its meshes; return the folder."""
    shutil.copytree(FIXTURES / "pm_door", dest)
    for name, (extents, center) in PM_MESHES.items():
        mesh = trimesh.creation.box(extents=extents)
        mesh.apply_translation(center)
        (dest / "textured_objs").mkdir(exist_ok=True)
        mesh.export(dest / "textured_objs" / f"{name}.obj")
    return dest


@pytest.fixture
def pm_door(tmp_path: Path) -> Path:
    return make_pm_door(tmp_path / "pm_door")


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))


def mobility_issues(folder: Path, **extras):
    obj = read_urdf(folder / "mobility.urdf").obj
    extras.setdefault("mobility_v2_path", str(folder / "mobility_v2.json"))
    return check_mobility(obj, Context(obj, extras))


def test_faithful_annotation_agrees(pm_door):
    assert mobility_issues(pm_door) == []
    parsed = json.loads((pm_door / "mobility_v2.json").read_text())
    assert mobility_issues(pm_door, mobility=parsed) == []


def test_agreement_survives_normalization(pm_door, tmp_path):
    record = run_object(pm_door / "mobility.urdf", tmp_path / "out", root_dir=pm_door,
                        provenance={"object_id": "pm_door", "source": "test"},
                        extras={"mobility_v2_path": str(pm_door / "mobility_v2.json")}).record
    codes = [i.code for i in record.verification.issues]
    assert record.accepted, record.verification.issues
    assert not [c for c in codes if c.startswith("mobility.")]


def test_degrees_in_the_urdf(pm_door):
    edit(pm_door / "mobility.urdf", 'upper="1.5707963267948966"', 'upper="90"')
    issues = mobility_issues(pm_door)
    assert [(i.code, i.severity, i.location) for i in issues] == [
        ("mobility.degrees", "error", "joint:joint_0")]
    full = [i.code for i in verify_object(read_urdf(pm_door / "mobility.urdf").obj)]
    assert "joint.limit.degrees" in full


def _e_phi_mesh_frame(p1, p2, axis, limits) -> float:
    """E_phi written out for two revolute joints (split norm, alpha 1, kappa pi)."""
    def ends(p):
        xi = np.concatenate([axis, np.cross(p, axis)])
        out = []
        for q in limits:
            z = q * xi
            n = np.linalg.norm(z)
            out.append(z if n == 0 else math.tanh(n / math.pi) * z / n)
        return out
    (a0, a1), (b0, b1) = ends(np.array(p1)), ends(np.array(p2))
    sq = lambda z: float(z @ z)  # noqa: E731 - split norm with alpha = 1 is Euclidean
    return math.sqrt(min(sq(a0 - b0) + sq(a1 - b1), sq(a0 - b1) + sq(a1 - b0)))


def test_moved_pivot_disagrees_by_the_metric_distance(pm_door):
    edit(pm_door / "mobility_v2.json", '"origin": [0.5, 0.6, 0.31]', '"origin": [0.3, 0.6, 0.31]')
    (found,) = mobility_issues(pm_door)
    assert (found.code, found.severity, found.location) == (
        "mobility.disagree", "warning", "joint:joint_0")
    reported = float(found.message.split("E_phi = ")[1].split()[0])
    expected = _e_phi_mesh_frame([0.5, 0.6, 0.31], [0.3, 0.6, 0.31], np.array([0.0, 1, 0]),
                                 [0.0, math.pi / 2])
    assert expected > 0.05
    np.testing.assert_allclose(reported, expected, rtol=1e-5)


def test_slider_limit_out_of_scale_disagrees(pm_door):
    edit(pm_door / "mobility.urdf", 'upper="0.4"', 'upper="0.8"')
    (found,) = mobility_issues(pm_door)
    assert (found.code, found.location) == ("mobility.disagree", "joint:joint_2")


def _rescale(urdf: Path, factor: float, *, limits: bool) -> None:
    """Scale every mesh and origin by ``factor`` (and prismatic limits when ``limits``)."""
    from lxml import etree

    tree = etree.parse(str(urdf))
    for mesh in tree.iter("mesh"):
        mesh.set("scale", f"{factor} {factor} {factor}")
    for origin in tree.iter("origin"):
        xyz = [float(v) * factor for v in origin.get("xyz", "0 0 0").split()]
        origin.set("xyz", " ".join(map(repr, xyz)))
    if limits:
        for limit in tree.iter("limit"):
            if limit.getparent().get("type") == "prismatic":
                limit.set("upper", repr(float(limit.get("upper")) * factor))
    tree.write(str(urdf))


def test_mesh_scale_maps_slider_limits(pm_door):
    _rescale(pm_door / "mobility.urdf", 0.5, limits=True)
    assert mobility_issues(pm_door) == []


def test_rescaled_geometry_with_unscaled_limit_disagrees(pm_door):
    """The Bi-DexHands pattern: meshes and origins scaled, the slider limit left as it was."""
    _rescale(pm_door / "mobility.urdf", 0.5, limits=False)
    (found,) = mobility_issues(pm_door)
    assert (found.code, found.location) == ("mobility.disagree", "joint:joint_2")
    assert (found.data["urdf_limits"], found.data["json_limits"]) == ([0.0, 0.4], [0.0, 0.2])
    assert found.data["joint"] == "joint_2" and found.data["distance"] > 0


def test_full_turn_shift_is_the_same_hinge(pm_door):
    edit(pm_door / "mobility_v2.json", '"a": 0, "b": 90', '"a": 360, "b": 450')
    assert mobility_issues(pm_door) == []


def test_frozen_joint_and_missing_part(pm_door):
    edit(pm_door / "mobility.urdf", '<joint name="joint_0" type="revolute">',
         '<joint name="joint_0" type="fixed">')
    entries = json.loads((pm_door / "mobility_v2.json").read_text())
    entries.append({"id": 7, "parent": 1, "joint": "hinge", "name": "ghost",
                    "jointData": {"axis": {"origin": [0, 0, 0], "direction": [1, 0, 0]},
                                  "limit": {"a": 0, "b": 10, "noLimit": False}}})
    issues = mobility_issues(pm_door, mobility=entries)
    assert [(i.code, i.location) for i in issues] == [
        ("mobility.type_mismatch", "mobility:0"), ("mobility.missing_part", "mobility:7")]


@pytest.mark.parametrize("content", ["not json", '{"a": 1}', "[" * 10])
def test_unreadable_annotation_is_a_warning(pm_door, content):
    (pm_door / "mobility_v2.json").write_text(content)
    assert [(i.code, i.severity) for i in mobility_issues(pm_door)] == [
        ("mobility.unreadable", "warning")]


def test_distance_phi_continuous_against_finite():
    xi = np.array([0, 0, 1.0, 0, 0, 0])
    cont = np.array([-np.inf, np.inf])
    for half in (0.5, 2.0, 10.0):
        got = distance_phi(xi, cont, xi, np.array([-half, half]))
        np.testing.assert_allclose(got, math.sqrt(2) * (1 - math.tanh(half / math.pi)),
                                   rtol=1e-12)


# ----------------------------------------------------------------------------- real data
def real(realdata: Path, rel: str, urdf: str = "mobility.urdf"):
    folder = realdata / rel
    obj = read_urdf(folder / urdf, root_dir=folder).obj
    return check_mobility(obj, Context(obj, {"mobility_v2_path": str(folder / "mobility_v2.json")}))


def test_realdata_faithful_objects_agree(realdata):
    for rel in ("sapien_repo/41083", "sapien_repo/179", "gapartnet_repo/45780",
                "kitchen_models_repo/Box_100426"):  # Box: limits written 2 pi apart
        assert [i for i in real(realdata, rel) if i.severity != "info"] == [], rel


def test_realdata_modified_objects_are_found(realdata):
    edited = real(realdata, "genesis_repo/3763", "mobility_vhacd.urdf")  # hand-edited limit
    assert [(i.code, i.location) for i in edited if i.severity != "info"] == [
        ("mobility.disagree", "joint:joint_2")]
    frozen = real(realdata, "bidexhands_repo/Cabinet_41083")  # hinges/sliders welded
    assert [i.code for i in frozen] == ["mobility.type_mismatch"] * 3
    stapler = real(realdata, "kitchen_models_repo/Stapler_103100")  # pivots zeroed
    assert [i.code for i in stapler] == ["mobility.disagree"] * 2
    cup = real(realdata, "bidexhands_repo/mjcf_cup")  # meshes x0.1, slider limit kept
    assert [(i.code, i.location) for i in cup] == [("mobility.disagree", "joint:joint_0")]
