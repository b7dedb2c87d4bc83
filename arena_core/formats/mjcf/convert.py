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
* hinge -> ``revolute`` (limited) or ``continuous``; slide -> ``prismatic``. An unlimited
  slide of a body of the world only lets the object (or a loose part: a ball, a box) float
  along its axis, like a free joint in 2D (the planar root ``rootx``/``rootz`` of a walker):
  it becomes a fixed joint where MuJoCo starts it, with the warning ``mjcf.slide.floating``;
  a deeper unlimited slide keeps ``-inf/inf`` limits and gets ``mjcf.slide.unlimited``; joint
  coordinates
  are shifted by the joint's reference position ``qpos0`` (URDF ``q = q_mujoco - ref``);
* a ball joint is decomposed (the paper's appendix A.1: a spherical joint factors into three
  one-DOF joints through massless links) into three revolute/continuous joints
  ``<joint>_x``, ``<joint>_y``, ``<joint>_z`` at its anchor, about the x, y and z axes of the
  body frame in that order, through the geometry- and mass-less helper links
  ``<body>__<joint>_x`` and ``<body>__<joint>_y``: the body turns by
  ``Rx(a) Ry(b) Rz(c)`` (intrinsic x-y-z Euler angles), i.e. MuJoCo's ball quaternion
  ``qx(a) * qy(b) * qz(c)``, which reaches every rotation. MuJoCo limits a ball by the
  rotation angle ``|theta| <= r`` (``range = [0, r]``); below :data:`BALL_BOX_MAX` = pi/2 each
  of the three angles is limited to ``[-r, r]`` (a box that contains the cone: every rotation
  of angle ``<= r`` has its three x-y-z angles in ``[-r, r]``; the corners reach farther), a
  wider range or none makes the three joints continuous. ``mjcf.joint.ball_decomposed`` says
  so: info when unlimited (exact), warning when limited (the cone became a box);
* a free joint (MuJoCo allows one only on a body of the world) only lets the whole object
  float: it becomes a fixed joint with the warning ``mjcf.joint.multi_dof``; a free joint
  deeper in the tree (older MuJoCo) is the same fixed joint with an error, motion is lost;
* geoms: box/sphere/cylinder -> URDF primitives; mesh -> an OBJ of the compiled mesh
  vertices/faces; capsule/ellipsoid -> an OBJ tessellation; planes, height fields and
  SDFs are skipped with an issue. A geom's roles are MuJoCo's (:func:`geom_roles`): it is
  shown when its alpha is above 0 and its group below :data:`HIDDEN_GROUP` (MuJoCo's viewer
  hides groups 3-5), it collides when ``contype`` or ``conaffinity`` is set. Shown geoms
  that cannot collide are visuals; colliding geoms are collisions, and also visuals when
  their body has no visual-only geom (the shown ones, or all of them when none is shown)
  or, shown in a group of its visual-only geoms, reach out of their box (a brax humanoid's
  forearm capsule beside its hand sphere, metaworld's gripper base; robosuite's collisions,
  drawn in group 0 beside visuals in group 1, stay collisions);
  a geom with neither role (a marker, a hidden helper) is left out with the info
  ``mjcf.geom.marker_dropped``, so it defines neither the object's extent nor its parts;
* joint dynamics come from the compiled model, so defaults and classes are applied:
  ``dof_damping``, ``dof_frictionloss``, ``dof_armature``, ``jnt_stiffness`` and the spring
  reference ``qpos_spring`` (shifted like the coordinate: ``springref - ref``) become the
  joint's :class:`~arena_core.model.dynamics.Dynamics` (:func:`joint_dynamics`); the three joints
  of a ball take its three degrees of freedom;
* the compiled inertial (``body_mass``, ``body_ipos``, ``body_iquat``, ``body_inertia``)
  becomes the link inertial; active linear joint equalities between two hinge/slide joints
  become ``<mimic>``; every other equality (connect, weld, tendon, distance, flex, polynomial
  or inactive joint couplings) is kept as data in ``Conversion.couplings`` with the warning
  ``mjcf.equality.recorded`` (URDF cannot express it; the object moves as if it were off).

What the MuJoCo oracle (:mod:`arena_core.pipeline.mjcf_oracle`) needs is recorded: ``joint_map``
(MuJoCo joint -> URDF joint(s)) and ``body_map`` (MuJoCo body -> URDF link and the pose of
the link frame in the body frame); :attr:`Conversion.extras` gives these fields of the
source extras (:class:`~schemas.extras.SourceExtras`).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field, replace
from typing import Any

import mujoco
import numpy as np
import trimesh

from arena_core.formats.mjcf.couplings import coupling_record
from arena_core.formats.mjcf.frames import pose, quat_matrix, translation
from arena_core.formats.mjcf.props import HIDDEN_GROUP, geom_roles, joint_dynamics, step_option
from arena_core.model.articulated import (
    ArticulatedObject,
    Joint,
    Link,
    MassProperties,
    MeshRef,
    Mimic,
    Primitive,
)
from arena_core.model.dynamics import Dynamics
from arena_core.util import tolerances as tol
from schemas.issues import Issue, issue

ROOT_LINK = "world"
MESH_DIR = "meshes"
#: Subdivisions of the icosphere written for an ellipsoid geom.
ELLIPSOID_SUBDIVISIONS = 3
#: Segments (around, along) of the tessellated capsule.
CAPSULE_COUNT = (32, 16)
#: A ball range below this (rad) limits each of the three decomposed angles to [-r, r] (the
#: box then contains MuJoCo's cone ``|theta| <= r``); from it on they are continuous.
BALL_BOX_MAX = math.pi / 2
#: Axes of the decomposed ball joint, in order (body frame at the anchor).
BALL_ORDER = "xyz"

_FREE, _BALL, _SLIDE, _HINGE = (int(mujoco.mjtJoint.mjJNT_FREE), int(mujoco.mjtJoint.mjJNT_BALL),
                                int(mujoco.mjtJoint.mjJNT_SLIDE), int(mujoco.mjtJoint.mjJNT_HINGE))
_G = mujoco.mjtGeom
_SKIPPED_GEOMS = {int(_G.mjGEOM_PLANE): ("mjcf.geom.plane_skipped", "info"),
                  int(_G.mjGEOM_HFIELD): ("mjcf.geom.unsupported", "warning"),
                  int(_G.mjGEOM_SDF): ("mjcf.geom.unsupported", "warning")}


@dataclass
class Conversion:
    """The converted object, the mesh files to write and what maps MuJoCo onto it.

    ``meshes`` maps a POSIX path relative to the URDF folder to ``(vertices (n, 3) m,
    faces (m, 3) int)``. ``joint_map`` maps each MuJoCo joint name to ``{"id", "urdf_joint",
    "type", "ref"}`` (``type`` the URDF type, ``ref`` = ``qpos0`` of hinge/slide joints, 0
    otherwise) or, for a ball joint, ``{"id", "type": "ball", "urdf_joints": [x, y, z],
    "order": "xyz", "ref": 0.0}``. ``body_map`` maps each MuJoCo body name (``world``
    included) to ``{"id", "link", "pos", "quat"}``: its link and the link frame's pose in the
    body frame (``pos`` (3,), MuJoCo quaternion ``(w, x, y, z)``). ``couplings`` lists the
    equality constraints that did not become ``<mimic>`` (:mod:`arena_core.formats.mjcf.couplings`);
    ``option`` how the source is stepped (:func:`~arena_core.formats.mjcf.props.step_option`).
    All of it is plain JSON data.
    """

    obj: ArticulatedObject
    meshes: dict[str, tuple[np.ndarray, np.ndarray]] = field(default_factory=dict)
    joint_map: dict[str, dict[str, Any]] = field(default_factory=dict)
    issues: list[Issue] = field(default_factory=list)
    body_map: dict[str, dict[str, Any]] = field(default_factory=dict)
    couplings: list[dict[str, Any]] = field(default_factory=list)
    option: dict[str, str] = field(default_factory=dict)

    @property
    def extras(self) -> dict[str, Any]:
        """``{"joint_map", "body_map", "couplings", "mjcf_option"}``: the source extras'
        fields it fills."""
        return {"joint_map": self.joint_map, "body_map": self.body_map,
                "couplings": self.couplings, "mjcf_option": self.option}


def convert_model(model: mujoco.MjModel, *, name: str) -> Conversion:
    """Convert ``model`` at ``qpos0`` into an :class:`ArticulatedObject` named ``name``.

    Raises:
        arena_core.model.articulated.ModelError: the converted links and joints do not form a tree
            (cannot happen for a compiled model; kept as a guard).
    """
    state = _State(model)
    for b in range(1, model.nbody):
        state.body(b)
    state.equalities()
    state.marker_issue()
    links = [Link(name=n, inertial=state.inertials.get(n), meshes=tuple(state.meshes.get(n, ())),
                  primitives=tuple(state.prims.get(n, ()))) for n in state.link_order]
    obj = ArticulatedObject.from_parts(name, links, state.joints)
    return Conversion(obj, state.mesh_files, state.joint_map, state.issues, state.body_map(),
                      state.couplings, step_option(model))


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
        self.couplings: list[dict[str, Any]] = []
        self.markers: list[str] = []
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
            self.mujoco_joint(j, b, (prev_link, child, name), origin)
            if not last:
                self.link_order.append(child)
            prev_link, prev_anchor = child, anchor
        self.link[b] = name
        self.link_order.append(name)
        self.offset[b] = translation(prev_anchor) if prev_anchor is not None else np.eye(4)
        self.inertial(b, name)
        self.geoms(b)

    def body_map(self) -> dict[str, dict[str, Any]]:
        """``{MuJoCo body name: {"id", "link", "pos", "quat"}}`` (see :class:`Conversion`)."""
        return {self.body_name(b): {"id": b, "link": self.link[b],
                                    "pos": (self.offset[b][:3, 3] + 0.0).tolist(),
                                    "quat": [1.0, 0.0, 0.0, 0.0]}
                for b in range(self.m.nbody)}

    def mujoco_joint(self, j: int, b: int, links: tuple[str, str, str], origin: np.ndarray) -> None:
        """Add the URDF joint(s) of MuJoCo joint ``j`` (three for a ball, fixed for a free)
        from ``links = (parent, child, body link)``."""
        m, mj_name = self.m, self.joint_name(j)
        jtype, axis = int(m.jnt_type[j]), np.asarray(m.jnt_axis[j], dtype=float)
        if jtype == _BALL:
            self.ball(j, b, links, origin)
            return
        parent, child, _ = links
        name = self.unique(mj_name, self.joint_names)
        ref = float(m.qpos0[m.jnt_qposadr[j]]) if jtype in (_HINGE, _SLIDE) else 0.0
        lower, upper = -math.inf, math.inf
        if jtype in (_HINGE, _SLIDE) and bool(m.jnt_limited[j]):
            lower, upper = float(m.jnt_range[j][0]) - ref, float(m.jnt_range[j][1]) - ref
        if jtype == _HINGE:
            urdf_type = "revolute" if math.isfinite(lower) else "continuous"
        elif jtype == _SLIDE and not math.isfinite(lower) and int(m.body_parentid[b]) == 0:
            urdf_type, lower, upper = "fixed", 0.0, 0.0  # the object floats along the axis
            self.issues.append(issue("mjcf.slide.floating", f"unlimited slide joint {mj_name!r} "
                                     f"of body {self.body_name(b)!r} of the world lets it float "
                                     "(a planar or floating root); fixed where MuJoCo starts it",
                                     location=f"joint:{name}"))
        elif jtype == _SLIDE:
            urdf_type = "prismatic"
            if not math.isfinite(lower):
                self.issues.append(issue("mjcf.slide.unlimited", f"slide joint {mj_name!r} has no "
                                         "range; written with -inf/inf limits",
                                         location=f"joint:{name}"))
        else:
            urdf_type, lower, upper = "fixed", 0.0, 0.0
            self.free(b, mj_name, name)
        dynamics = joint_dynamics(m, j, ref=ref) if urdf_type != "fixed" else None
        self.add_joint(name, urdf_type, parent, child, origin, axis, lower, upper, dynamics)
        self.urdf_joint[j] = name
        self.joint_map[mj_name] = {"id": j, "urdf_joint": name, "type": urdf_type, "ref": ref}

    def ball(self, j: int, b: int, links: tuple[str, str, str], origin: np.ndarray) -> None:
        """Three joints about the body's x, y, z axes at the anchor (see the module doc)."""
        (parent, child, body), m, mj_name = links, self.m, self.joint_name(j)
        r = float(np.max(np.abs(m.jnt_range[j]))) if bool(m.jnt_limited[j]) else math.inf
        boxed = r < BALL_BOX_MAX
        kind, lower, upper = ("revolute", 0.0 - r, r) if boxed else ("continuous", -math.inf, math.inf)
        names = [self.unique(f"{mj_name}_{a}", self.joint_names) for a in BALL_ORDER]
        helpers = [self.unique(f"{body}__{mj_name}_{a}", self.used) for a in BALL_ORDER[:2]]
        ends = [parent, *helpers, child]
        for k, name in enumerate(names):
            self.add_joint(name, kind, ends[k], ends[k + 1], origin if k == 0 else np.eye(4),
                           np.eye(3)[k], lower, upper, joint_dynamics(m, j, dof=k))
        self.link_order.extend(helpers)
        self.joint_map[mj_name] = {"id": j, "type": "ball", "urdf_joints": names,
                                   "order": BALL_ORDER, "ref": 0.0}
        limit = (f"its cone |angle| <= {r:.6g} rad is written as [-{r:.6g}, {r:.6g}] on each "
                 "angle (a box that contains it)" if boxed else
                 "the joints are continuous" + (f" (range {r:.6g} rad >= pi/2 written as none)"
                                                if math.isfinite(r) else ""))
        self.issues.append(issue("mjcf.joint.ball_decomposed", f"ball joint {mj_name!r} on body "
                                 f"{self.body_name(b)!r} decomposed into {', '.join(names)} "
                                 f"(x, y, z of the body frame, in this order); {limit}",
                                 severity="info" if math.isinf(r) else "warning",
                                 location=f"joint:{names[0]}"))

    def free(self, b: int, mj_name: str, name: str) -> None:
        """Report a free joint replaced by a fixed joint (a warning on a body of the world)."""
        floating = int(self.m.body_parentid[b]) == 0
        what = ("the object's root floats in MuJoCo; fixed to the world here" if floating
                else "its motion is lost")
        self.issues.append(issue("mjcf.joint.multi_dof", f"free joint {mj_name!r} on body "
                                 f"{self.body_name(b)!r} replaced by a fixed joint: {what}",
                                 severity="warning" if floating else "error",
                                 location=f"joint:{name}"))

    def add_joint(self, name: str, jtype: str, parent: str, child: str, origin: np.ndarray,
                  axis: np.ndarray, lower: float, upper: float,
                  dynamics: Dynamics | None = None) -> None:
        self.joints.append(Joint(name=name, type=jtype, parent=parent, child=child,
                                 origin_local=origin, axis_local=axis, lower=lower, upper=upper,
                                 dynamics=dynamics))

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
        """Add the geoms of body ``b`` to its link, each in the roles it has in MuJoCo
        (:func:`geom_roles`); a geom with neither role (a marker) is left out."""
        m = self.m
        first, count = int(m.body_geomadr[b]), int(m.body_geomnum[b])
        ids = list(range(first, first + count)) if first >= 0 else []
        roles = {g: geom_roles(m, g) for g in ids if int(m.geom_type[g]) not in _SKIPPED_GEOMS}
        visual_only = [g for g, (visual, colliding) in roles.items() if visual and not colliding]
        shown = any(visual and colliding for visual, colliding in roles.values())
        cover = _grown(_body_box(m, visual_only)) if visual_only else None
        link, inv = self.link[b], np.linalg.inv(self.offset[b])
        for g in ids:
            gtype = int(m.geom_type[g])
            if g not in roles:
                code, severity = _SKIPPED_GEOMS[gtype]
                self.issues.append(issue(code, f"geom type {_G(gtype).name} is not converted",
                                         severity=severity,
                                         location=f"link:{link}/geom:{m.geom(g).name or g}"))
                continue
            visual, colliding = roles[g]
            stand_in = colliding and (visual and _drawn_outside(m, g, visual_only, cover)
                                      if visual_only else visual or not shown)
            kinds = (["collision"] if colliding else []) + \
                (["visual"] if visual and not colliding or stand_in else [])
            if not kinds:
                self.markers.append(m.geom(g).name or f"{link}/{g}")
            origin = inv @ pose(m.geom_pos[g], m.geom_quat[g])
            for kind in kinds:
                self.geom(g, gtype, link, origin, kind)

    def marker_issue(self) -> None:
        """One info issue naming the geoms left out as markers (neither shown nor colliding)."""
        if self.markers:
            names = ", ".join(self.markers[:5]) + (", ..." if len(self.markers) > 5 else "")
            self.issues.append(issue("mjcf.geom.marker_dropped", f"{len(self.markers)} geom(s) "
                                     "neither shown nor colliding (alpha 0 or group >= "
                                     f"{HIDDEN_GROUP}, contype = conaffinity = 0) left out: "
                                     f"{names}", severity="info", location="object",
                                     data={"geoms": self.markers}))

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
    def equalities(self) -> None:
        """Linear joint equalities -> ``<mimic>``; the others -> :attr:`couplings` (records of
        :func:`arena_core.formats.mjcf.couplings.coupling_record`) with a warning."""
        m = self.m
        for e in range(m.neq):
            a, b = int(m.eq_obj1id[e]), int(m.eq_obj2id[e])
            coef = np.asarray(m.eq_data[e][:5], dtype=float)
            linear = int(m.eq_type[e]) == int(mujoco.mjtEq.mjEQ_JOINT) and b >= 0 and \
                not np.any(coef[2:]) and a in self.urdf_joint and b in self.urdf_joint
            if linear and bool(m.eq_active0[e]):
                idx = next(i for i, jt in enumerate(self.joints) if jt.name == self.urdf_joint[a])
                mimic = Mimic(self.urdf_joint[b], float(coef[1]), float(coef[0]))
                self.joints[idx] = replace(self.joints[idx], mimic=mimic)
                self.leader_range(self.joints[idx])
                continue
            record = coupling_record(m, e, body_link=self.link.__getitem__,
                                     joint_map=self.joint_map)
            self.couplings.append(record)
            self.issues.append(issue("mjcf.equality.recorded", f"{record['type']} equality "
                                     f"{record['obj1']!r}-{record['obj2']!r} is not an active "
                                     "linear coupling of two one-DOF joints; recorded in the "
                                     "couplings, the URDF moves without it",
                                     location=f"equality:{m.eq(e).name or e}"))


    def leader_range(self, follower: Joint) -> None:
        """Give an unlimited slide the range its limited ``follower`` allows it (sai's
        reachy2: ``tripod = -0.986 bar``, the tripod in [0, 0.21], the bar unlimited), with
        ``mjcf.slide.range_derived``: MuJoCo's equality holds the slide to it."""
        mimic = follower.mimic
        idx = next(i for i, jt in enumerate(self.joints) if jt.name == mimic.joint)
        leader = self.joints[idx]
        if leader.type != "prismatic" or math.isfinite(leader.lower) or mimic.multiplier == 0 \
                or follower.type == "continuous" or not math.isfinite(follower.lower) \
                or not math.isfinite(follower.upper):
            return
        ends = sorted((v - mimic.offset) / mimic.multiplier + 0.0
                      for v in (follower.lower, follower.upper))
        self.joints[idx] = replace(leader, lower=ends[0], upper=ends[1])
        where = f"joint:{leader.name}"
        self.issues = [i for i in self.issues
                       if not (i.code == "mjcf.slide.unlimited" and i.location == where)]
        self.issues.append(issue("mjcf.slide.range_derived", f"unlimited slide joint "
                                 f"{leader.name!r} given the range [{ends[0]:.6g}, {ends[1]:.6g}]"
                                 f" that its equality with the limited joint {follower.name!r} "
                                 "allows", location=where))


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


# ----------------------------------------------------------------------------- geom boxes
#: A shown colliding geom is a stand-in for its body's visual-only geoms (robosuite's green
#: collision meshes drawn in group 0) when its box lies in theirs grown by this fraction of
#: their largest extent, at least :data:`COVER_MARGIN_MIN` (m).
COVER_MARGIN = 0.1
COVER_MARGIN_MIN = 0.01
_BOX_CORNERS = np.array([[x, y, z] for x in (-1, 1) for y in (-1, 1) for z in (-1, 1)], float)


def _body_box(m: mujoco.MjModel, geoms: list[int]) -> np.ndarray:
    """``(2, 3)`` lower and upper corner, in the body frame, of the geoms' boxes (MuJoCo's
    ``geom_aabb``, in each geom's frame, turned by its pose)."""
    corners = []
    for g in geoms:
        center, half = np.asarray(m.geom_aabb[g][:3], float), np.asarray(m.geom_aabb[g][3:], float)
        local = center + _BOX_CORNERS * half
        corners.append(local @ quat_matrix(m.geom_quat[g]).T + np.asarray(m.geom_pos[g], float))
    points = np.concatenate(corners)
    return np.stack([points.min(axis=0), points.max(axis=0)])


def _drawn_outside(m: mujoco.MjModel, g: int, visual_only: list[int], cover: np.ndarray) -> bool:
    """Whether shown colliding geom ``g`` is part of what its body looks like beside the
    body's ``visual_only`` geoms: drawn in a group they are drawn in (robosuite draws
    collisions in group 0 and visuals in group 1) and reaching out of their grown box
    ``cover`` (metaworld's gripper base mesh beside a small cylinder)."""
    groups = {int(m.geom_group[v]) for v in visual_only}
    return int(m.geom_group[g]) in groups and not _inside(_body_box(m, [g]), cover)


def _grown(box: np.ndarray) -> np.ndarray:
    margin = max(COVER_MARGIN * float(np.max(box[1] - box[0])), COVER_MARGIN_MIN)
    return box + np.array([[-margin], [margin]])


def _inside(box: np.ndarray, cover: np.ndarray) -> bool:
    return bool(np.all(box[0] >= cover[0]) and np.all(box[1] <= cover[1]))
