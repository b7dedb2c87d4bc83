"""Contacts between an object's own parts, as MuJoCo and PyBullet see them.

A probe loads one canonical folder in one engine with the object's self-contacts on and
answers :meth:`ContactProbe.depths`: at a configuration ``q`` (arena_core coordinates of
every joint, as :func:`~arena_core.model.kinematics.configuration` gives them), the deepest
penetration (m, positive) of every pair of links the engine finds in contact. Which pairs
count is decided by :mod:`arena_core.engines.self_collision`, the same for both engines.

* **MuJoCo** (:class:`MujocoProbe`) compiles the object's own ``object.xml``: its collision
  geoms keep MuJoCo's default ``contype=1 conaffinity=1`` (visual geoms are ``0 0``), so every
  pair of bodies collides except bodies welded together, a body and its parent (MuJoCo's
  ``filterparent``) and the ``<contact><exclude>`` pairs the writer adds for moving children of
  world-welded bodies. ``mj_kinematics`` then ``mj_collision`` at each configuration; a
  contact's ``dist`` is negative when the geoms penetrate (mesh geoms are their convex hulls).
* **PyBullet** (:class:`PybulletProbe`) loads the canonical URDF with
  ``URDF_USE_SELF_COLLISION`` (parent-child pairs excluded, PyBullet's default self-collision
  mode) in this thread's DIRECT client, then ``resetJointState`` for every joint,
  ``performCollisionDetection`` and ``getContactPoints(body, body)``; a contact's
  ``contactDistance`` is negative when the shapes penetrate. PyBullet's URDF import pads each
  mesh's convex hull with a collision margin (:data:`PYBULLET_MESH_MARGIN`, 1 mm, measured: two
  mesh cubes overlapping by 5 mm report -7 mm, two box primitives -5 mm), which is taken off
  for each link of a contact whose collision shapes are all meshes.

``reach(links, point, axis)`` bounds how far the geometry of ``links`` lies from an axis at
rest (m): MuJoCo from each geom's bounding sphere, PyBullet from each link's bounding box.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Protocol

import numpy as np

from arena_core.engines.base import silenced
from arena_core.engines.pybullet_engine import thread_client
from arena_core.formats.mjcf.write import MJCF_FILE, mjcf_names
from arena_core.model.articulated import ArticulatedObject
from arena_core.model.helical import encoded_coordinates

#: Padding PyBullet's URDF import gives each mesh's convex hull (m; its default collision
#: margin), reported as part of a contact's depth.
PYBULLET_MESH_MARGIN = 1e-3

#: A link pair, names in sorted order.
Pair = tuple[str, str]


class ContactProbe(Protocol):
    """One object loaded in one engine with self-contacts on."""

    name: str

    def depths(self, q: Mapping[str, float]) -> dict[Pair, float]: ...

    def reach(self, links: Iterable[str], point: np.ndarray, axis: np.ndarray) -> float: ...

    def close(self) -> None: ...


def pair(a: str, b: str) -> Pair:
    """The link pair ``(a, b)`` in sorted order."""
    return (a, b) if a <= b else (b, a)


def _keep_deepest(out: dict[Pair, float], a: str | None, b: str | None, depth: float) -> None:
    if a is None or b is None or a == b or depth <= 0.0:
        return
    key = pair(a, b)
    if depth > out.get(key, 0.0):
        out[key] = depth


def _distance_from_axis(points: np.ndarray, point: np.ndarray, axis: np.ndarray) -> np.ndarray:
    d = np.asarray(points, float).reshape(-1, 3) - point
    n = float(np.linalg.norm(axis))
    if n == 0.0:
        return np.linalg.norm(d, axis=1)
    return np.linalg.norm(np.cross(d, axis / n), axis=1)


class MujocoProbe:
    """The canonical folder's ``object.xml`` compiled by MuJoCo (raises what MuJoCo raises),
    or ``model``, that file already compiled (it is only read)."""

    name = "mujoco"

    def __init__(self, folder: Path, obj: ArticulatedObject, *, model=None):
        import mujoco

        self._mj = mujoco
        if model is None:
            with silenced():
                model = mujoco.MjModel.from_xml_path(str(Path(folder) / MJCF_FILE))
        self.model = model
        self.data = mujoco.MjData(self.model)
        self._obj, self._names = obj, mjcf_names(obj)
        self._qpos = self._addresses()
        link_of = {self._body(b): link for link, b in self._names.bodies.items()}
        self._geom_link = [link_of.get(int(b)) for b in self.model.geom_bodyid]
        self._rest = None

    def depths(self, q: Mapping[str, float]) -> dict[Pair, float]:
        self.data.qpos[:] = self.model.qpos0
        for address, joint, scale in self._qpos:
            self.data.qpos[address] = scale * q[joint]
        self._mj.mj_kinematics(self.model, self.data)
        self._mj.mj_collision(self.model, self.data)
        out: dict[Pair, float] = {}
        n = int(self.data.ncon)
        if n:
            geoms, dist = self.data.contact.geom[:n], self.data.contact.dist[:n]
            for (g1, g2), d in zip(geoms.tolist(), dist.tolist(), strict=True):
                _keep_deepest(out, self._geom_link[g1], self._geom_link[g2], -d)
        return out

    def reach(self, links: Iterable[str], point: np.ndarray, axis: np.ndarray) -> float:
        if self._rest is None:
            self.depths({j.name: 0.0 for j in self._obj.joints})
            self._rest = np.array(self.data.geom_xpos)
        wanted = set(links)
        rows = [g for g, link in enumerate(self._geom_link) if link in wanted]
        if not rows:
            return 0.0
        far = _distance_from_axis(self._rest[rows], point, axis) + self.model.geom_rbound[rows]
        return float(np.max(far))

    def close(self) -> None:
        self.data = None

    def _addresses(self) -> list[tuple[int, str, float]]:
        """``(qpos address, joint, scale)`` of every MJCF joint: a hinge or slide takes its
        joint's coordinate, a helical joint's slide ``pitch`` times it (as
        :func:`~arena_core.formats.mjcf.check.set_configuration`)."""
        out = []
        for j in self._obj.joints:
            for mj_name, scale in ((self._names.joints.get(j.name), 1.0),
                                   (self._names.slides.get(j.name), j.pitch)):
                if mj_name is not None:
                    jid = self._mj.mj_name2id(self.model, self._mj.mjtObj.mjOBJ_JOINT, mj_name)
                    if jid < 0:
                        raise KeyError(f"joint {mj_name!r} is not in the model")
                    out.append((int(self.model.jnt_qposadr[jid]), j.name, float(scale)))
        return out

    def _body(self, name: str) -> int:
        return int(self._mj.mj_name2id(self.model, self._mj.mjtObj.mjOBJ_BODY, name))


class PybulletProbe:
    """The canonical URDF in this thread's PyBullet client with self-collision on (raises
    ``pybullet.error`` when PyBullet cannot load it)."""

    name = "pybullet"

    def __init__(self, urdf_path: Path, obj: ArticulatedObject):
        self._client: int | None = thread_client()
        import pybullet

        self._pb, self._obj = pybullet, obj
        kw = {"physicsClientId": self._client}
        flags = pybullet.URDF_USE_INERTIA_FROM_FILE | pybullet.URDF_USE_SELF_COLLISION
        try:
            with silenced():
                self._body = pybullet.loadURDF(str(urdf_path), useFixedBase=True, flags=flags,
                                               **kw)
        except BaseException:
            self.close()
            raise
        root = pybullet.getBodyInfo(self._body, **kw)[0].decode()
        self._link = {-1: root}
        self._joint: dict[str, int] = {}
        for i in range(pybullet.getNumJoints(self._body, **kw)):
            info = pybullet.getJointInfo(self._body, i, **kw)
            self._link[i] = info[12].decode("utf-8")
            if info[2] != pybullet.JOINT_FIXED:
                self._joint[info[1].decode("utf-8")] = i
        self._margin = {i: self._mesh_margin(i) for i in self._link}
        self._set: dict[int, float] = {}  # joint index -> the coordinate last set

    def depths(self, q: Mapping[str, float]) -> dict[Pair, float]:
        pb, kw = self._pb, {"physicsClientId": self._client}
        for name, value in encoded_coordinates(self._obj.joints, q).items():
            index = self._joint.get(name)
            if index is not None and self._set.get(index) != float(value):
                pb.resetJointState(self._body, index, float(value), **kw)
                self._set[index] = float(value)
        pb.performCollisionDetection(**kw)
        out: dict[Pair, float] = {}
        for c in pb.getContactPoints(bodyA=self._body, bodyB=self._body, **kw):
            depth = -float(c[8]) - self._margin.get(c[3], 0.0) - self._margin.get(c[4], 0.0)
            _keep_deepest(out, self._link.get(c[3]), self._link.get(c[4]), depth)
        return out

    def _mesh_margin(self, index: int) -> float:
        """:data:`PYBULLET_MESH_MARGIN` when every collision shape of link ``index`` is a mesh."""
        pb = self._pb
        shapes = pb.getCollisionShapeData(self._body, index, physicsClientId=self._client)
        meshes = [s[2] == pb.GEOM_MESH for s in shapes]
        return PYBULLET_MESH_MARGIN if meshes and all(meshes) else 0.0

    def reach(self, links: Iterable[str], point: np.ndarray, axis: np.ndarray) -> float:
        pb, kw = self._pb, {"physicsClientId": self._client}
        self.depths({j.name: 0.0 for j in self._obj.joints})
        index = {name: i for i, name in self._link.items()}
        far = 0.0
        for link in links:
            if link in index:
                lo, hi = (np.asarray(v) for v in pb.getAABB(self._body, index[link], **kw))
                corners = np.array([[x, y, z] for x in (lo[0], hi[0]) for y in (lo[1], hi[1])
                                    for z in (lo[2], hi[2])])
                far = max(far, float(np.max(_distance_from_axis(corners, point, axis))))
        return far

    def close(self) -> None:
        """Empty the client for the next object (it stays connected)."""
        if self._client is not None and self._pb.isConnected(physicsClientId=self._client):
            self._pb.resetSimulation(physicsClientId=self._client)
        self._client = None
