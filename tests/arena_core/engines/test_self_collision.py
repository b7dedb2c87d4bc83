"""Self-collision in MuJoCo and PyBullet: hand-written doors that swing into a post or not.

Each fixture is a canonical-style folder (``object.urdf`` and the ``object.xml`` the project
writes for it); the engines are the real packages. The door hinges about +Z at the origin
and reaches 0.42 m along +X; a 4 cm square post on a vertical slide stands 0.3 m from the
hinge at 0.7 rad, so the door's face meets it at ~0.6 rad.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from arena_core.engines.contact_probes import MujocoProbe, PybulletProbe
from arena_core.engines.self_collision import (
    PENETRATION,
    CollisionPairs,
    check_self_collision,
    probe_findings,
    sweep_values,
)
from arena_core.formats.mjcf.write import write_mjcf
from arena_core.formats.urdf.read import read_urdf
from arena_core.util import tolerances as tol

INERTIAL = ('<inertial><mass value="1"/>'
            '<inertia ixx="0.01" ixy="0" ixz="0" iyy="0.01" iyz="0" izz="0.01"/></inertial>')


def _box(size: str, xyz: str) -> str:
    geometry = f'<geometry><box size="{size}"/></geometry>'
    return (f'<visual><origin xyz="{xyz}"/>{geometry}</visual>'
            f'<collision><origin xyz="{xyz}"/>{geometry}</collision>')


def door_folder(tmp_path: Path, *, door_upper: float = 1.5, post_angle: float = 0.7,
                post_radius: float = 0.3, name: str = "door") -> Path:
    """The door-and-post object of the module docstring as a canonical folder."""
    px, py = post_radius * math.cos(post_angle), post_radius * math.sin(post_angle)
    body = (f'<link name="base">{INERTIAL}{_box("1.2 1.2 0.02", "0 0 -0.06")}</link>'
            f'<link name="door">{INERTIAL}{_box("0.4 0.02 0.3", "0.22 0 0.2")}</link>'
            f'<link name="post">{INERTIAL}{_box("0.04 0.04 0.3", f"{px} {py} 0.2")}</link>'
            '<joint name="hinge" type="revolute"><parent link="base"/><child link="door"/>'
            f'<axis xyz="0 0 1"/><limit lower="0" upper="{door_upper}" effort="1" velocity="1"/>'
            '</joint>'
            '<joint name="slide" type="prismatic"><parent link="base"/><child link="post"/>'
            '<axis xyz="0 0 1"/><limit lower="0" upper="0.05" effort="1" velocity="1"/></joint>')
    folder = tmp_path / name
    folder.mkdir()
    urdf = folder / "object.urdf"
    urdf.write_text(f'<?xml version="1.0"?>\n<robot name="{name}">{body}</robot>\n')
    write_mjcf(read_urdf(urdf).obj, folder)
    return folder


def run(folder: Path, **kw):
    return check_self_collision(folder, "object.urdf", read_urdf(folder / "object.urdf").obj, **kw)


@pytest.mark.parametrize("probe", [MujocoProbe, PybulletProbe])
def test_each_engine_finds_the_door_blocked_by_the_post(tmp_path, probe):
    folder = door_folder(tmp_path)
    obj = read_urdf(folder / "object.urdf").obj
    opened = probe(folder if probe is MujocoProbe else folder / "object.urdf", obj)
    try:
        found = probe_findings(opened, obj)
    finally:
        opened.close()
    assert found.rest == {}
    [blocked] = found.blocked
    assert (blocked.joint, blocked.direction, blocked.links) == ("hinge", 1, ("door", "post"))
    assert 0.55 < blocked.value < 0.65, blocked.value
    assert blocked.depth > PENETRATION


def test_engines_agree_on_the_blocked_door(tmp_path):
    issues, results = run(door_folder(tmp_path))
    assert [r.engine for r in results] == ["mujoco", "pybullet"]
    assert [i.code for i in issues] == ["collision.joint.blocked"]
    [blocked] = issues
    assert blocked.severity == "error" and blocked.location == "joint:hinge"
    assert blocked.data["links"] == ["door", "post"] and blocked.data["direction"] == 1
    assert set(blocked.data["engines"]) == {"mujoco", "pybullet"}
    values = list(blocked.data["engines"].values())
    assert abs(values[0] - values[1]) <= 1.5 / tol.SWEEP_MAX_SAMPLES + 1e-12  # one sample apart


def test_engines_agree_on_a_door_that_stops_before_the_post(tmp_path):
    issues, results = run(door_folder(tmp_path, door_upper=0.45))
    assert issues == []
    assert all(r.rest == {} and r.blocked == [] for r in results) and len(results) == 2


def test_a_post_through_the_door_at_rest_is_a_rest_penetration_in_both_engines(tmp_path):
    issues, _ = run(door_folder(tmp_path, post_angle=0.0, post_radius=0.25), severity="warning")
    rest = [i for i in issues if i.code == "collision.rest.penetration"]
    assert len(rest) == 1 and rest[0].severity == "warning"
    assert rest[0].data["links"] == ["door", "post"]
    assert set(rest[0].data["engines"]) == {"mujoco", "pybullet"}
    assert rest[0].data["depth"] > 0.01
    # the pair penetrating at rest is not reported again as blocking the sweeps
    assert not [i for i in issues if i.code == "collision.joint.blocked"]


def test_touching_parts_are_not_a_penetration(tmp_path):
    # the post's face 1 mm into the door's path: shallower than the threshold at every sample
    folder = door_folder(tmp_path, door_upper=0.45)
    issues, _ = run(folder, threshold=0.5)
    assert issues == []


def test_a_missing_mjcf_is_a_warning_and_pybullet_still_checks(tmp_path):
    folder = door_folder(tmp_path)
    (folder / "object.xml").unlink()
    issues, results = run(folder)
    codes = [i.code for i in issues]
    assert codes[0] == "collision.check_failed" and issues[0].severity == "warning"
    assert "collision.joint.blocked" in codes and [r.engine for r in results] == ["pybullet"]


def test_pairs_exclude_a_part_and_the_part_it_hangs_on():
    from arena_core.model.articulated import ArticulatedObject, Joint, Link

    def j(name, kind, parent, child):
        return Joint(name, kind, parent, child, np.eye(4), np.array([0.0, 0, 1]), 0.0, 1.0)

    obj = ArticulatedObject.from_parts("o", [Link(n) for n in ("base", "frame", "door", "knob",
                                                                "drawer")],
                                       [j("f", "fixed", "base", "frame"),
                                        j("h", "revolute", "frame", "door"),
                                        j("k", "continuous", "door", "knob"),
                                        j("s", "prismatic", "base", "drawer")])
    pairs = CollisionPairs(obj)
    assert not pairs.counts("base", "frame")  # welded together
    assert not pairs.counts("frame", "door") and not pairs.counts("base", "door")  # hangs on
    assert pairs.counts("knob", "base") and pairs.counts("door", "drawer")
    assert pairs.counts("knob", "drawer") and not pairs.counts("door", "knob")


def test_sweep_samples_follow_the_path_length():
    assert len(sweep_values(0.0, 1.0, path_length=0.0)) == tol.SWEEP_MIN_SAMPLES
    assert len(sweep_values(0.0, 1.0, path_length=1.0, count=3)) == 3
    assert len(sweep_values(0.0, 1.0, path_length=0.205)) == 21
    assert len(sweep_values(0.0, -2.0, path_length=100.0)) == tol.SWEEP_MAX_SAMPLES
    assert sweep_values(0.0, 0.0, path_length=1.0) == []
    assert sweep_values(0.0, -2.0, path_length=1.0)[-1] == -2.0


CUBE_OBJ = "".join(f"v {x} {y} {z}\n" for x in (-.05, .05) for y in (-.05, .05)
                   for z in (-.05, .05)) + \
    "f 1 3 4 2\nf 5 6 8 7\nf 1 2 6 5\nf 3 7 8 4\nf 1 5 7 3\nf 2 4 8 6\n"


@pytest.mark.parametrize("kinds", [("mesh", "mesh"), ("box", "box"), ("mesh", "box")])
def test_both_engines_measure_a_5_mm_overlap_as_5_mm(tmp_path, kinds):
    """PyBullet pads each mesh hull by its 1 mm margin; the probe takes it off."""
    geometry = {"mesh": '<mesh filename="meshes/cube.obj"/>', "box": '<box size="0.1 0.1 0.1"/>'}
    links = [f'<link name="base">{INERTIAL}{_box("0.01 0.01 0.01", "-1 0 0")}</link>']
    for name, kind, x in (("a", kinds[0], 0.0), ("b", kinds[1], 0.095)):
        g = geometry[kind]
        links.append(f'<link name="{name}">{INERTIAL}<visual><origin xyz="{x} 0 0"/><geometry>{g}'
                     f'</geometry></visual><collision><origin xyz="{x} 0 0"/><geometry>{g}'
                     '</geometry></collision></link>')
        links.append(f'<joint name="j{name}" type="prismatic"><parent link="base"/><child '
                     f'link="{name}"/><axis xyz="0 0 1"/><limit lower="0" upper="0.1" effort="1" '
                     'velocity="1"/></joint>')
    folder = tmp_path / "cubes"
    (folder / "meshes").mkdir(parents=True)
    (folder / "meshes" / "cube.obj").write_text(CUBE_OBJ)
    (folder / "object.urdf").write_text(f'<robot name="cubes">{"".join(links)}</robot>')
    obj = read_urdf(folder / "object.urdf").obj
    write_mjcf(obj, folder)
    for probe in (MujocoProbe(folder, obj), PybulletProbe(folder / "object.urdf", obj)):
        try:
            depths = probe.depths({"ja": 0.0, "jb": 0.0})
        finally:
            probe.close()
        np.testing.assert_allclose(depths[("a", "b")], 0.005, atol=1e-6, err_msg=probe.name)


def test_a_door_blocked_by_a_post_that_slides_away_is_gated_not_blocked(tmp_path):
    # the post slides down out of the door's way (0.35 m below: it clears the door's 0.05-0.35 m)
    folder = door_folder(tmp_path)
    urdf = folder / "object.urdf"
    urdf.write_text(urdf.read_text().replace('<limit lower="0" upper="0.05"',
                                             '<limit lower="-0.4" upper="0"'))
    write_mjcf(read_urdf(urdf).obj, folder)
    issues, results = run(folder)
    assert [i.code for i in issues] == ["collision.joint.gated"]
    assert issues[0].severity == "info" and issues[0].data["gated_by"] == "slide"
    assert all(b.gated_by == "slide" for r in results for b in r.blocked)


def test_confirm_only_runs_pybullet_where_mujoco_finds_something(tmp_path):
    clean = door_folder(tmp_path, door_upper=0.45, name="clean")
    issues, results = run(clean, confirm_only=True)
    assert issues == [] and [r.engine for r in results] == ["mujoco"]
    issues, results = run(door_folder(tmp_path, name="blocked"), confirm_only=True)
    assert [r.engine for r in results] == ["mujoco", "pybullet"]
    assert [i.code for i in issues] == ["collision.joint.blocked"]
    assert set(issues[0].data["engines"]) == {"mujoco", "pybullet"}


def test_a_refused_allocation_is_the_objects_memory_failure_not_a_check_failure(tmp_path,
                                                                                 monkeypatch):
    import arena_core.engines.self_collision as module

    def out_of_memory(folder, urdf, obj):
        raise MemoryError("mmap failed")

    monkeypatch.setattr(module, "PROBES", (("mujoco", out_of_memory),))
    with pytest.raises(MemoryError):
        run(door_folder(tmp_path))
