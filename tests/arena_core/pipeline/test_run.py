"""run_object end to end on hand-made URDFs: canonical folder, oracle, idempotency, codes."""

from __future__ import annotations

import hashlib
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
import trimesh
import yourdfpy

from arena_core.formats.mjcf.write import MJCF_FILE
from arena_core.formats.urdf.read import read_urdf
from arena_core.model.inertia import PLACEHOLDER_MASS
from arena_core.pipeline import run as run_module
from arena_core.pipeline.normalize import NormalizeError, normalize_object
from arena_core.pipeline.run import (
    CANONICAL_URDF,
    RunObjectError,
    folder_checksum,
    run_object,
    write_canonical_folder,
)
from arena_core.util import tolerances as tol
from schemas.extras import SourceExtras
from schemas.record import Provenance

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "normalize"
CABINET = (FIXTURES / "cabinet.urdf").read_text()
PARTNET = (FIXTURES / "partnet.urdf").read_text()

PROV = {"object_id": "obj1", "source": "handmade"}


def _write(folder: Path, text: str, name: str = "src.urdf") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text)
    return path


def _oracle_codes(record) -> list[str]:
    return [i.code for i in record.verification.issues if i.code.startswith("normalize.oracle")]


@pytest.mark.parametrize("text, scale, up_axis", [(CABINET, 0.01, "y"), (PARTNET, 1.0, "z")])
def test_canonical_folder_is_exact_loadable_and_idempotent(tmp_path: Path, text, scale,
                                                           up_axis):
    src = _write(tmp_path / "src", text)
    rec = run_object(src, tmp_path / "out", scale=scale, up_axis=up_axis, provenance=PROV).record
    folder = tmp_path / "out" / "obj1"
    assert _oracle_codes(rec) == [] and rec.oracle_distance <= tol.ORACLE
    assert rec.urdf == CANONICAL_URDF and rec.checksum == folder_checksum(folder)
    assert {f.path for f in rec.canonical_files} == {CANONICAL_URDF, MJCF_FILE}
    robot = yourdfpy.URDF.load(str(folder / CANONICAL_URDF), load_meshes=False)
    assert robot.validate(), robot._errors
    again = run_object(folder / CANONICAL_URDF, tmp_path / "again", provenance=PROV).record
    assert again.checksum == rec.checksum
    assert (tmp_path / "again" / "obj1" / CANONICAL_URDF).read_bytes() == (
        folder / CANONICAL_URDF).read_bytes()
    assert again.transform.translation == [0.0, 0.0, 0.0] and again.oracle_distance == 0.0


def test_record_holds_root_frame_joints_and_links(tmp_path: Path):
    src = _write(tmp_path / "src", CABINET)
    rec = run_object(src, tmp_path / "out", scale=0.01, up_axis="y", provenance=PROV).record
    joints = {j.name: j for j in rec.joints}
    assert joints["spin"].type == "continuous" and joints["spin"].lower is None
    assert joints["spin"].endpoints is None and joints["spin"].effort == 100.0
    cap = joints["cap"]
    assert cap.type == "helical" and cap.pitch == pytest.approx(0.005)
    assert np.allclose(cap.twist[3:], np.cross(cap.origin, cap.axis) + 0.005 * np.array(cap.axis))
    slide = joints["slide"]
    assert slide.upper == pytest.approx(0.35) and slide.twist[:3] == [0.0, 0.0, 0.0]
    assert np.allclose(slide.endpoints[1], np.array(slide.twist) * slide.upper)
    assert joints["weld"].child == "base_1" and joints["base_joint"].parent == "base"
    links = {link.name: link for link in rec.links}
    assert links["base"].mass_source == "placeholder" and links["drawer"].mass_source == "urdf"
    assert links["frame"].mass_source == "mesh_volume" and links["frame"].mass == pytest.approx(
        1000 * 0.6 * 1.0 * 0.4)
    assert rec.transform.scale == 0.01 and rec.transform.up_axis == "y"
    assert rec.source_id == "obj1" and [f.path for f in rec.files] == ["src.urdf"]


def test_helical_and_limits_are_written_in_arena_syntax(tmp_path: Path):
    src = _write(tmp_path / "src", CABINET)
    run_object(src, tmp_path / "out", scale=0.01, up_axis="y", provenance=PROV)
    text = (tmp_path / "out" / "obj1" / CANONICAL_URDF).read_text()
    assert '<joint name="cap" type="revolute">' in text and '<helical pitch="0.005"/>' in text
    robot = yourdfpy.URDF.load(str(tmp_path / "out" / "obj1" / CANONICAL_URDF),
                               load_meshes=False)
    for joint in robot.robot.joints:
        if joint.type != "fixed":
            assert joint.limit.effort is not None and joint.limit.velocity is not None
            assert abs(np.linalg.norm(joint.axis) - 1.0) < 1e-15
    assert read_urdf(tmp_path / "out" / "obj1" / CANONICAL_URDF).obj.joint("cap").type == "helical"


def _perturbed_writer(real_write):
    """A writer that moves the hinge by 1 mm along x before writing."""
    def write(obj, path):
        shift = np.zeros((4, 4))
        shift[0, 3] = 1e-3
        joints = [replace(j, origin_local=j.origin_local + shift) if j.name == "hinge" else j
                  for j in obj.joints]
        return real_write(type(obj).from_parts(obj.name, obj.links.values(), joints), path)
    return write


def test_oracle_rejects_a_writer_that_moves_a_joint(tmp_path: Path, monkeypatch):
    monkeypatch.setattr(run_module, "write_urdf", _perturbed_writer(run_module.write_urdf))
    src = _write(tmp_path / "src", CABINET)
    rec = run_object(src, tmp_path / "out", scale=0.01, up_axis="y", provenance=PROV).record
    assert rec.verification.status == "rejected"
    assert _oracle_codes(rec) == ["normalize.oracle", "normalize.oracle"]
    assert rec.oracle_distance > 1e-4
    messages = " ".join(i.message for i in rec.verification.issues)
    assert "distance" in messages and "parse(write(x))" in messages and "hinge" in messages


def test_unreadable_source_is_a_rejected_record_and_writes_nothing(tmp_path: Path):
    src = _write(tmp_path / "src", "<robot name='x'><link name='a'>")
    out = tmp_path / "out"
    rec = run_object(src, out, provenance=PROV).record
    assert rec.verification.status == "rejected" and rec.verification.codes == ["xml.malformed"]
    assert rec.checksum is None and rec.joints == [] and not (out / "obj1").exists()
    missing = run_object(tmp_path / "nope.urdf", out, provenance=PROV).record
    assert missing.verification.codes == ["file.missing"] and missing.files == []


@pytest.mark.parametrize("text, code", [
    ('<robot name="r"><link name="a"/><link name="b"/><joint name="j" type="revolute">'
     '<parent link="a"/><child link="b"/><limit lower="-1.57." upper="1" effort="1" '
     'velocity="1"/></joint></robot>', "urdf.number.invalid"),
    ('<robot name="r"><link name="a"><visual><geometry><plane normal="0 0 1"/>'
     '</geometry></visual></link></robot>', "urdf.geometry.unsupported"),
    ('<?xml version="0.0" ?><robot name="r"><link name="a"/></robot>', None),
])
def test_reader_repairs_and_codes(tmp_path: Path, text, code):
    rec = run_object(_write(tmp_path / "src", text), tmp_path / "out", provenance=PROV).record
    if code is None:
        assert "xml.declaration_repaired" in rec.verification.codes
        assert rec.checksum is not None
    else:
        assert rec.verification.codes == [code] and rec.verification.status == "rejected"


def test_nothing_is_written_outside_out_dir(tmp_path: Path):
    src = _write(tmp_path / "src", PARTNET)
    before = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*"))
    run_object(src, tmp_path / "out", provenance=PROV)
    run_object(src, tmp_path / "out", provenance=PROV)  # replaces the folder
    after = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*"))
    new = {str(p) for p in set(after) - set(before)}
    assert new == {"out", "out/obj1", f"out/obj1/{CANONICAL_URDF}", f"out/obj1/{MJCF_FILE}"}


def _obj_with_material(folder: Path) -> Path:
    """A closed cube ``.obj`` with a material library that names one present and one
    missing texture, plus a second ``mtllib`` that does not exist and one that escapes."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "tex.png").write_bytes(b"\x89PNG fake texture")
    (folder / "cube.mtl").write_text("newmtl red\nKd 1 0 0\nmap_Kd tex.png\nmap_Ks gone.png\n")
    (folder.parent / "secret.mtl").write_text("newmtl x\n")
    cube = trimesh.creation.box(extents=[0.2, 0.2, 0.2]).export(file_type="obj")
    body = "\n".join(line for line in cube.splitlines() if not line.startswith("mtllib"))
    path = folder / "cube.obj"
    path.write_text("mtllib cube.mtl\r\nmtllib missing.mtl\nmtllib ../secret.mtl\nusemtl red\n"
                    + body + "\n")
    return path


MESHED = """<robot name="m">
  <link name="body"><visual><geometry><mesh filename="parts/cube.obj"/></geometry></visual>
    <collision><geometry><mesh filename="parts/cube.obj"/></geometry></collision></link>
  <link name="lid"><visual><origin xyz="0 0 0.1"/>
    <geometry><mesh filename="parts/cube.obj" scale="1 1 0.1"/></geometry></visual></link>
  <link name="ghost"><visual><geometry><mesh filename="parts/none.obj"/></geometry></visual>
    <collision><origin xyz="0 0 -1"/><geometry><box size="0.1 0.1 0.1"/></geometry></collision>
  </link>
  <joint name="hinge" type="revolute"><origin xyz="0 0.1 0.1"/><parent link="body"/>
    <child link="lid"/><axis xyz="1 0 0"/><limit lower="0" upper="2"/></joint>
  <joint name="fix" type="fixed"><parent link="body"/><child link="ghost"/></joint>
</robot>"""


def test_meshes_are_content_addressed_with_materials(tmp_path: Path):
    _obj_with_material(tmp_path / "src" / "parts")
    src = _write(tmp_path / "src", MESHED)
    rec = run_object(src, tmp_path / "out", provenance=PROV).record
    folder = tmp_path / "out" / "obj1"
    names = sorted(p.name for p in (folder / "meshes").iterdir())
    assert [n.rsplit(".", 1)[1] for n in names] == ["mtl", "obj", "png"]
    for name in names:
        data = (folder / "meshes" / name).read_bytes()
        assert name.split(".")[0] == hashlib.sha256(data).hexdigest()[:16]
    obj_name = next(n for n in names if n.endswith(".obj"))
    mtl_name = next(n for n in names if n.endswith(".mtl"))
    png_name = next(n for n in names if n.endswith(".png"))
    obj_text = (folder / "meshes" / obj_name).read_bytes().decode()
    assert obj_text.startswith(f"mtllib {mtl_name}\r\nusemtl red\n")
    assert (folder / "meshes" / mtl_name).read_text() == f"newmtl red\nKd 1 0 0\nmap_Kd {png_name}\n"
    codes = {i.code: i for i in rec.verification.issues}
    assert "missing.mtl" in codes["mesh.material_missing"].message
    assert "../secret.mtl" in codes["mesh.material_missing"].message
    assert "gone.png" in codes["mesh.texture_missing"].message
    assert codes["mesh.missing"].severity == "error" and rec.verification.status == "rejected"
    text = (folder / CANONICAL_URDF).read_text()
    assert text.count(f'filename="meshes/{obj_name}"') == 3 and "none.obj" not in text
    assert _oracle_codes(rec) == []
    # the ghost's visual mesh is missing, so its collision box is its geometry (bbox, mass)
    assert rec.transform.translation[2] == pytest.approx(1.05)
    assert {f.path for f in rec.files} == {"src.urdf", "parts/cube.obj"}
    again = run_object(folder / CANONICAL_URDF, tmp_path / "again", provenance=PROV).record
    assert again.checksum == rec.checksum


def test_mesh_geometry_sets_inertials_and_bottom_center(tmp_path: Path):
    _obj_with_material(tmp_path / "src" / "parts")
    ghost = MESHED[MESHED.index('<link name="ghost">'):MESHED.index("</link>\n  <joint")]
    src = _write(tmp_path / "src", MESHED.replace(ghost + "</link>", '<link name="ghost"/>'))
    rec = run_object(src, tmp_path / "out", provenance=PROV).record
    links = {link.name: link for link in rec.links}
    assert links["body"].mass_source == "mesh_volume"
    assert links["body"].mass == pytest.approx(1000 * 0.008)
    assert links["lid"].mass == pytest.approx(1000 * 0.0008)
    assert (links["ghost"].mass, links["ghost"].mass_source) == (PLACEHOLDER_MASS, "placeholder")
    # bbox: body cube [-0.1, 0.1]^3, lid slab y in [0, 0.2] -> center y 0.05, bottom z -0.1
    assert rec.transform.translation == pytest.approx([0.0, -0.05, 0.1])
    assert links["body"].com == pytest.approx([0.0, -0.05, 0.1])


def test_bad_arguments_raise(tmp_path: Path):
    src = _write(tmp_path / "src", PARTNET)
    for prov in ({"source": "x"}, {"object_id": "../up", "source": "x"},
                 {"object_id": "a", "source": "x", "colour": 1}, {"object_id": "a"}):
        with pytest.raises(RunObjectError):
            run_object(src, tmp_path / "out", provenance=prov)
    with pytest.raises(NormalizeError):
        run_object(src, tmp_path / "out", scale=-1.0, provenance=PROV)
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(("provenance", "extras", "message"), [
    ({"source": "x"}, None, "provenance.object_id: required field is missing"),
    ({"object_id": ".hidden", "source": "x"}, None, "provenance.object_id: must be a folder-safe"),
    ({"object_id": "a", "source": ""}, None, "provenance.source: String should have at least"),
    ({"object_id": "a", "source": "x", "colour": 1}, None,
     "provenance.colour: unknown field (check the spelling)"),
    ({"object_id": "a", "source": "x", "license_class": "free"}, None,
     "provenance.license_class: Input should be"),
    ({"object_id": "a", "source": "x", "files": [{"path": "/abs", "sha256": "0" * 64,
                                                  "size": 1}]}, None,
     "provenance.files.0.path: must be a relative POSIX path"),
    (["obj1", "handmade"], None, "provenance: expected a Provenance or a mapping, got list"),
    (PROV, {"mobility_path": "/x.json"}, "extras.mobility_path: unknown field (check the "
     "spelling)"),
    (PROV, {"angle_units_known": "maybe"}, "extras.angle_units_known: Input should be"),
])
def test_malformed_provenance_and_extras_name_the_field(tmp_path: Path, provenance, extras,
                                                        message):
    src = _write(tmp_path / "src", PARTNET)
    with pytest.raises(RunObjectError) as caught:
        run_object(src, tmp_path / "out", provenance=provenance, extras=extras)
    assert str(caught.value).startswith(message) and "\n" not in str(caught.value)
    assert not (tmp_path / "out").exists()


def test_provenance_and_extras_records_are_taken_as_they_are(tmp_path: Path):
    src = _write(tmp_path / "src", PARTNET)
    from_mapping = run_object(src, tmp_path / "a", provenance=PROV, extras={}).record
    from_records = run_object(src, tmp_path / "b", provenance=Provenance(**PROV),
                              extras=SourceExtras()).record
    assert from_records == from_mapping and from_records.source_id == "obj1"


def test_internal_failure_is_a_rejected_record(tmp_path: Path, monkeypatch):
    def boom(*args, **kwargs):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(run_module, "normalize_object", boom)
    rec = run_object(_write(tmp_path / "src", PARTNET), tmp_path / "out", provenance=PROV).record
    assert rec.verification.codes == ["internal.error"] and "disk on fire" in (
        rec.verification.issues[0].message)
    assert rec.model_validate_json(rec.model_dump_json()) == rec


def test_a_rod_on_the_edge_of_the_triangle_inequality_is_balanced_for_mujoco(tmp_path):
    """``rod_inertia.urdf``: Stretch's link_puller, refused by MuJoCo as written."""
    fixture = Path(__file__).resolve().parents[2] / "fixtures" / "urdf" / "rod_inertia.urdf"
    rec = run_object(fixture, tmp_path / "out", provenance=PROV).record
    assert rec.accepted, rec.verification.issues
    (found,) = [i for i in rec.verification.issues if i.code == "normalize.inertial.balanced"]
    assert found.location == "link:rod"
    rod = next(link for link in rec.links if link.name == "rod")
    moments = np.linalg.eigvalsh(np.asarray(rod.inertia))
    assert moments[0] + moments[1] >= moments[2] * (1 + 0.5e-6)
    np.testing.assert_allclose(moments[1:], [1.0931711e-07, 1.0931711e-07], rtol=1e-7)


def test_a_plate_inertia_computed_from_a_mesh_is_balanced_once(tmp_path):
    """A link with no inertial whose mesh is a 1 m sheet 0.1 um thick: the inertia computed
    from it is a plate's on the edge of A + B >= C (A + B - C ~ 1e-14 C). It is balanced when
    computed, so that normalizing the canonical object again changes nothing."""
    src = tmp_path / "src"
    src.mkdir()
    trimesh.creation.box(extents=(1.0, 1.0, 1e-7)).export(src / "sheet.obj")
    urdf = _write(src, """<robot name="sheet">
  <link name="base"><visual><geometry><box size="0.2 0.2 0.2"/></geometry></visual></link>
  <link name="sheet"><visual><geometry><mesh filename="sheet.obj"/></geometry></visual></link>
  <joint name="hinge" type="revolute"><origin xyz="0 0 0.2"/><parent link="base"/>
    <child link="sheet"/><axis xyz="1 0 0"/><limit lower="0" upper="1"/></joint>
</robot>""")
    source = read_urdf(urdf)
    first = normalize_object(source.obj)
    assert "normalize.inertial.balanced" in {i.code for i in first.issues}
    write_canonical_folder(first.obj, tmp_path / "canonical")
    again = normalize_object(read_urdf(tmp_path / "canonical" / CANONICAL_URDF).obj)
    assert "normalize.inertial.balanced" not in {i.code for i in again.issues}
    write_canonical_folder(again.obj, tmp_path / "again")
    assert folder_checksum(tmp_path / "again") == folder_checksum(tmp_path / "canonical")
