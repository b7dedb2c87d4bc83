"""MuJoCo frames as ``(4, 4)`` homogeneous matrices: a body's or geom's ``pos``/``quat``
(:func:`pose`), a quaternion's rotation (:func:`quat_matrix`), a pure shift
(:func:`translation`).

>>> pose([1.0, 2, 3], [1.0, 0, 0, 0])[:3, 3].tolist()
[1.0, 2.0, 3.0]
"""

from __future__ import annotations

import numpy as np


def pose(pos: np.ndarray, quat: np.ndarray) -> np.ndarray:
    """``(4, 4)`` pose from a position ``(3,)`` and a MuJoCo quaternion ``(w, x, y, z)``."""
    out = np.eye(4)
    out[:3, :3] = quat_matrix(quat)
    out[:3, 3] = np.asarray(pos, dtype=float)
    return out


def quat_matrix(quat: np.ndarray) -> np.ndarray:
    """``(3, 3)`` rotation of a quaternion ``(w, x, y, z)`` (normalized first)."""
    w, x, y, z = np.asarray(quat, dtype=float) / np.linalg.norm(quat)
    return np.array([
        [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
        [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
        [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)],
    ])


def translation(vec: np.ndarray) -> np.ndarray:
    """``(4, 4)`` pure translation by ``vec`` ``(3,)``."""
    out = np.eye(4)
    out[:3, 3] = np.asarray(vec, dtype=float)
    return out
