"""Convert a compiled MuJoCo model (``mujoco.MjModel``) into an articulated object + meshes.

The conversion is exact at the model's reference configuration ``qpos0``:

* the MuJoCo world body becomes the root link ``world``; every body becomes a link whose
  frame sits on the anchor of the body's last joint (so a URDF rotation about the joint
  frame origin is MuJoCo's rotation about ``jnt_pos``), with the body's geoms, children
  and inertial moved by the inverse of that offset;
* ``body_pos``/``body_quat`` and ``jnt_pos`` are composed in float64: the joint frame of
  body ``b``'s k-th joint in the root is ``X_parent . B_b . T(p_1) . T(p_2 - p_1) ...``;
* a body with several joints is a chain through geometry-less helper links
  ``<body>__<joint>``; a body with no joint is welded by a fixed joint ``<body>__weld``;
* hinge -> ``revolute`` (limited) or ``continuous``; slide -> ``prismatic`` (an unlimited
  slide keeps ``-inf/inf`` limits and gets ``mjcf.slide.unlimited``); joint coordinates
  are shifted by the joint's reference position ``qpos0`` (URDF ``q = q_mujoco - ref``);
* ball and free joints become fixed joints with ``mjcf.joint.multi_dof`` (a warning for a
  free joint on a body of the world, which only lets the whole object float; an error
  otherwise, because motion is lost);
* geoms: box/sphere/cylinder -> URDF primitives; mesh -> an OBJ of the compiled mesh
  vertices/faces; capsule/ellipsoid -> an OBJ tessellation; planes, height fields and
  SDFs are skipped with an issue. Geoms that cannot collide (``contype = conaffinity =
  0``) are visuals; colliding geoms are collisions, and also visuals when their body has
  no visual-only geom;
* the compiled inertial (``body_mass``, ``body_ipos``, ``body_iquat``, ``body_inertia``)
  becomes the link inertial; linear joint equalities become ``<mimic>``.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field, replace
from typing import Any

import mujoco
import numpy as np
import trimesh

from arena_core import tolerances as tol
from arena_core.model import (
    ArticulatedObject,
    Joint,
    Link,
    MassProperties,
    MeshRef,
    Mimic,
    Primitive,
)
from flows.adapters.base import issue
from schemas.issues import Issue

ROOT_LINK = "world"
MESH_DIR = "meshes"
#: Subdivisions of the icosphere written for an ellipsoid geom.
ELLIPSOID_SUBDIVISIONS = 3
#: Segments (around, along) of the tessellated capsule.
CAPSULE_COUNT = (32, 16)

_FREE, _BALL, _SLIDE, _HINGE = (int(mujoco.mjtJoint.mjJNT_FREE), int(mujoco.mjtJoint.mjJNT_BALL),
                                int(mujoco.mjtJoint.mjJNT_SLIDE), int(mujoco.mjtJoint.mjJNT_HINGE))
_G = mujoco.mjtGeom
_SKIPPED_GEOMS = {int(_G.mjGEOM_PLANE): ("mjcf.geom.plane_skipped", "info"),
                  int(_G.mjGEOM_HFIELD): ("mjcf.geom.unsupported", "warning"),
                  int(_G.mjGEOM_SDF): ("mjcf.geom.unsupported", "warning")}


@dataclass
class Conversion:
    """The converted object, the mesh files to write and the MuJoCo -> URDF joint map.

    ``meshes`` maps a POSIX path relative to the URDF folder to ``(vertices (n, 3) m,
    faces (m, 3) int)``; ``joint_map`` maps each MuJoCo joint name to
    ``{"urdf_joint", "type", "ref"}`` (``ref`` = ``qpos0`` of hinge/slide joints).
    """

    obj: ArticulatedObject
    meshes: dict[str, tuple[np.ndarray, np.ndarray]] = field(default_factory=dict)
    joint_map: dict[str, dict[str, Any]] = field(default_factory=dict)
    issues: list[Issue] = field(default_factory=list)


def convert_model(model: mujoco.MjModel, *, name: str) -> Conversion:
    """Convert ``model`` at ``qpos0`` into an :class:`ArticulatedObject` named ``name``.

    Raises:
        arena_core.model.ModelError: the converted links and joints do not form a tree
            (cannot happen for a compiled model; kept as a guard).
    """
    state = _State(model)
    for b in range(1, model.nbody):
        state.body(b)
    state.mimics()
    links = [Link(name=n, inertial=state.inertials.get(n), meshes=tuple(state.meshes.get(n, ())),
                  primitives=tuple(state.prims.get(n, ()))) for n in state.link_order]
    obj = ArticulatedObject.from_parts(name, links, state.joints)
    return Conversion(obj, state.mesh_files, state.joint_map, state.issues)


def pose(pos: np.ndarray, quat: np.ndarray) -> np.ndarray:
    """``(4, 4)`` pose from a position ``(3,)`` and a MuJoCo quaternion ``(w, x, y, z)``."""
    out = np.eye(4)
    out[:3, :3] = quat_matrix(quat)
    out[:3, 3] = np.asarray(pos, dtype=float)
    return out


def quat_matrix(quat: np.ndarray) -> np.ndarray:
    """``(3, 3)`` rotation of a quaternion ``(w, x, y, z)`` (normalized first)."""
    w, x, y, z = np.asarray(quat, dtype=float) / np.linalg.norm(quat)
    return np.array([
        [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
        [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
        [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)],
    ])


def translation(vec: np.ndarray) -> np.ndarray:
    """``(4, 4)`` pure translation by ``vec`` ``(3,)``."""
    out = np.eye(4)
    out[:3, 3] = np.asarray(vec, dtype=float)
    return out


class _State:
    """Links, joints and geometry accumulated while walking the bodies in id order."""

    def __init__(self, model: mujoco.MjModel):
        self.m = model
        self.used: set[str] = {ROOT_LINK}
        self.link = {0: ROOT_LINK}
        self.offset = {0: np.eye(4)}
        self.link_order = [ROOT_LINK]
        self.joints: list[Joint] = []
        self.joint_names: set[str] = set()
        self.joint_map: dict[str, dict[str, Any]] = {}
        self.urdf_joint: dict[int, str] = {}
        self.inertials: dict[str, MassProperties] = {}
        self.meshes: dict[str, list[MeshRef]] = {}
        self.prims: dict[str, list[Primitive]] = {}
        self.mesh_files: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        self.mesh_names: dict[tuple, str] = {}
        self.mesh_stems: set[str] = set()
        self.issues: list[Issue] = []
        self.geoms(0)

    # -------------------------------------------------------------- names
    def unique(self, wanted: str, used: set[str]) -> str:
        base = re.sub(r"[^A-Za-z0-9_.-]", "_", wanted) or "unnamed"
        out, k = base, 1
        while out in used:
            k += 1
            out = f"{base}_{k}"
        used.add(out)
        return out

    def body_name(self, b: int) -> str:
        return self.m.body(b).name or f"body_{b}"

    def joint_name(self, j: int) -> str:
        return self.m.joint(j).name or f"joint_{j}"

    # -------------------------------------------------------------- bodies and joints
    def body(self, b: int) -> None:
        """Add body ``b``: its joint chain, its link (with geoms and inertial)."""
        m = self.m
        parent = int(m.body_parentid[b])
        start = np.linalg.inv(self.offset[parent]) @ pose(m.body_pos[b], m.body_quat[b])
        name = self.unique(self.body_name(b), self.used)
        joints = range(int(m.body_jntadr[b]), int(m.body_jntadr[b]) + int(m.body_jntnum[b]))
        prev_link, prev_anchor, origin = self.link[parent], None, start
        if not joints:
            self.add_joint(self.unique(f"{name}__weld", self.joint_names), "fixed", prev_link,
                           name, origin, np.array([1.0, 0.0, 0.0]), 0.0, 0.0)
        for k, j in enumerate(joints):
            anchor = np.asarray(m.jnt_pos[j], dtype=float)
            origin = start @ translation(anchor) if prev_anchor is None else translation(anchor - prev_anchor)
            last = k == len(joints) - 1
            child = name if last else self.unique(f"{name}__{self.joint_name(j)}", self.used)
            self.mujoco_joint(j, b, prev_link, child, origin)
            if not last:
                self.link_order.append(child)
            prev_link, prev_anchor = child, anchor
        self.link[b] = name
        self.link_order.append(name)
        self.offset[b] = translation(prev_anchor) if prev_anchor is not None else np.eye(4)
        self.inertial(b, name)
        self.geoms(b)

    def mujoco_joint(self, j: int, b: int, parent: str, child: str, origin: np.ndarray) -> None:
        """Add the URDF joint of MuJoCo joint ``j`` (fixed, with an issue, for ball/free)."""
        m, mj_name = self.m, self.joint_name(j)
        jtype, axis = int(m.jnt_type[j]), np.asarray(m.jnt_axis[j], dtype=float)
        name = self.unique(mj_name, self.joint_names)
        ref = float(m.qpos0[m.jnt_qposadr[j]]) if jtype in (_HINGE, _SLIDE) else 0.0
        lower, upper = -math.inf, math.inf
        if jtype in (_HINGE, _SLIDE) and bool(m.jnt_limited[j]):
            lower, upper = float(m.jnt_range[j][0]) - ref, float(m.jnt_range[j][1]) - ref
        if jtype == _HINGE:
            urdf_type = "revolute" if math.isfinite(lower) else "continuous"
        elif jtype == _SLIDE:
            urdf_type = "prismatic"
            if not math.isfinite(lower):
                self.issues.append(issue("mjcf.slide.unlimited", f"slide joint {mj_name!r} has no "
                                         "range; written with -inf/inf limits", severity="warning",
                                         location=f"joint:{name}"))
        else:
            urdf_type, lower, upper = "fixed", 0.0, 0.0
            self.multi_dof(j, b, mj_name, name, jtype)
        self.add_joint(name, urdf_type, parent, child, origin, axis, lower, upper)
        self.urdf_joint[j] = name
        self.joint_map[mj_name] = {"urdf_joint": name, "type": urdf_type, "ref": ref}

    def multi_dof(self, j: int, b: int, mj_name: str, name: str, jtype: int) -> None:
        """Report a ball/free joint that was replaced by a fixed joint."""
        kind = "free" if jtype == _FREE else "ball"
        floating = jtype == _FREE and int(self.m.body_parentid[b]) == 0
        what = ("the object's root floats in MuJoCo; fixed to the world here" if floating
                else "its motion is lost (only one-DOF joints are supported)")
        self.issues.append(issue("mjcf.joint.multi_dof", f"{kind} joint {mj_name!r} on body "
                                 f"{self.body_name(b)!r} replaced by a fixed joint: {what}",
                                 severity="warning" if floating else "error",
                                 location=f"joint:{name}"))

    def add_joint(self, name: str, jtype: str, parent: str, child: str, origin: np.ndarray,
                  axis: np.ndarray, lower: float, upper: float) -> None:
        self.joints.append(Joint(name=name, type=jtype, parent=parent, child=child,
                                 origin_local=origin, axis_local=axis, lower=lower, upper=upper))

    def inertial(self, b: int, link: str) -> None:
        """The compiled inertial of body ``b`` in its link frame (skipped for ~0 mass)."""
        m = self.m
        mass = float(m.body_mass[b])
        if mass <= tol.MIN_MASS:
            return
        rot = quat_matrix(m.body_iquat[b])
        com = np.asarray(m.body_ipos[b], dtype=float) - self.offset[b][:3, 3]
        inertia = rot @ np.diag(np.asarray(m.body_inertia[b], dtype=float)) @ rot.T
        self.inertials[link] = MassProperties(mass=mass, com=com, inertia=inertia, source="urdf")

    # -------------------------------------------------------------- geoms
    def geoms(self, b: int) -> None:
        """Add the geoms of body ``b`` to its link (visual/collision by contact flags)."""
        m = self.m
        first, count = int(m.body_geomadr[b]), int(m.body_geomnum[b])
        ids = list(range(first, first + count)) if first >= 0 else []
        colliding = {g: bool(m.geom_contype[g] or m.geom_conaffinity[g]) for g in ids}
        has_visual = not all(colliding.values())
        link, inv = self.link[b], np.linalg.inv(self.offset[b])
        for g in ids:
            gtype = int(m.geom_type[g])
            if gtype in _SKIPPED_GEOMS:
                code, severity = _SKIPPED_GEOMS[gtype]
                self.issues.append(issue(code, f"geom type {_G(gtype).name} is not converted",
                                         severity=severity,
                                         location=f"link:{link}/geom:{m.geom(g).name or g}"))
                continue
            kinds = ["collision"] if colliding[g] else ["visual"]
            if colliding[g] and not has_visual:
                kinds.append("visual")
            origin = inv @ pose(m.geom_pos[g], m.geom_quat[g])
            for kind in kinds:
                self.geom(g, gtype, link, origin, kind)

    def geom(self, g: int, gtype: int, link: str, origin: np.ndarray, kind: str) -> None:
        """Add one converted geom (primitive or mesh reference) of ``link``."""
        size = np.asarray(self.m.geom_size[g], dtype=float)
        if gtype == int(_G.mjGEOM_BOX):
            prim = Primitive("box", tuple(float(s) for s in 2 * size), origin, kind)
        elif gtype == int(_G.mjGEOM_SPHERE):
            prim = Primitive("sphere", (float(size[0]),), origin, kind)
        elif gtype == int(_G.mjGEOM_CYLINDER):
            prim = Primitive("cylinder", (float(size[0]), float(2 * size[1])), origin, kind)
        else:
            path = self.mesh_file(g, gtype, size)
            self.meshes.setdefault(link, []).append(
                MeshRef(filename=path, path=None, origin=origin, scale=np.ones(3), kind=kind,
                        name=self.m.geom(g).name or None))
            return
        self.prims.setdefault(link, []).append(prim)

    def mesh_file(self, g: int, gtype: int, size: np.ndarray) -> str:
        """The OBJ path (relative) of a mesh/capsule/ellipsoid geom, created once per shape."""
        m = self.m
        if gtype == int(_G.mjGEOM_MESH):
            mesh_id = int(m.geom_dataid[g])
            key: tuple = ("mesh", mesh_id)
            wanted = m.mesh(mesh_id).name or f"mesh_{mesh_id}"
        else:
            key = (gtype, *np.round(size, 15).tolist())
            wanted = f"{_G(gtype).name.removeprefix('mjGEOM_').lower()}_{g}"
        if key not in self.mesh_names:
            name = self.unique(wanted, self.mesh_stems)
            path = f"{MESH_DIR}/{name}.obj"
            self.mesh_files[path] = _mesh_data(m, g, gtype, size)
            self.mesh_names[key] = path
        return self.mesh_names[key]

    # -------------------------------------------------------------- equalities
    def mimics(self) -> None:
        """Turn linear joint equalities into ``<mimic>``; report the others."""
        m = self.m
        for e in range(m.neq):
            where = f"equality:{m.eq(e).name or e}"
            a, b = int(m.eq_obj1id[e]), int(m.eq_obj2id[e])
            coef = np.asarray(m.eq_data[e][:5], dtype=float)
            linear = int(m.eq_type[e]) == int(mujoco.mjtEq.mjEQ_JOINT) and b >= 0 and \
                not np.any(coef[2:]) and a in self.urdf_joint and b in self.urdf_joint
            if not (linear and bool(m.eq_active0[e])):
                self.issues.append(issue("mjcf.equality.ignored", "equality constraint is not a "
                                         "linear joint coupling between two one-DOF joints; "
                                         "ignored", severity="warning", location=where))
                continue
            idx = next(i for i, jt in enumerate(self.joints) if jt.name == self.urdf_joint[a])
            mimic = Mimic(self.urdf_joint[b], float(coef[1]), float(coef[0]))
            self.joints[idx] = replace(self.joints[idx], mimic=mimic)


def _mesh_data(m: mujoco.MjModel, g: int, gtype: int, size: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(vertices (n, 3), faces (k, 3))`` of a mesh geom (compiled data) or a tessellation."""
    if gtype == int(_G.mjGEOM_MESH):
        mid = int(m.geom_dataid[g])
        v0, nv = int(m.mesh_vertadr[mid]), int(m.mesh_vertnum[mid])
        f0, nf = int(m.mesh_faceadr[mid]), int(m.mesh_facenum[mid])
        return (np.asarray(m.mesh_vert[v0:v0 + nv], dtype=float),
                np.asarray(m.mesh_face[f0:f0 + nf], dtype=np.int64))
    if gtype == int(_G.mjGEOM_CAPSULE):
        mesh = trimesh.creation.capsule(height=2 * size[1], radius=size[0], count=CAPSULE_COUNT)
    else:  # ellipsoid
        mesh = trimesh.creation.icosphere(subdivisions=ELLIPSOID_SUBDIVISIONS)
        return np.asarray(mesh.vertices, float) * size[:3], np.asarray(mesh.faces, np.int64)
    return np.asarray(mesh.vertices, dtype=float), np.asarray(mesh.faces, dtype=np.int64)
