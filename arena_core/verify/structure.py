"""Structure checks: one tree over the links, and parts that actually move something.

:meth:`ArticulatedObject.from_parts` refuses what is not a tree, so an object read from URDF
is a tree; the reader turns the refusal into a :class:`~arena_core.formats.urdf.read.UrdfError` whose code
comes from :class:`~arena_core.model.articulated.ModelError` (see :func:`issue_from_error`). The check
below re-derives the tree from the object's own links and joints, so objects assembled or
edited in memory are held to the same rule.

Codes: ``structure.duplicate_name``, ``structure.dangling`` (a joint names a link that does
not exist), ``structure.multiple_parents``, ``structure.multiple_roots``, ``structure.cycle``
(all errors), ``structure.root_mismatch`` (error), ``structure.no_moving_joints`` (error: a
rigid object), ``structure.empty_moving_part`` (warning: a moving joint whose child subtree
has no geometry), ``structure.helper_link`` (info: a geometry-less link between two joints,
e.g. the PartNet-Mobility screw helper).

**One rule for rigid objects.** The suite is about articulation: a file with no moving joint
is most likely a prop, and the metric has nothing to compare on it. Such an object is
rejected with ``structure.no_moving_joints`` whatever its format: a URDF whose joints are all
fixed, and an MJCF model with no hinge, slide or ball joint left once its scene is dropped
(a free joint becomes a fixed one), which the ``mjcf`` adapter converts like any other model
so that this check sees it. There is no per-build switch to keep props: severities are the
catalog's (:mod:`arena_core.verify.policy`), so a build, ``arena validate`` and a released
record judge an object alike.
"""

from __future__ import annotations

from arena_core.model.articulated import ArticulatedObject, ModelError
from arena_core.verify.base import Context, ensure_context, joint_loc, subtree_links
from schemas.issues import Issue, issue


def check_structure(obj: ArticulatedObject, ctx: Context | None = None) -> list[Issue]:
    """Tree structure of ``obj`` and whether its moving joints move any geometry."""
    ensure_context(obj, ctx)
    try:
        rebuilt = ArticulatedObject.from_parts(obj.name, obj.links.values(), obj.joints)
    except ModelError as exc:
        return [issue(exc.code, str(exc), severity="error", location="object")]
    if rebuilt.root != obj.root:
        return [issue("structure.root_mismatch",
                      f"object says root {obj.root!r}, its joints say {rebuilt.root!r}",
                      location="object")]
    return _moving_parts(obj)


def _moving_parts(obj: ArticulatedObject) -> list[Issue]:
    moving = [j for j in obj.joints if j.moving]
    if not moving:
        return [issue("structure.no_moving_joints",
                      f"{len(obj.joints)} joints, none of them moves: a rigid prop, not "
                      "an articulated object",
                      location="object")]
    out: list[Issue] = []
    for joint in moving:
        below = subtree_links(obj, joint.child)
        if not any(obj.links[name].has_geometry for name in below):
            out.append(issue("structure.empty_moving_part",
                             f"child {joint.child!r} and its subtree have no geometry",
                             location=joint_loc(joint)))
        elif not obj.links[joint.child].has_geometry and any(
            j.moving for j in obj.children(joint.child)
        ):
            out.append(issue("structure.helper_link",
                             f"geometry-less link between {joint.name!r} and a moving child "
                             "joint (one physical DOF written as two joints?)",
                             location=f"link:{joint.child}"))
    return out
