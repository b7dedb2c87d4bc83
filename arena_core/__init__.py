"""ArticulateArena core: the articulated-object model, the motion metric and the pipeline's
pure stages (normalization, verification, curation). No Prefect, no Hub, no network.

The public API (imported lazily, so ``import arena_core`` is cheap)::

    read_urdf(path) -> ReadResult(obj, issues)       write_urdf(obj, path)
    SplitNorm(alpha=1.0)   KineticNorm(mass=, com=, inertia=)
    endpoints(twist, lower, upper) -> (..., 2, 6)
    joint_distance(z1, z2, *, norm) -> (...)           motion(z, *, norm) = E(J, J0)
    compactify(z, *, norm, kappa=pi)                    compactified_endpoints(...)
    tree_distance(edges1, pairs1, edges2, pairs2, *, norm) -> TreeDistance
    object_tree_distance(a, b, *, alpha=1.0, kappa=pi)  score_objects(gt, pred)
    component_scores(...)  invariant_sq_distance / softmin_sq_distance (training surrogates)
"""

from __future__ import annotations

import importlib

_EXPORTS = {
    "read_urdf": "arena_core.formats.urdf.read", "UrdfError": "arena_core.formats.urdf.read",
    "write_urdf": "arena_core.formats.urdf.write",
    "ArticulatedObject": "arena_core.model.articulated", "Joint": "arena_core.model.articulated",
    "Link": "arena_core.model.articulated",
    "SplitNorm": "arena_core.metric", "KineticNorm": "arena_core.metric",
    "endpoints": "arena_core.metric", "joint_distance": "arena_core.metric",
    "motion": "arena_core.metric", "compactify": "arena_core.metric",
    "compactified_endpoints": "arena_core.metric", "tree_distance": "arena_core.metric",
    "TreeDistance": "arena_core.metric",
    "component_scores": "arena_core.metric.scores",
    "invariant_sq_distance": "arena_core.metric.surrogate",
    "softmin_sq_distance": "arena_core.metric.surrogate",
    "object_tree_distance": "arena_core.metric.compare", "score_objects": "arena_core.metric.compare",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'arena_core' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)
