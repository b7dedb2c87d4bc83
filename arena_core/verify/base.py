"""Shared pieces of the checks: the per-object context and tree helpers.

A :class:`Context` is built once per object by :func:`arena_core.verify.verify_object` and
handed to every check; it holds the caller's ``extras`` (for a pipeline object, what
:func:`arena_core.pipeline.run.run_object` takes of its source extras, plus runtime values)
and loads the geometry lazily (only the checks that need meshes pay for them).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from arena_core.model.articulated import ArticulatedObject, Joint, walk_links

if TYPE_CHECKING:  # pragma: no cover - typing only
    from arena_core.mesh.parts import MeshCache
    from arena_core.verify.object_geometry import ObjectGeometry


def joint_loc(joint: Joint) -> str:
    """The location string of a joint (``joint:NAME``)."""
    return f"joint:{joint.name}"


@dataclass
class Context:
    """What a check may use besides the object: extras and lazily loaded geometry.

    ``extras`` keys read by the checks (all optional):

    * ``mobility``: the parsed ``mobility_v2.json`` (list of dicts) of a PartNet-Mobility
      object, or ``mobility_v2_path``: that file (the source extras' field);
      ``check_mobility`` compares only when one of them is present.
    * ``mobility_transform``: ``(4, 4)`` similarity from the mobility (mesh) frame to the
      object's root frame; default: derived from each link's visual-mesh origin and scale.
    * ``canonical``: ``True`` when ``obj`` claims to be arena URDF v1 (missing inertials and
      incomplete limits become errors instead of infos).
    * ``mesh_cache``: a :class:`~arena_core.mesh.parts.MeshCache` to share mesh loads.
    * ``category``: the object's category (the source's label or a taxonomy id);
      ``check_upright`` expects vertical hinges of doors, windows and gates.
    * ``angle_units_known``: ``True`` when the source states its angle unit (an MJCF model
      compiled with its ``<compiler angle>``): whole-number limits are not guessed to be
      degrees.
    """

    obj: ArticulatedObject
    extras: Mapping[str, Any] = field(default_factory=dict)

    @cached_property
    def cache(self) -> MeshCache:
        from arena_core.mesh.parts import MeshCache

        cache = self.extras.get("mesh_cache")
        return cache if cache is not None else MeshCache()

    @cached_property
    def geometry(self) -> ObjectGeometry:
        from arena_core.verify.object_geometry import ObjectGeometry

        return ObjectGeometry.build(self.obj, self.cache)

    @property
    def canonical(self) -> bool:
        return bool(self.extras.get("canonical", False))


def ensure_context(obj: ArticulatedObject, ctx: Context | None) -> Context:
    """``ctx`` if given (it must be about ``obj``), else a fresh context with no extras."""
    if ctx is None:
        return Context(obj)
    if ctx.obj is not obj:
        raise ValueError("ctx.obj: the context belongs to another object")
    return ctx


def subtree_links(obj: ArticulatedObject, link: str) -> list[str]:
    """Names of ``link`` and every link below it (depth-first, deterministic order)."""
    return list(walk_links(link, lambda name: sorted(obj.children(name), key=_child)))


def _child(joint: Joint) -> str:
    return joint.child
