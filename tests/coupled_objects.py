"""Canonical folders with coupled joints, for the coupling checks (issue 30).

:func:`coupled_folder` writes a hand-written URDF through the pipeline's own writer
(:func:`arena_core.pipeline.run.write_canonical_folder`), so the folder holds what a build
writes: ``object.urdf`` with the helical encoding (``screw`` -> ``screw__pitch`` through
``<mimic>``) and a mimic joint with a multiplier and an offset, and ``object.xml`` with their
equalities. The nut is a small, light cap on a heavy slide when ``cap`` (a bottle cap: the
hinge turns little inertia while the slide carries the whole mass).
"""

from __future__ import annotations

from pathlib import Path

from arena_core.formats.urdf.read import read_urdf
from arena_core.model.articulated import ArticulatedObject
from arena_core.pipeline.run import write_canonical_folder

PITCH = 0.02
MULTIPLIER, OFFSET = -2.0, 0.1


def _link(name: str, mass: float, inertia: float, box: str) -> str:
    return (f'<link name="{name}"><inertial><origin xyz="0 0 0.01"/><mass value="{mass}"/>'
            f'<inertia ixx="{inertia}" ixy="0" ixz="0" iyy="{inertia}" iyz="0" izz="{inertia}"/>'
            f'</inertial><visual><geometry><box size="{box}"/></geometry></visual>'
            f'<collision><geometry><box size="{box}"/></geometry></collision></link>')


def coupled_urdf(*, cap: bool = False, pitch: float = PITCH) -> str:
    nut = ("nut", 0.05, 2e-7, "0.01 0.01 0.01") if cap else ("nut", 0.3, 1e-3, "0.05 0.05 0.02")
    return f"""<?xml version="1.0"?>
<robot name="coupled">
  {_link("base", 2.0, 1e-2, "0.3 0.3 0.1")}
  {_link(*nut)}
  {_link("left", 0.1, 1e-4, "0.02 0.02 0.1")}
  {_link("right", 0.1, 1e-4, "0.02 0.02 0.1")}
  <joint name="screw" type="revolute"><parent link="base"/><child link="nut"/>
    <origin xyz="0.05 0 0.1" rpy="0.3 -0.2 0.5"/><axis xyz="0 0.6 0.8"/>
    <limit lower="0" upper="3" effort="5" velocity="5"/><helical pitch="{pitch}"/></joint>
  <joint name="drive" type="revolute"><parent link="base"/><child link="left"/>
    <origin xyz="0.1 0.1 0.1" rpy="0 0.4 0"/><axis xyz="0 1 0"/>
    <limit lower="-0.5" upper="0.5" effort="5" velocity="2"/></joint>
  <joint name="follow" type="revolute"><parent link="base"/><child link="right"/>
    <origin xyz="-0.1 0.1 0.1"/><axis xyz="1 0 0"/>
    <limit lower="-2" upper="2" effort="5" velocity="2"/>
    <mimic joint="drive" multiplier="{MULTIPLIER}" offset="{OFFSET}"/></joint>
</robot>
"""


def coupled_folder(tmp_path: Path, *, cap: bool = False, name: str = "coupled",
                   pitch: float = PITCH) -> tuple[Path, ArticulatedObject]:
    """``(canonical folder, the object read back from its object.urdf)``."""
    source = tmp_path / f"{name}-source.urdf"
    source.write_text(coupled_urdf(cap=cap, pitch=pitch))
    folder = tmp_path / name
    write_canonical_folder(read_urdf(source).obj, folder)
    return folder, read_urdf(folder / "object.urdf").obj
