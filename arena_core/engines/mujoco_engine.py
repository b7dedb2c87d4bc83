"""MuJoCo through its URDF import: load, forward kinematics, 1 s of simulation.

The canonical URDF is compiled from memory (``MjSpec.from_string``; nothing is written,
the canonical folder least of all) with one element added inside ``<robot>``::

    <mujoco><compiler discardvisual="true" fusestatic="false" strippath="false"
                      meshdir="<the object's folder>"/></mujoco>

so no static link is fused into its parent (every link stays a body with its own name) and
mesh paths keep their ``meshes/`` folder. Visual geoms are dropped as MuJoCo's import does by
default: the import would compute a volume inertia even for visual meshes and refuse a flat
visual panel; visual meshes are loaded by the object's own MJCF instead (``object.xml``,
mesh assets with shell inertia), which the ``engines`` stage compiles too.
The imported model then gets the
``<contact><exclude>`` pairs of :func:`arena_core.formats.mjcf.write.world_parent_pairs` (through
``mujoco.MjSpec``): MuJoCo's import, like its MJCF, would otherwise collide a moving link
with its world-welded parent, which URDF engines never do; and every mesh asset gets
``inertia="shell"`` like the MJCF's (the import's inertias are the URDF's, a mesh's own
inertia only places MuJoCo's geom frame, and a volume inertia refuses open meshes).

Frames: ``data.xpos``/``data.xmat`` of a body are its URDF link frame (the inertial frame is
``xipos``/``ximat``). The root link is a body welded to the world at the identity (the
import gives a fixed base, checked: no free joint); when a link is named ``world`` MuJoCo
merges it into its own world body, so a root named ``world`` is the world body, and a
non-root ``world`` drags its subtree to the world origin (an FK mismatch).

Stability: a fresh state is stepped for :data:`SIMULATED_SECONDS` with gravity on; the
state must stay finite and MuJoCo must not have flagged a bad ``qpos``/``qvel``/``qacc``
(MuJoCo resets a diverged state to ``qpos0`` by itself, so finiteness alone would miss it).
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from pathlib import Path

import numpy as np
from lxml import etree

from arena_core.engines.base import ENGINE_MUJOCO, Engine, silenced
from arena_core.formats.mjcf.write import world_parent_pairs
from arena_core.formats.xmlsafe import parse_xml
from arena_core.model.articulated import ArticulatedObject
from arena_core.model.helical import urdf_joints
from schemas.issues import Issue, issue

#: Simulated time (s) of the stability check.
SIMULATED_SECONDS = 1.0

#: Compiler attributes added to the URDF copy (``meshdir`` is the object's folder).
COMPILER = {"discardvisual": "true", "fusestatic": "false", "strippath": "false"}


class MujocoSession:
    """One canonical URDF compiled by MuJoCo (raises whatever MuJoCo raises)."""

    def __init__(self, urdf_path: Path, obj: ArticulatedObject):
        import mujoco

        self._mj = mujoco
        self.model = _compile(Path(urdf_path), obj)
        if any(t == mujoco.mjtJoint.mjJNT_FREE for t in self.model.jnt_type):
            raise ValueError("MuJoCo's URDF import gave the object a free joint (no fixed base)")
        self.data = mujoco.MjData(self.model)
        self._obj = obj
        own = {j.name for j in obj.joints}
        self._qpos = {j.name: self._address(j.name) for j in urdf_joints(obj)
                      if j.moving and (j.name in own or self._has_joint(j.name))}
        self._bodies = {name: self._body(name) for name in obj.links}

    def poses(self, q: Mapping[str, float]) -> dict[str, np.ndarray]:
        """``{link: (4, 4) world pose}`` at ``q`` (every moving joint set explicitly)."""
        self.data.qpos[:] = self.model.qpos0
        for name, address in self._qpos.items():
            self.data.qpos[address] = q[name]
        self._mj.mj_kinematics(self.model, self.data)
        out = {}
        for link, body in self._bodies.items():
            if body is not None:
                pose = np.eye(4)
                pose[:3, :3] = self.data.xmat[body].reshape(3, 3)
                pose[:3, 3] = self.data.xpos[body]
                out[link] = pose
        return out

    def checks(self) -> list[Issue]:
        """``engine.mujoco.unstable`` when 1 s of simulation with gravity does not stay finite."""
        problem = simulate(self.model, SIMULATED_SECONDS)
        if problem is None:
            return []
        return [issue("engine.mujoco.unstable", problem, location="object")]

    def close(self) -> None:
        self.data = None

    def _has_joint(self, joint: str) -> bool:
        """Whether the model has ``joint`` (a helical joint's ``__pitch`` half may be absent
        from a URDF written without the simulator encoding)."""
        return self._mj.mj_name2id(self.model, self._mj.mjtObj.mjOBJ_JOINT, joint) >= 0

    def _address(self, joint: str) -> int:
        jid = self._mj.mj_name2id(self.model, self._mj.mjtObj.mjOBJ_JOINT, joint)
        if jid < 0:
            raise KeyError(f"joint {joint!r} is not in MuJoCo's model")
        return int(self.model.jnt_qposadr[jid])

    def _body(self, link: str) -> int | None:
        body = self._mj.mj_name2id(self.model, self._mj.mjtObj.mjOBJ_BODY, link)
        if body >= 0:
            return body
        return 0 if link == self._obj.root else None  # a root merged into the world body


def simulate(model, seconds: float) -> str | None:
    """Step a fresh state of ``model`` for ``seconds``; ``None`` if it stayed finite and
    MuJoCo flagged nothing, else what went wrong (one line)."""
    import mujoco

    if not np.any(model.opt.gravity):
        return "gravity is off in the compiled model"
    data = mujoco.MjData(model)
    steps = max(1, int(round(seconds / model.opt.timestep)))
    with silenced():
        mujoco.mj_step(model, data, nstep=steps)  # the steps in one call, as a loop would
    bad = [w.name for w in (mujoco.mjtWarning.mjWARN_BADQPOS, mujoco.mjtWarning.mjWARN_BADQVEL,
                            mujoco.mjtWarning.mjWARN_BADQACC) if data.warning[w].number > 0]
    if bad:
        return f"MuJoCo flagged {', '.join(bad)} within {seconds:g} s (state reset by MuJoCo)"
    if not (np.all(np.isfinite(data.qpos)) and np.all(np.isfinite(data.qvel))):
        return f"qpos or qvel not finite after {seconds:g} s"
    return None


def _compile(urdf_path: Path, obj: ArticulatedObject):
    """MuJoCo model of the URDF at ``urdf_path`` (of ``obj``), compiled from memory (its
    ``meshdir`` is absolute), with the parent-child contact exclusions of the module
    docstring."""
    import mujoco

    text = mujoco_urdf(urdf_path.read_bytes(), urdf_path.resolve().parent)
    with silenced(), warnings.catch_warnings():  # compile() warns in Python
        warnings.simplefilter("ignore")
        spec = mujoco.MjSpec.from_string(text.decode("utf-8"))
        for mesh in spec.meshes:  # as the object's MJCF: open collision meshes compile
            mesh.inertia = mujoco.mjtMeshInertia.mjMESH_INERTIA_SHELL
        bodies = {b.name for b in spec.bodies}
        for parent, child in world_parent_pairs(obj):
            if parent in bodies and child in bodies:  # a root named world is merged
                spec.add_exclude(bodyname1=parent, bodyname2=child)
        return spec.compile()


def mujoco_urdf(data: bytes, mesh_dir: Path) -> bytes:
    """The URDF ``data`` with the ``<mujoco><compiler .../></mujoco>`` element of the module
    docstring as the first child of ``<robot>`` (an existing ``<mujoco>`` is replaced).

    Example:
        >>> out = mujoco_urdf(b'<robot name="r"><link name="a"/></robot>', Path("/x"))
        >>> b'fusestatic="false"' in out and b'meshdir="/x"' in out
        True
    """
    root = parse_xml(data)
    for old in root.findall("mujoco"):
        root.remove(old)
    element = etree.Element("mujoco")
    etree.SubElement(element, "compiler", {**COMPILER, "meshdir": str(mesh_dir)})
    root.insert(0, element)
    return etree.tostring(root, xml_declaration=True, encoding="utf-8")


ENGINE = Engine(name="mujoco", tolerance=ENGINE_MUJOCO, distribution="mujoco", open=MujocoSession)
