"""Hostile objects, one per class of bad input, made small by the tests that use them.

:func:`make_hostile` writes one folder per case under ``root`` (each a URDF object as a
``urdf_folder`` source would hold it) and returns ``{case: expected issue code}``. Big
inputs are sparse files, so the whole set takes a few megabytes of disk. :func:`good_object`
writes an object that every stage accepts. The build test, ``arena validate`` and
``arena score`` all read these same folders.
"""

from __future__ import annotations

import os
import stat
import struct
import zipfile
from collections.abc import Callable
from pathlib import Path


def box_obj(sx: float = 0.2, sy: float = 0.2, sz: float = 0.2) -> str:
    """A closed box mesh from the origin to ``(sx, sy, sz)`` as OBJ text."""
    return "".join(f"v {x} {y} {z}\n" for x in (0, sx) for y in (0, sy) for z in (0, sz)) + (
        "f 1 3 2\nf 2 3 4\nf 5 6 7\nf 6 8 7\nf 1 2 5\nf 2 6 5\n"
        "f 3 7 4\nf 4 7 8\nf 1 5 3\nf 3 5 7\nf 2 4 6\nf 4 8 6\n")


CUBE_OBJ = box_obj()

#: One GiB: the size of the sparse "oversized" files (above every file limit).
GIB = 1 << 30


def urdf_text(name: str = "obj", *, mesh: str = "m.obj", mesh_attrs: str = "",
              joint: str = "", link_extra: str = "", inertial: str = "", origin: str = "") -> str:
    """A two-link URDF: ``base`` and a ``lid`` on a revolute joint, the lid with a mesh."""
    origin = origin or '<origin xyz="0 0 0.2"/>'
    joint = joint or ('<joint name="hinge" type="revolute"><parent link="base"/>'
                      f'<child link="lid"/>{origin}'
                      '<axis xyz="0 1 0"/>'
                      '<limit lower="0" upper="1.5" effort="1" velocity="1"/></joint>')
    return (f'<?xml version="1.0"?>\n<robot name="{name}">\n'
            f'<link name="base"><visual><geometry><mesh filename="m.obj"/></geometry></visual>'
            f'</link>\n<link name="lid">{inertial}<visual><geometry><mesh filename="{mesh}"'
            f' {mesh_attrs}/></geometry></visual>{link_extra}</link>\n{joint}\n</robot>\n')


def good_object(folder: Path, name: str = "good", variant: int = 0) -> Path:
    """An object every stage accepts: ``folder/<name>.urdf`` with box meshes; objects of
    different ``variant`` differ in shape and motion (no two are duplicates)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "m.obj").write_text(box_obj(0.3 + 0.1 * variant, 0.4, 0.2 + 0.05 * variant))
    (folder / "lid.obj").write_text(box_obj(0.3 + 0.1 * variant, 0.02, 0.3))
    hinge = ('<joint name="hinge" type="revolute"><parent link="base"/><child link="lid"/>'
             f'<origin xyz="0 0.4 {0.2 + 0.05 * variant}"/><axis xyz="{variant % 2} '
             f'{1 - variant % 2} 0"/><limit lower="0" upper="{0.5 + 0.25 * variant}" '
             'effort="1" velocity="1"/></joint>')
    urdf = folder / f"{name}.urdf"
    urdf.write_text(urdf_text(name, mesh="lid.obj", joint=hinge))
    return urdf


def _case(folder: Path, text: str, extra: Callable[[Path], None] | None = None) -> None:
    folder.mkdir(parents=True)
    (folder / "m.obj").write_text(CUBE_OBJ)
    if extra is not None:
        extra(folder)
    (folder / "object.urdf").write_bytes(text.encode() if isinstance(text, str) else text)


def _sparse(path: Path, size: int = GIB) -> None:
    with open(path, "wb") as fh:
        fh.truncate(size)


def _chain(n: int) -> str:
    links = "".join(f'<link name="l{i}"/>' for i in range(1, n + 1))
    joints = "".join(f'<joint name="j{i}" type="revolute"><parent link="l{i - 1 if i > 1 else 0}"/>'
                     f'<child link="l{i}"/><origin xyz="0 0 0.001"/><axis xyz="0 0 1"/>'
                     '<limit lower="-1" upper="1" effort="1" velocity="1"/></joint>'
                     for i in range(1, n + 1))
    return (f'<robot name="chain"><link name="l0"><visual><geometry><box size="0.1 0.1 0.1"/>'
            f'</geometry></visual></link>{links}{joints}</robot>')


def _deep_folders(folder: Path, depth: int) -> None:
    """``depth`` nested folders (created with relative mkdir: the path is too long otherwise)."""
    fd = os.open(folder, os.O_RDONLY)
    try:
        for _ in range(depth):
            os.mkdir("d", dir_fd=fd)
            nxt = os.open("d", os.O_RDONLY, dir_fd=fd)
            os.close(fd)
            fd = nxt
    finally:
        os.close(fd)


def make_hostile(root: Path) -> dict[str, str]:
    """One folder per hostile case under ``root``; returns ``{case: expected code}``."""
    cases: dict[str, str] = {}

    def add(case: str, code: str, text: str, extra: Callable[[Path], None] | None = None):
        _case(root / case, text, extra)
        cases[case] = code

    # --- file system
    add("name_too_long", "mesh.path.too_long", urdf_text(mesh="m" * 300 + ".obj"))
    add("symlink_loop", "mesh.path.symlink_loop", urdf_text(mesh="loop.obj"),
        lambda f: os.symlink("loop.obj", f / "loop.obj"))

    def mtl_loop(f: Path) -> None:
        (f / "t.obj").write_text("mtllib t.mtl\n" + CUBE_OBJ)
        os.symlink("t.mtl", f / "t.mtl")
    add("mtl_symlink_loop", "mesh.material.path.symlink_loop", urdf_text(mesh="t.obj"), mtl_loop)
    add("fifo_mesh", "mesh.not_a_file", urdf_text(mesh="p.obj"),
        lambda f: os.mkfifo(f / "p.obj"))
    if os.geteuid() == 0:
        add("device_mesh", "mesh.not_a_file", urdf_text(mesh="dev.obj"),
            lambda f: os.mknod(f / "dev.obj", stat.S_IFCHR | 0o600, os.makedev(1, 3)))
    add("folder_mesh", "mesh.not_a_file", urdf_text(mesh="dir.obj"),
        lambda f: (f / "dir.obj").mkdir())
    # --- attribute arity and form
    add("scale_arity", "urdf.attribute.arity", urdf_text(mesh_attrs='scale="1 1"'))
    add("xyz_arity", "urdf.attribute.arity", urdf_text(origin='<origin xyz="0 0"/>'))
    add("rpy_arity", "urdf.attribute.arity", urdf_text(origin='<origin rpy="0 0 0 0"/>'))
    add("size_arity", "urdf.attribute.arity",
        urdf_text(link_extra='<collision><geometry><box size="1 1"/></geometry></collision>'))
    add("radius_arity", "urdf.attribute.arity", urdf_text(
        link_extra='<collision><geometry><sphere radius="1 2"/></geometry></collision>'))
    add("length_missing", "urdf.attribute.missing", urdf_text(
        link_extra='<collision><geometry><cylinder radius="1"/></geometry></collision>'))
    add("inertia_arity", "urdf.attribute.arity", urdf_text(
        inertial='<inertial><mass value="1"/><inertia ixx="1 1" ixy="0" ixz="0" iyy="1" '
                 'iyz="0" izz="1"/></inertial>'))
    # --- encodings
    utf7 = ('<?xml version="1.0" encoding="UTF-7"?>\n+ADw-+ACE-DOCTYPE robot +AFs-+ADw-+ACE-'
            'ENTITY e +ACI-boom+ACI-+AD4-+AF0-+AD4-\n<robot name="x"><link name="&e;"/></robot>')
    add("utf7_doctype", "xml.encoding.unsupported", utf7.encode("ascii"))
    # --- depth
    add("deep_folders", "source.folder.too_deep", urdf_text(),
        lambda f: _deep_folders(f, 1500))
    # --- side files
    def big_mtl(f: Path) -> None:
        (f / "t.obj").write_text("mtllib big.mtl\n" + CUBE_OBJ)
        _sparse(f / "big.mtl")
    add("big_mtl", "mesh.material.too_large", urdf_text(mesh="t.obj"), big_mtl)
    add("big_mesh", "mesh.too_large", urdf_text(mesh="big.obj"),
        lambda f: _sparse(f / "big.obj"))
    # --- values
    add("negative_effort", "joint.limit.effort_negative", urdf_text(joint=(
        '<joint name="hinge" type="revolute"><parent link="base"/><child link="lid"/>'
        '<axis xyz="0 1 0"/><limit lower="0" upper="1" effort="-1" velocity="-2"/></joint>')))
    add("huge_inertia", "normalize.inertial.replaced", urdf_text(
        inertial='<inertial><mass value="1"/><inertia ixx="1e308" ixy="0" ixz="0" iyy="1e308"'
                 ' iyz="0" izz="1e308"/></inertial>'))
    add("huge_limits", "joint.limit.out_of_range", urdf_text(joint=(
        '<joint name="hinge" type="prismatic"><parent link="base"/><child link="lid"/>'
        '<axis xyz="0 1 0"/><limit lower="-1e308" upper="1e308" effort="1" velocity="1"/>'
        '</joint>')))
    # --- mesh contents that lie
    add("ply_lying_counts", "mesh.convert_failed", urdf_text(mesh="m.ply"), lambda f: (
        f / "m.ply").write_bytes(PLY_LYING_COUNTS))
    add("stl_nan", "mesh.nonfinite", urdf_text(mesh="m.stl"), lambda f: (
        f / "m.stl").write_bytes(STL_NAN))
    # --- size
    add("chain_50000", "structure.too_large", _chain(50_000))
    return cases


#: An ASCII PLY whose header promises a million vertices and five faces; it holds three
#: vertices and one face.
PLY_LYING_COUNTS = (b"ply\nformat ascii 1.0\nelement vertex 1000000\nproperty float x\n"
                    b"property float y\nproperty float z\nelement face 5\n"
                    b"property list uchar int vertex_indices\nend_header\n"
                    b"0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n")
#: A binary STL of two triangles with a NaN vertex.
STL_NAN = b"\0" * 80 + struct.pack("<I", 2) + 2 * struct.pack(
    "<12fH", 0.0, 0.0, 0.0, float("nan"), 0, 0, 1, 0, 0, 0, 1, 0, 0)


def make_hostile_archives(root: Path) -> dict[str, str]:
    """Archives that break the archive limits; returns ``{file name: expected code}``."""
    root.mkdir(parents=True, exist_ok=True)
    cases = {}
    many = root / "many_folders.zip"
    with zipfile.ZipFile(many, "w") as zf:
        for i in range(100_001):
            zf.writestr(f"d{i}/", b"")
    cases[many.name] = "archive.too_many_files"
    deep = root / "deep_members.zip"
    with zipfile.ZipFile(deep, "w") as zf:
        zf.writestr("a/" * 1500 + "x.urdf", b"<robot/>")
    cases[deep.name] = "archive.member.too_deep"
    long_name = root / "long_name.zip"
    with zipfile.ZipFile(long_name, "w") as zf:
        zf.writestr("n" * 300 + ".urdf", b"<robot/>")
    cases[long_name.name] = "archive.member.name_too_long"
    return cases


def make_deep_meta(folder: Path, depth: int = 200_000) -> None:
    """A PartNet-Mobility ``meta.json`` nested ``depth`` levels beside a real object."""
    (folder / "meta.json").write_text("[" * depth + "]" * depth)

