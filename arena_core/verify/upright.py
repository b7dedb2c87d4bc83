"""Up-axis check: does the rest pose stand the way the Z-up convention says?

A library read with the wrong up axis (Y-up assets taken as Z-up) is normalized exactly and
passes every other check, lying on its back. Its kinematics give it away where the direction
of a joint is known: a door, window or gate swings about a vertical hinge. The check applies
to objects whose category (``extras["category"]``: the source's label or a taxonomy id;
without one, the object's name with its digits dropped) normalizes (like the taxonomy's
matching, :func:`arena_core.util.text.normalize`) to one of :data:`UPRIGHT_HINGE_CATEGORIES`
— the taxonomy's categories ``door``, ``window`` and ``gate`` with their aliases
(``manifests/taxonomy.yaml``; a test keeps the two in step). Its *hinges* are the rotating
joints whose moving part (the child subtree at rest) spans at least ``tol.HINGE_PART`` of the
object's rest bounding-box diagonal, so handles and knobs do not count (an object without
geometry: every rotating joint).

==================================  ========  ==============================================
code                                severity  when
==================================  ========  ==============================================
``geometry.up_axis.implausible``    warning   a door, window or gate has hinges and none is
                                              within ``tol.UPRIGHT_HINGE`` rad of vertical
                                              (``+-Z``): check the manifest's ``up_axis``
==================================  ========  ==============================================

It reads only joint axes and the link hull points the geometry check already loaded, so it
costs well under a millisecond per object once the geometry is loaded.

Example:
    >>> import numpy as np
    >>> from arena_core.model.articulated import ArticulatedObject, Joint, Link
    >>> hinge = Joint("hinge", "revolute", "base", "leaf", np.eye(4), np.array([0.0, 1.0, 0.0]),
    ...               lower=0.0, upper=1.5)
    >>> door = ArticulatedObject.from_parts("door", [Link("base"), Link("leaf")], [hinge])
    >>> [i.code for i in check_upright(door, Context(door, {"category": "Door"}))]
    ['geometry.up_axis.implausible']
    >>> check_upright(door, Context(door, {"category": "Cabinet"}))
    []
"""

from __future__ import annotations

import math

import numpy as np

from arena_core.model.articulated import ROTATING_TYPES, ArticulatedObject, Joint
from arena_core.util import tolerances as tol
from arena_core.util.text import normalize, tokens
from arena_core.verify.base import Context, ensure_context, joint_loc, subtree_links
from arena_core.verify.geometry import bounds
from schemas.issues import Issue, issue

#: Normalized category keys of objects that swing about vertical hinges: the taxonomy's
#: categories ``door``, ``window`` and ``gate``, their ids and aliases (``window_horiz``,
#: ``louvre_window`` and ``jalousie_window``, whose sash or blades turn about horizontal axes,
#: are left out).
UPRIGHT_HINGE_CATEGORIES = frozenset({
    "door", "door_frame", "doorframe", "double_door", "doubledoor", "hinged_door",
    "door_with_frame",
    "window", "casement_window", "sliding_window", "sash_window",
    "gate", "fence_gate", "garden_gate", "baby_gate",
})


def check_upright(obj: ArticulatedObject, ctx: Context | None = None) -> list[Issue]:
    """``geometry.up_axis.implausible`` for a door/window/gate without a vertical hinge."""
    ctx = ensure_context(obj, ctx)
    label = upright_category(ctx.extras.get("category"), obj.name)
    if label is None:
        return []
    hinges = _hinges(obj, ctx)
    if not hinges:
        return []
    angles = [(vertical_angle(axis), joint, axis) for joint, axis, _ in hinges]
    if min(a for a, _, _ in angles) <= tol.UPRIGHT_HINGE:
        return []
    main = max(hinges, key=lambda h: h[2])[0]
    shown = ", ".join(f"{j.name!r} axis {_vec(a)} is {math.degrees(t):.0f} deg"
                      for t, j, a in angles[:3])
    main_axis = next(a for _, j, a in angles if j is main)
    return [issue("geometry.up_axis.implausible",
                  f"a {label!r} swings about vertical hinges, but no hinge is within "
                  f"{math.degrees(tol.UPRIGHT_HINGE):.0f} deg of +-Z ({shown} from vertical): "
                  f"is the source's up axis right? {_fix(main_axis)}", location=joint_loc(main),
                  data={"category": label, "vertical_angle_deg": {
                      j.name: math.degrees(t) for t, j, _ in angles}})]


def _fix(axis: np.ndarray) -> str:
    """What to set when the main hinge lies along +-Y (a Y-up source read Z-up), else where."""
    if int(np.argmax(np.abs(axis))) == 1:
        return ("Its main hinge lies along Y, as in a Y-up source read Z-up: set 'up_axis: y' "
                "in its manifest (arena validate --up-axis y).")
    return "Set the source's 'up_axis' in its manifest (arena validate --up-axis)."


def upright_category(category: object, name: str) -> str | None:
    """The label that makes the object a door/window/gate, or ``None``.

    >>> upright_category("DoorFrame", "x"), upright_category(None, "door1")
    ('DoorFrame', 'door1')
    >>> upright_category("StorageFurniture", "door") is None
    True
    """
    if isinstance(category, str) and category.strip():
        return category if normalize(category) in UPRIGHT_HINGE_CATEGORIES else None
    words = [w for w in tokens(name) if not w.isdigit()]
    return name if "_".join(words) in UPRIGHT_HINGE_CATEGORIES else None


def vertical_angle(axis: np.ndarray) -> float:
    """Angle (rad, in ``[0, pi/2]``) between the line of ``axis`` ``(3,)`` and the Z axis.

    >>> round(vertical_angle(np.array([0.0, -1.0, 0.0])), 12), vertical_angle(np.array([0, 0, -2.0]))
    (1.570796326795, 0.0)
    """
    axis = np.asarray(axis, dtype=float)
    norm = float(np.linalg.norm(axis))
    return math.acos(min(1.0, abs(float(axis[2])) / norm))


def _hinges(obj: ArticulatedObject, ctx: Context) -> list[tuple[Joint, np.ndarray, float]]:
    """``(joint, root-frame axis, moving-part diagonal)`` of the rotating joints that move a
    large part (all rotating joints when the object has no geometry)."""
    with np.errstate(invalid="ignore", over="ignore"):  # NaN axes: reported by check_joints
        axes = obj.axes()
    everything = ctx.geometry.root_points(obj)
    diag = bounds(everything)[2] if len(everything) else 0.0
    out = []
    for i, joint in enumerate(obj.joints):
        axis = axes[i]
        if (joint.type not in ROTATING_TYPES or not np.all(np.isfinite(axis))
                or np.linalg.norm(axis) <= tol.ZERO_AXIS):
            continue
        size = _part_size(obj, ctx, joint) if diag > 0 else 0.0
        if diag == 0.0 or size >= tol.HINGE_PART * diag:
            out.append((joint, axis, size))
    return out


def _part_size(obj: ArticulatedObject, ctx: Context, joint: Joint) -> float:
    part = ctx.geometry.root_points(obj, subtree_links(obj, joint.child))
    return bounds(part)[2] if len(part) else 0.0


def _vec(axis: np.ndarray) -> str:
    return "(" + ", ".join(f"{float(x) + 0.0:.3g}" for x in axis) + ")"
