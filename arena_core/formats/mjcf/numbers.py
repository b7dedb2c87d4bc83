"""Numbers as the MJCF writer writes them: principal inertia, quaternions, pose attributes.

Every function computes in one fixed order of IEEE operations (no LAPACK, no BLAS), so the
written ``object.xml`` has the same bits on every CPU.
"""

from __future__ import annotations

import math

import numpy as np

from arena_core.formats.urdf.write import fmt, identity_rotation


def principal_inertia(inertia: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Principal moments ``(3,)`` and axes ``(3, 3)`` (columns, a proper rotation ``R``) of
    a symmetric ``(3, 3)`` inertia: ``inertia = R @ diag(moments) @ R.T``.

    A diagonal inertia is returned as is (``R = I``, moments in axis order). Otherwise
    cyclic Jacobi rotations (:func:`_jacobi`; ascending moments): IEEE arithmetic in one fixed
    order, so the written MJCF has the same bits on every CPU (``numpy.linalg.eigh``'s LAPACK
    kernels round differently per CPU); the first two axes are signed so that their largest
    component is positive and the third is their cross product (``det R = +1``).

    >>> m, r = principal_inertia(np.array([[2.0, 1, 0], [1, 2, 0], [0, 0, 1]]))
    >>> m.round(12).tolist(), bool(np.isclose(np.linalg.det(r), 1.0))
    ([1.0, 1.0, 3.0], True)
    """
    sym = 0.5 * (np.asarray(inertia, float) + np.asarray(inertia, float).T)
    if np.count_nonzero(sym - np.diag(np.diag(sym))) == 0:
        return np.diag(sym).copy(), np.eye(3)
    moments, axes = _jacobi(sym.tolist())
    for i in (0, 1):
        if axes[np.argmax(np.abs(axes[:, i])), i] < 0:
            axes[:, i] = -axes[:, i]
    axes[:, 2] = np.cross(axes[:, 0], axes[:, 1])
    return moments, axes


def _jacobi(a: list[list[float]]) -> tuple[np.ndarray, np.ndarray]:
    """Eigenvalues ``(3,)`` ascending and eigenvectors ``(3, 3)`` (columns) of the symmetric
    ``a``: cyclic Jacobi sweeps (Numerical Recipes' ``jacobi``), each zeroing the pairs in
    order ``(0, 1), (0, 2), (1, 2)``, until no off-diagonal entry is left (quadratic
    convergence: ~5 sweeps; at most :data:`JACOBI_SWEEPS`). O(1) work for a 3 x 3 matrix.

    >>> values, vectors = _jacobi([[2.0, 1.0, 0.0], [1.0, 2.0, 0.0], [0.0, 0.0, 1.0]])
    >>> values.round(15).tolist()
    [1.0, 1.0, 3.0]
    """
    v = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]
    for _ in range(JACOBI_SWEEPS):
        if a[0][1] == 0.0 and a[0][2] == 0.0 and a[1][2] == 0.0:
            break
        for p, q in ((0, 1), (0, 2), (1, 2)):
            _jacobi_rotate(a, v, p, q)
    order = sorted(range(3), key=lambda i: a[i][i])
    values = np.array([a[i][i] for i in order])
    return values, np.array([[v[r][i] for i in order] for r in range(3)])


def _jacobi_rotate(a: list[list[float]], v: list[list[float]], p: int, q: int) -> None:
    """Zero ``a[p][q]`` by one Jacobi rotation of ``a`` (in place), accumulated into ``v``."""
    apq = a[p][q]
    if apq == 0.0:
        return
    if abs(apq) <= _EPS * abs(a[p][p]) and abs(apq) <= _EPS * abs(a[q][q]):
        a[p][q] = a[q][p] = 0.0  # below the diagonal's rounding: done
        return
    theta = (a[q][q] - a[p][p]) / (2.0 * apq)
    t = 1.0 / (abs(theta) + math.sqrt(theta * theta + 1.0)) if abs(theta) < 1e150 \
        else 0.5 / abs(theta)
    t = -t if theta < 0 else t
    c = 1.0 / math.sqrt(t * t + 1.0)
    s = t * c
    a[p][p] -= t * apq
    a[q][q] += t * apq
    a[p][q] = a[q][p] = 0.0
    r = 3 - p - q  # the third index
    arp, arq = a[r][p], a[r][q]
    a[r][p] = a[p][r] = c * arp - s * arq
    a[r][q] = a[q][r] = s * arp + c * arq
    for row in v:
        vp, vq = row[p], row[q]
        row[p], row[q] = c * vp - s * vq, s * vp + c * vq


#: Jacobi sweeps of :func:`principal_inertia` at most (a 3 x 3 matrix converges in ~5).
JACOBI_SWEEPS = 50
_EPS = 2.0 ** -53


def quat_from_matrix(rot: np.ndarray) -> np.ndarray:
    """Unit quaternion ``(w, x, y, z)`` of a ``(3, 3)`` rotation (Shepperd's method), ``w >= 0``.

    >>> quat_from_matrix(np.diag([1.0, -1.0, -1.0])).tolist()
    [0.0, 1.0, 0.0, 0.0]
    """
    r = np.asarray(rot, float)
    trace = r[0, 0] + r[1, 1] + r[2, 2]
    if trace > 0:
        s = 2.0 * math.sqrt(1.0 + trace)
        q = [0.25 * s, (r[2, 1] - r[1, 2]) / s, (r[0, 2] - r[2, 0]) / s, (r[1, 0] - r[0, 1]) / s]
    else:
        i = int(np.argmax(np.diag(r)))
        j, k = (i + 1) % 3, (i + 2) % 3
        s = 2.0 * math.sqrt(max(1.0 + r[i, i] - r[j, j] - r[k, k], 0.0))
        q = [0.0] * 4
        q[0] = (r[k, j] - r[j, k]) / s
        q[1 + i], q[1 + j], q[1 + k] = 0.25 * s, (r[j, i] + r[i, j]) / s, (r[k, i] + r[i, k]) / s
    out = np.asarray(q) / math.hypot(*q)  # not BLAS: the same bits on every CPU
    return -out if out[0] < 0 else out + 0.0


def rotation_attrs(rot: np.ndarray) -> dict[str, str]:
    rot = np.asarray(rot, float)[:3, :3]
    identity = rot.shape == (3, 3) and identity_rotation(rot.tolist())  # np.array_equal
    return {} if identity else {"quat": vec_text(quat_from_matrix(rot))}


def pose_attrs(pose: np.ndarray) -> dict[str, str]:
    pose = np.asarray(pose, float)
    shift = pose[:3, 3].tolist()
    attrs = {"pos": vec_text(shift)} if any(v != 0 for v in shift) else {}
    return {**attrs, **rotation_attrs(pose)}


def vec_text(values) -> str:
    return " ".join(map(fmt, np.asarray(values, dtype=float).reshape(-1).tolist()))
