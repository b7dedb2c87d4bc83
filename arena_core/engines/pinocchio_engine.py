"""Pinocchio (PyPI ``pin``): kinematic model and geometry from the URDF, frame kinematics.

``buildModelFromUrdf`` gives a fixed-base model (no root joint); fixed joints become frames,
not joints. ``buildGeomFromUrdf`` loads the collision and the visual geometry (every mesh
through assimp/coal) as the load check; relative mesh paths only resolve with the object's
folder in ``package_dirs``. Both go through one ``coal.CachedMeshLoader``, so a mesh that is
both visual and collision geometry (most are) is loaded and turned into a BVH once, not
twice (SAPIEN storage furniture 41083: ~750 ms -> ~400 ms). ``<mimic>`` is ignored (``mimic=False``), so a mimic joint is an
independent joint here and its coordinate is set explicitly like any other.

Coordinates: a continuous joint (``JointModelRUBX``/``RevoluteUnboundedUnaligned``) has two
coordinates ``(cos q, sin q)`` and one velocity; revolute and prismatic joints have one. A
link's pose is ``data.oMf`` of its ``BODY`` frame (``model.getFrameId(name, BODY)``; the
lookup returns ``len(model.frames)`` rather than failing for an unknown name, so existence is
checked first) after ``framesForwardKinematics``; the root link's frame sits on the universe
at the identity.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import numpy as np

from arena_core.engines.base import ENGINE_PINOCCHIO, Engine, silenced
from arena_core.model.articulated import ArticulatedObject
from arena_core.model.helical import urdf_joints
from schemas.issues import Issue


class PinocchioSession:
    """One canonical URDF as a Pinocchio model and geometry (raises on failure)."""

    def __init__(self, urdf_path: Path, obj: ArticulatedObject):
        import coal
        import pinocchio

        self._pin = pinocchio
        path, folder = str(urdf_path), str(Path(urdf_path).resolve().parent)
        with silenced():  # urdfdom and assimp may warn on the C side
            self.model = pinocchio.buildModelFromUrdf(path)
            loader = coal.CachedMeshLoader(coal.BV_AABB)  # no collision queries here
            for kind in (pinocchio.GeometryType.COLLISION, pinocchio.GeometryType.VISUAL):
                pinocchio.buildGeomFromUrdf(self.model, path, kind, package_dirs=[folder],
                                            mesh_loader=loader)
        self.data = self.model.createData()
        own = {j.name for j in obj.joints}
        self._joints = {j.name: self._joint(j.name) for j in urdf_joints(obj)
                        if j.moving and (j.name in own or self.model.existJointName(j.name))}
        body = pinocchio.FrameType.BODY
        self._frames = {name: self.model.getFrameId(name, body) for name in obj.links
                        if self.model.existFrame(name, body)}

    def poses(self, q: Mapping[str, float]) -> dict[str, np.ndarray]:
        """``{link: (4, 4) world pose}`` at ``q`` (continuous joints as ``(cos, sin)``)."""
        coords = self._pin.neutral(self.model)
        for name, (index, width) in self._joints.items():
            if width == 2:
                coords[index:index + 2] = np.cos(q[name]), np.sin(q[name])
            else:
                coords[index] = q[name]
        self._pin.framesForwardKinematics(self.model, self.data, coords)
        return {link: np.array(self.data.oMf[frame].homogeneous)
                for link, frame in self._frames.items()}

    def checks(self) -> list[Issue]:
        return []

    def close(self) -> None:
        self.data = None

    def _joint(self, name: str) -> tuple[int, int]:
        """``(first coordinate index, number of coordinates)`` of the joint ``name``."""
        if not self.model.existJointName(name):
            raise KeyError(f"joint {name!r} is not in Pinocchio's model")
        joint = self.model.joints[self.model.getJointId(name)]
        if joint.nq not in (1, 2):
            raise ValueError(f"joint {name!r} has {joint.nq} coordinates in Pinocchio")
        return joint.idx_q, joint.nq


ENGINE = Engine(name="pinocchio", tolerance=ENGINE_PINOCCHIO, distribution="pin",
                open=PinocchioSession)
