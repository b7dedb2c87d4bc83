"""Simulation-ready rules of normalization: reserved names, placeholder inertials, degenerate
collision meshes — each on a tiny fixture, each proven motion-preserving by the oracle and
loaded by MuJoCo through the object's own MJCF."""

from __future__ import annotations

import json

import numpy as np
import pytest

from arena_core.formats.mjcf.check import check_mjcf
from arena_core.formats.mjcf.write import write_mjcf
from arena_core.formats.urdf.read import read_urdf
from arena_core.model.inertia import PLACEHOLDER_MASS
from arena_core.pipeline.normalize_simready import degenerate, thin_box
from arena_core.pipeline.run import run_object
from arena_core.util import tolerances as tol
from tests.hostile import CUBE_OBJ

HINGE = ('<joint name="{name}" type="revolute"><parent link="{parent}"/><child link="{child}"/>'
         '<origin xyz="0 0 0.2"/><axis xyz="0 1 0"/>'
         '<limit lower="0" upper="1.5" effort="1" velocity="1"/></joint>')


def _run(tmp_path, urdf: str, files: dict[str, str] | None = None):
    src = tmp_path / "src"
    src.mkdir()
    (src / "m.obj").write_text(CUBE_OBJ)
    for name, text in (files or {}).items():
        (src / name).write_text(text)
    (src / "object.urdf").write_text(urdf)
    record = run_object(src / "object.urdf", tmp_path / "out",
                        provenance={"object_id": "obj", "source": "test"}).record
    folder = tmp_path / "out" / "obj"
    return record, folder, read_urdf(folder / "object.urdf").obj


def _link(name: str, body: str = "") -> str:
    return f'<link name="{name}">{body}</link>'


VISUAL = '<visual><geometry><mesh filename="m.obj"/></geometry></visual>'


def test_link_named_world_is_renamed_and_recorded(tmp_path):
    urdf = (f'<robot name="r">{_link("world", VISUAL)}{_link("lid", VISUAL)}'
            f'{HINGE.format(name="h", parent="world", child="lid")}</robot>')
    record, folder, obj = _run(tmp_path, urdf)
    assert record.accepted and record.oracle_distance <= tol.ORACLE
    assert record.renamed_links == {"world": "world_link"}
    assert "world" not in obj.links and "world_link" in obj.links
    assert "normalize.name.reserved" in record.verification.codes
    assert check_mjcf(write_mjcf(obj, folder).path, obj) == []


def test_massless_helper_link_gets_an_explicit_placeholder(tmp_path):
    urdf = (f'<robot name="r">{_link("base", VISUAL)}{_link("helper")}{_link("knob", VISUAL)}'
            '<joint name="slide" type="prismatic"><parent link="base"/><child link="helper"/>'
            '<axis xyz="0 0 1"/><limit lower="0" upper="0.1" effort="1" velocity="1"/></joint>'
            '<joint name="turn" type="continuous"><parent link="helper"/><child link="knob"/>'
            '<axis xyz="0 0 1"/></joint></robot>')
    record, folder, obj = _run(tmp_path, urdf)
    assert record.accepted and record.oracle_distance <= tol.ORACLE
    helper = next(link for link in record.links if link.name == "helper")
    assert helper.mass_source == "placeholder" and 0 < helper.mass <= 1e-5
    assert obj.links["helper"].inertial is not None  # written: no engine invents one
    result = write_mjcf(obj, folder)
    assert result.placeholder_bodies == () and check_mjcf(result.path, obj) == []


@pytest.mark.parametrize("points", [
    "v 0 0 0\nv 0.2 0 0\nv 0 0.2 0\nf 1 2 3\n",  # three vertices
    "v 0 0 0\nv 0.2 0 0\nv 0 0.2 0\nv 0.2 0.2 0\nf 1 2 3\nf 2 4 3\n",  # coplanar
])
def test_degenerate_collision_mesh_is_replaced_by_a_thin_box(tmp_path, points):
    collision = '<collision><geometry><mesh filename="flat.obj"/></geometry></collision>'
    urdf = (f'<robot name="r">{_link("base", VISUAL)}{_link("lid", VISUAL + collision)}'
            f'{HINGE.format(name="h", parent="base", child="lid")}</robot>')
    record, folder, obj = _run(tmp_path, urdf, {"flat.obj": points})
    assert record.accepted and record.oracle_distance <= tol.ORACLE
    assert "normalize.collision.replaced" in record.verification.codes
    lid = obj.links["lid"]
    assert [m.kind for m in lid.meshes] == ["visual"]
    (box,) = [p for p in lid.primitives if p.kind == "collision"]
    assert box.shape == "box" and min(box.size) == pytest.approx(1e-3)
    vertices = np.array([[float(x) for x in line.split()[1:]] for line in points.splitlines()
                         if line.startswith("v ")])
    local = (vertices - box.origin[:3, 3]) @ box.origin[:3, :3]
    assert np.all(np.abs(local) <= np.array(box.size) / 2 + 1e-9)  # the box holds the mesh
    assert check_mjcf(write_mjcf(obj, folder).path, obj) == []
    again = run_object(folder / "object.urdf", tmp_path / "again",
                       provenance={"object_id": "obj", "source": "test"}).record
    assert again.accepted and "normalize.collision.replaced" not in again.verification.codes
    assert again.checksum == record.checksum  # canonical in, the same canonical out


def test_thin_box_covers_its_points_and_solid_meshes_stay():
    rng = np.random.default_rng(0)
    flat = np.c_[rng.uniform(-1, 1, (50, 2)), np.zeros(50)] @ np.linalg.qr(
        rng.normal(size=(3, 3)))[0].T
    assert degenerate(flat) and not degenerate(rng.normal(size=(50, 3)))
    box = thin_box(flat)
    local = (flat - box.origin[:3, 3]) @ box.origin[:3, :3]
    assert np.all(np.abs(local) <= np.array(box.size) / 2 + 1e-9)
    assert np.linalg.det(box.origin[:3, :3]) == pytest.approx(1.0)
    assert json.dumps(box.size)  # plain floats


def test_massless_frames_get_placeholders_instead_of_their_zero_inertial(tmp_path):
    """Genesis's drones and Go2, ManiSkill's Fetch: sensor frames and virtual base links
    written with ``<mass value="0"/>`` and a zero inertia, no geometry."""
    zero = ('<inertial><mass value="0"/><inertia ixx="0" ixy="0" ixz="0" iyy="0" iyz="0" '
            'izz="0"/></inertial>')
    urdf = (f'<robot name="r">{_link("root", zero)}{_link("slider", zero)}'
            f'{_link("body", VISUAL)}{_link("imu", zero)}'
            '<joint name="x" type="prismatic"><parent link="root"/><child link="slider"/>'
            '<axis xyz="1 0 0"/><limit lower="-1" upper="1" effort="1" velocity="1"/></joint>'
            f'{HINGE.format(name="h", parent="slider", child="body")}'
            '<joint name="i" type="fixed"><parent link="body"/><child link="imu"/></joint>'
            '</robot>')
    record, folder, obj = _run(tmp_path, urdf)
    assert record.accepted, record.verification.issues
    massless = [i.location for i in record.verification.issues
                if i.code == "normalize.inertial.massless"]
    assert massless == ["link:root", "link:slider", "link:imu"]
    sources = {link.name: link.mass_source for link in record.links}
    assert sources["root"] == sources["slider"] == sources["imu"] == "placeholder"
    # The empty canonical root too (PyBullet would give it 1 kg, and warn)
    assert sources["base"] == "placeholder" and obj.links["base"].inertial.mass == PLACEHOLDER_MASS
    assert {e.engine: e.ok for e in record.engines} == {e.engine: True for e in record.engines}


def test_zero_size_primitives_are_dropped_or_thickened(tmp_path):
    """PyBullet's Laikago toes: a ``<sphere radius="0">`` visual beside a real collision."""
    body = ('<visual><geometry><sphere radius="0"/></geometry></visual>'
            '<visual><geometry><cylinder radius="0.1" length="0"/></geometry></visual>'
            '<collision><geometry><box size="0.2 0.2 0"/></geometry></collision>'
            '<collision><geometry><sphere radius="0.03"/></geometry></collision>')
    urdf = (f'<robot name="r">{_link("base", VISUAL)}{_link("toe", body)}'
            f'{HINGE.format(name="h", parent="base", child="toe")}</robot>')
    record, folder, obj = _run(tmp_path, urdf)
    assert record.accepted, record.verification.issues
    codes = [i.code for i in record.verification.issues if i.code.startswith("normalize.prim")]
    assert codes == ["normalize.primitive.dropped", "normalize.primitive.dropped",
                     "normalize.primitive.thickened"]
    shapes = [(p.shape, p.size) for p in obj.links["toe"].primitives]
    assert shapes == [("box", (0.2, 0.2, 0.001)), ("sphere", (0.03,))]
    assert check_mjcf(folder / "object.xml", obj) == []
