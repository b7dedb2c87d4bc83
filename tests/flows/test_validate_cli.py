"""``arena validate``: folders, URDF files and archives, hostile input, exit codes, reports."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest
import trimesh
import yourdfpy

from flows.cli import main
from tests.hostile import CUBE_OBJ, urdf_text

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "fixtures" / "urdf"
PM_MESHES = {"body": ((1.0, 1.2, 0.6), (0.0, 0.6, 0.0)),
             "door": ((1.0, 0.75, 0.02), (0.0, 0.825, 0.31)),
             "drawer": ((0.8, 0.3, 0.5), (0.0, 0.2, 0.05))}


def make_pm_door(dest: Path) -> Path:
    shutil.copytree(FIXTURES / "pm_door", dest)
    (dest / "textured_objs").mkdir()
    for name, (extents, center) in PM_MESHES.items():
        mesh = trimesh.creation.box(extents=extents)
        mesh.apply_translation(center)
        mesh.export(dest / "textured_objs" / f"{name}.obj")
    return dest


def validate(*args: str) -> tuple[int, dict | None]:
    """Run ``arena validate`` in-process; return the exit code and report.json (if any)."""
    code = main(["validate", *map(str, args)])
    out = Path(args[args.index("--out") + 1]) if "--out" in args else None
    report = out / "report.json" if out is not None else None
    return code, json.loads(report.read_text()) if report and report.is_file() else None


def tree(root: Path, skip: Path) -> set[str]:
    return {p.relative_to(root).as_posix() for p in root.rglob("*")
            if not p.is_relative_to(skip)}


# ----------------------------------------------------------------------------- accepted
def test_urdf_file_is_normalized_and_verified(tmp_path, capsys):
    out = tmp_path / "out"
    code, report = validate(FIXTURES / "good_door.urdf", "--out", out)
    text = capsys.readouterr().out
    assert code == 0 and report["status"] == "accepted" and report["counts"]["error"] == 0
    assert text.startswith("ACCEPTED  good_door")
    urdf = out / report["canonical_urdf"]
    assert urdf == out / "good_door" / "object.urdf"
    robot = yourdfpy.URDF.load(str(urdf), build_scene_graph=False, load_meshes=False)
    assert robot.validate()
    assert {j.name for j in robot.robot.joints} >= {"hinge"}  # source names kept
    assert report["oracle_distance"] <= 1e-9
    assert (out / "report.txt").read_text().startswith("ACCEPTED")
    record = json.loads((out / "record.json").read_text())
    assert record["verification"]["status"] == "accepted"


def test_partnet_folder_uses_its_side_files(tmp_path):
    folder = make_pm_door(tmp_path / "99001")
    code, report = validate(folder, "--out", tmp_path / "out")
    assert code == 0, report["issues"]
    record = json.loads((tmp_path / "out" / "record.json").read_text())
    assert (record["source"], record["category"], record["upstream_id"]) == (
        "partnet_mobility", "StorageFurniture", "99001")
    assert report["urdf"] == "mobility.urdf"
    assert not [i for i in report["issues"] if i["code"].startswith("mobility.")]


@pytest.mark.parametrize("fmt", ["zip", "gztar"])
def test_archives_are_extracted_inside_out_and_cleaned(tmp_path, fmt):
    folder = make_pm_door(tmp_path / "src" / "cab")
    archive = shutil.make_archive(str(tmp_path / "cab"), fmt, tmp_path / "src", "cab")
    out = tmp_path / "out"
    code, report = validate(archive, "--out", out)
    assert code == 0 and report["kind"] == "archive" and report["object_id"] == "cab"
    assert not (out / "_input").exists()
    assert sorted(p.name for p in out.iterdir()) == ["cab", "record.json", "report.json",
                                                     "report.txt"]
    assert folder.is_dir()


def test_json_flag_prints_the_report(tmp_path, capsys):
    out = tmp_path / "out"
    code = main(["validate", str(FIXTURES / "good_door.urdf"), "--out", str(out), "--json"])
    printed = json.loads(capsys.readouterr().out)
    assert code == 0 and printed == json.loads((out / "report.json").read_text())


def test_default_out_is_validated_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["validate", str(FIXTURES / "good_door.urdf")]) == 0
    assert (tmp_path / "validated" / "good_door" / "good_door" / "object.urdf").is_file()


def test_folder_with_several_urdfs_needs_urdf_option(tmp_path):
    folder = tmp_path / "two"
    folder.mkdir()
    for name in ("good_door", "rigid"):
        shutil.copy(FIXTURES / f"{name}.urdf", folder)
    code, report = validate(folder, "--out", tmp_path / "o1")
    assert (code, report["reasons"]) == (1, ["input.ambiguous"])
    code, report = validate(folder, "--out", tmp_path / "o2", "--urdf", "good_door.urdf")
    assert code == 0 and report["urdf"] == "good_door.urdf"


def test_against_asks_the_release_reader_for_the_nearest_objects(tmp_path, monkeypatch):
    import release.reader

    calls = []

    def nearest(rel, record):
        calls.append((rel, record.object_id))
        return [{"object_id": "x", "distance": 0.5}]

    monkeypatch.setattr(release.reader, "nearest", nearest)
    monkeypatch.setattr(release.reader, "parquet_files", lambda path: [])
    code, report = validate(FIXTURES / "good_door.urdf", "--out", tmp_path / "o",
                            "--against", tmp_path)
    assert code == 0 and calls == [(str(tmp_path), "good_door")]
    assert report["against"]["nearest"] == [{"object_id": "x", "distance": 0.5}]
    assert "x" in (tmp_path / "o" / "report.txt").read_text().split("nearest objects")[1]


# ----------------------------------------------------------------------------- hostile input
def _zip_slip(tmp: Path) -> Path:
    path = tmp / "slip.zip"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("obj/mobility.urdf", "<robot name='r'><link name='base'/></robot>")
        zf.writestr("../../evil.urdf", "pwned")
    return path


def _tar_symlink(tmp: Path) -> Path:
    path = tmp / "link.tar.gz"
    with tarfile.open(path, "w:gz") as tf:
        info = tarfile.TarInfo("obj/passwd.obj")
        info.type, info.linkname = tarfile.SYMTYPE, "/etc/passwd"
        tf.addfile(info)
        data = b"<robot name='r'><link name='base'/></robot>"
        info = tarfile.TarInfo("obj/mobility.urdf")
        info.size = len(data)
        tf.addfile(info, io.BytesIO(data))
    return path


def _mesh_symlink(tmp: Path) -> Path:
    folder = tmp / "obj"
    (folder / "meshes").mkdir(parents=True)
    shutil.copy(FIXTURES / "mesh_door.urdf", folder)
    outside = tmp / "outside.obj"
    trimesh.creation.box().export(outside)
    (folder / "meshes" / "base.obj").symlink_to(outside)
    (folder / "meshes" / "door.obj").symlink_to(outside)
    return folder


def _write(name: str, data: bytes):
    def make(tmp: Path) -> Path:
        path = tmp / name
        path.write_bytes(data)
        return path
    return make


def _fixture(name: str):
    return lambda tmp: FIXTURES / f"{name}.urdf"


HOSTILE = {
    "billion_laughs": (_fixture("billion_laughs"), "xml.doctype"),
    "external_entity": (_fixture("external_entity"), "xml.doctype"),
    "zip_slip": (_zip_slip, "archive.traversal"),
    "tar_symlink": (_tar_symlink, "archive.link"),
    "absolute_mesh": (_fixture("mesh_absolute"), "mesh.path.absolute"),
    "dotdot_mesh": (_fixture("mesh_escape"), "mesh.path.escapes"),
    "symlink_mesh": (_mesh_symlink, "mesh.path.symlink"),
    "nan_origin": (_fixture("nan_origin"), "joint.origin.nonfinite"),
    "cycle": (_fixture("cycle"), "structure.cycle"),
    "unknown_joint_type": (_fixture("unknown_joint_type"), "joint.type.unsupported"),
    "missing_link": (_fixture("dangling_child"), "structure.dangling"),
    "garbage_50mb": (lambda t: _write("big.urdf", os.urandom(50 << 20))(t), "file.too_large"),
    "garbage_zip": (_write("junk.zip", os.urandom(4096)), "archive.corrupt"),
    "empty": (_write("empty.urdf", b""), "xml.malformed"),
    "binary_urdf": (_write("image.urdf", b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 8),
                    "xml.malformed"),
    "no_urdf": (lambda t: (t / "nothing").mkdir() or t / "nothing", "input.no_urdf"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_hostile_input_is_rejected_with_its_code(case, tmp_path, capsys):
    make, code = HOSTILE[case]
    work = tmp_path / "work"
    work.mkdir()
    path = make(work)
    out = tmp_path / "out"
    before = tree(tmp_path, out)
    status, report = validate(path, "--out", out)
    captured = capsys.readouterr()
    assert status == 1, report
    assert code in report["reasons"]
    assert "Traceback" not in captured.out + captured.err
    assert tree(tmp_path, out) == before  # nothing written outside --out
    assert not (tmp_path.parent / "evil.urdf").exists()
    assert "root:" not in (out / "report.json").read_text()  # no /etc/passwd content


def test_archive_bomb_is_stopped_by_the_size_limit(tmp_path, monkeypatch):
    import arena_core.formats.archive as archive

    monkeypatch.setattr(archive, "OBJECT_ARCHIVE_MEMBER_BYTES", 1 << 20)
    bomb = tmp_path / "bomb.zip"
    with zipfile.ZipFile(bomb, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("obj/mobility.urdf", "<robot name='r'><link name='base'/></robot>")
        zf.writestr("obj/zeros.obj", bytes(8 << 20))  # 8 MB of zeros, ~8 kB compressed
    status, report = validate(bomb, "--out", tmp_path / "out")
    assert (status, report["reasons"]) == (1, ["archive.too_large"])
    assert not (tmp_path / "out" / "_input").exists()


def test_hostile_input_as_a_subprocess_has_no_traceback(tmp_path):
    for path in (FIXTURES / "billion_laughs.urdf", _zip_slip(tmp_path)):
        proc = subprocess.run([sys.executable, "-m", "flows.cli", "validate", str(path),
                               "--out", str(tmp_path / path.stem)], capture_output=True,
                              text=True, cwd=REPO, timeout=120)
        assert proc.returncode == 1, proc.stderr
        assert "Traceback" not in proc.stdout + proc.stderr
        assert "REJECTED" in proc.stdout


# ----------------------------------------------------------------------------- usage
@pytest.mark.parametrize("argv, message", [
    (["no/such/path"], "no such file or folder"),
    ([str(FIXTURES / "good_door.urdf"), "--scale", "0"], "--scale"),
    ([str(FIXTURES / "good_door.urdf"), "--scale", "nan"], "--scale"),
    ([str(FIXTURES / "good_door.urdf"), "--urdf", "x.urdf"], "--urdf"),
    ([str(FIXTURES / "good_door.urdf"), "--against", str(FIXTURES)], "is this a release"),
    ([str(FIXTURES / "good_door.urdf"), "--against", "no/such/release"], "no such release"),
])
def test_usage_errors_exit_2(argv, message, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["validate", *argv]) == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "validated").exists()  # refused before any work


def test_out_inside_the_input_folder_is_refused(tmp_path, capsys):
    folder = make_pm_door(tmp_path / "obj")
    assert main(["validate", str(folder), "--out", str(folder / "v")]) == 2
    assert not (folder / "v").exists()


@pytest.mark.parametrize("argv", [["validate"], ["validate", "x", "--up-axis", "w"]])
def test_bad_command_line_exits_2(argv, capsys):
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2


# ----------------------------------------------------------------------------- real data
@pytest.mark.parametrize("rel, code", [
    ("articulate_anything_repo/103480_joint_6", "mesh.path.absolute"),
    ("bidexhands_repo/mjcf_bottle_cap", "mesh.missing"),
    ("pybullet_data_pkg/malformed_xml/biped", "urdf.number.invalid"),  # lower="-1.57."
    ("pybullet_data_pkg/malformed_xml/differential", "mesh.missing"),
    ("urdformer_repo/outputs", "mesh.path.escapes"),
    ("kitchen_models_repo/Sink_00005", "units.implausible"),
])
def test_realdata_broken_objects_get_their_codes(realdata, rel, code, tmp_path):
    status, report = validate(realdata / rel, "--out", tmp_path / "out")
    assert status == 1 and code in report["reasons"], report["reasons"]


def test_realdata_centimeter_sink_passes_with_its_scale(realdata, tmp_path):
    """Its size is right at 0.01 m per unit; the sink has no moving joint, so it stays out
    by the rule for rigid objects (a prop), and by that alone."""
    status, report = validate(realdata / "kitchen_models_repo/Sink_00005", "--out",
                              tmp_path / "out", "--scale", "0.01")
    assert (status, report["reasons"]) == (1, ["structure.no_moving_joints"])


def test_realdata_partnet_bottle_is_accepted(realdata, tmp_path):
    status, report = validate(realdata / "genesis_repo" / "3763", "--out", tmp_path / "out")
    assert status == 0, report["reasons"]
    assert (report["urdf"], report["category"]) == ("mobility.urdf", "Bottle")
    assert report["oracle_distance"] <= 1e-9


def test_lone_urdf_looks_for_packages_near_it_only(tmp_path, monkeypatch):
    """A URDF in a large shared folder: ``package.xml`` is searched two levels down, not in
    the whole folder (a ``package://`` mesh of a deeper package stays unresolved)."""
    import flows.adapters.urdf_refs as refs

    near, far = tmp_path / "near", tmp_path / "a" / "b" / "c" / "far"
    for folder, name in ((near, "near_pkg"), (far, "far_pkg")):
        (folder / "meshes").mkdir(parents=True)
        (folder / "package.xml").write_text(f"<package><name>{name}</name></package>")
        (folder / "meshes" / "m.obj").write_text(CUBE_OBJ)
    urdf = tmp_path / "robot.urdf"
    urdf.write_text(urdf_text("robot").replace('filename="m.obj"',
                                               'filename="package://near_pkg/meshes/m.obj"', 1)
                    .replace('filename="m.obj"', 'filename="package://far_pkg/meshes/m.obj"'))
    walked = tmp_path / "walked.jsonl"  # a file: the validation runs in a forked child
    real_walk = refs.walk

    def spy(root, **kw):
        with walked.open("a") as fh:
            fh.write(json.dumps(kw.get("max_depth")) + "\n")
        return real_walk(root, **kw)

    monkeypatch.setattr(refs, "walk", spy)
    status, report = validate(urdf, "--out", tmp_path / "out")
    assert status == 1 and report["reasons"] == ["mesh.path.package_unresolved"]
    assert "far_pkg" in json.dumps(report["issues"]) and "near_pkg" not in json.dumps(
        report["issues"])
    depths = [json.loads(line) for line in walked.read_text().splitlines()]
    assert depths and all(depth == 2 for depth in depths)
