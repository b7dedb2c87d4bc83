"""A small object dropped into an opened drawer, in MuJoCo (issue 30's "done when").

For a canonical object folder (its ``object.xml``) and each prismatic joint: the joint is
opened to the limit farthest from its rest value, every other joint held at rest, and the
drawer (the joint's child body) is open at the top where a vertical ray from above, through
the visual geometry of the whole object, first meets the drawer itself at least
:data:`MIN_DEPTH` (and a third of the drawer's height) below its top, and horizontal rays
from half that depth meet the drawer's own walls on all four sides. A small box is dropped
from just above the rim at the deepest such point and simulated for :data:`SECONDS` with the
object held in place (its joints reset every step); it must come to rest below the rim and
above the drawer's bottom, inside the drawer's footprint. Helpers for tests, not a library.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import mujoco
import numpy as np

#: A drawer's cavity must be at least this deep (m) at the probe's point.
MIN_DEPTH = 0.03
#: Half side (m) of the probe box, at most (smaller in small drawers).
PROBE_HALF = 0.012
#: Mass (kg) of the probe.
PROBE_MASS = 0.02
#: The probe is released this far (m) above the cavity's floor (the visual surface a ray from
#: above meets): placed in the drawer, as a hand would put it, not dropped from the rim (a
#: 2 cm box falling 0.4 m sinks 1.5 cm into MuJoCo's default soft contact, through a 6 mm
#: drawer bottom).
PLACE_GAP = 0.005
#: Simulated time (s).
SECONDS = 1.5
#: Rays cast per horizontal axis of the drawer's footprint.
GRID = 9
_VISUAL_GROUP = 1
#: Where a cavity is looked for, rays go down at the point and 1 mm around it; the
#: shallowest counts (one ray exactly along the edge two faces share, as through the middle
#: of a cylinder's fan-shaped top, can pass between them and find a hollow that is not there).
RAY_OFFSETS = ((0.0, 0.0), (1e-3, 0.0), (-1e-3, 0.0), (0.0, 1e-3), (0.0, -1e-3))


@dataclass(frozen=True)
class DrawerDrop:
    joint: str
    rim: float          # z of the drawer's top (m)
    floor: float        # z of the drawer's bottom (m)
    start: float        # z where the probe was released
    rest: float         # z where it came to rest
    half: float         # the probe's half side
    inside: bool        # its centre is inside the drawer's footprint

    @property
    def below_rim(self) -> bool:
        return self.inside and self.floor - self.half < self.rest < self.rim - self.half


def drawer_drops(folder: Path) -> list[DrawerDrop]:
    """One :class:`DrawerDrop` per prismatic joint whose drawer is open at the top."""
    return _per_joint(folder, mujoco.mjtJoint.mjJNT_SLIDE, _drop)


def _per_joint(folder: Path, joint_type, probe) -> list:
    """``probe(folder, model, joint)`` of every joint of ``joint_type`` in ``object.xml``,
    where it finds something."""
    model = mujoco.MjModel.from_xml_path(str(folder / "object.xml"))
    found = (probe(folder, model, j) for j in range(model.njnt)
             if model.jnt_type[j] == joint_type)
    return [f for f in found if f is not None]


def _opened(model: mujoco.MjModel, joint: int) -> np.ndarray:
    qpos = model.qpos0.copy()
    lo, hi = model.jnt_range[joint]
    adr = model.jnt_qposadr[joint]
    qpos[adr] = hi if abs(hi - qpos[adr]) >= abs(lo - qpos[adr]) else lo
    return qpos


def bin_drops(folder: Path) -> list[DrawerDrop]:
    """The same probe in a container that is the object's ``base`` (a bin, a bucket, a box):
    every joint opened to the limit farthest from its rest value (lids, flaps and handles
    out of the way), the base open at the top as a drawer must be. One drop (joint
    ``"base"``) or none."""
    model = mujoco.MjModel.from_xml_path(str(folder / "object.xml"))
    body = mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_BODY, "base")
    if body < 0:
        return []
    qpos = model.qpos0.copy()
    for joint in range(model.njnt):
        if model.jnt_type[joint] in (int(mujoco.mjtJoint.mjJNT_SLIDE),
                                     int(mujoco.mjtJoint.mjJNT_HINGE)):
            adr = model.jnt_qposadr[joint]
            qpos[adr] = _opened(model, joint)[adr]
    found = _drop_in(folder, model, body, qpos, "base")
    return [] if found is None else [found]


def _drop(folder: Path, model: mujoco.MjModel, joint: int) -> DrawerDrop | None:
    name = mujoco.mj_id2name(model, mujoco.mjtObj.mjOBJ_JOINT, joint) or str(joint)
    return _drop_in(folder, model, int(model.jnt_bodyid[joint]), _opened(model, joint), name)


def _drop_in(folder: Path, model: mujoco.MjModel, body: int, qpos: np.ndarray,
             name: str) -> DrawerDrop | None:
    """The probe placed in the cavity of ``body`` with the object held at ``qpos``."""
    data = mujoco.MjData(model)
    data.qpos[:] = qpos
    mujoco.mj_forward(model, data)
    box = _body_box(model, data, body)
    if box is None:
        return None
    lo, hi = box
    found = _cavity(model, data, body, lo, hi)
    if found is None:
        return None
    point, depth = found
    half = min(PROBE_HALF, 0.15 * float(min(hi[:2] - lo[:2])))
    start = hi[2] - depth + half + PLACE_GAP  # placed on the cavity's floor, not dropped
    rest = _simulate(folder, model, qpos, np.array([point[0], point[1], start]), half)
    inside = bool(np.all(rest[:2] >= lo[:2]) and np.all(rest[:2] <= hi[:2]))
    return DrawerDrop(name, float(hi[2]), float(lo[2]), float(start), float(rest[2]), half,
                      inside)


def _body_box(model, data, body: int) -> tuple[np.ndarray, np.ndarray] | None:
    """World bounding box of the visual geoms of ``body`` (``None``: it has none)."""
    corners = []
    signs = np.array([[x, y, z] for x in (-1, 1) for y in (-1, 1) for z in (-1, 1)])
    for g in range(model.ngeom):
        if model.geom_bodyid[g] != body or model.geom_group[g] != _VISUAL_GROUP:
            continue
        centre, half = model.geom_aabb[g, :3], model.geom_aabb[g, 3:]
        local = centre + signs * half
        corners.append(local @ data.geom_xmat[g].reshape(3, 3).T + data.geom_xpos[g])
    if not corners:
        return None
    pts = np.concatenate(corners)
    return pts.min(axis=0), pts.max(axis=0)


def _cavity(model, data, body: int, lo: np.ndarray, hi: np.ndarray
            ) -> tuple[np.ndarray, float] | None:
    """The deepest point of the footprint where a ray from above first meets the drawer
    at least :data:`MIN_DEPTH` and a third of its height below its top, and that depth
    (``None``: none)."""
    need = max(MIN_DEPTH, (hi[2] - lo[2]) / 3)
    groups = np.zeros(6, dtype=np.uint8)
    groups[_VISUAL_GROUP] = 1
    top = hi[2] + 1.0
    best, point = need, None
    hit = np.zeros(1, dtype=np.int32)
    for u in np.linspace(0.2, 0.8, GRID):
        for v in np.linspace(0.2, 0.8, GRID):
            xy = lo[:2] + np.array([u, v]) * (hi[:2] - lo[:2])
            dists = []
            for dx, dy in RAY_OFFSETS:  # a ray along a shared edge can slip between faces
                dist = mujoco.mj_ray(model, data, np.array([xy[0] + dx, xy[1] + dy, top]),
                                     np.array([0.0, 0.0, -1.0]), groups, 1, -1, hit)
                dists.append(dist if dist >= 0 and model.geom_bodyid[hit[0]] == body else -1)
            if min(dists) < 0:
                continue
            depth = hi[2] - (top - min(dists))
            if depth >= best and _walled(model, data, body, xy, hi[2] - depth / 2):
                best, point = depth, xy
    return None if point is None else (point, best)


def _walled(model, data, body: int, xy: np.ndarray, z: float) -> bool:
    """Whether horizontal rays from ``(xy, z)`` meet the drawer's own walls on all four
    sides (a container, not a sliding panel or a lid)."""
    groups = np.zeros(6, dtype=np.uint8)
    groups[_VISUAL_GROUP] = 1
    hit = np.zeros(1, dtype=np.int32)
    for direction in ((1.0, 0, 0), (-1.0, 0, 0), (0, 1.0, 0), (0, -1.0, 0)):
        dist = mujoco.mj_ray(model, data, np.array([xy[0], xy[1], z]), np.array(direction),
                             groups, 1, -1, hit)
        if dist < 0 or model.geom_bodyid[hit[0]] != body:
            return False
    return True


def _simulate(folder: Path, model: mujoco.MjModel, held: np.ndarray, start: np.ndarray,
              half: float) -> np.ndarray:
    spec = mujoco.MjSpec.from_file(str(folder / "object.xml"))
    probe = spec.worldbody.add_body(name="__probe", pos=start.tolist())
    probe.add_freejoint()
    probe.add_geom(type=mujoco.mjtGeom.mjGEOM_BOX, size=[half, half, half])
    probe.mass, probe.explicitinertial = PROBE_MASS, True  # object.xml: inertiafromgeom false
    probe.inertia = [PROBE_MASS * (2 * half) ** 2 / 6] * 3
    probe.ipos, probe.iquat = [0.0, 0.0, 0.0], [1.0, 0.0, 0.0, 0.0]
    full = spec.compile()
    data = mujoco.MjData(full)
    n = model.nq
    data.qpos[:n] = held
    data.qpos[n:n + 3] = start
    data.qpos[n + 3:n + 7] = [1, 0, 0, 0]
    for _ in range(int(SECONDS / full.opt.timestep)):
        data.qpos[:n], data.qvel[:model.nv] = held, 0.0
        mujoco.mj_step(full, data)
    return data.qpos[n:n + 3].copy()


# ----------------------------------------------------------------------------- doors
#: A door's opening must lead at least this far (m) into the object (visual geometry).
MIN_REACH = 0.05
#: How far (m) the probe goes when nothing is behind the door (a door in a frame).
MAX_REACH = 0.5
#: Half side (m) of the probe pushed through an opened door, at most.
DOOR_PROBE_HALF = 0.02
#: Steps of the probe's path.
DOOR_STEPS = 40


@dataclass(frozen=True)
class DoorPass:
    joint: str
    reach: float        # how deep (m) the probe goes behind the door's rest plane
    blocked_at: float | None  # depth (m) where the collision geometry stopped it (None: passed)
    blocker: str | None  # the body that stopped it

    @property
    def passed(self) -> bool:
        return self.blocked_at is None


def door_passes(folder: Path) -> list[DoorPass]:
    """One :class:`DoorPass` per hinged door (a revolute joint whose child is a thin panel
    with a cavity behind it): the door opened to the limit farthest from rest, every other
    joint at rest, a small box is moved from outside the door's rest plane through the
    middle of the opening into the object, 60% of the way to the first visual surface that
    rays along its edges and centre meet (a shelf, the back wall), and must touch no
    collision geometry of the object on its way (the probe of issue 30: a gripper can reach
    in)."""
    return _per_joint(folder, mujoco.mjtJoint.mjJNT_HINGE, _door)


def _door(folder: Path, model: mujoco.MjModel, joint: int) -> DoorPass | None:
    body = int(model.jnt_bodyid[joint])
    data = mujoco.MjData(model)
    mujoco.mj_forward(model, data)
    box = _body_box(model, data, body)
    if box is None:
        return None
    lo, hi = box
    extent = hi - lo
    normal_axis = int(np.argmin(extent))
    sides = np.sort(np.delete(extent, normal_axis))
    if extent[normal_axis] > 0.25 * sides[0] or sides[0] < 4 * DOOR_PROBE_HALF:
        return None  # not a thin panel, or too small an opening for the probe
    centre = (lo + hi) / 2
    data.qpos[:] = _opened(model, joint)
    mujoco.mj_forward(model, data)
    opened = _body_box(model, data, body)
    swung = (opened[0] + opened[1]) / 2 - centre
    if abs(swung[normal_axis]) < 1e-6:
        return None
    outward = np.zeros(3)
    outward[normal_axis] = np.sign(swung[normal_axis])  # the door swings out
    start = centre + outward * (extent[normal_axis] / 2 + 0.05)
    half = min(DOOR_PROBE_HALF, 0.15 * float(sides[0]))
    across = [k for k in range(3) if k != normal_axis]
    corners = [start] + [start + half * (a * np.eye(3)[across[0]] + b * np.eye(3)[across[1]])
                         for a in (-1, 1) for b in (-1, 1)]  # the probe's own footprint
    reach = min(min(_visual_reach(model, data, body, c, -outward) for c in corners),
                MAX_REACH) - 0.05 - extent[normal_axis] / 2
    if reach < MIN_REACH:
        return None  # no cavity behind the door (a lid on a panel, a screen)
    depth = 0.6 * reach
    name = mujoco.mj_id2name(model, mujoco.mjtObj.mjOBJ_JOINT, joint) or str(joint)
    blocked, blocker = _push(folder, model, joint, start, -outward, 0.05 + depth, half)
    if blocked is not None:
        blocked -= 0.05 + extent[normal_axis] / 2
    return DoorPass(name, float(depth), blocked, blocker)


def _visual_reach(model, data, door: int, start: np.ndarray, direction: np.ndarray) -> float:
    """How far a ray from ``start`` along ``direction`` goes before it meets the object's
    visual geometry other than the (opened) door (inf: nothing)."""
    groups = np.zeros(6, dtype=np.uint8)
    groups[_VISUAL_GROUP] = 1
    hit = np.zeros(1, dtype=np.int32)
    dist = mujoco.mj_ray(model, data, start, direction, groups, 1, door, hit)
    return float("inf") if dist < 0 else float(dist)


def _push(folder: Path, model: mujoco.MjModel, joint: int, start: np.ndarray,
          direction: np.ndarray, length: float, half: float) -> tuple[float | None, str | None]:
    """Place a free box probe (colliding with everything; a mocap body would count as part
    of the world, whose contacts with the fixed base MuJoCo skips) at steps along the path;
    the first distance where it touches the object's collision geometry, and the body."""
    spec = mujoco.MjSpec.from_file(str(folder / "object.xml"))
    probe = spec.worldbody.add_body(name="__probe", pos=start.tolist())
    probe.add_freejoint()
    geom = probe.add_geom(type=mujoco.mjtGeom.mjGEOM_BOX, size=[half, half, half])
    geom.contype, geom.conaffinity = 1, 1
    probe.mass, probe.explicitinertial = PROBE_MASS, True  # object.xml: inertiafromgeom false
    probe.inertia = [PROBE_MASS * (2 * half) ** 2 / 6] * 3
    probe.ipos, probe.iquat = [0.0, 0.0, 0.0], [1.0, 0.0, 0.0, 0.0]
    full = spec.compile()
    data = mujoco.MjData(full)
    n = model.nq
    data.qpos[:n] = _opened(model, joint)
    data.qpos[n + 3:n + 7] = [1, 0, 0, 0]
    probe_geom = full.ngeom - 1
    for step in range(DOOR_STEPS + 1):
        travel = length * step / DOOR_STEPS
        data.qpos[n:n + 3] = start + direction * travel
        mujoco.mj_forward(full, data)
        for c in data.contact[:data.ncon]:
            if probe_geom in (c.geom1, c.geom2) and c.dist < 0:
                other = c.geom2 if c.geom1 == probe_geom else c.geom1
                body = full.geom_bodyid[other]
                return travel, mujoco.mj_id2name(full, mujoco.mjtObj.mjOBJ_BODY, body)
    return None, None
