"""yourdfpy: parse, ``validate()``, every mesh filename resolved, joint kinematics.

The load check is ``URDF.load(..., build_scene_graph=False, load_meshes=False)`` (yourdfpy's
parser over the whole file), ``validate()`` with its strict handler (any error fails; its
messages are kept) and ``validate_filenames()`` (every mesh file, visual and collision,
exists where yourdfpy's filename handler resolves it). The meshes are not loaded again
here: yourdfpy would load them with ``trimesh.load``, the reader that already parsed every
one of them for the mass properties and the geometry checks
(:func:`arena_core.mesh.parts.read_mesh`), and its scene graph is not used (see below), so
loading them cost ~25 ms per generated object and ~135 ms per real one for nothing a
check reads.

Poses are composed here from yourdfpy's *parsed* joints (``robot.robot.joints``: origin
``(4, 4)``, axis, type, parent, child) with the same ``trimesh.transformations`` calls
yourdfpy makes (``origin @ rotation_matrix(q, axis)``, ``origin @ translation_matrix(q *
axis)``), root first. yourdfpy's own ``get_transform`` is not used: it reads trimesh's scene
graph, which snaps near-identity transforms and so cannot be compared at 1e-9. ``<mimic>`` is
not applied here (every coordinate, the mimic ones included, comes from ``q``). yourdfpy's
log warnings while loading (a mimic of a mimic joint, ManiSkill's Inspire thumb) are held
back: the engines stage prints nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from pathlib import Path

import numpy as np

from arena_core.engines.base import ENGINE_YOURDFPY, Engine, one_line
from arena_core.model.articulated import ArticulatedObject, joints_parent_first
from schemas.issues import Issue


class YourdfpySession:
    """One canonical URDF loaded and validated by yourdfpy (raises on failure)."""

    def __init__(self, urdf_path: Path, obj: ArticulatedObject):
        import trimesh.transformations as tra
        import yourdfpy

        self._tra = tra
        logger = logging.getLogger("yourdfpy")
        level = logger.level
        logger.setLevel(logging.ERROR)
        try:
            self.robot = yourdfpy.URDF.load(str(urdf_path), build_scene_graph=False,
                                            load_meshes=False)
        finally:
            logger.setLevel(level)
        if not self.robot.validate():
            errors = "; ".join(getattr(e, "msg", str(e)) for e in self.robot.errors)
            raise ValueError(one_line(f"yourdfpy validate() failed: {errors}"))
        if not self.robot.validate_filenames():
            raise FileNotFoundError("yourdfpy validate_filenames(): a mesh file is missing")
        self._root = self.robot._determine_base_link()  # what base_link is with a scene graph
        self._children: dict[str, list] = {}
        for joint in self.robot.robot.joints:
            self._children.setdefault(joint.parent, []).append(joint)

    def poses(self, q: Mapping[str, float]) -> dict[str, np.ndarray]:
        """``{link: (4, 4) pose}`` at ``q``, root at the identity."""
        out = {self._root: np.eye(4)}
        for joint in joints_parent_first(self._root, lambda link: self._children.get(link, ())):
            out[joint.child] = out[joint.parent] @ self._motion(joint, q.get(joint.name, 0.0))
        return out

    def checks(self) -> list[Issue]:
        return []

    def close(self) -> None:
        self.robot = None

    def _motion(self, joint, value: float) -> np.ndarray:
        """``(4, 4)`` origin times motion of one yourdfpy joint at coordinate ``value``."""
        origin = np.eye(4) if joint.origin is None else np.asarray(joint.origin, float)
        if joint.type == "prismatic":
            return origin @ self._tra.translation_matrix(value * np.asarray(joint.axis, float))
        if joint.type in ("revolute", "continuous"):
            return origin @ self._tra.rotation_matrix(float(value), joint.axis)
        return origin


ENGINE = Engine(name="yourdfpy", tolerance=ENGINE_YOURDFPY, distribution="yourdfpy",
                open=YourdfpySession)
