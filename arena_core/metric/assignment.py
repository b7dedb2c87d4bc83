"""The padded assignment problem behind every tree-distance bound.

Matching ``na`` joints of one side with ``nb`` of the other, where a joint may also stay
unmatched at its own cost, is a square assignment over ``na + nb`` rows and columns::

              b_1 .. b_nb        eps_1 .. eps_na
    a_1     [ cost (na, nb) |   diag(delete_a), inf elsewhere ]
    ..
    eps_1   [ diag(delete_b), |   0                           ]
    ..        inf elsewhere

Row ``a_i`` in column ``eps_i`` deletes ``a_i``; column ``b_k`` in row ``eps_k`` inserts
``b_k``; the bottom-right zeros pair the unused dummies. ``inf`` forbids a cell.

Example:
    >>> import numpy as np
    >>> mat = padded_matrix(np.array([[0.1, 5.0]]), np.array([1.0]), np.array([1.0, 2.0]))
    >>> value, pairs = solve_padded(mat, 1)
    >>> round(value, 3), pairs.tolist()
    (2.1, [[0, 0]])
"""

from __future__ import annotations

import numpy as np
from scipy.optimize import linear_sum_assignment


def padded_matrix(cost: np.ndarray, delete_a: np.ndarray, delete_b: np.ndarray) -> np.ndarray:
    """The ``(na + nb, nb + na)`` matrix of ``cost`` ``(na, nb)`` (inf = forbidden) and the
    per-joint costs of leaving a joint unmatched, ``delete_a`` ``(na,)``, ``delete_b``
    ``(nb,)``."""
    na, nb = len(delete_a), len(delete_b)
    mat = np.full((na + nb, nb + na), np.inf)
    mat[:na, :nb] = cost
    mat[np.arange(na), nb + np.arange(na)] = delete_a
    mat[na + np.arange(nb), np.arange(nb)] = delete_b
    mat[na:, nb:] = 0.0
    return mat


def solve_padded(mat: np.ndarray, na: int) -> tuple[float, np.ndarray]:
    """The optimal value of a padded matrix of ``na`` rows of joints (``(na + nb, nb + na)``,
    see :func:`padded_matrix`) and its matched pairs ``(m, 2)`` int ``(i < na, k < nb)``."""
    rows, cols = linear_sum_assignment(mat)
    nb = mat.shape[0] - na
    hit = (rows < na) & (cols < nb)
    return float(mat[rows, cols].sum()), np.stack([rows[hit], cols[hit]], axis=1)
