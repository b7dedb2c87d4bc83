"""Hostile MuJoCo XML, one small generated case per class of attack or careless export.

:func:`make_hostile_mjcf` writes one folder per case under ``root`` and returns
``{case: expected issue code}``; every case's model is ``<case>/model.xml``, and a file the
model must never read, :data:`SECRET`, is written beside ``root`` (``root/../secret*``: outside
every object and outside ``root`` as a build's source root). Large inputs are a few bytes that ask MuJoCo to expand them, or sparse
files, so the whole set takes little disk. ``arena validate``, the build test and
``tests/bench/bench_hostile.py`` read these same folders.
"""

from __future__ import annotations

import struct
from pathlib import Path

from tests.hostile import CUBE_OBJ

#: Text of the files outside the objects: it must appear in no output.
SECRET = "ARENA-SECRET-7f3c9e"

_HINGED = '<body name="door" pos="0 0 0.5"><joint name="hinge" axis="0 0 1" range="0 1.5"/>' \
          '<geom type="box" size="0.2 0.02 0.3"/></body>'


def _model(body: str = "", asset: str = "", extra: str = "") -> str:
    return (f'<mujoco model="hostile">{extra}<asset>{asset}</asset><worldbody>'
            f'<body name="frame"><geom type="box" size="0.05 0.05 0.5"/>{_HINGED}{body}</body>'
            '</worldbody></mujoco>')


def _secrets(root: Path) -> None:
    (root / "secret.obj").write_text(f"# {SECRET}\n" + CUBE_OBJ)
    (root / "secret.xml").write_text(f'<mujoco model="{SECRET}"><asset><mesh name="s" '
                                     f'file="secret.obj"/></asset><worldbody><body name='
                                     f'"{SECRET}"><joint/><geom type="mesh" mesh="s"/></body>'
                                     '</worldbody></mujoco>')


def _include_bomb(folder: Path, fan: int = 10, depth: int = 7) -> str:
    """A chain of small files, each including the next ``fan`` times: fan**depth copies."""
    for level in range(depth):
        inner = (f'<include file="f{level + 1}.xml"/>' * fan if level + 1 < depth
                 else '<geom type="sphere" size="0.01"/>')
        (folder / f"f{level}.xml").write_text(f"<mujocoinclude>{inner}</mujocoinclude>")
    return _model(body='<body name="bomb"><include file="f0.xml"/></body>')


def _sparse_stl(path: Path, faces: int) -> None:
    """A binary STL declaring ``faces`` triangles, all zero (a sparse file)."""
    with open(path, "wb") as fh:
        fh.write(b"\0" * 80 + struct.pack("<I", faces))
        fh.truncate(84 + 50 * faces)


def _big_obj(path: Path, faces: int) -> None:
    with open(path, "w") as fh:
        fh.write("v 0 0 0\nv 1 0 0\nv 0 1 0\n")
        fh.write("f 1 2 3\n" * faces)


CASES = {
    # files outside the object
    "model_absolute": ("mjcf.path.absolute", lambda f: _model(
        asset=f'<model name="x" file="{f.parent.parent / "secret.xml"}"/>',
        body='<body name="host"><attach model="x" body="' + SECRET + '" prefix="o-"/></body>')),
    "model_relative": ("mjcf.path.escapes", lambda f: _model(
        asset='<model name="x" file="../../secret.xml"/>',
        body='<body name="host"><attach model="x" body="' + SECRET + '" prefix="o-"/></body>')),
    "mesh_relative": ("mjcf.path.escapes", lambda f: _model(
        asset='<mesh name="s" file="../../secret.obj"/>',
        body='<geom type="mesh" mesh="s"/>')),
    "meshdir_escape": ("mjcf.path.escapes", lambda f: _model(
        extra='<compiler meshdir="../.."/>', asset='<mesh name="s" file="secret.obj"/>',
        body='<geom type="mesh" mesh="s"/>')),
    "flexcomp_mesh": ("mjcf.path.escapes", lambda f: _model(
        extra='', body='<flexcomp name="fc" type="mesh" file="../../secret.obj" dim="2"/>')),
    "include_escape": ("mjcf.path.escapes", lambda f: _model(
        body='<include file="../../secret.xml"/>')),
    "mesh_symlink": ("mjcf.path.escapes", lambda f: (
        (f / "m.obj").symlink_to(f.parent.parent / "secret.obj"),
        _model(asset='<mesh name="s" file="m.obj"/>', body='<geom type="mesh" mesh="s"/>'))[1]),
    # memory
    "hfield_huge": ("mjcf.limit.hfield", lambda f: _model(
        asset='<hfield name="h" nrow="30000" ncol="30000" size="1 1 1 0.1"/>')),
    "mesh_million": ("mesh.too_large", lambda f: (
        _sparse_stl(f / "big.stl", 2_000_000),
        _model(asset='<mesh name="b" file="big.stl"/>', body='<geom type="mesh" mesh="b"/>'))[1]),
    "obj_two_million": ("mesh.too_large", lambda f: (
        _big_obj(f / "big.obj", 2_000_000),
        _model(asset='<mesh name="b" file="big.obj"/>', body='<geom type="mesh" mesh="b"/>'))[1]),
    # expansions
    "include_bomb": ("mjcf.limit.include", _include_bomb),
    "replicate_nested": ("mjcf.limit.elements", lambda f: _model(
        body='<replicate count="100000"><replicate count="100000"><geom type="sphere" '
             'size="0.01"/></replicate></replicate>')),
    "replicate_hinges": ("mjcf.limit.elements", lambda f: _model(
        body='<replicate count="100000" offset="0.01 0 0"><body><joint/><geom '
             'type="sphere" size="0.01"/></body></replicate>')),
    "replicate_bodies": ("mjcf.limit.bodies", lambda f: _model(
        body='<replicate count="2000" offset="0.01 0 0"><body><geom type="sphere" '
             'size="0.01"/></body></replicate>')),
    "flexcomp_grid": ("mjcf.limit.flex", lambda f: _model(
        body='<flexcomp name="cloth" type="grid" count="1000 1000 1" spacing="0.01 0.01 0.01" '
             'dim="2"/>')),
    "static_bodies": ("mjcf.limit.bodies", lambda f: _model(
        body="".join(f'<body name="s{i}"><geom type="sphere" size="0.01"/></body>'
                     for i in range(100_000)))),
    # numbers and depth
    "range_nan": ("mjcf.number.invalid", lambda f: _model(
        body='<body name="lid"><joint name="j" axis="0 1 0" range="nan inf"/><geom '
             'type="box" size="0.1 0.1 0.01"/></body>')),
    "deep_bodies": ("input.too_deep", lambda f: _model(
        body='<body><geom type="sphere" size="0.01"/>' * 10_000 + "</body>" * 10_000)),
}


def make_hostile_mjcf(root: Path) -> dict[str, str]:
    """Write every case under ``root`` (``root/<case>/model.xml``) and the secrets beside
    them; return ``{case: expected code}``."""
    root.mkdir(parents=True, exist_ok=True)
    _secrets(root.parent)
    expected = {}
    for case, (code, text) in CASES.items():
        folder = root / case
        folder.mkdir()
        (folder / "model.xml").write_text(text(folder))
        expected[case] = code
    return expected
