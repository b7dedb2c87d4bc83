"""Per-object features for curation: joint counts, extents, volume and a shape signature.

Computed once per canonical object (the build caches them beside its record), so the
curation stage never reloads meshes. The surface sample is seeded, hence deterministic.
A mesh that does not load is left out of the surface and the volume, and says so:
:attr:`ObjectFeatures.issues` holds one warning per mesh, with the loader's code
(``mesh.unreadable``, ``mesh.missing``, ...; written to JSON only when there are some).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import trimesh

from arena_core.curation.signature import SIGNATURE_POINTS, ShapeSignature, shape_signature
from arena_core.mesh.massprops import geometry_kind, link_mass_properties
from arena_core.mesh.parts import MeshCache, MeshLoadFailure
from arena_core.model.articulated import ArticulatedObject
from schemas.issues import Issue, issue


@dataclass(frozen=True)
class ObjectFeatures:
    """What curation needs to know of an object's geometry and joints.

    ``issues``: the visual meshes left out because they did not load (see the module).
    """

    joint_counts: dict[str, int]
    bbox_extent: tuple[float, float, float]
    volume: float
    signature: ShapeSignature | None
    issues: tuple[Issue, ...] = ()

    def to_json(self) -> dict:
        sig = None if self.signature is None else {
            "extents": [float(x) for x in self.signature.extents],
            "d2": [float(x) for x in self.signature.d2]}
        out = {"joint_counts": dict(sorted(self.joint_counts.items())),
               "bbox_extent": list(self.bbox_extent), "volume": self.volume, "signature": sig}
        if self.issues:
            out["issues"] = [i.model_dump(mode="json") for i in self.issues]
        return out

    @classmethod
    def from_json(cls, data: dict) -> ObjectFeatures:
        sig = data.get("signature")
        signature = None if sig is None else ShapeSignature(
            extents=np.asarray(sig["extents"], float), d2=np.asarray(sig["d2"], float))
        return cls(joint_counts=dict(data["joint_counts"]),
                   bbox_extent=tuple(float(x) for x in data["bbox_extent"]),
                   volume=float(data["volume"]), signature=signature,
                   issues=tuple(Issue.model_validate(i) for i in data.get("issues", ())))


def object_features(obj: ArticulatedObject, *, seed: int = 0,
                    cache: MeshCache | None = None) -> ObjectFeatures:
    """Features of ``obj`` at rest; the mesh volume is the sum of link mass volumes (m^3).

    ``cache``: the object's mesh cache (a fresh one when ``None``).
    """
    counts: dict[str, int] = {}
    for joint in obj.joints:
        counts[joint.type] = counts.get(joint.type, 0) + 1
    cache = cache if cache is not None else MeshCache()
    issues: list[Issue] = []
    surface = _surface(obj, cache, issues)
    if surface is None or len(surface.faces) == 0:
        return ObjectFeatures(counts, (0.0, 0.0, 0.0), 0.0, None, tuple(issues))
    points, _ = trimesh.sample.sample_surface(surface, SIGNATURE_POINTS, seed=seed)
    extent = np.sort(np.ptp(surface.vertices, axis=0))[::-1]
    volume = 0.0
    for link in obj.links.values():
        if link.has_geometry:
            props, found = link_mass_properties(link, cache=cache, density=1.0)
            volume += float(props.mass)
            if geometry_kind(link) == "collision":  # the surface reported the visual meshes
                issues += found
    return ObjectFeatures(counts, tuple(float(x) for x in extent), volume,
                          shape_signature(points), tuple(issues))


def _surface(obj: ArticulatedObject, cache: MeshCache,
             issues: list[Issue]) -> trimesh.Trimesh | None:
    """The visual surface at rest (object frame); a mesh that fails to load is an issue."""
    parts = []
    for name, link in obj.links.items():
        for ref in link.meshes:
            if ref.kind != "visual" or ref.path is None:
                continue
            try:
                mesh = cache.mesh(ref.path)
            except MeshLoadFailure as exc:
                issues.append(issue(exc.code, f"mesh {ref.filename!r}: {exc}; left out of the "
                                    "features", severity="warning", location=f"link:{name}"))
                continue
            if len(mesh.faces) == 0:  # points only: no surface to sample
                continue
            pose = obj.link_poses[name] @ np.asarray(ref.origin, float)
            vertices = (np.asarray(mesh.vertices) * ref.scale) @ pose[:3, :3].T + pose[:3, 3]
            parts.append(trimesh.Trimesh(vertices, mesh.faces, process=False))
        for prim in link.primitives:
            if prim.kind != "visual":
                continue
            mesh = _primitive(prim.shape, prim.size)
            pose = obj.link_poses[name] @ np.asarray(prim.origin, float)
            parts.append(mesh.apply_transform(pose))
    return trimesh.util.concatenate(parts) if parts else None


def _primitive(shape: str, size: tuple[float, ...]) -> trimesh.Trimesh:
    if shape == "box":
        return trimesh.creation.box(extents=size)
    if shape == "cylinder":
        return trimesh.creation.cylinder(radius=size[0], height=size[1], sections=24)
    return trimesh.creation.icosphere(subdivisions=1, radius=size[0])
