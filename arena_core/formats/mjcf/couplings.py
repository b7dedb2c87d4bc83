"""MuJoCo equality constraints that URDF cannot express, kept as data.

An active linear equality between two hinge/slide joints becomes a URDF ``<mimic>``
(:mod:`arena_core.formats.mjcf.convert`). Every other equality (``connect``, ``weld``,
``tendon``, ``distance``, ``flex``, a polynomial or one-joint ``joint`` coupling, an
inactive one) is recorded as one JSON object::

    {"name": str | None, "type": "connect" | "weld" | "joint" | "tendon" | ...,
     "active": bool, "objtype": "body" | "site" | "joint" | "tendon" | "flex" | ...,
     "obj1": str | None, "obj2": str | None,      # MuJoCo names (None: absent / world)
     "urdf": [[...], [...]],                      # URDF links (bodies, sites' and geoms'
                                                  # bodies) or joints of obj1, obj2
     "data": [float, ...]}                        # MuJoCo's eq_data row (anchors, relpose,
                                                  # polycoef, torquescale, ...)

so a later stage (or a person) can see which closed loops and couplings the URDF lacks.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import mujoco
import numpy as np

_O, _E = mujoco.mjtObj, mujoco.mjtEq
#: The object type of each equality type (connect and weld name theirs: body or site).
_OBJTYPE = {int(_E.mjEQ_JOINT): _O.mjOBJ_JOINT, int(_E.mjEQ_TENDON): _O.mjOBJ_TENDON,
            int(_E.mjEQ_DISTANCE): _O.mjOBJ_GEOM, int(_E.mjEQ_FLEX): _O.mjOBJ_FLEX,
            int(_E.mjEQ_FLEXVERT): _O.mjOBJ_FLEX, int(_E.mjEQ_FLEXSTRAIN): _O.mjOBJ_FLEX}


def coupling_record(model: mujoco.MjModel, e: int, *, body_link: Callable[[int], str],
                    joint_map: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """The record of equality ``e`` (see the module docstring).

    ``body_link(b)`` is the URDF link of body ``b``; ``joint_map`` the conversion's map.
    """
    eq_type = int(model.eq_type[e])
    objtype = _OBJTYPE.get(eq_type) or _O(int(model.eq_objtype[e]))
    ids = (int(model.eq_obj1id[e]), int(model.eq_obj2id[e]))
    names = [_name(model, objtype, i) for i in ids]
    return {"name": model.eq(e).name or None,
            "type": _E(eq_type).name.removeprefix("mjEQ_").lower(),
            "active": bool(model.eq_active0[e]), "objtype": _kind(objtype),
            "obj1": names[0], "obj2": names[1],
            "urdf": [_urdf(model, objtype, i, n, body_link, joint_map)
                     for i, n in zip(ids, names, strict=True)],
            "data": (np.asarray(model.eq_data[e], dtype=float) + 0.0).tolist()}


def _kind(objtype: mujoco.mjtObj) -> str:
    return objtype.name.removeprefix("mjOBJ_").lower()


def _name(model: mujoco.MjModel, objtype: mujoco.mjtObj, i: int) -> str | None:
    """MuJoCo's name of object ``i`` (``<type>_<i>`` when unnamed, ``None`` for -1)."""
    if i < 0:
        return None
    return mujoco.mj_id2name(model, objtype, i) or f"{_kind(objtype)}_{i}"


def _urdf(model: mujoco.MjModel, objtype: mujoco.mjtObj, i: int, name: str | None,
          body_link: Callable[[int], str], joint_map: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """URDF link or joint names of object ``i`` (``[]`` when it has none)."""
    if i < 0:
        return []
    if objtype in (_O.mjOBJ_BODY, _O.mjOBJ_XBODY):
        return [body_link(i)]
    if objtype == _O.mjOBJ_SITE:
        return [body_link(int(model.site_bodyid[i]))]
    if objtype == _O.mjOBJ_GEOM:
        return [body_link(int(model.geom_bodyid[i]))]
    entry = joint_map.get(name or "", {}) if objtype == _O.mjOBJ_JOINT else {}
    return list(entry.get("urdf_joints") or [entry["urdf_joint"]]) if entry else []
