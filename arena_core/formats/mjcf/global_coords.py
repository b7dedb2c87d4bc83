"""Rewrite an MJCF model written in global coordinates with local frames.

``<compiler coordinate="global">`` (removed in MuJoCo 2.3.4) gives every body, geom, site,
joint, camera, light and inertial in the world frame. :func:`to_local` walks the body tree
and re-expresses each one in its parent body's frame::

    p_local = R_parent^T (p - p_parent)        R_local = R_parent^T R
    axis_local = R_parent^T axis               fromto: both end points as positions

Orientations may be given as ``quat`` (w x y z), ``euler`` (the compiler's ``eulerseq``;
lowercase axes rotate with the frame), ``axisangle``, ``zaxis`` or ``xyaxes``; angles follow
the compiler's ``angle`` (``degree`` by default). They are written back as ``quat``.

Example:
    >>> from lxml import etree
    >>> tree = etree.fromstring('<mujoco><compiler coordinate="global" angle="radian"/>'
    ...     '<worldbody><body pos="0 0 1"><joint pos="0 0 1" axis="0 1 0"/>'
    ...     '<body pos="1 0 1"><geom type="capsule" fromto="1 0 1 2 0 1" size="0.1"/>'
    ...     '</body></body></worldbody></mujoco>')
    >>> to_local(tree)
    >>> inner = tree.find("worldbody/body/body")
    >>> inner.get("pos"), inner.find("geom").get("fromto")
    ('1 0 0', '0 0 0 1 0 0')
"""

from __future__ import annotations

import numpy as np
from lxml import etree
from scipy.spatial.transform import Rotation

from arena_core.formats.urdf.write import fmt
from schemas.errors import ArenaError

#: Elements placed in their body's frame.
FRAMED = ("geom", "site", "joint", "camera", "light", "inertial")
_ORIENTATIONS = ("quat", "euler", "axisangle", "zaxis", "xyaxes")


class GlobalFrameError(ArenaError, ValueError):
    """A global-coordinate model this rewrite cannot express (the message says why)."""


def to_local(tree: etree._Element) -> None:
    """Rewrite ``tree`` (a ``<mujoco>`` root) from global to local coordinates in place."""
    compiler = [c for c in tree.iter("compiler")]
    angle = next((c.get("angle") for c in reversed(compiler) if c.get("angle")), "degree")
    seq = next((c.get("eulerseq") for c in reversed(compiler) if c.get("eulerseq")), "xyz")
    units = np.pi / 180.0 if angle == "degree" else 1.0
    for world in tree.iter("worldbody"):
        _walk(world, np.zeros(3), np.eye(3), units, seq)
    for comp in compiler:
        comp.attrib.pop("coordinate", None)


def _walk(body: etree._Element, p: np.ndarray, rot: np.ndarray, units: float, seq: str) -> None:
    """Express the children of ``body`` (global frame ``p``, ``rot``) locally."""
    for child in body:
        if not isinstance(child.tag, str):
            continue
        if child.tag == "body":
            p_child = _vector(child, "pos", np.zeros(3))
            r_child = _rotation(child, units, seq)
            _set_frame(child, rot.T @ (p_child - p), rot.T @ r_child)
            _walk(child, p_child, r_child, units, seq)
        elif child.tag in FRAMED:
            _localize(child, p, rot, units, seq)
        elif child.tag == "frame":
            raise GlobalFrameError("a <frame> element in a global-coordinate model is not "
                                   "supported")


def _localize(el: etree._Element, p: np.ndarray, rot: np.ndarray, units: float,
              seq: str) -> None:
    if el.get("pos") is not None:
        el.set("pos", _text(rot.T @ (_vector(el, "pos") - p)))
    if el.get("axis") is not None and el.tag == "joint":
        el.set("axis", _text(rot.T @ _vector(el, "axis")))
    if el.get("fromto") is not None:
        ends = np.array(el.get("fromto").split(), float)
        if ends.size != 6:
            raise GlobalFrameError(f"<{el.tag} fromto={el.get('fromto')!r}> needs 6 numbers")
        local = [rot.T @ (ends[:3] - p), rot.T @ (ends[3:] - p)]
        el.set("fromto", _text(np.concatenate(local)))
    if el.tag != "joint" and any(el.get(k) is not None for k in _ORIENTATIONS):
        r_el = _rotation(el, units, seq)
        for key in _ORIENTATIONS:
            el.attrib.pop(key, None)
        el.set("quat", _quat_text(rot.T @ r_el))


def _set_frame(el: etree._Element, pos: np.ndarray, rot: np.ndarray) -> None:
    for key in _ORIENTATIONS:
        el.attrib.pop(key, None)
    el.set("pos", _text(pos))
    if not np.allclose(rot, np.eye(3), atol=1e-15):
        el.set("quat", _quat_text(rot))


def _vector(el: etree._Element, key: str, default: np.ndarray | None = None) -> np.ndarray:
    text = el.get(key)
    if text is None:
        return default
    values = np.array(text.split(), float)
    if values.size != 3:
        raise GlobalFrameError(f"<{el.tag} {key}={text!r}> needs 3 numbers")
    return values


def _rotation(el: etree._Element, units: float, seq: str) -> np.ndarray:
    """The global orientation of ``el`` as a 3x3 matrix (identity when none is given)."""
    if el.get("quat") is not None:
        w, x, y, z = np.array(el.get("quat").split(), float)
        return Rotation.from_quat([x, y, z, w]).as_matrix()
    if el.get("euler") is not None:
        angles = np.array(el.get("euler").split(), float) * units
        return Rotation.from_euler(seq.swapcase(), angles).as_matrix()
    if el.get("axisangle") is not None:
        values = np.array(el.get("axisangle").split(), float)
        axis = values[:3] / np.linalg.norm(values[:3])
        return Rotation.from_rotvec(axis * values[3] * units).as_matrix()
    if el.get("zaxis") is not None:
        z = _vector(el, "zaxis")
        return _from_z(z / np.linalg.norm(z))
    if el.get("xyaxes") is not None:
        values = np.array(el.get("xyaxes").split(), float)
        x = values[:3] / np.linalg.norm(values[:3])
        y = values[3:] - x * (x @ values[3:])
        y /= np.linalg.norm(y)
        return np.column_stack([x, y, np.cross(x, y)])
    return np.eye(3)


def _from_z(z: np.ndarray) -> np.ndarray:
    """The minimal rotation taking +Z to ``z`` (MuJoCo's ``zaxis`` rule)."""
    axis = np.cross([0.0, 0.0, 1.0], z)
    s, c = np.linalg.norm(axis), z[2]
    if s < 1e-15:
        return np.eye(3) if c > 0 else np.diag([1.0, -1.0, -1.0])
    return Rotation.from_rotvec(axis / s * np.arctan2(s, c)).as_matrix()


def _text(values: np.ndarray) -> str:
    return " ".join(fmt(float(v) + 0.0) for v in values)


def _quat_text(rot: np.ndarray) -> str:
    x, y, z, w = Rotation.from_matrix(rot).as_quat()
    return _text(np.array([w, x, y, z]))
